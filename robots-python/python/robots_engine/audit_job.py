"""Which crawlers obey a robots.txt, over access logs too large for one machine.

The Spark counterpart of ``robots audit``: every input split of the logs
(Combined Log Format or JSON lines; Spark reads gzip files too) is audited by
the native engine where it lies, and the per-split reports are merged into
one, with the shape ``robots audit --format json`` prints. Counts (requests,
disallowed requests, robots.txt fetches, statuses, crawl-delay breaks) are
exact; the shortest interval and "robots.txt first" are judged within each
split, as the order of lines across splits is not known.

Locally::

    python -m robots_engine.audit_job --master 'local[2]' robots.txt 'logs/*.log.gz' out.json

With one robots.txt per host, name a folder of ``HOST.txt`` files with
``--robots-dir`` instead of the robots.txt. On a cluster, ship the wheel as
the WARC job's docstring shows (:mod:`robots_engine.warc_job`).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Iterable, Sequence

from robots_engine._native import AuditOptions, audit_lines_json

#: How many examples a merged report keeps per list, as the native report does.
EXAMPLES = 5


def audit_partition(lines: Iterable[str], robots: bytes | None, hosts: dict[str, bytes] | None, profile: str) -> list[dict]:
    """The report of one split's lines, as a one-element list (for ``mapPartitions``)."""
    data = [line.encode("utf-8", "surrogateescape") for line in lines]
    if not data:
        return []
    options = AuditOptions(robots, profile=profile, hosts=hosts)
    return [json.loads(audit_lines_json(options, data))]


def merge(reports: Sequence[dict]) -> dict:
    """One report from the reports of several splits."""
    merged = {"lines": 0, "malformed": 0, "malformed_examples": [], "browser_requests": 0, "unchecked_requests": 0}
    crawlers: dict[tuple, dict] = {}
    for report in reports:
        for key in ("lines", "malformed", "browser_requests", "unchecked_requests"):
            merged[key] += report[key]
        merged["malformed_examples"] = (merged["malformed_examples"] + report["malformed_examples"])[:EXAMPLES]
        for c in report["crawlers"]:
            key = tuple(c["chain"])
            into = crawlers.get(key)
            if into is None:
                crawlers[key] = dict(c, statuses=dict(c["statuses"]), violations=list(c["violations"]))
                continue
            for field in ("requests", "disallowed", "robots_fetches", "delay_breaks"):
                into[field] += c[field]
            into["hosts"] = max(into["hosts"], c["hosts"])
            into["robots_first_hosts"] = max(into["robots_first_hosts"], c["robots_first_hosts"])
            into["violations"] = (into["violations"] + c["violations"])[:EXAMPLES]
            for field, pick in (("min_interval", min), ("crawl_delay", max)):
                values = [v for v in (into[field], c[field]) if v is not None]
                into[field] = pick(values) if values else None
            for status, count in c["statuses"].items():
                into["statuses"][status] = into["statuses"].get(status, 0) + count
    ordered = sorted(crawlers.values(), key=lambda c: (-c["disallowed"], -c["delay_breaks"], -c["requests"], c["token"]))
    merged["crawlers"] = ordered
    offenders = [c for c in ordered if c["disallowed"] > 0]
    if offenders:
        named = ", ".join(f"{c['token']} ({c['disallowed']})" for c in offenders[:5])
        more = f", and {len(offenders) - 5} more" if len(offenders) > 5 else ""
        merged["summary"] = f"{len(offenders)} of {len(ordered)} crawlers requested disallowed URLs: {named}{more}"
    else:
        merged["summary"] = f"none of {len(ordered)} crawlers requested a disallowed URL"
    return merged


def run(spark, robots: bytes | None, logs: str, hosts: dict[str, bytes] | None = None, profile: str = "rfc9309") -> dict:
    """Audit the logs at ``logs`` (any path or glob Spark's ``textFile`` reads)."""
    lines = spark.sparkContext.textFile(logs)
    reports = lines.mapPartitions(lambda part: audit_partition(part, robots, hosts, profile)).collect()
    return merge(reports)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("robots", nargs="?", help="the robots.txt of every host (omit with --robots-dir)")
    parser.add_argument("logs", help="the access logs: a path or glob Spark reads")
    parser.add_argument("output", help="where the JSON report goes")
    parser.add_argument("--robots-dir", help="a folder of HOST.txt files, one robots.txt per host")
    parser.add_argument("--profile", default="rfc9309", help="rfc9309, google, draft1996 or original1994")
    parser.add_argument("--master", default=None, help="Spark master, e.g. local[2] (default: spark-submit's)")
    args = parser.parse_args(argv)
    robots = Path(args.robots).read_bytes() if args.robots else None
    hosts = None
    if args.robots_dir:
        hosts = {p.stem: p.read_bytes() for p in Path(args.robots_dir).glob("*.txt")}
    if robots is None and not hosts:
        parser.error("give a robots.txt, or --robots-dir")

    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName("robots-audit-job")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    report = run(spark, robots, args.logs, hosts, args.profile)
    spark.stop()
    Path(args.output).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(report["summary"])


if __name__ == "__main__":
    main()
