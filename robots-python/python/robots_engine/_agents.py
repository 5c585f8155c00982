"""How the drop-in layers turn a caller's user-agent string into a crawler name.

Protego, urllib.robotparser and Scrapy are handed whatever the caller has: a
bare name (``"MyBot"``) or a whole User-Agent header (``"MyBot/1.0 (+https://…)"``).
RFC 9309 matches groups against the crawler's *product token*: the HTTP token
before any ``/version`` or comment (RFC 9110 §10.1.5). Under ``rfc9309`` and
``google`` the layers pass that token, compared whole as Google's library
compares its caller's name; the legacy profiles match by substring and are
given the whole string, as urllib.robotparser is.
"""

from __future__ import annotations

import re

_LEGACY = frozenset({"draft1996", "original1994"})
# RFC 9110 tchar: the bytes a product token is made of.
_TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]*")
_TOKEN_BYTES = re.compile(rb"[!#$%&'*+\-.^_`|~0-9A-Za-z]*")


def crawler_name(user_agent: str | bytes, profile: str) -> str | bytes:
    """The name to hand the engine for ``user_agent`` under ``profile``.

    >>> crawler_name("Scrapy/2.11 (+https://scrapy.org)", "google")
    'Scrapy'
    >>> crawler_name("FigTree Robot libwww-perl/5.04", "draft1996")
    'FigTree Robot libwww-perl/5.04'
    """
    if profile in _LEGACY:
        return user_agent
    if isinstance(user_agent, bytes):
        match = _TOKEN_BYTES.match(user_agent.lstrip())
        return match.group(0) if match else b""
    if not isinstance(user_agent, str):
        raise TypeError(f"user agent must be str or bytes, not {type(user_agent).__name__}")
    match = _TOKEN.match(user_agent.lstrip())
    return match.group(0) if match else ""
