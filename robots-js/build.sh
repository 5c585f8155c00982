#!/usr/bin/env bash
# Build the `robots-engine` npm package into robots-js/pkg/:
#   bash robots-js/build.sh              # the full package
#   bash robots-js/build.sh --engine-only OUT_DIR   # weigh an engine-only .wasm (not a package)
#   bash robots-js/build.sh --audit OUT_DIR         # the tester page's log audit (audit/; not in
#                                                   # the package, so not within its size target)
#
# Installs what it needs when missing: the rust-src component (rustup; the
# standard library is rebuilt, see build_std below; where rustup cannot add it,
# Debian's rustc-web, which ROBOTS_JS_TOOLCHAIN=debian picks on purpose), the
# pinned wasm-bindgen CLI (cargo install, ~3 min once) and binaryen's wasm-opt
# (npm ci in robots-js/tools: the npm package, pinned by its lock file).
#
# Size (gzip -9, names removed): 199.9 KB for the full API (5.2 KB of it
# tokenOfHeader with the registry's header forms), 116 KB engine only.
# What keeps it there: std rebuilt with panic=immediate-abort and its sorts for
# size, robots-core's cold code optimised for size (below), the
# release profile in Cargo.toml, LLVM's inlining and unrolling thresholds in
# .cargo/config.toml, binaryen's wasm-opt on the output (below), the compiler's
# and lint's sorts through few copies of std's (robots-core/src/sort.rs), no url
# crate (the fetch machine parses with the platform's URL), talc as the
# allocator (src/lib.rs), no f64 formatting and no {:?} of a string anywhere in
# the module (src/options.rs, src/quote.rs). The registry's User-Agent header
# forms are a table of their own that only header matching reads: since
# `tokenOfHeader` (the page reads a typed header as the CLI does) the module
# carries them. BENCHMARKS.md's JavaScript section weighs each and lists what
# was tried.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
target=wasm32-unknown-unknown
# Where cargo puts the build: ROBOTS_JS_TARGET_DIR (.ci/run gives the wasm builds a
# directory of their own, so that they take no lock the workspace's builds wait
# on), else the caller's CARGO_TARGET_DIR, else robots-js/target.
target_dir="${ROBOTS_JS_TARGET_DIR:-${CARGO_TARGET_DIR:-target}}"
export CARGO_TARGET_DIR="$target_dir"
# The wasm-bindgen crate's version, as Cargo.lock pins it: the CLI must match.
wb_version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"

log() { printf 'build.sh: %s\n' "$*" >&2; }

# No URL parser in the module: the fetch machine parses with the platform's
# WHATWG `URL` (src/fetch/platform_url.rs; robots-fetch without its `url`
# feature). The `url` crate with its IDNA code weighed 20.8 KB of the gzipped
# module (276.7 KB -> 255.9 KB; its Unicode tables, which it would need to match
# the platform's IDNA, about 50 KB more). A dependency that brought it back
# (robots-runtime's `fetch`, for one) would show in Cargo.lock.
if grep -qx 'name = "url"' Cargo.lock; then
    log "bug: Cargo.lock has the url crate: the module must parse URLs with the platform's URL (robots-fetch without its url feature)"
    exit 1
fi

# The standard library is rebuilt for the module (-Z build-std, on the stable
# toolchain through RUSTC_BOOTSTRAP) with panic=immediate-abort: a panic is the
# `unreachable` trap at once, without the formatting machinery and the location
# strings (it took 66 KB off the gzipped module). A panic is a bug
# here either way: nothing from input panics (the tests hold that), and the module
# never had a panic hook, so no message ever reached JavaScript.
# SIMD (.cargo/config.toml's rustflags) still applies: `--config` adds to them.
# `--cfg robots_size` optimises robots-core's cold code for size (its lib.rs
# says which; the `optimize` attribute needs RUSTC_BOOTSTRAP, as build-std does).
build_std=(-Z build-std=std,panic_abort
    --config 'target.wasm32-unknown-unknown.rustflags=["-Zunstable-options","-Cpanic=immediate-abort","--cfg","robots_size"]')
# std's sorts built for size (heapsort and a small merge sort instead of
# ipnsort/driftsort): about 6 KB gzipped less. They sort the compiler's trie keys,
# which `new Policy` no longer builds (its tables wait for the first check:
# robots-core's DeferredPolicy), so parsing pays nothing for them and the first
# check of a file 10-20% more (206.6 KB with the fast ones). ROBOTS_JS_FAST_SORTS=1
# builds std's fast ones.
[ -n "${ROBOTS_JS_FAST_SORTS:-}" ] || build_std+=(-Z build-std-features=optimize_for_size)

# The few source paths the module keeps (#[track_caller] locations) written
# relative to the checkout, the crate registry and the toolchain's sources: the
# module carries none of the builder's directories, and its size does not
# depend on where the repository was cloned.
# remap_paths SYSROOT: the --config that adds the flags.
remap_paths() {
    local prefix flags=""
    for prefix in "$(dirname "$here")" "${CARGO_HOME:-$HOME/.cargo}/registry/src" "$1/lib/rustlib/src/rust"; do
        prefix="${prefix//\\/\\\\}"
        flags+="\"--remap-path-prefix=${prefix//\"/\\\"}/=\", "
    done
    printf 'target.wasm32-unknown-unknown.rustflags=[%s]' "${flags%, }"
}

cargo_build() {
    local sysroot
    sysroot="$(rustc --print sysroot 2>/dev/null || true)"
    # ROBOTS_JS_TOOLCHAIN=debian takes the fallback below even where rustup works.
    if [ "${ROBOTS_JS_TOOLCHAIN:-rustup}" != debian ] && [ -n "$sysroot" ] \
        && { [ -d "$sysroot/lib/rustlib/src/rust/library" ] \
            || rustup component add rust-src >/dev/null 2>&1; }; then
        RUSTC_BOOTSTRAP=1 cargo build --locked --release --target "$target" "${build_std[@]}" \
            --config "$(remap_paths "$sysroot")" "$@"
    else
        # Fallback where rustup cannot add the sources: Debian's rustc-web with
        # its rust-web-src and lld.
        log "no rust-src for rustup's toolchain: using Debian's rustc-web (apt)"
        if ! command -v wasm-ld-22 >/dev/null; then
            apt-get install -y --no-install-recommends rustc-web cargo-web rust-web-src lld-22 >&2
        fi
        RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 \
            CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-22 \
            /usr/bin/cargo build --locked --release --target "$target" "${build_std[@]}" \
            --config "$(remap_paths "$(/usr/bin/rustc --print sysroot)")" "$@"
    fi
}

ensure_bindgen() {
    if command -v wasm-bindgen >/dev/null && [ "$(wasm-bindgen --version | awk '{print $2}')" = "$wb_version" ]; then
        return
    fi
    log "installing wasm-bindgen-cli $wb_version (about 3 minutes on 2 cores)"
    # Not --locked: the registry here lacks one locked version of a dependency.
    # The one program this script runs, without the TLS stack its test runner
    # downloads with (default feature rustls-tls: ring's C and assembly), at
    # opt-level 1: 265 CPU-s to install instead of 344 (both at load 7), the same output byte
    # for byte (0.19 s instead of 0.17 s on the engine's module).
    cargo install wasm-bindgen-cli --version "$wb_version" --no-default-features --bin wasm-bindgen \
        --config 'profile.release.opt-level=1' --config 'profile.release.debug=0' >&2
}

ensure_binaryen() {
    local tools="$here/tools"
    if [[ -x "$tools/node_modules/.bin/wasm-opt" \
        && ! "$tools/package-lock.json" -nt "$tools/node_modules/.package-lock.json" ]]; then
        return
    fi
    log "installing binaryen's wasm-opt (npm ci in robots-js/tools)"
    (cd "$tools" && npm ci --no-audit --no-fund >&2)
}

gz_size() { gzip -9 -c "$1" | wc -c; }

# Function names are for profiling only: 20 KB gzipped that no user needs.
# ROBOTS_JS_NAMES=1 keeps them (profiles in Node's --cpu-prof name Rust functions).
bindgen_flags=(--remove-producers-section)
[ -n "${ROBOTS_JS_NAMES:-}" ] || bindgen_flags+=(--remove-name-section)

# binaryen's wasm-opt on wasm-bindgen's output, with the passes that shrink it at
# the same speed: its -O3 pipeline's later function passes (locals simplified,
# coalesced and reordered, blocks and branches merged, identical code folded,
# constants propagated, instructions and redundant sets simplified), then its
# module passes (dead arguments removed and the functions they touched
# reoptimised, duplicate functions merged, globals simplified, unused elements
# dropped, indirect calls made direct). 8.4 KB off the gzipped module (203.7 ->
# 195.3 KB) with parse, checks and batches as fast. Left out, measured: the whole
# -O3 (199.0 KB) and -Os (198.6 KB), whose batches were 2.5% and 4.5% slower;
# -O3's first function passes (SSA, merge-locals, local-cse and the ones between),
# which made batches 5% slower; the inliner, which put 3 KB back (BENCHMARKS.md,
# "Size: what was tried").
wasm_opt_flags=(--optimize-level=3 --shrink-level=0
    --simplify-locals --vacuum --reorder-locals --coalesce-locals --reorder-locals
    --vacuum --code-folding --merge-blocks --remove-unused-brs --remove-unused-names
    --merge-blocks --precompute-propagate --optimize-instructions --rse --vacuum
    --dae-optimizing --duplicate-function-elimination --duplicate-import-elimination
    --simplify-globals-optimizing --remove-unused-module-elements --reorder-globals
    --directize)
# The names section is kept only with --debuginfo.
[ -z "${ROBOTS_JS_NAMES:-}" ] || wasm_opt_flags+=(--debuginfo)

# wasm-opt FILE: optimise FILE in place. The passes run twice: the second run
# finds more to fold and merge in what the first left (1.5 KB gzipped less,
# 204.2 -> 202.7 KB, parse and checks as fast: BENCHMARKS.md, "Size: what was
# tried"); a third found nothing more. The target-features section is for
# tools that link modules, not for engines that run one (0.1 KB).
#
# The output is kept in the target directory under a hash of wasm-opt's
# version, its flags and the input, so an unchanged module (a warm CI run, a
# rebuild after a JS-only change) costs a hash, not two optimisations (about
# 30 CPU-s on 2 cores). The newest 16 are kept.
wasm_opt() {
    local opt="$here/tools/node_modules/.bin/wasm-opt" memo key
    memo="$target_dir/wasm-opt-outputs"
    key=$({ "$opt" --version; printf '%s\n' "${wasm_opt_flags[@]}"; cat "$1"; } | sha256sum | cut -c1-64)
    if [ -f "$memo/$key.wasm" ]; then
        cp "$memo/$key.wasm" "$1"
        touch "$memo/$key.wasm"
        return
    fi
    "$opt" "${wasm_opt_flags[@]}" "$1" -o "$1.opt"
    "$opt" "${wasm_opt_flags[@]}" --strip-target-features "$1.opt" -o "$1"
    rm -f "$1.opt"
    mkdir -p "$memo"
    cp "$1" "$memo/$key.wasm.part" && mv "$memo/$key.wasm.part" "$memo/$key.wasm"
    # shellcheck disable=SC2012 # names are hex digests
    ls -t "$memo"/*.wasm | tail -n +17 | xargs -r rm -f
}

if [ "${1:-}" = "--engine-only" ]; then
    out="${2:?usage: build.sh --engine-only OUT_DIR}"
    ensure_bindgen
    ensure_binaryen
    # The same target directory: the dependencies built for the full package are reused.
    cargo_build --no-default-features
    rm -rf "$out" && mkdir -p "$out"
    wasm-bindgen --target web "${bindgen_flags[@]}" --out-dir "$out" --out-name robots_engine \
        "$target_dir/$target/release/robots_engine.wasm"
    wasm_opt "$out/robots_engine_bg.wasm"
    log "engine-only .wasm: $(wc -c < "$out/robots_engine_bg.wasm") bytes, $(gz_size "$out/robots_engine_bg.wasm") gzipped"
    exit 0
fi

if [ "${1:-}" = "--audit" ]; then
    out="${2:?usage: build.sh --audit OUT_DIR}"
    ensure_bindgen
    ensure_binaryen
    cargo_build -p robots-audit-wasm
    rm -rf "$out" && mkdir -p "$out"
    wasm-bindgen --target web "${bindgen_flags[@]}" --out-dir "$out" --out-name robots_audit \
        "$target_dir/$target/release/robots_audit.wasm"
    rm -f "$out"/*.d.ts "$out"/package.json
    wasm_opt "$out/robots_audit_bg.wasm"
    log "audit .wasm: $(wc -c < "$out/robots_audit_bg.wasm") bytes, $(gz_size "$out/robots_audit_bg.wasm") gzipped"
    exit 0
fi

ensure_bindgen
ensure_binaryen
cargo_build
wasm="$target_dir/$target/release/robots_engine.wasm"

pkg="$here/pkg"
rm -rf "$pkg"
mkdir -p "$pkg/lib"
# CommonJS glue for Node's require(), ES-module glue for import and browsers.
wasm-bindgen --target nodejs "${bindgen_flags[@]}" --out-dir "$pkg/node" --out-name robots_engine "$wasm"
wasm-bindgen --target web "${bindgen_flags[@]}" --out-dir "$pkg/web" --out-name robots_engine "$wasm"
# wasm-bindgen writes the same module for both targets: optimised once, for both.
if ! cmp -s "$pkg/node/robots_engine_bg.wasm" "$pkg/web/robots_engine_bg.wasm"; then
    log "bug: wasm-bindgen wrote different modules for Node and for the web"
    exit 1
fi
wasm_opt "$pkg/web/robots_engine_bg.wasm"
cp "$pkg/web/robots_engine_bg.wasm" "$pkg/node/robots_engine_bg.wasm"
rm -f "$pkg"/node/*.d.ts "$pkg"/web/*.d.ts "$pkg"/node/package.json "$pkg"/web/package.json
printf '{ "type": "commonjs" }\n' > "$pkg/node/package.json"
printf '{ "type": "module" }\n' > "$pkg/web/package.json"
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

# Load the package once: a module that does not load is never shipped.
smoke() { node -e "const e = require('$pkg/index.js'); if (!new e.Policy('User-agent: *\\nDisallow: /x\\n').isAllowed('b', '/y')) process.exit(1)"; }
smoke || { log "bug: the built package does not load"; exit 1; }
log "package written to $pkg: .wasm $(wc -c < "$pkg/web/robots_engine_bg.wasm") bytes, $(gz_size "$pkg/web/robots_engine_bg.wasm") gzipped"
