//! Whether a request that names a crawler in its User-Agent really came from
//! that crawler's operator: anyone can send `User-Agent: Googlebot`.
//!
//! [`Verify`] is what the audit asks; [`Verifier`] answers it the ways the
//! operators publish (the registry's `IdentityCheck`s): their IP ranges
//! ([`IpRanges`], a snapshot bundled and fresher files on request) and, with
//! the `dns` feature and when asked, forward-confirmed reverse DNS
//! (`ReverseDns`).

#[cfg(feature = "dns")]
mod dns;
mod ranges;
mod summary;
mod verifier;

#[cfg(feature = "dns")]
pub use dns::{DnsAnswer, DnsCounts, DnsError, DnsProblem, DnsSettings, ReverseDns, MAX_NAMES};
pub use ranges::{FreshRanges, IpRanges, RangeFile, RangeTest, RangesError, SNAPSHOT_DATE};
pub use summary::{DnsOutcomes, VerificationSummary};
pub use verifier::{Evidence, Verifier};

use std::net::IpAddr;

/// How far a request's claim to be a crawler was confirmed.
///
/// ```
/// use robots_audit::Verification;
/// assert_eq!(Verification::Spoofed.name(), "spoofed");
/// assert_eq!(Verification::ALL.map(Verification::name), ["verified", "spoofed", "unverifiable"]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verification {
    /// The client's address is in the operator's published ranges, or its
    /// reverse DNS name ends in one of the operator's suffixes and resolves
    /// forward to the same address.
    Verified,
    /// The operator publishes a way to verify its crawler, and the request
    /// fails it: someone else sent the header.
    Spoofed,
    /// The operator publishes nothing to verify against, the log gives no
    /// client address, or the one method the operator offers (reverse DNS)
    /// was not asked.
    Unverifiable,
}

impl Verification {
    /// Every class, in the order reports list them.
    pub const ALL: [Verification; 3] = [
        Verification::Verified,
        Verification::Spoofed,
        Verification::Unverifiable,
    ];

    /// `verified`, `spoofed` or `unverifiable`: the stable name JSON output uses.
    pub const fn name(self) -> &'static str {
        match self {
            Verification::Verified => "verified",
            Verification::Spoofed => "spoofed",
            Verification::Unverifiable => "unverifiable",
        }
    }
}

/// What classifies a request's claim: given the claimed crawler's token (the
/// first of its chain) and the client's address, when the log has one.
///
/// The audit asks once per distinct (token, address) pair it meets and
/// remembers the answer, so an implementation may be slow (reverse DNS).
pub trait Verify {
    /// The class of a request from `client` that claims to be `token`.
    fn verify(&self, token: &str, client: Option<IpAddr>) -> Verification;

    /// How to classify `token`'s requests without asking [`Verify::verify`]
    /// for every address, when that is possible. The audit asks once per
    /// crawler. The default, [`Plan::Ask`], asks once per address and
    /// remembers the answer; an implementation must answer here exactly as
    /// `verify` would.
    fn plan(&self, token: &str) -> Plan<'_> {
        let _ = token;
        Plan::Ask
    }
}

/// How the audit classifies one crawler's requests (from [`Verify::plan`]).
///
/// Remembering one answer per (crawler, address) costs a table read at a
/// random place per request; a class that needs no lookup at all, or only
/// the ranges' prefix table (small, and read by every crawler, so it stays
/// in the processor's caches), is cheaper to compute afresh.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Plan<'v> {
    /// Ask [`Verify::verify`] once per client address, and remember the answer.
    Ask,
    /// Every request with a client address is of this class (one without
    /// is [`Verification::Unverifiable`]).
    Always(Verification),
    /// [`Verification::Verified`] when the address is in these ranges,
    /// [`Verification::Spoofed`] otherwise (without an address,
    /// [`Verification::Unverifiable`]).
    Ranges(RangeTest<'v>),
}

impl Plan<'_> {
    /// The class of a request from `client`, or `None` for [`Plan::Ask`].
    pub fn class(&self, client: Option<IpAddr>) -> Option<Verification> {
        match (self, client) {
            (Plan::Ask, _) => None,
            (_, None) => Some(Verification::Unverifiable),
            (Plan::Always(class), Some(_)) => Some(*class),
            (Plan::Ranges(ranges), Some(addr)) => Some(if ranges.contains(addr) {
                Verification::Verified
            } else {
                Verification::Spoofed
            }),
        }
    }
}

/// Verifies nothing: every request is [`Verification::Unverifiable`].
#[derive(Clone, Copy, Debug, Default)]
pub struct NoVerification;

impl Verify for NoVerification {
    fn verify(&self, _token: &str, _client: Option<IpAddr>) -> Verification {
        Verification::Unverifiable
    }
}
