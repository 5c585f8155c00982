"""Crawlers as they are: exact blocking (``Policy.classify``) and the access-log
audit (``robots_engine.audit``), the latter held to the Rust CLI's own output."""

from __future__ import annotations

import gzip
import json
import subprocess
from pathlib import Path

import pytest

from robots_engine import Policy, audit

REPO = Path(__file__).resolve().parents[2]
ROBOTS = b"User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\nAllow: /private/press/\nCrawl-delay: 5\n"


def test_classify_answers_blocked_partial_and_allowed():
    policy = Policy(ROBOTS, profile="google")
    gpt = policy.classify("GPTBot")
    assert gpt.kind == "blocked"
    assert gpt.rules == [(2, "disallow", "/")]
    other = policy.classify("Googlebot")
    assert other.kind == "partial"
    assert other.disallowed_path == "/private/"
    assert other.disallowed_line == 5
    assert policy.is_allowed("Googlebot", other.allowed_path)
    assert Policy(b"User-agent: *\nDisallow:\n").classify("any").kind == "allowed"
    assert policy.matcher("GPTBot").classify().kind == "blocked"


def test_ai_era_records():
    body = (
        b"User-agent: *\nContent-Signal: search=yes, ai-train=no\nContent-Usage: train-ai=n\n"
        b"Content-Usage: /open/ train-ai=y\nAllow: /\n\nLLM-Policy: https://example.com/llm.json\n"
    )
    policy = Policy(body)
    assert policy.content_signals("bot") == {"search": True, "ai-input": None, "ai-train": False}
    assert policy.content_usage("bot", "/blog") == {"train-ai": False, "search": None}
    assert policy.content_usage("bot", "https://example.com/open/x") == {"train-ai": True, "search": None}
    assert policy.llm_policies == ["https://example.com/llm.json"]
    assert Policy(b"User-agent: *\nDisallow:\n").content_signals("bot") is None
    # The records change no verdict.
    assert policy.is_allowed("bot", "/anything")


def line(second: int, target: str, agent: str, status: int = 200) -> str:
    return f'198.51.100.7 - - [28/Nov/2026:10:00:{second:02d} +0000] "GET {target} HTTP/1.1" {status} 10 "-" "{agent}"\n'


def write_log(path: Path) -> None:
    text = "".join(
        [
            line(0, "/robots.txt", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"),
            line(1, "/private/a", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"),
            line(2, "/blog", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)"),
            line(3, "/private/b", "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0"),
            "not a log line\n",
        ]
    )
    path.write_bytes(gzip.compress(text.encode()))


def test_audit_finds_who_disobeys(tmp_path):
    log = tmp_path / "access.log.gz"
    write_log(log)
    report = audit(ROBOTS, [str(log)])
    assert report["malformed"] == 1 and report["browser_requests"] == 1
    by_token = {c["token"]: c for c in report["crawlers"]}
    assert by_token["GPTBot"]["disallowed"] == 1
    assert by_token["Googlebot"]["disallowed"] == 1
    assert by_token["Googlebot"]["violations"][0]["rule_line"] == 5
    assert by_token["Googlebot"]["robots_first_hosts"] == 1
    assert by_token["Googlebot"]["delay_breaks"] == 1
    assert report["summary"].startswith("2 of 2 crawlers requested disallowed URLs")


def robots_cli() -> Path:
    for profile in ("release", "debug"):
        binary = REPO / "target" / profile / "robots"
        if binary.exists():
            return binary
    subprocess.run(["cargo", "build", "--quiet", "-p", "robots-cli"], cwd=REPO, check=True)
    return REPO / "target" / "debug" / "robots"


def test_audit_matches_the_cli(tmp_path):
    log = tmp_path / "access.log.gz"
    write_log(log)
    robots = tmp_path / "robots.txt"
    robots.write_bytes(ROBOTS)
    out = subprocess.run(
        [str(robots_cli()), "audit", str(robots), str(log), "--format", "json"],
        check=True,
        capture_output=True,
    )
    assert json.loads(out.stdout) == audit(robots, [str(log)])


def test_audit_rejects_what_it_cannot_use(tmp_path):
    with pytest.raises(ValueError):
        audit(None, [])
    with pytest.raises(TypeError):
        audit(42, [])
    with pytest.raises(OSError):
        audit(ROBOTS, [str(tmp_path / "missing.log")])
    with pytest.raises(ValueError):
        audit(ROBOTS, [], log_format="xml")
