"""The listed peer differences are backed by conformance cases and documented."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from differences import DIFFERENCES

from robots_engine import Policy
from robots_engine.protego import Protego

REPO = Path(__file__).resolve().parents[2]
CONFORMANCE = REPO / "testdata" / "conformance"


def _cases() -> dict[str, dict]:
    cases = {}
    for path in CONFORMANCE.glob("*.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                case = json.loads(line)
                case["_file"] = path.name
                cases[case["id"]] = case
    return cases


CASES = _cases()
CITED = sorted({case for suite in DIFFERENCES.values() for _, ids in suite.values() for case in ids})


def _google_expectation(case: dict) -> bool | None:
    for field in ("google_allowed", "expected_google"):
        if field in case:
            return case[field]
    if case["_file"] == "google_cases.jsonl":
        return case["allowed"]
    return None


@pytest.mark.parametrize("case_id", CITED)
def test_cited_case_exists_and_the_google_profile_answers_it(case_id):
    assert case_id in CASES, f"no conformance case {case_id}"
    case = CASES[case_id]
    expected = _google_expectation(case)
    if expected is None:  # a helper-function case: its existence is the citation
        return
    body = case.get("robots_txt")
    if body is None:
        body = base64.b64decode(case["robots_txt_b64"])
    policy = Policy(body.encode("utf-8") if isinstance(body, str) else body, profile="google")
    assert policy.is_allowed(case["user_agent"], case["url"]) == expected


def test_readme_lists_every_difference():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for suite, tests in DIFFERENCES.items():
        for test_name in tests:
            assert f"`{test_name}`" in readme, f"README does not list {suite} {test_name}"


@pytest.mark.parametrize("line_end", ["\r\n", "\n", "\r"])
def test_protego_line_endings_verdicts_hold(line_end):
    # protego's test_line_endings also checks private counters; its verdicts hold.
    content = line_end.join(["User-Agent: foo", "Allow: /some/path", "User-Agent: bar", "", "", "Disallow: /", ""])
    rp = Protego.parse(content)
    assert rp.can_fetch("http://site.local/some/path/", "foo")
    assert not rp.can_fetch("http://site.local/some/path/", "bar")
