"""Which crawlers may fetch what: a Spark job over WARC captures of robots.txt.

In the style of Common Crawl's ``cc-pyspark`` examples: the input is a text
file listing WARC files (local paths or any path Spark and ``open`` can read),
one per line; each WARC's ``response`` records are robots.txt captures, read
with ``warcio``. For every capture and every agent the job writes one row of
``OUTPUT/captures`` (Parquet)::

    url, host, status, agent, access, root_allowed, rules, crawl_delay,
    sitemap_count, lint_errors

(``access``: ``blocked``, ``partial``, ``allowed`` or ``undecided``, decided
exactly over the rules by ``Policy.classify``, never by probing made-up
paths; ``rules``: the rules of the groups that apply to the agent, as
``"disallow /x"``; ``lint_errors``: the codes of error-level lint findings),
and a per-agent summary to ``OUTPUT/summary``::

    agent, captures, blocked, partial, blocked_share, root_blocked,
    root_blocked_share, with_rules, with_crawl_delay, mean_rules

Locally::

    python -m robots_engine.warc_job --master 'local[2]' warc_paths.txt out/

On a cluster, the executors' Python needs the wheel installed (a native
module is not importable from ``--py-files``): ship a packed virtualenv that
has it, and submit this module::

    python -m venv venv && venv/bin/pip install robots_engine-*.whl venv-pack
    venv/bin/venv-pack -o venv.tar.gz
    spark-submit --master yarn --archives venv.tar.gz#venv \\
        --conf spark.pyspark.python=./venv/bin/python \\
        $(venv/bin/python -c 'import robots_engine.warc_job as j; print(j.__file__)') \\
        s3://bucket/warc_paths.txt s3://bucket/robots-out/
"""

from __future__ import annotations

import argparse
from typing import Iterator, Sequence
from urllib.parse import urlsplit

from robots_engine._native import Policy, lint

DEFAULT_AGENTS = (
    "Googlebot",
    "Bingbot",
    "GPTBot",
    "ClaudeBot",
    "CCBot",
    "Google-Extended",
    "PerplexityBot",
    "Bytespider",
    "Applebot-Extended",
)

CAPTURE_SCHEMA = (
    "url string, host string, status int, agent string, access string, root_allowed boolean, "
    "rules array<string>, crawl_delay double, sitemap_count int, lint_errors array<string>"
)


def captures(warc_path: str) -> Iterator[tuple[str, int, bytes]]:
    """``(url, status, body)`` of every HTTP response record in a WARC file."""
    from warcio.archiveiterator import ArchiveIterator

    with open(warc_path, "rb") as stream:
        for record in ArchiveIterator(stream):
            if record.rec_type != "response":
                continue
            url = record.rec_headers.get_header("WARC-Target-URI") or ""
            status = 0
            if record.http_headers is not None:
                try:
                    status = int(record.http_headers.get_statuscode() or 0)
                except ValueError:
                    status = 0
            yield url, status, record.content_stream().read()


def analyse(url: str, status: int, body: bytes, agents: Sequence[str], profile: str) -> list[tuple]:
    """One row per agent for one capture. A non-2xx capture is analysed as an
    empty robots.txt (everything allowed), as crawlers treat a missing file."""
    host = urlsplit(url).hostname or ""
    if not 200 <= status < 300:
        body = b""
    policy = Policy(body, profile)
    groups = policy.groups()
    errors = sorted({f.code for f in lint(body, profile) if f.severity == "error"})
    rows = []
    for agent in agents:
        applying = policy.explain(agent, "/")["groups"]
        rules = [
            f"{directive} {pattern}"
            for g in applying
            for _, directive, pattern in groups[g["index"]]["rules"]
        ]
        rows.append(
            (
                url,
                host,
                status,
                agent,
                policy.classify(agent).kind,
                policy.is_allowed(agent, "/"),
                rules,
                policy.crawl_delay(agent),
                len(policy.sitemaps),
                errors,
            )
        )
    return rows


def run(spark, warc_paths: Sequence[str], output: str, agents: Sequence[str] = DEFAULT_AGENTS, profile: str = "google") -> None:
    """Analyse the WARC files and write ``output/captures`` and ``output/summary``."""
    from pyspark.sql import functions as F

    agents = list(agents)
    paths = spark.sparkContext.parallelize(list(warc_paths), max(1, len(warc_paths)))
    rows = paths.flatMap(
        lambda path: [row for url, status, body in captures(path) for row in analyse(url, status, body, agents, profile)]
    )
    table = spark.createDataFrame(rows, CAPTURE_SCHEMA)
    table.write.mode("overwrite").parquet(f"{output}/captures")
    written = spark.read.parquet(f"{output}/captures")
    summary = written.groupBy("agent").agg(
        F.count("*").alias("captures"),
        F.sum((F.col("access") == "blocked").cast("int")).alias("blocked"),
        F.sum((F.col("access") == "partial").cast("int")).alias("partial"),
        F.avg((F.col("access") == "blocked").cast("double")).alias("blocked_share"),
        F.sum((~F.col("root_allowed")).cast("int")).alias("root_blocked"),
        F.avg((~F.col("root_allowed")).cast("double")).alias("root_blocked_share"),
        F.sum((F.size("rules") > 0).cast("int")).alias("with_rules"),
        F.sum(F.col("crawl_delay").isNotNull().cast("int")).alias("with_crawl_delay"),
        F.avg(F.size("rules")).alias("mean_rules"),
    )
    summary.orderBy("agent").write.mode("overwrite").parquet(f"{output}/summary")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", help="text file listing WARC paths, one per line")
    parser.add_argument("output", help="output folder (captures/ and summary/ are written)")
    parser.add_argument("--agents", default=",".join(DEFAULT_AGENTS), help="comma-separated crawler names")
    parser.add_argument("--profile", default="google", help="rfc9309, google, draft1996 or original1994")
    parser.add_argument("--master", default=None, help="Spark master, e.g. local[2] (default: spark-submit's)")
    args = parser.parse_args(argv)

    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName("robots-warc-job")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    with open(args.input, encoding="utf-8") as listing:
        paths = [line.strip() for line in listing if line.strip() and not line.startswith("#")]
    run(spark, paths, args.output, [a for a in args.agents.split(",") if a], args.profile)
    spark.stop()


if __name__ == "__main__":
    main()
