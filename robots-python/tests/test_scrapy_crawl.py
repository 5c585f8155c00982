"""A real Scrapy crawl obeys robots.txt through ``robots_engine.scrapy.RobotParser``.

The test serves a small site on 127.0.0.1 (a port the OS picks), runs a
spider with ``ROBOTSTXT_OBEY = True`` and our parser, and reads the server's
access log: every allowed page was requested, no disallowed page ever was.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from robots_engine import Policy

ROBOTS = b"""User-agent: *
Disallow: /

# Crawl-delay does not end the group: both names share the rules below.
User-agent: TestCrawler
Crawl-delay: 0
User-agent: OtherCrawler
Disallow: /private/
Allow: /private/press/
Disallow: /*.pdf$
"""

ALLOWED = ["/", "/public/a", "/public/b", "/private/press/release", "/files/doc.pdf?download=1"]
DISALLOWED = ["/private/secret", "/private/x/y", "/files/doc.pdf"]


def _page(links: list[str]) -> bytes:
    anchors = "".join(f'<a href="{link}">{link}</a>\n' for link in links)
    return f"<html><body>{anchors}</body></html>".encode()


class Site(BaseHTTPRequestHandler):
    log: list[str] = []

    def do_GET(self):
        Site.log.append(self.path)
        if self.path == "/robots.txt":
            body, kind = ROBOTS, "text/plain"
        elif self.path == "/":
            body, kind = _page(ALLOWED[1:] + DISALLOWED), "text/html"
        elif self.path == "/public/a":
            body, kind = _page(["/public/b", "/private/x/y"]), "text/html"
        else:
            body, kind = _page([]), "text/html"
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):  # the access log is Site.log
        pass


def test_the_plan_is_what_the_engine_says():
    policy = Policy(ROBOTS, profile="google")
    assert all(policy.is_allowed("TestCrawler", url) for url in ALLOWED)
    assert not any(policy.is_allowed("TestCrawler", url) for url in DISALLOWED)


def test_scrapy_crawl_obeys_robots_txt():
    Site.log = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), Site)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        start = f"http://127.0.0.1:{server.server_address[1]}/"
        job = Path(__file__).with_name("scrapy_crawl_job.py")
        run = subprocess.run(
            [sys.executable, str(job), start, "TestCrawler"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert run.returncode == 0, run.stderr
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
    requested = set(Site.log)
    assert Site.log[0] == "/robots.txt"
    assert set(ALLOWED) <= requested, f"allowed pages not fetched: {set(ALLOWED) - requested}"
    assert not requested & set(DISALLOWED), f"disallowed pages fetched: {requested & set(DISALLOWED)}"
    assert requested <= set(ALLOWED) | {"/robots.txt"}
