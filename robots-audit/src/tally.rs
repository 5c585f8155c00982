//! The counts an audit keeps: per crawler and verification class, and per
//! crawler, class and host.

use crate::histogram::Histogram;
use crate::hosts::{HostId, Hosts};
use crate::judge::{Judge, Judgement};
use crate::report::{
    AuditReport, CrawlerAudit, HostVisits, MalformedLine, Pace, RuleRef, Unchecked, VersionRef,
    Violation,
};
use crate::request::Request;
use crate::sites::{Held, RobotsVersion, Site, Sites};
use crate::timeline::{Clock, Count, Series};
use crate::verification::Verification;
use robots_core::parse::Directive;
use robots_core::search::url::path_from_url;
use robots_core::RuleId;
use std::collections::{BTreeMap, HashMap};

/// How many crawlers that the registry does not know are told apart; the
/// requests of any more are counted together, as `(other unknown crawlers)`.
pub const MAX_UNKNOWN_CRAWLERS: usize = 1000;

/// How many examples of a kind the report keeps.
const EXAMPLES: usize = 5;

/// How many hosts with unchecked requests the report names.
const UNCHECKED_HOSTS: usize = 20;

/// The token the requests of unknown crawlers past the limit are counted under.
const OVERFLOW: &str = "(other unknown crawlers)";

pub(crate) struct Tally<'p> {
    sites: Sites<'p>,
    hosts: Hosts,
    /// How long a crawler may keep a fetched robots.txt, in seconds.
    window: i64,
    files: Vec<String>,
    report: AuditReport,
    unchecked: Unchecked,
    crawlers: Vec<Crawler<'p>>,
    /// A crawler's index by its chain, lower-cased and joined.
    by_chain: HashMap<String, usize>,
    unknown: usize,
    /// The timelines' step and buckets.
    clock: Clock,
}

struct Crawler<'p> {
    chain: Vec<String>,
    known: bool,
    /// Its requests from senders of each class: verified, spoofed, unverifiable.
    rows: [Option<Box<Row<'p>>>; 3],
}

/// A crawler's requests from senders of one class.
struct Row<'p> {
    audit: CrawlerAudit,
    statuses: BTreeMap<u16, u64>,
    visits: HashMap<HostId, Visits<'p>, foldhash::fast::RandomState>,
    /// Its requests over time.
    series: Series,
}

/// A crawler's requests (of one class) to one host.
struct Visits<'p> {
    /// The host's robots.txt versions, read for this crawler (none: no robots.txt).
    judges: Box<[Judge<'p>]>,
    counts: HostVisits,
    last_time: Option<i64>,
    last_fetch: Option<i64>,
}

/// A crawler's requests from senders of `class`, if any yet.
fn row_of<'r, 'p>(
    rows: &'r mut [Option<Box<Row<'p>>>; 3],
    class: Verification,
) -> &'r mut Option<Box<Row<'p>>> {
    let [verified, spoofed, unverifiable] = rows;
    match class {
        Verification::Verified => verified,
        Verification::Spoofed => spoofed,
        Verification::Unverifiable => unverifiable,
    }
}

impl<'p> Tally<'p> {
    pub(crate) fn new(sites: Sites<'p>, window: u64) -> Self {
        let hosts = Hosts::new(&sites);
        let versions = sites
            .versions()
            .map(|(host, v)| VersionRef {
                host: host.map(str::to_owned),
                file: v.file().to_owned(),
                since: v.start(),
            })
            .collect();
        Tally {
            sites,
            hosts,
            window: i64::try_from(window).unwrap_or(i64::MAX),
            files: Vec::new(),
            report: AuditReport {
                cache_window_secs: window,
                versions,
                ..AuditReport::default()
            },
            unchecked: Unchecked::default(),
            crawlers: Vec::new(),
            by_chain: HashMap::new(),
            unknown: 0,
            clock: Clock::default(),
        }
    }

    /// How long a crawler may keep a fetched robots.txt, in seconds.
    pub(crate) fn set_window(&mut self, window: u64) {
        self.window = i64::try_from(window).unwrap_or(i64::MAX);
        self.report.cache_window_secs = window;
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

    /// A W3C log's directive line (`#Fields:`, `#Version:`, ...).
    pub(crate) fn directive(&mut self) {
        self.report.lines += 1;
        self.report.directives += 1;
    }

    pub(crate) fn browser(&mut self) {
        self.report.lines += 1;
        self.report.browser_requests += 1;
    }

    /// The first token of crawler `crawler`'s chain: the one verification asks about.
    pub(crate) fn token(&self, crawler: usize) -> &str {
        self.crawlers
            .get(crawler)
            .and_then(|c| c.chain.first())
            .map_or("", String::as_str)
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
        self.crawlers.push(Crawler {
            chain,
            known,
            rows: [None, None, None],
        });
        let i = self.crawlers.len() - 1;
        self.by_chain.insert(key, i);
        i
    }

    /// A crawler request: judge it, and count it under its crawler and class.
    pub(crate) fn request(
        &mut self,
        crawler: usize,
        class: Verification,
        file: usize,
        line: u64,
        request: &Request<'_>,
    ) {
        self.report.lines += 1;
        if request.client.is_none() {
            self.report.no_client_address += 1;
        }
        let (host, site_id) = self.hosts.find(request.host, &self.sites);
        let site = site_id.map(|id| self.sites.site(id));
        let held = site.map(|s| s.held(request.time, self.window));
        let bucket = request.time.map(|now| {
            let (start, grew) = self.clock.place(now);
            if grew {
                let step = self.clock.step();
                for row in self
                    .crawlers
                    .iter_mut()
                    .flat_map(|c| c.rows.iter_mut().flatten())
                {
                    row.series.rebucket(step);
                }
            }
            start
        });
        let Some(c) = self.crawlers.get_mut(crawler) else {
            panic!(
                "bug: the audit names crawler {crawler} of {}",
                self.crawlers.len()
            );
        };
        let Crawler { chain, known, rows } = c;
        let row = row_of(rows, class).get_or_insert_with(|| {
            Box::new(Row {
                audit: CrawlerAudit {
                    token: chain.first().cloned().unwrap_or_default(),
                    verification: class,
                    chain: chain.clone(),
                    known: *known,
                    requests: 0,
                    robots_fetches: 0,
                    violations: 0,
                    stale_cache: 0,
                    unchecked: 0,
                    hosts: Vec::new(),
                    robots_fetch_intervals: Histogram::default(),
                    pace: Pace::default(),
                    statuses: Vec::new(),
                    violation_examples: Vec::new(),
                    stale_cache_examples: Vec::new(),
                    timeline: Vec::new(),
                },
                statuses: BTreeMap::new(),
                visits: HashMap::default(),
                series: Series::default(),
            })
        });
        let Row {
            audit,
            statuses,
            visits,
            series,
        } = &mut **row;
        if let Some(status) = request.status {
            *statuses.entry(status).or_default() += 1;
        }
        let robots_txt = is_robots_txt(request.target);
        let visits = visits.entry(host).or_insert_with(|| Visits {
            judges: site.map_or_else(Box::default, |s| Judge::all(s, chain)),
            counts: HostVisits {
                host: self.hosts.get(host).name.clone(),
                requests: 0,
                robots_fetches: 0,
                first_time: request.time,
                first_was_robots_txt: robots_txt,
            },
            last_time: None,
            last_fetch: None,
        });
        if robots_txt {
            audit.robots_fetches += 1;
            visits.counts.robots_fetches += 1;
        } else {
            audit.requests += 1;
            visits.counts.requests += 1;
        }
        if let Some(start) = bucket {
            let what = if robots_txt {
                Count::RobotsFetch
            } else {
                Count::Request
            };
            series.count(start, what);
        }
        let held = match held {
            Some(Held::Versions(held)) => Ok(held),
            Some(Held::BeforeFirst) => Err(Reason::BeforeFirst),
            Some(Held::NoTime) => Err(Reason::NoTime),
            None => Err(Reason::NoRobotsTxt),
        };
        if let Some(now) = request.time {
            if let Some(interval) = visits.last_time.and_then(|last| interval(last, now)) {
                audit.pace.intervals.add(interval);
                let asked = held
                    .as_ref()
                    .ok()
                    .and_then(|held| asked_delay(visits.judges.get(held.clone())?, now));
                if let Some(asked) = asked {
                    audit.pace.asked_intervals += 1;
                    if (interval as f64) < asked {
                        audit.pace.shorter_than_asked += 1;
                    }
                    audit.pace.asked_delay_secs =
                        Some(audit.pace.asked_delay_secs.map_or(asked, |d| d.max(asked)));
                }
            }
            visits.last_time = Some(now);
            if robots_txt {
                if let Some(interval) = visits.last_fetch.and_then(|last| interval(last, now)) {
                    audit.robots_fetch_intervals.add(interval);
                }
                visits.last_fetch = Some(now);
            }
        }
        if robots_txt {
            return;
        }
        let held = match held {
            Ok(held) => held,
            Err(reason) => {
                audit.unchecked += 1;
                match reason {
                    Reason::BeforeFirst => self.unchecked.before_first_version += 1,
                    Reason::NoTime => self.unchecked.no_time += 1,
                    Reason::NoRobotsTxt => {
                        self.unchecked.no_robots_txt += 1;
                        self.hosts.get_mut(host).unchecked += 1;
                    }
                }
                return;
            }
        };
        let (Some(site_id), Some(site)) = (site_id, site) else {
            panic!("bug: versions held at a host without a robots.txt");
        };
        let judgement = Judge::judge(&visits.judges, held, request.target);
        let (examples, count, what) = match judgement {
            Judgement::Allowed => return,
            Judgement::Violation { .. } => (
                &mut audit.violation_examples,
                &mut audit.violations,
                Count::Violation,
            ),
            Judgement::Stale { .. } => (
                &mut audit.stale_cache_examples,
                &mut audit.stale_cache,
                Count::StaleCache,
            ),
        };
        *count += 1;
        if let Some(start) = bucket {
            series.count(start, what);
        }
        if examples.len() < EXAMPLES {
            let (version, rule, allowed_by) = match judgement {
                Judgement::Allowed => return,
                Judgement::Violation { version, rule } => (version, rule, None),
                Judgement::Stale {
                    version,
                    rule,
                    allowed_by,
                    allowed_rule,
                } => (version, rule, Some((allowed_by, allowed_rule))),
            };
            examples.push(Violation {
                file: self.files.get(file).cloned().unwrap_or_default(),
                line,
                host: self.sites.site(site_id).host.clone().or_else(|| {
                    request
                        .host
                        .map(|h| String::from_utf8_lossy(h).into_owned())
                }),
                target: String::from_utf8_lossy(request.target).into_owned(),
                time: request.time,
                rule: rule_ref(site, version, rule),
                version: version_ref(site, version),
                allowed_by: allowed_by.map(|(v, r)| (version_ref(site, v), rule_ref(site, v, r))),
            });
        }
    }

    pub(crate) fn finish(mut self) -> AuditReport {
        let mut crawlers: Vec<CrawlerAudit> = self
            .crawlers
            .into_iter()
            .flat_map(|c| c.rows.into_iter().flatten())
            .map(|row| {
                let Row {
                    mut audit,
                    statuses,
                    visits,
                    series,
                } = *row;
                audit.statuses = statuses.into_iter().collect();
                audit.timeline = series.into_buckets();
                // By name (lines naming no host first): the order merged reports keep too.
                let mut hosts: Vec<HostVisits> = visits.into_values().map(|v| v.counts).collect();
                hosts.sort_by(|a, b| a.host.cmp(&b.host));
                audit.hosts = hosts;
                audit
            })
            .collect();
        crawlers.sort_by(|a, b| {
            b.violations
                .cmp(&a.violations)
                .then(b.pace.shorter_than_asked.cmp(&a.pace.shorter_than_asked))
                .then(b.requests.cmp(&a.requests))
                .then_with(|| a.token.cmp(&b.token))
                .then(a.verification.cmp(&b.verification))
        });
        self.report.crawlers = crawlers;
        self.report.timeline_step_secs = self.clock.step();
        self.report.unchecked = self.unchecked;
        self.report.unchecked_requests = self.unchecked.total();
        let mut unchecked_hosts: Vec<(Option<String>, u64)> = self
            .hosts
            .iter()
            .filter(|h| h.unchecked > 0)
            .map(|h| (h.name.clone(), h.unchecked))
            .collect();
        unchecked_hosts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        unchecked_hosts.truncate(UNCHECKED_HOSTS);
        self.report.unchecked_hosts = unchecked_hosts;
        self.report
    }
}

/// Why a request was not judged.
enum Reason {
    NoRobotsTxt,
    BeforeFirst,
    NoTime,
}

/// Seconds from `last` to `now`; `None` for lines out of time order.
fn interval(last: i64, now: i64) -> Option<u64> {
    now.checked_sub(last).and_then(|i| u64::try_from(i).ok())
}

/// The delay asked at `now` by every version a crawler may hold: the
/// shortest of theirs, since a crawler that holds any of them keeps to it
/// (`None` when one of them asks none).
fn asked_delay(judges: &[Judge<'_>], now: i64) -> Option<f64> {
    judges
        .iter()
        .map(|j| j.asked_delay(now))
        .try_fold(f64::INFINITY, |min, asked| asked.map(|a| min.min(a)))
        .filter(|d| d.is_finite())
}

fn version_ref(site: &Site<'_>, version: usize) -> VersionRef {
    let v = site.versions.get(version);
    VersionRef {
        host: site.host.clone(),
        file: v.map(|v| v.file().to_owned()).unwrap_or_default(),
        since: v.and_then(RobotsVersion::start),
    }
}

fn rule_ref(site: &Site<'_>, version: usize, rule: Option<RuleId>) -> Option<RuleRef> {
    let policy = site.versions.get(version)?.policy();
    let rule = policy.rule(rule?)?;
    let directive = if rule.directive == Directive::Allow {
        "Allow"
    } else {
        "Disallow"
    };
    Some(RuleRef {
        line: rule.line,
        text: format!("{directive}: {}", rule.pattern),
    })
}

/// Whether a request target asks for `/robots.txt` (with or without a query).
fn is_robots_txt(target: &[u8]) -> bool {
    let path = path_from_url(target);
    let path = path.split(|&b| b == b'?').next().unwrap_or_default();
    path == b"/robots.txt"
}
