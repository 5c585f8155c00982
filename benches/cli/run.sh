#!/usr/bin/env bash
# `robots check FILE --agent Googlebot` streaming absolute URLs from standard
# input, against its floor and itself: `awk '{print "allowed\t" $0}'` on the
# same lines (reading and writing each line is all awk does), and the same
# URLs given as bare paths (so what the absolute form costs shows alone). The
# URLs are every corpus path (testdata/corpus/*.urls) under `https://` and a
# corpus host, cycled to LINES lines; the robots.txt is the median-size corpus
# file. Rounds are interleaved, so load changes hit every command alike; each
# command's best round counts, in CPU seconds (user + system, its one core)
# and in wall seconds. Prints the ratios and the machine's load.
#
#   bash benches/cli/run.sh [LINES]        (default 1,000,000)
#
# ROBOTS=path/to/robots times a binary already built (no cargo build);
# ROUNDS=N sets the rounds (default 7); KEEP=DIR keeps the inputs there.
set -euo pipefail
cd "$(dirname "$0")/../.."
lines=${1:-1000000}
work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
if [ -z "${ROBOTS:-}" ]; then
    cargo build --release --locked -p robots-cli --quiet
    ROBOTS=target/release/robots
fi
python3 - "$lines" "$ROBOTS" "$work" "${ROUNDS:-7}" <<'PY'
import os, resource, subprocess, sys, time
from pathlib import Path

lines, robots, work, rounds = int(sys.argv[1]), sys.argv[2], Path(sys.argv[3]), int(sys.argv[4])
corpus = Path("testdata/corpus")
sites = sorted(p.stem for p in corpus.glob("*.urls"))
# Hosts as a crawler meets them: the corpus names that read as host names.
hosts = [s for s in sites if "." in s and all(c.isalnum() or c in ".-" for c in s)]
paths = [p for s in sites for p in (corpus / f"{s}.urls").read_text().splitlines()]
with open(work / "urls.txt", "w") as urls, open(work / "paths.txt", "w") as bare:
    for i in range(lines):
        path = paths[i % len(paths)]
        urls.write(f"https://{hosts[i % len(hosts)]}{path}\n")
        bare.write(f"{path}\n")
# The median-size corpus file, as the report's CLI row uses.
texts = sorted(corpus.glob("*.txt"), key=lambda p: (p.stat().st_size, p.name))
robots_txt = texts[len(texts) // 2]

ours = ["sh", "-c", '"$0" check "$1" --agent Googlebot < "$2" > /dev/null', robots, str(robots_txt)]
runs = {
    "robots check, URLs": ours + [str(work / "urls.txt")],
    "robots check, paths": ours + [str(work / "paths.txt")],
    "awk, URLs": ["sh", "-c", "awk '{print \"allowed\\t\" $0}' < \"$0\" > /dev/null", str(work / "urls.txt")],
}
# The verdicts must not depend on the form: the same lines, the same words.
check = lambda f: subprocess.run([robots, "check", str(robots_txt), "--agent", "Googlebot"],
                                 stdin=open(work / f), capture_output=True, check=True).stdout
words = lambda out: [l.split(b"\t", 1)[0] for l in out.splitlines()]
# A path that starts with `//` reads as a protocol-relative URL (its first
# segment a host) when it stands alone: those lines are left out.
kept = [not paths[i % len(paths)].startswith("//") for i in range(lines)]
same = all(a == b for a, b, k in zip(words(check("urls.txt")), words(check("paths.txt")), kept) if k)


def once(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


load_before = os.getloadavg()
best = {name: (float("inf"), float("inf")) for name in runs}
for _ in range(rounds):
    for name, cmd in runs.items():
        wall, cpu = once(cmd)
        best[name] = (min(best[name][0], wall), min(best[name][1], cpu))
load_after = os.getloadavg()

print(f"{lines:,} lines; robots.txt {robots_txt.name} ({robots_txt.stat().st_size:,} B); "
      f"{len(hosts)} hosts; verdicts of URLs and paths identical: {same}")
print("load average (1, 5, 15 min) before: {:.2f} {:.2f} {:.2f}; after: {:.2f} {:.2f} {:.2f}; {} cores"
      .format(*load_before, *load_after, os.cpu_count()))
print(f"best of {rounds} interleaved rounds")
print(f"{'':22} {'CPU s':>7} {'ns/line CPU':>12} {'wall s':>7} {'ns/line wall':>13}")
for name, (wall, cpu) in best.items():
    print(f"{name:22} {cpu:7.3f} {cpu * 1e9 / lines:12.0f} {wall:7.3f} {wall * 1e9 / lines:13.0f}")
u, p, a = best["robots check, URLs"], best["robots check, paths"], best["awk, URLs"]
print(f"URLs / awk:   {u[1] / a[1]:.2f}x CPU, {u[0] / a[0]:.2f}x wall   (target <= 1.6x)")
print(f"URLs / paths: {u[1] / p[1]:.2f}x CPU, {u[0] / p[0]:.2f}x wall   (target <= 1.2x)")
if not same:
    sys.exit("the verdicts of the URLs and of the same paths differ")
PY
