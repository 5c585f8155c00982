//! The crawler audit ([`robots_audit::AuditReport`]) as one self-contained
//! HTML page that a site owner can open from disk or mail: what `robots
//! audit --format html` writes, and what the browser tester shows for a log
//! dropped on it (the same code, compiled to WebAssembly).
//!
//! No script, style sheet, font or image is loaded from anywhere: the style
//! is inline, and the charts are SVG drawn at report time by
//! [plotters](https://docs.rs/plotters) (requests and violations over time,
//! the intervals between requests against the asked delay, and the
//! verification split). Every text that comes from the log or the robots.txt
//! (URLs, tokens, hosts, file names, rules) is escaped, by maud in the page and
//! by plotters in the charts.
//!
//! Elements a test or a tool reads carry a `data-testid` (the tester page's
//! convention) and their figures as `data-*` attributes: `audit-report`,
//! `audit-summary`, `audit-crawler` (one per crawler and verification class),
//! `audit-crawler-detail`, `audit-timeline-chart`, `audit-pace-chart`,
//! `audit-verification-chart`, `audit-dns-not-asked` (with one
//! `audit-dns-not-asked-crawler` per crawler only reverse DNS could verify),
//! `audit-violation`, `audit-stale-cache`, `audit-unchecked`, `audit-malformed`, `audit-no-client-address`,
//! `audit-unknown-crawlers`, `audit-all-checked`.
//!
//! ```
//! use robots_audit::{Audit, Identity, LogFormat, Sites};
//! use robots_core::{Policy, Profile};
//!
//! let policy = Policy::parse("User-agent: *\nDisallow: /private/\n", Profile::Rfc9309);
//! let identify = |ua: &[u8]| match ua {
//!     b"ExampleBot/1.0" => Identity::crawler("ExampleBot", &[], true),
//!     _ => Identity::Browser,
//! };
//! let mut audit = Audit::new(Sites::single(&policy), &identify, LogFormat::Auto);
//! let log = "192.0.2.1 - - [28/Nov/2026:10:00:02 +0000] \"GET /private/<script> HTTP/1.1\" 200 5 \"-\" \"ExampleBot/1.0\"\n";
//! audit.read("access.log", log.as_bytes())?;
//! let page = robots_audit_html::document(&audit.finish(), &robots_audit_html::About::default());
//! assert!(page.starts_with("<!DOCTYPE html>"));
//! assert!(page.contains(r#"data-testid="audit-violation""#));
//! assert!(page.contains("/private/&lt;script&gt;") && !page.contains("<script>"));
//! # Ok::<(), std::io::Error>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod charts;
mod svg;
mod text;

use maud::{html, Markup, PreEscaped, DOCTYPE};
use robots_audit::{AuditReport, CrawlerAudit, Verification, VersionRef, Violation};
use text::{count, duration, percent, time};

/// The report's style sheet: every rule under `.robots-audit`, so that a
/// page can hold the report beside its own content.
pub const STYLE: &str = include_str!("style.css");

/// What the report says of where it comes from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct About {
    /// The logs read, as named.
    pub logs: Vec<String>,
    /// What wrote the report (`robots 0.1.0`); empty: not said.
    pub generator: String,
    /// How the senders were verified, in one line (which range files, of
    /// which dates, and what reverse DNS did: `VerificationSummary::text`);
    /// empty: not said.
    pub verification: String,
    /// Crawlers whose operators offer only reverse DNS to verify them, when
    /// it was not asked (`VerificationSummary::dns_not_asked`): each token
    /// with its requests, most first. Their requests are unverifiable.
    pub dns_not_asked: Vec<(String, u64)>,
}

impl About {
    /// The logs read and what wrote the report.
    pub fn new(logs: Vec<String>, generator: impl Into<String>) -> Self {
        About {
            logs,
            generator: generator.into(),
            verification: String::new(),
            dns_not_asked: Vec::new(),
        }
    }

    /// The same, saying how the senders were verified
    /// (`VerificationSummary::text`).
    pub fn with_verification(mut self, text: impl Into<String>) -> Self {
        self.verification = text.into();
        self
    }

    /// The same, listing the crawlers only reverse DNS could have verified,
    /// had it been asked (`VerificationSummary::dns_not_asked`).
    pub fn with_dns_not_asked(mut self, crawlers: Vec<(String, u64)>) -> Self {
        self.dns_not_asked = crawlers;
        self
    }
}

/// The whole page: a complete HTML document, with its style inline.
pub fn document(report: &AuditReport, about: &About) -> String {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                // Nothing to load: whatever a log smuggled in runs nowhere.
                meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:";
                meta name="referrer" content="no-referrer";
                title { "Crawler audit: " (report.summary()) }
                style { (PreEscaped(STYLE)) }
            }
            body { (body(report, about)) }
        }
    }
    .into_string()
}

/// The report without the document around it: one `<div class="robots-audit">`
/// for a page that has [`STYLE`] (the browser tester).
pub fn fragment(report: &AuditReport, about: &About) -> String {
    body(report, about).into_string()
}

fn body(report: &AuditReport, about: &About) -> Markup {
    let requests: u64 = report.crawlers.iter().map(|c| c.requests).sum();
    let fetches: u64 = report.crawlers.iter().map(|c| c.robots_fetches).sum();
    let span = time_span(report);
    html! {
        div.robots-audit data-testid="audit-report" data-lines=(report.lines) data-crawlers=(report.crawlers.len()) {
            h1 { "Which crawlers obey robots.txt" }
            p.summary data-testid="audit-summary" { (report.summary()) }
            (facts(report, about, requests, fetches))
            (notices(report))
            @if report.crawlers.is_empty() {
                p.empty { "No crawler request in the log." }
            } @else {
                (crawler_table(report))
                (verification_split(report, about))
                h2 { "Each crawler" }
                @for (i, c) in report.crawlers.iter().enumerate() {
                    (crawler_detail(report, c, i, span))
                }
            }
            @if !about.generator.is_empty() {
                p.generator { "Written by " (about.generator) "." }
            }
        }
    }
}

/// The earliest bucket's start and the latest bucket's end over every crawler.
fn time_span(report: &AuditReport) -> Option<(i64, i64)> {
    let step = i64::try_from(report.timeline_step_secs).unwrap_or(i64::MAX);
    let mut buckets = report.crawlers.iter().flat_map(|c| c.timeline.iter());
    let first = buckets.next()?;
    let (lo, hi) = buckets.fold((first.start, first.start), |(lo, hi), b| {
        (lo.min(b.start), hi.max(b.start))
    });
    Some((lo, hi.saturating_add(step)))
}

fn version_text(v: &VersionRef) -> String {
    let host = v
        .host
        .as_deref()
        .map(|h| format!("{h}: "))
        .unwrap_or_default();
    match v.since {
        Some(t) => format!("{host}{} (from {})", v.file, time(Some(t))),
        None => format!("{host}{}", v.file),
    }
}

fn facts(report: &AuditReport, about: &About, requests: u64, fetches: u64) -> Markup {
    html! {
        dl.facts {
            dt { "Log lines" } dd { (count(report.lines)) }
            dt { "Crawler requests" } dd { (count(requests)) " (not counting " (count(fetches)) " robots.txt fetches, counted apart)" }
            dt { "Browser requests" } dd { (count(report.browser_requests)) " (not audited)" }
            @if report.directives > 0 {
                dt { "W3C directives" } dd { (count(report.directives)) " (" code { "#Fields:" } " and the like: no request)" }
            }
            @if !about.logs.is_empty() {
                dt { "Logs" } dd { (about.logs.join(", ")) }
            }
            dt { "robots.txt" }
            dd {
                @if report.versions.is_empty() { "none given" }
                @for (i, v) in report.versions.iter().enumerate() {
                    @if i > 0 { "; " }
                    (version_text(v))
                }
            }
            @if !about.verification.is_empty() {
                dt { "Senders" } dd data-testid="audit-verification-sources" { (about.verification) }
            }
            dt { "Cache window" }
            dd { (duration(report.cache_window_secs)) ": a request that only an older version allowed, replaced less than this before, is counted as stale cache, not as a violation" }
        }
    }
}

/// What the audit could not judge, always said.
fn notices(report: &AuditReport) -> Markup {
    let unknown: Vec<&CrawlerAudit> = report.crawlers.iter().filter(|c| !c.known).collect();
    let quiet =
        report.unchecked_requests == 0 && report.malformed == 0 && report.no_client_address == 0;
    html! {
        section.notices aria-label="What the audit could not judge" {
            @if report.unchecked_requests > 0 {
                div.notice.warn data-testid="audit-unchecked" data-count=(report.unchecked_requests) {
                    p { strong { (count(report.unchecked_requests)) " crawler request(s) were not checked" } ": " (report.unchecked_text()) "." }
                    @if !report.unchecked_hosts.is_empty() {
                        table.small {
                            thead { tr { th { "Host without a robots.txt" } th.num { "Requests" } } }
                            tbody {
                                @for (host, n) in &report.unchecked_hosts {
                                    tr { td { (host.as_deref().unwrap_or("(lines naming no host)")) } td.num { (count(*n)) } }
                                }
                            }
                        }
                    }
                }
            }
            @if report.malformed > 0 {
                div.notice.warn data-testid="audit-malformed" data-count=(report.malformed) {
                    p { strong { (count(report.malformed)) " malformed line(s) skipped" } "; the first:" }
                    ul {
                        @for m in &report.malformed_examples {
                            li { code { (m.file) ":" (m.line) } " " (m.reason) }
                        }
                    }
                }
            }
            @if report.no_client_address > 0 {
                div.notice data-testid="audit-no-client-address" data-count=(report.no_client_address) {
                    p { (count(report.no_client_address)) " crawler request(s) carry no client address: their senders are unverifiable." }
                }
            }
            @if !unknown.is_empty() {
                div.notice data-testid="audit-unknown-crawlers" data-count=(unknown.len()) {
                    p {
                        (unknown.len()) " crawler row(s) the registry does not know: "
                        @for (i, c) in unknown.iter().take(10).enumerate() {
                            @if i > 0 { ", " }
                            code { (c.token) }
                        }
                        @if unknown.len() > 10 { ", …" }
                        "."
                    }
                }
            }
            @if quiet {
                p.notice.ok data-testid="audit-all-checked" { "Every crawler request was checked, every line read." }
            }
        }
    }
}

fn class_badge(class: Verification) -> Markup {
    html! { span class={ "badge " (class.name()) } { (class.name()) } }
}

fn pace_text(c: &CrawlerAudit) -> String {
    let pace = &c.pace;
    let median = pace
        .intervals
        .median()
        .map_or(String::new(), |m| format!("median {}", duration(m)));
    match (pace.asked_delay_secs, pace.shorter_share()) {
        (_, _) if pace.intervals.count() == 0 => String::from("-"),
        (Some(d), Some(share)) => format!(
            "{d} s asked: {} of {} sooner ({}); {median}",
            count(pace.shorter_than_asked),
            count(pace.asked_intervals),
            percent(share)
        ),
        _ => format!("none asked; {median}"),
    }
}

fn robots_text(c: &CrawlerAudit) -> String {
    if c.robots_fetches == 0 {
        return String::from("never fetched");
    }
    let hosts = c.hosts.len() as u64;
    let first = c.robots_first_hosts();
    let every = c
        .robots_fetch_intervals
        .median()
        .map_or(String::new(), |m| format!(", every {}", duration(m)));
    format!(
        "{}× (first on {first} of {hosts} host(s){every})",
        count(c.robots_fetches)
    )
}

fn statuses_text(c: &CrawlerAudit) -> String {
    let mut top = c.statuses.clone();
    top.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let shown: Vec<String> = top
        .iter()
        .take(3)
        .map(|(s, n)| format!("{s}×{}", count(*n)))
        .collect();
    shown.join(" ")
}

fn crawler_table(report: &AuditReport) -> Markup {
    html! {
        h2 { "Crawlers" }
        div.table-wrap {
            table data-testid="audit-crawlers" {
                thead {
                    tr {
                        th { "Crawler" } th { "Sender" } th.num { "Requests" } th.num { "Violations" }
                        th.num { "Stale cache" } th.num { "Unchecked" } th { "robots.txt" } th { "Pace (asked delay)" } th { "Statuses" }
                    }
                }
                tbody {
                    @for (i, c) in report.crawlers.iter().enumerate() {
                        tr data-testid="audit-crawler" data-token=(c.token) data-verification=(c.verification.name())
                            data-requests=(c.requests) data-violations=(c.violations) data-stale-cache=(c.stale_cache)
                            data-unchecked=(c.unchecked) data-robots-fetches=(c.robots_fetches)
                            data-shorter-than-asked=(c.pace.shorter_than_asked) {
                            td { a href={ "#crawler-" (i) } { (c.token) } @if !c.known { " " span.unknown { "(unknown)" } } }
                            td { (class_badge(c.verification)) }
                            td.num { (count(c.requests)) }
                            td.num class=[(c.violations > 0).then_some("bad")] { (count(c.violations)) }
                            td.num { (count(c.stale_cache)) }
                            td.num { (count(c.unchecked)) }
                            td { (robots_text(c)) }
                            td { (pace_text(c)) }
                            td { (statuses_text(c)) }
                        }
                    }
                }
            }
        }
    }
}

/// Requests by token and class, the tokens with the most requests first (at most 15).
fn verification_rows(report: &AuditReport) -> (Vec<(String, [u64; 3])>, usize) {
    let mut rows: Vec<(String, [u64; 3])> = Vec::new();
    for c in &report.crawlers {
        let at = match rows.iter().position(|(t, _)| *t == c.token) {
            Some(at) => at,
            None => {
                rows.push((c.token.clone(), [0; 3]));
                rows.len() - 1
            }
        };
        let k = Verification::ALL
            .iter()
            .position(|&v| v == c.verification)
            .unwrap_or(2);
        if let Some(n) = rows.get_mut(at).and_then(|(_, n)| n.get_mut(k)) {
            *n += c.requests;
        }
    }
    rows.sort_by(|a, b| {
        b.1.iter()
            .sum::<u64>()
            .cmp(&a.1.iter().sum::<u64>())
            .then_with(|| a.0.cmp(&b.0))
    });
    let all = rows.len();
    rows.truncate(15);
    (rows, all)
}

fn verification_split(report: &AuditReport, about: &About) -> Markup {
    let (rows, all) = verification_rows(report);
    let totals = Verification::ALL.map(|class| {
        report
            .crawlers
            .iter()
            .filter(|c| c.verification == class)
            .map(|c| c.requests)
            .sum::<u64>()
    });
    html! {
        h2 { "Who really sent them" }
        p {
            "Requests by sender: "
            @for (k, class) in Verification::ALL.into_iter().enumerate() {
                @if k > 0 { ", " }
                (class_badge(class)) " " (count(totals.get(k).copied().unwrap_or(0)))
            }
            ". Verified: the address is the operator's (its published ranges, or reverse DNS confirmed forward). "
            "Spoofed: the operator publishes how to verify its crawler and the request fails it. "
            "Unverifiable: the operator publishes nothing, the line has no address, or no verification was asked."
        }
        figure data-testid="audit-verification-chart" {
            (legend(&Verification::ALL.map(|class| (Shape::Fill, charts::css(charts::class_color(class), 0.8), class.name().to_owned()))))
            (PreEscaped(charts::verification(&rows)))
            figcaption {
                "Requests of each crawler by sender"
                @if all > rows.len() { " (the " (rows.len()) " with the most requests of " (all) ")" }
                "."
            }
        }
        (dns_not_asked(&about.dns_not_asked))
    }
}

/// The crawlers whose requests only reverse DNS could have verified, each
/// "unverifiable: DNS not asked".
fn dns_not_asked(crawlers: &[(String, u64)]) -> Markup {
    let requests: u64 = crawlers.iter().map(|(_, n)| n).sum();
    html! {
        @if !crawlers.is_empty() {
            div.notice data-testid="audit-dns-not-asked" data-count=(crawlers.len()) data-requests=(requests) {
                p {
                    "Their operators offer only reverse DNS to verify these crawlers, and it was not asked "
                    "(" code { "robots audit --verify-dns" } " asks it; a web page cannot), so their "
                    (count(requests)) " requests are unverifiable:"
                }
                ul {
                    @for (token, n) in crawlers {
                        li data-testid="audit-dns-not-asked-crawler" data-token=(token) data-requests=(n) {
                            strong { (token) } ": unverifiable: DNS not asked (" (count(*n)) " requests)"
                        }
                    }
                }
            }
        }
    }
}

fn crawler_detail(
    report: &AuditReport,
    c: &CrawlerAudit,
    i: usize,
    span: Option<(i64, i64)>,
) -> Markup {
    let open = c.violations > 0 || c.stale_cache > 0 || c.pace.shorter_than_asked > 0;
    let step = report.timeline_step_secs;
    html! {
        details.crawler-detail id={ "crawler-" (i) } open[open] data-testid="audit-crawler-detail"
            data-token=(c.token) data-verification=(c.verification.name()) {
            summary {
                strong { (c.token) } " " (class_badge(c.verification)) " "
                span.counts {
                    (count(c.requests)) " requests, "
                    span class=[(c.violations > 0).then_some("bad")] { (count(c.violations)) " violations" }
                    @if c.stale_cache > 0 { ", " (count(c.stale_cache)) " stale cache" }
                }
            }
            p.chain {
                @if c.known { "A crawler the registry knows" } @else { "A crawler the registry does not know" }
                "; it obeys the groups naming "
                @for (k, token) in c.chain.iter().enumerate() {
                    @if k > 0 { ", then " }
                    code { (token) }
                }
                ", else the * groups. robots.txt: " (robots_text(c)) "."
            }
            @if let (Some(span), false) = (span, c.timeline.is_empty()) {
                figure data-testid="audit-timeline-chart" data-buckets=(c.timeline.len()) data-step=(step) {
                    (timeline_legend(c))
                    (PreEscaped(charts::timeline(c, step, span)))
                    figcaption { "Requests, violations and robots.txt fetches per " (step_name(step)) " (UTC)." }
                }
            } @else {
                p.empty { "No request with a time: nothing to draw over time." }
            }
            @if c.pace.intervals.count() > 0 {
                figure data-testid="audit-pace-chart" data-intervals=(c.pace.intervals.count())
                    data-shorter-than-asked=(c.pace.shorter_than_asked) {
                    (pace_legend(c))
                    (PreEscaped(charts::pace(c)))
                    figcaption { "Intervals between its requests to one host: " (pace_text(c)) "." }
                }
            }
            @if c.violations > 0 {
                h3 { "Violations: " (count(c.violations)) }
                (violations_table(c, &c.violation_examples, c.violations, false))
            }
            @if c.stale_cache > 0 {
                h3 { "Stale cache: " (count(c.stale_cache)) }
                p.hint { "Disallowed by the robots.txt in force, but allowed by an older version replaced less than the cache window before: the crawler may have used its cached copy. Not counted as violations." }
                (violations_table(c, &c.stale_cache_examples, c.stale_cache, true))
            }
        }
    }
}

/// How a legend key is drawn: a filled box, a line, a dashed line, a triangle.
#[derive(Clone, Copy)]
enum Shape {
    Fill,
    Line,
    Dashed,
    Marker,
}

/// A chart's legend, as HTML beside the SVG: plotters lays out its own legend
/// by measuring text with the font, which a worker cannot do.
fn legend(keys: &[(Shape, String, String)]) -> Markup {
    html! {
        div.legend {
            @for (shape, color, label) in keys {
                @let class = match shape { Shape::Fill => "swatch", Shape::Line => "swatch line", Shape::Dashed => "swatch dashed", Shape::Marker => "swatch marker" };
                span.key { span class=(class) style={ "--c:" (color) } {} (label) }
            }
        }
    }
}

fn timeline_legend(c: &CrawlerAudit) -> Markup {
    use charts::{css, FETCHES, REQUESTS, STALE, VIOLATIONS};
    let mut keys = vec![(Shape::Fill, css(REQUESTS, 0.35), String::from("requests"))];
    if c.violations > 0 {
        keys.push((
            Shape::Fill,
            css(VIOLATIONS, 0.6),
            String::from("violations"),
        ));
    }
    if c.stale_cache > 0 {
        keys.push((Shape::Line, css(STALE, 1.0), String::from("stale cache")));
    }
    if c.robots_fetches > 0 {
        keys.push((
            Shape::Marker,
            css(FETCHES, 1.0),
            String::from("robots.txt fetches"),
        ));
    }
    legend(&keys)
}

fn pace_legend(c: &CrawlerAudit) -> Markup {
    use charts::{css, duration_f, KEPT, VIOLATIONS};
    match c.pace.asked_delay_secs {
        Some(delay) => legend(&[
            (
                Shape::Fill,
                css(KEPT, 0.75),
                String::from("kept the asked delay"),
            ),
            (
                Shape::Fill,
                css(VIOLATIONS, 0.75),
                String::from("shorter than asked"),
            ),
            (
                Shape::Dashed,
                String::from("#000"),
                format!("asked delay: {}", duration_f(delay)),
            ),
        ]),
        None => legend(&[(
            Shape::Fill,
            css(charts::class_color(Verification::Unverifiable), 0.75),
            String::from("intervals (no delay asked)"),
        )]),
    }
}

/// A timeline's step, as in "per hour".
fn step_name(step: u64) -> String {
    match step {
        3_600 => String::from("hour"),
        86_400 => String::from("day"),
        604_800 => String::from("week"),
        _ => format!("{} weeks", step / 604_800),
    }
}

fn rule_text(v: &Violation) -> Markup {
    html! {
        @match &v.rule {
            Some(rule) => { "line " (rule.line) ": " code { (rule.text) } }
            None => { "(no rule)" }
        }
    }
}

fn violations_table(c: &CrawlerAudit, examples: &[Violation], total: u64, stale: bool) -> Markup {
    let testid = if stale {
        "audit-stale-cache"
    } else {
        "audit-violation"
    };
    html! {
        div.table-wrap {
            table.examples {
                thead {
                    tr {
                        th { "Time" } th { "URL" } th { "Deciding line" } th { "robots.txt version" }
                        @if stale { th { "Allowed by" } }
                        th { "Log line" }
                    }
                }
                tbody {
                    @for v in examples {
                        tr data-testid=(testid) data-token=(c.token) data-url=(v.target)
                            data-rule-line=[v.rule.as_ref().map(|r| r.line)] data-version=(v.version.file) {
                            td.time { (time(v.time)) }
                            td.url { @if let Some(host) = &v.host { span.host { (host) } } code { (v.target) } }
                            td { (rule_text(v)) }
                            td { (version_text(&v.version)) }
                            @if stale {
                                td {
                                    @if let Some((version, rule)) = &v.allowed_by {
                                        (version_text(version))
                                        @match rule {
                                            Some(r) => { ", line " (r.line) ": " code { (r.text) } }
                                            None => { ", no rule matched" }
                                        }
                                    }
                                }
                            }
                            td { code { (v.file) ":" (v.line) } }
                        }
                    }
                }
            }
        }
        @if total > examples.len() as u64 {
            p.hint { "The first " (examples.len()) " of " (count(total)) "." }
        }
    }
}
