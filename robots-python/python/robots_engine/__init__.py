"""robots_engine: a compiled robots.txt policy engine.

Parse a robots.txt once, then check URLs against it: one at a time, or
millions at once with :meth:`Matcher.allowed_many` (NumPy and PyArrow arrays,
the GIL released), or a batch of URLs of many sites with :func:`allowed_by_key`. Semantics are chosen by profile: ``"rfc9309"`` (the default),
``"google"`` (Google's parser, quirks included), ``"draft1996"`` (first match
in file order, as ``urllib.robotparser``) or ``"original1994"``.

>>> from robots_engine import Policy
>>> policy = Policy(b"User-agent: *\\nDisallow: /private/\\n", profile="google")
>>> policy.is_allowed("MyBot", "https://example.com/private/x")
False
>>> policy.check("MyBot", "/private/x").line
2

Drop-in layers for other libraries' APIs live in submodules:
:mod:`robots_engine.protego`, :mod:`robots_engine.robotparser`,
:mod:`robots_engine.scrapy`, and :mod:`robots_engine.spark` for Apache Spark.
"""

import json as _json
import os as _os

from robots_engine._native import (
    DEFAULT_MAX_BYTES,
    PROFILES,
    AppliedGroup,
    Candidate,
    Explanation,
    Classification,
    Finding,
    Matcher,
    Policy,
    RequestRate,
    Verdict,
    __version__,
    allowed_by_key,
    AuditOptions as _AuditOptions,
    audit_json as _audit_json,
    crawler_token,
    family_chain,
    known_crawler,
    lint,
    looks_like_header,
    report_json as _report_json,
)

__all__ = [
    "__version__",
    "DEFAULT_MAX_BYTES",
    "PROFILES",
    "AppliedGroup",
    "Candidate",
    "Explanation",
    "Classification",
    "Finding",
    "Matcher",
    "Policy",
    "RequestRate",
    "Verdict",
    "allowed_by_key",
    "audit",
    "audit_rows",
    "AUDIT_ROW_FIELDS",
    "AUDIT_ROW_SCHEMA",
    "crawler_token",
    "family_chain",
    "known_crawler",
    "lint",
    "looks_like_header",
    "report",
]


def _body(source):
    """The bytes of a robots.txt given as bytes, str text or a path."""
    if isinstance(source, bytes):
        return source
    if isinstance(source, _os.PathLike):
        with open(source, "rb") as f:
            return f.read()
    if isinstance(source, str):
        return source.encode("utf-8")
    raise TypeError(f"a robots.txt must be bytes, str or a path, not {type(source).__name__}")


def audit(robots, logs, *, profile="rfc9309", hosts=None, log_format="auto", json_fields=None, browsers=False, cache_window="24h"):
    """Which crawlers obey a robots.txt, from access logs: ``robots audit`` as a dict.

    ``robots`` is the robots.txt of every host (bytes, str text or a
    ``pathlib.Path``; ``None`` with ``hosts``), ``hosts`` maps a host name to
    its own robots.txt for multi-host logs, ``logs`` is a list of log files
    (Combined Log Format, JSON lines or the W3C extended format of IIS and
    CloudFront, plain or gzip; ``log_format`` is ``"auto"``, ``"combined"``,
    ``"json"`` or ``"w3c"``). ``json_fields`` maps
    ``host``, ``time``, ``target``, ``status`` or ``user_agent`` to the key a
    JSON log uses (``client`` names the client address's). The result has the
    shape ``robots audit --format json`` prints: ``lines``, ``malformed``,
    ``unchecked_requests``, ``summary`` and one entry per crawler and
    verification class in ``crawlers`` (``token``, ``verification``,
    ``requests``, ``robots_fetches``, ``violations``, ``stale_cache``,
    ``pace``, ``statuses``, ``examples``), worst first. Senders are verified
    by the operators' published IP ranges bundled with the engine
    (``verification``: ``verified``, ``spoofed`` or ``unverifiable``; the
    report's ``verification`` member says which range files, of which dates).
    """
    if isinstance(logs, (str, bytes, _os.PathLike)):
        logs = [logs]
    logs = [_os.fsdecode(log) for log in logs]
    body = None if robots is None else _body(robots)
    host_bodies = None if hosts is None else {h: _body(b) for h, b in hosts.items()}
    if body is None and not host_bodies:
        raise ValueError("audit needs a robots.txt: robots=..., or hosts={host: robots.txt}")
    options = _AuditOptions(
        body,
        profile=profile,
        hosts=host_bodies,
        log_format=log_format,
        json_fields=json_fields,
        browsers=browsers,
        cache_window=cache_window,
    )
    return _json.loads(_audit_json(options, logs))


#: The columns of :func:`audit_rows`, in order: the names of ``robots audit
#: --format json``'s crawler objects (the pace figures from its ``pace``).
AUDIT_ROW_FIELDS = (
    "token",
    "verification",
    "known",
    "requests",
    "robots_fetches",
    "robots_first_hosts",
    "violations",
    "stale_cache",
    "unchecked",
    "hosts",
    "asked_delay_s",
    "intervals",
    "shorter_than_asked",
    "shorter_share",
    "median_interval_s",
    "min_interval_s",
)

#: The same columns as a Spark DDL schema, for ``spark.createDataFrame(rows,
#: AUDIT_ROW_SCHEMA)`` (a column that is null in every row cannot be inferred).
AUDIT_ROW_SCHEMA = (
    "token STRING, verification STRING, known BOOLEAN, requests BIGINT, robots_fetches BIGINT, "
    "robots_first_hosts BIGINT, violations BIGINT, stale_cache BIGINT, unchecked BIGINT, hosts BIGINT, "
    "asked_delay_s DOUBLE, intervals BIGINT, shorter_than_asked BIGINT, shorter_share DOUBLE, "
    "median_interval_s BIGINT, min_interval_s BIGINT"
)


def audit_rows(report):
    """One flat row (a dict) per crawler and verification class of an audit
    report, :func:`audit`'s or the Spark job's (``robots_engine.audit_job.run``),
    worst first, with the columns :data:`AUDIT_ROW_FIELDS`: what
    ``pandas.DataFrame(rows)`` or ``spark.createDataFrame(rows,
    AUDIT_ROW_SCHEMA)`` takes.

    >>> rows = audit_rows({"crawlers": []})
    >>> rows
    []
    """
    rows = []
    for crawler in report["crawlers"]:
        pace = crawler["pace"]
        row = {field: crawler.get(field) for field in AUDIT_ROW_FIELDS[:10]}
        for field in AUDIT_ROW_FIELDS[10:]:
            row[field] = pace.get(field)
        # The JSON's numbers of seconds may be whole; Spark's DOUBLE columns want floats.
        for field in ("asked_delay_s", "shorter_share"):
            if row[field] is not None:
                row[field] = float(row[field])
        rows.append(row)
    return rows


def report(robots, *, profile="rfc9309", paths=None):
    """What a robots.txt does to every crawler of the registry: ``robots report`` as a dict.

    ``robots`` is bytes, str text or a ``pathlib.Path`` (whose name becomes the
    report's ``file``); ``paths`` adds paths (str or bytes) to the sample. The
    result has the shape ``robots report --format json`` prints: ``profile``,
    ``sample_paths``, one entry per crawler in ``crawlers`` (``group``,
    ``root_allowed``, ``access`` decided exactly, ``allowed_share`` of the
    sample, ``crawl_delay_seconds``, ``robots_txt``, ``verification`` (what
    the registry entry was checked against: ``operator`` or ``secondary``),
    and ``ai_records``: the
    ``content_signal`` and ``content_usage`` of its groups and the file's
    ``llm_policies`` and ``licenses``), ``purposes``, ``llm_policies``,
    ``licenses`` (the file's RSL ``License`` URLs) and ``summary``.
    """
    file = _os.fspath(robots) if isinstance(robots, _os.PathLike) else None
    extra = None if paths is None else [p.encode("utf-8") if isinstance(p, str) else bytes(p) for p in paths]
    return _json.loads(_report_json(_body(robots), profile, extra, file))
