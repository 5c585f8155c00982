#!/usr/bin/env bash
# The Python half of the project's test command (.ci/run calls it): lint the
# extension crate, build the wheel, install it into a virtualenv of the test
# tools, and run every Python test.
#
# ROBOTS_VENV: the virtualenv (default ../.venv-ci; made and filled if missing).
# ROBOTS_PYTHON_PROFILE: the cargo profile of the wheel (default release; .ci/run
# builds with dev, sharing the crates the Rust tests built: the Python tests
# time nothing).
#
# `ci.sh build` stops after installing the wheel, `ci.sh test` only runs the
# tests (.ci/run runs its hooks test beside them, once cargo is done); no
# argument does both.
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

VENV="${ROBOTS_VENV:-../.venv-ci}"
PROFILE="${ROBOTS_PYTHON_PROFILE:-release}"
if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
fi
PY="$VENV/bin/python"
build() {
    # The test tools, once per version of the pins (.ci/run's venv_packages keeps
    # the same kind of stamp): even satisfied, `pip install -r` takes seconds.
    # pip keeps its download cache between runs (~/.cache/pip).
    local stamp
    stamp="$VENV/.installed-robots-python-$(cksum <requirements-ci.txt | cut -d' ' -f1)"
    if [ ! -e "$stamp" ]; then
        "$PY" -m pip install --quiet --disable-pip-version-check -r requirements-ci.txt
        touch "$stamp"
    fi

    echo "== robots-python: cargo fmt --check"
    cargo fmt --manifest-path Cargo.toml -- --check

    echo "== robots-python: wheel ($PROFILE, abi3), linted by clippy (-D warnings) as it builds, and install"
    # One compilation lints and builds, as .ci/run's build step does for the
    # workspace: clippy-driver compiles this workspace's one member (the crates
    # it depends on are built by rustc, as under `cargo clippy`). Its only
    # target is the library (`test = false`, no `cfg(test)` code), which is
    # all `cargo clippy --all-targets` linted. A separate `cargo clippy`
    # type-checked every dependency a second time, and, run without maturin's
    # PYO3_CONFIG_FILE, made pyo3's build script and everything above it
    # rebuild for the check and again for the wheel on every run.
    local wheels="${CARGO_TARGET_DIR:-target}/wheels-ci"
    rm -rf "$wheels"
    # The dev profile optimises the engine (robots-core, robots-lint), as the
    # workspace's test profile does (.cargo/config.toml) and robots-duckdb's
    # dev profile does: the tests run it over the whole corpus
    # (tests/test_probing_error.py classifies 5,424 (file, agent) pairs: 23
    # CPU-seconds unoptimised, against 7 optimised). `--profile test` cannot
    # say it: cargo builds a test harness under it, not the extension module.
    local optimise=()
    if [ "$PROFILE" = dev ]; then
        optimise=(--config profile.dev.package.robots-core.opt-level=2)
    fi
    ../.ci/with-lints "$VENV/bin/maturin" build --profile "$PROFILE" "${optimise[@]}" --locked --quiet --out "$wheels"
    "$PY" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheels"/robots_engine-*.whl
}

run_tests() {
    echo "== robots-python: pytest (native API, peer suites, Scrapy crawl, Spark local mode)"
    export PYSPARK_PYTHON="$PY"
    export PYSPARK_DRIVER_PYTHON="$PY"
    # Spark binds the loopback address only (not the host's interface address).
    export SPARK_LOCAL_IP=127.0.0.1
    "$PY" -m pytest -q tests
}

if [ "$stage" != test ]; then
    build
fi
if [ "$stage" != build ]; then
    run_tests
fi
