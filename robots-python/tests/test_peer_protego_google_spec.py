"""protego's tests of Google's robots.txt specification (tests/test_on_google_spec.py
of its sdist), run against ``robots_engine.protego.Protego``.

The suite's tests are parametrised functions: each is taken over with its own
parameters, and every case listed in ``differences.py`` under
``protego_google_spec`` (by pytest id, ``test_name[params]``) is marked a strict
expected failure.
"""

from __future__ import annotations

from differences import DIFFERENCES
from peers import load_module, sdist, take_over

import robots_engine.protego

_suite = load_module("peer_protego_google_spec", sdist("protego") / "tests" / "test_on_google_spec.py")
# The suite names the class under test `Protego` at module level: swap it.
_suite.Protego = robots_engine.protego.Protego

_LISTED = {name: entry[0] for name, entry in DIFFERENCES["protego_google_spec"].items()}
_FOUND: set[str] = set()


_NAMES = sorted(n for n in dir(_suite) if n.startswith("test_") and callable(getattr(_suite, n)))
for _name in _NAMES:
    globals()[_name] = take_over(getattr(_suite, _name), _LISTED, _FOUND)


def test_the_suite_is_protegos_google_spec_and_every_listed_case_exists():
    assert _suite.Protego is robots_engine.protego.Protego
    assert {"test_user_agent_precedence", "test_user_agent_boundary_matching", "test_path_matching"} <= set(_NAMES)
    assert _FOUND == set(_LISTED), f"listed differences name no test: {sorted(set(_LISTED) - _FOUND)}"
