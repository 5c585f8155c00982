"""CPython's ``test.test_robotparser``, run against
``robots_engine.robotparser.RobotFileParser(profile="draft1996")``.

The suite builds its parsers as ``urllib.robotparser.RobotFileParser()``: the
harness swaps that name for ours while this module's tests run.
``NetworkTestCase`` is left out: it fetches from the internet, which tests here
never reach (``PasswordProtectedSiteTestCase`` runs: its server is local).
"""

from __future__ import annotations

import functools
import unittest
import urllib.robotparser

from peers import mark_differences

import robots_engine.robotparser

from test import support
from test import test_robotparser as _suite

_ORIGINAL = urllib.robotparser.RobotFileParser
_OURS = functools.partial(robots_engine.robotparser.RobotFileParser, profile="draft1996")

_CASES = [
    value
    for name, value in vars(_suite).items()
    if isinstance(value, type) and issubclass(value, unittest.TestCase) and name != "NetworkTestCase"
]
# Bring the suite's test cases into this module, where pytest collects them.
globals().update({case.__name__: case for case in _CASES})
mark_differences("cpython", _CASES)


def setup_module(module):
    support.use_resources = []  # no test here may ask for the network
    urllib.robotparser.RobotFileParser = _OURS


def teardown_module(module):
    urllib.robotparser.RobotFileParser = _ORIGINAL


def test_the_suite_builds_our_parser():
    parser = urllib.robotparser.RobotFileParser()
    assert isinstance(parser, robots_engine.robotparser.RobotFileParser)
    assert parser.profile == "draft1996"
    assert len(_CASES) >= 19
