"""A drop-in for :class:`urllib.robotparser.RobotFileParser`.

Change ``from urllib.robotparser import RobotFileParser`` to ``from
robots_engine.robotparser import RobotFileParser``. By default the answers
follow the engine's ``google`` profile (longest match, wildcards, Google's
agent matching); ``RobotFileParser(url, profile="draft1996")`` reads files as
urllib itself does (first matching line in file order, agents by substring),
and is the mode CPython's own ``test.test_robotparser`` passes in.

>>> from robots_engine.robotparser import RobotFileParser
>>> rp = RobotFileParser()
>>> rp.parse(["User-agent: *", "Disallow: /private", "Allow: /private/press"])
>>> rp.can_fetch("mybot", "https://example.com/private/press/1")
True
"""

from __future__ import annotations

import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Iterable
from urllib.robotparser import RequestRate

from robots_engine._agents import crawler_matcher
from robots_engine._native import Matcher, Policy

__all__ = ["RobotFileParser", "RequestRate"]


class RobotFileParser:
    """urllib.robotparser's API over the engine.

    ``profile`` picks the semantics: ``"google"`` (the default), ``"rfc9309"``,
    ``"draft1996"`` (urllib's own reading) or ``"original1994"``.
    """

    def __init__(self, url: str = "", *, profile: str = "google") -> None:
        self.profile = profile
        self.disallow_all = False
        self.allow_all = False
        self.last_checked = 0.0
        self._policy = Policy(b"", profile)
        self.set_url(url)

    @property
    def policy(self) -> Policy:
        """The engine's policy behind this parser."""
        return self._policy

    def mtime(self) -> float:
        """The time the robots.txt was last fetched or parsed (0 if never)."""
        return self.last_checked

    def modified(self) -> None:
        """Set the time the robots.txt was last fetched to now."""
        self.last_checked = time.time()

    def set_url(self, url: str) -> None:
        """Set the URL of the robots.txt."""
        self.url = url
        self.host, self.path = urllib.parse.urlparse(url)[1:3]

    def read(self) -> None:
        """Fetch the robots.txt URL and parse it.

        As urllib does: 401 and 403 disallow everything, any other 4xx allows
        everything. The body is parsed as bytes, so it need not be UTF-8.
        """
        try:
            response = urllib.request.urlopen(self.url)
        except urllib.error.HTTPError as err:
            if err.code in (401, 403):
                self.disallow_all = True
            elif 400 <= err.code < 500:
                self.allow_all = True
        else:
            with response:
                self._load(response.read())

    def parse(self, lines: Iterable[str | bytes]) -> None:
        """Parse robots.txt lines (an iterable of str, as ``splitlines()`` gives)."""
        # Lines may keep their line ends (``readlines()``): one line each all the same.
        chunks = [
            (line.encode("utf-8") if isinstance(line, str) else bytes(line)).rstrip(b"\r\n")
            for line in lines
        ]
        self._load(b"\n".join(chunks))

    def _load(self, body: bytes) -> None:
        self._policy = Policy(body, self.profile)
        self.modified()

    def _matcher(self, useragent: str) -> Matcher:
        # As urllib, whose name test is a substring one, a group for `foobot`
        # applies to `foobot-news` when none names it (legacy profiles: whole).
        return crawler_matcher(self._policy, useragent)

    def can_fetch(self, useragent: str, url: str) -> bool:
        """Whether ``useragent`` may fetch ``url``.

        As urllib does, everything is disallowed until the file was read or
        parsed.
        """
        if self.disallow_all:
            return False
        if self.allow_all:
            return True
        if not self.last_checked:
            return False
        return self._matcher(useragent).is_allowed(url)

    def crawl_delay(self, useragent: str) -> int | float | None:
        """The ``Crawl-delay`` for ``useragent`` in seconds, or ``None``."""
        if not self.mtime():
            return None
        delay = self._matcher(useragent).crawl_delay()
        if delay is not None and delay.is_integer():
            return int(delay)
        return delay

    def request_rate(self, useragent: str) -> RequestRate | None:
        """``RequestRate(requests, seconds)`` for ``useragent``, or ``None``."""
        if not self.mtime():
            return None
        rate = self._matcher(useragent).request_rate()
        if rate is None:
            return None
        seconds = int(rate.seconds) if rate.seconds.is_integer() else rate.seconds
        return RequestRate(rate.requests, seconds)

    def site_maps(self) -> list[str] | None:
        """The ``Sitemap`` URLs, or ``None`` when there are none."""
        return self._policy.sitemaps or None

    def __str__(self) -> str:
        """The groups in urllib's format: named groups, then the first ``*`` group."""
        named = []
        default = None
        for group in self._policy.groups():
            if "*" in group["agents"]:
                if default is None:
                    default = group
            elif group["agents"]:
                named.append(group)
        if default is not None:
            named.append(default)
        return "\n\n".join(_render(group) for group in named)


def _render(group: dict) -> str:
    out = [f"User-agent: {agent}" for agent in group["agents"]]
    delay = rate = None
    for _, directive, value in group["records"]:
        value = value.strip()
        if directive == "crawl-delay" and value.isdigit():
            delay = int(value)
        elif directive == "request-rate":
            parts = value.split("/")
            if len(parts) == 2 and parts[0].strip().isdigit() and parts[1].strip().isdigit():
                rate = (int(parts[0]), int(parts[1]))
    if delay is not None:
        out.append(f"Crawl-delay: {delay}")
    if rate is not None:
        out.append(f"Request-rate: {rate[0]}/{rate[1]}")
    for _, directive, pattern in group["rules"]:
        allow = directive == "allow" or pattern == ""
        path = urllib.parse.quote(urllib.parse.urlunparse(urllib.parse.urlparse(pattern)))
        out.append(("Allow" if allow else "Disallow") + ": " + path)
    return "\n".join(out)
