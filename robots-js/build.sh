#!/usr/bin/env bash
# Build the `robots-engine` npm package into robots-js/pkg/:
#   bash robots-js/build.sh              # the full package
#   bash robots-js/build.sh --engine-only OUT_DIR   # weigh an engine-only .wasm (not a package)
#
# Installs what it needs when missing: the wasm32 target (rustup), the pinned
# wasm-bindgen CLI (cargo install, ~10 min once), and uses wasm-opt (binaryen)
# when present.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
target=wasm32-unknown-unknown
# Where cargo puts the build: its own target/, or the one a caller shares (.ci/run).
target_dir="${CARGO_TARGET_DIR:-target}"
# The wasm-bindgen crate's version, as Cargo.lock pins it: the CLI must match.
wb_version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"

log() { printf 'build.sh: %s\n' "$*" >&2; }

cargo_build() {
    if rustup target list --installed 2>/dev/null | grep -qx "$target" \
        || rustup target add "$target" >/dev/null 2>&1; then
        cargo build --locked --release --target "$target" "$@"
    else
        # Fallback where rustup cannot add the target: Debian's rustc-web with
        # lld, building std from source.
        log "no rustup wasm32 target: using Debian's rustc-web (apt) with -Z build-std"
        if ! command -v wasm-ld-22 >/dev/null; then
            apt-get install -y --no-install-recommends rustc-web cargo-web rust-web-src lld-22 >&2
        fi
        RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 \
            CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-22 \
            /usr/bin/cargo build --locked --release --target "$target" \
            -Z build-std=std,panic_abort "$@"
    fi
}

ensure_bindgen() {
    if command -v wasm-bindgen >/dev/null && [ "$(wasm-bindgen --version | awk '{print $2}')" = "$wb_version" ]; then
        return
    fi
    log "installing wasm-bindgen-cli $wb_version (about 10 minutes on 2 cores)"
    # Not --locked: the registry here lacks one locked version of a dependency.
    cargo install wasm-bindgen-cli --version "$wb_version" >&2
}

optimise() {
    if [ -n "${ROBOTS_JS_NO_OPT:-}" ]; then
        log "ROBOTS_JS_NO_OPT set: wasm-opt skipped (development builds only)"
    elif ! command -v wasm-opt >/dev/null; then
        log "wasm-opt not found (apt-get install binaryen): the .wasm is left unoptimised"
    elif [ "$(wasm-opt --version | grep -o '[0-9]\+' | head -1)" -lt 116 ]; then
        # Older binaryen mis-handles the reference-types output of current rustc
        # and wasm-bindgen (the module no longer loads).
        log "$(wasm-opt --version) is older than 116: the .wasm is left unoptimised"
    else
        wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int \
            --enable-sign-ext --enable-mutable-globals --enable-reference-types \
            --enable-multivalue "$1" -o "$1.opt"
        mv "$1.opt" "$1"
    fi
}

gz_size() { gzip -9 -c "$1" | wc -c; }

if [ "${1:-}" = "--engine-only" ]; then
    out="${2:?usage: build.sh --engine-only OUT_DIR}"
    ensure_bindgen
    # The same target directory: the dependencies built for the full package are reused.
    cargo_build --no-default-features
    rm -rf "$out" && mkdir -p "$out"
    wasm-bindgen --target web --out-dir "$out" --out-name robots_engine \
        "$target_dir/$target/release/robots_engine.wasm"
    optimise "$out/robots_engine_bg.wasm"
    log "engine-only .wasm: $(wc -c < "$out/robots_engine_bg.wasm") bytes, $(gz_size "$out/robots_engine_bg.wasm") gzipped"
    exit 0
fi

ensure_bindgen
cargo_build
wasm="$target_dir/$target/release/robots_engine.wasm"

pkg="$here/pkg"
rm -rf "$pkg"
mkdir -p "$pkg/lib"
# CommonJS glue for Node's require(), ES-module glue for import and browsers.
wasm-bindgen --target nodejs --out-dir "$pkg/node" --out-name robots_engine "$wasm"
wasm-bindgen --target web --out-dir "$pkg/web" --out-name robots_engine "$wasm"
rm -f "$pkg"/node/*.d.ts "$pkg"/web/*.d.ts "$pkg"/node/package.json "$pkg"/web/package.json
printf '{ "type": "commonjs" }\n' > "$pkg/node/package.json"
printf '{ "type": "module" }\n' > "$pkg/web/package.json"
for d in node web; do cp "$pkg/$d/robots_engine_bg.wasm" "$pkg/$d/robots_engine_bg.wasm.orig"; done
if cmp -s "$pkg/node/robots_engine_bg.wasm" "$pkg/web/robots_engine_bg.wasm"; then
    # The same module under both glues: optimise it once.
    optimise "$pkg/web/robots_engine_bg.wasm"
    cp "$pkg/web/robots_engine_bg.wasm" "$pkg/node/robots_engine_bg.wasm"
else
    optimise "$pkg/node/robots_engine_bg.wasm"
    optimise "$pkg/web/robots_engine_bg.wasm"
fi

# The API layer, written once (js/), wrapped once per module system.
{
    printf "'use strict';\n"
    cat js/api.js js/fetch.js js/robots-parser.js js/build.js
    printf '\nmodule.exports = { build };\n'
} > "$pkg/lib/engine.cjs"
{
    cat js/api.js js/fetch.js js/robots-parser.js js/build.js
    printf '\nexport { build };\n'
} > "$pkg/lib/engine.mjs"

cp npm/package.json npm/*.js npm/*.mjs npm/*.d.ts "$pkg/"
cp README.md "$pkg/README.md"

# An old wasm-opt (Debian's binaryen 108) can break wasm-bindgen's externref
# table ("failed to grow table"): load the package once, and keep the module
# wasm-bindgen wrote when the optimised one does not load.
smoke() { node -e "const e = require('$pkg/index.js'); if (!new e.Policy('User-agent: *\\nDisallow: /x\\n').isAllowed('b', '/y')) process.exit(1)" 2>/dev/null; }
if [ -f "$pkg/web/robots_engine_bg.wasm.orig" ]; then
    if ! smoke; then
        log "the wasm-opt output does not load here ($(wasm-opt --version)): keeping the unoptimised module"
        for d in node web; do mv "$pkg/$d/robots_engine_bg.wasm.orig" "$pkg/$d/robots_engine_bg.wasm"; done
    fi
    rm -f "$pkg"/*/robots_engine_bg.wasm.orig
fi
smoke || { log "bug: the built package does not load"; exit 1; }
log "package written to $pkg: .wasm $(wc -c < "$pkg/web/robots_engine_bg.wasm") bytes, $(gz_size "$pkg/web/robots_engine_bg.wasm") gzipped"
