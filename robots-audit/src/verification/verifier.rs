//! The [`Verifier`]: a request's claim checked the ways its operator publishes,
//! the IP ranges first (a table lookup), then, when asked, reverse DNS.

#[cfg(feature = "dns")]
use super::dns::{DnsAnswer, DnsProblem, ReverseDns};
use super::ranges::{canonical, IpRanges};
use super::{Plan, Verification, Verify};
use robots_registry::IdentityCheck;
use std::collections::HashMap;
use std::net::IpAddr;
#[cfg(feature = "dns")]
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

/// What decided a request's [`Verification`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Evidence {
    /// Verified: the address is in the operator's published ranges.
    InRanges,
    /// Verified: the address's reverse DNS name, confirmed forward, is in the
    /// operator's domain.
    DnsName(String),
    /// Spoofed: the operator publishes ranges, the address is not in them,
    /// and reverse DNS (when the operator offers it and it was asked) did not
    /// verify it either.
    Failed {
        /// Whether the address was looked up in loaded ranges.
        ranges: bool,
        /// What reverse DNS said, when it was asked.
        #[cfg(feature = "dns")]
        dns: Option<DnsAnswer>,
    },
    /// Unverifiable: the crawler's operator publishes no way to verify it
    /// (or the crawler is none the registry knows).
    NoMethod,
    /// Unverifiable: the operator publishes range files, but none is loaded
    /// (pass one with `--ip-ranges`), and it offers no reverse DNS.
    RangesNotLoaded,
    /// Unverifiable: the log gives no client address.
    NoAddress,
    /// Unverifiable: the operator's one way is reverse DNS, and DNS was not asked.
    DnsNotAsked,
    /// Unverifiable: reverse DNS was asked and could not answer (a timeout, a
    /// server failure, or the lookup bounds were reached).
    #[cfg(feature = "dns")]
    DnsUnavailable(DnsProblem),
}

/// Classifies requests by the ways their crawlers' operators publish: the
/// registry's [`IdentityCheck`]s, against loaded [`IpRanges`] and, with
/// [`Verifier::with_dns`] (feature `dns`), forward-confirmed reverse DNS.
///
/// - **verified**: the address is in the operator's ranges, or its reverse DNS
///   name ends in the operator's suffix and resolves forward to the address;
/// - **spoofed**: the operator publishes a way and the request fails it
///   (outside the loaded ranges, and, when the operator offers DNS and DNS is
///   asked, no confirmed name in its domain);
/// - **unverifiable**: the operator publishes nothing, the log has no
///   address, the only way is DNS and DNS was not asked, or DNS could not
///   answer.
///
/// Each call does one prefix-table lookup (and, with DNS, reads a per-address
/// cache); the audit asks once per distinct (token, address).
///
/// ```
/// use robots_audit::{Evidence, IpRanges, Verification, Verifier, Verify};
///
/// let verifier = Verifier::new(IpRanges::snapshot());
/// let google = Some("66.249.66.1".parse().unwrap());
/// let impostor = Some("192.0.2.7".parse().unwrap());
/// assert_eq!(verifier.verify("Googlebot", google), Verification::Verified);
/// assert_eq!(verifier.verify("Googlebot", impostor), Verification::Spoofed);
/// assert_eq!(verifier.verify("ClaudeBot", impostor), Verification::Unverifiable);
/// assert_eq!(verifier.verify("Googlebot", None), Verification::Unverifiable);
/// // Yandex offers reverse DNS only, and DNS was not asked.
/// assert_eq!(verifier.explain("YandexBot", impostor), (Verification::Unverifiable, Evidence::DnsNotAsked));
/// ```
#[derive(Debug)]
pub struct Verifier {
    ranges: IpRanges,
    #[cfg(feature = "dns")]
    dns: Option<ReverseDns>,
    /// Each token's check, as the registry gave it: a log names few crawlers,
    /// and the registry's lookup reads its whole table.
    checks: Mutex<HashMap<Box<str>, Option<&'static IdentityCheck>, foldhash::fast::RandomState>>,
    /// What reverse DNS decided: (crawler, address) pairs verified, spoofed, failed.
    #[cfg(feature = "dns")]
    dns_decided: [AtomicU64; 3],
}

impl Verifier {
    /// A verifier by `ranges` alone (no DNS).
    pub fn new(ranges: IpRanges) -> Verifier {
        Verifier {
            ranges,
            #[cfg(feature = "dns")]
            dns: None,
            checks: Mutex::default(),
            #[cfg(feature = "dns")]
            dns_decided: Default::default(),
        }
    }

    /// Also ask reverse DNS, for crawlers whose operators name host suffixes.
    #[cfg(feature = "dns")]
    #[must_use]
    pub fn with_dns(mut self, dns: ReverseDns) -> Verifier {
        self.dns = Some(dns);
        self
    }

    /// The ranges it looks addresses up in.
    pub fn ranges(&self) -> &IpRanges {
        &self.ranges
    }

    /// The reverse DNS it asks, when it does (its counts say what the bounds left undone).
    #[cfg(feature = "dns")]
    pub fn dns(&self) -> Option<&ReverseDns> {
        self.dns.as_ref()
    }

    /// The class of a request from `client` that claims to be `token`, and
    /// what decided it.
    pub fn explain(&self, token: &str, client: Option<IpAddr>) -> (Verification, Evidence) {
        let Some(check) = self.check_of(token) else {
            return (Verification::Unverifiable, Evidence::NoMethod);
        };
        let Some(addr) = client.map(canonical) else {
            return (Verification::Unverifiable, Evidence::NoAddress);
        };
        let ranges = self.ranges.covers(check);
        if ranges && self.ranges.contains(check, addr) {
            return (Verification::Verified, Evidence::InRanges);
        }
        self.by_dns(check, addr, ranges)
    }

    /// The identity check of `token`'s crawler, remembered.
    fn check_of(&self, token: &str) -> Option<&'static IdentityCheck> {
        let mut checks = self.checks.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(check) = checks.get(token) {
            return *check;
        }
        let check = robots_registry::identity_check(token);
        // Bounded: an audit passes tokens of crawlers it tells apart (at most
        // a few thousand); a caller with endless tokens just starts afresh.
        if checks.len() >= 65_536 {
            checks.clear();
        }
        checks.insert(token.into(), check);
        check
    }

    /// Whether reverse DNS is asked at all.
    pub(crate) fn dns_enabled(&self) -> bool {
        #[cfg(feature = "dns")]
        let enabled = self.dns.is_some();
        #[cfg(not(feature = "dns"))]
        let enabled = false;
        enabled
    }

    /// Whether `token`'s operator offers reverse DNS and no loaded ranges:
    /// only DNS can verify it.
    pub(crate) fn only_dns(&self, token: &str) -> bool {
        self.check_of(token)
            .is_some_and(|c| !c.dns_suffixes.is_empty() && !self.ranges.covers(c))
    }

    /// What reverse DNS did, so far.
    pub(crate) fn dns_outcomes(&self) -> super::DnsOutcomes {
        // Without the `dns` feature nothing changes it: DNS was never asked.
        #[cfg_attr(not(feature = "dns"), allow(unused_mut))]
        let mut outcomes = super::DnsOutcomes::default();
        #[cfg(feature = "dns")]
        if let Some(dns) = &self.dns {
            let counts = dns.counts();
            let [verified, spoofed, failed] = &self.dns_decided;
            outcomes.enabled = true;
            outcomes.lookups = counts.lookups as u64;
            outcomes.not_looked_up = counts.not_looked_up() as u64;
            outcomes.verified = verified.load(Ordering::Relaxed);
            outcomes.spoofed = spoofed.load(Ordering::Relaxed);
            outcomes.failed = failed.load(Ordering::Relaxed);
        }
        outcomes
    }

    /// Whether reverse DNS is asked about `check`'s crawlers.
    fn asks_dns(&self, check: &IdentityCheck) -> bool {
        #[cfg(feature = "dns")]
        let asks = self.dns.is_some() && !check.dns_suffixes.is_empty();
        #[cfg(not(feature = "dns"))]
        let asks = {
            let _ = check;
            false
        };
        asks
    }

    /// The DNS half of [`Verifier::explain`], after the ranges said no (or had nothing).
    #[cfg(feature = "dns")]
    fn by_dns(
        &self,
        check: &IdentityCheck,
        addr: IpAddr,
        ranges: bool,
    ) -> (Verification, Evidence) {
        match &self.dns {
            Some(dns) if !check.dns_suffixes.is_empty() => {
                let decided = self.by_dns_answer(check, dns.answer(addr), ranges);
                let at = match decided.0 {
                    Verification::Verified => 0,
                    Verification::Spoofed => 1,
                    Verification::Unverifiable => 2,
                };
                if let Some(n) = self.dns_decided.get(at) {
                    n.fetch_add(1, Ordering::Relaxed);
                }
                decided
            }
            _ => without_dns(check, ranges),
        }
    }

    /// The class reverse DNS's `answer` gives a request that claims `check`'s crawler.
    #[cfg(feature = "dns")]
    fn by_dns_answer(
        &self,
        check: &IdentityCheck,
        answer: DnsAnswer,
        ranges: bool,
    ) -> (Verification, Evidence) {
        {
            match answer {
                DnsAnswer::Confirmed(names) => {
                    match names.iter().find(|name| check.dns_name_matches(name)) {
                        Some(name) => (Verification::Verified, Evidence::DnsName(name.clone())),
                        None => (
                            Verification::Spoofed,
                            Evidence::Failed {
                                ranges,
                                dns: Some(DnsAnswer::Confirmed(names)),
                            },
                        ),
                    }
                }
                DnsAnswer::Unavailable(problem) => (
                    Verification::Unverifiable,
                    Evidence::DnsUnavailable(problem),
                ),
                answer => (
                    Verification::Spoofed,
                    Evidence::Failed {
                        ranges,
                        dns: Some(answer),
                    },
                ),
            }
        }
    }

    #[cfg(not(feature = "dns"))]
    fn by_dns(
        &self,
        check: &IdentityCheck,
        _addr: IpAddr,
        ranges: bool,
    ) -> (Verification, Evidence) {
        without_dns(check, ranges)
    }
}

/// The class when DNS is not asked: the ranges' no is final, else nothing
/// could be checked.
fn without_dns(check: &IdentityCheck, ranges: bool) -> (Verification, Evidence) {
    if ranges {
        let failed = Evidence::Failed {
            ranges,
            #[cfg(feature = "dns")]
            dns: None,
        };
        (Verification::Spoofed, failed)
    } else if !check.dns_suffixes.is_empty() {
        (Verification::Unverifiable, Evidence::DnsNotAsked)
    } else {
        (Verification::Unverifiable, Evidence::RangesNotLoaded)
    }
}

impl Verify for Verifier {
    fn verify(&self, token: &str, client: Option<IpAddr>) -> Verification {
        self.explain(token, client).0
    }

    /// Without DNS, the class follows from the ranges alone: no need to
    /// remember an answer per address.
    fn plan(&self, token: &str) -> Plan<'_> {
        let Some(check) = self.check_of(token) else {
            return Plan::Always(Verification::Unverifiable);
        };
        if self.asks_dns(check) {
            return Plan::Ask;
        }
        if self.ranges.covers(check) {
            Plan::Ranges(self.ranges.test(check))
        } else {
            Plan::Always(without_dns(check, false).0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> Option<IpAddr> {
        Some(text.parse().unwrap())
    }

    #[test]
    fn each_class_from_the_snapshot() {
        let verifier = Verifier::new(IpRanges::snapshot());
        for (token, addr, want, evidence) in [
            (
                "Googlebot",
                "66.249.66.1",
                Verification::Verified,
                Evidence::InRanges,
            ),
            (
                "Googlebot-Image",
                "66.249.66.1",
                Verification::Verified,
                Evidence::InRanges,
            ),
            (
                "googlebot",
                "::ffff:66.249.66.1",
                Verification::Verified,
                Evidence::InRanges,
            ),
            (
                "GPTBot",
                "132.196.86.7",
                Verification::Verified,
                Evidence::InRanges,
            ),
            (
                "bingbot",
                "157.55.39.1",
                Verification::Verified,
                Evidence::InRanges,
            ),
            // Another operator's address, or a Google address of another kind of crawler.
            (
                "GPTBot",
                "157.55.39.1",
                Verification::Spoofed,
                Evidence::Failed {
                    ranges: true,
                    #[cfg(feature = "dns")]
                    dns: None,
                },
            ),
            (
                "Googlebot",
                "2001:4860:4801:2008::9",
                Verification::Spoofed,
                Evidence::Failed {
                    ranges: true,
                    #[cfg(feature = "dns")]
                    dns: None,
                },
            ),
            (
                "Googlebot",
                "192.0.2.1",
                Verification::Spoofed,
                Evidence::Failed {
                    ranges: true,
                    #[cfg(feature = "dns")]
                    dns: None,
                },
            ),
            // Operators that publish nothing, and bots the registry does not know.
            (
                "ClaudeBot",
                "192.0.2.1",
                Verification::Unverifiable,
                Evidence::NoMethod,
            ),
            (
                "Bytespider",
                "192.0.2.1",
                Verification::Unverifiable,
                Evidence::NoMethod,
            ),
            (
                "ExampleBot",
                "192.0.2.1",
                Verification::Unverifiable,
                Evidence::NoMethod,
            ),
            // DNS-only operators, DNS not asked.
            (
                "YandexBot",
                "192.0.2.1",
                Verification::Unverifiable,
                Evidence::DnsNotAsked,
            ),
            (
                "Amazonbot",
                "192.0.2.1",
                Verification::Unverifiable,
                Evidence::DnsNotAsked,
            ),
            // Ranges published, none loaded, no DNS.
            (
                "DuckAssistBot",
                "192.0.2.1",
                Verification::Unverifiable,
                Evidence::RangesNotLoaded,
            ),
        ] {
            assert_eq!(
                verifier.explain(token, ip(addr)),
                (want, evidence),
                "{token} {addr}"
            );
            assert_eq!(verifier.verify(token, ip(addr)), want, "{token} {addr}");
        }
        assert_eq!(
            verifier.explain("Googlebot", None),
            (Verification::Unverifiable, Evidence::NoAddress)
        );
    }

    #[test]
    fn without_ranges_every_range_only_operator_is_unverifiable() {
        let verifier = Verifier::new(IpRanges::empty());
        assert_eq!(
            verifier.verify("GPTBot", ip("132.196.86.7")),
            Verification::Unverifiable
        );
        // Googlebot offers DNS too: not asked.
        assert_eq!(
            verifier.explain("Googlebot", ip("66.249.66.1")),
            (Verification::Unverifiable, Evidence::DnsNotAsked)
        );
    }

    /// The plan answers as `verify` does, for every registry crawler with a
    /// check, crawlers without, and addresses in and out of every range.
    #[test]
    fn the_plan_answers_as_verify_does() {
        let verifier = Verifier::new(IpRanges::snapshot());
        let mut tokens: Vec<&str> = robots_registry::IDENTITY_CHECKS
            .iter()
            .flat_map(|c| c.tokens.iter().copied())
            .collect();
        tokens.extend(["ClaudeBot", "ExampleBot", "YandexBot"]);
        let addresses = [
            None,
            ip("66.249.66.1"),
            ip("::ffff:66.249.66.1"),
            ip("157.55.39.1"),
            ip("132.196.86.7"),
            ip("17.241.75.9"),
            ip("2001:4860:4801:10::7"),
            ip("192.0.2.1"),
            ip("2001:db8::1"),
        ];
        let mut by_class = [0; 3];
        for token in tokens {
            let plan = verifier.plan(token);
            assert!(
                !matches!(plan, Plan::Ask),
                "{token}: no DNS, no need to ask"
            );
            for addr in addresses {
                let class = plan.class(addr);
                assert_eq!(
                    class,
                    Some(verifier.verify(token, addr)),
                    "{token} {addr:?}"
                );
                by_class[class.unwrap() as usize] += 1;
            }
        }
        // Each class met: the test covers all three answers.
        assert!(by_class.iter().all(|&n| n > 0), "{by_class:?}");
    }

    #[test]
    fn it_serves_as_the_audits_verify() {
        let verifier = Verifier::new(IpRanges::snapshot());
        let verify: &dyn Verify = &verifier;
        assert_eq!(
            verify.verify("Googlebot", ip("66.249.66.1")),
            Verification::Verified
        );
    }
}
