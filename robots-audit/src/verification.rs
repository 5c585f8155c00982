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
mod verifier;

#[cfg(feature = "dns")]
pub use dns::{DnsAnswer, DnsCounts, DnsError, DnsProblem, DnsSettings, ReverseDns, MAX_NAMES};
pub use ranges::{FreshRanges, IpRanges, RangeFile, RangesError};
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
}

/// Verifies nothing: every request is [`Verification::Unverifiable`].
#[derive(Clone, Copy, Debug, Default)]
pub struct NoVerification;

impl Verify for NoVerification {
    fn verify(&self, _token: &str, _client: Option<IpAddr>) -> Verification {
        Verification::Unverifiable
    }
}
