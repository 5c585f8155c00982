//! What an audit found.
//!
//! Every figure that parts of a log contribute to is kept as a count (or a
//! histogram of counts), never as a ratio, so that the reports of several
//! parts of a log merge into the report of the whole by adding: the Spark
//! job merges per-split reports that way. Ratios and medians are worked out
//! when the report is printed.

use crate::histogram::Histogram;
use crate::time::format_time;
use crate::timeline::TimeBucket;
use crate::verification::Verification;
use serde_json::{json, Value};

/// The audit of a log, or several.
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct AuditReport {
    /// Lines read (blank lines not counted).
    pub lines: u64,
    /// Lines skipped as malformed.
    pub malformed: u64,
    /// The first few of them.
    pub malformed_examples: Vec<MalformedLine>,
    /// Requests from browsers (or without a User-Agent): not audited.
    pub browser_requests: u64,
    /// Directive lines of W3C logs (`#Fields:`, `#Version:`, ...): read,
    /// holding no request.
    pub directives: u64,
    /// Requests by crawlers (other than for `/robots.txt`) that no robots.txt
    /// could judge: the sum of [`AuditReport::unchecked`]'s counts.
    pub unchecked_requests: u64,
    /// Those, by why they were not judged.
    pub unchecked: Unchecked,
    /// The hosts no robots.txt was given for, with their crawler requests
    /// (`None`: lines that name no host), most first (at most 20).
    pub unchecked_hosts: Vec<(Option<String>, u64)>,
    /// Crawler requests (`/robots.txt` fetches too) whose line gives no client
    /// address: their senders could not be verified.
    pub no_client_address: u64,
    /// How long, in seconds, a crawler may keep a fetched robots.txt.
    pub cache_window_secs: u64,
    /// Every robots.txt version the requests were judged against.
    pub versions: Vec<VersionRef>,
    /// The length of the buckets of every crawler's [`CrawlerAudit::timeline`],
    /// in seconds: an hour, or longer when the log spans more than
    /// [`MAX_TIMELINE_BUCKETS`](crate::MAX_TIMELINE_BUCKETS) hours.
    pub timeline_step_secs: u64,
    /// One entry per crawler and verification class: those with violations
    /// first, most first; then by requests sent sooner than asked, then by requests.
    pub crawlers: Vec<CrawlerAudit>,
}

/// Why requests were not judged, and how many for each reason.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Unchecked {
    /// No robots.txt was given for the request's host.
    pub no_robots_txt: u64,
    /// The request came before the first robots.txt version's start time.
    pub before_first_version: u64,
    /// The line has no time, and the host's robots.txt changed over the log.
    pub no_time: u64,
}

impl Unchecked {
    /// All of them.
    pub fn total(&self) -> u64 {
        self.no_robots_txt + self.before_first_version + self.no_time
    }
}

/// One crawler's requests, from senders of one verification class.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct CrawlerAudit {
    /// Its product token.
    pub token: String,
    /// Whether its requests came from its operator.
    pub verification: Verification,
    /// The tokens whose groups it obeys, most specific first (its own first).
    pub chain: Vec<String>,
    /// Whether the known-crawler registry lists it.
    pub known: bool,
    /// Requests other than for `/robots.txt`.
    pub requests: u64,
    /// Requests for `/robots.txt`.
    pub robots_fetches: u64,
    /// Requests that every robots.txt version it could have held disallows.
    pub violations: u64,
    /// Requests the version in force disallows but a version replaced less
    /// than the cache window before allows: it may have used a cached copy.
    pub stale_cache: u64,
    /// Requests no robots.txt could judge (see [`AuditReport::unchecked`]).
    pub unchecked: u64,
    /// Each host it sent requests to, by name (lines naming no host first).
    pub hosts: Vec<HostVisits>,
    /// The intervals between two of its `/robots.txt` fetches from one host.
    pub robots_fetch_intervals: Histogram,
    /// How fast it sent requests to one host, against the delay asked.
    pub pace: Pace,
    /// Response statuses and how many times each was sent, by status.
    pub statuses: Vec<(u16, u64)>,
    /// The first few violations, with the rules and versions that decide them.
    pub violation_examples: Vec<Violation>,
    /// The first few stale-cache requests, with the version that allowed them.
    pub stale_cache_examples: Vec<Violation>,
    /// Its requests over time, by buckets of [`AuditReport::timeline_step_secs`]
    /// (those with a count only, earliest first; requests without a time are left out).
    pub timeline: Vec<TimeBucket>,
}

impl CrawlerAudit {
    /// Hosts where its first request was for `/robots.txt`.
    pub fn robots_first_hosts(&self) -> u64 {
        self.hosts.iter().filter(|h| h.first_was_robots_txt).count() as u64
    }

    /// How reports name it: the token, and the class unless unverifiable.
    pub fn label(&self) -> String {
        match self.verification {
            Verification::Unverifiable => self.token.clone(),
            class => format!("{} ({})", self.token, class.name()),
        }
    }
}

/// A crawler's requests to one host.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct HostVisits {
    /// The host (`None`: the log names no host).
    pub host: Option<String>,
    /// Requests other than for `/robots.txt`.
    pub requests: u64,
    /// Requests for `/robots.txt`.
    pub robots_fetches: u64,
    /// The time of its first request there, when the line has one.
    pub first_time: Option<i64>,
    /// Whether that first request was for `/robots.txt`.
    pub first_was_robots_txt: bool,
}

/// How fast a crawler sent requests to each host, against the delay the
/// host's robots.txt asks of it (`Crawl-delay`, or `Request-rate` as the
/// interval it implies; the longer of the two).
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Pace {
    /// The longest delay asked of it for any interval, in seconds.
    pub asked_delay_secs: Option<f64>,
    /// Every interval between two of its requests to one host, in seconds.
    pub intervals: Histogram,
    /// Intervals that followed a request for which a delay was asked.
    pub asked_intervals: u64,
    /// Those shorter than the delay asked.
    pub shorter_than_asked: u64,
}

impl Pace {
    /// The share of asked intervals shorter than asked (`None`: none asked).
    pub fn shorter_share(&self) -> Option<f64> {
        (self.asked_intervals > 0)
            .then(|| self.shorter_than_asked as f64 / self.asked_intervals as f64)
    }
}

/// One robots.txt version.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct VersionRef {
    /// Its host (`None`: every host without its own).
    pub host: Option<String>,
    /// The file it was read from.
    pub file: String,
    /// When it started being served (`None`: from the beginning).
    pub since: Option<i64>,
}

/// A rule of a robots.txt.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct RuleRef {
    /// Its line in the file.
    pub line: u32,
    /// The rule, as `Disallow: pattern`.
    pub text: String,
}

/// A judged request to a URL the robots.txt in force disallows: a violation,
/// or a stale-cache request (then [`Violation::allowed_by`] says what allowed it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Violation {
    /// The log file.
    pub file: String,
    /// 1-based line.
    pub line: u64,
    /// The host, when the log names one.
    pub host: Option<String>,
    /// The request target as logged (bytes that are not UTF-8 replaced).
    pub target: String,
    /// When it was sent, when the line says.
    pub time: Option<i64>,
    /// The rule of the version in force that disallows it.
    pub rule: Option<RuleRef>,
    /// The version in force.
    pub version: VersionRef,
    /// For a stale-cache request: the older version, still within the cache
    /// window, that allows it, and its allowing rule (`None`: no rule matched).
    pub allowed_by: Option<(VersionRef, Option<RuleRef>)>,
}

/// A line that was skipped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct MalformedLine {
    /// The log file.
    pub file: String,
    /// 1-based line.
    pub line: u64,
    /// What is wrong with it.
    pub reason: &'static str,
}

/// "A (2), B (1)", the first five, then how many more.
fn named_with_violations(crawlers: &[&CrawlerAudit]) -> String {
    let named: Vec<String> = crawlers
        .iter()
        .take(5)
        .map(|c| format!("{} ({})", c.label(), c.violations))
        .collect();
    let more = crawlers.len().saturating_sub(named.len());
    let tail = if more > 0 {
        format!(", and {more} more")
    } else {
        String::new()
    };
    format!("{}{tail}", named.join(", "))
}

impl AuditReport {
    /// One line for a person: how many crawlers requested disallowed URLs and
    /// the worst; stale-cache requests and unchecked requests, when there are any.
    pub fn summary(&self) -> String {
        // Impostors are named apart, so an operator is never blamed for what
        // someone sending its crawler's name did.
        let (impostors, crawlers): (Vec<&CrawlerAudit>, Vec<&CrawlerAudit>) = self
            .crawlers
            .iter()
            .partition(|c| c.verification == Verification::Spoofed);
        let offenders: Vec<&CrawlerAudit> = crawlers
            .iter()
            .copied()
            .filter(|c| c.violations > 0)
            .collect();
        let total = crawlers.len();
        let checked: u64 = self
            .crawlers
            .iter()
            .map(|c| c.requests - c.unchecked.min(c.requests))
            .sum();
        let mut text = if offenders.is_empty() {
            if checked == 0 && self.unchecked_requests > 0 {
                return format!("no crawler request was checked: {}", self.unchecked_text());
            }
            format!("none of {total} crawlers requested a disallowed URL")
        } else {
            format!(
                "{} of {total} crawlers requested disallowed URLs: {}",
                offenders.len(),
                named_with_violations(&offenders)
            )
        };
        let impostors: Vec<&CrawlerAudit> =
            impostors.into_iter().filter(|c| c.violations > 0).collect();
        if !impostors.is_empty() {
            text.push_str(&format!(
                "; senders spoofing a crawler's name requested disallowed URLs too (not counted against it): {}",
                named_with_violations(&impostors)
            ));
        }
        let stale: u64 = self.crawlers.iter().map(|c| c.stale_cache).sum();
        if stale > 0 {
            text.push_str(&format!(
                "; {stale} request(s) allowed only by a robots.txt still within the cache window (stale cache)"
            ));
        }
        if self.unchecked_requests > 0 {
            text.push_str(&format!(
                "; {} request(s) not checked: {}",
                self.unchecked_requests,
                self.unchecked_text()
            ));
        }
        text
    }

    /// Why requests were not checked, for a person: each reason with its count.
    pub fn unchecked_text(&self) -> String {
        let u = &self.unchecked;
        let mut parts = Vec::new();
        if u.no_robots_txt > 0 {
            let hosts: Vec<String> = self
                .unchecked_hosts
                .iter()
                .take(3)
                .map(|(h, n)| format!("{} {n}", h.as_deref().unwrap_or("lines naming no host")))
                .collect();
            let more = if self.unchecked_hosts.len() > 3 {
                ", …"
            } else {
                ""
            };
            parts.push(format!(
                "{} to hosts no robots.txt was given for ({}{more})",
                u.no_robots_txt,
                hosts.join(", ")
            ));
        }
        if u.before_first_version > 0 {
            parts.push(format!(
                "{} sent before the first robots.txt version's start",
                u.before_first_version
            ));
        }
        if u.no_time > 0 {
            parts.push(format!(
                "{} without a time, to a host whose robots.txt changed",
                u.no_time
            ));
        }
        parts.join("; ")
    }

    /// The report as JSON: the shape `robots audit --format json` prints and
    /// the README documents.
    pub fn to_json(&self) -> Value {
        json!({
            "lines": self.lines,
            "malformed": self.malformed,
            "malformed_examples": self.malformed_examples.iter().map(|m| json!({
                "file": m.file, "line": m.line, "reason": m.reason,
            })).collect::<Vec<_>>(),
            "browser_requests": self.browser_requests,
            "directives": self.directives,
            "unchecked_requests": self.unchecked_requests,
            "unchecked": {
                "no_robots_txt": self.unchecked.no_robots_txt,
                "before_first_version": self.unchecked.before_first_version,
                "no_time": self.unchecked.no_time,
            },
            "unchecked_hosts": self.unchecked_hosts.iter().map(|(host, n)| json!({
                "host": host, "requests": n,
            })).collect::<Vec<_>>(),
            "no_client_address": self.no_client_address,
            "cache_window_s": self.cache_window_secs,
            "timeline_step_s": self.timeline_step_secs,
            "robots_versions": self.versions.iter().map(|v| json!({
                "host": v.host, "file": v.file, "since": v.since.map(format_time),
            })).collect::<Vec<_>>(),
            "summary": self.summary(),
            "crawlers": self.crawlers.iter().map(crawler_json).collect::<Vec<_>>(),
        })
    }
}

fn crawler_json(c: &CrawlerAudit) -> Value {
    let statuses: serde_json::Map<String, Value> = c
        .statuses
        .iter()
        .map(|(s, n)| (s.to_string(), json!(n)))
        .collect();
    json!({
        "token": c.token,
        "verification": c.verification.name(),
        "chain": c.chain,
        "known": c.known,
        "requests": c.requests,
        "robots_fetches": c.robots_fetches,
        "violations": c.violations,
        "stale_cache": c.stale_cache,
        "unchecked": c.unchecked,
        "hosts": c.hosts.len(),
        "robots_first_hosts": c.robots_first_hosts(),
        "per_host": c.hosts.iter().map(|h| json!({
            "host": h.host,
            "requests": h.requests,
            "robots_fetches": h.robots_fetches,
            "first_time": h.first_time.map(format_time),
            "first_was_robots_txt": h.first_was_robots_txt,
        })).collect::<Vec<_>>(),
        "robots_fetch_intervals": {
            "count": c.robots_fetch_intervals.count(),
            "median_s": c.robots_fetch_intervals.median(),
            "histogram": histogram_json(&c.robots_fetch_intervals),
        },
        "pace": {
            "asked_delay_s": c.pace.asked_delay_secs,
            "intervals": c.pace.intervals.count(),
            "asked_intervals": c.pace.asked_intervals,
            "shorter_than_asked": c.pace.shorter_than_asked,
            "shorter_share": c.pace.shorter_share(),
            "median_interval_s": c.pace.intervals.median(),
            "min_interval_s": c.pace.intervals.min(),
            "histogram": histogram_json(&c.pace.intervals),
        },
        "statuses": statuses,
        "timeline": c.timeline.iter().map(|b| json!([
            format_time(b.start), b.requests, b.robots_fetches, b.violations, b.stale_cache,
        ])).collect::<Vec<_>>(),
        "examples": {
            "violations": c.violation_examples.iter().map(example_json).collect::<Vec<_>>(),
            "stale_cache": c.stale_cache_examples.iter().map(example_json).collect::<Vec<_>>(),
        },
    })
}

/// `[[seconds, count], …]`, shortest first: buckets add across reports.
fn histogram_json(h: &Histogram) -> Value {
    h.iter().map(|(s, n)| json!([s, n])).collect()
}

fn version_json(v: &VersionRef) -> Value {
    json!({"file": v.file, "since": v.since.map(format_time)})
}

fn example_json(v: &Violation) -> Value {
    let mut example = json!({
        "file": v.file,
        "line": v.line,
        "host": v.host,
        "url": v.target,
        "time": v.time.map(format_time),
        "rule_line": v.rule.as_ref().map(|r| r.line),
        "rule": v.rule.as_ref().map(|r| r.text.as_str()),
        "version": version_json(&v.version),
    });
    if let (Some((version, rule)), Some(object)) = (&v.allowed_by, example.as_object_mut()) {
        let mut allowed = version_json(version);
        if let Some(fields) = allowed.as_object_mut() {
            fields.insert("rule_line".into(), json!(rule.as_ref().map(|r| r.line)));
            fields.insert("rule".into(), json!(rule.as_ref().map(|r| r.text.as_str())));
        }
        object.insert("allowed_by".into(), allowed);
    }
    example
}
