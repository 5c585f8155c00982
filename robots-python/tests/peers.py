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


def _param_id(values: tuple) -> str:
    return "-".join(str(v) for v in values)


def take_over(function, listed: dict[str, str], found: set[str]):
    """A suite's module-level test ``function``, with its own parameters, and
    every listed case (``name`` or, for a parametrised test, pytest's id
    ``name[params]``) marked a strict expected failure; ``found`` gets the
    listed names it holds."""
    name = function.__name__
    marks = getattr(function, "pytestmark", [])
    parametrize = [m for m in marks if m.name == "parametrize"]
    if not parametrize:
        if name in listed:
            found.add(name)
            return pytest.mark.xfail(strict=True, reason=listed[name])(function)
        return function
    assert len(parametrize) == 1, f"{name}: expected one parametrize mark"
    argnames, argvalues = parametrize[0].args[:2]
    params = []
    for values in argvalues:
        values = values if isinstance(values, tuple) else (values,)
        test_id = f"{name}[{_param_id(values)}]"
        if test_id in listed:
            found.add(test_id)
            params.append(pytest.param(*values, marks=pytest.mark.xfail(strict=True, reason=listed[test_id])))
        else:
            params.append(pytest.param(*values))
    function.pytestmark = [m for m in marks if m.name != "parametrize"]
    return pytest.mark.parametrize(argnames, params)(function)


def module_tests_of(module: types.ModuleType, uses: str) -> list[str]:
    """The module-level test functions of ``module`` that use the name ``uses``
    (the class under test), sorted: the ones that test our layer once it is
    swapped in, not the peer's private helpers."""
    return sorted(
        name
        for name, value in vars(module).items()
        if name.startswith("test_") and isinstance(value, types.FunctionType) and uses in value.__code__.co_names
    )


def mark_differences(suite: str, classes: list[type], taken: set[str] | None = None) -> None:
    """Mark each listed difference of ``suite`` as a strict expected failure
    (``taken``: the listed names already marked by :func:`take_over`)."""
    listed = {name: entry[0] for name, entry in DIFFERENCES[suite].items()}
    found = set(taken or ())
    for cls in classes:
        for test_name, reason in listed.items():
            class_name, _, method = test_name.rpartition(".")
            if class_name and class_name != cls.__name__:
                continue
            if test_name in found or not hasattr(cls, method):
                continue
            original = getattr(cls, method)
            setattr(cls, method, pytest.mark.xfail(strict=True, reason=reason)(original))
            found.add(test_name)
    missing = set(listed) - found
    if missing:
        raise RuntimeError(f"{suite}: listed differences name no test: {sorted(missing)}")
