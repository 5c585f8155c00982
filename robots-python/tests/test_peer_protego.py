"""protego's own test suite (tests/test_protego.py of its sdist), run against
``robots_engine.protego.Protego``."""

from __future__ import annotations

from differences import DIFFERENCES
from peers import load_module, mark_differences, module_tests_of, sdist, take_over

import robots_engine.protego

_suite = load_module("peer_protego_tests", sdist("protego") / "tests" / "test_protego.py")
# The suite names the class under test `Protego` at module level: swap it.
_suite.Protego = robots_engine.protego.Protego


class TestProtegoSuiteOnRobotsEngine(_suite.TestProtego):
    """Every test of protego's ``TestProtego``, against our ``Protego``."""


# Its module-level tests of the class too (`test_equal_sign_in_path`,
# `test_leading_asterisk`, `test_redos`; not `test_quoting`, which tests
# protego's private quoting helpers), each case under its pytest id.
_LISTED = {name: entry[0] for name, entry in DIFFERENCES["protego"].items()}
_TAKEN: set[str] = set()
_FUNCTIONS = module_tests_of(_suite, "Protego")
for _name in _FUNCTIONS:
    globals()[_name] = take_over(getattr(_suite, _name), _LISTED, _TAKEN)

mark_differences("protego", [TestProtegoSuiteOnRobotsEngine], taken=_TAKEN)


def test_the_suite_is_protegos_and_uses_our_class():
    assert _suite.Protego is robots_engine.protego.Protego
    tests = [n for n in dir(TestProtegoSuiteOnRobotsEngine) if n.startswith("test_")]
    assert len(tests) > 50
    # protego 0.7.0's module-level tests of the class run too.
    assert {"test_equal_sign_in_path", "test_leading_asterisk", "test_redos"} <= set(_FUNCTIONS), _FUNCTIONS
    assert "test_quoting" not in _FUNCTIONS
