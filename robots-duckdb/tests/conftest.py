"""Shared test setup: the built extension loaded into a fresh DuckDB, the
corpus as Arrow tables, and the Rust CLI the tests compare with."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
REPO = ROOT.parent
EXTENSION = ROOT / "dist" / "robots.duckdb_extension"
CORPUS = REPO / "testdata" / "corpus"

# Spark's settings for the Spark the parity test starts (loopback only, small;
# robots-python/tests/spark_settings.py hands them over).
_spec = importlib.util.spec_from_file_location("spark_settings", REPO / "robots-python" / "tests" / "spark_settings.py")
spark_settings = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(spark_settings)
spark_settings.configure()
os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")


def connect(threads: int | None = None):
    """A new in-memory DuckDB with the extension loaded (unsigned extensions
    allowed, as a locally built extension needs)."""
    import duckdb

    if not EXTENSION.exists():
        pytest.fail(f"{EXTENSION} is missing: run `bash robots-duckdb/build.sh` first")
    config = {"allow_unsigned_extensions": "true"}
    if threads is not None:
        config["threads"] = str(threads)
    con = duckdb.connect(":memory:", config=config)
    con.execute(f"LOAD '{EXTENSION}'")
    return con


@pytest.fixture()
def con():
    connection = connect()
    yield connection
    connection.close()


def read_lines(path: Path) -> list[bytes]:
    """The lines of a URL list as `robots check` reads its stdin: split at LF,
    one CR dropped from each line's end, no line after a final LF."""
    data = path.read_bytes()
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return [line[:-1] if line.endswith(b"\r") else line for line in lines]


@pytest.fixture(scope="session")
def corpus() -> list[tuple[str, bytes, list[bytes]]]:
    """Every corpus file: (name, body, its URL list)."""
    files = sorted(CORPUS.glob("*.txt"))
    out = []
    for f in files:
        urls = f.with_suffix(".urls")
        out.append((f.stem, f.read_bytes(), read_lines(urls) if urls.exists() else []))
    assert len(out) > 200, "the corpus is bundled with the repository"
    return out


@pytest.fixture(scope="session")
def robots_cli() -> Path:
    """The Rust CLI: $ROBOTS_BIN (what .ci/run gives), else a built one, else
    one built now (debug)."""
    if os.environ.get("ROBOTS_BIN"):
        return Path(os.environ["ROBOTS_BIN"])
    for profile in ("release", "debug"):
        binary = REPO / "target" / profile / "robots"
        if binary.exists():
            return binary
    subprocess.run(["cargo", "build", "--quiet", "-p", "robots-cli"], cwd=REPO, check=True)
    return REPO / "target" / "debug" / "robots"
