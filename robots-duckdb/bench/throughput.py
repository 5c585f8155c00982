#!/usr/bin/env python3
"""Throughput of the DuckDB extension, as ratios against a pure-SQL floor
measured in the same run, and its per-row cost against the Rust library's.

1. ``robots_allowed`` over ROWS rows (default 10 M) of SITES distinct bodies
   (default 300: the corpus files, each with a comment line naming its site),
   URLs from each file's URL list, one agent (GPTBot), the google profile.
   The floor is the same query with the function replaced by reading the
   same columns (``octet_length(body) + octet_length(url)``): the join and
   the scan, which any query over these rows pays.
2. ``robots_access`` over the corpus x the 24 AI agents of Liu et al., beside
   the same floor.

The Rust library's per-row cost of the same call comes from
``examples/per_row.rs`` (same rows, by the same formula; each body compiled
and each matcher resolved once, then one ``Matcher::is_allowed`` a row).
Each query runs REPEAT times, alternating with its floor; the best run of
each counts. Prints a JSON object; ``--markdown`` a table for BENCHMARKS.md.

    bash robots-duckdb/build.sh          # release build
    python3 robots-duckdb/bench/throughput.py [--rows 10000000] [--threads 1]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import time
from pathlib import Path

import duckdb

ROOT = Path(__file__).resolve().parents[1]
REPO = ROOT.parent
CORPUS = REPO / "testdata" / "corpus"
EXTENSION = ROOT / "dist" / "robots.duckdb_extension"
AGENTS = [
    "Amazonbot", "AI2Bot", "anthropic-ai", "Applebot", "Applebot-Extended", "Bytespider",
    "CCBot", "ChatGPT-User", "Claude-Web", "ClaudeBot", "cohere-ai", "Diffbot",
    "FacebookBot", "Google-Extended", "GPTBot", "Kangaroo Bot", "Meta-ExternalAgent",
    "Meta-ExternalFetcher", "OAI-SearchBot", "omgili", "PerplexityBot", "Timpibot",
    "Webzio-Extended", "YouBot",
]  # fmt: skip


def load(con, sites: int, rows: int) -> None:
    import pyarrow as pa

    files = sorted(CORPUS.glob("*.txt"))
    bodies, site_ids, ks, urls = [], [], [], []
    for s in range(sites):
        f = files[s % len(files)]
        bodies.append(f.read_bytes() + f"\n# site {s}\n".encode())
        lines = f.with_suffix(".urls").read_bytes().split(b"\n") if f.with_suffix(".urls").exists() else []
        if lines and lines[-1] == b"":
            lines.pop()
        lines = lines or [b"/"]
        site_ids += [s] * len(lines)
        ks += range(len(lines))
        urls += lines
    con.register("site_bodies", pa.table({"site": list(range(sites)), "body": pa.array(bodies, pa.binary())}))
    con.register("site_urls", pa.table({"site": site_ids, "k": ks, "url": pa.array(urls, pa.binary())}))
    con.execute("CREATE TABLE sites AS SELECT * FROM site_bodies")
    con.execute(
        """
        CREATE TABLE counts AS SELECT site, count(*) AS n FROM site_urls GROUP BY site;
        CREATE TABLE urls AS SELECT * FROM site_urls;
        """
    )
    # Row i: site (i * 2654435761) % SITES, URL (i * 40503) % its count (examples/per_row.rs).
    con.execute(
        f"""
        CREATE TABLE rows AS
        SELECT r.i, r.site, u.url FROM (
            SELECT i, (i * 2654435761) % {sites} AS site FROM range({rows}) t(i)
        ) r JOIN counts c USING (site) JOIN urls u ON u.site = r.site AND u.k = (r.i * 40503) % c.n
        """
    )
    con.execute(
        f"CREATE TABLE pairs AS SELECT f.body, a.agent FROM (SELECT body FROM sites WHERE site < {len(files)}) f "
        "CROSS JOIN (SELECT unnest(?) AS agent) a",
        [AGENTS],
    )


def best(con, sql: str, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        con.execute(sql).fetchall()
        times.append(time.perf_counter() - start)
    return min(times)


def interleaved(con, ours: str, floor: str, repeat: int) -> tuple[float, float]:
    a, b = [], []
    for _ in range(repeat):
        a.append(best(con, ours, 1))
        b.append(best(con, floor, 1))
    return min(a), min(b)


def rust_per_row(rows: int, sites: int, agent: str, profile: str) -> float:
    """The example's ns per row, built with the extension's cargo profile."""
    env = dict(os.environ)
    out = subprocess.run(
        ["cargo", "run", "--quiet", "--locked", "--profile", profile, "--example", "per_row", "--",
         str(CORPUS), str(rows), str(sites), agent],
        cwd=ROOT, capture_output=True, text=True, check=True, env=env,
    ).stdout
    return json.loads(out)["ns_per_row"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=10_000_000)
    parser.add_argument("--sites", type=int, default=300)
    parser.add_argument("--threads", type=int, default=1, help="DuckDB threads (1: comparable to the one-thread Rust loop)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-rust", action="store_true", help="skip the Rust library's run")
    parser.add_argument("--profile", default="release", help="the cargo profile the extension was built with (build.sh's)")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()

    con = duckdb.connect(config={"allow_unsigned_extensions": "true", "threads": str(args.threads)})
    con.execute(f"LOAD '{EXTENSION}'")
    load(con, args.sites, args.rows)
    rows = con.execute("SELECT count(*) FROM rows").fetchone()[0]
    allowed_sql = "SELECT count(*) FILTER (WHERE robots_allowed(s.body, 'GPTBot', r.url)) FROM rows r JOIN sites s USING (site)"
    floor_sql = "SELECT count(*) FILTER (WHERE octet_length(s.body) + octet_length(r.url) > 0) FROM rows r JOIN sites s USING (site)"
    parsed_before = con.execute("SELECT robots_parse_count()").fetchone()[0]
    ours, floor = interleaved(con, allowed_sql, floor_sql, args.repeat)
    parsed = con.execute("SELECT robots_parse_count()").fetchone()[0] - parsed_before
    pairs = con.execute("SELECT count(*) FROM pairs").fetchone()[0]
    access_sql = "SELECT count(*) FILTER (WHERE robots_access(body, agent).kind = 'blocked') FROM pairs"
    access_floor = "SELECT count(*) FILTER (WHERE octet_length(body) + length(agent) > 0) FROM pairs"
    access, access_floor_t = interleaved(con, access_sql, access_floor, args.repeat)
    result = {
        "load": open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else None,
        "threads": args.threads,
        "allowed": {
            "rows": rows,
            "sites": args.sites,
            "seconds": round(ours, 3),
            "floor_seconds": round(floor, 3),
            "ratio_to_floor": round(ours / floor, 2),
            "ns_per_row": round(ours * 1e9 / rows, 1),
            "ns_per_row_above_floor": round((ours - floor) * 1e9 / rows, 1),
            "bodies_parsed": parsed,
        },
        "access": {
            "pairs": pairs,
            "seconds": round(access, 3),
            "floor_seconds": round(access_floor_t, 4),
            "ratio_to_floor": round(access / access_floor_t, 1),
            "us_per_pair": round(access * 1e6 / pairs, 1),
        },
    }
    if not args.no_rust:
        rust = rust_per_row(args.rows, args.sites, "GPTBot", args.profile)
        result["allowed"]["rust_ns_per_row"] = rust
        result["allowed"]["per_row_vs_rust"] = round(result["allowed"]["ns_per_row_above_floor"] / rust, 2)
    if args.markdown:
        a, c = result["allowed"], result["access"]
        print("| query | rows | DuckDB s | floor s | x floor | ns/row above floor | Rust ns/row | x Rust |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        print(
            f"| `robots_allowed` | {a['rows']:,} | {a['seconds']} | {a['floor_seconds']} | {a['ratio_to_floor']} | "
            f"{a['ns_per_row_above_floor']} | {a.get('rust_ns_per_row', '-')} | {a.get('per_row_vs_rust', '-')} |"
        )
        print(f"| `robots_access` | {c['pairs']:,} | {c['seconds']} | {c['floor_seconds']} | {c['ratio_to_floor']} | {c['us_per_pair']} µs/pair | | |")
        print(f"\n(load {result['load']}, {args.threads} DuckDB thread(s), {a['bodies_parsed']} bodies parsed over {args.repeat} runs)")
    else:
        print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
