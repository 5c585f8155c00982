"""How the drop-in layers turn a caller's user-agent string into a crawler name.

Protego, urllib.robotparser and Scrapy are handed whatever the caller has: a
bare token (``"MyBot"``) or a whole User-Agent header (``"MyBot/1.0 (+https://…)"``).
The engine matches names exactly, as RFC 9309 and Google do, so under
``rfc9309`` and ``google`` the layers pass the product token at the start of
the string (Google's own rule for ``User-agent`` lines: the longest prefix of
``[A-Za-z_-]``). The legacy profiles match by substring and are given the
whole string, as urllib.robotparser is.
"""

from __future__ import annotations

from robots_engine._native import product_token

_LEGACY = frozenset({"draft1996", "original1994"})


def crawler_name(user_agent: str | bytes, profile: str) -> str | bytes:
    """The name to hand the engine for ``user_agent`` under ``profile``."""
    if profile in _LEGACY:
        return user_agent
    return product_token(user_agent)
