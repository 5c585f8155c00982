//! Which crawlers obey a robots.txt: read a site's access logs, map each
//! request's `User-Agent` to a crawler, and check its URL against the rules
//! that crawler is given, as the site's robots.txt reads under a profile.
//!
//! ```
//! use robots_audit::{Audit, Identity, LogFormat, Sites};
//! use robots_core::{Policy, Profile};
//!
//! let policy = Policy::parse("User-agent: *\nDisallow: /private/\nCrawl-delay: 10\n", Profile::Rfc9309);
//! let identify = |ua: &[u8]| match ua {
//!     b"ExampleBot/1.0" => Identity::crawler("ExampleBot", &[], true),
//!     _ => Identity::Browser,
//! };
//! let mut audit = Audit::new(Sites::single(&policy), &identify, LogFormat::Auto);
//! let log = concat!(
//!     "192.0.2.1 - - [28/Nov/2026:10:00:00 +0000] \"GET /robots.txt HTTP/1.1\" 200 80 \"-\" \"ExampleBot/1.0\"\n",
//!     "192.0.2.1 - - [28/Nov/2026:10:00:02 +0000] \"GET /private/a HTTP/1.1\" 200 512 \"-\" \"ExampleBot/1.0\"\n",
//!     "192.0.2.9 - - [28/Nov/2026:10:00:03 +0000] \"GET /private/a HTTP/1.1\" 200 512 \"-\" \"Mozilla/5.0 (X11)\"\n",
//!     "not a log line\n",
//! );
//! audit.read("access.log", log.as_bytes())?;
//! let report = audit.finish();
//! let bot = &report.crawlers[0];
//! assert_eq!((bot.token.as_str(), bot.requests, bot.disallowed), ("ExampleBot", 1, 1));
//! assert_eq!(bot.violations[0].rule_line, Some(2));
//! assert_eq!(bot.robots_fetches, 1);
//! assert_eq!(bot.robots_first_hosts, 1);
//! assert_eq!(bot.min_interval_secs, Some(2));
//! assert_eq!(bot.delay_breaks, 1); // 2 s apart, where the file asks for 10
//! assert_eq!((report.browser_requests, report.malformed), (1, 1));
//! assert_eq!(report.summary(), "1 of 1 crawlers requested disallowed URLs: ExampleBot (1)");
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! Memory is bounded by the number of crawlers and hosts, never by the log's
//! length: at most [`MAX_UNKNOWN_CRAWLERS`] unknown crawlers are told apart
//! (the rest are counted together), and a line longer than [`MAX_LINE`] is
//! skipped and counted as malformed.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod clf;
mod identify;
mod json;
mod lines;
mod report;
mod request;
mod sites;
mod tally;
mod time;
mod verification;

pub use identify::{identify, identity};
pub use json::JsonFields;
pub use lines::MAX_LINE;
pub use report::{AuditReport, CrawlerAudit, MalformedLine, Violation};
pub use request::{Malformed, Request};
pub use sites::Sites;
pub use tally::MAX_UNKNOWN_CRAWLERS;
#[cfg(feature = "dns")]
pub use verification::{
    DnsAnswer, DnsCounts, DnsError, DnsProblem, DnsSettings, ReverseDns, MAX_NAMES,
};
pub use verification::{
    Evidence, FreshRanges, IpRanges, NoVerification, RangeFile, RangesError, Verification,
    Verifier, Verify,
};

use std::collections::HashMap;
use std::io::{self, Read};
use tally::Tally;

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
    /// JSON lines for lines that start with `{`, the Combined Log Format otherwise.
    #[default]
    Auto,
    /// The Combined Log Format, with or without a leading `vhost:port`.
    Combined,
    /// JSON lines, with these field names.
    Json(JsonFields),
}

/// An audit in progress: feed it log lines, then [`finish`](Audit::finish).
pub struct Audit<'p> {
    tally: Tally<'p>,
    format: LogFormat,
    json_fields: JsonFields,
    /// The last Common Log Format time read.
    times: time::ClfTimes,
    /// The crawler of each User-Agent seen lately (bounded; `None`: a browser).
    identities: HashMap<Vec<u8>, Option<usize>, foldhash::fast::RandomState>,
    identify: &'p dyn Fn(&[u8]) -> Identity,
}

/// How many User-Agent strings the audit remembers the crawler of.
const IDENTITY_CACHE: usize = 4096;

impl<'p> Audit<'p> {
    /// An audit of requests to `sites`, whose senders `identify` names.
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
            tally: Tally::new(sites),
            format,
            json_fields,
            times: time::ClfTimes::default(),
            identities: HashMap::default(),
            identify,
        }
    }

    /// Read every line of a log (plain, or gzip by its magic bytes). `name`
    /// names it in the report's examples.
    ///
    /// # Errors
    /// When reading fails; lines read before the failure are counted.
    pub fn read(&mut self, name: &str, reader: impl Read) -> io::Result<()> {
        let file = self.tally.file(name);
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
        let json = match self.format {
            LogFormat::Json(_) => true,
            LogFormat::Combined => false,
            LogFormat::Auto => line.first() == Some(&b'{'),
        };
        if json {
            match json::parse(line, &self.json_fields) {
                Ok(owned) => self.request(file, number, owned.view()),
                Err(why) => self.tally.malformed(file, number, why.describe()),
            }
        } else {
            match clf::parse(line, &mut self.times) {
                Ok(request) => self.request(file, number, request),
                Err(why) => self.tally.malformed(file, number, why.describe()),
            }
        }
    }

    fn request(&mut self, file: usize, number: u64, request: Request<'_>) {
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
        match crawler {
            Some(crawler) => self.tally.request(crawler, file, number, &request),
            None => self.tally.browser(),
        }
    }

    /// The report: crawlers that requested disallowed URLs first.
    pub fn finish(self) -> AuditReport {
        self.tally.finish()
    }
}
