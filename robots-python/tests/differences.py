"""Peer tests our drop-in layers do not pass, each with the reason.

Each entry is ``test: (reason, conformance case ids)``. The layers answer with
the engine's ``google`` profile; every listed test expects something Google's
reference parser does not do, and the cited cases in ``testdata/conformance``
(checked against Google's library or the RFC text) show what it does instead.
``test_differences.py`` checks that every cited case exists and that the
engine's ``google`` profile answers it as the case says, and that the README
lists every test named here.
"""

GROUPING = (
    "a group ends only at a user-agent line that follows a rule (RFC 9309 2.1); "
    "Crawl-delay, Request-rate, Visit-time and unknown lines do not end it, so the "
    "user-agent lines around them share one group and its first valid record"
)
RAW_UNICODE_URL = (
    "Google percent-encodes non-ASCII bytes of a rule but never the URL: a raw "
    "UTF-8 URL does not match the encoded rule (callers pass encoded URLs)"
)

DIFFERENCES: dict[str, dict[str, tuple[str, list[str]]]] = {
    "protego": {
        "test_escaped_url": (
            "Google does not percent-encode the URL: `/a<d.html` does not match `Allow: /a%3cd.html` "
            "(RFC 9309 says they are equivalent; our rfc9309 profile agrees with protego)",
            ["ID_Encoding#3", "ID_Encoding#5", "legacy.percent#3"],
        ),
        "test_unescaped_url": (
            "Google compares `<` in a rule with `%3c` in the URL literally: no decoding of the URL",
            ["ID_Encoding#1", "ID_Encoding#6", "rfc9309.2.2.2#21"],
        ),
        "test_request_rate": (GROUPING, ["rfc9309.2.2.4#3", "ID_LineSyntax_Groups_OtherRules#3"]),
        "test_request_rate_bare_number": (GROUPING, ["rfc9309.2.2.4#3", "ID_LineSyntax_Groups_OtherRules#3"]),
        "test_no_request_rate": (GROUPING, ["rfc9309.2.2.4#3", "ID_LineSyntax_Groups_OtherRules#3"]),
        "test_visit_time": (GROUPING, ["rfc9309.2.2.4#3", "ID_LineSyntax_Groups_OtherRules#3"]),
        "test_grouping_unknown_keys": (GROUPING, ["ID_LineSyntax_Groups_OtherRules#3"]),
        "test_allowed_wildcards": (
            "Google cuts a user-agent line's value at the first byte outside [A-Za-z_-]: the seven "
            "`RuleNTestBot` lines all read `Rule`, one group that `Rule1TestBot` (compared whole) is not",
            ["GoogleOnly_AcceptUserAgentUpToFirstSpace#2", "GoogleOnly_AcceptUserAgentUpToFirstSpace#3"],
        ),
        "test_1996rfc_examples": (
            "Google cuts `User-agent: 2bot` at the digit, to an empty name, so no group names `2bot`",
            ["GoogleOnly_AcceptUserAgentUpToFirstSpace#2"],
        ),
        "test_unicode_url_and_useragent": (RAW_UNICODE_URL, ["ID_Encoding#3", "ID_Encoding#5"]),
        "test_percentage_encoding": (RAW_UNICODE_URL, ["ID_Encoding#3", "ID_Encoding#5"]),
        "test_percentage_encoding_query": (RAW_UNICODE_URL, ["ID_Encoding#3", "ID_Encoding#5"]),
        "test_empty_user_agent_line": (
            "Google takes whitespace for a missing colon only as `key value`: `user agent` is key "
            "`user`, an unknown line, so the rule below it stays in alpha's group",
            ["ID_LineSyntax_Line#3", "ID_LineSyntax_Groups_OtherRules#3"],
        ),
        "test_generosity": (
            "a colon-less line of more than two words (`user agent harry potter`) is no directive "
            "for Google; the rules below it stay in foobot's group",
            ["ID_LineSyntax_Line#3", "legacy.misc#2"],
        ),
        "test_generosity_visit_time": (
            "a colon-less line of three words (`visit-time 0200 0630`) is no directive for Google",
            ["ID_LineSyntax_Line#3"],
        ),
        "test_generosity_sitemap": (
            "Google splits `Sitemap https://…` at its first colon and accepts keys by prefix: the "
            "sitemap read is `//site.local/sitemap.xml` (README, profiles: syntax)",
            ["ID_NonStandardLineExample_Sitemap#1"],
        ),
        "test_generosity_not_for_unknown_colon_directives": (
            "Google accepts keys by prefix: `User-agent must match exactly: see the docs` is a "
            "user-agent line, which starts a new group for the rule below it (README, profiles: syntax)",
            ["ID_LineSyntax_Groups#3"],
        ),
        "test_nonterminal_dollar": (
            "Google does not decode the URL: `%24` in the URL is not the `$` of the rule",
            ["rfc9309.2.2.3#14", "rfc9309.2.2.3#16"],
        ),
        "test_escaped_special_symbols": (
            "Google compares `%24` / `%2A` in a rule with `$` / `*` in the URL literally",
            ["rfc9309.2.2.3#11", "rfc9309.2.2.3#14"],
        ),
        "test_special_symbols_dual_behaviour": (
            "a final `$` is always an end anchor for Google: `/x/abc$` matches only the path `/x/abc`",
            ["ID_SpecialCharacters#5", "ID_SpecialCharacters#6", "legacy.plain_prefix#5"],
        ),
        "test_with_absolute_urls": (
            "Google matches from the path's first byte: a pattern that is a full URL never matches",
            ["rfc9309.2.2.2#4"],
        ),
        "test_robotstxt_is_always_allowed": (
            "Google has no special case for /robots.txt (RFC 9309 has; our rfc9309 profile agrees with protego)",
            ["rfc9309.2.2.2#11", "legacy.fict_org#1"],
        ),
        "test_equal_sign_in_path[https://example.com/1/filter/page%3D5/-True]": (
            "Google does not decode the URL: `%3D` in `/1/filter/page%3D5/` is not the `=` of "
            "`Allow: /*/filter/page=*/$`, so `Disallow: /` decides (our rfc9309 profile decodes "
            "it and agrees with protego)",
            ["ID_Encoding#6", "rfc9309.2.2.2#21"],
        ),
        "test_line_endings": (
            "reads protego's private counters `_total_line_seen` / `_total_directive_seen`, not its API "
            "(the verdicts it checks hold: see test_differences.py)",
            ["ID_LinesNumbersAreCountedCorrectly#1"],
        ),
    },
    "protego_google_spec": {
        "test_user_agent_precedence[/group1-hedwig-news2]": (
            "a group's name matches a crawler's whole token (RFC 9309 2.2.1, as Google's library): "
            "`hedwig-news2` falls back only to the name before its last dash, `hedwig`, never to "
            "`hedwig-news`, of which it is no dash-separated child; protego matches any prefix",
            ["rfc9309.2.2.1#10", "chain.google-precedence#6"],
        ),
        "test_user_agent_boundary_matching[google-googlebot-mobile-True]": (
            "a group's name matches a crawler's whole token: `googlebot-mobile` falls back to "
            "`googlebot` (the name before its dash), not to `google`, a prefix inside a word; "
            "protego matches any prefix",
            ["rfc9309.2.2.1#10", "chain.google-precedence#6"],
        ),
    },
    "scrapy": {
        "test_order_based_precedence": (
            "longest match wins (RFC 9309 2.2.2), not file order; Scrapy's suite skips this test "
            "for its Protego backend for the same reason",
            ["rfc9309.2.2.2#7", "ID_LongestMatch#2"],
        ),
    },
    "cpython": {},
}
