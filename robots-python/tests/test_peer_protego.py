"""protego's own test suite (tests/test_protego.py of its sdist), run against
``robots_engine.protego.Protego``."""

from __future__ import annotations

from peers import load_module, mark_differences, sdist

import robots_engine.protego

_suite = load_module("peer_protego_tests", sdist("protego") / "tests" / "test_protego.py")
# The suite names the class under test `Protego` at module level: swap it.
_suite.Protego = robots_engine.protego.Protego


class TestProtegoSuiteOnRobotsEngine(_suite.TestProtego):
    """Every test of protego's ``TestProtego``, against our ``Protego``."""


mark_differences("protego", [TestProtegoSuiteOnRobotsEngine])


def test_the_suite_is_protegos_and_uses_our_class():
    assert _suite.Protego is robots_engine.protego.Protego
    tests = [n for n in dir(TestProtegoSuiteOnRobotsEngine) if n.startswith("test_")]
    assert len(tests) > 50
