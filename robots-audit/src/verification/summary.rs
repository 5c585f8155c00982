//! How an audit's senders were verified, for the report: which range files
//! (and of which dates) were used, what reverse DNS did, and which crawlers
//! only reverse DNS could have verified when it was not asked. An audit must
//! never leave a reader guessing why a crawler's requests are unverifiable.

use super::ranges::RangeFile;
use super::verifier::Verifier;
use super::Verification;
use crate::report::AuditReport;
use serde_json::{json, Value};

/// What reverse DNS decided, per (crawler, address) pair asked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct DnsOutcomes {
    /// Whether reverse DNS was asked at all (`--verify-dns`).
    pub enabled: bool,
    /// Addresses looked up (each once).
    pub lookups: u64,
    /// Pairs whose confirmed name is in the operator's domain.
    pub verified: u64,
    /// Pairs whose address has no confirmed name in the operator's domain.
    pub spoofed: u64,
    /// Pairs DNS could not answer (a timeout, a server failure, the bounds).
    pub failed: u64,
    /// Addresses the bounds (time or count) left not looked up.
    pub not_looked_up: u64,
}

/// How the senders of an audit were verified, for the report: which range
/// files (and of which dates) were used, what reverse DNS did, and which
/// crawlers only reverse DNS could have verified when it was not asked.
///
/// ```
/// use robots_audit::{Audit, IpRanges, LogFormat, Sites, Verifier};
/// use robots_core::{Policy, Profile};
///
/// let policy = Policy::parse("User-agent: *\nDisallow: /private/\n", Profile::Rfc9309);
/// let verifier = Verifier::new(IpRanges::snapshot());
/// let identify = |ua: &[u8]| robots_audit::identity(ua, false);
/// let mut audit = Audit::new(Sites::single(&policy), &identify, LogFormat::Auto).verify_with(&verifier);
/// let log = "192.0.2.1 - - [28/Nov/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \
///            \"Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)\"\n";
/// audit.read("access.log", log.as_bytes())?;
/// let report = audit.finish();
/// let summary = verifier.summary(&report);
/// assert_eq!(summary.dns_not_asked, [("YandexBot".to_owned(), 1)]);
/// assert!(summary.ranges.iter().any(|f| f.name == "common-crawlers.json" && f.origin == "snapshot"));
/// assert_eq!(summary.to_json()["dns"]["not_asked"], 1);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct VerificationSummary {
    /// The range files looked up in (the bundled snapshot's, and any given).
    pub ranges: Vec<RangeFile>,
    /// The bundled snapshot's date (`YYYY-MM-DD`), when one of its files was used.
    pub snapshot: Option<&'static str>,
    /// What reverse DNS did.
    pub dns: DnsOutcomes,
    /// Crawlers whose operators offer reverse DNS as the only way to verify
    /// them (no ranges loaded), when DNS was not asked: each token with its
    /// requests (and robots.txt fetches), most first.
    pub dns_not_asked: Vec<(String, u64)>,
    /// Crawler requests whose line gave no client address.
    pub no_client_address: u64,
}

impl VerificationSummary {
    /// All the requests of [`VerificationSummary::dns_not_asked`].
    pub fn dns_not_asked_requests(&self) -> u64 {
        self.dns_not_asked.iter().map(|(_, n)| n).sum()
    }

    /// The summary as the JSON report's top-level `verification` object.
    pub fn to_json(&self) -> Value {
        json!({
            "snapshot": self.snapshot,
            "ranges": self.ranges.iter().map(|f| json!({
                "file": f.name,
                "operator": f.check.operator,
                "check": f.check.name,
                "origin": f.origin,
                "creation_time": f.creation_time,
                "prefixes": f.prefixes,
            })).collect::<Vec<_>>(),
            "dns": {
                "enabled": self.dns.enabled,
                "asked": self.dns.lookups,
                "verified": self.dns.verified,
                "spoofed": self.dns.spoofed,
                "failed": self.dns.failed,
                "not_looked_up": self.dns.not_looked_up,
                "not_asked": self.dns_not_asked_requests(),
                "not_asked_crawlers": self.dns_not_asked.iter().map(|(t, n)| json!({
                    "token": t, "requests": n,
                })).collect::<Vec<_>>(),
            },
            "no_client_address": self.no_client_address,
        })
    }

    /// One line for a person: the ranges' dates and what DNS did.
    pub fn text(&self) -> String {
        let mut dates: Vec<&str> = self
            .ranges
            .iter()
            .filter_map(|f| f.creation_time.as_deref())
            .map(|t| t.get(..10).unwrap_or(t))
            .collect();
        dates.sort_unstable();
        let given = self
            .ranges
            .iter()
            .filter(|f| f.origin != "snapshot")
            .count();
        let mut text = format!("senders verified by {} IP range file(s)", self.ranges.len());
        match self.snapshot {
            Some(date) if given == 0 => text.push_str(&format!(" (bundled snapshot of {date}")),
            Some(date) => text.push_str(&format!(
                " ({given} given, the rest from the bundled snapshot of {date}"
            )),
            None => text.push_str(" (all given"),
        }
        if let (Some(first), Some(last)) = (dates.first(), dates.last()) {
            text.push_str(&format!("; the operators dated them {first} to {last})"));
        } else {
            text.push(')');
        }
        let dns = &self.dns;
        if dns.enabled {
            text.push_str(&format!(
                "; reverse DNS: {} address(es) looked up, {} verified, {} spoofed, {} failed",
                dns.lookups, dns.verified, dns.spoofed, dns.failed
            ));
            if dns.not_looked_up > 0 {
                text.push_str(&format!(", {} not looked up (bounds)", dns.not_looked_up));
            }
        } else {
            text.push_str("; reverse DNS not asked (--verify-dns)");
        }
        text
    }
}

impl Verifier {
    /// How `report`'s senders were verified by this verifier.
    pub fn summary(&self, report: &AuditReport) -> VerificationSummary {
        let mut dns_not_asked: Vec<(String, u64)> = Vec::new();
        if !self.dns_enabled() {
            for c in &report.crawlers {
                if c.verification != Verification::Unverifiable || !self.only_dns(&c.token) {
                    continue;
                }
                let n = c.requests + c.robots_fetches;
                match dns_not_asked.iter_mut().find(|(t, _)| *t == c.token) {
                    Some((_, sum)) => *sum += n,
                    None => dns_not_asked.push((c.token.clone(), n)),
                }
            }
            dns_not_asked.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        }
        let ranges = self.ranges().files().to_vec();
        let snapshot = ranges
            .iter()
            .any(|f| f.origin == "snapshot")
            .then_some(super::ranges::SNAPSHOT_DATE);
        VerificationSummary {
            ranges,
            snapshot,
            dns: self.dns_outcomes(),
            dns_not_asked,
            no_client_address: report.no_client_address,
        }
    }
}
