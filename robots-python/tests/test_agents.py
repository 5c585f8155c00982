"""The User-Agent header functions from Python, and the drop-ins reading headers."""

from __future__ import annotations

import pytest

from robots_engine import Policy, crawler_token, family_chain, known_crawler, looks_like_header
from robots_engine.protego import Protego
from robots_engine.robotparser import RobotFileParser
from robots_engine.scrapy import RobotParser

ROBOTS = "User-agent: MyBot\nDisallow: /mine\n\nUser-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /all\n"
HEADER = "Mozilla/5.0 (compatible; MyBot/1.0; +https://example.com/bot)"


@pytest.mark.parametrize(
    ("header", "token"),
    [
        ("MyBot", "MyBot"),
        ("Bot9/1.0", "Bot9"),
        (HEADER, "MyBot"),
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)", "GPTBot"),
        ("Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)", "Slurp"),
        ("Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0", None),
        ("", None),
    ],
)
def test_crawler_token(header, token):
    assert crawler_token(header) == token
    assert crawler_token(header.encode()) == (token.encode() if token else None)


def test_known_crawlers_chains_and_headers():
    assert known_crawler("Googlebot-Image/1.0") == "Googlebot-Image"
    assert known_crawler(HEADER) is None
    assert family_chain("Googlebot-News") == ["Googlebot-News", "Googlebot"]
    assert family_chain("hedwig-news", dash_prefixes=True) == ["hedwig-news", "hedwig"]
    assert family_chain(b"hedwig-news") == [b"hedwig-news"]
    assert looks_like_header("ExampleBot/1.0 (+https://example.com/bot)")
    assert not looks_like_header("ExampleBot")
    with pytest.raises(TypeError):
        crawler_token(3)


def test_policy_matcher_chain():
    policy = Policy(ROBOTS, "google")
    assert not policy.matcher_chain(["Googlebot-News", "Googlebot"]).is_allowed("/g/x")
    assert policy.matcher_chain(["Googlebot-News"]).is_allowed("/g/x")
    assert not policy.matcher_chain(["Googlebot-News"]).is_allowed("/all")


def test_policy_reads_a_crawler_as_the_report_does():
    policy = Policy(ROBOTS, "google")
    # A registry crawler falls back to its documented tokens, then `*`.
    assert policy.obeyed_token("Googlebot-Image") == "Googlebot"
    assert policy.obeyed_token(b"GPTBot") == b"GPTBot"
    assert policy.access_of("Googlebot-Image") == {
        "kind": "partial",
        "allowed_path": "/",
        "allowed_line": None,
        "disallowed_path": "/g",
        "disallowed_line": 5,
        "reason": None,
    }
    assert policy.access_of("GPTBot")["disallowed_path"] == "/all"
    # A crawler documented to ignore `*` obeys no group where none names it.
    assert policy.obeyed_token("AdsBot-Google") is None
    assert policy.access_of("AdsBot-Google")["kind"] == "allowed"
    assert policy.obeyed_token("Mediapartners-Google") is None
    named = Policy("User-agent: AdsBot-Google\nDisallow: /\n\nUser-agent: *\nDisallow: /all\n", "google")
    assert named.obeyed_token("AdsBot-Google") == "AdsBot-Google"
    assert named.access_of("AdsBot-Google")["kind"] == "blocked"


@pytest.mark.parametrize("profile", ["google", "rfc9309"])
def test_the_drop_ins_find_the_token_in_a_whole_header(profile):
    protego = Protego.parse(ROBOTS, profile=profile)
    assert not protego.can_fetch("https://example.com/mine", HEADER)
    assert protego.can_fetch("https://example.com/all", HEADER)
    assert not protego.can_fetch("https://example.com/g/1", "Googlebot-News")
    parser = RobotFileParser(profile=profile)
    parser.parse(ROBOTS.splitlines())
    assert not parser.can_fetch(HEADER, "https://example.com/mine")
    assert parser.can_fetch(HEADER, "https://example.com/all")
    scrapy = RobotParser(ROBOTS.encode(), profile=profile)
    assert not scrapy.allowed("https://example.com/mine", HEADER)
    # Before, the first token (`Mozilla`) was matched: the `*` group.
    assert scrapy.allowed("https://example.com/all", HEADER)


def test_scrapy_percent_encodes_non_ascii_urls():
    scrapy = RobotParser("User-agent: *\nDisallow: /wiki/Käyttäjä:\n".encode(), profile="google")
    assert not scrapy.allowed("https://site.local/wiki/Käyttäjä:x", "*")
    assert not scrapy.allowed("https://site.local/wiki/K%C3%A4ytt%C3%A4j%C3%A4:x", "*")
    assert scrapy.allowed("https://site.local/wiki/Other", "*")
