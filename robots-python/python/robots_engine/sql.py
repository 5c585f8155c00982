"""The robots.txt SQL functions over Arrow columns: the functions of the
DuckDB extension (``robots-duckdb``), with the same names, arguments and
results, for Spark SQL (:func:`robots_engine.spark.register_sql_functions`)
and any engine that hands a function Arrow arrays.

Each function takes Arrow arrays (string or binary; a binary array holds
what a string cannot, such as invalid UTF-8) and returns one Arrow array of
the same length:

=========================================  ===========================================
``robots_allowed(body, agent, url)``       boolean
``robots_explain(body, agent, url)``       struct: allowed, reason, line, directive,
                                           pattern, rule, path, selection, tie_break
``robots_content_usage(body, agent, url)`` struct: train_ai, search
``robots_access(body, agent)``             struct: kind, allowed_path, allowed_line,
                                           disallowed_path, disallowed_line, reason
``robots_token(header)``                   string
``robots_records(body)``                   list of struct: line, directive, value,
                                           group, valid
``robots_lint(body)``                      list of struct: code, severity, line,
                                           column, message
``robots_report(body)``                    list of struct: one registry crawler each
``robots_compile(body)``                   struct: body, profile (the "key")
=========================================  ===========================================

``robots_compile(body [, profile])`` is the Spark side of the DuckDB
extension's keys: there it returns a UBIGINT naming the body compiled once in
a process-wide registry, for random-order joins; a cluster has no registry
shared by its executors, so here it returns the body and its profile as a
struct, and every function that takes a body takes that struct in its place.
The same query text runs in both engines::

    WITH p AS (SELECT host, robots_compile(body) AS k FROM robots)
    SELECT robots_allowed(p.k, 'GPTBot', u.url) FROM urls u JOIN p USING (host)

A keyed call's profile is the key's; a profile argument beside a key must
name the same one (the call fails otherwise, as in DuckDB).

The agent is a product token, read as ``robots report`` reads a crawler:
a token the known-crawler registry lists obeys the groups that name it, else
those of the fallbacks the registry documents for it (``Googlebot-Image`` →
``Googlebot``), else the ``*`` groups; a crawler the registry documents as
ignoring ``*`` (``AdsBot-Google``) obeys no group when none names it, so it
may fetch every URL (``robots_explain``'s ``selection`` says
``ignores-wildcard``). Any other agent is matched as given.

All but ``robots_token`` take the profile as an optional last argument
(``google`` when omitted). A null argument gives a null result for its row;
a body that is binary data, not a robots.txt (control bytes at its start, as
a gzip or an image has), gets no verdict: null from the verdict functions and
``robots_report`` (``robots_lint`` says ``binary-not-robots``). Each distinct
(body, profile) of a batch is parsed once.
"""

from __future__ import annotations

from typing import Any, Callable

import pyarrow as pa
import pyarrow.compute as pc

from robots_engine._native import PROFILES, Policy, crawler_token, family_chain, lint, records, report_json, sniff

__all__ = [
    "DEFAULT_PROFILE",
    "FUNCTIONS",
    "robots_access",
    "robots_allowed",
    "robots_compile",
    "robots_content_usage",
    "robots_explain",
    "robots_lint",
    "robots_records",
    "robots_report",
    "robots_token",
]

DEFAULT_PROFILE = "google"

EXPLAIN = pa.struct(
    [
        ("allowed", pa.bool_()),
        ("reason", pa.string()),
        ("line", pa.int32()),
        ("directive", pa.string()),
        ("pattern", pa.string()),
        ("rule", pa.string()),
        ("path", pa.string()),
        ("selection", pa.string()),
        ("tie_break", pa.string()),
    ]
)
USAGE = pa.struct([("train_ai", pa.bool_()), ("search", pa.bool_())])
ACCESS = pa.struct(
    [
        ("kind", pa.string()),
        ("allowed_path", pa.string()),
        ("allowed_line", pa.int32()),
        ("disallowed_path", pa.string()),
        ("disallowed_line", pa.int32()),
        ("reason", pa.string()),
    ]
)
RECORD = pa.struct(
    [("line", pa.int32()), ("directive", pa.string()), ("value", pa.string()), ("group", pa.int32()), ("valid", pa.bool_())]
)
FINDING = pa.struct(
    [("code", pa.string()), ("severity", pa.string()), ("line", pa.int32()), ("column", pa.int32()), ("message", pa.string())]
)
KEY = pa.struct([("body", pa.binary()), ("profile", pa.string())])
CRAWLER = pa.struct(
    [
        ("token", pa.string()),
        ("operator", pa.string()),
        ("purpose", pa.string()),
        ("applies", pa.string()),
        ("group_token", pa.string()),
        ("root_allowed", pa.bool_()),
        ("access", pa.string()),
        ("allowed_path", pa.string()),
        ("allowed_line", pa.int32()),
        ("disallowed_path", pa.string()),
        ("disallowed_line", pa.int32()),
        ("allowed_share", pa.float64()),
        ("crawl_delay_seconds", pa.float64()),
        ("robots_txt", pa.string()),
    ]
)


def _flat(values: Any) -> pa.Array:
    if isinstance(values, pa.ChunkedArray):
        return values.combine_chunks()
    if isinstance(values, pa.Array):
        return values
    return pa.array(values)


def _profiles(profile: Any, n: int) -> list[str | None]:
    """The profile of each row: the default when the call gives none."""
    if profile is None:
        return [DEFAULT_PROFILE] * n
    if isinstance(profile, str):
        return [profile] * n
    return _flat(profile).to_pylist()


def _profile_name(name: str) -> str:
    """``name`` when it names a profile; else the error DuckDB gives."""
    if name not in PROFILES:
        raise ValueError(f"unknown robots.txt profile {name!r}: expected one of {', '.join(PROFILES)}")
    return name


def _keyed(key: pa.StructArray, profile: Any) -> tuple[pa.Array, list[str | None]]:
    """The bodies and profiles of a column of keys (``robots_compile``'s
    structs): each key's own profile; a profile argument beside it must name
    the same one (null: a null row)."""
    bodies, own = key.flatten()  # a null key: a null body and profile
    profiles = own.to_pylist()
    if profile is None:
        return bodies, profiles
    asked = _profiles(profile, len(key))
    out: list[str | None] = []
    for kp, ap in zip(profiles, asked):
        if kp is not None and ap is not None and kp != ap:
            raise ValueError(
                f"robots key was compiled under the {kp} profile, and the call asks for {ap}: "
                f"a key's profile is robots_compile's (robots_compile(body, '{ap}')), or leave the profile out"
            )
        out.append(None if ap is None else kp)
    return bodies, out


class _Bodies:
    """The distinct (body, profile) pairs of a batch, each parsed once
    (``None``: binary data, no robots.txt). The body column may be keys
    from ``robots_compile`` (structs of body and profile)."""

    def __init__(self, bodies: Any, profile: Any):
        array = _flat(bodies)
        if pa.types.is_struct(array.type):
            array, self.profiles = _keyed(array, profile)
        else:
            self.profiles = _profiles(profile, len(array))
        self.n = len(array)
        encoded = pc.dictionary_encode(array)
        self._values = encoded.dictionary.to_pylist()
        self._index = encoded.indices.to_numpy(zero_copy_only=False)
        self._null = array.is_null().to_numpy(zero_copy_only=False)
        self._policies: dict[tuple[int, str], Policy | None] = {}

    def key(self, row: int) -> tuple[int, str] | None:
        """The (distinct body, profile) of ``row``; ``None`` where either is null."""
        profile = self.profiles[row]
        if self._null[row] or profile is None:
            return None
        return int(self._index[row]), profile

    def body(self, key: tuple[int, str]) -> bytes | str:
        return self._values[key[0]]

    def policy(self, key: tuple[int, str]) -> Policy | None:
        try:
            return self._policies[key]
        except KeyError:
            body = self.body(key)
            made = None if sniff(body) == "binary" else Policy(body, key[1])
            self._policies[key] = made
            return made


def _rows(values: Any) -> list[Any]:
    return _flat(values).to_pylist()


def _per_row(body: Any, agent: Any, url: Any, profile: Any, answer: Callable[[Policy, Any, Any], Any]) -> list[Any]:
    bodies = _Bodies(body, profile)
    agents, urls = _rows(agent), _rows(url)
    out = []
    for row in range(bodies.n):
        key = bodies.key(row)
        policy = None if key is None else bodies.policy(key)
        if policy is None or agents[row] is None or urls[row] is None:
            out.append(None)
        else:
            out.append(answer(policy, agents[row], urls[row]))
    return out


def _chain(agent: Any) -> list[Any]:
    """The tokens ``agent`` obeys, most specific first (an empty agent names
    no token: it is checked as given, as ``robots check --agent ''`` is)."""
    return family_chain(agent) or [agent]


def robots_allowed(body: Any, agent: Any, url: Any, profile: Any = None) -> pa.Array:
    """May ``agent`` fetch ``url`` under ``body``? (The agent read as ``robots
    report`` reads a crawler: see the module's documentation.)"""
    bodies = _Bodies(body, profile)
    agents, urls = _rows(agent), _rows(url)
    out: list[bool | None] = [None] * bodies.n
    # Rows by (body, profile, agent): one matcher and one native batch each.
    groups: dict[tuple[int, str, Any], list[int]] = {}
    for row in range(bodies.n):
        key = bodies.key(row)
        if key is None or agents[row] is None or urls[row] is None:
            continue
        groups.setdefault((*key, agents[row]), []).append(row)
    for (index, profile_name, agent_value), rows in groups.items():
        policy = bodies.policy((index, profile_name))
        if policy is None:
            continue
        if policy.obeyed_token(agent_value) is None:
            # A crawler that ignores `*`, and no group names it: no group applies.
            verdicts = [True] * len(rows)
        else:
            verdicts = policy.matcher_chain(_chain(agent_value)).allowed_many([urls[r] for r in rows])
        for r, verdict in zip(rows, verdicts):
            out[r] = bool(verdict)
    return pa.array(out, pa.bool_())


def _rule_text(directive: str | None, pattern: str | None) -> str | None:
    if directive is None:
        return None
    return f"{'Allow' if directive == 'allow' else 'Disallow'}: {pattern}"


def robots_explain(body: Any, agent: Any, url: Any, profile: Any = None) -> pa.Array:
    """The verdict with the deciding line and rule, the path as compared, why
    the groups applied and how the best rule won."""

    def explain(policy: Policy, agent_value: Any, url_value: Any) -> dict[str, Any]:
        token = policy.obeyed_token(agent_value)
        if token is None:
            # A crawler that ignores `*`, and no group names it: no group
            # applies, every URL is allowed (the path as the profile reads it).
            return {
                "allowed": True,
                "reason": "no-group",
                "line": None,
                "directive": None,
                "pattern": None,
                "rule": None,
                "path": policy.explain(agent_value, url_value).path,
                "selection": "ignores-wildcard",
                "tie_break": "no-candidate",
            }
        # The token whose groups apply: its explanation is the chain's.
        e = policy.explain(token, url_value)
        v = e.verdict
        return {
            "allowed": v.allowed,
            "reason": v.reason,
            "line": v.line,
            "directive": v.directive,
            "pattern": v.pattern,
            "rule": _rule_text(v.directive, v.pattern),
            "path": e.path,
            "selection": e.selection,
            "tie_break": e.tie_break,
        }

    return pa.array(_per_row(body, agent, url, profile, explain), EXPLAIN)


def robots_content_usage(body: Any, agent: Any, url: Any, profile: Any = None) -> pa.Array:
    """The Content-Usage preferences that apply to ``url`` (draft-ietf-aipref-attach:
    the longest matching path), null when none applies or the URL may not be crawled."""

    def usage(policy: Policy, agent_value: Any, url_value: Any) -> dict[str, Any] | None:
        token = policy.obeyed_token(agent_value)
        # No group applies (a crawler that ignores `*`): no preferences; and
        # the draft attaches preferences to crawlable paths only.
        if token is None or not policy.is_allowed(token, url_value):
            return None
        prefs = policy.content_usage(token, url_value)
        if prefs is None:
            return None
        return {"train_ai": prefs["train-ai"], "search": prefs["search"]}

    return pa.array(_per_row(body, agent, url, profile, usage), USAGE)


def robots_access(body: Any, agent: Any, profile: Any = None) -> pa.Array:
    """How much of the site ``agent`` may fetch, decided exactly over the rules:
    ``robots report``'s row for the crawler (``Policy.access_of``)."""
    bodies = _Bodies(body, profile)
    agents = _rows(agent)
    answers: dict[tuple[int, str, Any], dict[str, Any]] = {}
    out: list[dict[str, Any] | None] = []
    for row in range(bodies.n):
        key = bodies.key(row)
        policy = None if key is None else bodies.policy(key)
        if policy is None or agents[row] is None:
            out.append(None)
            continue
        pair = (*key, agents[row])
        if pair not in answers:
            answers[pair] = policy.access_of(agents[row])
        out.append(answers[pair])
    return pa.array(out, ACCESS)


def robots_token(header: Any) -> pa.Array:
    """The product token a robots.txt names for the crawler that sends
    ``header`` (null for a browser's header)."""
    out = []
    for value in _rows(header):
        token = None if value is None else crawler_token(value)
        if isinstance(token, bytes):
            token = token.decode("utf-8", "replace")
        out.append(token)
    return pa.array(out, pa.string())


def _per_body(body: Any, profile: Any, make: Callable[[Any, str, Policy | None], list[dict] | None], kind: pa.DataType) -> pa.Array:
    bodies = _Bodies(body, profile)
    made: dict[tuple[int, str], list[dict] | None] = {}
    out = []
    for row in range(bodies.n):
        key = bodies.key(row)
        if key is None:
            out.append(None)
            continue
        if key not in made:
            made[key] = make(bodies.body(key), key[1], bodies.policy(key))
        out.append(made[key])
    return pa.array(out, pa.list_(kind))


def robots_records(body: Any, profile: Any = None) -> pa.Array:
    """Every directive line the profile reads, in file order."""

    def rows(text: Any, profile_name: str, _: Policy | None) -> list[dict]:
        names = ("line", "directive", "value", "group", "valid")
        return [dict(zip(names, r)) for r in records(text, profile_name)]

    return _per_body(body, profile, rows, RECORD)


def robots_lint(body: Any, profile: Any = None) -> pa.Array:
    """The lint findings, as ``robots lint --format json`` gives them."""

    def rows(text: Any, profile_name: str, _: Policy | None) -> list[dict]:
        return [
            {"code": f.code, "severity": f.severity, "line": f.line, "column": f.column, "message": f.message}
            for f in lint(text, profile_name)
        ]

    return _per_body(body, profile, rows, FINDING)


def robots_report(body: Any, profile: Any = None) -> pa.Array:
    """One row per registry crawler, as ``robots report --format json`` gives it."""
    import json

    def rows(text: Any, profile_name: str, policy: Policy | None) -> list[dict] | None:
        if policy is None:
            return None
        raw = text.encode("utf-8") if isinstance(text, str) else bytes(text)
        found = json.loads(report_json(raw, profile_name))
        out = []
        for c in found["crawlers"]:
            access = c["access"]
            out.append(
                {
                    "token": c["token"],
                    "operator": c["operator"],
                    "purpose": c["purpose"],
                    "applies": c["group"]["applies"],
                    "group_token": c["group"]["token"],
                    "root_allowed": c["root_allowed"],
                    "access": access["kind"],
                    "allowed_path": access.get("allowed_path"),
                    "allowed_line": access.get("allowed_line"),
                    "disallowed_path": access.get("disallowed_path"),
                    "disallowed_line": access.get("disallowed_line"),
                    "allowed_share": c["allowed_share"],
                    "crawl_delay_seconds": c["crawl_delay_seconds"],
                    "robots_txt": c["robots_txt"],
                }
            )
        return out

    return _per_body(body, profile, rows, CRAWLER)


def robots_compile(body: Any, profile: Any = None) -> pa.Array:
    """The key of ``body`` under ``profile``: the body (as bytes) and the
    profile, which every function taking a body takes in its place (null
    where either is null; an unknown profile name fails, as in DuckDB)."""
    array = _flat(body)
    if not pa.types.is_binary(array.type):
        array = pc.cast(array, pa.binary())
    profiles = [None if p is None else _profile_name(p) for p in _profiles(profile, len(array))]
    names = pa.array(profiles, pa.string())
    valid = pc.and_(array.is_valid(), names.is_valid())
    return pa.StructArray.from_arrays([array, names], fields=list(KEY), mask=pc.invert(valid))


# name -> (function, text arguments, takes a profile, Arrow result type)
FUNCTIONS: dict[str, tuple[Callable[..., pa.Array], int, bool, pa.DataType]] = {
    "robots_allowed": (robots_allowed, 3, True, pa.bool_()),
    "robots_explain": (robots_explain, 3, True, EXPLAIN),
    "robots_content_usage": (robots_content_usage, 3, True, USAGE),
    "robots_access": (robots_access, 2, True, ACCESS),
    "robots_token": (robots_token, 1, False, pa.string()),
    "robots_records": (robots_records, 1, True, pa.list_(RECORD)),
    "robots_lint": (robots_lint, 1, True, pa.list_(FINDING)),
    "robots_report": (robots_report, 1, True, pa.list_(CRAWLER)),
    "robots_compile": (robots_compile, 1, True, KEY),
}
