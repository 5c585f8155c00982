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
    # `Disallow:` gives the empty path (the text after its colon), probed as the origin itself.
    assert probing.probe_paths(text) == ["/", "", "/a/", "/b", "/c", probing.DUMMY]
    assert len(probing.AGENTS) == 24 and len(set(probing.AGENTS)) == 24


def sorted_both_ways(body: str) -> tuple[str, str]:
    """(exact class, probing label) of GPTBot under ``body``."""
    probing = load()
    policy = Policy(body, "google")
    urls = [probing.ORIGIN + p for p in probing.probe_paths(body)]
    verdicts = [bool(v) for v in policy.matcher("GPTBot").allowed_many(urls)]
    return policy.classify("GPTBot").kind, probing.probed_label(verdicts)


def test_probing_agrees_where_the_files_own_lines_tell():
    assert sorted_both_ways("User-agent: *\nDisallow: /\n") == ("blocked", "fully")
    assert sorted_both_ways("User-agent: *\nDisallow: /private/\n") == ("partial", "partially")
    assert sorted_both_ways("User-agent: *\nDisallow:\n") == ("allowed", "not")
    # The dummy path: everything disallowed but `/` itself.
    assert sorted_both_ways("User-agent: *\nDisallow: /\nAllow: /$\n") == ("partial", "partially")


def test_probing_misses_what_the_exact_class_finds():
    """The two misreadings the corpus shows: lines ended by a bare CR (one
    line to a reading that splits at LF) and a space before the colon."""
    assert sorted_both_ways("User-agent: *\rDisallow: /private/\r") == ("partial", "not")
    assert sorted_both_ways("User-agent: *\nDisallow : /private/\n") == ("partial", "not")


def test_the_page_holds_the_corpus_figures():
    """CI's check: the page's figures are what the corpus gives now."""
    assert PAGE.exists(), "write it: python3 scripts/probing_error.py --write docs/probing-error.md"
    result = subprocess.run([sys.executable, str(SCRIPT), "--check", str(PAGE)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
