"""Scrapy's robots.txt parser interface tests (tests/test_robotstxt_interface.py
of its sdist), run against ``robots_engine.scrapy.RobotParser``."""

from __future__ import annotations

import sys

from peers import load_module, mark_differences, package_without_init, sdist

from robots_engine.scrapy import RobotParser

_root = sdist("scrapy")
package_without_init("tests", _root / "tests")
if str(_root) not in sys.path:
    sys.path.append(str(_root))
_suite = load_module("peer_scrapy_tests", _root / "tests" / "test_robotstxt_interface.py")


class TestRobotsEngineRobotParser(_suite.BaseRobotParserTest):
    """Scrapy's shared parser tests, as its ``TestProtegoRobotParser`` runs them."""

    def setup_method(self):
        super()._setUp(RobotParser)


mark_differences("scrapy", [TestRobotsEngineRobotParser])


def test_the_suite_runs_our_parser():
    case = TestRobotsEngineRobotParser()
    case.setup_method()
    assert case.parser_cls is RobotParser
    assert isinstance(case._parse(b"User-agent: *\nDisallow: /\n"), RobotParser)
