"""Which crawlers obey a robots.txt, over access logs too large for one machine.

The Spark counterpart of ``robots audit``: every input split of the logs
(Combined Log Format or JSON lines; Spark reads gzip files too. Not W3C
extended logs: a split after a file's first has no ``#Fields:`` line to read
its columns by, so its lines would count as malformed) is audited by
the native engine where it lies, and the per-split reports are merged into
one, with the shape ``robots audit --format json`` prints. Counts (requests,
violations, stale-cache requests, robots.txt fetches, statuses, intervals
shorter than asked) add exactly, and so do the interval histograms (the
medians are worked out again from them), and so do the timelines (by the
coarser step of the parts, coarsened again while the whole has too many
buckets, as one audit of the whole would); only the intervals across a split
boundary are not measured, and a host's first request is the earliest by time.

Locally::

    python -m robots_engine.audit_job --master 'local[2]' robots.txt 'logs/*.log.gz' out.json

With one robots.txt per host, name a folder of ``HOST.txt`` files with
``--robots-dir`` instead of the robots.txt. On a cluster, ship the wheel as
the WARC job's docstring shows (:mod:`robots_engine.warc_job`).
"""

from __future__ import annotations

import argparse
import json
from datetime import datetime, timezone
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


#: The order reports list verification classes in.
CLASSES = ("verified", "spoofed", "unverifiable")
#: How many hosts without a robots.txt a report names, as the native report does.
UNCHECKED_HOSTS = 20
#: The timelines' steps, finest first, and how many buckets a report may have
#: (robots_audit::TIMELINE_STEPS and MAX_TIMELINE_BUCKETS).
_WEEK = 7 * 86400
TIMELINE_STEPS = (3600, 86400, _WEEK) + tuple(4 * _WEEK * 2**k for k in range(10))
MAX_TIMELINE_BUCKETS = 31 * 24


def _epoch(text: str) -> int:
    return int(datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp())


def _rfc3339(seconds: int) -> str:
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _merge_timelines(step: int, timelines: list[list[list]]) -> tuple[int, list[list]]:
    """Several crawlers' timelines (each the list of several parts' buckets
    ``[time, requests, robots_fetches, violations, stale_cache]``), merged at
    ``step`` or, while all of them together have more than
    ``MAX_TIMELINE_BUCKETS`` buckets, the next coarser step."""
    parsed = [[(_epoch(b[0]), b[1:]) for b in buckets] for buckets in timelines]
    while True:
        merged = []
        for buckets in parsed:
            sums: dict[int, list[int]] = {}
            for start, counts in buckets:
                into = sums.setdefault(start - start % step, [0] * len(counts))
                for i, n in enumerate(counts):
                    into[i] += n
            merged.append(sums)
        starts = set().union(*merged) if merged else set()
        coarser = [s for s in TIMELINE_STEPS if s > step]
        if len(starts) <= MAX_TIMELINE_BUCKETS or not coarser:
            return step, [[[_rfc3339(t), *sums[t]] for t in sorted(sums)] for sums in merged]
        step = coarser[0]


def _add_histogram(into: list, more: list) -> list:
    """Two ``[[seconds, count], ...]`` histograms added bucket by bucket."""
    counts: dict[int, int] = {}
    for seconds, count in list(into) + list(more):
        counts[seconds] = counts.get(seconds, 0) + count
    return [[s, counts[s]] for s in sorted(counts)]


def _median(histogram: list) -> int | None:
    """The lower median of a histogram (the first second of its bucket), as the native report gives it."""
    total = sum(count for _, count in histogram)
    rank, seen = (total + 1) // 2, 0
    for seconds, count in histogram:
        seen += count
        if rank > 0 and seen >= rank:
            return seconds
    return None


def _merge_hosts(into: list, more: list) -> list:
    """Per-host visits of two splits: counts add; the first request is the earliest one
    (lines of a later split come later, so on a tie the earlier split's stands)."""
    by_host = {h["host"]: dict(h) for h in into}
    for h in more:
        mine = by_host.get(h["host"])
        if mine is None:
            by_host[h["host"]] = dict(h)
            continue
        mine["requests"] += h["requests"]
        mine["robots_fetches"] += h["robots_fetches"]
        if h["first_time"] is not None and mine["first_time"] is not None and h["first_time"] < mine["first_time"]:
            mine["first_time"], mine["first_was_robots_txt"] = h["first_time"], h["first_was_robots_txt"]
    # By name, lines naming no host first: the native report's order.
    return sorted(by_host.values(), key=lambda h: (h["host"] is not None, h["host"] or ""))


def _label(c: dict) -> str:
    return c["token"] if c["verification"] == "unverifiable" else f"{c['token']} ({c['verification']})"


def _unchecked_text(report: dict) -> str:
    """Why requests were not checked: ``AuditReport::unchecked_text`` of the native report."""
    u, parts = report["unchecked"], []
    if u["no_robots_txt"]:
        hosts = ", ".join(
            f"{h['host'] if h['host'] is not None else 'lines naming no host'} {h['requests']}" for h in report["unchecked_hosts"][:3]
        )
        more = ", …" if len(report["unchecked_hosts"]) > 3 else ""
        parts.append(f"{u['no_robots_txt']} to hosts no robots.txt was given for ({hosts}{more})")
    if u["before_first_version"]:
        parts.append(f"{u['before_first_version']} sent before the first robots.txt version's start")
    if u["no_time"]:
        parts.append(f"{u['no_time']} without a time, to a host whose robots.txt changed")
    return "; ".join(parts)


def _named(rows: list) -> str:
    named = ", ".join(f"{_label(c)} ({c['violations']})" for c in rows[:5])
    more = f", and {len(rows) - 5} more" if len(rows) > 5 else ""
    return f"{named}{more}"


def summary(report: dict) -> str:
    """The one-line summary: ``AuditReport::summary`` of the native report."""
    all_rows = report["crawlers"]
    # Impostors are named apart, as the native summary does.
    crawlers = [c for c in all_rows if c["verification"] != "spoofed"]
    impostors = [c for c in all_rows if c["verification"] == "spoofed" and c["violations"] > 0]
    offenders = [c for c in crawlers if c["violations"] > 0]
    checked = sum(c["requests"] - min(c["unchecked"], c["requests"]) for c in all_rows)
    if not offenders:
        if checked == 0 and report["unchecked_requests"] > 0:
            return f"no crawler request was checked: {_unchecked_text(report)}"
        text = f"none of {len(crawlers)} crawlers requested a disallowed URL"
    else:
        text = f"{len(offenders)} of {len(crawlers)} crawlers requested disallowed URLs: {_named(offenders)}"
    if impostors:
        text += (
            "; senders spoofing a crawler's name requested disallowed URLs too"
            f" (not counted against it): {_named(impostors)}"
        )
    stale = sum(c["stale_cache"] for c in all_rows)
    if stale:
        text += f"; {stale} request(s) allowed only by a robots.txt still within the cache window (stale cache)"
    if report["unchecked_requests"]:
        text += f"; {report['unchecked_requests']} request(s) not checked: {_unchecked_text(report)}"
    return text


def _merge_verification(parts: list) -> dict | None:
    """How the senders were verified, over the splits: the same range files
    for each; counts add; the crawlers only reverse DNS could verify add up
    by token, most requests first (``VerificationSummary``'s order)."""
    if not parts:
        return None
    merged = json.loads(json.dumps(parts[0]))
    dns = merged["dns"]
    not_asked: dict[str, int] = {c["token"]: c["requests"] for c in dns["not_asked_crawlers"]}
    for part in parts[1:]:
        merged["no_client_address"] += part["no_client_address"]
        for field in ("asked", "verified", "spoofed", "failed", "not_looked_up", "not_asked"):
            dns[field] += part["dns"][field]
        for c in part["dns"]["not_asked_crawlers"]:
            not_asked[c["token"]] = not_asked.get(c["token"], 0) + c["requests"]
    dns["not_asked_crawlers"] = [
        {"token": token, "requests": n} for token, n in sorted(not_asked.items(), key=lambda kv: (-kv[1], kv[0]))
    ]
    return merged


def merge(reports: Sequence[dict]) -> dict:
    """One report from the reports of several splits, in the order of the splits.

    Counts add, histograms add bucket by bucket, and ratios and medians are
    worked out again from them, so every count is what one audit of the whole
    log gives; only intervals across a split boundary are missing (each split
    measures the intervals between its own lines), and a host's first request
    is the earliest by time.
    """
    merged: dict = {
        "lines": 0,
        "malformed": 0,
        "malformed_examples": [],
        "browser_requests": 0,
        "directives": 0,
        "unchecked_requests": 0,
        "unchecked": {"no_robots_txt": 0, "before_first_version": 0, "no_time": 0},
        "unchecked_hosts": [],
        "no_client_address": 0,
        "cache_window_s": None,
        "robots_versions": [],
        "timeline_step_s": TIMELINE_STEPS[0],
    }
    unchecked_hosts: dict = {}
    crawlers: dict[tuple, dict] = {}
    timelines: dict[tuple, list] = {}
    for report in reports:
        merged["timeline_step_s"] = max(merged["timeline_step_s"], report["timeline_step_s"])
        for key in ("lines", "malformed", "browser_requests", "directives", "unchecked_requests", "no_client_address"):
            merged[key] += report[key]
        for key in merged["unchecked"]:
            merged["unchecked"][key] += report["unchecked"][key]
        # The same options for every split: the same window and versions.
        merged["cache_window_s"] = report["cache_window_s"]
        merged["robots_versions"] = report["robots_versions"]
        merged["malformed_examples"] = (merged["malformed_examples"] + report["malformed_examples"])[:EXAMPLES]
        for h in report["unchecked_hosts"]:
            unchecked_hosts[h["host"]] = unchecked_hosts.get(h["host"], 0) + h["requests"]
        for c in report["crawlers"]:
            key = (tuple(c["chain"]), c["verification"])
            timelines.setdefault(key, []).extend(c["timeline"])
            into = crawlers.get(key)
            if into is None:
                crawlers[key] = json.loads(json.dumps(c))
                continue
            for field in ("requests", "robots_fetches", "violations", "stale_cache", "unchecked"):
                into[field] += c[field]
            into["per_host"] = _merge_hosts(into["per_host"], c["per_host"])
            into["hosts"] = len(into["per_host"])
            into["robots_first_hosts"] = sum(1 for h in into["per_host"] if h["first_was_robots_txt"])
            fetches, more = into["robots_fetch_intervals"], c["robots_fetch_intervals"]
            fetches["histogram"] = _add_histogram(fetches["histogram"], more["histogram"])
            fetches["count"] += more["count"]
            fetches["median_s"] = _median(fetches["histogram"])
            pace, more = into["pace"], c["pace"]
            asked = [d for d in (pace["asked_delay_s"], more["asked_delay_s"]) if d is not None]
            pace["asked_delay_s"] = max(asked) if asked else None
            for field in ("intervals", "asked_intervals", "shorter_than_asked"):
                pace[field] += more[field]
            pace["histogram"] = _add_histogram(pace["histogram"], more["histogram"])
            pace["shorter_share"] = pace["shorter_than_asked"] / pace["asked_intervals"] if pace["asked_intervals"] else None
            pace["median_interval_s"] = _median(pace["histogram"])
            pace["min_interval_s"] = pace["histogram"][0][0] if pace["histogram"] else None
            for status, count in c["statuses"].items():
                into["statuses"][status] = into["statuses"].get(status, 0) + count
            for kind in ("violations", "stale_cache"):
                into["examples"][kind] = (into["examples"][kind] + c["examples"][kind])[:EXAMPLES]
    verification = _merge_verification([r["verification"] for r in reports if "verification" in r])
    if verification is not None:
        merged["verification"] = verification
    keys = list(crawlers)
    step, merged_timelines = _merge_timelines(merged["timeline_step_s"], [timelines[k] for k in keys])
    merged["timeline_step_s"] = step
    for key, timeline in zip(keys, merged_timelines):
        crawlers[key]["timeline"] = timeline
    ordered = sorted(
        crawlers.values(),
        key=lambda c: (-c["violations"], -c["pace"]["shorter_than_asked"], -c["requests"], c["token"], CLASSES.index(c["verification"])),
    )
    merged["unchecked_hosts"] = [
        {"host": host, "requests": n}
        for host, n in sorted(unchecked_hosts.items(), key=lambda kv: (-kv[1], kv[0] is not None, kv[0] or ""))[:UNCHECKED_HOSTS]
    ]
    merged["crawlers"] = ordered
    merged["summary"] = summary(merged)
    # Members in the native report's order (serde_json's: sorted by name).
    return dict(sorted(merged.items()))


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
