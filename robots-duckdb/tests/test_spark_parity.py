"""The same SQL in Spark and in DuckDB gives the same rows: every function,
over a slice of the corpus and the awkward inputs (NULLs, an empty and a
binary body, an agent that is not UTF-8, a profile argument), and agents
read through the registry as `robots report` reads them: one that falls back
to another's groups (`Googlebot-Image` → `Googlebot`) and one that ignores
`*` (`AdsBot-Google`). The keyed form (`robots_compile`: a UBIGINT key in
DuckDB, the body and profile as a struct in Spark) runs as the same text in
both and gives the body form's rows."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspark")

from conftest import connect  # noqa: E402

BINARY = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03User-agent: *\nDisallow: /\n"
HEADERS = [
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)",
    "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0",
    None,
]

CHAINS = b"User-agent: Googlebot\nContent-Usage: train-ai=n\nDisallow: /g/\n\nUser-agent: *\nDisallow: /\n"

# The query, written once, run by both engines.
QUERY = """
SELECT id,
       robots_allowed(body, agent, url) AS allowed,
       robots_allowed(body, agent, url, 'rfc9309') AS allowed_rfc,
       robots_explain(body, agent, url) AS explain,
       robots_content_usage(body, agent, url) AS usage,
       robots_access(body, agent) AS access,
       robots_token(header) AS token,
       robots_records(body) AS records,
       robots_lint(body, 'rfc9309') AS lint,
       robots_report(body) AS report
FROM t
"""

# The same functions through keys: one query text for both engines.
KEYED_QUERY = """
WITH p AS (SELECT id, robots_compile(body) AS k, robots_compile(body, 'rfc9309') AS kr FROM t)
SELECT t.id,
       robots_allowed(p.k, agent, url) AS allowed,
       robots_allowed(p.kr, agent, url, 'rfc9309') AS allowed_rfc,
       robots_explain(p.k, agent, url) AS explain,
       robots_content_usage(p.k, agent, url) AS usage,
       robots_access(p.k, agent) AS access,
       robots_token(header) AS token,
       robots_records(p.k) AS records,
       robots_lint(p.kr) AS lint,
       robots_report(p.k) AS report
FROM t JOIN p ON p.id = t.id
"""


def rows(corpus) -> list[tuple]:
    sample = corpus[::25]
    out = []
    agents = [b"Googlebot", b"GPTBot", b"Bot\xff", b"Googlebot-Image", b"AdsBot-Google"]
    for i, (_, body, urls) in enumerate(sample):
        for j, url in enumerate(urls[:6]):
            out.append((body, agents[(i + j) % len(agents)], url, HEADERS[(i + j) % len(HEADERS)]))
    out += [
        (b"", b"Googlebot", b"/x", None),
        (BINARY, b"Googlebot", b"/x", None),
        (None, b"Googlebot", b"/x", None),
        (sample[0][1], None, b"/x", None),
        (sample[0][1], b"Googlebot", None, None),
        (b"User-agent: *\nContent-Usage: train-ai=n\nDisallow: /p\n", b"bot", b"/q", None),
    ]
    # Where matching the agent exactly gives other rows than the registry's chains:
    # Googlebot-Image follows Googlebot's group, AdsBot-Google ignores `*`.
    for agent in (b"Googlebot-Image", b"AdsBot-Google", b"Googlebot"):
        for url in (b"/x", b"/g/y"):
            out.append((CHAINS, agent, url, None))
    return [(k, *r) for k, r in enumerate(out)]


def normal(value):
    """Spark's Rows as dicts and lists, as DuckDB's Python gives them."""
    if hasattr(value, "asDict"):
        value = value.asDict()
    if isinstance(value, dict):
        return {k: normal(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normal(v) for v in value]
    return value


def test_spark_sql_gives_duckdbs_rows(corpus):
    import pyarrow as pa
    from pyspark.sql import SparkSession

    from robots_engine.spark import register_sql_functions

    data = rows(corpus)
    table = pa.table(
        {
            "id": [r[0] for r in data],
            "body": pa.array([r[1] for r in data], pa.binary()),
            "agent": pa.array([r[2] for r in data], pa.binary()),
            "url": pa.array([r[3] for r in data], pa.binary()),
            "header": pa.array([r[4] for r in data], pa.string()),
        }
    )
    con = connect()
    con.register("t", table)
    ours = con.sql(QUERY + " ORDER BY id").to_arrow_table().to_pylist()
    ours_keyed = con.sql(KEYED_QUERY + " ORDER BY t.id").to_arrow_table().to_pylist()
    # The keyed form gives the body form's rows.
    assert ours_keyed == ours

    spark = SparkSession.builder.master("local[2]").appName("robots-duckdb-parity").getOrCreate()
    try:
        names = register_sql_functions(spark)
        assert sorted(names) == sorted(
            ["robots_allowed", "robots_explain", "robots_content_usage", "robots_access", "robots_token",
             "robots_records", "robots_lint", "robots_report", "robots_compile"]
        )  # fmt: skip
        frame = spark.createDataFrame(table.to_pandas())
        frame.createOrReplaceTempView("t")
        theirs = [normal(r) for r in spark.sql(QUERY + " ORDER BY id").collect()]
        theirs_keyed = [normal(r) for r in spark.sql(KEYED_QUERY + " ORDER BY t.id").collect()]
    finally:
        spark.stop()
    assert len(ours) == len(theirs) == len(theirs_keyed) == len(data)
    for a, b, k in zip(ours, theirs, theirs_keyed):
        for column in a:
            assert a[column] == b[column], (a["id"], column, a[column], b[column])
            assert a[column] == k[column], ("keyed", a["id"], column, a[column], k[column])
    # The rows say something: verdicts of both kinds, and the binary body none.
    assert {r["allowed"] for r in ours} == {True, False, None}
    assert any(r["report"] for r in ours) and any(r["records"] for r in ours)
    # The chains were followed: exact matching would give Googlebot-Image and
    # AdsBot-Google the `*` group's `Disallow: /`.
    chained = {(r[2], r[3]): o for r, o in zip(data, ours) if r[1] == CHAINS}
    assert chained[(b"Googlebot-Image", b"/x")]["allowed"] is True
    assert chained[(b"Googlebot-Image", b"/g/y")]["allowed"] is False
    assert chained[(b"AdsBot-Google", b"/g/y")]["allowed"] is True
    assert chained[(b"AdsBot-Google", b"/x")]["explain"]["selection"] == "ignores-wildcard"
