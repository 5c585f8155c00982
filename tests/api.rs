//! The library API beyond the conformance cases: thread safety, extension
//! records and their scope, the parsing cap, explanations and odd inputs.

use robots_runtime::directive::Directive;
use robots_runtime::extension::TimeWindow;
use robots_runtime::{
    parse, robots_txt_url, ExtensionValue, LineKind, Matcher, ParseOptions, Policy, Profile, Reason,
};
use std::time::Duration;

#[test]
fn policies_and_matchers_are_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Policy>();
    assert_send_sync::<Matcher<'static>>();
}

#[test]
fn one_policy_serves_many_threads() {
    let policy = Policy::parse(b"User-agent: *\nDisallow: /private\n", Profile::Rfc9309);
    let counts: Vec<usize> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|t| {
                let policy = &policy;
                s.spawn(move || {
                    let bot = policy.matcher("bot");
                    (0..10_000)
                        .filter(|i| {
                            let url = if (i + t) % 2 == 0 {
                                "/private/x"
                            } else {
                                "/public"
                            };
                            !bot.is_allowed(url)
                        })
                        .count()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("thread"))
            .collect()
    });
    assert_eq!(counts, vec![5_000; 4]);
}

const EXTENSIONS: &[u8] = b"\
Sitemap: https://example.com/a.xml
User-agent: slowbot
User-agent: otherbot
Crawl-delay: 4
Request-rate: 1/30s 0600-0845
Visit-time: 2300-0430
Comment: be gentle
Disallow: /tmp

User-agent: *
Crawl-delay: nonsense
Crawl-delay: 0.5
Disallow:
Host: example.com
Clean-param: ref&utm_source /articles/
Sitemap: relative.xml
";

#[test]
fn group_records_are_read_from_the_matched_group() {
    let policy = Policy::parse(EXTENSIONS, Profile::Rfc9309);
    let slow = policy.matcher("SlowBot");
    assert_eq!(slow.crawl_delay(), Some(Duration::from_secs(4)));
    let rate = slow.request_rate().expect("request-rate");
    assert_eq!(rate.requests, 1);
    assert_eq!(rate.per, Duration::from_secs(30));
    assert_eq!(
        rate.window,
        Some(TimeWindow {
            start: 360,
            end: 525
        })
    );
    assert_eq!(
        slow.visit_time(),
        Some(TimeWindow {
            start: 1380,
            end: 270
        })
    );
    assert_eq!(slow.comments().collect::<Vec<_>>(), vec![&b"be gentle"[..]]);
    // otherbot shares the group: the Crawl-delay line does not split it.
    assert_eq!(
        policy.matcher("otherbot").crawl_delay(),
        Some(Duration::from_secs(4))
    );
    // Everyone else gets the '*' group: the invalid value is skipped, not fatal.
    let other = policy.matcher("SomeBot");
    assert_eq!(other.crawl_delay(), Some(Duration::from_millis(500)));
    assert_eq!(other.request_rate(), None);
    let invalid: Vec<_> = other
        .records()
        .filter(|r| r.parsed == ExtensionValue::Invalid)
        .map(|r| r.line)
        .collect();
    assert_eq!(invalid, vec![11]);
}

#[test]
fn file_wide_records_are_read_from_the_whole_file() {
    let policy = Policy::parse(EXTENSIONS, Profile::Rfc9309);
    let sitemaps: Vec<_> = policy.sitemaps().collect();
    assert_eq!(
        sitemaps,
        vec![&b"https://example.com/a.xml"[..], b"relative.xml"]
    );
    assert_eq!(policy.host(), Some(&b"example.com"[..]));
    assert_eq!(
        policy.clean_params().collect::<Vec<_>>(),
        vec![&b"ref&utm_source /articles/"[..]]
    );
}

#[test]
fn extension_lines_never_split_groups_under_rfc9309() {
    let body =
        b"User-agent: a\nCrawl-delay: 1\nSitemap: https://x/s.xml\nUser-agent: b\nDisallow: /\n";
    let policy = Policy::parse(body, Profile::Rfc9309);
    assert!(!policy.is_allowed("a", "/x"));
    assert!(!policy.is_allowed("b", "/x"));
    assert_eq!(policy.matcher("a").groups(), policy.matcher("b").groups());
}

#[test]
fn the_cap_is_configurable_and_reported() {
    let mut body = b"User-agent: *\nDisallow: /a\n".to_vec();
    body.extend(std::iter::repeat_n(b'#', 100));
    body.extend_from_slice(b"\nDisallow: /b\n");
    let small = ParseOptions::new(Profile::Rfc9309).max_bytes(Some(40));
    let doc = parse(&body, small);
    let t = doc.truncation().expect("cut");
    assert_eq!(
        (t.max_bytes, t.input_len, t.first_ignored_line),
        (40, body.len(), 3)
    );
    let policy = Policy::from_document(&doc);
    assert!(!policy.is_allowed("x", "/a"));
    assert!(
        policy.is_allowed("x", "/b"),
        "content past the cap is ignored"
    );
    let full = Policy::parse_with(&body, small.max_bytes(None));
    assert!(!full.is_allowed("x", "/b"));
}

#[test]
fn explanations_name_groups_candidates_and_the_winner() {
    let body = b"User-agent: *\nDisallow: /\n\nUser-agent: FooBot\nDisallow: /a\nAllow: /a/b\nDisallow: /a/b/c\n";
    let policy = Policy::parse(body, Profile::Rfc9309);
    let e = policy.explain("foobot", "https://example.com/a/b/x?y#z");
    assert_eq!(e.path, b"/a/b/x?y");
    assert_eq!(e.groups.len(), 1);
    assert_eq!(e.groups[0].line, 4);
    assert_eq!(e.groups[0].agents, vec![(4, &b"FooBot"[..])]);
    let lines: Vec<u32> = e.candidates.iter().map(|c| c.rule.line).collect();
    assert_eq!(lines, vec![6, 5]);
    assert_eq!(e.candidates[0].rule.directive, Directive::Allow);
    assert_eq!(e.candidates[0].rule.priority, 4);
    assert!(e.verdict.allowed);
    assert_eq!(e.verdict.reason, Reason::Rule);
}

#[test]
fn odd_bytes_are_read_not_rejected() {
    let body = b"\xEF\xBBUser-agent: *\r\nDisallow: /\xFF\x00x\rAllow: /ok\n\nuser-agent bot\n";
    for profile in Profile::ALL {
        let doc = parse(body, ParseOptions::new(profile));
        assert_eq!(doc.bom_len(), 2, "{profile}");
        // Five lines, plus the empty one after the final newline.
        assert_eq!(
            doc.lines().len(),
            6,
            "{profile}: CR, LF and CRLF each end a line"
        );
        assert_eq!(
            doc.lines()[0].kind,
            LineKind::Directive(Directive::UserAgent)
        );
        let policy = Policy::from_document(&doc);
        let _ = policy.check("bot", "/\u{ff}");
    }
    let google = parse(body, ParseOptions::new(Profile::Google));
    assert!(google.lines()[4].missing_colon);
    assert_eq!(
        google.lines()[4].kind,
        LineKind::Directive(Directive::UserAgent)
    );
    let rfc = parse(body, ParseOptions::new(Profile::Rfc9309));
    assert_eq!(rfc.lines()[4].kind, LineKind::Invalid);
}

#[test]
fn a_megabyte_line_is_one_line() {
    let mut body = b"User-agent: *\nDisallow: /".to_vec();
    body.extend(std::iter::repeat_n(b'a', 2 << 20));
    body.extend_from_slice(b"\nAllow: /b\n");
    let google = parse(&body, ParseOptions::new(Profile::Google));
    assert!(google.lines()[1].too_long);
    assert_eq!(google.lines().len(), 4);
    let rfc = parse(&body, ParseOptions::new(Profile::Rfc9309).max_bytes(None));
    assert!(!rfc.lines()[1].too_long);
}

#[test]
fn robots_txt_location() {
    assert_eq!(
        robots_txt_url("HTTPS://Example.com/a/b.html?x=1").as_deref(),
        Ok("https://example.com/robots.txt")
    );
    assert!(robots_txt_url("not a url").is_err());
}

/// Under `google` the path is a C string, as in the reference library (which
/// hands `path.c_str()` to its matcher): a URL with a NUL byte is read up to
/// the NUL. Differential testing found this as the only difference from the
/// reference, on 22 of 2.8M checks. The other profiles keep every byte.
#[test]
fn google_reads_a_url_up_to_a_nul() {
    let robots = b"User-agent: *\nDisallow: /a$\nDisallow: /b/\n";
    let google = Policy::parse(robots, Profile::Google);
    let bot = google.matcher("bot");
    assert!(!bot.is_allowed("/a\0x"), "read as /a, which `/a$` matches");
    assert!(
        bot.is_allowed("/b\0/c"),
        "read as /b, which `/b/` does not match"
    );
    assert!(!bot.is_allowed("https://example.com/a\0?q=1"));
    assert_eq!(bot.check_path(b"/a\0x"), bot.check_path(b"/a"));
    let mut batch = Vec::new();
    bot.check_paths(&[&b"/a\0x"[..], b"/b\0/c", b"/a"], |_, v| {
        batch.push(v.allowed)
    });
    assert_eq!(batch, [false, true, false]);
    assert_eq!(google.explain("bot", "/a\0x").path, b"/a");
    for profile in [Profile::Rfc9309, Profile::Draft1996, Profile::Original1994] {
        let policy = Policy::parse(robots, profile);
        assert!(
            policy.is_allowed("bot", "/a\0x"),
            "{profile}: the NUL is part of the path"
        );
    }
}
