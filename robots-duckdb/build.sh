#!/usr/bin/env bash
# Build the DuckDB extension: robots-duckdb/dist/robots.duckdb_extension.
#
#   bash robots-duckdb/build.sh
#
# cargo builds the library (DuckDB's C extension API through the `duckdb`
# crate: no DuckDB source is compiled), then metadata.py appends the footer
# DuckDB reads before it loads an extension: the platform, the C API version
# and the extension's version (see metadata.py for the format).
#
# ROBOTS_DUCKDB_PROFILE: the cargo profile (default release; .ci/run builds
#   dev, sharing the crates the other builds made: its tests time nothing).
# ROBOTS_DUCKDB_PLATFORM: DuckDB's platform string (default: what the duckdb
#   Python package of $ROBOTS_DUCKDB_PYTHON says, `PRAGMA platform`; without
#   it, read from the machine: linux_amd64, linux_arm64, osx_arm64, ...).
# ROBOTS_DUCKDB_PYTHON: the Python to ask (default python3).
set -euo pipefail
cd "$(dirname "$0")"

PROFILE="${ROBOTS_DUCKDB_PROFILE:-release}"
PYTHON="${ROBOTS_DUCKDB_PYTHON:-python3}"
# The C API version the extension needs: the `min_duckdb_version` of the
# entry point in src/lib.rs (tests/test_build.py holds the two together).
CAPI_VERSION=v1.2.0
VERSION="v$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)"

platform() {
    if [ -n "${ROBOTS_DUCKDB_PLATFORM:-}" ]; then
        echo "$ROBOTS_DUCKDB_PLATFORM"
        return
    fi
    if "$PYTHON" -c 'import duckdb' 2>/dev/null; then
        "$PYTHON" -c 'import duckdb; print(duckdb.execute("PRAGMA platform").fetchone()[0])'
        return
    fi
    local os arch
    case "$(uname -s)" in
        Linux) os=linux ;;
        Darwin) os=osx ;;
        *) os=$(uname -s | tr '[:upper:]' '[:lower:]') ;;
    esac
    case "$(uname -m)" in
        x86_64 | amd64) arch=amd64 ;;
        aarch64 | arm64) arch=arm64 ;;
        *) arch=$(uname -m) ;;
    esac
    echo "${os}_${arch}"
}

cargo build --locked --quiet --profile "$PROFILE" --manifest-path Cargo.toml
case "$PROFILE" in
    dev) dir=debug ;;
    *) dir=$PROFILE ;;
esac
target="${CARGO_TARGET_DIR:-target}/$dir"
case "$(uname -s)" in
    Darwin) library="$target/librobots.dylib" ;;
    *) library="$target/librobots.so" ;;
esac
mkdir -p dist
"$PYTHON" metadata.py "$library" dist/robots.duckdb_extension \
    --platform "$(platform)" --capi "$CAPI_VERSION" --version "$VERSION"
echo "robots-duckdb: wrote dist/robots.duckdb_extension ($(platform), C API $CAPI_VERSION, $VERSION, $PROFILE)"
