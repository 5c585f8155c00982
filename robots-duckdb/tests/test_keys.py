"""`robots_compile(body [, profile])` and the keyed forms of the functions:
a key gives what its body gives, in every function and under its profile;
keys of another process, made-up keys and evicted keys fail the query with a
message that says which; NULL gives NULL; the registry stays within its bound."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import EXTENSION
from test_functions import BINARY, ROBOTS, one

# Every function that takes a body, called with `?` for the body (or key).
CALLS = [
    "robots_allowed({}, 'ExampleBot', '/private/x')",
    "robots_allowed({}, 'GPTBot', '/blog/')",
    "robots_allowed({}, 'ExampleBot', '/private/open/a')",
    "robots_explain({}, 'ExampleBot', '/private/x?q=1')",
    "robots_explain({}, 'AdsBot-Google', '/private/x')",
    "robots_content_usage({}, 'ExampleBot', '/blog/post')",
    "robots_access({}, 'ExampleBot')",
    "robots_access({}, 'GPTBot')",
    "robots_records({})",
    "robots_lint({})",
    "robots_report({})",
]


def key_of(con, body, profile=None):
    if profile is None:
        return one(con, "SELECT robots_compile(?)", body)
    return one(con, "SELECT robots_compile(?, ?)", body, profile)


def run_python(script: str, **env: str) -> subprocess.CompletedProcess:
    """`script` in a new Python with the extension loaded as `con`."""
    import os

    prelude = f"""
import duckdb
con = duckdb.connect(config={{"allow_unsigned_extensions": "true"}})
con.execute("LOAD '{EXTENSION}'")
"""
    return subprocess.run(
        [sys.executable, "-c", prelude + script], capture_output=True, text=True, env={**os.environ, **env}
    )


def test_a_key_gives_what_its_body_gives(con):
    typo = b"User-agent: *\ndisalow: /x\nContent-Usage: train-ai=n\n"
    for body in [ROBOTS, typo, b"", BINARY]:
        for profile in [None, "google", "rfc9309"]:
            key = key_of(con, body, profile)
            assert isinstance(key, int) and key >> 32 != 0
            for call in CALLS:
                if profile is None:
                    by_body = one(con, f"SELECT {call.format('?')}", body)
                else:
                    by_body = one(con, f"SELECT {call.format('?')[:-1]}, ?)", body, profile)
                by_key = one(con, f"SELECT {call.format('?::UBIGINT')}", key)
                assert by_key == by_body, (body[:20], profile, call)
    # The profile is the key's: google reads `disalow`, rfc9309 does not.
    assert one(con, "SELECT robots_allowed(?::UBIGINT, 'bot', '/x')", key_of(con, typo)) is False
    assert one(con, "SELECT robots_allowed(?::UBIGINT, 'bot', '/x')", key_of(con, typo, "rfc9309")) is True
    # A binary body's key: no verdict, as its body (the lint names it).
    binary = key_of(con, BINARY)
    assert one(con, "SELECT robots_allowed(?::UBIGINT, 'bot', '/')", binary) is None
    assert "binary-not-robots" in [f["code"] for f in one(con, "SELECT robots_lint(?::UBIGINT)", binary)]


def test_keys_are_given_once_per_body_and_profile(con):
    a, b = b"User-agent: *\nDisallow: /a\n", b"User-agent: *\nDisallow: /b\n"
    ka, kb = key_of(con, a), key_of(con, b)
    assert ka != kb and ka >> 32 == kb >> 32  # one process, one nonce
    assert key_of(con, a) == ka  # the same body again: its key, not a second entry
    assert key_of(con, a.decode()) == ka  # VARCHAR or BLOB: the same bytes
    assert key_of(con, a, "google") == ka  # google is the default
    assert key_of(con, a, "rfc9309") != ka
    # A column with one body on many rows parses it once.
    before = one(con, "SELECT robots_parse_count()")
    keys = con.execute(
        "SELECT DISTINCT robots_compile(('User-agent: *' || chr(10) || 'Disallow: /c' || (i % 2)::VARCHAR)) FROM range(5000) t(i)"
    ).fetchall()
    assert len(keys) == 2
    assert one(con, "SELECT robots_parse_count()") - before == 2
    # Answering by key parses nothing.
    before = one(con, "SELECT robots_parse_count()")
    con.execute("SELECT robots_allowed(?::UBIGINT, 'bot', '/a' || i::VARCHAR) FROM range(5000) t(i)", [ka]).fetchall()
    assert one(con, "SELECT robots_parse_count()") == before


def test_nulls_give_nulls(con):
    key = key_of(con, ROBOTS)
    assert one(con, "SELECT robots_compile(NULL::VARCHAR)") is None
    assert one(con, "SELECT robots_compile(?, NULL::VARCHAR)", ROBOTS) is None
    for call in CALLS:
        assert one(con, f"SELECT {call.format('NULL::UBIGINT')}") is None, call
    assert one(con, "SELECT robots_allowed(?::UBIGINT, NULL::VARCHAR, '/')", key) is None
    assert one(con, "SELECT robots_allowed(?::UBIGINT, 'bot', NULL::VARCHAR)", key) is None
    assert one(con, "SELECT robots_allowed(?::UBIGINT, 'bot', '/', NULL::VARCHAR)", key) is None
    rows = con.execute(
        "SELECT robots_allowed(k, 'GPTBot', '/x') FROM (VALUES (?::UBIGINT), (NULL), (?::UBIGINT)) t(k)", [key, key]
    ).fetchall()
    assert [r[0] for r in rows] == [False, None, False]
    with pytest.raises(Exception, match="unknown robots.txt profile"):
        con.execute("SELECT robots_compile('', 'bing')").fetchall()


def test_a_profile_beside_a_key_must_be_the_keys(con):
    """The key fixes the profile: naming the same one is allowed (so a query
    written for bodies keeps its profile argument), naming another fails
    rather than answer under a profile the call did not ask for."""
    key = key_of(con, b"User-agent: *\ndisalow: /x\n", "rfc9309")
    assert one(con, "SELECT robots_allowed(?::UBIGINT, 'bot', '/x', 'rfc9309')", key) is True
    for sql in [
        "SELECT robots_allowed(?::UBIGINT, 'bot', '/x', 'google')",
        "SELECT robots_access(?::UBIGINT, 'bot', 'google')",
        "SELECT robots_lint(?::UBIGINT, 'google')",
    ]:
        with pytest.raises(Exception, match="compiled under the rfc9309 profile, and the call asks for google"):
            one(con, sql, key)


def test_keys_not_made_here_fail_with_a_message(con):
    key = key_of(con, ROBOTS)
    nonce = key >> 32
    # Made up: this process's nonce, a sequence number not given out.
    with pytest.raises(Exception, match="never given out by robots_compile"):
        one(con, "SELECT robots_allowed(?::UBIGINT, 'bot', '/')", (nonce << 32) | 0xFFFFFFF0)
    # Another nonce: another process's key, or a number that is no key.
    for forged in [0, 1, key ^ (1 << 40)]:
        with pytest.raises(Exception, match="not made by this process"):
            one(con, "SELECT robots_access(?::UBIGINT, 'bot')", forged)
    # A key made by another process, as a table saved to disk would carry it.
    run = run_python("print(con.execute(\"SELECT robots_compile('User-agent: *')\").fetchone()[0])")
    assert run.returncode == 0, run.stderr
    theirs = int(run.stdout)
    assert theirs >> 32 != nonce
    with pytest.raises(Exception, match="not made by this process"):
        one(con, "SELECT robots_records(?::UBIGINT)", theirs)


def test_the_registry_is_bounded_and_evicted_keys_fail():
    """With a bound of 64 KiB (ROBOTS_DUCKDB_REGISTRY_BYTES), compiling 200
    bodies of 1 KB evicts the oldest: their keys fail and say why, the newest
    still answer, and a body larger than the bound is refused."""
    script = """
import json
bodies = [("User-agent: *" + chr(10) + "Disallow: /%d" % i + chr(10) + "#" * 1000) for i in range(200)]
con.execute("CREATE TABLE p AS SELECT i, robots_compile(b) AS k FROM (SELECT unnest(?) AS b, unnest(range(1, 201)) AS i)", [bodies])
out = {"last": con.execute("SELECT robots_allowed(k, 'bot', '/199') FROM p WHERE i = 200").fetchone()[0]}
for sql in ["SELECT robots_allowed(k, 'bot', '/0') FROM p WHERE i = 1",
            "SELECT robots_compile(repeat('#', 100000))"]:
    try:
        con.execute(sql).fetchall()
        out[sql] = "no error"
    except Exception as e:
        out[sql] = str(e)
print(json.dumps(out))
"""
    run = run_python(script, ROBOTS_DUCKDB_REGISTRY_BYTES="65536")
    assert run.returncode == 0, run.stderr
    import json

    out = json.loads(run.stdout)
    assert out["last"] is False
    evicted = out["SELECT robots_allowed(k, 'bot', '/0') FROM p WHERE i = 1"]
    assert "was evicted" in evicted and "65536 bytes" in evicted and "ROBOTS_DUCKDB_REGISTRY_BYTES" in evicted, evicted
    too_large = out["SELECT robots_compile(repeat('#', 100000))"]
    assert "more than the registry's bound" in too_large, too_large


def test_a_key_evicted_after_use_fails_on_the_thread_that_used_it():
    """A thread keeps the keys it has met; once the registry evicts one, that
    thread fails for it too, as a thread meeting it first does."""
    script = """
bodies = [("User-agent: *" + chr(10) + "Disallow: /%d" % i + chr(10) + "#" * 1000) for i in range(200)]
con.execute("SET threads = 1")
first = con.execute("SELECT robots_compile(?)", [bodies[0]]).fetchone()[0]
print(con.execute("SELECT robots_allowed(?::UBIGINT, 'bot', '/0')", [first]).fetchone()[0])
con.execute("SELECT robots_compile(b) FROM (SELECT unnest(?) AS b)", [bodies[1:]]).fetchall()
try:
    con.execute("SELECT robots_allowed(?::UBIGINT, 'bot', '/0')", [first]).fetchall()
    print("no error")
except Exception as e:
    print(e)
"""
    run = run_python(script, ROBOTS_DUCKDB_REGISTRY_BYTES="65536")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.strip().split("\n")
    assert lines[0] == "False"
    assert "was evicted" in lines[1], lines


def test_the_join_of_the_readme_in_random_order():
    """The README's query: keys made once per site, joined to URLs that come
    in random order (every site in every vector), on two threads: the
    verdicts equal the body form's."""
    from conftest import connect

    con = connect(threads=2)
    sites = [b"User-agent: *\nDisallow: /s%d/\nAllow: /s%d/open\n# site %d\n" % (i, i, i) for i in range(300)]
    con.execute("CREATE TABLE robots AS SELECT i AS host, b AS body FROM (SELECT unnest(?) AS b, unnest(range(300)) AS i)", [sites])
    con.execute(
        "CREATE TABLE urls AS SELECT n, (n * 2654435761) % 300 AS host, '/s' || ((n * 7) % 300)::VARCHAR || (CASE WHEN n % 3 = 0 THEN '/open' ELSE '/x' END) AS url "
        "FROM range(60000) t(n) ORDER BY hash(n)"
    )
    con.execute("CREATE TABLE p AS SELECT host, robots_compile(body) AS k FROM robots")
    keyed = con.execute("SELECT n, robots_allowed(p.k, 'GPTBot', u.url) FROM urls u JOIN p USING (host) ORDER BY n").fetchall()
    bodied = con.execute("SELECT n, robots_allowed(r.body, 'GPTBot', u.url) FROM urls u JOIN robots r USING (host) ORDER BY n").fetchall()
    assert keyed == bodied
    assert len(keyed) == 60000 and {v for _, v in keyed} == {True, False}
    con.close()
