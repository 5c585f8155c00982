//! The page of a generated audit: every figure where a reader (or a test
//! through its `data-testid`) looks for it, nothing from the log unescaped,
//! and nothing loaded from anywhere.
#![allow(clippy::indexing_slicing)]

use robots_audit::{Audit, AuditReport, Identity, LogFormat, RobotsVersion, Sites};
use robots_audit_html::{document, fragment, About};
use robots_core::{Policy, Profile};

const OLD: &str = "User-agent: *\nDisallow: /admin/\nCrawl-delay: 5\n";
const NEW: &str = "User-agent: *\nDisallow: /admin/\nDisallow: /blog/\nCrawl-delay: 5\n";
const EVIL: &str = "<script>alert(1)</script>";

fn identify(ua: &[u8]) -> Identity {
    match ua {
        b"GoodBot/1.0" => Identity::crawler("GoodBot", &[], true),
        b"HammerBot/1.0" => Identity::crawler("HammerBot", &[], false),
        ua if ua.starts_with(b"Evil") => Identity::crawler(EVIL, &[], false),
        _ => Identity::Browser,
    }
}

fn line(time: &str, target: &str, ua: &str) -> String {
    format!("192.0.2.1 - - [{time} +0000] \"GET {target} HTTP/1.1\" 200 5 \"-\" \"{ua}\"\n")
}

fn report() -> AuditReport {
    let (old, new) = (
        Policy::parse(OLD, Profile::Rfc9309),
        Policy::parse(NEW, Profile::Rfc9309),
    );
    let mut sites = Sites::new();
    sites
        .add(None, RobotsVersion::new(&old, "old.txt"))
        .expect("a version");
    sites
        .add(
            None,
            RobotsVersion::new(&new, "new.txt")
                .since(robots_audit::parse_time("2026-11-28T12:00:00Z").expect("a time")),
        )
        .expect("a version");
    let mut log = String::new();
    log.push_str(&line("28/Nov/2026:10:00:00", "/robots.txt", "GoodBot/1.0"));
    for m in 0..30 {
        log.push_str(&line(
            &format!("28/Nov/2026:10:{m:02}:30"),
            "/blog/a",
            "GoodBot/1.0",
        ));
    }
    // After the change, within the window: stale cache; then into /admin/: violations.
    log.push_str(&line("28/Nov/2026:13:00:00", "/blog/b", "GoodBot/1.0"));
    log.push_str(&line("28/Nov/2026:13:00:30", "/admin/x", "GoodBot/1.0"));
    for s in 0..20 {
        log.push_str(&line(
            &format!("28/Nov/2026:14:00:{s:02}"),
            "/admin/hammer",
            "HammerBot/1.0",
        ));
    }
    log.push_str(&line(
        "28/Nov/2026:15:00:00",
        &format!("/admin/{EVIL}"),
        &format!("Evil{EVIL}"),
    ));
    log.push_str("not a log line\n");
    let mut audit = Audit::new(sites, &identify, LogFormat::Auto);
    audit.read("access.log", log.as_bytes()).expect("read");
    audit.finish()
}

fn count(page: &str, needle: &str) -> usize {
    page.matches(needle).count()
}

#[test]
fn every_figure_is_on_the_page_by_its_testid() {
    let report = report();
    let page = document(
        &report,
        &About::new(vec!["access.log".into()], "robots test"),
    );
    assert_eq!(
        count(&page, r#"data-testid="audit-crawler""#),
        report.crawlers.len()
    );
    assert_eq!(count(&page, r#"data-testid="audit-crawler-detail""#), 3);
    // HammerBot: 20 violations, 5 examples; GoodBot: 1 violation, 1 stale; the evil one: 1.
    assert_eq!(count(&page, r#"data-testid="audit-violation""#), 5 + 1 + 1);
    assert_eq!(count(&page, r#"data-testid="audit-stale-cache""#), 1);
    assert!(page.contains(
        r#"data-testid="audit-crawler" data-token="HammerBot" data-verification="unverifiable" data-requests="20" data-violations="20""#
    ));
    assert!(page.contains(r#"data-testid="audit-malformed" data-count="1""#));
    assert!(page.contains(r#"data-testid="audit-unknown-crawlers" data-count="2""#));
    assert!(!page.contains("audit-all-checked"));
    // One timeline per crawler; pace charts where there are intervals.
    assert_eq!(count(&page, r#"data-testid="audit-timeline-chart""#), 3);
    assert_eq!(count(&page, r#"data-testid="audit-pace-chart""#), 2);
    assert_eq!(count(&page, "<svg "), 3 + 2 + 1);
    // The stale-cache request names the version that allowed it.
    let stale = &page[page
        .find(r#"data-testid="audit-stale-cache""#)
        .expect("a stale row")..];
    assert!(stale.contains("/blog/b") && stale.contains("old.txt"));
    // The violation's deciding line and its version.
    assert!(page.contains(r#"data-url="/admin/x" data-rule-line="2" data-version="new.txt""#));
    assert!(page.contains("Written by robots test."));
}

#[test]
fn crawlers_only_reverse_dns_verifies_are_listed_when_it_was_not_asked() {
    let report = report();
    let plain = document(&report, &About::default());
    assert!(!plain.contains("audit-dns-not-asked"), "none to list");
    let about = About::new(vec!["access.log".into()], "robots test").with_dns_not_asked(vec![
        ("YandexBot".into(), 1200),
        ("Baiduspider<b>".into(), 3),
    ]);
    for page in [document(&report, &about), fragment(&report, &about)] {
        assert!(page
            .contains(r#"data-testid="audit-dns-not-asked" data-count="2" data-requests="1203""#));
        assert_eq!(
            count(&page, r#"data-testid="audit-dns-not-asked-crawler""#),
            2
        );
        assert!(page.contains(
            r#"data-testid="audit-dns-not-asked-crawler" data-token="YandexBot" data-requests="1200"><strong>YandexBot</strong>: unverifiable: DNS not asked (1,200 requests)"#
        ));
        // A token is text from the log: escaped.
        assert!(page.contains("Baiduspider&lt;b&gt;") && !page.contains("Baiduspider<b>"));
        // In the verification section, after its chart.
        let chart = page
            .find(r#"data-testid="audit-verification-chart""#)
            .expect("the chart");
        assert!(page.find(r#"data-testid="audit-dns-not-asked""#) > Some(chart));
    }
}

#[test]
fn text_from_the_log_is_escaped_and_nothing_is_loaded() {
    let report = report();
    for page in [
        document(&report, &About::default()),
        fragment(&report, &About::default()),
    ] {
        assert!(
            !page.contains("<script"),
            "an unescaped <script> in the page"
        );
        assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        // Nothing fetched: no external script, style, font or image.
        for needle in ["src=", "href=\"http", "@import", "url(", "<link", "<img"] {
            assert!(!page.contains(needle), "{needle} in the page");
        }
    }
}

#[test]
fn an_empty_audit_says_so() {
    let policy = Policy::parse(OLD, Profile::Rfc9309);
    let mut audit = Audit::new(Sites::single(&policy), &identify, LogFormat::Auto);
    audit.read("empty.log", "".as_bytes()).expect("read");
    let page = document(&audit.finish(), &About::default());
    assert!(page.contains("No crawler request in the log."));
    assert!(page.contains(r#"data-testid="audit-all-checked""#));
}
