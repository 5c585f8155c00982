//! An audit of generated logs whose answers are known by construction.
// A test may index: a panic there is a failed test, with its location.
#![allow(clippy::indexing_slicing)]

use robots_audit::{
    parse_time, Audit, AuditReport, CrawlerAudit, Identity, JsonFields, LogFormat, RobotsVersion,
    Sites, Verification, Verify,
};
use robots_core::{Policy, Profile};
use std::cell::Cell;
use std::fmt::Write as _;
use std::io::Write as _;
use std::net::IpAddr;

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

fn check(report: &AuditReport) {
    assert_eq!(report.lines, 35, "{report:#?}");
    assert_eq!(report.malformed, 2);
    assert_eq!(report.malformed_examples[0].line, 34);
    assert_eq!(report.browser_requests, 1);
    assert_eq!(report.unchecked_requests, 0);
    let names: Vec<&str> = report.crawlers.iter().map(|c| c.token.as_str()).collect();
    assert_eq!(names, ["BadBot", "Good-News", "GoodBot"]);
    let bad = &report.crawlers[0];
    assert_eq!(
        (
            bad.requests,
            bad.violations,
            bad.stale_cache,
            bad.robots_fetches
        ),
        (20, 10, 0, 0)
    );
    assert_eq!(bad.verification, Verification::Unverifiable);
    assert_eq!(bad.violation_examples.len(), 5);
    let rule = bad.violation_examples[0].rule.as_ref().expect("a rule");
    assert_eq!((rule.text.as_str(), rule.line), ("Disallow: /admin/", 6));
    assert_eq!(bad.violation_examples[0].version.file, "robots.txt");
    assert_eq!(bad.statuses, [(200, 10), (403, 10)]);
    assert_eq!(bad.pace.asked_delay_secs, None);
    assert_eq!(bad.pace.intervals.min(), Some(1));
    assert_eq!(
        (bad.pace.intervals.count(), bad.pace.asked_intervals),
        (19, 0)
    );
    let news = &report.crawlers[1];
    assert_eq!((news.requests, news.violations), (1, 1));
    assert_eq!(
        news.violation_examples[0]
            .rule
            .as_ref()
            .expect("a rule")
            .line,
        2
    );
    let good = &report.crawlers[2];
    assert_eq!(
        (good.requests, good.violations, good.robots_fetches),
        (10, 0, 1)
    );
    assert_eq!((good.hosts.len(), good.robots_first_hosts()), (1, 1));
    assert_eq!(good.pace.asked_delay_secs, Some(5.0));
    assert_eq!(
        (good.pace.intervals.median(), good.pace.shorter_than_asked),
        (Some(5), 0)
    );
    assert_eq!(good.pace.shorter_share(), Some(0.0));
    // Every line within 10:00-11:00: one bucket of an hour, holding every count.
    assert_eq!(report.timeline_step_secs, 3_600);
    for c in &report.crawlers {
        let buckets: Vec<_> = c
            .timeline
            .iter()
            .map(|b| {
                (
                    b.start,
                    b.requests,
                    b.robots_fetches,
                    b.violations,
                    b.stale_cache,
                )
            })
            .collect();
        let start = parse_time("2026-11-28T10:00:00Z").expect("a time");
        assert_eq!(
            buckets,
            [(
                start,
                c.requests,
                c.robots_fetches,
                c.violations,
                c.stale_cache
            )],
            "{}",
            c.token
        );
    }
    // No address in the three crawlers' lines is missing.
    assert_eq!(report.no_client_address, 0);
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
    assert_eq!((bad.requests, bad.violations, bad.hosts.len()), (3, 1, 3));
    assert_eq!(bad.unchecked, 1);
    assert_eq!(
        bad.violation_examples[0].host.as_deref(),
        Some("shop.example")
    );
    assert_eq!(report.unchecked_requests, 1);
    assert_eq!(report.unchecked.no_robots_txt, 1);
    assert_eq!(
        report.unchecked_hosts,
        [(Some("other.example".to_owned()), 1)]
    );
    assert_eq!(report.malformed, 1);
    // JSON lines without a client field: said once, as a count.
    assert_eq!(report.no_client_address, 3);
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
    assert_eq!(report.crawlers[0].violations, 1);
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

// ---- Verification classes, robots.txt versions over time, pace ----

/// 2026-11-28T12:00:00Z: when the new robots.txt starts being served.
fn change() -> i64 {
    parse_time("2026-11-28T12:00:00Z").expect("a time")
}

/// A Combined Log Format line at `time` (seconds since the epoch) from `client`.
fn clf_at(time: i64, client: &str, target: &str, ua: &str) -> String {
    let rfc = robots_audit::format_time(time);
    let month = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ][rfc[5..7].parse::<usize>().expect("a month") - 1];
    format!(
        "{client} - - [{}/{month}/{}:{} +0000] \"GET {target} HTTP/1.1\" 200 10 \"-\" \"{ua}\"\n",
        &rfc[8..10],
        &rfc[0..4],
        &rfc[11..19]
    )
}

/// GoodBot's operator sends from 192.0.2.0/24 and says so; BadBot's says nothing.
/// Counts the questions, to hold the audit to one per crawler and address.
struct ByAddress(Cell<usize>);

impl Verify for ByAddress {
    fn verify(&self, token: &str, client: Option<IpAddr>) -> Verification {
        self.0.set(self.0.get() + 1);
        match (token, client) {
            ("GoodBot", Some(IpAddr::V4(a))) if a.octets()[..3] == [192, 0, 2] => {
                Verification::Verified
            }
            ("GoodBot", Some(_)) => Verification::Spoofed,
            _ => Verification::Unverifiable,
        }
    }
}

const OLD: &str = "User-agent: *\nDisallow: /admin/\nCrawl-delay: 2\n";
const NEW: &str = "User-agent: *\nDisallow: /admin/\nDisallow: /blog/\nCrawl-delay: 10\n";

fn row<'r>(report: &'r AuditReport, token: &str, class: Verification) -> &'r CrawlerAudit {
    report
        .crawlers
        .iter()
        .find(|c| c.token == token && c.verification == class)
        .unwrap_or_else(|| panic!("no {token} {class:?} in {report:#?}"))
}

/// The log: GoodBot from its own network (verified), an impostor with its
/// header (spoofed), GoodBot and BadBot from lines without an address
/// (unverifiable), around the change from OLD to NEW, at 10 s, 1 s and 5 s.
fn versions_log() -> String {
    let e = change();
    let good = "GoodBot/1.0";
    let bad = "BadBot/2.0 (+https://bad.example)";
    let mut log = Vec::new();
    // Verified: robots.txt an hour before the change, then /blog/ every 10 s (allowed).
    log.push((e - 3600, "192.0.2.10", "/robots.txt".to_owned(), good));
    for k in 1..=6 {
        log.push((e - 3600 + 10 * k, "192.0.2.10", format!("/blog/{k}"), good));
    }
    // An hour after the change: robots.txt again, then /blog/ (stale cache: OLD allowed it).
    log.push((e + 3600, "192.0.2.10", "/robots.txt".to_owned(), good));
    for k in 1..=3 {
        log.push((e + 3600 + 10 * k, "192.0.2.10", format!("/blog/n{k}"), good));
    }
    // 25 hours after: OLD is out of the window, a violation.
    log.push((e + 25 * 3600, "192.0.2.10", "/blog/late".to_owned(), good));
    // Spoofed: /admin/ every second, never robots.txt.
    for k in 0..10 {
        log.push((e + 7200 + k, "203.0.113.66", format!("/admin/{k}"), good));
    }
    // Unverifiable: BadBot every 5 s before the change, then twice after it
    // from a line without an address; GoodBot once from such a line.
    for k in 0..4 {
        log.push((e - 600 + 5 * k, "198.51.100.7", format!("/page/{k}"), bad));
    }
    log.push((e + 100, "crawler.bad.example", "/blog/x".to_owned(), bad));
    log.push((e + 105, "crawler.bad.example", "/admin/x".to_owned(), bad));
    log.push((e + 200, "proxy.example", "/blog/y".to_owned(), good));
    log.sort_by_key(|l| l.0);
    let mut text: String = log
        .iter()
        .map(|(t, client, target, ua)| clf_at(*t, client, target, ua))
        .collect();
    text.push_str(&clf_at(
        e,
        "192.0.2.99",
        "/admin/",
        "Mozilla/5.0 (X11) Firefox/120.0",
    ));
    text.push_str("not a line\n");
    text
}

#[test]
fn every_count_by_crawler_class_version_and_pace() {
    let (old, new) = (
        Policy::parse(OLD, Profile::Rfc9309),
        Policy::parse(NEW, Profile::Rfc9309),
    );
    let mut sites = Sites::new();
    sites
        .add(None, RobotsVersion::new(&old, "old.txt"))
        .unwrap();
    sites
        .add(None, RobotsVersion::new(&new, "new.txt").since(change()))
        .unwrap();
    let verify = ByAddress(Cell::new(0));
    let mut audit = Audit::new(sites, &identify, LogFormat::Combined).verify_with(&verify);
    audit.read("access.log", versions_log().as_bytes()).unwrap();
    let report = audit.finish();
    // One question per crawler and address: (GoodBot, 192.0.2.10),
    // (GoodBot, 203.0.113.66), (GoodBot, none), (BadBot, 198.51.100.7), (BadBot, none).
    assert_eq!(verify.0.get(), 5);
    assert_eq!(
        (report.lines, report.malformed, report.browser_requests),
        (31, 1, 1)
    );
    assert_eq!(
        (report.unchecked_requests, report.no_client_address),
        (0, 3)
    );
    assert_eq!(report.crawlers.len(), 4);

    let verified = row(&report, "GoodBot", Verification::Verified);
    assert_eq!(
        (
            verified.requests,
            verified.robots_fetches,
            verified.violations,
            verified.stale_cache
        ),
        (10, 2, 1, 3)
    );
    assert_eq!(
        (verified.hosts.len(), verified.robots_first_hosts()),
        (1, 1)
    );
    assert_eq!(
        (
            verified.robots_fetch_intervals.count(),
            verified.robots_fetch_intervals.median()
        ),
        (1, Some(7200))
    );
    let pace = &verified.pace;
    assert_eq!(
        (
            pace.intervals.count(),
            pace.asked_intervals,
            pace.shorter_than_asked
        ),
        (11, 11, 0)
    );
    assert_eq!(
        (pace.intervals.median(), pace.asked_delay_secs),
        (Some(10), Some(10.0))
    );
    let late = &verified.violation_examples[0];
    assert_eq!(late.target, "/blog/late");
    assert_eq!(
        (late.version.file.as_str(), late.version.since),
        ("new.txt", Some(change()))
    );
    let rule = late.rule.as_ref().unwrap();
    assert_eq!((rule.text.as_str(), rule.line), ("Disallow: /blog/", 3));
    assert!(late.allowed_by.is_none());
    let stale = &verified.stale_cache_examples[0];
    assert_eq!(stale.target, "/blog/n1");
    let (by, by_rule) = stale.allowed_by.as_ref().unwrap();
    assert_eq!(
        (by.file.as_str(), by.since, by_rule),
        ("old.txt", None, &None)
    );

    let spoofed = row(&report, "GoodBot", Verification::Spoofed);
    assert_eq!(
        (
            spoofed.requests,
            spoofed.robots_fetches,
            spoofed.violations,
            spoofed.stale_cache
        ),
        (10, 0, 10, 0)
    );
    assert_eq!(spoofed.robots_first_hosts(), 0);
    let pace = &spoofed.pace;
    assert_eq!(
        (
            pace.intervals.count(),
            pace.asked_intervals,
            pace.shorter_than_asked
        ),
        (9, 9, 9)
    );
    // Both versions are within the window: the shorter delay (OLD's 2 s) is asked.
    assert_eq!(
        (pace.asked_delay_secs, pace.shorter_share()),
        (Some(2.0), Some(1.0))
    );
    assert_eq!(pace.intervals.median(), Some(1));
    assert_eq!(report.crawlers[0].verification, Verification::Spoofed);

    let unverified = row(&report, "GoodBot", Verification::Unverifiable);
    assert_eq!(
        (
            unverified.requests,
            unverified.stale_cache,
            unverified.violations
        ),
        (1, 1, 0)
    );
    assert_eq!(unverified.pace.intervals.count(), 0);

    let bad = row(&report, "BadBot", Verification::Unverifiable);
    assert_eq!((bad.requests, bad.violations, bad.stale_cache), (6, 1, 1));
    assert_eq!(
        (
            bad.pace.intervals.count(),
            bad.pace.shorter_than_asked,
            bad.pace.intervals.median()
        ),
        (5, 0, Some(5))
    );
    assert_eq!(
        report.summary(),
        "2 of 3 crawlers requested disallowed URLs: GoodBot (verified) (1), BadBot (1); \
         senders spoofing a crawler's name requested disallowed URLs too (not counted against it): GoodBot (spoofed) (10); \
         5 request(s) allowed only by a robots.txt still within the cache window (stale cache)"
    );
    let json = report.to_json();
    let first = &json["crawlers"][0];
    assert_eq!(
        (
            &first["token"],
            &first["verification"],
            &first["violations"],
            &first["stale_cache"]
        ),
        (&"GoodBot".into(), &"spoofed".into(), &10.into(), &0.into())
    );
    assert_eq!(first["pace"]["shorter_than_asked"], 9);
    assert_eq!(first["pace"]["histogram"], serde_json::json!([[1, 9]]));
    assert_eq!(json["robots_versions"][1]["since"], "2026-11-28T12:00:00Z");
}

/// A request inside the cache window after a change that the old version
/// allowed is stale cache; the same one second later (just outside) is a violation.
#[test]
fn the_stale_cache_rule_on_both_sides_of_the_window() {
    let old = Policy::parse("User-agent: *\nDisallow: /admin/\n", Profile::Rfc9309);
    let new = Policy::parse("User-agent: *\nDisallow: /\n", Profile::Rfc9309);
    let e = change();
    let requests = [
        (e - 1, "/x"),
        (e, "/x"),
        (e + 3599, "/x"),
        (e + 3600, "/x"),
        (e + 10, "/admin/"),
        (e + 3600, "/admin/"),
    ];
    let mut log = String::new();
    for (t, path) in requests {
        writeln!(
            log,
            r#"{{"remote_addr":"192.0.2.1","time":{t},"path":"{path}","user_agent":"GoodBot/1.0"}}"#
        )
        .unwrap();
    }
    // (window, violations, stale cache)
    for (window, violations, stale) in [(3600, 3, 2), (0, 5, 0), (86_400, 2, 3)] {
        let mut sites = Sites::new();
        sites
            .add(None, RobotsVersion::new(&old, "old.txt"))
            .unwrap();
        sites
            .add(None, RobotsVersion::new(&new, "new.txt").since(e))
            .unwrap();
        let mut audit = Audit::new(sites, &identify, LogFormat::Auto).cache_window(window);
        audit.read("access.jsonl", log.as_bytes()).unwrap();
        let report = audit.finish();
        let good = &report.crawlers[0];
        assert_eq!(
            (good.requests, good.violations, good.stale_cache),
            (6, violations, stale),
            "window {window}"
        );
        assert_eq!(report.cache_window_secs, window);
        if window == 3600 {
            let times: Vec<i64> = good
                .stale_cache_examples
                .iter()
                .map(|v| v.time.unwrap())
                .collect();
            assert_eq!(times, [e, e + 3599]);
            let outside = &good.violation_examples[0];
            assert_eq!(
                (outside.time, outside.target.as_str()),
                (Some(e + 3600), "/x")
            );
            assert_eq!(outside.rule.as_ref().unwrap().text, "Disallow: /");
            let inside = &good.violation_examples[1];
            assert_eq!(
                (inside.time, inside.target.as_str()),
                (Some(e + 10), "/admin/")
            );
        }
    }
}

#[test]
fn requests_no_robots_txt_can_judge_are_counted_by_reason_and_host() {
    let policy = Policy::parse("User-agent: *\nDisallow: /admin/\n", Profile::Rfc9309);
    let e = change();
    let mut sites = Sites::new();
    sites
        .add(
            Some("a.example"),
            RobotsVersion::new(&policy, "a.txt").since(e),
        )
        .unwrap();
    let mut log = String::new();
    for (host, t) in [
        ("a.example", Some(e - 5)),
        ("a.example", Some(e + 5)),
        ("a.example", None),
        ("other.org", Some(e)),
        ("other.org", Some(e + 1)),
        ("OTHER.org:443", Some(e + 2)),
    ] {
        let time = t.map_or(String::new(), |t| format!(r#","time":{t}"#));
        writeln!(log, r#"{{"host":"{host}"{time},"path":"/admin/","user_agent":"BadBot/2.0 (+https://bad.example)"}}"#).unwrap();
    }
    let mut audit = Audit::new(sites, &identify, LogFormat::Auto);
    audit.read("access.jsonl", log.as_bytes()).unwrap();
    let report = audit.finish();
    let u = report.unchecked;
    assert_eq!(
        (u.no_robots_txt, u.before_first_version, u.no_time),
        (3, 1, 1)
    );
    assert_eq!(report.unchecked_requests, 5);
    assert_eq!(report.unchecked_hosts, [(Some("other.org".to_owned()), 3)]);
    let bad = &report.crawlers[0];
    assert_eq!((bad.requests, bad.violations, bad.unchecked), (6, 1, 5));
    assert!(
        report.summary().starts_with("1 of 1 crawlers requested disallowed URLs: BadBot (1); 5 request(s) not checked: 3 to hosts no robots.txt was given for (other.org 3)"),
        "{}",
        report.summary()
    );
    // Nothing checked at all: said first, not "none requested a disallowed URL".
    let mut sites = Sites::new();
    sites.host("a.example", &policy);
    let mut audit = Audit::new(sites, &identify, LogFormat::Combined);
    audit
        .read(
            "access.log",
            clf(0, "/admin/", 200, "GoodBot/1.0").as_bytes(),
        )
        .unwrap();
    let report = audit.finish();
    assert_eq!(
        report.summary(),
        "no crawler request was checked: 1 to hosts no robots.txt was given for (lines naming no host 1)"
    );
}

#[test]
fn request_rate_asks_a_delay_within_its_hours() {
    // 1 request per 30 s from 10:00 to 11:00 UTC; a 5 s Crawl-delay always.
    let policy = Policy::parse(
        "User-agent: *\nCrawl-delay: 5\nRequest-rate: 1/30s 1000-1100\n",
        Profile::Rfc9309,
    );
    let mut audit = Audit::new(Sites::single(&policy), &identify, LogFormat::Combined);
    let mut log = String::new();
    // 10:00:00 … 10:01:00 every 20 s (shorter than 30 s), then 11:30 every 20 s (5 s asked).
    for s in [0, 20, 40, 60] {
        log.push_str(&clf_at(
            change() - 7200 + s,
            "192.0.2.1",
            "/",
            "GoodBot/1.0",
        ));
    }
    for s in [0, 20, 40] {
        log.push_str(&clf_at(
            change() - 1800 + s,
            "192.0.2.1",
            "/",
            "GoodBot/1.0",
        ));
    }
    audit.read("access.log", log.as_bytes()).unwrap();
    let pace = &audit.finish().crawlers[0].pace;
    assert_eq!((pace.asked_intervals, pace.shorter_than_asked), (6, 3));
    assert_eq!(pace.asked_delay_secs, Some(30.0));
}

#[test]
fn requests_and_violations_over_time_by_hour() {
    let policy = Policy::parse(ROBOTS, Profile::Rfc9309);
    let mut audit = Audit::new(Sites::single(&policy), &identify, LogFormat::Auto);
    let start = parse_time("2026-11-28T10:00:00Z").unwrap();
    let mut log = String::new();
    // BadBot: 3 requests at 10:xx (one to /admin/), none at 11:xx, 2 at 12:xx
    // (both to /admin/), and one line without a time.
    for (offset, target) in [
        (10, "/a"),
        (20, "/admin/x"),
        (3_599, "/b"),
        (7_200, "/admin/y"),
        (7_260, "/admin/z"),
    ] {
        log.push_str(&clf_at(
            start + offset,
            "198.51.100.7",
            target,
            "BadBot/2.0 (+https://bad.example)",
        ));
    }
    log.push_str(
        "{\"path\": \"/admin/w\", \"user_agent\": \"BadBot/2.0 (+https://bad.example)\"}\n",
    );
    audit.read("access.log", log.as_bytes()).unwrap();
    let report = audit.finish();
    let bad = &report.crawlers[0];
    assert_eq!((bad.requests, bad.violations), (6, 4));
    let buckets: Vec<_> = bad
        .timeline
        .iter()
        .map(|b| (b.start - start, b.requests, b.violations))
        .collect();
    assert_eq!(buckets, [(0, 3, 1), (7_200, 2, 2)]);
    let json = report.to_json();
    assert_eq!(json["timeline_step_s"], 3_600);
    assert_eq!(
        json["crawlers"][0]["timeline"][1],
        serde_json::json!(["2026-11-28T12:00:00Z", 2, 0, 2, 0])
    );
}
