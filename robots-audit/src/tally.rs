//! The counts an audit keeps: per crawler, and per crawler and host.

use crate::report::{AuditReport, CrawlerAudit, MalformedLine, Violation};
use crate::request::Request;
use crate::sites::{Site, Sites};
use robots_core::parse::Directive;
use robots_core::search::url::path_from_url;
use robots_core::{Matcher, Policy};
use std::collections::{BTreeMap, HashMap};

/// How many crawlers that the registry does not know are told apart; the
/// requests of any more are counted together, as `(other unknown crawlers)`.
pub const MAX_UNKNOWN_CRAWLERS: usize = 1000;

/// How many examples of a kind the report keeps.
const EXAMPLES: usize = 5;

/// The token the requests of unknown crawlers past the limit are counted under.
const OVERFLOW: &str = "(other unknown crawlers)";

pub(crate) struct Tally<'p> {
    sites: Sites<'p>,
    files: Vec<String>,
    report: AuditReport,
    crawlers: Vec<Crawler<'p>>,
    /// A crawler's index by its chain, lower-cased and joined.
    by_chain: HashMap<String, usize>,
    unknown: usize,
}

struct Crawler<'p> {
    audit: CrawlerAudit,
    statuses: BTreeMap<u16, u64>,
    /// By site (a listed host, or the default robots.txt).
    hosts: HashMap<Site, Visits<'p>, foldhash::fast::RandomState>,
}

/// A crawler's requests to one host.
struct Visits<'p> {
    matcher: Matcher<'p>,
    policy: &'p Policy,
    delay: Option<f64>,
    last_time: Option<i64>,
    seen_other: bool,
}

impl<'p> Tally<'p> {
    pub(crate) fn new(sites: Sites<'p>) -> Self {
        Tally {
            sites,
            files: Vec::new(),
            report: AuditReport::default(),
            crawlers: Vec::new(),
            by_chain: HashMap::new(),
            unknown: 0,
        }
    }

    /// The number of a log file, for examples.
    pub(crate) fn file(&mut self, name: &str) -> usize {
        self.files.push(name.to_owned());
        self.files.len() - 1
    }

    fn file_name(&self, file: usize) -> String {
        self.files.get(file).cloned().unwrap_or_default()
    }

    pub(crate) fn malformed(&mut self, file: usize, line: u64, reason: &'static str) {
        self.report.lines += 1;
        self.report.malformed += 1;
        if self.report.malformed_examples.len() < EXAMPLES {
            let file = self.file_name(file);
            self.report
                .malformed_examples
                .push(MalformedLine { file, line, reason });
        }
    }

    pub(crate) fn browser(&mut self) {
        self.report.lines += 1;
        self.report.browser_requests += 1;
    }

    /// The crawler of `chain` (its index), added when new.
    pub(crate) fn crawler(&mut self, chain: Vec<String>, known: bool) -> usize {
        let key = chain.join("\n").to_ascii_lowercase();
        if let Some(&i) = self.by_chain.get(&key) {
            return i;
        }
        let (key, chain) = if !known && self.unknown >= MAX_UNKNOWN_CRAWLERS {
            (OVERFLOW.to_owned(), vec![OVERFLOW.to_owned()])
        } else {
            (key, chain)
        };
        if let Some(&i) = self.by_chain.get(&key) {
            return i;
        }
        if !known {
            self.unknown += 1;
        }
        let token = chain.first().cloned().unwrap_or_default();
        self.crawlers.push(Crawler {
            audit: CrawlerAudit {
                token,
                chain,
                known,
                ..CrawlerAudit::default()
            },
            statuses: BTreeMap::new(),
            hosts: HashMap::default(),
        });
        let i = self.crawlers.len() - 1;
        self.by_chain.insert(key, i);
        i
    }

    pub(crate) fn request(
        &mut self,
        crawler: usize,
        file: usize,
        line: u64,
        request: &Request<'_>,
    ) {
        self.report.lines += 1;
        let file_name = self.files.get(file).map(String::as_str).unwrap_or_default();
        let site = self.sites.policy(request.host);
        let Some(c) = self.crawlers.get_mut(crawler) else {
            panic!(
                "bug: the audit names crawler {crawler} of {}",
                self.crawlers.len()
            );
        };
        if let Some(status) = request.status {
            *c.statuses.entry(status).or_default() += 1;
        }
        let robots_txt = is_robots_txt(request.target);
        if robots_txt {
            c.audit.robots_fetches += 1;
        } else {
            c.audit.requests += 1;
        }
        let Some((site, policy)) = site else {
            if !robots_txt {
                self.report.unchecked_requests += 1;
            }
            return;
        };
        let visits = c.hosts.entry(site).or_insert_with(|| {
            let matcher = policy.matcher_chain(&c.audit.chain);
            let delay = matcher.crawl_delay().map(|d| d.as_secs_f64());
            c.audit.hosts += 1;
            if robots_txt {
                c.audit.robots_first_hosts += 1;
            }
            if let Some(d) = delay {
                c.audit.crawl_delay_secs =
                    Some(c.audit.crawl_delay_secs.map_or(d, |m: f64| m.max(d)));
            }
            Visits {
                matcher,
                policy,
                delay,
                last_time: None,
                seen_other: false,
            }
        });
        if let Some(now) = request.time {
            if let Some(last) = visits.last_time {
                // Lines out of time order give no interval.
                if let Some(interval) = now.checked_sub(last).filter(|i| *i >= 0) {
                    c.audit.min_interval_secs = Some(
                        c.audit
                            .min_interval_secs
                            .map_or(interval, |m| m.min(interval)),
                    );
                    if visits.delay.is_some_and(|d| (interval as f64) < d) {
                        c.audit.delay_breaks += 1;
                    }
                }
            }
            visits.last_time = Some(now);
        }
        if robots_txt {
            return;
        }
        visits.seen_other = true;
        let verdict = visits.matcher.check(request.target);
        if verdict.allowed {
            return;
        }
        c.audit.disallowed += 1;
        if c.audit.violations.len() < EXAMPLES {
            let rule = verdict.rule.and_then(|id| visits.policy.rule(id));
            c.audit.violations.push(Violation {
                file: file_name.to_owned(),
                line,
                host: self
                    .sites
                    .host_name(site)
                    .map(|h| String::from_utf8_lossy(h).into_owned()),
                target: String::from_utf8_lossy(request.target).into_owned(),
                rule_line: rule.map(|r| r.line),
                rule: rule.map_or_else(String::new, |r| {
                    let directive = if r.directive == Directive::Allow {
                        "Allow"
                    } else {
                        "Disallow"
                    };
                    format!("{directive}: {}", r.pattern)
                }),
            });
        }
    }

    pub(crate) fn finish(mut self) -> AuditReport {
        let mut crawlers: Vec<CrawlerAudit> = self
            .crawlers
            .into_iter()
            .map(|mut c| {
                c.audit.statuses = c.statuses.into_iter().collect();
                c.audit
            })
            .collect();
        crawlers.sort_by(|a, b| {
            b.disallowed
                .cmp(&a.disallowed)
                .then(b.delay_breaks.cmp(&a.delay_breaks))
                .then(b.requests.cmp(&a.requests))
                .then_with(|| a.token.cmp(&b.token))
        });
        self.report.crawlers = crawlers;
        self.report
    }
}

/// Whether a request target asks for `/robots.txt` (with or without a query).
fn is_robots_txt(target: &[u8]) -> bool {
    let path = path_from_url(target);
    let path = path.split(|&b| b == b'?').next().unwrap_or_default();
    path == b"/robots.txt"
}
