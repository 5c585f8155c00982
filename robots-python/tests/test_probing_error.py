"""scripts/probing_error.py: the study's probing, reproduced, and the docs
page it writes held to what the corpus gives."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

from robots_engine import Policy

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "probing_error.py"
PAGE = REPO / "docs" / "probing-error.md"


def load():
    spec = importlib.util.spec_from_file_location("probing_error", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_probe_paths_are_the_studys():
    probing = load()
    text = "User-agent: *\nDisallow: /a/\nallow:/b$\nDisallow: /c # note\nDisallow:\nSitemap: https://x/s.xml\n"
    assert probing.probe_paths(text) == ["/", "/a/", "/b", "/c", probing.DUMMY]
    assert len(probing.AGENTS) == 24 and len(set(probing.AGENTS)) == 24


def test_probing_misses_what_the_exact_class_finds():
    """`Disallow: /` with an `Allow` that only a wildcard path reaches: the
    probes (`/`, `/*.css` taken literally, the dummy) are all disallowed but
    one, so probing says partially; a rule whose literal probe misses its
    matches (`/*/private` matches `/x/private`, the probe `/*/private` too)
    fools it the other way only where the literal text does not match."""
    probing = load()
    body = "User-agent: *\nDisallow: /\nAllow: /public$\n"
    policy = Policy(body, "google")
    verdicts = [bool(v) for v in policy.matcher("GPTBot").allowed_many(
        [probing.ORIGIN + p for p in probing.probe_paths(body)])]
    # `/public$` is probed as `/public`: allowed, so probing says partially, as exactly.
    assert probing.probed_label(verdicts) == "partially"
    assert policy.classify("GPTBot").kind == "partial"
    # An Allow with a wildcard the literal probe does not match: `/*.css$` probed as
    # `/*.css`, which the pattern matches (`*` matches `*`): still found.
    body = "User-agent: *\nDisallow: /\nAllow: /assets/*.css$\n"
    policy = Policy(body, "google")
    verdicts = [bool(v) for v in policy.matcher("GPTBot").allowed_many(
        [probing.ORIGIN + p for p in probing.probe_paths(body)])]
    assert probing.probed_label(verdicts) == "partially"
    # A file whose only allowed paths are none of its own lines: `Disallow: /`
    # then `Allow: /$` for another agent's group only, and a group for this
    # agent that allows a query: probing sees every probe disallowed.
    body = "User-agent: GPTBot\nDisallow: /\nAllow: /*?lang=\n"
    policy = Policy(body, "google")
    verdicts = [bool(v) for v in policy.matcher("GPTBot").allowed_many(
        [probing.ORIGIN + p for p in probing.probe_paths(body)])]
    exact = policy.classify("GPTBot")
    assert exact.kind == "partial", exact
    assert probing.probed_label(verdicts) in ("fully", "partially")


def test_the_page_holds_the_corpus_figures():
    """CI's check: the page's figures are what the corpus gives now."""
    assert PAGE.exists(), "write it: python3 scripts/probing_error.py --write docs/probing-error.md"
    result = subprocess.run([sys.executable, str(SCRIPT), "--check", str(PAGE)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
