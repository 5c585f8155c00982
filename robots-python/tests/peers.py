"""Peers' own test suites, fetched at test time (their code is never committed).

The published sdists of protego and Scrapy carry their tests. ``sdist(name)``
downloads the sdist of the installed version from the package registry with
pip (once; kept under ``$ROBOTS_PEERS_CACHE`` or ``robots-python/.peers``),
unpacks it, and returns the unpacked folder. The harnesses then load the
peer's test module and swap in our class.

Every peer test our layer does not pass is listed in ``differences.py`` with
the reason, and marked ``xfail(strict=True)``: an unlisted failure fails the
run, and so does a listed test that starts passing.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import subprocess
import sys
import tarfile
import types
from pathlib import Path

import pytest

from differences import DIFFERENCES

CACHE = Path(os.environ.get("ROBOTS_PEERS_CACHE", Path(__file__).resolve().parent.parent / ".peers"))


def sdist(distribution: str) -> Path:
    """The unpacked sdist of the installed version of ``distribution``."""
    version = importlib.metadata.version(distribution)
    CACHE.mkdir(parents=True, exist_ok=True)
    unpacked = [p for p in CACHE.glob("*") if p.is_dir() and p.name.lower() == f"{distribution}-{version}".lower()]
    if unpacked:
        return unpacked[0]
    archives = _archives(distribution, version)
    if not archives:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
             f"{distribution}=={version}", "--dest", str(CACHE)],
            check=True,
        )
        archives = _archives(distribution, version)
    if not archives:
        raise RuntimeError(f"pip did not download the sdist of {distribution}=={version}")
    with tarfile.open(archives[0]) as archive:
        archive.extractall(CACHE, filter="data") if hasattr(tarfile, "data_filter") else archive.extractall(CACHE)
    return sdist(distribution)


def _archives(distribution: str, version: str) -> list[Path]:
    return [p for p in CACHE.glob("*.tar.gz") if p.name.lower() == f"{distribution}-{version}.tar.gz".lower()]


def load_module(name: str, path: Path) -> types.ModuleType:
    """Import the file at ``path`` as module ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def package_without_init(name: str, folder: Path) -> None:
    """Make ``name`` a package over ``folder`` without running its ``__init__``.

    Scrapy's ``tests/__init__.py`` resolves a made-up host name at import time;
    the harness needs only ``tests.utils``, and no lookup leaves this machine.
    """
    package = types.ModuleType(name)
    package.__path__ = [str(folder)]
    sys.modules[name] = package


def mark_differences(suite: str, classes: list[type]) -> None:
    """Mark each listed difference of ``suite`` as a strict expected failure."""
    listed = {name: entry[0] for name, entry in DIFFERENCES[suite].items()}
    found = set()
    for cls in classes:
        for test_name, reason in listed.items():
            class_name, _, method = test_name.rpartition(".")
            if class_name and class_name != cls.__name__:
                continue
            if not hasattr(cls, method):
                continue
            original = getattr(cls, method)
            setattr(cls, method, pytest.mark.xfail(strict=True, reason=reason)(original))
            found.add(test_name)
    missing = set(listed) - found
    if missing:
        raise RuntimeError(f"{suite}: listed differences name no test: {sorted(missing)}")
