#!/usr/bin/env bash
# `robots audit` end to end (read, parse, identify, check, report) on a
# generated multi-host access log (benches/audit/gen_log.py), against awk
# reading the same file in the same run: both single threaded, so each uses
# one core. Prints lines per second and CPU seconds for both, their ratio, the
# machine's load, and the same again for the gzip-compressed log (ours reads it
# directly; awk reads `gzip -dc`'s output).
#
#   bash benches/audit/run.sh [LINES]        (default 1,000,000)
#
# Set ROBOTS=path/to/robots to time a binary already built (no cargo build);
# KEEP=DIR keeps the log and the JSON report there.
set -euo pipefail
cd "$(dirname "$0")/../.."
lines=${1:-1000000}
work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
python3 benches/audit/gen_log.py "$lines" >"$work/access.log"
gzip -c "$work/access.log" >"$work/access.log.gz"
if [ -z "${ROBOTS:-}" ]; then
    cargo build --release --locked -p robots-cli --quiet
    ROBOTS=target/release/robots
fi
# One of the four hosts has no robots.txt: its requests are unchecked (exit 1 without the flag).
"$ROBOTS" audit --robots-dir benches/audit/sites --allow-unchecked "$work/access.log" --format json >"$work/report.json"
python3 - "$lines" "$ROBOTS" "$work" <<'PY'
import json, os, resource, subprocess, sys, time

lines, robots, work = int(sys.argv[1]), sys.argv[2], sys.argv[3]
log, gz = f"{work}/access.log", f"{work}/access.log.gz"
# The status is field 10 after the vhost.
awk_prog = "{ n[$10]++ } END { for (s in n) print s, n[s] }"
runs = {
    "robots audit": ["sh", "-c", f'"$0" audit --robots-dir benches/audit/sites --allow-unchecked "$1" --format json >/dev/null 2>&1', robots, log],
    "awk (count statuses)": ["sh", "-c", f"awk '{awk_prog}' \"$0\" >/dev/null", log],
    "robots audit, gzip": ["sh", "-c", f'"$0" audit --robots-dir benches/audit/sites --allow-unchecked "$1" --format json >/dev/null 2>&1', robots, gz],
    "gzip -dc | awk": ["sh", "-c", f"gzip -dc \"$0\" | awk '{awk_prog}' >/dev/null", gz],
}


def once(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


load_before = os.getloadavg()[0]
best = {name: (float("inf"), float("inf")) for name in runs}
for _ in range(5):  # interleaved, so load changes hit both alike
    for name, cmd in runs.items():
        wall, cpu = once(cmd)
        best[name] = (min(best[name][0], wall), min(best[name][1], cpu))

report = json.load(open(f"{work}/report.json"))
size = os.path.getsize(log)
print(f"log: {lines:,} lines, {size / 1e6:.0f} MB ({os.path.getsize(gz) / 1e6:.0f} MB gzip), "
      f"{len(report['crawlers'])} crawlers, {report['malformed']} malformed, "
      f"{report['browser_requests']:,} browser requests")
print(f"audit says: {report['summary']}")
print(f"load average before timing: {load_before:.2f} on {os.cpu_count()} cores")
print(f"{'':24} {'M lines/s (wall)':>17} {'M lines/s (CPU)':>16} {'wall s':>7} {'CPU s':>6}")
for name, (wall, cpu) in best.items():
    print(f"{name:24} {lines / wall / 1e6:17.2f} {lines / cpu / 1e6:16.2f} {wall:7.3f} {cpu:6.3f}")
ours, awk = best["robots audit"], best["awk (count statuses)"]
ours_gz, awk_gz = best["robots audit, gzip"], best["gzip -dc | awk"]
print(f"audit / awk time: {ours[0] / awk[0]:.2f}x wall, {ours[1] / awk[1]:.2f}x CPU; "
      f"gzip: {ours_gz[0] / awk_gz[0]:.2f}x wall, {ours_gz[1] / awk_gz[1]:.2f}x CPU")
print(f"load average after: {os.getloadavg()[0]:.2f}")
PY
