"""A drop-in for `protego <https://pypi.org/project/Protego/>`_'s ``Protego``.

Change ``from protego import Protego`` to ``from robots_engine.protego import
Protego`` and keep the rest of the code. Answers follow the engine's
``google`` profile (Google's parser, which protego aims to follow) unless
``Protego.parse(content, profile=...)`` chooses another.

>>> from robots_engine.protego import Protego
>>> rp = Protego.parse("User-agent: *\\nDisallow: /private\\nCrawl-delay: 2\\n")
>>> rp.can_fetch("https://example.com/private/x", "mybot")
False
>>> rp.crawl_delay("mybot")
2.0
"""

from __future__ import annotations

from datetime import time
from typing import Iterator, NamedTuple

from robots_engine._agents import crawler_matcher
from robots_engine._native import Matcher, Policy

__all__ = ["Protego", "RequestRate", "VisitTime"]


class RequestRate(NamedTuple):
    """As protego's: ``requests`` per ``seconds``, optionally within a daily window."""

    requests: int
    seconds: int
    start_time: time | None
    end_time: time | None


class VisitTime(NamedTuple):
    """As protego's: the daily window (UTC) in which to visit."""

    start_time: time
    end_time: time


def _clock(minutes: int) -> time:
    return time(minutes // 60, minutes % 60)


class Protego:
    """A parsed robots.txt with protego's API, answered by the engine."""

    def __init__(self, policy: Policy | None = None) -> None:
        self._policy = policy if policy is not None else Policy(b"", "google")

    @classmethod
    def parse(cls, content: str, *, profile: str = "google") -> Protego:
        """Parse robots.txt ``content`` (a str, as protego takes)."""
        if not isinstance(content, str):
            raise TypeError(f"Protego.parse expects str, got {type(content).__name__}")
        return cls(Policy(content, profile))

    @property
    def policy(self) -> Policy:
        """The engine's policy behind this object."""
        return self._policy

    def _matcher(self, user_agent: str) -> Matcher:
        # As protego, a token inside a whole header names the crawler, and a
        # group for `googlebot` applies to `googlebot-news` when none names it.
        return crawler_matcher(self._policy, user_agent)

    def can_fetch(self, url: str, user_agent: str) -> bool:
        """Whether ``user_agent`` (a name or a whole User-Agent header) may fetch ``url``."""
        return self._matcher(user_agent).is_allowed(url)

    def crawl_delay(self, user_agent: str) -> float | None:
        """The crawl delay in seconds for ``user_agent``, or ``None``."""
        return self._matcher(user_agent).crawl_delay()

    def request_rate(self, user_agent: str) -> RequestRate | None:
        """``RequestRate(requests, seconds, start_time, end_time)``, or ``None``."""
        rate = self._matcher(user_agent).request_rate()
        if rate is None:
            return None
        start = end = None
        if rate.window is not None:
            start, end = (_clock(m) for m in rate.window)
        return RequestRate(rate.requests, round(rate.seconds), start, end)

    def visit_time(self, user_agent: str) -> VisitTime | None:
        """``VisitTime(start_time, end_time)``, or ``None``."""
        window = self._matcher(user_agent).visit_time()
        if window is None:
            return None
        return VisitTime(_clock(window[0]), _clock(window[1]))

    @property
    def sitemaps(self) -> Iterator[str]:
        """The sitemap URLs, in file order."""
        return iter(self._policy.sitemaps)

    @property
    def preferred_host(self) -> str | None:
        """The ``Host`` record, or ``None``."""
        return self._policy.host
