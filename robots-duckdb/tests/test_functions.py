"""Each SQL function on small inputs, checked against the engine's Python
binding and the CLI; and bad input: NULLs, empty, binary and 10 MB bodies,
agents that are not UTF-8, unknown profiles."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from robots_engine import Policy, crawler_token, lint, report

ROBOTS = (
    b"User-agent: *\n"
    b"Disallow: /private/\n"
    b"Allow: /private/open\n"
    b"Content-Usage: train-ai=n\n"
    b"Content-Usage: /blog/ train-ai=y, search=y\n"
    b"Crawl-delay: 5\n"
    b"\n"
    b"User-agent: GPTBot\n"
    b"Disallow: /\n"
    b"\n"
    b"Sitemap: https://example.com/sitemap.xml\n"
    b"LLM-Policy: https://example.com/llm.json\n"
    b"License: https://example.com/license.xml\n"
    b"License: /license.xml\n"
)


def one(con, sql, *params):
    return con.execute(sql, list(params)).fetchone()[0]


def test_allowed_and_the_default_profile(con):
    assert one(con, "SELECT robots_allowed(?, 'ExampleBot', '/private/x')", ROBOTS) is False
    assert one(con, "SELECT robots_allowed(?, 'ExampleBot', 'https://example.com/private/open/a')", ROBOTS) is True
    assert one(con, "SELECT robots_allowed(?, 'GPTBot', '/blog/')", ROBOTS) is False
    # google by default: `Disallow: /x` with a `$`-free index.htm alias, or
    # here the simpler tell: Google reads `disalow` as Disallow, rfc9309 does not.
    typo = b"User-agent: *\ndisalow: /x\n"
    assert one(con, "SELECT robots_allowed(?, 'bot', '/x')", typo) is False
    assert one(con, "SELECT robots_allowed(?, 'bot', '/x', 'google')", typo) is False
    assert one(con, "SELECT robots_allowed(?, 'bot', '/x', 'rfc9309')", typo) is True
    # The same bytes as VARCHAR and as BLOB.
    text = ROBOTS.decode()
    assert one(con, "SELECT robots_allowed(?::VARCHAR, 'ExampleBot', '/private/x'::BLOB)", text) is False


def test_profile_per_row_and_unknown_profiles(con):
    rows = con.execute(
        "SELECT p, robots_allowed(?, 'bot', '/x', p) FROM (VALUES ('google'), ('rfc9309'), (NULL)) t(p) ORDER BY p NULLS LAST",
        [b"User-agent: *\ndisalow: /x\n"],
    ).fetchall()
    assert rows == [("google", False), ("rfc9309", True), (None, None)]
    with pytest.raises(Exception, match="unknown robots.txt profile.*rfc9309"):
        con.execute("SELECT robots_allowed('', 'bot', '/', 'bing')").fetchall()


def test_explain_names_the_deciding_line_and_rule(con):
    e = con.execute("SELECT robots_explain(?, 'ExampleBot', '/private/x?q=1')", [ROBOTS]).fetchone()[0]
    assert e == {
        "allowed": False,
        "reason": "rule",
        "line": 2,
        "directive": "disallow",
        "pattern": "/private/",
        "rule": "Disallow: /private/",
        "path": "/private/x?q=1",
        "selection": "any",
        "tie_break": "only-candidate",
    }
    expected = Policy(ROBOTS, "google").explain("ExampleBot", "/private/open")
    got = con.execute("SELECT robots_explain(?, 'ExampleBot', '/private/open')", [ROBOTS]).fetchone()[0]
    assert (got["allowed"], got["line"], got["tie_break"]) == (True, expected.verdict.line, expected.tie_break)
    none = con.execute("SELECT robots_explain(?, 'ExampleBot', '/public')", [ROBOTS]).fetchone()[0]
    assert none["reason"] == "no-matching-rule" and none["line"] is None and none["rule"] is None


def test_access_gives_the_class_and_its_witnesses(con):
    rows = dict(
        con.execute(
            "SELECT agent, robots_access(?, agent) FROM (VALUES ('GPTBot'), ('ExampleBot')) t(agent)", [ROBOTS]
        ).fetchall()
    )
    assert rows["GPTBot"]["kind"] == "blocked"
    partial = rows["ExampleBot"]
    c = Policy(ROBOTS, "google").classify("ExampleBot")
    assert partial == {
        "kind": "partial",
        "allowed_path": c.allowed_path,
        "allowed_line": c.allowed_line,
        "disallowed_path": c.disallowed_path,
        "disallowed_line": c.disallowed_line,
        "reason": None,
    }
    assert partial["disallowed_line"] == 2
    assert one(con, "SELECT robots_access('', 'bot').kind") == "allowed"


def test_agents_follow_the_registry_chains_as_robots_report_does(con, robots_cli, tmp_path):
    """A crawler with no group of its own follows the group of the fallback
    the registry documents (Googlebot-Image -> Googlebot), as `robots check`
    and `robots report` do; one documented to ignore `*` (AdsBot-Google)
    may fetch everything when no group names it, as the report says."""
    body = b"User-agent: Googlebot\nDisallow: /g/\n\nUser-agent: *\nDisallow: /\n"
    assert one(con, "SELECT robots_allowed(?, 'Googlebot-Image', '/x')", body) is True
    assert one(con, "SELECT robots_allowed(?, 'Googlebot-Image', '/g/x')", body) is False
    assert one(con, "SELECT robots_allowed(?, 'ExampleBot', '/x')", body) is False
    assert one(con, "SELECT robots_allowed(?, 'AdsBot-Google', '/g/x')", body) is True
    usage = b"User-agent: *\nContent-Usage: train-ai=n\nDisallow: /p\n"
    assert one(con, "SELECT robots_content_usage(?, 'AdsBot-Google', '/x')", usage) is None
    explain = one(con, "SELECT robots_explain(?, 'AdsBot-Google', '/g/x')", body)
    assert (explain["allowed"], explain["selection"], explain["line"]) == (True, "ignores-wildcard", None)
    explain = one(con, "SELECT robots_explain(?, 'Googlebot-Image', '/g/x')", body)
    assert (explain["allowed"], explain["line"]) == (False, 2)
    path = tmp_path / "robots.txt"
    path.write_bytes(body)
    report = json.loads(
        subprocess.run([str(robots_cli), "report", str(path), "--format", "json"], capture_output=True, check=True).stdout
    )
    by_token = {c["token"]: c for c in report["crawlers"]}
    for token, applies in [("Googlebot-Image", "fallback"), ("AdsBot-Google", "ignores-wildcard"), ("GPTBot", "wildcard")]:
        assert by_token[token]["group"]["applies"] == applies
        assert one(con, "SELECT robots_access(?, ?).kind", body, token) == by_token[token]["access"]["kind"], token
    assert one(con, "SELECT robots_access(?, 'Googlebot-Image')", body)["disallowed_path"] == "/g/"
    assert one(con, "SELECT robots_access(?, 'AdsBot-Google').kind", body) == "allowed"


def test_token_reads_user_agent_headers(con):
    headers = [
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)",
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "ExampleBot/1.0 (+https://example.com/bot)",
        "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0",
    ]
    got = [r[0] for r in con.execute("SELECT robots_token(h) FROM unnest(?) t(h)", [headers]).fetchall()]
    assert got == [crawler_token(h) for h in headers]
    assert got[:3] == ["GPTBot", "Googlebot", "ExampleBot"] and got[3] is None


def test_records_include_the_ai_era_and_rsl_records(con):
    records = one(con, "SELECT robots_records(?)", ROBOTS)
    by_directive = {}
    for r in records:
        by_directive.setdefault(r["directive"], []).append(r)
    assert [r["line"] for r in records] == sorted(r["line"] for r in records)
    assert by_directive["user-agent"][0] == {"line": 1, "directive": "user-agent", "value": "*", "group": 0, "valid": True}
    assert by_directive["crawl-delay"] == [{"line": 6, "directive": "crawl-delay", "value": "5", "group": 0, "valid": True}]
    assert [r["group"] for r in by_directive["content-usage"]] == [0, 0]
    assert by_directive["disallow"][-1]["group"] == 1
    assert by_directive["sitemap"][0]["group"] is None
    assert by_directive["llm-policy"][0]["value"] == "https://example.com/llm.json"
    # RSL 1.0's License: file-wide, typed (a relative URL is invalid), linted.
    assert [(r["value"], r["group"], r["valid"]) for r in by_directive["license"]] == [
        ("https://example.com/license.xml", None, True),
        ("/license.xml", None, False),
    ]
    assert Policy(ROBOTS).licenses == ["https://example.com/license.xml"]


def test_content_usage_applies_to_crawlable_urls_only(con, robots_cli, tmp_path):
    file = tmp_path / "robots.txt"
    file.write_bytes(ROBOTS)
    urls = ["/blog/post", "/other", "/private/x", "/private/open"]
    got = [
        r[0]
        for r in con.execute("SELECT robots_content_usage(?, 'ExampleBot', u) FROM unnest(?) WITH ORDINALITY t(u, i) ORDER BY i", [ROBOTS, urls]).fetchall()
    ]
    assert got == [{"train_ai": True, "search": True}, {"train_ai": False, "search": None}, None, {"train_ai": False, "search": None}]
    # `robots check --format json` gives the same member.
    out = subprocess.run(
        [str(robots_cli), "check", str(file), "--agent", "ExampleBot", "--profile", "google", "--format", "json", *urls],
        capture_output=True,
        check=True,
        text=True,
    ).stdout
    cli = [json.loads(line)["content_usage"] for line in out.splitlines()]
    renamed = [None if c is None else {"train_ai": c["train-ai"], "search": c["search"]} for c in cli]
    assert renamed == got


def test_lint_lists_the_findings(con):
    findings = one(con, "SELECT robots_lint(?)", ROBOTS)
    expected = lint(ROBOTS, "google")
    assert [(f["code"], f["line"], f["column"], f["severity"]) for f in findings] == [
        (f.code, f.line, f.column, f.severity) for f in expected
    ]
    assert ("invalid-license", 14) in [(f["code"], f["line"]) for f in findings]
    assert one(con, "SELECT robots_lint(?, 'rfc9309')", b"User-agent: *\ndisalow: /x\n")[0]["code"]


def test_report_gives_one_row_per_registry_crawler(con):
    rows = one(con, "SELECT robots_report(?)", ROBOTS)
    expected = report(ROBOTS, profile="google")["crawlers"]
    assert [r["token"] for r in rows] == [c["token"] for c in expected]
    gpt = next(r for r in rows if r["token"] == "GPTBot")
    assert (gpt["applies"], gpt["access"], gpt["root_allowed"]) == ("own", "blocked", False)


def test_nulls_give_nulls(con):
    for sql in [
        "SELECT robots_allowed(NULL::VARCHAR, 'bot', '/')",
        "SELECT robots_allowed('', NULL::VARCHAR, '/')",
        "SELECT robots_allowed('', 'bot', NULL::VARCHAR)",
        "SELECT robots_allowed('', 'bot', '/', NULL::VARCHAR)",
        "SELECT robots_explain(NULL::BLOB, 'bot', '/')",
        "SELECT robots_access('', NULL::VARCHAR)",
        "SELECT robots_token(NULL::VARCHAR)",
        "SELECT robots_records(NULL::VARCHAR)",
        "SELECT robots_content_usage('', 'bot', NULL::VARCHAR)",
        "SELECT robots_lint(NULL::BLOB)",
        "SELECT robots_report(NULL::VARCHAR)",
    ]:
        assert one(con, sql) is None, sql
    # NULLs among values in one vector: only those rows.
    rows = con.execute(
        "SELECT robots_allowed(b, 'GPTBot', u) FROM (VALUES (?, '/x'), (NULL, '/x'), (?, NULL), (?, '/y')) t(b, u)",
        [ROBOTS, ROBOTS, ROBOTS],
    ).fetchall()
    assert [r[0] for r in rows] == [False, None, None, False]


def test_empty_bodies_allow_everything(con):
    assert one(con, "SELECT robots_allowed('', 'bot', '/anything')") is True
    assert one(con, "SELECT robots_access(''::BLOB, 'bot').kind") == "allowed"
    assert one(con, "SELECT robots_records('')") == []
    assert [f["code"] for f in one(con, "SELECT robots_lint('')")] == [f.code for f in lint(b"", "google")]
    rows = one(con, "SELECT robots_report('')")
    assert rows and all(r["access"] == "allowed" for r in rows)


BINARY = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03User-agent: *\nDisallow: /\n"


def test_binary_bodies_get_no_verdict(con):
    """A body that is binary data (a gzip here: a crawler that stored the
    compressed bytes) is no robots.txt: NULL verdicts, NULL class and report,
    and the lint says so. Not 'allow everything', which would count a site
    that blocks everything as open."""
    assert one(con, "SELECT robots_allowed(?, 'bot', '/')", BINARY) is None
    assert one(con, "SELECT robots_explain(?, 'bot', '/')", BINARY) is None
    assert one(con, "SELECT robots_access(?, 'bot')", BINARY) is None
    assert one(con, "SELECT robots_content_usage(?, 'bot', '/')", BINARY) is None
    assert one(con, "SELECT robots_report(?)", BINARY) is None
    assert "binary-not-robots" in [f["code"] for f in one(con, "SELECT robots_lint(?)", BINARY)]
    # NUL bytes inside a text file do not make it binary.
    assert one(con, "SELECT robots_allowed(?, 'bot', '/x')", b"User-agent: *\nDisallow: /x\n\x00\x00\n") is False


def test_a_10_mb_body(con):
    """A 10 MB body (google reads all of it; rfc9309 stops at 500 KiB): the
    verdicts of its last rule differ by profile, as the CLI's do."""
    lines = [b"User-agent: *"] + [b"Disallow: /section-%07d/" % i for i in range(400_000)]
    body = b"\n".join(lines) + b"\n"
    assert len(body) > 10_000_000
    last = "/section-%07d/x" % (400_000 - 1)
    assert one(con, "SELECT robots_allowed(?, 'bot', ?)", body, last) is False
    assert one(con, "SELECT robots_allowed(?, 'bot', ?, 'rfc9309')", body, last) is True
    assert one(con, "SELECT robots_allowed(?, 'bot', '/section-0000001/')", body) is False
    codes = {f["code"] for f in one(con, "SELECT robots_lint(?, 'rfc9309')", body)}
    assert "file-too-large" in codes


def test_agents_that_are_not_utf8(con):
    """DuckDB's VARCHAR is UTF-8 (`decode` refuses a BLOB that is not; a cast
    writes its bytes as `\\xFF` escapes), so an agent with other bytes comes
    as a BLOB: matched byte for byte, as the engine matches it."""
    body = b"User-agent: Bot\xff\nDisallow: /\n\nUser-agent: *\nDisallow: /x\n"
    policy = Policy(body, "google")
    for agent in [b"Bot\xff", b"\xff\xfe", b"Bot"]:
        got = one(con, "SELECT robots_allowed(?, ?::BLOB, '/y')", body, agent)
        assert got == policy.is_allowed(agent, "/y"), agent
    assert one(con, "SELECT robots_token(?::BLOB)", b"\xffBot/1.0") is not None
    with pytest.raises(Exception, match="UTF8"):
        one(con, "SELECT decode(?::BLOB)", b"Bot\xff")


def test_each_body_is_parsed_once_per_vector(con):
    """2,048 rows, three bodies, each body a different copy per row (so the
    rows do not share an address): the cache parses three times, and a
    second pass over the same bodies parses none."""
    con.execute("SET threads = 1")
    bodies = [b"User-agent: *\nDisallow: /%d\n" % i for i in range(3)]
    con.execute(
        "CREATE TABLE t AS SELECT (? || (i % 3)::VARCHAR || chr(10))::BLOB AS body, '/' || (i % 3)::VARCHAR AS url FROM range(2048) r(i)",
        ["User-agent: *\nDisallow: /"],
    )
    before = one(con, "SELECT robots_parse_count()")
    verdicts = con.execute("SELECT robots_allowed(body, 'bot', url) FROM t").fetchall()
    assert [v[0] for v in verdicts] == [False] * 2048
    assert one(con, "SELECT robots_parse_count()") - before == 3
    con.execute("SELECT robots_allowed(body, 'bot', url) FROM t").fetchall()
    assert one(con, "SELECT robots_parse_count()") - before == 3
    assert len(bodies) == 3


def test_install_and_load_in_a_fresh_process(tmp_path):
    """`INSTALL` from the file, then `LOAD robots` by name, in a new Python."""
    from conftest import EXTENSION

    script = f"""
import duckdb
con = duckdb.connect(config={{"allow_unsigned_extensions": "true", "extension_directory": {str(tmp_path)!r}}})
con.execute("INSTALL '{EXTENSION}'")
con.execute("LOAD robots")
print(con.execute("SELECT robots_allowed('User-agent: *' || chr(10) || 'Disallow: /', 'bot', '/x')").fetchone()[0])
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "False"
