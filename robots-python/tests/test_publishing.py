"""What the package page promises: the version, the exception types the READMEs
state, the extras, the bundled samples and the Spark command that runs on them,
and the quick start, run as written."""

from __future__ import annotations

import gzip
import os
import re
import subprocess
import sys
import tomllib
from importlib import metadata, resources
from pathlib import Path

import numpy as np
import pytest

import robots_engine
from robots_engine import Policy
from robots_engine.warc_job import captures, main, sample_captures

HERE = Path(__file__).resolve().parents[1]
REPO = HERE.parent
PACKAGE_README = HERE / "README.md"


def test_version_is_the_installed_distributions_and_the_crates():
    assert robots_engine.__version__ == metadata.version("robots-engine")
    crate = tomllib.loads((HERE / "Cargo.toml").read_text())["package"]["version"]
    assert robots_engine.__version__ == crate
    assert "__version__" in robots_engine.__all__


# Each claim of the READMEs' error paragraphs: the words that state it, the
# type stated, and a call that shows it.
ERROR_CLAIMS = [
    ("neither `str` nor `bytes`", TypeError, lambda: Policy(42)),
    ("neither `str` nor `bytes`", TypeError, lambda: Policy(b"").is_allowed("x", 42)),
    ("`None` URL to a single check", TypeError, lambda: Policy(b"").is_allowed("x", None)),
    ("unknown profile", ValueError, lambda: Policy(b"", profile="nope")),
    ("`None` or null inside a batch", ValueError, lambda: Policy(b"").matcher("x").allowed_many(["/", None])),
    ("2-D array", ValueError, lambda: Policy(b"").matcher("x").allowed_many(np.array([["/"]]))),
    ("lone surrogate", ValueError, lambda: Policy(b"").is_allowed("x", "/\ud800")),
]


def listed_under(readme: Path, words: str) -> str:
    """The exception type the README's error paragraph lists `words` under."""
    text = " ".join(readme.read_text(encoding="utf-8").split())
    start = text.index("wrong type is a `TypeError`")
    paragraph = text[start : start + 700]
    value_at = paragraph.index("a wrong value is a `ValueError`")
    return "ValueError" if paragraph.index(words) > value_at else "TypeError"


@pytest.mark.parametrize("words, error, call", ERROR_CLAIMS, ids=[f"{c[1].__name__}: {c[0]}" for c in ERROR_CLAIMS])
def test_errors_are_the_types_the_readmes_state(words, error, call):
    with pytest.raises(error) as raised:
        call()
    # Exactly that type, not a subclass standing in for it.
    assert type(raised.value) is error
    for readme in (PACKAGE_README, REPO / "README.md"):
        assert listed_under(readme, words) == error.__name__, readme


def test_spark_extra_holds_pandas_below_3_and_every_extra_is_documented():
    project = tomllib.loads((HERE / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    pandas = [r for r in extras["spark"] if r.startswith("pandas")]
    assert pandas and "<3" in pandas[0]
    page = PACKAGE_README.read_text(encoding="utf-8")
    for extra, requirements in extras.items():
        assert f"robots-engine[{extra}]" in page, extra
        for requirement in requirements:
            assert f"`{requirement}`" in page, requirement
    assert project["readme"] == "README.md" and project["dynamic"] == ["version"]


def test_the_package_page_covers_what_a_user_needs():
    page = PACKAGE_README.read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", page, re.M)
    assert headings[:4] == ["Install", "Quick start", "Drop-in layers", "Spark"], headings
    assert "Rust toolchain" in page and "cargo" in page
    assert "--sample" in page


def python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, re.S)


def test_the_quick_start_and_drop_in_examples_run_as_written():
    blocks = python_blocks(PACKAGE_README.read_text(encoding="utf-8"))
    runnable = [b for b in blocks if "urls.withColumn" not in b]
    assert len(runnable) == 2, blocks
    for block in runnable:
        exec(compile(block, str(PACKAGE_README), "exec"), {})


def test_samples_are_in_the_installed_package():
    folder = resources.files("robots_engine") / "samples"
    names = sorted(f.name for f in folder.iterdir() if f.name.endswith(".txt"))
    assert len(names) >= 5, names
    # The bundled bytes are the corpus files' bytes.
    for name in names:
        assert (folder / name).read_bytes() == (REPO / "testdata" / "corpus" / name).read_bytes()


def test_sample_writes_a_warc_the_job_reads(tmp_path, capsys):
    out = tmp_path / "sample.warc.gz"
    main(["--sample", str(out)])
    assert "robots.txt captures" in capsys.readouterr().out
    with gzip.open(out, "rb") as warc:
        assert warc.read(8) == b"WARC/1.0"
    read = list(captures(str(out)))
    expected = sample_captures()
    assert [(u, s) for u, s, _ in read] == [(u, s) for u, s, _ in expected]
    assert [b for _, _, b in read] == [b for _, _, b in expected]
    assert sum(1 for _, status, _ in read if status == 404) == 1


def test_the_readme_spark_commands_run_out_of_the_box(tmp_path):
    """The two commands of the package page's Spark section, in a fresh
    directory, as a user runs them."""
    page = PACKAGE_README.read_text(encoding="utf-8")
    block = re.search(r"```sh\n(python -m robots_engine\.warc_job --sample.*?)```", page, re.S)
    assert block, "the Spark section's commands"
    commands = [line.split() for line in block.group(1).splitlines() if line.strip()]
    assert len(commands) == 2
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable, PYSPARK_DRIVER_PYTHON=sys.executable, SPARK_LOCAL_IP="127.0.0.1")
    for command in commands:
        assert command[:3] == ["python", "-m", "robots_engine.warc_job"]
        argv = [sys.executable, *command[1:]]
        argv = [a.strip("'") for a in argv]
        proc = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
        assert proc.returncode == 0, proc.stderr[-3000:]
    import pyarrow.parquet as pq

    captured = pq.read_table(tmp_path / "out" / "captures").to_pylist()
    hosts = {row["host"] for row in captured}
    assert "www.nytimes.com" in hosts and "missing.example" in hosts
    # Each sample's `/` verdict is the engine's own, for every agent.
    bodies = {u: b for u, s, b in sample_captures() if s == 200}
    for row in captured:
        if row["url"] in bodies:
            assert row["root_allowed"] == Policy(bodies[row["url"]], "google").is_allowed(row["agent"], "/")
        else:
            assert row["root_allowed"] is True
