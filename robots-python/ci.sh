#!/usr/bin/env bash
# The Python half of the project's test command (.ci/run calls it): lint the
# extension crate, build the wheel once in release mode, install it into a
# virtualenv of the test tools, and run every Python test.
set -euo pipefail
cd "$(dirname "$0")"

VENV="${ROBOTS_VENV:-../.venv-ci}"
if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
fi
PY="$VENV/bin/python"
# pip keeps its download cache between runs (~/.cache/pip), so a second run
# downloads nothing.
"$PY" -m pip install --quiet --upgrade pip
"$PY" -m pip install --quiet -r requirements-ci.txt

echo "== robots-python: cargo fmt --check, clippy -D warnings"
cargo fmt --manifest-path Cargo.toml -- --check
cargo clippy --manifest-path Cargo.toml --all-targets --locked -- -D warnings

echo "== robots-python: wheel (release, abi3) and install"
rm -rf target/wheels
"$VENV/bin/maturin" build --release --locked --quiet --out target/wheels
"$PY" -m pip install --quiet --force-reinstall --no-deps target/wheels/robots_engine-*.whl

echo "== robots-python: pytest (native API, peer suites, Scrapy crawl, Spark local mode)"
export PYSPARK_PYTHON="$PY"
export PYSPARK_DRIVER_PYTHON="$PY"
# Spark binds the loopback address only (not the host's interface address).
export SPARK_LOCAL_IP=127.0.0.1
"$PY" -m pytest -q tests
