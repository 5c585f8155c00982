//! What an audit found.

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
    /// Requests by crawlers to hosts with no robots.txt given: counted, not checked.
    pub unchecked_requests: u64,
    /// Every crawler seen: those that requested disallowed URLs first, most
    /// such requests first; then by requests.
    pub crawlers: Vec<CrawlerAudit>,
}

/// One crawler's requests.
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct CrawlerAudit {
    /// Its product token.
    pub token: String,
    /// The tokens whose groups it obeys, most specific first (its own first).
    pub chain: Vec<String>,
    /// Whether the known-crawler registry lists it.
    pub known: bool,
    /// Requests other than for `/robots.txt`.
    pub requests: u64,
    /// Those the robots.txt disallows it.
    pub disallowed: u64,
    /// The first few of those, with the rules that disallow them.
    pub violations: Vec<Violation>,
    /// Requests for `/robots.txt`.
    pub robots_fetches: u64,
    /// Hosts it sent requests to.
    pub hosts: u64,
    /// Hosts where its first request was for `/robots.txt`.
    pub robots_first_hosts: u64,
    /// The longest `Crawl-delay` its groups declare on the hosts it visited, in seconds.
    pub crawl_delay_secs: Option<f64>,
    /// The shortest time between two of its requests to one host, in seconds.
    pub min_interval_secs: Option<i64>,
    /// How many of its requests came sooner after the previous one to that
    /// host than the host's `Crawl-delay` asks.
    pub delay_breaks: u64,
    /// Response statuses and how many times each was sent, by status.
    pub statuses: Vec<(u16, u64)>,
}

/// A request to a disallowed URL.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Violation {
    /// The log file, and the line in it.
    pub file: String,
    /// 1-based line.
    pub line: u64,
    /// The host, when the log names one.
    pub host: Option<String>,
    /// The request target as logged (bytes that are not UTF-8 replaced).
    pub target: String,
    /// The line of the rule that disallows it.
    pub rule_line: Option<u32>,
    /// The rule, as `Disallow: pattern`.
    pub rule: String,
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

impl AuditReport {
    /// One line for a person: how many crawlers requested disallowed URLs, and the worst.
    pub fn summary(&self) -> String {
        let offenders: Vec<&CrawlerAudit> =
            self.crawlers.iter().filter(|c| c.disallowed > 0).collect();
        let total = self.crawlers.len();
        if offenders.is_empty() {
            return format!("none of {total} crawlers requested a disallowed URL");
        }
        let named: Vec<String> = offenders
            .iter()
            .take(5)
            .map(|c| format!("{} ({})", c.token, c.disallowed))
            .collect();
        let more = offenders.len().saturating_sub(named.len());
        let tail = if more > 0 {
            format!(", and {more} more")
        } else {
            String::new()
        };
        format!(
            "{} of {total} crawlers requested disallowed URLs: {}{tail}",
            offenders.len(),
            named.join(", ")
        )
    }

    /// The report as JSON: the shape `robots audit --format json` prints and
    /// the README documents.
    pub fn to_json(&self) -> Value {
        let crawlers: Vec<Value> = self
            .crawlers
            .iter()
            .map(|c| {
                let statuses: serde_json::Map<String, Value> = c
                    .statuses
                    .iter()
                    .map(|(s, n)| (s.to_string(), json!(n)))
                    .collect();
                json!({
                    "token": c.token,
                    "chain": c.chain,
                    "known": c.known,
                    "requests": c.requests,
                    "disallowed": c.disallowed,
                    "violations": c.violations.iter().map(|v| json!({
                        "file": v.file,
                        "line": v.line,
                        "host": v.host,
                        "url": v.target,
                        "rule_line": v.rule_line,
                        "rule": v.rule,
                    })).collect::<Vec<_>>(),
                    "robots_fetches": c.robots_fetches,
                    "hosts": c.hosts,
                    "robots_first_hosts": c.robots_first_hosts,
                    "crawl_delay": c.crawl_delay_secs,
                    "min_interval": c.min_interval_secs,
                    "delay_breaks": c.delay_breaks,
                    "statuses": statuses,
                })
            })
            .collect();
        json!({
            "lines": self.lines,
            "malformed": self.malformed,
            "malformed_examples": self.malformed_examples.iter().map(|m| json!({
                "file": m.file, "line": m.line, "reason": m.reason,
            })).collect::<Vec<_>>(),
            "browser_requests": self.browser_requests,
            "unchecked_requests": self.unchecked_requests,
            "summary": self.summary(),
            "crawlers": crawlers,
        })
    }
}
