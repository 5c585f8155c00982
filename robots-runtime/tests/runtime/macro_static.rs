//! Policies compiled in by `robots!` are the policies `Policy::parse` builds at
//! run time: same tables, same verdicts, same deciding rules, same extensions.

use core::time::Duration;
use robots_runtime::__private::tables;
use robots_runtime::document::{parse, Directive, ParseOptions};
use robots_runtime::{robots, AgentPolicy, Policy, Profile, Reason};

const FIXTURE: &[u8] = include_bytes!("../fixtures/x.txt");

static RFC: Policy = robots!("tests/fixtures/x.txt");
static GOOGLE_FOOBOT: AgentPolicy =
    robots!("tests/fixtures/x.txt", profile = google, agent = "FooBot");
static GOOGLE: Policy = robots!("tests/fixtures/x.txt", profile = "google",);
static DRAFT: Policy = robots!("tests/fixtures/x.txt", profile = draft1996);
static ORIGINAL: Policy = robots!("tests/fixtures/x.txt", profile = Original1994);
static CAPPED: Policy = robots!("tests/fixtures/x.txt", max_bytes = 300);
static UNCAPPED: Policy = robots!("tests/fixtures/x.txt", max_bytes = none, profile = rfc9309);

const INLINE_TEXT: &str = "User-agent: *\nDisallow: /private\nAllow: /private/ok\n";
static INLINE: Policy = robots!(text = "User-agent: *\nDisallow: /private\nAllow: /private/ok\n");
// A `const` works too (a new value, with no automata built, at each use).
#[allow(clippy::declare_interior_mutable_const)]
const CONST_STRICT: Policy = robots!("tests/fixtures/strict.txt", strict, profile = google);

mod renamed {
    pub use robots_runtime::*;
}
static RENAMED: Policy = robots!(
    text = "User-agent: *\nDisallow: /x\n",
    crate = crate::macro_static::renamed,
    strict = true,
);

fn runtime(source: &[u8], options: ParseOptions) -> Policy {
    parse(source, options).compile()
}

/// Every table of the two policies is equal, and the compiled one is all static
/// data (it holds nothing on the heap, and writes the same bytes).
fn assert_same_tables(compiled: &Policy, runtime: &Policy) {
    assert_eq!(tables(compiled), tables(runtime));
    assert_eq!(compiled.heap_bytes(), 0);
    assert!(runtime.heap_bytes() > 0);
    assert_eq!(compiled.to_bytes(), runtime.to_bytes());
}

const AGENTS: &[&str] = &["FooBot", "foobot-news", "FooBot/2.1", "BarBot", "Other", ""];
const URLS: &[&str] = &[
    "/",
    "/private/x",
    "/private/public/y",
    "/doc.pdf",
    "/doc.pdf?x=1",
    "/index.html",
    "/index.htm",
    "/search?q=1",
    "/search/about",
    "/typo",
    "/caf%c3%a9/menu",
    "/café/menu",
    "/a/b/c",
    "/robots.txt",
    "https://example.com/private/x#top",
];

/// Same verdicts, deciding rules and extensions for every agent and URL.
fn assert_same_answers(compiled: &Policy, runtime: &Policy) {
    for agent in AGENTS {
        let (a, b) = (compiled.matcher(agent), runtime.matcher(agent));
        assert!(a.groups().eq(b.groups()), "groups for {agent}");
        assert_eq!(a.crawl_delay(), b.crawl_delay(), "crawl-delay for {agent}");
        assert_eq!(
            a.request_rate(),
            b.request_rate(),
            "request-rate for {agent}"
        );
        assert_eq!(a.visit_time(), b.visit_time(), "visit-time for {agent}");
        assert!(a.comments().eq(b.comments()), "comments for {agent}");
        for url in URLS {
            let (va, vb) = (a.check(url), b.check(url));
            assert_eq!(va, vb, "{agent} {url}");
            if let Some(id) = va.rule {
                assert!(compiled.rule(id).is_some());
                assert_eq!(compiled.rule(id), runtime.rule(id), "{agent} {url}");
            }
            assert_eq!(
                compiled.explain(agent, url),
                runtime.explain(agent, url),
                "{agent} {url}"
            );
        }
    }
    assert!(compiled.sitemaps().eq(runtime.sitemaps()));
    assert_eq!(compiled.host(), runtime.host());
    assert!(compiled.clean_params().eq(runtime.clean_params()));
}

fn assert_same(compiled: &Policy, runtime: &Policy) {
    assert_same_tables(compiled, runtime);
    assert_same_answers(compiled, runtime);
}

#[test]
fn file_under_every_profile_matches_runtime() {
    for (compiled, profile) in [
        (&RFC, Profile::Rfc9309),
        (&GOOGLE, Profile::Google),
        (&DRAFT, Profile::Draft1996),
        (&ORIGINAL, Profile::Original1994),
    ] {
        assert_eq!(compiled.profile(), profile);
        assert_same(compiled, &Policy::parse(FIXTURE, profile));
    }
}

#[test]
fn agent_option_matches_build_for_agent() {
    let runtime = Policy::builder()
        .profile(Profile::Google)
        .build_for_agent(FIXTURE, "FooBot");
    assert_same(GOOGLE_FOOBOT.policy(), runtime.policy());
    assert_eq!(GOOGLE_FOOBOT.agent(), runtime.agent());
    for url in URLS {
        assert_eq!(GOOGLE_FOOBOT.check(url), runtime.check(url), "{url}");
        assert_eq!(
            GOOGLE_FOOBOT.check(url),
            GOOGLE.check("FooBot", url),
            "{url}"
        );
        assert_eq!(GOOGLE_FOOBOT.explain(url), runtime.explain(url), "{url}");
    }
    assert!(!GOOGLE_FOOBOT.is_allowed("/private/x"));
    assert!(GOOGLE_FOOBOT.is_allowed("/search"));
    assert!(GOOGLE_FOOBOT.policy().rule_count() < GOOGLE.rule_count());
    assert_eq!(
        GOOGLE_FOOBOT.crawl_delay(),
        GOOGLE.matcher("FooBot").crawl_delay()
    );
}

#[test]
fn max_bytes_option_matches_runtime_cap() {
    let capped = runtime(
        FIXTURE,
        ParseOptions::new(Profile::Rfc9309).max_bytes(Some(300)),
    );
    assert_same(&CAPPED, &capped);
    assert!(CAPPED.rule_count() < RFC.rule_count());
    assert_eq!(CAPPED.truncation(), capped.truncation());
    assert!(CAPPED.truncation().is_some());
    let uncapped = runtime(FIXTURE, ParseOptions::new(Profile::Rfc9309).max_bytes(None));
    assert_same(&UNCAPPED, &uncapped);
}

#[test]
fn verdicts_rules_and_extensions() {
    let foo = RFC.matcher("FooBot");
    let v = foo.check("/private/x");
    assert!(!v.allowed);
    assert_eq!(v.reason, Reason::Rule);
    let rule = RFC.rule(v.rule.unwrap()).unwrap();
    assert_eq!((rule.line, rule.directive), (7, Directive::Disallow));
    assert_eq!(rule.pattern, "/private/");
    assert!(foo.is_allowed("/private/public/y"));
    assert!(!foo.is_allowed("/doc.pdf"));
    assert!(foo.is_allowed("/doc.pdf?x=1"));
    assert_eq!(foo.crawl_delay(), Some(Duration::from_millis(2500)));
    let rate = foo.request_rate().unwrap();
    assert_eq!((rate.requests, rate.per), (3, Duration::from_secs(20)));
    assert_eq!(rate.window.map(|w| (w.start, w.end)), Some((360, 525)));
    assert_eq!(foo.visit_time().map(|w| (w.start, w.end)), Some((60, 285)));

    let other = RFC.matcher("Other");
    assert!(!other.is_allowed("/search?q=1"));
    assert!(other.is_allowed("/search/about"));
    assert!(!other.is_allowed("/caf%C3%A9/menu"));
    assert!(!other.is_allowed("/a/b/c"));
    assert_eq!(other.crawl_delay(), None, "`soon` is not a delay");
    assert!(!RFC.is_allowed("barbot", "/"));
    assert_eq!(RFC.check("barbot", "/robots.txt").reason, Reason::RobotsTxt);

    let sitemaps: Vec<String> = RFC.sitemaps().map(ToString::to_string).collect();
    assert_eq!(
        sitemaps,
        [
            "https://example.com/sitemap.xml",
            "https://example.com/news.xml"
        ]
    );
    assert_eq!(
        RFC.host().map(ToString::to_string).as_deref(),
        Some("example.com")
    );
    let clean: Vec<&[u8]> = RFC.clean_params().map(|c| &**c).collect();
    assert_eq!(clean, [&b"ref&utm_source /articles/"[..]]);
}

#[test]
fn google_reads_typos_and_index_alias() {
    // Google accepts `Disalow`; RFC 9309 does not.
    assert!(!GOOGLE.is_allowed("Other", "/typo"));
    assert!(RFC.is_allowed("Other", "/typo"));
    // `Allow: /index.html` also allows `/` under Google (a derived rule).
    assert!(GOOGLE.rule_count() > RFC.rule_count());
}

#[test]
fn inline_text_and_const() {
    assert_same(
        &INLINE,
        &Policy::parse(INLINE_TEXT.as_bytes(), Profile::Rfc9309),
    );
    assert!(!INLINE.is_allowed("a", "/private/x"));
    assert!(INLINE.is_allowed("a", "/private/ok"));

    let source = include_bytes!("../fixtures/strict.txt");
    // A `const` is usable in const position, and as a value.
    const RULES: usize = 1;
    let policy = CONST_STRICT;
    assert_same(&policy, &Policy::parse(source, Profile::Google));
    assert_eq!(policy.rule_count(), RULES);
    assert!(!policy.is_allowed("any", "/tmp/x"));
    assert_eq!(
        policy.matcher("any").crawl_delay(),
        Some(Duration::from_secs(1))
    );
}

#[test]
fn renamed_crate_path() {
    assert!(!RENAMED.is_allowed("a", "/x"));
    assert!(RENAMED.is_allowed("a", "/y"));
}

#[test]
fn empty_text() {
    assert_eq!(EMPTY.rule_count(), 0);
    assert_eq!(EMPTY.check("a", "/").reason, Reason::NoGroup);
}

static EMPTY: Policy = robots!(text = "");

/// CI assertions that hold: the build succeeds (the failing case is a UI test).
static ASSERTED: Policy = robots!(
    "tests/fixtures/x.txt",
    profile = google,
    assert = "tests/fixtures/x.asserts"
);

#[test]
fn assertions_that_hold_let_the_build_through() {
    assert!(ASSERTED.is_allowed("FooBot", "/private/public/page"));
    assert!(!ASSERTED.is_allowed("FooBot", "/private/secret"));
}
