"""Spark's settings for every Spark the tests start (robots-python's and
robots-duckdb's), in process or in a subprocess that inherits the environment.

The settings are the lines of ``spark-conf/spark-defaults.conf``, handed to
spark-submit as ``--conf`` arguments (``PYSPARK_SUBMIT_ARGS``), so that
``SPARK_CONF_DIR``, which spark-submit puts on the driver's class path, can be
an empty directory: then the driver JVM can map a class-data-sharing archive
of Spark's classes (the JVM refuses one whose class path holds a non-empty
directory). Loading Spark's classes from that archive instead of verifying
them from the jars cut a session's start and a small Python UDF job from 22
to 14 CPU-seconds (JDK 17, PySpark 4.3, local[2]).

The archive is written once, when a session fixture's driver JVM exits
(``-XX:ArchiveClassesAtExit``), under ``target/spark-cds`` (or
``$ROBOTS_SPARK_CDS``), named after the PySpark version and the JVM, and read
by every later driver JVM. A missing or stale archive only costs the time
it saves: the JVM then loads the classes from the jars.
"""

from __future__ import annotations

import os
import shlex
import shutil
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULTS = HERE / "spark-conf" / "spark-defaults.conf"
CACHE = Path(os.environ.get("ROBOTS_SPARK_CDS", HERE.parents[1] / "target" / "spark-cds"))
JAVA_OPTIONS = "spark.driver.extraJavaOptions"


def defaults() -> dict[str, str]:
    """The settings of spark-defaults.conf: ``key value`` lines, ``#`` comments."""
    settings = {}
    for line in DEFAULTS.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            key, _, value = line.partition(" ")
            settings[key] = value.strip()
    return settings


def archive() -> Path | None:
    """The class-data-sharing archive of this PySpark on this JVM, or None
    when there is no ``java`` to name it after."""
    try:
        import pyspark
    except ImportError:
        return None
    java_home = os.environ.get("JAVA_HOME")
    java = Path(java_home) / "bin" / "java" if java_home else shutil.which("java")
    if not java or not Path(java).exists():
        return None
    real = Path(java).resolve()
    stamp = f"{real.stat().st_mtime_ns:x}-{zlib.crc32(str(real).encode()):08x}"
    return CACHE / f"pyspark-{pyspark.__version__}-jvm-{stamp}.jsa"


def submit_args(dump_to: Path | None = None) -> str:
    """``PYSPARK_SUBMIT_ARGS`` for the settings: the archive read if it is
    there, else written to ``dump_to`` at the JVM's exit if that is given."""
    settings = defaults()
    jsa = archive()
    if jsa is not None and jsa.exists():
        settings[JAVA_OPTIONS] += f" -XX:SharedArchiveFile={jsa}"
    elif dump_to is not None:
        settings[JAVA_OPTIONS] += f" -XX:ArchiveClassesAtExit={dump_to}"
    args = [f"--conf {shlex.quote(f'{key}={value}')}" for key, value in settings.items()]
    return " ".join(args) + " pyspark-shell"


def configure() -> None:
    """Point every Spark this process or its children start at the settings
    (reading the archive, never writing it: see :class:`dumping`)."""
    empty = CACHE / "empty-conf-dir"
    empty.mkdir(parents=True, exist_ok=True)
    os.environ["SPARK_CONF_DIR"] = str(empty)
    os.environ["PYSPARK_SUBMIT_ARGS"] = submit_args()


class dumping:
    """``with dumping() as d: session = ...getOrCreate()``, and once the session
    is stopped, ``d.finish()``: the driver JVM started inside writes the archive
    at its exit if there is none yet. It writes a file of its own, which
    ``finish`` (stopping the JVM and waiting for it) renames to the archive's
    name once complete: a truncated archive crashes the JVM that maps it.
    Only that JVM writes: the environment is restored once it has started, so
    the subprocesses the tests run (the README's commands) only read."""

    def __enter__(self):
        self.before = os.environ.get("PYSPARK_SUBMIT_ARGS")
        self.archive = archive()
        self.partial = None
        if self.archive is not None and not self.archive.exists():
            CACHE.mkdir(parents=True, exist_ok=True)
            self.partial = self.archive.with_name(f"{self.archive.name}.{os.getpid()}.partial")
        os.environ["PYSPARK_SUBMIT_ARGS"] = submit_args(dump_to=self.partial)
        return self

    def __exit__(self, *exc):
        if self.before is None:
            os.environ.pop("PYSPARK_SUBMIT_ARGS", None)
        else:
            os.environ["PYSPARK_SUBMIT_ARGS"] = self.before
        return False

    def finish(self) -> None:
        """After ``session.stop()``: end the driver JVM (it exits when its
        standard input closes), wait for it to write the archive, and give
        the archive its name. Nothing to do when it was not writing one."""
        if self.partial is None:
            return
        from pyspark import SparkContext

        gateway = SparkContext._gateway
        process = getattr(gateway, "proc", None)
        if process is None:
            return
        gateway.shutdown()
        process.stdin.close()
        try:
            status = process.wait(timeout=300)
        except Exception:
            status = None
        SparkContext._gateway = None
        SparkContext._jvm = None
        if status == 0 and self.partial.exists() and self.partial.stat().st_size > 0:
            os.replace(self.partial, self.archive)
        else:
            self.partial.unlink(missing_ok=True)
