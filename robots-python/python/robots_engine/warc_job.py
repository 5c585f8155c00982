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
one row per capture to ``OUTPUT/files``::

    url, host, status, access, records, lint_codes

(``access``: a map from each agent to its class, as above; ``records``:
every directive line, as the SQL function ``robots_records`` gives them,
``line, directive, value, group, valid``; ``lint_codes``: the codes of every
lint finding, each once, sorted), and a per-agent summary to
``OUTPUT/summary``::

    agent, captures, blocked, partial, blocked_share, root_blocked,
    root_blocked_share, with_rules, with_crawl_delay, mean_rules

The agents are ``--agents`` (comma-separated) or ``--agents-file`` (one a
line, ``#`` comments); the default list is :data:`DEFAULT_AGENTS`. The same
classes come from SQL over the captures table with the functions of
:mod:`robots_engine.sql` (Spark) or the DuckDB extension, e.g.
``robots_access(body, 'GPTBot').kind``.

Locally, on a small WARC written from the robots.txt files bundled with the
package (``--sample``)::

    python -m robots_engine.warc_job --sample sample.warc.gz
    echo sample.warc.gz > warc_paths.txt
    python -m robots_engine.warc_job --master 'local[2]' warc_paths.txt out/

(``INPUT`` may also name one ``.warc`` or ``.warc.gz`` file directly.)

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
import io
from importlib import resources
from typing import Iterable, Iterator, Sequence
from urllib.parse import urlsplit

from robots_engine._native import Policy, lint, records

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

FILE_SCHEMA = (
    "url string, host string, status int, access map<string,string>, "
    "records array<struct<line:int,directive:string,value:string,group:int,valid:boolean>>, "
    "lint_codes array<string>"
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
        applying = policy.explain(agent, "/").groups
        rules = [
            f"{directive} {pattern}"
            for g in applying
            for _, directive, pattern in groups[g.index]["rules"]
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


def analyse_file(url: str, status: int, body: bytes, agents: Sequence[str], profile: str) -> tuple:
    """The ``files`` row of one capture: each agent's class, the directive
    lines and the lint codes (a non-2xx capture as an empty robots.txt)."""
    host = urlsplit(url).hostname or ""
    if not 200 <= status < 300:
        body = b""
    policy = Policy(body, profile)
    access = {agent: policy.classify(agent).kind for agent in agents}
    names = ("line", "directive", "value", "group", "valid")
    lines = [dict(zip(names, r)) for r in records(body, profile)]
    codes = sorted({f.code for f in lint(body, profile)})
    return (url, host, status, access, lines, codes)


def run(spark, warc_paths: Sequence[str], output: str, agents: Sequence[str] = DEFAULT_AGENTS, profile: str = "google") -> None:
    """Analyse the WARC files and write ``output/captures``, ``output/files``
    and ``output/summary``."""
    from pyspark.sql import functions as F

    agents = list(agents)
    paths = spark.sparkContext.parallelize(list(warc_paths), max(1, len(warc_paths)))
    rows = paths.flatMap(
        lambda path: [row for url, status, body in captures(path) for row in analyse(url, status, body, agents, profile)]
    )
    table = spark.createDataFrame(rows, CAPTURE_SCHEMA)
    table.write.mode("overwrite").parquet(f"{output}/captures")
    files = paths.flatMap(lambda path: [analyse_file(url, status, body, agents, profile) for url, status, body in captures(path)])
    spark.createDataFrame(files, FILE_SCHEMA).write.mode("overwrite").parquet(f"{output}/files")
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


def write_warc(path: str, captures: Iterable[tuple[str, int, bytes]]) -> int:
    """Write ``(url, status, body)`` captures to a gzipped WARC file at ``path``,
    as ``response`` records with HTTP headers, as a crawler records them; the
    number of records written."""
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    reasons = {200: "OK", 404: "Not Found"}
    count = 0
    with open(path, "wb") as out:
        writer = WARCWriter(out, gzip=True)
        for url, status, body in captures:
            headers = StatusAndHeaders(
                f"{status} {reasons.get(status, 'Status')}",
                [("Content-Type", "text/plain" if status == 200 else "text/html")],
                protocol="HTTP/1.1",
            )
            record = writer.create_warc_record(url, "response", payload=io.BytesIO(body), http_headers=headers)
            writer.write_record(record)
            count += 1
    return count


def sample_captures() -> list[tuple[str, int, bytes]]:
    """The robots.txt files bundled with the package (``robots_engine/samples``)
    as captures of ``https://SITE/robots.txt``, and one 404 capture."""
    folder = resources.files("robots_engine") / "samples"
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".txt")), key=lambda f: f.name)
    found = [(f"https://{f.name[: -len('.txt')]}/robots.txt", 200, f.read_bytes()) for f in files]
    if not found:
        raise FileNotFoundError(f"no sample robots.txt files in {folder}")
    found.append(("https://missing.example/robots.txt", 404, b"<html><body>Not found</body></html>"))
    return found


def warc_paths(input_path: str) -> list[str]:
    """The WARC files ``input_path`` names: itself when it is a WARC file,
    otherwise the paths it lists, one per line (``#`` comments)."""
    if input_path.endswith((".warc", ".warc.gz")):
        return [input_path]
    with open(input_path, encoding="utf-8") as listing:
        return [line.strip() for line in listing if line.strip() and not line.startswith("#")]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", nargs="?", help="text file listing WARC paths, one per line (or one .warc/.warc.gz file)")
    parser.add_argument("output", nargs="?", help="output folder (captures/ and summary/ are written)")
    parser.add_argument(
        "--sample",
        metavar="OUT.warc.gz",
        help="write a small WARC of the robots.txt files bundled with the package to OUT.warc.gz, and exit",
    )
    parser.add_argument("--agents", default=",".join(DEFAULT_AGENTS), help="comma-separated crawler names")
    parser.add_argument("--agents-file", metavar="FILE", help="crawler names, one a line (# comments); overrides --agents")
    parser.add_argument("--profile", default="google", help="rfc9309, google, draft1996 or original1994")
    parser.add_argument("--master", default=None, help="Spark master, e.g. local[2] (default: spark-submit's)")
    args = parser.parse_args(argv)
    if args.sample:
        count = write_warc(args.sample, sample_captures())
        print(f"wrote {count} robots.txt captures to {args.sample}")
        return
    if not args.input or not args.output:
        parser.error("INPUT and OUTPUT are required (or --sample OUT.warc.gz)")

    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName("robots-warc-job")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    paths = warc_paths(args.input)
    agents = [a for a in args.agents.split(",") if a]
    if args.agents_file:
        with open(args.agents_file, encoding="utf-8") as listing:
            agents = [line.strip() for line in listing if line.strip() and not line.startswith("#")]
    run(spark, paths, args.output, agents, args.profile)
    spark.stop()


if __name__ == "__main__":
    main()
