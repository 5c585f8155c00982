#!/usr/bin/env bash
# `robots audit` end to end on a generated 1,000,000-line access log, against
# awk reading the same file in the same run (one core each: audit is single
# threaded, awk too). Prints lines per second for both and their ratio.
#
#   bash benches/audit/run.sh [LINES]
set -euo pipefail
cd "$(dirname "$0")/../.."
lines=${1:-1000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 benches/audit/gen_log.py "$lines" >"$work/access.log"
cargo build --release --locked -p robots-cli --quiet
robots=target/release/robots
best() { # best of 3 wall-clock seconds of "$@"
    local best=
    for _ in 1 2 3; do
        local start end
        start=$(date +%s.%N)
        "$@" >/dev/null
        end=$(date +%s.%N)
        best=$(python3 -c "a,b,c='$best',$start,$end; t=c-b; print(t if not a else min(float(a),t))")
    done
    echo "$best"
}
audit=$(best "$robots" audit benches/audit/robots.txt "$work/access.log" --format json)
awk_time=$(best awk '{ n[$9]++ } END { for (s in n) print s, n[s] }' "$work/access.log")
python3 - "$lines" "$audit" "$awk_time" <<'PY'
import sys
lines, audit, awk = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
print(f"robots audit: {lines / audit / 1e6:.2f} M lines/s ({audit:.3f} s)")
print(f"awk (count statuses): {lines / awk / 1e6:.2f} M lines/s ({awk:.3f} s)")
print(f"audit / awk time: {audit / awk:.2f}x")
PY
