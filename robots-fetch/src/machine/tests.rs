//! The state machine driven by hand: every status class, redirects, limits, caching.

use super::*;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::time::Duration;

const PAGE: &str = "http://example.com/a/page?x=1";
const DAY: Duration = Duration::from_secs(86_400);

/// A scripted response: status, headers, body.
struct Reply<'a> {
    status: u16,
    headers: &'a [(&'a str, &'a str)],
    body: &'a [u8],
}

const fn reply<'a>(status: u16, headers: &'a [(&'a str, &'a str)], body: &'a [u8]) -> Reply<'a> {
    Reply {
        status,
        headers,
        body,
    }
}

/// Drive a fetch with one reply per request (bodies empty); the URLs requested and the outcome.
fn drive(mut fetch: RobotsFetch, replies: &[Reply<'_>]) -> (Vec<String>, Outcome) {
    let mut urls = Vec::new();
    let mut replies = replies.iter();
    loop {
        match fetch.action() {
            Action::Send(request) => {
                urls.push(String::from(request.url()));
                match replies.next() {
                    Some(r) => fetch.receive_head(
                        r.status,
                        r.headers.iter().map(|(n, v)| (n.as_bytes(), v.as_bytes())),
                    ),
                    None => fetch.fail(Failure::Network),
                }
            }
            // Bodies are fed by `drive_body`; here every body is empty.
            Action::Read { .. } => fetch.end_body(),
            Action::Done => return (urls, fetch.finish()),
        }
    }
}

/// Like `drive`, but 2xx bodies are fed in pieces of `piece` bytes.
fn drive_body(
    mut fetch: RobotsFetch,
    replies: &[Reply<'_>],
    piece: usize,
) -> (Vec<String>, Outcome) {
    let mut urls = Vec::new();
    let mut replies = replies.iter();
    let mut body: &[u8] = &[];
    loop {
        match fetch.action() {
            Action::Send(request) => {
                urls.push(String::from(request.url()));
                match replies.next() {
                    Some(r) => {
                        body = r.body;
                        fetch.receive_head(
                            r.status,
                            r.headers.iter().map(|(n, v)| (n.as_bytes(), v.as_bytes())),
                        );
                    }
                    None => fetch.fail(Failure::Network),
                }
            }
            Action::Read { max } => {
                assert!(max >= 1);
                if body.is_empty() {
                    fetch.end_body();
                } else {
                    let n = piece.min(body.len());
                    fetch.receive_body(&body[..n]);
                    body = &body[n..];
                }
            }
            Action::Done => return (urls, fetch.finish()),
        }
    }
}

fn start(config: &FetchSettings) -> RobotsFetch {
    RobotsFetch::new(PAGE, config).unwrap()
}

fn ok_file(body: &[u8]) -> Outcome {
    drive_body(
        start(&FetchSettings::default()),
        &[reply(200, &[], body)],
        5,
    )
    .1
}

#[test]
fn the_first_request_is_the_origins_robots_txt() {
    let fetch = RobotsFetch::new(
        "HTTPS://u:p@Example.com:443/x?y#z",
        &FetchSettings::default(),
    )
    .unwrap();
    let Action::Send(request) = fetch.action() else {
        panic!("first action must be Send");
    };
    assert_eq!(request.url(), "https://example.com/robots.txt");
    assert_eq!(fetch.robots_url(), "https://example.com/robots.txt");
    assert_eq!(
        request.header("user-agent"),
        Some(concat!("robots/", env!("CARGO_PKG_VERSION")))
    );
    assert!(request.header("Accept").unwrap().starts_with("text/plain"));
    assert_eq!(request.header("If-None-Match"), None);
    assert!(RobotsFetch::new("ftp://example.com/", &FetchSettings::default()).is_err());
}

#[test]
fn a_2xx_body_is_parsed() {
    let outcome = ok_file(b"User-agent: *\nDisallow: /a/\n");
    assert_eq!(outcome.rules.name(), "parsed");
    assert_eq!(outcome.reason, FetchReason::Ok);
    assert_eq!(outcome.status, Some(200));
    assert_eq!(outcome.expires_in, DAY);
    assert_eq!(outcome.bytes, 28);
    assert!(!outcome.truncated && outcome.store);
    assert!(!outcome.is_allowed("Bot", PAGE));
    assert!(outcome.is_allowed("Bot", "http://example.com/b"));
    assert!(outcome.copy.is_some());
    // 204 and an empty body: a file with no rules.
    let empty = drive_body(start(&FetchSettings::default()), &[reply(204, &[], b"")], 5).1;
    assert_eq!(
        (empty.rules.name(), empty.reason),
        ("parsed", FetchReason::Ok)
    );
    assert!(empty.is_allowed("Bot", PAGE));
}

#[test]
fn the_google_profile_reads_the_file_as_google() {
    let config = FetchSettings::new(FetchProfile::Google);
    // Google accepts the "Dissallow" typo; RFC 9309 does not.
    let body = b"User-agent: *\nDissallow: /a/\n";
    let google = drive_body(start(&config), &[reply(200, &[], body)], 64).1;
    assert!(!google.is_allowed("Bot", PAGE));
    assert!(ok_file(body).is_allowed("Bot", PAGE));
}

#[test]
fn redirects_are_followed_up_to_five_hops() {
    let hop = |to: &'static str| [("Location", to)];
    let (h1, h2, h3, h4, h5, h6) = (
        hop("/r1"),
        hop("http://other.example:8080/r2"),
        hop("r3"),
        hop("https://third.example/r4"),
        hop("/r5"),
        hop("/r6"),
    );
    let chain = [
        reply(301, &h1, b""),
        reply(302, &h2, b""),
        reply(307, &h3, b""),
        reply(308, &h4, b""),
        reply(303, &h5, b""),
        reply(301, &h6, b""),
    ];
    let body: &[u8] = b"User-agent: *\nDisallow: /a/\n";
    for hops in 1..=5 {
        let mut replies: Vec<Reply<'_>> = chain[..hops]
            .iter()
            .map(|r| reply(r.status, r.headers, r.body))
            .collect();
        replies.push(reply(200, &[], body));
        let (urls, outcome) = drive_body(start(&FetchSettings::default()), &replies, 64);
        assert_eq!(urls.len(), hops + 1);
        assert_eq!(outcome.reason, FetchReason::Ok, "{hops} hops");
        assert_eq!(outcome.redirects as usize, hops);
        assert_eq!(outcome.robots_url, "http://example.com/robots.txt");
        assert_eq!(outcome.final_url, urls[hops]);
        assert!(!outcome.is_allowed("Bot", PAGE));
    }
    assert_eq!(
        drive_body(start(&FetchSettings::default()), &chain[..5], 64).0,
        [
            "http://example.com/robots.txt",
            "http://example.com/r1",
            "http://other.example:8080/r2",
            "http://other.example:8080/r3",
            "https://third.example/r4",
            "https://third.example/r5",
        ]
    );
    // The sixth hop is not followed: unavailable.
    let (urls, outcome) = drive_body(start(&FetchSettings::default()), &chain, 64);
    assert_eq!(urls.len(), 6);
    assert_eq!(
        (outcome.rules.name(), outcome.reason),
        ("allow-all", FetchReason::TooManyRedirects)
    );
    assert_eq!(outcome.redirects, 5);
    assert_eq!(outcome.status, Some(301));
    assert_eq!(outcome.expires_in, DAY);
}

#[test]
fn redirect_loops_and_bad_locations_are_unavailable() {
    let back = [("Location", "http://example.com/robots.txt")];
    let away = [("Location", "/elsewhere")];
    let (urls, outcome) = drive(
        start(&FetchSettings::default()),
        &[reply(302, &away, b""), reply(302, &back, b"")],
    );
    assert_eq!(urls.len(), 2);
    assert_eq!(
        (outcome.rules.name(), outcome.reason),
        ("allow-all", FetchReason::RedirectLoop)
    );
    for headers in [
        &[][..],
        &[("Location", "ftp://example.com/")][..],
        &[("Location", "http://[::1")][..],
    ] {
        let outcome = drive(
            start(&FetchSettings::default()),
            &[reply(301, headers, b"")],
        )
        .1;
        assert_eq!(
            (outcome.rules.name(), outcome.reason),
            ("allow-all", FetchReason::BadRedirect)
        );
    }
}

#[test]
fn client_errors_allow_all_and_server_errors_disallow_all() {
    for status in [400, 401, 403, 404, 410, 451, 499] {
        let outcome = drive(start(&FetchSettings::default()), &[reply(status, &[], b"")]).1;
        assert_eq!(
            (outcome.rules.name(), outcome.reason),
            ("allow-all", FetchReason::Unavailable),
            "{status}"
        );
        assert_eq!(outcome.status, Some(status));
        assert!(outcome.copy.is_none());
    }
    for (status, reason) in [
        (500, FetchReason::Unreachable),
        (503, FetchReason::Unreachable),
        (599, FetchReason::Unreachable),
        (429, FetchReason::RateLimited),
        (100, FetchReason::BadStatus),
        (600, FetchReason::BadStatus),
        (304, FetchReason::BadStatus),
    ] {
        let mut fetch = start(&FetchSettings::default());
        fetch.receive_head(status, []);
        // A 5xx body is never read: the fetch is over at the head.
        assert!(matches!(fetch.action(), Action::Done), "{status}");
        fetch.receive_body(b"User-agent: *\nAllow: /\n");
        let outcome = fetch.finish();
        assert_eq!(
            (outcome.rules.name(), outcome.reason),
            ("disallow-all", reason),
            "{status}"
        );
        assert_eq!(outcome.expires_in, Duration::from_secs(60));
        assert_eq!(outcome.bytes, 0);
    }
}

#[test]
fn auth_errors_can_mean_disallow_all() {
    let config = FetchSettings::default().with_auth_errors_disallow(true);
    for status in [401, 403] {
        let outcome = drive(start(&config), &[reply(status, &[], b"")]).1;
        assert_eq!(
            (outcome.rules.name(), outcome.reason),
            ("disallow-all", FetchReason::Forbidden)
        );
    }
    let outcome = drive(start(&config), &[reply(404, &[], b"")]).1;
    assert_eq!(outcome.reason, FetchReason::Unavailable);
}

#[test]
fn failures_disallow_all_and_a_cut_body_is_never_parsed() {
    let outcome = drive(start(&FetchSettings::default()), &[]).1;
    assert_eq!(
        (outcome.rules.name(), outcome.reason),
        ("disallow-all", FetchReason::NetworkError)
    );
    assert_eq!(outcome.status, None);
    let mut fetch = start(&FetchSettings::default());
    fetch.receive_head(200, []);
    fetch.receive_body(b"User-agent: *\nAllow: /\n");
    fetch.fail(Failure::Timeout);
    let outcome = fetch.finish();
    assert_eq!(
        (outcome.rules.name(), outcome.reason),
        ("disallow-all", FetchReason::Timeout)
    );
    // A driver that gives up counts as a network failure.
    let mut fetch = start(&FetchSettings::default());
    fetch.receive_head(200, []);
    let outcome = fetch.finish();
    assert_eq!(outcome.reason, FetchReason::NetworkError);
}

#[test]
fn the_body_stops_at_the_limit_and_a_cut_line_is_dropped() {
    let limit = FetchSettings::MIN_MAX_BYTES;
    let mut body = Vec::from(&b"User-agent: *\nDisallow: /before\n"[..]);
    while body.len() < limit - 20 {
        body.extend_from_slice(b"# filler filler filler\n");
    }
    // This rule straddles the limit: cut, so dropped.
    body.extend_from_slice(b"Disallow: /straddling-the-limit\nDisallow: /after\n");
    body.resize(limit * 3, b'#');
    for piece in [1000, 4096, limit * 3] {
        let mut fetch = start(&FetchSettings::default());
        fetch.receive_head(200, []);
        let mut fed = 0;
        while let Action::Read { max } = fetch.action() {
            let n = max.min(piece).min(body.len() - fed);
            fetch.receive_body(&body[fed..fed + piece.min(body.len() - fed)]);
            fed += n.max(1);
        }
        let outcome = fetch.finish();
        assert_eq!(outcome.reason, FetchReason::Ok);
        assert!(outcome.truncated);
        assert_eq!(outcome.bytes, limit);
        assert!(!outcome.is_allowed("Bot", "http://example.com/before"));
        assert!(outcome.is_allowed("Bot", "http://example.com/straddling-the-limit"));
        assert!(outcome.is_allowed("Bot", "http://example.com/after"));
    }
    // Exactly the limit, then the end: not truncated.
    let exact = vec![b'#'; limit];
    let outcome = drive_body(
        start(&FetchSettings::default()),
        &[reply(200, &[], &exact)],
        4096,
    )
    .1;
    assert!(!outcome.truncated);
    assert_eq!(outcome.bytes, limit);
    // A larger limit is honoured.
    let config = FetchSettings::default().with_max_bytes(limit * 2);
    let outcome = drive_body(start(&config), &[reply(200, &[], &body)], 4096).1;
    assert!(!outcome.is_allowed("Bot", "http://example.com/after"));
    assert_eq!(outcome.bytes, limit * 2);
}

#[test]
fn cache_headers_set_the_lifetime() {
    let run = |headers: &[(&str, &str)]| {
        drive_body(
            start(&FetchSettings::default()),
            &[reply(200, headers, b"")],
            8,
        )
        .1
    };
    assert_eq!(
        run(&[("Cache-Control", "max-age=3600")]).expires_in,
        Duration::from_secs(3600)
    );
    assert_eq!(
        run(&[("Cache-Control", "max-age=5")]).expires_in,
        Duration::from_secs(60)
    );
    assert_eq!(run(&[("Cache-Control", "max-age=9999999")]).expires_in, DAY);
    let no_store = run(&[("Cache-Control", "no-store, max-age=3600")]);
    assert_eq!(
        (no_store.store, no_store.expires_in),
        (false, Duration::ZERO)
    );
    assert!(no_store.copy.is_none());
    assert_eq!(no_store.reason, FetchReason::Ok);
    let config = FetchSettings::default().with_ttl_bounds(Duration::ZERO, DAY * 7);
    let outcome = drive_body(
        start(&config),
        &[reply(200, &[("cache-control", "max-age=172800")], b"")],
        8,
    )
    .1;
    assert_eq!(outcome.expires_in, DAY * 2);
    // A 404 is cached as its headers say too.
    let outcome = drive(
        start(&FetchSettings::default()),
        &[reply(404, &[("cache-control", "max-age=600")], b"")],
    )
    .1;
    assert_eq!(outcome.expires_in, Duration::from_secs(600));
}

fn good_copy() -> CachedCopy {
    let first = drive_body(
        start(&FetchSettings::default()),
        &[reply(
            200,
            &[
                ("ETag", "\"v1\""),
                ("Last-Modified", "Wed, 21 Oct 2015 07:28:00 GMT"),
            ],
            b"User-agent: *\nDisallow: /a/\n",
        )],
        64,
    )
    .1;
    first.copy.unwrap()
}

#[test]
fn a_304_keeps_the_copy_without_a_reparse() {
    let copy = good_copy();
    let previous = Previous {
        copy: Some(copy.clone()),
        ..Previous::default()
    };
    let fetch = RobotsFetch::revalidate(PAGE, &FetchSettings::default(), previous).unwrap();
    let Action::Send(request) = fetch.action() else {
        panic!("must send");
    };
    assert_eq!(request.header("If-None-Match"), Some("\"v1\""));
    assert_eq!(
        request.header("If-Modified-Since"),
        Some("Wed, 21 Oct 2015 07:28:00 GMT")
    );
    let (_, outcome) = drive(
        fetch,
        &[reply(
            304,
            &[("ETag", "\"v2\""), ("cache-control", "max-age=7200")],
            b"",
        )],
    );
    assert_eq!(
        (outcome.rules.name(), outcome.reason),
        ("parsed", FetchReason::NotModified)
    );
    assert_eq!(outcome.expires_in, Duration::from_secs(7200));
    // The very same compiled policy: no re-parse.
    assert!(Arc::ptr_eq(outcome.rules.policy().unwrap(), &copy.policy));
    assert!(!outcome.is_allowed("Bot", PAGE));
    let kept = outcome.copy.unwrap();
    assert_eq!(kept.validators.etag.as_deref(), Some("\"v2\""));
    assert!(!kept.policy.is_allowed("Bot", PAGE));
}

#[test]
fn validators_go_only_to_the_url_they_came_from() {
    let mut copy = good_copy();
    copy.validators.url = String::from("http://example.com/moved.txt");
    let previous = Previous {
        copy: Some(copy),
        ..Previous::default()
    };
    let mut fetch = RobotsFetch::revalidate(PAGE, &FetchSettings::default(), previous).unwrap();
    let Action::Send(request) = fetch.action() else {
        panic!()
    };
    assert_eq!(request.header("If-None-Match"), None);
    fetch.receive_head(301, [(&b"location"[..], &b"/moved.txt"[..])]);
    let Action::Send(request) = fetch.action() else {
        panic!()
    };
    assert_eq!(request.header("If-None-Match"), Some("\"v1\""));
}

#[test]
fn an_outage_is_bridged_by_the_last_good_copy() {
    let copy = good_copy();
    let previous = |failures, outage| Previous {
        copy: Some(copy.clone()),
        failures,
        outage,
    };
    let run = |config: &FetchSettings, previous: Previous| {
        drive(
            RobotsFetch::revalidate(PAGE, config, previous).unwrap(),
            &[reply(503, &[], b"")],
        )
        .1
    };
    let rfc = FetchSettings::default();
    let outcome = run(&rfc, previous(0, Duration::ZERO));
    assert_eq!(
        (outcome.rules.name(), outcome.reason),
        ("parsed", FetchReason::Unreachable)
    );
    assert!(!outcome.is_allowed("Bot", PAGE));
    assert!(Arc::ptr_eq(outcome.rules.policy().unwrap(), &copy.policy));
    assert!(outcome.copy.is_some());
    // Backoff doubles with each failure in a row.
    assert_eq!(
        run(&rfc, previous(3, DAY)).expires_in,
        Duration::from_secs(480)
    );
    // Past 30 days: rfc9309 keeps the copy by default; the choice is configurable.
    let long = previous(9, DAY * 31);
    assert_eq!(run(&rfc, long.clone()).rules.name(), "parsed");
    let allow = rfc.clone().with_long_outage(LongOutage::AllowAll);
    assert_eq!(run(&allow, long.clone()).rules.name(), "allow-all");
    let google = FetchSettings::new(FetchProfile::Google);
    assert_eq!(run(&google, long).rules.name(), "parsed");
    // With no copy: disallow all, and past 30 days Google allows all.
    let none = |outage| Previous {
        copy: None,
        failures: 5,
        outage,
    };
    assert_eq!(run(&rfc, none(DAY * 31)).rules.name(), "disallow-all");
    assert_eq!(run(&google, none(DAY)).rules.name(), "disallow-all");
    assert_eq!(run(&google, none(DAY * 31)).rules.name(), "allow-all");
    // Retry-After lengthens the delay.
    let outcome = drive(start(&rfc), &[reply(429, &[("Retry-After", "600")], b"")]).1;
    assert_eq!(outcome.expires_in, Duration::from_secs(600));
}

#[test]
fn unexpected_inputs_are_ignored() {
    let mut fetch = start(&FetchSettings::default());
    fetch.receive_body(b"ignored");
    fetch.end_body();
    assert!(matches!(fetch.action(), Action::Send(_)));
    fetch.receive_head(404, []);
    fetch.receive_head(200, []);
    fetch.fail(Failure::Timeout);
    let outcome = fetch.finish();
    assert_eq!(outcome.reason, FetchReason::Unavailable);
}

/// A WHATWG URL parser with other words for its errors (as a JavaScript
/// engine's `URL` has): the `url` crate's answers, every reason replaced.
#[derive(Debug)]
struct OtherWords;

impl UrlParser for OtherWords {
    fn parse(&self, input: &str, base: Option<&str>) -> Result<ParsedUrl, String> {
        UrlCrate
            .parse(input, base)
            .map_err(|_| String::from("Invalid URL"))
    }
}

/// A parser that writes a space in a host as `%20`, as Chromium's `URL` does:
/// the machine refuses the host it gives.
#[derive(Debug)]
struct EscapedSpaces;

impl UrlParser for EscapedSpaces {
    fn parse(&self, input: &str, base: Option<&str>) -> Result<ParsedUrl, String> {
        let input = input.replace("a b", "ab");
        let url = UrlCrate.parse(&input, base)?;
        let host = url.host().replace("ab", "a%20b");
        let href = url.href().replace("ab", "a%20b");
        Ok(ParsedUrl::new(href, String::from(url.scheme()), host))
    }
}

#[test]
fn hosts_a_lax_parser_escapes_are_refused() {
    let start = |url| {
        RobotsFetch::with_parser(
            url,
            &FetchSettings::default(),
            Previous::default(),
            &EscapedSpaces,
        )
    };
    let err = start("http://a b/x").unwrap_err();
    assert!(err.is_url());
    assert_eq!(
        err.to_string(),
        "invalid URL: the URL parser gave the host \"a%20b\", which the URL standard forbids"
    );
    assert!(origin_key_with("http://a b/x", &EscapedSpaces).is_err());
    // A redirect there is not followed.
    let mut fetch = start("http://c.example/").unwrap();
    fetch.receive_head(301, [(&b"location"[..], &b"http://a b/robots.txt"[..])]);
    assert!(fetch.is_done());
    assert_eq!(fetch.finish().reason, FetchReason::BadRedirect);
}

/// A parser that reads every URL as `http:` without a host (no standard
/// parser does): the machine says so.
#[derive(Debug)]
struct NoHostAtAll;

impl UrlParser for NoHostAtAll {
    fn parse(&self, _: &str, _: Option<&str>) -> Result<ParsedUrl, String> {
        Ok(ParsedUrl::new("http:".into(), "http".into(), String::new()))
    }
}

#[test]
fn a_url_without_a_host_is_refused() {
    let err = RobotsFetch::with_parser(
        "http://example.com/",
        &FetchSettings::default(),
        Previous::default(),
        &NoHostAtAll,
    )
    .unwrap_err();
    assert!(err.is_url());
    assert_eq!(err.to_string(), "the URL has no host");
    assert_eq!(
        origin_key_with("HTTP://example.com/", &NoHostAtAll).map_err(|e| e.to_string()),
        Err(String::from("the URL has no host"))
    );
}

/// testdata/fetch-urls.json, which robots-js's node tests hold the JavaScript
/// engine's `URL` to as well.
fn url_table() -> serde_json::Value {
    serde_json::from_str(include_str!("../../../testdata/fetch-urls.json"))
        .expect("testdata/fetch-urls.json is JSON")
}

fn text<'v>(entry: &'v serde_json::Value, key: &str) -> Option<&'v str> {
    entry.get(key).and_then(serde_json::Value::as_str)
}

/// The error message the table expects, with `parser`'s words for an invalid URL.
fn expected_error(entry: &serde_json::Value, other_words: bool) -> Option<String> {
    let error = text(entry, "error")?;
    Some(match (error, other_words) {
        ("invalid URL", false) => alloc::format!("invalid URL: {}", text(entry, "url_crate_says")?),
        ("invalid URL", true) => String::from("invalid URL: Invalid URL"),
        (other, _) => String::from(other),
    })
}

#[test]
fn page_urls_give_the_table_s_robots_urls_origins_and_errors() {
    let table = url_table();
    let pages = table["pages"].as_array().expect("pages");
    assert!(pages.len() > 50);
    let parsers: [(&'static dyn UrlParser, bool); 2] = [(&UrlCrate, false), (&OtherWords, true)];
    for (parser, other_words) in parsers {
        for entry in pages {
            let url = text(entry, "url").expect("url");
            let fetch = RobotsFetch::with_parser(
                url,
                &FetchSettings::default(),
                Previous::default(),
                parser,
            );
            let key = origin_key_with(url, parser);
            match expected_error(entry, other_words) {
                Some(error) => {
                    let err = fetch.expect_err(url);
                    assert!(err.is_url(), "{url:?}");
                    assert_eq!(err.to_string(), error, "{url:?}");
                    assert_eq!(key.expect_err(url).to_string(), error, "{url:?}");
                }
                None => {
                    let fetch = fetch.expect(url);
                    let Action::Send(request) = fetch.action() else {
                        panic!("{url:?}: no request")
                    };
                    assert_eq!(Some(request.url()), text(entry, "robots"), "{url:?}");
                    assert_eq!(fetch.robots_url(), request.url());
                    assert_eq!(key.as_deref().ok(), text(entry, "origin"), "{url:?}");
                }
            }
            if !other_words {
                // The url crate's own entry points give the same.
                assert_eq!(
                    robots_txt_url(url)
                        .map_err(|e| e.to_string())
                        .ok()
                        .as_deref(),
                    text(entry, "robots"),
                    "{url:?}"
                );
                assert_eq!(
                    origin(url).ok().as_deref(),
                    text(entry, "origin"),
                    "{url:?}"
                );
            }
        }
    }
}

#[test]
fn redirects_go_where_the_table_says() {
    let table = url_table();
    let redirects = table["redirects"].as_array().expect("redirects");
    assert!(redirects.len() > 30);
    let parsers: [&'static dyn UrlParser; 2] = [&UrlCrate, &OtherWords];
    for parser in parsers {
        for entry in redirects {
            let page = text(entry, "page").expect("page");
            let location = text(entry, "location").expect("location");
            let mut fetch = RobotsFetch::with_parser(
                page,
                &FetchSettings::default(),
                Previous::default(),
                parser,
            )
            .expect(page);
            fetch.receive_head(301, [(&b"location"[..], location.as_bytes())]);
            match fetch.action() {
                Action::Send(request) => {
                    assert_eq!(Some(request.url()), text(entry, "next"), "{location:?}");
                    // Where it went is where the outcome says the answer came from.
                    fetch.receive_head(404, []);
                    assert_eq!(Some(fetch.finish().final_url.as_str()), text(entry, "next"));
                }
                _ => assert_eq!(
                    Some(fetch.finish().reason.name()),
                    text(entry, "reason"),
                    "{location:?}"
                ),
            }
        }
    }
}
