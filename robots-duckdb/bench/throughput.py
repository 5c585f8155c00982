#!/usr/bin/env python3
"""Throughput of the DuckDB extension, as ratios against a pure-SQL floor
measured in the same run, and its per-row cost against the Rust library's.

1. ``robots_allowed`` over ROWS rows (default 10 M) of SITES distinct bodies
   (default 300: the corpus files, each with a comment line naming its site),
   URLs from each file's URL list, one agent (GPTBot), the google profile.
   Row ``i`` is site ``(i * 2654435761) % SITES``; the rows are stored in one
   of two orders (``--order``): ``site``, a site's rows together (as a URL
   table sorted by host is, such as Common Crawl's indexes), and ``random``,
   by ``i`` (nearly every site in every vector of 2,048 rows: the worst case
   for the per-vector work, each distinct body's bytes compared once per
   vector). The floor is the same query with the function replaced by
   reading the same columns (``octet_length(body) + octet_length(url)``):
   the join and the scan, which any query over these rows pays. The key
   form (``--forms``) runs beside it: each site's body compiled once
   (``robots_compile``, timed apart), its key joined to the rows, and
   ``robots_allowed(key, 'GPTBot', url)``, beside its own floor, which reads
   the key and URL columns through the same join.
2. ``robots_access`` over the corpus x the 24 AI agents of Liu et al., beside
   the same floor. Each run's bodies are new (a comment line names the run),
   so every run parses and classifies, as a query over a corpus does.

The Rust library's cost of the same calls comes from ``examples/per_row.rs``
(same rows, by the same formula, in the same order; each body compiled and
each matcher resolved once, then one ``Matcher::is_allowed`` a row; for
access, each file parsed, then each pair classified). The runs interleave:
each repeat runs the query, its floor and the Rust loop once; the best run
of each counts. Prints a JSON object; ``--markdown`` a table for
BENCHMARKS.md.

    bash robots-duckdb/build.sh          # release build
    python3 robots-duckdb/bench/throughput.py [--rows 500000,10000000] [--order site,random] [--forms body,key]
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


def load_sites(con, sites: int) -> float:
    """The sites' bodies and URL lists, and each body's key; the seconds robots_compile took."""
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
    con.execute("CREATE OR REPLACE TABLE sites AS SELECT * FROM site_bodies")
    con.execute("CREATE OR REPLACE TABLE counts AS SELECT site, count(*) AS n FROM site_urls GROUP BY site")
    con.execute("CREATE OR REPLACE TABLE urls AS SELECT * FROM site_urls")
    start = time.perf_counter()
    con.execute("CREATE OR REPLACE TABLE keys AS SELECT site, robots_compile(body) AS k FROM sites")
    return time.perf_counter() - start


def load_rows(con, sites: int, rows: int, order: str) -> None:
    """Row i: site (i * 2654435761) % SITES, URL (i * 40503) % its count
    (examples/per_row.rs), stored in `order`. The URL is found by an equality
    on both (site, k): with k computed in the join condition, DuckDB probed
    every URL of the site for each row (minutes at 10 M rows). The ORDER BY fixes the order:
    without it, the join that builds the table decides it (by its build side,
    which changes with the row count)."""
    by = "site, i" if order == "site" else "i"
    con.execute(
        f"""
        CREATE OR REPLACE TABLE rows AS
        SELECT r.i, r.site, u.url FROM (
            SELECT t.i, t.site, (t.i * 40503) % c.n AS k
            FROM (SELECT i, (i * 2654435761) % {sites} AS site FROM range({rows}) r(i)) t JOIN counts c USING (site)
        ) r JOIN urls u ON u.site = r.site AND u.k = r.k
        ORDER BY {by}
        """
    )


def load_pairs(con, run: int) -> str:
    """The corpus x AGENTS, each body with a comment line naming `run`."""
    import pyarrow as pa

    files = sorted(CORPUS.glob("*.txt"))
    bodies = [f.read_bytes() + f"\n# run {run}\n".encode() for f in files]
    name = f"pairs_{run}"
    con.register("run_bodies", pa.table({"body": pa.array(bodies, pa.binary())}))
    con.execute(
        f"CREATE OR REPLACE TABLE {name} AS SELECT f.body, a.agent FROM run_bodies f CROSS JOIN (SELECT unnest(?) AS agent) a",
        [AGENTS],
    )
    con.unregister("run_bodies")
    return name


def timed(con, sql: str) -> float:
    start = time.perf_counter()
    con.execute(sql).fetchall()
    return time.perf_counter() - start


def rust(*args: str) -> dict:
    """One run of the example (built with the extension's cargo profile)."""
    out = subprocess.run(
        ["cargo", "run", "--quiet", "--locked", "--profile", PROFILE, "--example", "per_row", "--", *args],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout
    return json.loads(out)


PROFILE = "release"


def main() -> None:
    global PROFILE
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", default="10000000", help="row counts, comma-separated")
    parser.add_argument("--order", default="site,random", help="row orders: site, random (comma-separated)")
    parser.add_argument("--forms", default="body,key", help="robots_allowed's forms: body, key (comma-separated)")
    parser.add_argument("--sites", type=int, default=300)
    parser.add_argument("--threads", type=int, default=1, help="DuckDB threads (1: comparable to the one-thread Rust loop)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-rust", action="store_true", help="skip the Rust library's runs")
    parser.add_argument("--no-access", action="store_true", help="skip robots_access")
    parser.add_argument("--no-allowed", action="store_true", help="skip robots_allowed (time robots_access only)")
    parser.add_argument("--profile", default="release", help="the cargo profile the extension was built with (build.sh's)")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    PROFILE = args.profile

    con = duckdb.connect(config={"allow_unsigned_extensions": "true", "threads": str(args.threads)})
    con.execute(f"LOAD '{EXTENSION}'")
    compile_seconds = load_sites(con, args.sites)
    # (query, floor) per form: the body joined to every row, or its key.
    queries = {
        "body": (
            "SELECT count(*) FILTER (WHERE robots_allowed(s.body, 'GPTBot', r.url)) FROM rows r JOIN sites s USING (site)",
            "SELECT count(*) FILTER (WHERE octet_length(s.body) + octet_length(r.url) > 0) FROM rows r JOIN sites s USING (site)",
        ),
        "key": (
            "SELECT count(*) FILTER (WHERE robots_allowed(p.k, 'GPTBot', r.url)) FROM rows r JOIN keys p USING (site)",
            "SELECT count(*) FILTER (WHERE p.k % 2 + octet_length(r.url) > 0) FROM rows r JOIN keys p USING (site)",
        ),
    }
    forms = args.forms.split(",")
    loads = []
    allowed = []
    for order in [] if args.no_allowed else args.order.split(","):
        for rows in (int(n) for n in args.rows.split(",")):
            load_rows(con, args.sites, rows, order)
            parsed_before = con.execute("SELECT robots_parse_count()").fetchone()[0]
            ours = {form: [] for form in forms}
            floor = {form: [] for form in forms}
            counts = {}
            theirs = []
            for _ in range(args.repeat):
                for form in forms:
                    query, floor_query = queries[form]
                    start = time.perf_counter()
                    counts[form] = con.execute(query).fetchone()[0]
                    ours[form].append(time.perf_counter() - start)
                    floor[form].append(timed(con, floor_query))
                if not args.no_rust:
                    theirs.append(rust("allowed", str(CORPUS), str(rows), str(args.sites), "GPTBot", order)["ns_per_row"])
                loads.append(float(open("/proc/loadavg").read().split()[0]))
            parsed = con.execute("SELECT robots_parse_count()").fetchone()[0] - parsed_before
            # Both forms count the same allowed rows (a check, not a timing).
            assert len(set(counts.values())) == 1, counts
            for form in forms:
                a, f = min(ours[form]), min(floor[form])
                entry = {
                    "form": form,
                    "order": order,
                    "rows": rows,
                    "allowed_rows": counts[form],
                    "seconds": round(a, 3),
                    "floor_seconds": round(f, 3),
                    "ratio_to_floor": round(a / f, 2),
                    "ns_per_row": round(a * 1e9 / rows, 1),
                    "ns_per_row_above_floor": round((a - f) * 1e9 / rows, 1),
                    "bodies_parsed": parsed,
                }
                if theirs:
                    entry["rust_ns_per_row"] = min(theirs)
                    entry["per_row_vs_rust"] = round(entry["ns_per_row_above_floor"] / min(theirs), 2)
                allowed.append(entry)
                print(json.dumps(entry), flush=True)
    con.execute("DROP TABLE IF EXISTS rows")

    access = None
    if not args.no_access:
        access_ours, access_floor, access_rust = [], [], []
        for run in range(args.repeat):
            table = load_pairs(con, run)
            access_ours.append(timed(con, f"SELECT count(*) FILTER (WHERE robots_access(body, agent).kind = 'blocked') FROM {table}"))
            access_floor.append(timed(con, f"SELECT count(*) FILTER (WHERE octet_length(body) + length(agent) > 0) FROM {table}"))
            if not args.no_rust:
                access_rust.append(rust("access", str(CORPUS), *AGENTS)["us_per_pair"])
            loads.append(float(open("/proc/loadavg").read().split()[0]))
            con.execute(f"DROP TABLE {table}")
        pairs = len(sorted(CORPUS.glob("*.txt"))) * len(AGENTS)
        a, f = min(access_ours), min(access_floor)
        access = {
            "pairs": pairs,
            "seconds": round(a, 3),
            "floor_seconds": round(f, 4),
            "ratio_to_floor": round(a / f, 1),
            "us_per_pair": round(a * 1e6 / pairs, 1),
        }
        if access_rust:
            access["rust_us_per_pair"] = min(access_rust)
            access["per_pair_vs_rust"] = round(access["us_per_pair"] / min(access_rust), 2)
    result = {
        "load_1min": {"min": min(loads), "max": max(loads)},
        "threads": args.threads,
        "compile_seconds": round(compile_seconds, 3),
        "repeat": args.repeat,
        "allowed": allowed,
        "access": access,
    }
    if args.markdown:
        print("| query | order | rows | DuckDB s | floor s | x floor | ns/row above floor | Rust ns/row | x Rust |")
        print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        names = {"body": "`robots_allowed(body, …)`", "key": "`robots_allowed(key, …)`"}
        for a in allowed:
            print(
                f"| {names[a['form']]} | {a['order']} | {a['rows']:,} | {a['seconds']} | {a['floor_seconds']} | {a['ratio_to_floor']} | "
                f"{a['ns_per_row_above_floor']} | {a.get('rust_ns_per_row', '-')} | {a.get('per_row_vs_rust', '-')} |"
            )
        if access:
            c = access
            print(
                f"| `robots_access` | corpus x 24 | {c['pairs']:,} | {c['seconds']} | {c['floor_seconds']} | {c['ratio_to_floor']} | "
                f"{c['us_per_pair']} µs/pair | {c.get('rust_us_per_pair', '-')} µs/pair | {c.get('per_pair_vs_rust', '-')} |"
            )
        print(
            f"\n(1-min load {result['load_1min']['min']}-{result['load_1min']['max']} on 2 cores; "
            f"{args.threads} DuckDB thread(s); best of {args.repeat} interleaved runs each; "
            f"robots_compile of the {args.sites} sites' bodies: {result['compile_seconds']} s)"
        )
    else:
        print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
