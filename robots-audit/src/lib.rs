//! Which crawlers obey a robots.txt: read a site's access logs, map each
//! request's `User-Agent` to a crawler, and check its URL against the rules
//! that crawler is given, as the site's robots.txt reads under a profile.
//!
//! ```
//! use robots_audit::{Audit, Identity, LogFormat, Sites, Verification, Verify};
//! use robots_core::{Policy, Profile};
//! use std::net::IpAddr;
//!
//! let policy = Policy::parse("User-agent: *\nDisallow: /private/\nCrawl-delay: 10\n", Profile::Rfc9309);
//! let identify = |ua: &[u8]| match ua {
//!     b"ExampleBot/1.0" => Identity::crawler("ExampleBot", &[], true),
//!     _ => Identity::Browser,
//! };
//! // The operator's crawlers send from 192.0.2.0/24.
//! struct Ranges;
//! impl Verify for Ranges {
//!     fn verify(&self, _token: &str, client: Option<IpAddr>) -> Verification {
//!         match client {
//!             Some(IpAddr::V4(a)) if a.octets()[..3] == [192, 0, 2] => Verification::Verified,
//!             Some(_) => Verification::Spoofed,
//!             None => Verification::Unverifiable,
//!         }
//!     }
//! }
//! let mut audit = Audit::new(Sites::single(&policy), &identify, LogFormat::Auto).verify_with(&Ranges);
//! let log = concat!(
//!     "192.0.2.1 - - [28/Nov/2026:10:00:00 +0000] \"GET /robots.txt HTTP/1.1\" 200 80 \"-\" \"ExampleBot/1.0\"\n",
//!     "192.0.2.1 - - [28/Nov/2026:10:00:02 +0000] \"GET /private/a HTTP/1.1\" 200 512 \"-\" \"ExampleBot/1.0\"\n",
//!     "203.0.113.5 - - [28/Nov/2026:10:00:03 +0000] \"GET /private/b HTTP/1.1\" 200 512 \"-\" \"ExampleBot/1.0\"\n",
//!     "192.0.2.9 - - [28/Nov/2026:10:00:03 +0000] \"GET /private/a HTTP/1.1\" 200 512 \"-\" \"Mozilla/5.0 (X11)\"\n",
//!     "not a log line\n",
//! );
//! audit.read("access.log", log.as_bytes())?;
//! let report = audit.finish();
//! let bot = &report.crawlers[0];
//! assert_eq!((bot.token.as_str(), bot.verification), ("ExampleBot", Verification::Verified));
//! assert_eq!((bot.requests, bot.violations, bot.robots_fetches), (1, 1, 1));
//! assert_eq!(bot.violation_examples[0].rule.as_ref().map(|r| r.line), Some(2));
//! assert_eq!(bot.robots_first_hosts(), 1);
//! assert_eq!(bot.pace.intervals.median(), Some(2));
//! assert_eq!(bot.pace.shorter_than_asked, 1); // 2 s apart, where the file asks for 10
//! let impostor = &report.crawlers[1];
//! assert_eq!((impostor.verification, impostor.violations), (Verification::Spoofed, 1));
//! assert_eq!((report.browser_requests, report.malformed), (1, 1));
//! assert_eq!(
//!     report.summary(),
//!     "1 of 1 crawlers requested disallowed URLs: ExampleBot (verified) (1); senders spoofing \
//!      a crawler's name requested disallowed URLs too (not counted against it): ExampleBot (spoofed) (1)"
//! );
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! Each crawler's requests are counted apart by [`Verification`] class: what
//! a [`Verify`] says of the sender's address (the audit asks once per
//! crawler and address). Each request is judged by every version of its
//! host's robots.txt that the crawler may have held then (see
//! [`RobotsVersion`] and [`Audit::cache_window`]): a **violation** when all of
//! them disallow it, **stale cache** when only the version in force does.
//!
//! Memory is bounded by the number of crawlers, hosts and client addresses,
//! never by the log's length: at most [`MAX_UNKNOWN_CRAWLERS`] unknown
//! crawlers and [`MAX_HOSTS`] hosts are told apart (the rest are counted
//! together), intervals are counted in a [`Histogram`] of bounded size, and a
//! line longer than [`MAX_LINE`] is skipped and counted as malformed.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod clf;
mod histogram;
mod hosts;
mod identify;
mod json;
mod judge;
mod lines;
mod report;
mod request;
mod sites;
mod tally;
mod time;
mod timeline;
mod verification;
mod w3c;

pub use histogram::{Histogram, LONGEST_INTERVAL};
pub use hosts::MAX_HOSTS;
pub use identify::{identify, identity};
pub use json::JsonFields;
pub use lines::MAX_LINE;
pub use report::{
    AuditReport, CrawlerAudit, HostVisits, MalformedLine, Pace, RuleRef, Unchecked, VersionRef,
    Violation,
};
pub use request::{Malformed, Request};
pub use sites::{RobotsVersion, SameStart, Sites};
pub use tally::MAX_UNKNOWN_CRAWLERS;
pub use time::{format_time, parse_duration, parse_time};
pub use timeline::{TimeBucket, MAX_TIMELINE_BUCKETS, TIMELINE_STEPS};
#[cfg(feature = "dns")]
pub use verification::{
    DnsAnswer, DnsCounts, DnsError, DnsProblem, DnsSettings, ReverseDns, MAX_NAMES,
};
pub use verification::{
    DnsOutcomes, Evidence, FreshRanges, IpRanges, NoVerification, Plan, RangeFile, RangeTest,
    RangesError, Verification, VerificationSummary, Verifier, Verify, SNAPSHOT_DATE,
};

use std::collections::HashMap;
use std::io::{self, Read};
use std::net::IpAddr;
use tally::Tally;

/// How long a crawler may keep a fetched robots.txt by default: 24 hours,
/// the longest RFC 9309 (§2.4) allows in general.
pub const DEFAULT_CACHE_WINDOW: u64 = 86_400;

/// How many (crawler, client address) answers of the [`Verify`] are
/// remembered (IPv4 and others apart); past that the memory is emptied and
/// answers are asked again.
pub const MAX_VERIFICATIONS: usize = 1 << 20;

/// Who sent a request, as the audit counts it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Identity {
    /// A crawler: the tokens whose robots.txt groups it obeys, most specific
    /// first (its own token, then its documented fallbacks).
    Crawler {
        /// Its tokens, most specific first; never empty.
        chain: Vec<String>,
        /// Whether the known-crawler registry lists it.
        known: bool,
    },
    /// A browser, or a request without a User-Agent: not audited.
    Browser,
}

impl Identity {
    /// A crawler of `token` that falls back to `fallbacks`.
    pub fn crawler(token: &str, fallbacks: &[&str], known: bool) -> Identity {
        Identity::Crawler {
            chain: core::iter::once(token)
                .chain(fallbacks.iter().copied())
                .map(str::to_owned)
                .collect(),
            known,
        }
    }
}

/// How log lines are written.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum LogFormat {
    /// JSON lines for lines that start with `{`, the Combined Log Format
    /// otherwise; in a file with a `#Fields:` directive, the W3C format.
    #[default]
    Auto,
    /// The Combined Log Format, with or without a leading `vhost:port`.
    Combined,
    /// JSON lines, with these field names.
    Json(JsonFields),
    /// The W3C Extended Log File Format (IIS, Amazon CloudFront): each
    /// file's `#Fields:` directive names the columns of the lines after it.
    /// ([`LogFormat::Auto`] reads it too, from a file's first `#Fields:`.)
    W3c,
}

/// An audit in progress: feed it log lines, then [`finish`](Audit::finish).
pub struct Audit<'p> {
    tally: Tally<'p>,
    format: LogFormat,
    json_fields: JsonFields,
    /// The last Common Log Format time read.
    times: time::ClfTimes,
    /// The W3C layout of the file being read: its last `#Fields:` directive.
    layout: Option<w3c::Layout>,
    /// Where a W3C line's decoded fields are kept.
    scratch: w3c::Scratch,
    /// The crawler of each User-Agent seen lately (bounded; `None`: a browser).
    identities: HashMap<Vec<u8>, Option<usize>, foldhash::fast::RandomState>,
    identify: &'p dyn Fn(&[u8]) -> Identity,
    verify: &'p dyn Verify,
    /// By crawler: how its senders are classified, and the answers remembered.
    classes: Vec<Classes<'p>>,
    /// How many answers `classes` holds (bounded by [`MAX_VERIFICATIONS`]).
    remembered: usize,
}

/// One crawler's senders, as the [`Verify`] classified them.
struct Classes<'p> {
    /// The [`Verify`]'s plan for the crawler; only [`Plan::Ask`] fills the tables.
    plan: Plan<'p>,
    v4: HashMap<u32, Verification, foldhash::fast::RandomState>,
    other: HashMap<Option<IpAddr>, Verification, foldhash::fast::RandomState>,
}

/// How many User-Agent strings the audit remembers the crawler of.
const IDENTITY_CACHE: usize = 4096;

impl<'p> Audit<'p> {
    /// An audit of requests to `sites`, whose senders `identify` names. No
    /// sender is verified ([`NoVerification`]; see [`Audit::verify_with`]),
    /// and a crawler may keep a robots.txt for [`DEFAULT_CACHE_WINDOW`].
    pub fn new(
        sites: Sites<'p>,
        identify: &'p dyn Fn(&[u8]) -> Identity,
        format: LogFormat,
    ) -> Self {
        let json_fields = match &format {
            LogFormat::Json(fields) => fields.clone(),
            _ => JsonFields::default(),
        };
        Audit {
            tally: Tally::new(sites, DEFAULT_CACHE_WINDOW),
            format,
            json_fields,
            times: time::ClfTimes::default(),
            layout: None,
            scratch: w3c::Scratch::default(),
            identities: HashMap::default(),
            identify,
            verify: &NoVerification,
            classes: Vec::new(),
            remembered: 0,
        }
    }

    /// Classify each request's sender with `verify` (asked once per crawler
    /// and client address).
    #[must_use]
    pub fn verify_with(mut self, verify: &'p dyn Verify) -> Self {
        self.verify = verify;
        self.classes.clear();
        self.remembered = 0;
        self
    }

    /// How long, in seconds, a crawler may keep a fetched robots.txt: a
    /// version replaced less than this before a request may still be the one
    /// the crawler held. `0`: only the version in force counts.
    #[must_use]
    pub fn cache_window(mut self, seconds: u64) -> Self {
        self.tally.set_window(seconds);
        self
    }

    /// Read every line of a log (plain, or gzip by its magic bytes). `name`
    /// names it in the report's examples.
    ///
    /// # Errors
    /// When reading fails; lines read before the failure are counted.
    pub fn read(&mut self, name: &str, reader: impl Read) -> io::Result<()> {
        let file = self.tally.file(name);
        // A W3C log's layout is its own file's.
        self.layout = None;
        let mut lines = lines::Lines::new(reader)?;
        let mut number = 0u64;
        while let Some(line) = lines.next_line()? {
            number += 1;
            match line {
                Some(line) => self.line(file, number, line),
                None => self.tally.malformed(file, number, "longer than 64 KiB"),
            }
        }
        Ok(())
    }

    /// Audit one log line, the `number`th of file `file` (from [`Tally::file`]).
    fn line(&mut self, file: usize, number: u64, line: &[u8]) {
        if line.iter().all(u8::is_ascii_whitespace) {
            return;
        }
        if self.w3c_line(file, number, line) {
            return;
        }
        let json = match self.format {
            LogFormat::Json(_) => true,
            LogFormat::Auto => line.first() == Some(&b'{'),
            _ => false,
        };
        if json {
            match json::parse(line, &self.json_fields) {
                Ok(owned) => self.request(file, number, owned.view(), None),
                Err(why) => self.tally.malformed(file, number, why.describe()),
            }
        } else {
            match clf::parse_lazily(line, &mut self.times) {
                Ok((request, client)) => self.request(file, number, request, Some(client)),
                Err(why) => self.tally.malformed(file, number, why.describe()),
            }
        }
    }

    /// Audit one line of a W3C log, when it is one: a directive, or a request
    /// in the layout of the file's last `#Fields:`. `false` leaves the line to
    /// the other formats: a line of another format, or, under
    /// [`LogFormat::Auto`], a `#` line that is no directive or any line before
    /// the file's first `#Fields:`.
    fn w3c_line(&mut self, file: usize, number: u64, line: &[u8]) -> bool {
        let hash = line.first() == Some(&b'#');
        match self.format {
            LogFormat::W3c => {}
            LogFormat::Auto if hash || self.layout.is_some() => {}
            _ => return false,
        }
        if let Some(directive) = hash.then(|| w3c::directive(line)).flatten() {
            if let w3c::Directive::Fields(layout) = directive {
                self.layout = Some(layout);
            }
            self.tally.directive();
            return true;
        }
        let Some(layout) = self.layout.take() else {
            if !matches!(self.format, LogFormat::W3c) {
                return false;
            }
            let why = Malformed::NoW3cFields.describe();
            self.tally.malformed(file, number, why);
            return true;
        };
        let mut scratch = core::mem::take(&mut self.scratch);
        match layout.read(line, &mut scratch) {
            Ok((request, client)) => self.request(file, number, request, client),
            Err(why) => self.tally.malformed(file, number, why.describe()),
        }
        self.scratch = scratch;
        self.layout = Some(layout);
        true
    }

    /// Audit one request; `client_field`, when given, is the line's client
    /// field, read into `request.client` only for a crawler's request.
    fn request(
        &mut self,
        file: usize,
        number: u64,
        mut request: Request<'_>,
        client_field: Option<&[u8]>,
    ) {
        let crawler = match self.identities.get(request.user_agent) {
            Some(&crawler) => crawler,
            None => {
                let crawler = match (self.identify)(request.user_agent) {
                    Identity::Crawler { chain, known } => Some(self.tally.crawler(chain, known)),
                    _ => None,
                };
                if self.identities.len() >= IDENTITY_CACHE {
                    self.identities.clear();
                }
                self.identities.insert(request.user_agent.to_vec(), crawler);
                crawler
            }
        };
        let Some(crawler) = crawler else {
            self.tally.browser();
            return;
        };
        if let Some(field) = client_field {
            request.client = request::client_address(field);
        }
        let class = self.class(crawler, request.client);
        self.tally.request(crawler, class, file, number, &request);
    }

    /// The verification class of `crawler`'s requests from `client`: by the
    /// [`Verify`]'s plan for the crawler when it has one (no table), else
    /// asked once per crawler and address, then remembered.
    ///
    /// Each crawler has its own table, keyed by the IPv4 address as 4 bytes
    /// (IPv6 addresses and lines without one in a second table): a busy
    /// crawler's table is read on most of the lines and stays in the
    /// processor's caches, where one table of every pair would be read at
    /// random (a fifth of the audit's time on a million-line log).
    fn class(&mut self, crawler: usize, client: Option<IpAddr>) -> Verification {
        if self.remembered >= MAX_VERIFICATIONS {
            for classes in &mut self.classes {
                classes.v4 = HashMap::default();
                classes.other = HashMap::default();
            }
            self.remembered = 0;
        }
        let (verify, token) = (self.verify, self.tally.token(crawler));
        while self.classes.len() <= crawler {
            let token = self.tally.token(self.classes.len());
            self.classes.push(Classes {
                plan: verify.plan(token),
                v4: HashMap::default(),
                other: HashMap::default(),
            });
        }
        let Some(classes) = self.classes.get_mut(crawler) else {
            panic!("bug: no verification table for crawler {crawler}");
        };
        if let Some(class) = classes.plan.class(client) {
            return class;
        }
        let mut asked = false;
        let class = match client {
            Some(IpAddr::V4(v4)) => *classes.v4.entry(u32::from(v4)).or_insert_with(|| {
                asked = true;
                verify.verify(token, client)
            }),
            _ => *classes.other.entry(client).or_insert_with(|| {
                asked = true;
                verify.verify(token, client)
            }),
        };
        self.remembered += usize::from(asked);
        class
    }

    /// The report: crawlers with violations first.
    pub fn finish(self) -> AuditReport {
        self.tally.finish()
    }
}
