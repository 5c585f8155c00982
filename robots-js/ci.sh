#!/usr/bin/env bash
# The `wasm` stage: build the npm package and run every JavaScript test.
#   bash robots-js/ci.sh
# Installs what it needs when missing (idempotent): the rustup wasm32 target (for
# clippy), rust-src (build.sh rebuilds std for the module) and the pinned
# wasm-bindgen CLI (cargo install); build.sh installs binaryen (npm ci).
# Tests: node --test (API, conformance, fetch on loopback, robots-parser's own
# suite through the drop-in, npm pack -> install -> require/import, a corpus
# sample against the Rust CLI).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"
start=$(date +%s)

# The wasm32 target, for clippy below (build.sh falls back to Debian's
# rustc-web where rustup cannot add it).
rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown \
    || rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true

# Format and lint the crate (its own workspace).
# From its directory, so that its .cargo/config.toml (SIMD) applies as in build.sh.
cd "$here"
cargo fmt --check --all
CARGO_TARGET_DIR="${ROBOTS_JS_TARGET_DIR:-${CARGO_TARGET_DIR:-$here/target}}" \
    cargo clippy --locked --target wasm32-unknown-unknown --workspace --all-targets -- -D warnings

bash "$here/build.sh"
built=$(date +%s)

# The size of the full-API module a page downloads, gzip -9. The target is
# 200,000 B (issue 35, held by issue 50), and this limit is the target: the
# module weighs 199,878 B (2026-12-03). It was 207,449 B after the one-crawler
# read for a first verdict (`check_for_agent`) reshaped robots-core's compile
# stage; std's sorts built for size (their cost moved from `new Policy` to the
# first check when the tables came to be built on first need), one `lex_line`
# for both syntaxes and robots-core's cold code optimised for size took it
# back under (BENCHMARKS.md says where the bytes went). ROBOTS_JS_MAX_GZIP can
# only lower the limit (to see the guard fail), never raise it.
max_gzip=200000
if [ -n "${ROBOTS_JS_MAX_GZIP:-}" ] && [ "$ROBOTS_JS_MAX_GZIP" -lt "$max_gzip" ]; then
    max_gzip="$ROBOTS_JS_MAX_GZIP"
fi
wasm="$here/pkg/web/robots_engine_bg.wasm"
gzipped=$(gzip -9 -c "$wasm" | wc -c)
if [ "$gzipped" -gt "$max_gzip" ]; then
    echo "ci.sh: the full-API module is $gzipped B gzipped (gzip -9), over the limit of $max_gzip B: $wasm" >&2
    exit 1
fi
echo "ci.sh: the full-API module is $gzipped B gzipped (gzip -9), within $max_gzip B" >&2
# For a caller waiting on the package alone (.ci/run: the page bundles it).
[ -z "${ROBOTS_JS_BUILT:-}" ] || touch "$ROBOTS_JS_BUILT"

# The reference verdicts for the corpus sample come from the CLI.
if [ -z "${ROBOTS_BIN:-}" ]; then
    (cd "$repo" && cargo build --locked -p robots-cli --bin robots >&2)
    export ROBOTS_BIN="${CARGO_TARGET_DIR:-$repo/target}/debug/robots"
fi

cd "$here"
node --test test/*.test.js
echo "ci.sh: wasm stage: build $((built - start)) s, total $(( $(date +%s) - start )) s" >&2
