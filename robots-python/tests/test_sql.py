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
