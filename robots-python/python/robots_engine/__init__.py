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

from robots_engine._native import (
    DEFAULT_MAX_BYTES,
    PROFILES,
    AppliedGroup,
    Candidate,
    Explanation,
    Finding,
    Matcher,
    Policy,
    RequestRate,
    Verdict,
    __version__,
    allowed_by_key,
    crawler_token,
    family_chain,
    known_crawler,
    lint,
    looks_like_header,
)

__all__ = [
    "__version__",
    "DEFAULT_MAX_BYTES",
    "PROFILES",
    "AppliedGroup",
    "Candidate",
    "Explanation",
    "Finding",
    "Matcher",
    "Policy",
    "RequestRate",
    "Verdict",
    "allowed_by_key",
    "crawler_token",
    "family_chain",
    "known_crawler",
    "lint",
    "looks_like_header",
]
