#!/usr/bin/env bash
# The `browser` stage: the tester in a real browser.
#
#   bash web/ci.sh            the Playwright tests (what `bash .ci/run` runs): the page,
#                             `robots audit --format html`'s page, the page's log audit
#   bash web/ci.sh timings    the page's timings instead (BENCHMARKS.md; reported,
#                             never asserted, so not part of the test run)
#
# Installs what it needs when missing (Debian's chromium; the page's npm
# dependencies, playwright-core among them), builds web/dist (and the
# robots-engine package when it is missing or stale), then runs the tests or
# the timings. Screenshots and timings go to $ROBOTS_WEB_RESULTS (default
# web/test-results); the path is printed.
#
# ROBOTS_BIN: a `robots` binary that embeds this web/dist, for the CLI
# comparisons and the `robots web` test. Without it, the CLI is built here.
set -euo pipefail

mode="${1:-tests}"
case "$mode" in
  tests | timings) ;;
  *) echo "usage: bash web/ci.sh [timings]" >&2; exit 2 ;;
esac

web="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$web/.." && pwd)"
export ROBOTS_WEB_RESULTS="${ROBOTS_WEB_RESULTS:-$web/test-results}"

if [[ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]]; then
  echo "web/ci.sh: installing chromium (apt)" >&2
  if [[ $(id -u) -eq 0 ]]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq chromium >/dev/null
fi

bash "$web/build.sh"

# The CLI comparisons and the `robots web` test use the robots binary, built
# after web/dist so that it embeds this page (a no-op when nothing changed).
if [[ -z "${ROBOTS_BIN:-}" ]] && command -v cargo >/dev/null; then
  (cd "$root" && cargo build -q -p robots-cli --locked)
fi

mkdir -p "$ROBOTS_WEB_RESULTS"
cd "$web"
if [[ $mode == timings ]]; then
  node test/timings.mjs
  node test/audit-timings.mjs
  echo "web/ci.sh: timings in $ROBOTS_WEB_RESULTS/timings.json and audit-timings.json"
else
  rm -rf "$ROBOTS_WEB_RESULTS/screenshots"
  node --test --test-concurrency=1 test/page.test.mjs test/audit-report.test.mjs test/audit-page.test.mjs
  echo "web/ci.sh: screenshots in $ROBOTS_WEB_RESULTS/screenshots"
fi
