"""How the drop-in layers turn a caller's user-agent string into a crawler chain.

Protego, urllib.robotparser and Scrapy are handed whatever the caller has: a
bare name (``"MyBot"``) or a whole User-Agent header (``"Mozilla/5.0
(compatible; MyBot/1.0; +https://…)"``). Under ``rfc9309`` and ``google`` the
layers find the crawler's token with the engine's one function
(:func:`robots_engine.crawler_token`: a registry crawler's documented header
gives its token, else the first product token that is no browser
boilerplate), then obey the first group that names a token of its chain
(:func:`robots_engine.family_chain`): the token, its documented fallbacks and,
as protego, urllib and Scrapy all apply a group to a longer name, its prefixes
before each ``-`` (``googlebot-news`` → ``googlebot``). The legacy profiles
match by substring and are given the whole string, as urllib.robotparser is.
"""

from __future__ import annotations

from robots_engine._native import Matcher, Policy, crawler_token, family_chain

_LEGACY = frozenset({"draft1996", "original1994"})


def crawler_name(user_agent: str | bytes, profile: str) -> str | bytes:
    """The name to hand the engine for ``user_agent`` under ``profile``.

    >>> crawler_name("Scrapy/2.11 (+https://scrapy.org)", "google")
    'Scrapy'
    >>> crawler_name("Mozilla/5.0 (compatible; MyBot/1.0; +https://example.com)", "rfc9309")
    'MyBot'
    >>> crawler_name("FigTree Robot libwww-perl/5.04", "draft1996")
    'FigTree Robot libwww-perl/5.04'
    """
    if profile in _LEGACY:
        return user_agent
    if not isinstance(user_agent, (str, bytes)):
        raise TypeError(f"user agent must be str or bytes, not {type(user_agent).__name__}")
    token = crawler_token(user_agent)
    return token if token is not None else user_agent[:0]


def crawler_matcher(policy: Policy, user_agent: str | bytes) -> Matcher:
    """``policy`` narrowed to the crawler that ``user_agent`` names, with its chain.

    >>> policy = Policy("User-agent: googlebot\\nDisallow: /g\\n", "google")
    >>> crawler_matcher(policy, "Googlebot-News").is_allowed("/g/1")
    False
    """
    name = crawler_name(user_agent, policy.profile)
    if policy.profile in _LEGACY or not name:
        return policy.matcher(name)
    return policy.matcher_chain(family_chain(name, dash_prefixes=True))
