"""`robots_engine.sql` reads an agent as `robots report` reads a crawler (the
DuckDB extension's rule; robots-duckdb's parity test runs the same SQL in both
engines): registry fallbacks, and no group for a crawler that ignores `*`."""

from __future__ import annotations

import pytest

pytest.importorskip("pyarrow")

from robots_engine import sql  # noqa: E402

BODY = b"User-agent: Googlebot\nContent-Usage: train-ai=n\nDisallow: /g/\n\nUser-agent: *\nDisallow: /\n"
AGENTS = [b"Googlebot-Image", b"AdsBot-Google", b"GPTBot"]


def test_verdicts_follow_the_registry_chains():
    assert sql.robots_allowed([BODY] * 3, AGENTS, [b"/a"] * 3).to_pylist() == [True, True, False]
    assert sql.robots_allowed([BODY] * 3, AGENTS, [b"/g/a"] * 3).to_pylist() == [False, True, False]


def test_explain_names_the_groups_that_applied():
    rows = sql.robots_explain([BODY] * 3, AGENTS, [b"/g/a"] * 3).to_pylist()
    assert [(r["selection"], r["line"], r["reason"]) for r in rows] == [
        ("name", 3, "rule"),
        ("ignores-wildcard", None, "no-group"),
        ("any", 6, "rule"),
    ]
    assert rows[1]["allowed"] and rows[1]["path"] == "/g/a" and rows[1]["tie_break"] == "no-candidate"


def test_content_usage_and_access_of_the_chain():
    usage = sql.robots_content_usage([BODY] * 3, AGENTS, [b"/a"] * 3).to_pylist()
    assert usage == [{"train_ai": False, "search": None}, None, None]
    kinds = [a["kind"] for a in sql.robots_access([BODY] * 3, AGENTS).to_pylist()]
    assert kinds == ["partial", "allowed", "blocked"]


def test_keys_carry_the_body_and_its_profile():
    """`robots_compile` gives the body and profile as a struct (Spark's side
    of the DuckDB extension's keys): every function takes it for the body,
    under the key's profile; a profile argument beside it must be the same."""
    typo = b"User-agent: *\ndisalow: /x\n"
    keys = sql.robots_compile([typo, typo, None], ["google", "rfc9309", "google"])
    assert keys.to_pylist() == [{"body": typo, "profile": "google"}, {"body": typo, "profile": "rfc9309"}, None]
    assert sql.robots_allowed(keys, [b"bot"] * 3, [b"/x"] * 3).to_pylist() == [False, True, None]
    assert sql.robots_allowed(keys, [b"bot"] * 3, [b"/x"] * 3, ["google", None, "google"]).to_pylist() == [False, None, None]
    with pytest.raises(ValueError, match="compiled under the rfc9309 profile, and the call asks for google"):
        sql.robots_allowed(keys, [b"bot"] * 3, [b"/x"] * 3, ["google"] * 3)
    with pytest.raises(ValueError, match="unknown robots.txt profile"):
        sql.robots_compile([typo], ["bing"])
    # A string body is compiled as its UTF-8 bytes, as the binary form.
    one = sql.robots_compile(["User-agent: *\nDisallow: /\n"])
    assert sql.robots_access(one, ["bot"]).to_pylist()[0]["kind"] == "blocked"
    assert sql.robots_records(one).to_pylist() == sql.robots_records([b"User-agent: *\nDisallow: /\n"]).to_pylist()
