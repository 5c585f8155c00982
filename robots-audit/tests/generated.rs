//! An audit of generated logs whose answers are known by construction.
// A test may index: a panic there is a failed test, with its location.
#![allow(clippy::indexing_slicing)]

use robots_audit::{Audit, Identity, JsonFields, LogFormat, Sites};
use robots_core::{Policy, Profile};
use std::fmt::Write as _;
use std::io::Write as _;

const ROBOTS: &str = "User-agent: GoodBot\nDisallow: /private/\nCrawl-delay: 5\n\nUser-agent: *\nDisallow: /admin/\nDisallow: /tmp/\n";

fn identify(ua: &[u8]) -> Identity {
    match ua {
        b"GoodBot/1.0" => Identity::crawler("GoodBot", &[], true),
        b"BadBot/2.0 (+https://bad.example)" => Identity::crawler("BadBot", &[], false),
        b"Good-News/1.0" => Identity::crawler("Good-News", &["GoodBot"], true),
        _ => Identity::Browser,
    }
}

fn clf(seconds: u32, target: &str, status: u16, ua: &str) -> String {
    let (m, s) = (seconds / 60, seconds % 60);
    format!("198.51.100.7 - - [28/Nov/2026:10:{m:02}:{s:02} +0000] \"GET {target} HTTP/1.1\" {status} 100 \"-\" \"{ua}\"\n")
}

/// GoodBot: fetches robots.txt first, keeps 5 s apart, never enters /private/.
/// BadBot: never fetches robots.txt, hammers /admin/ every second.
/// Good-News: no group of its own, so GoodBot's; one request to /private/.
fn log() -> String {
    let mut log = String::new();
    log.push_str(&clf(0, "/robots.txt", 200, "GoodBot/1.0"));
    for i in 0..10 {
        log.push_str(&clf(5 + i * 5, &format!("/page/{i}"), 200, "GoodBot/1.0"));
    }
    for i in 0..20 {
        let target = if i % 2 == 0 {
            format!("/admin/{i}")
        } else {
            format!("/public/{i}")
        };
        log.push_str(&clf(
            100 + i,
            &target,
            if i % 2 == 0 { 403 } else { 200 },
            "BadBot/2.0 (+https://bad.example)",
        ));
    }
    log.push_str(&clf(200, "/private/news", 200, "Good-News/1.0"));
    log.push_str(&clf(
        201,
        "/private/x",
        200,
        "Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0",
    ));
    log.push_str("garbage line one\n");
    log.push('\n');
    log.push_str("10.0.0.1 - - [bad date] \"GET\" 200 1 \"-\" \"GoodBot/1.0\"\n");
    log
}

fn check(report: &robots_audit::AuditReport) {
    assert_eq!(report.lines, 35, "{report:#?}");
    assert_eq!(report.malformed, 2);
    assert_eq!(report.malformed_examples[0].line, 34);
    assert_eq!(report.browser_requests, 1);
    let names: Vec<&str> = report.crawlers.iter().map(|c| c.token.as_str()).collect();
    assert_eq!(names, ["BadBot", "Good-News", "GoodBot"]);
    let bad = &report.crawlers[0];
    assert_eq!(
        (bad.requests, bad.disallowed, bad.robots_fetches),
        (20, 10, 0)
    );
    assert_eq!(bad.violations.len(), 5);
    assert_eq!(bad.violations[0].rule, "Disallow: /admin/");
    assert_eq!(bad.violations[0].rule_line, Some(6));
    assert_eq!(bad.statuses, [(200, 10), (403, 10)]);
    assert_eq!(bad.crawl_delay_secs, None);
    assert_eq!(bad.min_interval_secs, Some(1));
    let news = &report.crawlers[1];
    assert_eq!((news.requests, news.disallowed), (1, 1));
    assert_eq!(news.violations[0].rule_line, Some(2));
    let good = &report.crawlers[2];
    assert_eq!(
        (good.requests, good.disallowed, good.robots_fetches),
        (10, 0, 1)
    );
    assert_eq!((good.hosts, good.robots_first_hosts), (1, 1));
    assert_eq!(good.crawl_delay_secs, Some(5.0));
    assert_eq!((good.min_interval_secs, good.delay_breaks), (Some(5), 0));
    assert!(report
        .summary()
        .starts_with("2 of 3 crawlers requested disallowed URLs: BadBot (10), Good-News (1)"));
}

#[test]
fn a_plain_log() {
    let policy = Policy::parse(ROBOTS, Profile::Rfc9309);
    let mut audit = Audit::new(Sites::single(&policy), &identify, LogFormat::Auto);
    audit.read("access.log", log().as_bytes()).unwrap();
    check(&audit.finish());
}

#[test]
fn a_gzipped_log_in_two_members() {
    let text = log();
    let (a, b) = text.split_at(text.len() / 2);
    let mut bytes = Vec::new();
    for part in [a, b] {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(part.as_bytes()).unwrap();
        bytes.extend(gz.finish().unwrap());
    }
    let policy = Policy::parse(ROBOTS, Profile::Rfc9309);
    let mut audit = Audit::new(Sites::single(&policy), &identify, LogFormat::Auto);
    audit.read("access.log.gz", bytes.as_slice()).unwrap();
    check(&audit.finish());
}

#[test]
fn json_lines_with_renamed_fields_and_hosts() {
    let shop = Policy::parse("User-agent: *\nDisallow: /cart\n", Profile::Rfc9309);
    let blog = Policy::parse("User-agent: *\nDisallow:\n", Profile::Rfc9309);
    let mut sites = Sites::new();
    sites
        .host("shop.example", &shop)
        .host("blog.example", &blog);
    let mut fields = JsonFields::default();
    fields.prefer("user_agent", "client_ua").unwrap();
    let mut log = String::new();
    for host in ["shop.example", "blog.example", "other.example"] {
        writeln!(log, r#"{{"host":"{host}","time":1795860000,"path":"/cart/1","status":200,"client_ua":"BadBot/2.0 (+https://bad.example)"}}"#).unwrap();
    }
    log.push_str("{not json\n");
    let mut audit = Audit::new(sites, &identify, LogFormat::Json(fields));
    audit.read("access.jsonl", log.as_bytes()).unwrap();
    let report = audit.finish();
    let bad = &report.crawlers[0];
    assert_eq!((bad.requests, bad.disallowed, bad.hosts), (3, 1, 2));
    assert_eq!(bad.violations[0].host.as_deref(), Some("shop.example"));
    assert_eq!(report.unchecked_requests, 1);
    assert_eq!(report.malformed, 1);
}

#[test]
fn a_huge_line_is_skipped_and_memory_stays_bounded() {
    let policy = Policy::parse(ROBOTS, Profile::Rfc9309);
    let mut audit = Audit::new(Sites::single(&policy), &identify, LogFormat::Auto);
    let mut text = "x".repeat(robots_audit::MAX_LINE + 10);
    text.push('\n');
    text.push_str(&clf(0, "/admin/", 200, "BadBot/2.0 (+https://bad.example)"));
    audit.read("big.log", text.as_bytes()).unwrap();
    let report = audit.finish();
    assert_eq!(
        (report.malformed, report.malformed_examples[0].line),
        (1, 1)
    );
    assert_eq!(report.crawlers[0].disallowed, 1);
}

#[test]
fn unknown_crawlers_past_the_limit_are_counted_together() {
    let policy = Policy::parse(ROBOTS, Profile::Rfc9309);
    let each = |ua: &[u8]| Identity::crawler(std::str::from_utf8(ua).unwrap(), &[], false);
    let mut audit = Audit::new(Sites::single(&policy), &each, LogFormat::Combined);
    let mut text = String::new();
    for i in 0..robots_audit::MAX_UNKNOWN_CRAWLERS + 50 {
        text.push_str(&clf(0, "/", 200, &format!("Bot{i}")));
    }
    audit.read("many.log", text.as_bytes()).unwrap();
    let report = audit.finish();
    assert_eq!(
        report.crawlers.len(),
        robots_audit::MAX_UNKNOWN_CRAWLERS + 1
    );
    let other = report
        .crawlers
        .iter()
        .find(|c| c.token.starts_with("(other"))
        .unwrap();
    assert_eq!(other.requests, 50);
}
