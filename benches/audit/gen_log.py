"""Write an access log of N lines for `benches/audit/run.sh`.

Apache's `vhost_combined` format (the Combined Log Format after `host:port`),
as a busy multi-site server writes it:

- four hosts; three have a robots.txt in `benches/audit/sites/` (the fourth is
  counted, not checked, as `robots audit` does for a host it has no file of);
- browsers for about half the requests (a dozen real headers);
- every header form of every crawler in `robots-registry/crawlers.toml`, each
  `*` filled with a version, a few big crawlers sending most requests (Zipf
  weights by registry order, so Googlebot and bingbot lead), plus unknown bots
  and HTTP libraries;
- crawlers fetch `/robots.txt` now and then; paths mix allowed and disallowed
  ones, queries and static files; statuses mostly 200;
- about 100 requests a second, in time order;
- one line in 5,000 malformed, of the kinds servers really write (a TLS
  handshake sent to the HTTP port, an empty request, a cut line, garbage).

Deterministic (seeded), so every run times the same bytes.

    python3 benches/audit/gen_log.py LINES > access.log
"""

import pathlib
import random
import sys
import tomllib
from datetime import datetime, timezone

# 2026-11-28T10:00:00Z.
START = 1_795_860_000
ROOT = pathlib.Path(__file__).resolve().parents[2]

BROWSERS = [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.39 Mobile Safari/537.36",
    "Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0",
    "-",
]

UNKNOWN_BOTS = [
    "ExampleScraper/3.2 (+https://scraper.example/about)",
    "python-requests/2.32.3",
    "curl/8.5.0",
    "Go-http-client/1.1",
    "Mozilla/5.0 (compatible; SiteAuditBot/0.9; +https://audit.example/bot)",
    "Java/17.0.9",
    "node-fetch/1.0 (+https://github.com/bitinn/node-fetch)",
    "Scrapy/2.11.2 (+https://scrapy.org)",
]

# host:port as logged; the robots.txt of each is benches/audit/sites/HOST.txt
# (none for cdn.example).
HOSTS = ["www.shop.example:443", "blog.example:443", "docs.example:443", "cdn.example:80"]
HOST_WEIGHTS = [5, 3, 2, 1]

PATHS = [
    "/",
    "/products/{}",
    "/products/{}?ref=home&utm_source=news",
    "/category/shoes?page={}",
    "/search?q=item{}",
    "/cart/add?id={}",
    "/checkout/step-{}",
    "/account/orders/{}",
    "/blog/2026/11/post-{}",
    "/blog/tag/t{}",
    "/docs/v2/guide/page-{}.html",
    "/api/v1/items/{}",
    "/static/js/app.{}.js",
    "/static/img/photo-{}.webp",
    "/private/report-{}.pdf",
    "/admin/users/{}",
    "/wp-login.php",
    "/feed.xml",
    "/sitemap.xml",
]
STATUSES = [200] * 80 + [304] * 8 + [404] * 6 + [301] * 3 + [503] * 1 + [403] * 2

MALFORMED = [
    '{ip} - - [{stamp}] "\\x16\\x03\\x01\\x00\\xa5\\x01\\x00\\x00\\xa1\\x03\\x03" 400 157 "-" "-"',
    '{ip} - - [{stamp}] "-" 408 0 "-" "-"',
    '{ip} - - [{stamp}] "GET /products/1',
    "\x00\x00garbage written by a crashed logger",
]


def fill(pattern: str, rng: random.Random) -> str:
    """A header form with each `*` replaced by a version-like run."""
    parts = pattern.split("*")
    out = [parts[0]]
    for part in parts[1:]:
        out.append(f"{rng.randrange(1, 20)}.{rng.randrange(0, 10)}")
        out.append(part)
    return "".join(out)


def crawler_headers(rng: random.Random) -> list[str]:
    registry = tomllib.loads((ROOT / "robots-registry" / "crawlers.toml").read_text())
    headers = []
    for crawler in registry["crawler"]:
        for form in crawler.get("headers", []):
            headers.append(fill(form, rng))
    return headers


def main() -> None:
    lines = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    rng = random.Random(9309)
    crawlers = crawler_headers(rng)
    crawler_weights = [1.0 / (rank + 1) for rank in range(len(crawlers))]
    browser_weights = [1.0 / (rank + 1) for rank in range(len(BROWSERS))]
    out = sys.stdout
    stamp_second, stamp = None, ""
    ips = [f"{rng.choice([66, 40, 52, 157, 203])}.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(1, 255)}" for _ in range(2000)]
    for i in range(lines):
        second = START + i // 100
        if second != stamp_second:
            stamp_second = second
            stamp = datetime.fromtimestamp(second, timezone.utc).strftime("%d/%b/%Y:%H:%M:%S +0000")
        ip = rng.choice(ips)
        if i % 5_000 == 4_999:
            out.write(rng.choice(MALFORMED).format(ip=ip, stamp=stamp) + "\n")
            continue
        kind = rng.random()
        if kind < 0.5:
            agent = rng.choices(BROWSERS, browser_weights)[0]
            path = rng.choice(PATHS).format(rng.randrange(100_000))
        else:
            if kind < 0.95:
                agent = rng.choices(crawlers, crawler_weights)[0]
            else:
                agent = rng.choice(UNKNOWN_BOTS)
            path = "/robots.txt" if rng.random() < 0.02 else rng.choice(PATHS).format(rng.randrange(100_000))
        host = rng.choices(HOSTS, HOST_WEIGHTS)[0]
        status = rng.choice(STATUSES)
        size = rng.randrange(100, 90_000) if status != 304 else 0
        referer = "-" if rng.random() < 0.7 else f"https://{host.split(':')[0]}/"
        out.write(f'{host} {ip} - - [{stamp}] "GET {path} HTTP/1.1" {status} {size} "{referer}" "{agent}"\n')


if __name__ == "__main__":
    main()
