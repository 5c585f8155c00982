"""The native API: verdicts, records, lint, batches, errors, threads, pickling."""

from __future__ import annotations

import pickle
import re
import threading
from pathlib import Path

import numpy as np
import pyarrow as pa
import pytest

import robots_engine
from robots_engine import Policy, lint

ROBOTS = b"""User-agent: *
Disallow: /private/
Allow: /private/press/
Crawl-delay: 2.5
Request-rate: 3/15s
Visit-time: 0400-0845

User-agent: FooBot
Disallow: /

Sitemap: https://example.com/sitemap.xml
Host: example.com
"""

CORPUS = Path(__file__).resolve().parents[2] / "testdata" / "corpus"


@pytest.fixture(scope="module")
def policy() -> Policy:
    return Policy(ROBOTS, profile="google")


def test_verdict_names_the_deciding_rule(policy):
    verdict = policy.check("ExampleBot", "https://example.com/private/press/1")
    assert verdict.allowed and bool(verdict)
    assert (verdict.reason, verdict.line, verdict.directive, verdict.pattern) == ("rule", 3, "allow", "/private/press/")
    blocked = policy.check("ExampleBot", "/private/x")
    assert not blocked.allowed and blocked.line == 2 and blocked.directive == "disallow"
    free = policy.check("ExampleBot", "/public")
    assert free.allowed and free.reason == "no-matching-rule" and free.line is None and free.pattern is None
    assert not policy.is_allowed("foobot", "/anything")


def test_profiles_differ_where_they_should():
    body = "User-agent: *\nDisallow: /\n"
    assert Policy(body, profile="rfc9309").is_allowed("bot", "/robots.txt")
    assert not Policy(body, profile="google").is_allowed("bot", "/robots.txt")
    first_match = "User-agent: *\nDisallow: /a\nAllow: /a/b\n"
    assert not Policy(first_match, profile="draft1996").is_allowed("bot", "/a/b")
    assert Policy(first_match, profile="rfc9309").is_allowed("bot", "/a/b")
    assert Policy(body).profile == "rfc9309"
    assert robots_engine.PROFILES == ["rfc9309", "google", "draft1996", "original1994"]


def test_records(policy):
    assert policy.crawl_delay("ExampleBot") == 2.5
    rate = policy.request_rate("ExampleBot")
    assert (rate.requests, rate.seconds) == (3, 15.0)
    assert policy.visit_time("ExampleBot") == (4 * 60, 8 * 60 + 45)
    assert policy.crawl_delay("FooBot") is None and policy.request_rate("FooBot") is None
    assert policy.sitemaps == ["https://example.com/sitemap.xml"]
    assert policy.host == "example.com"
    assert Policy(b"").host is None and Policy(b"").sitemaps == []


def test_explain_lists_candidates_best_first(policy):
    e = policy.explain("ExampleBot", "/private/press/x")
    assert isinstance(e, robots_engine.Explanation)
    assert (e.agent, e.path) == ("ExampleBot", "/private/press/x")
    assert [c.line for c in e.candidates] == [3, 2]
    assert [str(c) for c in e.candidates] == ["Allow: /private/press/", "Disallow: /private/"]
    assert [(c.directive, c.priority, c.column, c.derived) for c in e.candidates] == [
        ("allow", 15, 8, False),
        ("disallow", 9, 11, False),
    ]
    assert e.verdict == policy.check("ExampleBot", "/private/press/x")
    # The `*` group applied because no group names ExampleBot, under Google's rules.
    assert (e.selection, e.combining, e.naming) == ("any", "merge-all", "product-token")
    assert e.tie_break == "longest-match" and e.tie_break_description == "the longest match wins"
    assert [(g.index, g.line, g.agents, g.matches) for g in e.groups] == [(0, 1, [(1, "*")], ["any"])]
    assert 'tie_break="longest-match"' in repr(e)


def test_explain_names_the_group_and_the_tie_break_per_profile():
    body = "User-agent: FooBot\nUser-agent: BarBot\nDisallow: /a\nAllow: /a\n\nUser-agent: *\nDisallow: /\n"
    rfc = Policy(body, profile="rfc9309").explain("foobot", "/a")
    assert (rfc.selection, rfc.combining, rfc.naming) == ("name", "merge-all", "exact")
    assert rfc.groups[0].matches == ["name", None]
    assert rfc.tie_break == "allow-wins-tie" and rfc.verdict.allowed
    draft = Policy(body, profile="draft1996").explain("FooBot/2.1", "/a")
    assert (draft.selection, draft.combining, draft.naming) == ("name", "first-record", "substring")
    assert draft.tie_break == "first-in-file-order" and not draft.verdict.allowed
    nobody = Policy("User-agent: FooBot\nDisallow: /\n").explain("Other", "/x")
    assert (nobody.selection, nobody.groups, nobody.candidates, nobody.tie_break) == ("none", [], [], "no-candidate")
    assert nobody.verdict.reason == "no-group"


def test_matcher_and_allowed_many_agree_with_single_checks(policy):
    urls = ["/", "/private/a", "/private/press/b", "https://example.com/private/", "", "/x?y#z"]
    expected = [policy.is_allowed("ExampleBot", u) for u in urls]
    matcher = policy.matcher("ExampleBot")
    assert matcher.agent == "ExampleBot" and matcher.has_group
    assert [matcher.is_allowed(u) for u in urls] == expected
    inputs = [
        urls,
        tuple(urls),
        np.array(urls),
        np.array(urls, dtype=object),
        np.array([u.encode() for u in urls]),
        pa.array(urls),
        pa.array(urls, pa.large_string()),
        pa.array(urls, pa.string_view()),
        pa.array([u.encode() for u in urls], pa.binary()),
        pa.array(urls)[0:],
        iter(urls),
    ]
    for batch in inputs:
        out = matcher.allowed_many(batch)
        assert out.dtype == np.bool_ and out.tolist() == expected, type(batch)
    sliced = pa.array(["/private/a"] + urls)[1:]
    assert matcher.allowed_many(sliced).tolist() == expected
    chunked = pa.chunked_array([urls[:2], urls[2:]])
    assert matcher.allowed_many(chunked).tolist() == expected
    assert policy.allowed_many("ExampleBot", urls).tolist() == expected
    assert matcher.allowed_many([]).shape == (0,)


def test_non_ascii_numpy_strings_are_utf8():
    policy = Policy("User-agent: *\nDisallow: /ツ\n", profile="rfc9309")
    urls = np.array(["/ツ/a", "/%E3%83%84/b", "/b"])
    assert policy.matcher("bot").allowed_many(urls).tolist() == [False, False, True]


def test_allowed_many_matches_single_checks_on_corpus():
    files = sorted(CORPUS.glob("*.txt"))[:20]
    assert files
    for robots in files:
        urls_file = robots.with_suffix(".urls")
        if not urls_file.exists():
            continue
        urls = [u for u in urls_file.read_text(encoding="utf-8", errors="replace").splitlines()]
        policy = Policy(robots.read_bytes(), profile="google")
        matcher = policy.matcher("Googlebot")
        assert matcher.allowed_many(pa.array(urls)).tolist() == [matcher.is_allowed(u) for u in urls]


def test_list_of_str_batches_read_every_kind_of_str():
    # ASCII, Latin-1, BMP and astral strs have different layouts inside
    # CPython; the list path reads each as UTF-8 (borrowed on 3.10+).
    policy = Policy("User-agent: *\nDisallow: /é\nDisallow: /ツ\nDisallow: /😀\n", profile="rfc9309")
    urls = ["/a", "/é", "/ツx", "/😀", "/%F0%9F%98%80", "/e", "http://h/é?q", b"/\xc3\xa9"]
    matcher = policy.matcher("bot")
    expected = [matcher.is_allowed(u) for u in urls]
    assert expected == [True, False, False, False, False, True, False, False]
    assert matcher.allowed_many(urls).tolist() == expected
    assert matcher.allowed_many(tuple(urls)).tolist() == expected
    with pytest.raises(ValueError, match=re.escape("urls[1] is not encodable as UTF-8")):
        matcher.allowed_many(["/a", "/\udc80"])


def test_a_matcher_outlives_its_policy():
    matcher = Policy(b"User-agent: *\nDisallow: /x\n").matcher("bot")
    import gc

    gc.collect()
    assert matcher.allowed_many(["/x", "/y"]).tolist() == [False, True]
    assert not matcher.check("/x/1") and matcher.check("/x/1").line == 2


def test_allowed_by_key_checks_each_url_with_its_matcher():
    a = Policy(b"User-agent: *\nDisallow: /a\n", profile="google").matcher("bot")
    b = Policy(b"User-agent: *\nDisallow: /b\n", profile="google").matcher("bot")
    urls = ["/a", "/a", "/a", "/b", "/b", "/b", "/c"]
    keys = [0, 1, 2, 0, 1, 2, 0]
    expected = [False, True, True, True, False, True, True]
    assert robots_engine.allowed_by_key([a, b, None], keys, urls).tolist() == expected
    assert robots_engine.allowed_by_key([a, b, None], np.array(keys, dtype=np.int8), pa.array(urls)).tolist() == expected
    assert robots_engine.allowed_by_key([a, b, None], pa.array(keys, pa.int32()), urls).tolist() == expected
    assert robots_engine.allowed_by_key([], [], []).shape == (0,)


def test_allowed_by_key_matches_single_checks_on_corpus():
    files = sorted(CORPUS.glob("*.txt"))[:30]
    matchers, keys, urls = [], [], []
    for key, robots in enumerate(files):
        matchers.append(Policy(robots.read_bytes(), profile="google").matcher("Googlebot"))
        for url in robots.with_suffix(".urls").read_text(encoding="utf-8", errors="replace").splitlines()[:40]:
            keys.append(key)
            urls.append(url)
    # Interleave the sites, as rows of a Spark batch are.
    order = np.random.default_rng(7).permutation(len(urls))
    keys = [keys[i] for i in order]
    urls = [urls[i] for i in order]
    got = robots_engine.allowed_by_key(matchers, keys, pa.array(urls)).tolist()
    assert got == [matchers[k].is_allowed(u) for k, u in zip(keys, urls)]
    assert not all(got) and any(got)


@pytest.mark.parametrize(
    ("keys", "urls", "error", "text"),
    [
        ([0, 2], ["/", "/"], ValueError, "keys[1] = 2 is not an index of matchers (0..2)"),
        ([0, -1], ["/", "/"], ValueError, "keys[1] = -1 is not an index"),
        ([0], ["/", "/"], ValueError, "keys has 1 items but urls has 2"),
        (["x"], ["/"], TypeError, "keys must be an array of ints"),
        ([[0]], ["/"], ValueError, "1-D"),
        ([0], [None], ValueError, "urls[0] is None"),
    ],
)
def test_allowed_by_key_rejects_bad_input(keys, urls, error, text):
    matcher = Policy(ROBOTS).matcher("bot")
    with pytest.raises(error, match=re.escape(text)):
        robots_engine.allowed_by_key([matcher, None], keys, urls)


@pytest.mark.parametrize(
    ("call", "error", "text"),
    [
        (lambda m: m.allowed_many("/one"), TypeError, "single str"),
        (lambda m: m.allowed_many([1]), TypeError, "urls[0] must be str or bytes, not int"),
        (lambda m: m.allowed_many(["/", None]), ValueError, "urls[1] is None"),
        (lambda m: m.allowed_many(pa.array(["/", None])), ValueError, "urls[1] is null"),
        (lambda m: m.allowed_many(pa.array([1, 2])), TypeError, "strings or binary"),
        (lambda m: m.allowed_many(np.zeros(2)), TypeError, "dtype float64"),
        (lambda m: m.allowed_many(np.array([["/"]])), ValueError, "1-D"),
        (lambda m: m.allowed_many(42), TypeError, "not int"),
        (lambda m: m.is_allowed(None), TypeError, "url must be str or bytes"),
        (lambda m: m.is_allowed("\ud800"), ValueError, "lone surrogate"),
    ],
)
def test_bad_input_raises_clear_errors(call, error, text):
    matcher = Policy(ROBOTS).matcher("bot")
    with pytest.raises(error, match=re.escape(text)):
        call(matcher)


def test_bad_constructor_arguments():
    with pytest.raises(TypeError, match="body must be str or bytes, not int"):
        Policy(3)
    with pytest.raises(ValueError, match="unknown profile 'nope'|unknown profile \"nope\""):
        Policy(b"", profile="nope")
    with pytest.raises(ValueError, match="max_bytes"):
        Policy(b"", max_bytes=-1)
    with pytest.raises(TypeError):
        Policy(b"", max_bytes="10")


def test_any_bytes_parse():
    junk = bytes(range(256)) * 64 + b"\xff\xfe\x00User-agent: *\x00\nDisallow: /\r\r\n"
    for profile in robots_engine.PROFILES:
        policy = Policy(junk, profile=profile)
        assert isinstance(policy.is_allowed("bot", "/x"), bool)
        assert isinstance(lint(junk, profile=profile), list)


def test_max_bytes_cuts_the_body():
    body = b"User-agent: *\n" + b"#" * 100 + b"\nDisallow: /\n"
    assert not Policy(body).is_allowed("bot", "/x")
    capped = Policy(body, max_bytes=50)
    assert capped.is_allowed("bot", "/x") and capped.max_bytes == 50
    assert Policy(body, profile="google").max_bytes is None
    assert Policy(body).max_bytes == robots_engine.DEFAULT_MAX_BYTES


def test_lint_findings():
    findings = lint(b"User-agent: *\nDisalow: /x\nFoo bar\n", profile="rfc9309")
    by_code = {f.code: f for f in findings}
    assert by_code["misspelled-directive"].severity == "error"
    assert (by_code["misspelled-directive"].line, by_code["misspelled-directive"].column) == (2, 1)
    assert by_code["missing-colon"].line == 3
    with pytest.warns(DeprecationWarning, match="use Finding.column"):
        assert by_code["missing-colon"].col == by_code["missing-colon"].column
    assert all(f.message for f in findings)
    assert not [f for f in lint(b"User-agent: *\nDisallow: /x\n") if f.severity == "error"]


def test_pickle_round_trip_keeps_profile_cap_and_verdicts(policy):
    for original in (policy, Policy(ROBOTS, profile="draft1996", max_bytes=40)):
        copy = pickle.loads(pickle.dumps(original))
        assert (copy.profile, copy.max_bytes, copy.body) == (original.profile, original.max_bytes, original.body)
        for url in ("/", "/private/a", "/private/press/b"):
            assert copy.check("ExampleBot", url) == original.check("ExampleBot", url)


def test_threads_share_one_policy(policy):
    urls = [f"/private/{i}" if i % 2 else f"/public/{i}" for i in range(2000)]
    expected = [policy.is_allowed("ExampleBot", u) for u in urls]
    matcher = policy.matcher("ExampleBot")
    results: list[list[bool]] = []
    lock = threading.Lock()

    def work():
        out = matcher.allowed_many(urls).tolist()
        single = [policy.is_allowed("ExampleBot", u) for u in urls[:200]]
        with lock:
            results.append(out)
            assert single == expected[:200]

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [expected] * 8


def test_groups_view(policy):
    groups = policy.groups()
    assert [g["agents"] for g in groups] == [["*"], ["FooBot"]]
    assert groups[0]["rules"] == [(2, "disallow", "/private/"), (3, "allow", "/private/press/")]
    assert (4, "crawl-delay", "2.5") in groups[0]["records"]
