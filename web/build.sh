#!/usr/bin/env bash
# Build the browser tester into web/dist/: index.html, style.css, main.js,
# worker.js, share-worker.js and the engine's .wasm, self-contained (any static
# server hosts it); and the log audit's audit.css, audit-worker.js and its .wasm.
#
#   bash web/build.sh
#
# The engine is the npm package robots-engine, built from robots-js/ by
# `bash robots-js/build.sh` when robots-js/pkg is missing or older than the
# sources it is built from. The page's own dependencies (CodeMirror, lz-string,
# esbuild) come from web/package-lock.json through `npm ci`.
set -euo pipefail

web="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$web/.." && pwd)"
pkg="$root/robots-js/pkg"
dist="$web/dist"

# --- the engine package --------------------------------------------------------
engine_sources=()
# What the package is built from (not its tests, benchmarks or README).
for path in robots-js/src robots-js/js robots-js/npm robots-js/Cargo.toml robots-js/Cargo.lock robots-js/build.sh \
  robots-core/src robots-runtime/src robots-registry/src robots-registry/crawlers.toml robots-fetch/src robots-lint/src; do
  [[ -e "$root/$path" ]] && engine_sources+=("$root/$path")
done

pkg_stale() {
  local wasm
  wasm="$(find "$pkg" -name '*.wasm' -print -quit 2>/dev/null || true)"
  [[ -z "$wasm" ]] && return 0
  # Anything the package is built from that is newer than its .wasm.
  [[ -n "$(find "${engine_sources[@]}" -newer "$wasm" -type f \
    -not -path "$pkg/*" -not -path '*/target/*' -not -path '*/node_modules/*' -print -quit)" ]]
}

if [[ ! -f "$root/robots-js/build.sh" ]]; then
  echo "web/build.sh: robots-js/build.sh is missing: the page needs the robots-engine package" >&2
  exit 1
fi
if pkg_stale; then
  echo "web/build.sh: building robots-js/pkg (bash robots-js/build.sh)" >&2
  bash "$root/robots-js/build.sh"
fi

# The package's browser entry (robots-engine/web) and the .wasm it loads.
entry="$pkg/web.mjs"
wasm="$pkg/web/robots_engine_bg.wasm"
for f in "$entry" "$wasm"; do
  if [[ ! -f "$f" ]]; then
    echo "web/build.sh: $f is missing: robots-js/build.sh did not write the browser entry" >&2
    exit 1
  fi
done

# --- the log audit's module ---------------------------------------------------------
# Not the npm package: a module of its own (robots-js/audit), which the page
# loads only when a log is given (robots-js/build.sh --audit).
audit_pkg="$root/robots-js/pkg-audit"
audit_sources=()
for path in robots-js/audit robots-js/Cargo.toml robots-js/Cargo.lock robots-js/build.sh \
  robots-audit/src robots-audit/Cargo.toml robots-audit-html/src robots-audit-html/Cargo.toml \
  robots-core/src robots-registry/src robots-registry/crawlers.toml robots-lint/src; do
  [[ -e "$root/$path" ]] && audit_sources+=("$root/$path")
done
audit_wasm="$audit_pkg/robots_audit_bg.wasm"
if [[ ! -f "$audit_wasm" || -n "$(find "${audit_sources[@]}" -newer "$audit_wasm" -type f \
    -not -path '*/target/*' -print -quit)" ]]; then
  echo "web/build.sh: building robots-js/pkg-audit (bash robots-js/build.sh --audit)" >&2
  bash "$root/robots-js/build.sh" --audit "$audit_pkg"
fi

# --- the page's dependencies ------------------------------------------------------
cd "$web"
if [[ ! -d node_modules || package-lock.json -nt node_modules/.package-lock.json ]]; then
  npm ci --no-audit --no-fund >&2
fi

# --- bundle ------------------------------------------------------------------
# Built aside, then moved in file by file only where a file's bytes changed: the
# CLI embeds web/dist and its build watches it, so an unchanged page must keep
# its files' times (else every run recompiles robots-cli).
fresh="$(mktemp -d "${TMPDIR:-/tmp}/robots-web-dist.XXXXXX")"
trap 'rm -rf "$fresh"' EXIT
node_modules/.bin/esbuild src/main.js src/worker.js src/share-worker.js src/audit-worker.js \
  --bundle --format=esm --target=es2022 --minify \
  --alias:robots-engine-web="$entry" \
  --alias:robots-audit-web="$audit_pkg/robots_audit.js" \
  --outdir="$fresh" --log-level=warning
cp src/index.html src/style.css "$fresh/"
cp "$wasm" "$fresh/robots_engine_bg.wasm"
cp "$audit_wasm" "$fresh/robots_audit_bg.wasm"
# The report's own style (robots-audit-html's, as the CLI's page has it), then the section's.
cat "$root/robots-audit-html/src/style.css" src/audit-page.css > "$fresh/audit.css"
mkdir -p "$dist"
for f in "$dist"/*; do
  [[ -e $f && ! -e "$fresh/${f##*/}" ]] && rm -rf "$f"
done
for f in "$fresh"/*; do
  cmp -s "$f" "$dist/${f##*/}" || cp "$f" "$dist/"
done

size() { wc -c <"$1" | tr -d ' '; }
gz() { gzip -9c "$1" | wc -c | tr -d ' '; }
echo "web/build.sh: wrote $dist" >&2
for f in index.html style.css main.js worker.js share-worker.js robots_engine_bg.wasm audit.css audit-worker.js robots_audit_bg.wasm; do
  printf '  %-24s %9s bytes  %9s gzipped\n' "$f" "$(size "$dist/$f")" "$(gz "$dist/$f")" >&2
done
