"""The package fails loudly on a profile the engine adds: every profile of
``Profile::ALL`` (``robots_engine.PROFILES``, read from the engine) is typed in
the stubs (``ProfileName``), handled by name by the drop-in layers' crawler
reading (``_agents``), accepted by ``Policy`` and documented in the package
README. (The native module reads directives and profiles by their names only:
no match over them to fall through.)"""

from __future__ import annotations

import re
from pathlib import Path

import robots_engine
from robots_engine import Policy
from robots_engine import _agents

PACKAGE = Path(robots_engine.__file__).resolve().parent
ROOT = Path(__file__).resolve().parents[1]


def test_every_engine_profile_is_handled_by_name():
    names = list(robots_engine.PROFILES)
    assert names[0] == "rfc9309" and len(names) >= 4, names
    stub = (PACKAGE / "_native.pyi").read_text(encoding="utf-8")
    literal = re.search(r"ProfileName = Literal\[([^\]]*)\]", stub)
    assert literal, "_native.pyi has ProfileName"
    assert re.findall(r'"([^"]+)"', literal.group(1)) == names, "_native.pyi ProfileName must list Profile::ALL"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    # The drop-in layers read a user agent per profile: the legacy ones whole,
    # the others for their token. Each profile is one or the other, by name.
    modern = {"rfc9309", "google"}
    for name in names:
        assert (name in _agents._LEGACY) != (name in modern), f"_agents does not say how {name} reads a user agent"
        assert f"`{name}`" in readme, f"the package README does not name {name}"
        policy = Policy(b"User-agent: *\nDisallow: /x\n", profile=name)
        assert not policy.is_allowed("bot", "/x"), name
