"""A Scrapy ``ROBOTSTXT_PARSER`` backend answered by the engine.

In a Scrapy project's settings::

    ROBOTSTXT_OBEY = True
    ROBOTSTXT_PARSER = "robots_engine.scrapy.RobotParser"
    # optional; "google" by default
    ROBOTSTXT_PROFILE = "google"

The robots.txt body is parsed as bytes, so a body that is not UTF-8 loses
nothing. Scrapy hands the parser its user agent (``ROBOTSTXT_USER_AGENT`` or
the ``User-Agent`` header); ``robots_engine.crawler_token`` finds the crawler's
token in it, and a URL with non-ASCII characters is percent-encoded as Scrapy does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scrapy.robotstxt import RobotParser as _RobotParserBase
from w3lib.url import safe_url_string

from robots_engine._agents import crawler_matcher
from robots_engine._native import Policy

if TYPE_CHECKING:
    from scrapy.crawler import Crawler

__all__ = ["RobotParser"]


class RobotParser(_RobotParserBase):
    """Scrapy's robots.txt parser interface over :class:`robots_engine.Policy`."""

    def __init__(self, robotstxt_body: bytes, spider: Any = None, *, profile: str = "google") -> None:
        self.spider = spider
        self.policy = Policy(robotstxt_body, profile)

    @classmethod
    def from_crawler(cls, crawler: Crawler, robotstxt_body: bytes) -> RobotParser:
        """Build the parser for ``crawler`` (which may be ``None``) from the body."""
        spider = None if crawler is None else getattr(crawler, "spider", None)
        profile = "google"
        if crawler is not None and getattr(crawler, "settings", None) is not None:
            profile = crawler.settings.get("ROBOTSTXT_PROFILE", "google")
        return cls(robotstxt_body, spider, profile=profile)

    def allowed(self, url: str | bytes, user_agent: str | bytes) -> bool:
        """Whether ``user_agent`` may fetch ``url``.

        A URL with non-ASCII characters is percent-encoded first, as Scrapy's
        ``Request`` encodes every URL it is given (w3lib's ``safe_url_string``).
        """
        if not _is_ascii(url):
            url = safe_url_string(url)
        return crawler_matcher(self.policy, user_agent).is_allowed(url)

    def crawl_delay(self, user_agent: str | bytes) -> float | None:
        """The crawl delay in seconds for ``user_agent``, or ``None``."""
        return crawler_matcher(self.policy, user_agent).crawl_delay()


def _is_ascii(url: str | bytes) -> bool:
    return url.isascii()
