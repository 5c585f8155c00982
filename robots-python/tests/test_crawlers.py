"""Crawlers as they are: exact blocking (``Policy.classify``), the access-log
audit (``robots_engine.audit``) and the known-crawler report
(``robots_engine.report``), the last two held to the Rust CLI's own output."""

from __future__ import annotations

import gzip
import json
import subprocess
from pathlib import Path

import pytest

from robots_engine import Policy, audit, lint, report
from robots_engine._native import AuditOptions

REPO = Path(__file__).resolve().parents[2]
AI_RECORDS = REPO / "testdata" / "report" / "ai-records.txt"
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
        b"License: https://example.com/license.xml\nLicense: license.xml\n"
    )
    policy = Policy(body)
    assert policy.content_signals("bot") == {"search": True, "ai-input": None, "ai-train": False}
    assert policy.content_usage("bot", "/blog") == {"train-ai": False, "search": None}
    assert policy.content_usage("bot", "https://example.com/open/x") == {"train-ai": True, "search": None}
    assert policy.llm_policies == ["https://example.com/llm.json"]
    # RSL's License: the valid URL only (the relative one is an `invalid-license` finding).
    assert policy.licenses == ["https://example.com/license.xml"]
    assert [f.code for f in lint(body) if f.code == "invalid-license"] == ["invalid-license"]
    assert Policy(b"User-agent: *\nDisallow:\n").content_signals("bot") is None
    # The records change no verdict.
    assert policy.is_allowed("bot", "/anything")


def line(second: int, target: str, agent: str, status: int = 200) -> str:
    # Googlebot's and GPTBot's lines come from addresses in their operators'
    # published ranges (the bundled snapshot), everyone else's from one no
    # operator publishes.
    client = "192.178.4.1" if "Googlebot" in agent else "132.196.86.5" if "GPTBot" in agent else "198.51.100.7"
    return f'{client} - - [28/Nov/2026:10:00:{second:02d} +0000] "GET {target} HTTP/1.1" {status} 10 "-" "{agent}"\n'


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


def unnamed(report: dict) -> dict:
    """An audit report without the robots.txt files' names: the CLI names a
    robots.txt by its path (or ``<stdin>``), the binding, given its bytes,
    ``robots.txt``."""
    report = json.loads(json.dumps(report))
    for version in report.pop("robots_versions"):
        assert set(version) == {"host", "file", "since"}
    for crawler in report["crawlers"]:
        for example in crawler["examples"]["violations"] + crawler["examples"]["stale_cache"]:
            example["version"].pop("file")
            example.get("allowed_by", {}).pop("file", None)
    return report


def test_audit_finds_who_disobeys(tmp_path):
    log = tmp_path / "access.log.gz"
    write_log(log)
    report = audit(ROBOTS, [str(log)])
    assert report["malformed"] == 1 and report["browser_requests"] == 1
    by_token = {c["token"]: c for c in report["crawlers"]}
    assert by_token["GPTBot"]["violations"] == 1
    assert by_token["Googlebot"]["violations"] == 1
    assert by_token["Googlebot"]["verification"] == "verified"
    assert report["verification"]["snapshot"] and report["verification"]["ranges"]
    assert by_token["Googlebot"]["examples"]["violations"][0]["rule_line"] == 5
    assert by_token["Googlebot"]["robots_first_hosts"] == 1
    assert by_token["Googlebot"]["pace"]["shorter_than_asked"] == 1
    assert report["summary"].startswith("2 of 2 crawlers requested disallowed URLs")


def test_audit_rows_make_a_dataframe(tmp_path):
    import pandas as pd

    from robots_engine import AUDIT_ROW_FIELDS, audit_rows

    log = tmp_path / "access.log.gz"
    write_log(log)
    report = audit(ROBOTS, [str(log)])
    frame = pd.DataFrame(audit_rows(report))
    assert tuple(frame.columns) == AUDIT_ROW_FIELDS
    assert len(frame) == len(report["crawlers"]) == 2
    google = frame.set_index(["token", "verification"]).loc[("Googlebot", "verified")]
    assert (google.requests, google.violations, google.robots_fetches) == (1, 1, 1)
    assert google.shorter_than_asked == 1 and google.asked_delay_s == 5.0
    assert int(frame.violations.sum()) == sum(c["violations"] for c in report["crawlers"])


def test_audit_matches_the_cli(robots_cli, tmp_path):
    log = tmp_path / "access.log.gz"
    write_log(log)
    robots = tmp_path / "robots.txt"
    robots.write_bytes(ROBOTS)
    out = subprocess.run(
        [str(robots_cli), "audit", str(robots), str(log), "--format", "json"],
        check=True,
        capture_output=True,
    )
    cli, ours = json.loads(out.stdout), audit(robots, [str(log)])
    assert cli["robots_versions"] == [{"host": None, "file": str(robots), "since": None}]
    assert ours["robots_versions"] == [{"host": None, "file": "robots.txt", "since": None}]
    assert unnamed(cli) == unnamed(ours)


def test_audit_rejects_what_it_cannot_use(tmp_path):
    with pytest.raises(ValueError):
        audit(None, [])
    with pytest.raises(TypeError):
        audit(42, [])
    with pytest.raises(OSError):
        audit(ROBOTS, [str(tmp_path / "missing.log")])
    with pytest.raises(ValueError):
        audit(ROBOTS, [], log_format="xml")


def test_audit_json_fields_read_the_log_as_json_lines(robots_cli, tmp_path):
    log = tmp_path / "access.jsonl"
    log.write_text(
        json.dumps({"client": "GPTBot/1.1", "path": "/private/x", "time": "2026-11-28T10:00:00Z"}) + "\n"
    )
    # As `robots audit --json-field`: naming a field reads JSON lines even with log_format="auto".
    found = audit(ROBOTS, [str(log)], json_fields={"user_agent": "client"})
    assert [(c["token"], c["violations"]) for c in found["crawlers"]] == [("GPTBot", 1)]
    cli = subprocess.run(
        [str(robots_cli), "audit", "-", str(log), "--json-field", "user_agent=client", "--format", "json"],
        input=ROBOTS,
        check=True,
        capture_output=True,
    )
    cli_report = json.loads(cli.stdout)
    assert unnamed(cli_report)["crawlers"] == unnamed(found)["crawlers"]


def test_audit_reads_w3c_logs_as_the_cli_does(robots_cli, tmp_path):
    log = tmp_path / "u_ex261128.log"
    log.write_text(
        "#Software: Microsoft Internet Information Services 10.0\n"
        "#Fields: date time cs-uri-stem cs-uri-query c-ip cs(User-Agent) sc-status\n"
        "2026-11-28 10:00:00 /private/x - 203.0.113.5 Mozilla/5.0+AppleWebKit/537.36+(KHTML,+like+Gecko;+compatible;+GPTBot/1.1) 200\n"
        "2026-11-28 10:00:01 /too few\n"
    )
    found = audit(ROBOTS, [str(log)], log_format="w3c")
    assert [(c["token"], c["violations"]) for c in found["crawlers"]] == [("GPTBot", 1)]
    assert (found["lines"], found["directives"], found["malformed"]) == (4, 2, 1)
    # "auto" finds the format from the #Fields: line.
    assert unnamed(audit(ROBOTS, [str(log)])) == unnamed(found)
    cli = subprocess.run(
        [str(robots_cli), "audit", "-", str(log), "--log-format", "w3c", "--format", "json"],
        input=ROBOTS,
        check=True,
        capture_output=True,
    )
    assert unnamed(json.loads(cli.stdout))["crawlers"] == unnamed(found)["crawlers"]


def test_audit_options_are_checked_once_when_made():
    with pytest.raises(ValueError, match="profile"):
        AuditOptions(ROBOTS, profile="nonsense")
    with pytest.raises(ValueError, match="log_format"):
        AuditOptions(ROBOTS, log_format="xml")
    with pytest.raises(ValueError, match="colour"):
        AuditOptions(ROBOTS, json_fields={"colour": "x"})
    with pytest.raises(TypeError):
        AuditOptions(ROBOTS, "rfc9309", None, "auto", None, False, "extra")
    with pytest.raises(ValueError, match="length of time"):
        AuditOptions(ROBOTS, cache_window="soon")


def test_report_gives_each_crawler_the_ai_records_of_its_groups():
    found = report(AI_RECORDS)
    crawlers = {c["token"]: c for c in found["crawlers"]}
    assert found["llm_policies"] == ["https://example.com/llm-policy.json"]
    assert found["licenses"] == ["https://example.com/license.xml"]
    assert crawlers["GPTBot"]["ai_records"]["licenses"] == ["https://example.com/license.xml"]
    star = crawlers["CCBot"]["ai_records"]
    assert star["content_signal"] == {"line": 3, "search": True, "ai-input": True, "ai-train": False}
    assert star["content_usage"] == [
        {"line": 4, "path": None, "train-ai": False, "search": True},
        {"line": 5, "path": "/open/", "train-ai": True, "search": None},
    ]
    gpt = crawlers["GPTBot"]["ai_records"]
    assert gpt["content_signal"] == {"line": 10, "search": None, "ai-input": False, "ai-train": False}
    assert gpt["content_usage"] == []
    assert crawlers["Googlebot-Image"]["ai_records"]["content_signal"] is None
    assert crawlers["bingbot"]["ai_records"]["content_usage"][0]["path"] == "/docs/"
    # The records are those the Policy API gives each crawler.
    policy = Policy(AI_RECORDS.read_bytes())
    assert policy.content_signals("CCBot") == {k: v for k, v in star["content_signal"].items() if k != "line"}
    assert policy.content_usage("CCBot", "/open/x") == {"train-ai": True, "search": None}


def test_report_matches_the_cli(robots_cli):
    out = subprocess.run(
        [str(robots_cli), "report", str(AI_RECORDS), "--format", "json"],
        check=True,
        capture_output=True,
    )
    assert json.loads(out.stdout) == report(AI_RECORDS)
    # Text and bytes give the same report, without a file name.
    from_text = report(AI_RECORDS.read_text())
    assert "file" not in from_text
    assert from_text["crawlers"] == report(AI_RECORDS.read_bytes())["crawlers"]
    # Paths added to the sample count in the sample.
    more = report(AI_RECORDS.read_bytes(), paths=["/extra/a", b"/extra/b"])
    assert more["sample_paths"] == from_text["sample_paths"] + 2
    with pytest.raises(ValueError, match="profile"):
        report(b"", profile="nonsense")


def test_audit_reports_of_parts_merge_into_the_whole():
    """The Spark job's merge, without Spark: the reports of three parts of a log
    add up to the report of the whole, count for count; only the intervals
    across the two part boundaries are not measured."""
    from robots_engine._native import audit_lines_json
    from robots_engine.audit_job import merge

    agents = [
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)",
        "ExampleBot/1.0 (+https://example.com/bot)",
        "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0",
    ]
    lines = []
    for i in range(3000):
        path = "/robots.txt" if i % 97 == 0 else ("/private/x" if i % 7 == 0 else f"/page/{i}")
        client = f"192.0.2.{i % 5}" if i % 11 else "proxy.example"
        stamp = f"28/Nov/2026:{10 + i // 3600:02d}:{(i // 60) % 60:02d}:{i % 60:02d} +0000"
        lines.append(f'{client} - - [{stamp}] "GET {path} HTTP/1.1" 200 5 "-" "{agents[i % len(agents)]}"'.encode())
    options = AuditOptions(ROBOTS)
    whole = json.loads(audit_lines_json(options, lines))
    merged = merge([json.loads(audit_lines_json(options, lines[i : i + 1000])) for i in (0, 1000, 2000)])
    assert list(merged) == list(whole)
    for key in whole:
        if key not in ("crawlers", "malformed_examples"):
            assert merged[key] == whole[key], key
    assert whole["no_client_address"] > 0 and whole["crawlers"]
    by_key = lambda report: {(c["token"], c["verification"]): c for c in report["crawlers"]}
    for key, w in by_key(whole).items():
        m = by_key(merged)[key]
        assert list(m) == list(w)
        for field in w:
            if field not in ("examples", "pace", "robots_fetch_intervals"):
                assert m[field] == w[field], (key, field)
        lost = w["pace"]["intervals"] - m["pace"]["intervals"]
        assert 0 <= lost <= 2 * w["hosts"], key
        assert m["pace"]["asked_intervals"] + lost >= w["pace"]["asked_intervals"]
        assert sum(n for _, n in m["pace"]["histogram"]) == m["pace"]["intervals"]
        assert m["robots_fetch_intervals"]["count"] <= w["robots_fetch_intervals"]["count"]


def test_audit_timelines_of_parts_merge_into_the_whole_across_a_coarser_step():
    """Three parts of a log over 45 days each fit in hours; the whole does not
    (more than 31 days of hours), so the merge re-buckets by day, as one audit
    of the whole does."""
    from datetime import datetime, timedelta, timezone

    from robots_engine._native import audit_lines_json
    from robots_engine.audit_job import merge

    agents = [
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)",
        "ExampleBot/1.0 (+https://example.com/bot)",
    ]
    t0 = datetime(2026, 10, 1, tzinfo=timezone.utc)
    lines = []
    for i in range(1500):
        stamp = (t0 + timedelta(minutes=43 * i)).strftime("%d/%b/%Y:%H:%M:%S +0000")
        path = "/private/x" if i % 3 == 0 else f"/page/{i}"
        lines.append(f'192.0.2.1 - - [{stamp}] "GET {path} HTTP/1.1" 200 5 "-" "{agents[i % 2]}"'.encode())
    options = AuditOptions(ROBOTS)
    whole = json.loads(audit_lines_json(options, lines))
    parts = [json.loads(audit_lines_json(options, lines[i : i + 500])) for i in (0, 500, 1000)]
    assert [p["timeline_step_s"] for p in parts] == [3600] * 3
    assert whole["timeline_step_s"] == 86400
    merged = merge(parts)
    assert merged["timeline_step_s"] == whole["timeline_step_s"]
    by_key = lambda report: {(c["token"], c["verification"]): c["timeline"] for c in report["crawlers"]}
    assert by_key(merged) == by_key(whole)
    gpt = by_key(whole)[("GPTBot", "spoofed")]  # 192.0.2.1 is not in OpenAI's ranges
    assert sum(b[1] for b in gpt) == 750 and sum(b[3] for b in gpt) == 750
