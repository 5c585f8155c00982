"""Spark local mode: the column function and the WARC job, checked against the
Rust CLI's verdicts on the same files."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
from pathlib import Path

import pandas as pd
import pytest

from robots_engine import Policy
from robots_engine._native import records
from robots_engine.spark import (
    allowed_by_origin,
    allowed_series,
    broadcast_robots,
    origin_allowed,
    robots_allowed,
    robots_allowed_by_origin,
)
from robots_engine.warc_job import DEFAULT_AGENTS, run

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "testdata" / "corpus"
# A small, varied slice of the corpus keeps the Spark test quick.
FILES = sorted(CORPUS.glob("*.txt"))[::20]


def test_the_session_has_the_tests_spark_settings(spark):
    """The shared session runs on the loopback address with the tests' settings
    (spark-conf/spark-defaults.conf), so the jobs below stay small and local."""
    conf = spark.sparkContext.getConf()
    assert conf.get("spark.master") == "local[2]"
    assert conf.get("spark.driver.host") == "127.0.0.1"
    assert conf.get("spark.driver.bindAddress") == "127.0.0.1"
    assert spark.conf.get("spark.sql.shuffle.partitions") == "2"
    assert conf.get("spark.ui.enabled") == "false"
    assert "-XX:TieredStopAtLevel=1" in conf.get("spark.driver.extraJavaOptions")


def write_warc(path: Path, files: list[Path]) -> list[str]:
    """A WARC of robots.txt captures of ``files``, as a crawler would record them."""
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    urls = []
    with path.open("wb") as out:
        writer = WARCWriter(out, gzip=True)
        for file in files:
            url = f"https://{file.stem}/robots.txt"
            urls.append(url)
            headers = StatusAndHeaders("200 OK", [("Content-Type", "text/plain")], protocol="HTTP/1.1")
            record = writer.create_warc_record(url, "response", payload=io.BytesIO(file.read_bytes()), http_headers=headers)
            writer.write_record(record)
        missing = StatusAndHeaders("404 Not Found", [("Content-Type", "text/html")], protocol="HTTP/1.1")
        record = writer.create_warc_record(
            "https://missing.example/robots.txt", "response", payload=io.BytesIO(b"<html>Disallow: /</html>"), http_headers=missing
        )
        writer.write_record(record)
    return urls


def test_allowed_series_matches_single_checks():
    bodies = pd.Series([FILES[0].read_bytes(), FILES[1].read_bytes(), None, FILES[0].read_bytes()])
    urls = pd.Series(["/", "/wp-admin/", "/x", None])
    got = allowed_series(bodies, urls, "Googlebot")
    assert got[0] == Policy(FILES[0].read_bytes(), "google").is_allowed("Googlebot", "/")
    assert got[1] == Policy(FILES[1].read_bytes(), "google").is_allowed("Googlebot", "/wp-admin/")
    assert got[2] and pd.isna(got[3])


def url_rows() -> list[tuple[str, str]]:
    pairs = []
    for f in FILES:
        urls_file = f.with_suffix(".urls")
        for url in urls_file.read_text(encoding="utf-8", errors="replace").splitlines()[:50]:
            pairs.append((f.stem, url))
    # A site with no robots.txt, and a null URL.
    pairs += [("no-robots.example", "/private/x"), (FILES[0].stem, None)]
    return pairs


def expected_verdict(origin: str, url: str | None, policies: dict) -> bool | None:
    if url is None:
        return None
    policy = policies.get(origin)
    return True if policy is None else policy.is_allowed("Googlebot", url)


def test_origin_allowed_without_spark():
    import pyarrow as pa

    policies = {f.stem: Policy(f.read_bytes(), "google") for f in FILES}
    pairs = url_rows()
    matchers = {origin: p.matcher("Googlebot") for origin, p in policies.items()}
    got = origin_allowed(pa.array([o for o, _ in pairs]), pa.array([u for _, u in pairs]), matchers.get).to_pylist()
    assert got == [expected_verdict(o, u, policies) for o, u in pairs]


@pytest.mark.parametrize("design", ["broadcast", "shared broadcast", "cogroup"])
def test_keyed_by_origin(spark, design):
    robots = spark.createDataFrame([(f.stem, f.read_bytes()) for f in FILES], "origin string, robots binary")
    pairs = url_rows()
    urls = spark.createDataFrame(pairs, "origin string, url string").repartition(3)
    if design == "broadcast":
        checked = urls.withColumn("allowed", robots_allowed_by_origin("origin", "url", robots, agent="Googlebot"))
    elif design == "shared broadcast":
        # One broadcast, two agents: each worker keeps one cache per agent.
        shared = broadcast_robots(robots)
        checked = urls.withColumn("other", robots_allowed_by_origin("origin", "url", shared, agent="GPTBot"))
        checked = checked.withColumn("allowed", robots_allowed_by_origin("origin", "url", shared, agent="Googlebot"))
        other = {(r.origin, r.url): r.other for r in checked.collect()}
        policies = {f.stem: Policy(f.read_bytes(), "google") for f in FILES}
        for (o, u), verdict in other.items():
            expected = None if u is None else (policies[o].is_allowed("GPTBot", u) if o in policies else True)
            assert verdict == expected, (o, u)
        checked = checked.drop("other")
    else:
        checked = allowed_by_origin(urls, robots, agent="Googlebot")
    assert checked.columns == ["origin", "url", "allowed"]
    rows = checked.collect()
    assert len(rows) == len(pairs)
    policies = {f.stem: Policy(f.read_bytes(), "google") for f in FILES}
    wrong = [(r.origin, r.url, r.allowed) for r in rows if r.allowed != expected_verdict(r.origin, r.url, policies)]
    assert not wrong
    assert any(r.allowed is False for r in rows) and any(r.allowed for r in rows)
    assert urls.columns == ["origin", "url"]


def test_column_function_in_a_join(spark):
    robots = spark.createDataFrame([(f.stem, f.read_bytes()) for f in FILES], "origin string, robots binary")
    pairs = []
    for f in FILES:
        urls_file = f.with_suffix(".urls")
        for url in urls_file.read_text(encoding="utf-8", errors="replace").splitlines()[:50]:
            pairs.append((f.stem, url))
    urls = spark.createDataFrame(pairs, "origin string, url string")
    checked = urls.join(robots, "origin").withColumn("allowed", robots_allowed("robots", "url", agent="Googlebot"))
    rows = checked.select("origin", "url", "allowed").collect()
    assert len(rows) == len(pairs)
    policies = {f.stem: Policy(f.read_bytes(), "google") for f in FILES}
    wrong = [(r.origin, r.url) for r in rows if r.allowed != policies[r.origin].is_allowed("Googlebot", r.url)]
    assert not wrong
    assert any(not r.allowed for r in rows) and any(r.allowed for r in rows)


def test_warc_job_agrees_with_the_rust_cli(spark, robots_cli, tmp_path):
    warc = tmp_path / "robots.warc.gz"
    write_warc(warc, FILES)
    out = tmp_path / "out"
    run(spark, [str(warc)], str(out))
    captures = spark.read.parquet(str(out / "captures")).toPandas()
    summary = spark.read.parquet(str(out / "summary")).toPandas()
    assert len(captures) == (len(FILES) + 1) * len(DEFAULT_AGENTS)
    assert sorted(summary["agent"]) == sorted(DEFAULT_AGENTS)
    assert (summary["captures"] == len(FILES) + 1).all()

    cli = robots_cli
    for file in FILES:
        for agent in DEFAULT_AGENTS:
            row = captures[(captures["host"] == file.stem) & (captures["agent"] == agent)]
            assert len(row) == 1, (file.stem, agent)
            verdict = subprocess.run(
                [str(cli), "check", "--robots", str(file), "--agent", agent, "--profile", "google", "/"],
                capture_output=True, text=True, check=True,
            ).stdout.split("\t")[0]
            assert bool(row["root_allowed"].iloc[0]) == (verdict == "allowed"), (file.stem, agent)
            policy = Policy(file.read_bytes(), "google")
            assert row["sitemap_count"].iloc[0] == len(policy.sitemaps)
            delay = row["crawl_delay"].iloc[0]
            expected_delay = policy.crawl_delay(agent)
            assert (pd.isna(delay) and expected_delay is None) or delay == expected_delay
            assert row["access"].iloc[0] == policy.classify(agent).kind, (file.stem, agent)
    missing = captures[captures["host"] == "missing.example"]
    assert (missing["access"] == "allowed").all()
    fully = summary.set_index("agent")["blocked"]
    assert fully.to_dict() == {
        agent: sum(Policy(f.read_bytes(), "google").classify(agent).kind == "blocked" for f in FILES) for agent in DEFAULT_AGENTS
    }
    assert missing["root_allowed"].all() and (missing["status"] == 404).all()

    # One row per capture: each agent's class, the directive lines, the lint codes.
    files = spark.read.parquet(str(out / "files")).toPandas().set_index("host")
    assert len(files) == len(FILES) + 1
    for file in FILES:
        row = files.loc[file.stem]
        assert dict(row["access"]) == {
            agent: captures[(captures["host"] == file.stem) & (captures["agent"] == agent)]["access"].iloc[0]
            for agent in DEFAULT_AGENTS
        }
        lines = [tuple(r.values()) for r in row["records"]]
        assert lines == [tuple(r) for r in records(file.read_bytes(), "google")], file.stem
        findings = subprocess.run(
            [str(cli), "lint", str(file), "--format", "json", "--profile", "google"], capture_output=True, text=True
        ).stdout
        codes = sorted({json.loads(line)["code"] for line in findings.splitlines() if line.strip()})
        assert list(row["lint_codes"]) == codes, file.stem
    assert list(files.loc["missing.example"]["records"]) == []
    assert any(len(files.loc[f.stem]["lint_codes"]) for f in FILES)
    blocked = summary.set_index("agent")["root_blocked"]
    expected_blocked = {
        agent: sum(not Policy(f.read_bytes(), "google").is_allowed(agent, "/") for f in FILES) for agent in DEFAULT_AGENTS
    }
    assert blocked.to_dict() == expected_blocked
    shutil.rmtree(out)


def test_audit_job_merges_splits_as_one_audit_counts(spark, tmp_path):
    """The Spark audit over a generated log, split in several partitions, counts
    what one native audit of the same file counts."""
    from robots_engine import audit
    from robots_engine.audit_job import run as audit_run

    robots = b"User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n"
    agents = [
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)",
        "ExampleBot/1.0 (+https://example.com/bot)",
        "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0",
    ]
    lines = []
    for i in range(2000):
        path = "/private/x" if i % 7 == 0 else f"/page/{i}"
        agent = agents[i % len(agents)]
        lines.append(f'192.0.2.1 - - [28/Nov/2026:10:{(i // 60) % 60:02d}:{i % 60:02d} +0000] "GET {path} HTTP/1.1" 200 5 "-" "{agent}"\n')
        if i % 500 == 0:
            lines.append("garbage\n")
    log = tmp_path / "access.log"
    log.write_text("".join(lines))
    whole = audit(robots, [str(log)])
    split = audit_run(spark, robots, str(log))
    for key in ("lines", "malformed", "browser_requests", "unchecked_requests", "no_client_address"):
        assert split[key] == whole[key], key
    counts = lambda report: {
        (c["token"], c["verification"]): (
            c["requests"],
            c["robots_fetches"],
            c["violations"],
            c["stale_cache"],
            c["statuses"],
            c["hosts"],
        )
        for c in report["crawlers"]
    }
    assert counts(split) == counts(whole)
    assert split["summary"] == whole["summary"]
    assert list(split) == list(whole)
