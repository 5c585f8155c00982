"""A Scrapy crawl of a loopback site with ROBOTSTXT_OBEY and our parser.

Run by test_scrapy_crawl.py in its own process (Twisted's reactor runs once
per process): ``python scrapy_crawl_job.py START_URL USER_AGENT``. The spider
follows every link it sees; robots.txt decides which it may fetch.
"""

from __future__ import annotations

import sys

import scrapy
from scrapy.crawler import CrawlerProcess


class FollowEverything(scrapy.Spider):
    name = "follow_everything"

    def __init__(self, start_url: str, **kwargs):
        super().__init__(**kwargs)
        self.start_urls = [start_url]

    def parse(self, response):
        for href in response.css("a::attr(href)").getall():
            yield response.follow(href, callback=self.parse)


def main() -> None:
    start_url, user_agent = sys.argv[1], sys.argv[2]
    process = CrawlerProcess(
        settings={
            "ROBOTSTXT_OBEY": True,
            "ROBOTSTXT_PARSER": "robots_engine.scrapy.RobotParser",
            "USER_AGENT": f"{user_agent}/1.0 (+http://127.0.0.1/bot)",
            "TELNETCONSOLE_ENABLED": False,
            "LOG_LEVEL": "WARNING",
            "DOWNLOAD_DELAY": 0,
            "RETRY_ENABLED": False,
            "CLOSESPIDER_TIMEOUT": 60,
        }
    )
    process.crawl(FollowEverything, start_url=start_url)
    process.start()


if __name__ == "__main__":
    main()
