#!/usr/bin/env bash
# The DuckDB extension's part of the project's test command (.ci/run's python
# stage calls it): lint and build the extension, then run its tests in DuckDB
# (the duckdb Python package, unsigned extensions allowed) and in Spark.
#
# ROBOTS_VENV: the virtualenv with the test tools and the robots_engine wheel
#   (default ../.venv-ci; robots-python/ci.sh build fills it).
# ROBOTS_DUCKDB_PROFILE: the cargo profile (default release; .ci/run builds
#   dev, sharing the crates the other builds made: the tests time nothing).
# ROBOTS_BIN: the robots CLI the tests compare with (default: a built one).
#
# `ci.sh build` stops after building the extension, `ci.sh test` only runs
# the tests; no argument does both.
set -euo pipefail
stage="${1:-all}"
case "$stage" in
    all | build | test) ;;
    *)
        echo "usage: ci.sh [build|test]" >&2
        exit 2
        ;;
esac
cd "$(dirname "$0")"
VENV="$(cd "$(dirname "${ROBOTS_VENV:-../.venv-ci}")" && pwd)/$(basename "${ROBOTS_VENV:-../.venv-ci}")"
PY="$VENV/bin/python"

if [ "$stage" != test ]; then
    echo "== robots-duckdb: cargo fmt --check"
    cargo fmt --manifest-path Cargo.toml -- --check
    echo "== robots-duckdb: the extension, linted by clippy (-D warnings) as it builds (build.sh)"
    # One compilation lints and builds, as for the wheel (see robots-python/ci.sh).
    ROBOTS_DUCKDB_PYTHON="$PY" ../.ci/with-lints bash build.sh
fi
if [ "$stage" != build ]; then
    echo "== robots-duckdb: pytest (the functions, the corpus against the CLI, Spark against DuckDB)"
    export SPARK_LOCAL_IP=127.0.0.1
    export PYSPARK_PYTHON="$PY"
    export PYSPARK_DRIVER_PYTHON="$PY"
    "$PY" -m pytest -q -p no:cacheprovider tests
fi
