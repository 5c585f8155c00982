"""Benchmarks of robots_engine against protego, urllib.robotparser and fastrobots,
all in one run on the corpus (testdata/corpus), plus Spark local mode.

    python robots-python/bench/bench.py [--spark-rows N] [--out FILE.json]

Figures printed (and written as JSON with --out):
- single checks: seconds per ``is_allowed`` / ``can_fetch`` over every
  (file, URL) pair of the corpus, agent Googlebot, parse excluded;
- batches: ``Matcher.allowed_many`` checks per second on one core, per file
  (its URLs repeated to 200,000), the median over files, for a PyArrow array
  and for a list of str;
- parse: seconds to parse the whole corpus once;
- Spark local[2]: rows per second of the same job (join URLs with robots.txt,
  add an ``allowed`` column) with our UDF and with a protego UDF;
- agreement: the share of (file, URL) pairs where each peer's verdict equals
  our ``google`` profile's.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import sys
import time
import urllib.robotparser
from pathlib import Path

import pandas as pd  # module level: pandas_udf resolves the type hints here
import pyarrow as pa

from robots_engine import Policy

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "testdata" / "corpus"
AGENT = "Googlebot"


def load_corpus() -> list[tuple[str, bytes, list[str]]]:
    files = []
    for txt in sorted(CORPUS.glob("*.txt")):
        urls_file = txt.with_suffix(".urls")
        if not urls_file.exists():
            continue
        urls = [u for u in urls_file.read_text(encoding="utf-8", errors="replace").splitlines() if u]
        files.append((txt.stem, txt.read_bytes(), urls))
    return files


def best_of(runs: int, fn) -> float:
    times = []
    for _ in range(runs):
        gc.collect()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def urllib_parser(body: bytes):
    rp = urllib.robotparser.RobotFileParser()
    rp.parse(body.decode("utf-8", errors="replace").splitlines())
    return rp


def peers():
    from fastrobots import Robots
    from protego import Protego

    text = lambda b: b.decode("utf-8", errors="replace")  # noqa: E731
    return {
        "robots_engine": (lambda b: Policy(b, "google"), lambda p, u: p.is_allowed(AGENT, u)),
        "robots_engine Matcher": (lambda b: Policy(b, "google").matcher(AGENT), lambda m, u: m.is_allowed(u)),
        "protego": (lambda b: Protego.parse(text(b)), lambda p, u: p.can_fetch(u, AGENT)),
        "urllib.robotparser": (urllib_parser, lambda p, u: p.can_fetch(AGENT, u)),
        "fastrobots": (lambda b: Robots.parse(text(b)), lambda p, u: p.allowed(u, AGENT)),
    }


def bench_single_and_parse(files) -> dict:
    results = {}
    n_checks = sum(len(urls) for _, _, urls in files)
    for name, (parse, check) in peers().items():
        parsed = [parse(body) for _, body, _ in files]
        parse_s = best_of(3, lambda: [parse(body) for _, body, _ in files])

        def checks():
            for p, (_, _, urls) in zip(parsed, files):
                for u in urls:
                    check(p, u)

        check_s = best_of(3, checks)
        verdicts = [[bool(check(p, u)) for u in urls] for p, (_, _, urls) in zip(parsed, files)]
        results[name] = {"parse_corpus_s": parse_s, "ns_per_check": check_s / n_checks * 1e9, "verdicts": verdicts}
    ours = results["robots_engine"]["verdicts"]
    total = sum(len(v) for v in ours)
    for name, r in results.items():
        same = sum(a == b for va, vb in zip(r.pop("verdicts"), ours) for a, b in zip(va, vb))
        r["agreement_with_google_profile"] = same / total
    results["_checks"] = n_checks
    results["_files"] = len(files)
    return results


def bench_batches(files, size: int = 200_000) -> dict:
    arrow_rates, list_rates = [], []
    for _, body, urls in files:
        matcher = Policy(body, "google").matcher(AGENT)
        batch = (urls * (size // len(urls) + 1))[:size]
        arrow = pa.array(batch)
        arrow_rates.append(size / best_of(3, lambda: matcher.allowed_many(arrow)))
        list_rates.append(size / best_of(3, lambda: matcher.allowed_many(batch)))
    return {
        "arrow_median_checks_per_s": statistics.median(arrow_rates),
        "list_median_checks_per_s": statistics.median(list_rates),
        "arrow_min_checks_per_s": min(arrow_rates),
        "batch_size": size,
    }


def bench_spark(files, rows: int) -> dict:
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    from protego import Protego
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F
    from pyspark.sql.functions import pandas_udf

    from robots_engine.spark import robots_allowed

    spark = (
        SparkSession.builder.master("local[2]").appName("robots-bench")
        .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "4")
        .config("spark.driver.bindAddress", "127.0.0.1").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.memory", "4g").getOrCreate()
    )

    @pandas_udf("boolean")
    def protego_allowed(bodies: pd.Series, urls: pd.Series) -> pd.Series:
        cache: dict = {}
        out = []
        for body, url in zip(bodies, urls):
            parser = cache.get(body)
            if parser is None:
                parser = cache[body] = Protego.parse(body.decode("utf-8", errors="replace"))
            out.append(parser.can_fetch(url, AGENT))
        return pd.Series(out)

    robots = spark.createDataFrame([(name, body) for name, body, _ in files], "origin string, robots binary").cache()
    pairs = [(name, u) for name, _, urls in files for u in urls]
    pairs = (pairs * (rows // len(pairs) + 1))[:rows]
    urls = spark.createDataFrame(pairs, "origin string, url string").repartition(4).cache()
    urls.count()
    robots.count()
    joined = urls.join(F.broadcast(robots), "origin")

    def job(column):
        return joined.withColumn("allowed", column).agg(F.sum(F.col("allowed").cast("long"))).collect()[0][0]

    ours_s = best_of(2, lambda: job(robots_allowed("robots", "url", agent=AGENT)))
    protego_s = best_of(2, lambda: job(protego_allowed("robots", "url")))
    empty_s = best_of(2, lambda: joined.withColumn("allowed", F.lit(True)).agg(F.sum(F.col("allowed").cast("long"))).collect())
    spark.stop()
    return {
        "rows": rows,
        "ours_rows_per_s": rows / ours_s,
        "protego_rows_per_s": rows / protego_s,
        "no_udf_rows_per_s": rows / empty_s,
        "ratio": protego_s / ours_s,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--spark-rows", type=int, default=2_000_000)
    parser.add_argument("--no-spark", action="store_true")
    parser.add_argument("--only-spark", action="store_true")
    parser.add_argument("--out")
    args = parser.parse_args()
    files = load_corpus()
    report = {"machine": f"{platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}"}
    if not args.only_spark:
        report["single"] = bench_single_and_parse(files)
        report["batches"] = bench_batches(files)
    if not args.no_spark:
        report["spark"] = bench_spark(files, args.spark_rows)
    print(json.dumps(report, indent=2))
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
