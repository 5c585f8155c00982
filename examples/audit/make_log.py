"""Write examples/audit/access.log.gz: three days of example.com's access log,
in the Combined Log Format, for `robots audit` (README: "Which crawlers obey").

What is in it, by construction:
- browsers, about half of the lines;
- Googlebot from Google's published ranges (verified once ranges are checked):
  fetches robots.txt each morning first, keeps 20 s apart, stays out of /admin/;
- "Googlebot" from an address that is not Google's (spoofed): requests /admin/;
- bingbot from Microsoft's ranges: polite, now and then;
- GPTBot from OpenAI's ranges: crawls /blog/ every 90 s; robots.txt turns it
  away from 2026-11-27 12:00 on (robots.txt). It fetches the new file only
  the next morning: its requests until then are stale cache (allowed by the
  old file, within the 24-hour cache window), its requests after the window
  are violations;
- ClaudeBot (its operator publishes no ranges: unverifiable): one visit a day
  that fetches robots.txt first; after the change it stops;
- Bytespider (unverifiable): never fetches robots.txt, requests every 1-3 s
  for 20 minutes a day, although robots.txt disallows everything to it;
- an unknown scraper, and two malformed lines.

Deterministic (seeded): `python3 examples/audit/make_log.py` rewrites the same bytes.
"""

import gzip
import pathlib
import random
from datetime import datetime, timezone

HERE = pathlib.Path(__file__).resolve().parent
# 2026-11-26T00:00:00Z, and the change of robots.txt 36 hours later.
START = int(datetime(2026, 11, 26, tzinfo=timezone.utc).timestamp())
CHANGE = START + 36 * 3600
END = START + 3 * 86400

GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
BINGBOT = "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"
GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"
CLAUDEBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)"
BYTESPIDER = "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)"
SCRAPER = "ExampleScraper/3.2 (+https://scraper.example/about)"
BROWSERS = [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15",
    "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
]
PAGES = ["/", "/blog/", "/blog/robots-and-you", "/blog/crawl-budgets", "/products/", "/products/kettle", "/about", "/contact"]

rng = random.Random(48)
lines: list[tuple[int, str]] = []


def hit(t: int, client: str, path: str, ua: str, status: int = 200) -> None:
    stamp = datetime.fromtimestamp(t, timezone.utc).strftime("%d/%b/%Y:%H:%M:%S +0000")
    size = 0 if status == 304 else rng.randint(800, 40_000)
    lines.append((t, f'{client} - - [{stamp}] "GET {path} HTTP/1.1" {status} {size} "-" "{ua}"'))


# Browsers: about 600 a day, from a few hundred addresses.
for _ in range(1800):
    t = START + rng.randrange(END - START)
    path = rng.choice(PAGES + ["/cart", "/search?q=kettle", "/static/site.css"])
    hit(t, f"198.51.100.{rng.randrange(1, 255)}", path, rng.choice(BROWSERS))

for day in range(3):
    morning = START + day * 86400 + 6 * 3600
    # Googlebot (66.249.66.0/27 is Google's): robots.txt, then 20 s apart.
    hit(morning, "66.249.66.1", "/robots.txt", GOOGLEBOT)
    for i in range(60):
        hit(morning + 20 * (i + 1), "66.249.66.1", rng.choice(PAGES), GOOGLEBOT, rng.choice([200, 200, 304]))
    # bingbot (157.55.39.0/24 is Microsoft's).
    hit(morning + 3 * 3600, "157.55.39.10", "/robots.txt", BINGBOT)
    for i in range(15):
        hit(morning + 3 * 3600 + 60 * (i + 1), "157.55.39.10", rng.choice(PAGES), BINGBOT)
    # The spoofed "Googlebot": not Google's address, straight into /admin/.
    for i in range(12):
        hit(START + day * 86400 + 22 * 3600 + 4 * i, "203.0.113.66", rng.choice(["/admin/", "/admin/login", "/wp-login.php"]), GOOGLEBOT, 403)
    # ClaudeBot: robots.txt first, then a few pages 12 s apart, while allowed.
    visit = START + day * 86400 + 9 * 3600
    hit(visit, "203.0.113.200", "/robots.txt", CLAUDEBOT)
    if visit < CHANGE:
        for i in range(20):
            hit(visit + 12 * (i + 1), "203.0.113.200", rng.choice(PAGES), CLAUDEBOT)
    # Bytespider: no robots.txt, every 1-3 s for 20 minutes.
    t = START + day * 86400 + 14 * 3600
    while t < START + day * 86400 + 14 * 3600 + 1200:
        hit(t, "192.0.2.77", rng.choice(PAGES + ["/search?q=x", "/products/kettle?ref=1"]), BYTESPIDER)
        t += rng.choice([1, 1, 2, 3])

# GPTBot (132.196.86.0/24 is OpenAI's): /blog/ every 90 s from 08:00 to 20:00
# each day; robots.txt each day at 07:00 on the first two days. On the third
# it fetches it at 09:00 and stops: until then it held the old file.
for day in range(3):
    base = START + day * 86400
    fetch = base + (9 if day == 2 else 7) * 3600
    hit(fetch, "132.196.86.20", "/robots.txt", GPTBOT)
    t = base + 8 * 3600
    stop = fetch if day == 2 else base + 20 * 3600
    while t < stop:
        hit(t, "132.196.86.20", rng.choice(["/blog/", "/blog/robots-and-you", "/blog/crawl-budgets"]), GPTBOT)
        t += 90
    if day == 2:
        # Past the 24-hour window, after fetching the new file: violations.
        for i in range(5):
            hit(base + 13 * 3600 + 30 * i, "132.196.86.20", "/blog/crawl-budgets", GPTBOT)

# An unknown scraper, now and then, into the search pages.
for i in range(40):
    hit(START + rng.randrange(END - START), "192.0.2.150", rng.choice(["/search?q=a", "/products/", "/cart"]), SCRAPER)

lines.sort(key=lambda line: line[0])
text = [line for _, line in lines]
# What servers write too: a TLS handshake sent to the HTTP port, and an empty request.
text.insert(len(text) // 3, '192.0.2.9 - - [27/Nov/2026:03:12:44 +0000] "\\x16\\x03\\x01\\x02\\x00\\x01" 400 150 "-" "-"')
text.insert(2 * len(text) // 3, '192.0.2.9 - - [28/Nov/2026:01:02:03 +0000] "-" 408 0 "-" "-"')
data = ("\n".join(text) + "\n").encode()
with open(HERE / "access.log.gz", "wb") as out:
    with gzip.GzipFile(filename="access.log", mode="wb", fileobj=out, mtime=0) as gz:
        gz.write(data)
print(f"examples/audit/access.log.gz: {len(text)} lines")
