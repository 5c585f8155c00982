"""Write a Combined Log Format access log of N lines for `benches/audit/run.sh`.

A mix a busy site sees: browsers, search engines, AI crawlers, an unknown bot,
some requests to disallowed paths, and a few malformed lines. Deterministic
(seeded), so every run times the same bytes.
"""

import random
import sys

AGENTS = [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
    "ExampleScraper/3.2 (+https://scraper.example/about)",
    "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
]
PATHS = ["/", "/blog/post-{}", "/search?q={}", "/private/report-{}.pdf", "/admin/users/{}", "/static/app-{}.js", "/robots.txt"]


def main() -> None:
    lines = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    rng = random.Random(9309)
    out = sys.stdout
    for i in range(lines):
        if i % 10_000 == 9_999:
            out.write("malformed line without a request\n")
            continue
        second = i // 20
        stamp = f"28/Nov/2026:{(second // 3600) % 24:02d}:{(second // 60) % 60:02d}:{second % 60:02d} +0000"
        path = rng.choice(PATHS).format(rng.randrange(100_000))
        agent = rng.choice(AGENTS)
        status = 200 if rng.random() < 0.9 else 404
        out.write(f'203.0.113.{i % 250} - - [{stamp}] "GET {path} HTTP/1.1" {status} {rng.randrange(100, 90_000)} "-" "{agent}"\n')


if __name__ == "__main__":
    main()
