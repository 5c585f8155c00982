"""Shared test setup: the harness helpers beside this file are importable, and
the Spark tests share one local session."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))

import spark_settings  # noqa: E402

# Spark's settings for every Spark the tests start, in process or as a
# subprocess (spark-conf/spark-defaults.conf, handed over as spark_settings.py says).
spark_settings.configure()
os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
# Loopback only, from the first line Spark runs (it otherwise picks the host's
# interface address before reading the session's config).
os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")


@pytest.fixture(scope="session")
def spark():
    """One local Spark session for every test that asks for one: starting the
    driver JVM is most of a small Spark test's cost."""
    from pyspark.sql import SparkSession

    with spark_settings.dumping() as cds:
        session = SparkSession.builder.master("local[2]").appName("robots-engine-tests").getOrCreate()
    yield session
    session.stop()
    cds.finish()


@pytest.fixture(scope="session")
def robots_cli() -> Path:
    """The Rust CLI the tests compare with: $ROBOTS_BIN (what .ci/run gives),
    else a built one, else one built now (debug)."""
    if os.environ.get("ROBOTS_BIN"):
        return Path(os.environ["ROBOTS_BIN"])
    for profile in ("release", "debug"):
        binary = REPO / "target" / profile / "robots"
        if binary.exists():
            return binary
    subprocess.run(["cargo", "build", "--quiet", "-p", "robots-cli"], cwd=REPO, check=True)
    return REPO / "target" / "debug" / "robots"
