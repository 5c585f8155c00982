//! What a fetch ends in: the rules to apply, why, and for how long.

use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;
use core::time::Duration;
use robots_core::policy::Policy;
use robots_core::{PolicyBuilder, Verdict};

/// The rules a fetch decided on for an origin. `K` is what a fetch compiles
/// a file into and keeps as its good copy (see [`KeptRules`]): the policy,
/// for every fetch this crate's callers start.
#[derive(Clone, Debug)]
pub enum Rules<K = Arc<Policy>> {
    /// The fetched (or last good) robots.txt.
    Parsed(K),
    /// No restrictions: the file is unavailable (4xx, too many redirects…).
    AllowAll,
    /// Nothing may be crawled: the file is unreachable and no good copy is at hand.
    DisallowAll,
}

impl Rules {
    /// Whether `agent` may fetch `url` under these rules.
    ///
    /// ```
    /// use robots_fetch::Rules;
    /// assert!(Rules::AllowAll.is_allowed("Bot", "https://example.com/x"));
    /// assert!(!Rules::DisallowAll.is_allowed("Bot", "https://example.com/x"));
    /// ```
    pub fn is_allowed(&self, agent: impl AsRef<[u8]>, url: impl AsRef<[u8]>) -> bool {
        match self {
            Rules::Parsed(policy) => policy.is_allowed(agent, url),
            Rules::AllowAll => true,
            Rules::DisallowAll => false,
        }
    }

    /// The parsed policy, if any.
    pub fn policy(&self) -> Option<&Arc<Policy>> {
        match self {
            Rules::Parsed(policy) => Some(policy),
            _ => None,
        }
    }
}

impl<K> Rules<K> {
    /// `"parsed"`, `"allow-all"` or `"disallow-all"`.
    pub const fn name(&self) -> &'static str {
        match self {
            Rules::Parsed(_) => "parsed",
            Rules::AllowAll => "allow-all",
            Rules::DisallowAll => "disallow-all",
        }
    }
}

/// What a fetch compiles a 2xx body into, keeps as its good copy
/// ([`CachedCopy`]) and hands back on a 304 or through an outage: the
/// compiled [`Policy`] for every fetch a caller starts
/// ([`RobotsFetch::new`](crate::RobotsFetch::new) and its kin). Sealed: the
/// one other kind is the one-crawler cache's (`AgentPolicyCache`, which keeps
/// only its crawler's rules, in fewer bytes than a policy). The state machine
/// only compiles and hands back what it keeps; it never checks a URL against it,
/// so a [`Driver`](crate::Driver) runs a fetch of either kind alike.
pub trait KeptRules: sealed::Sealed + Clone + fmt::Debug + Send + Sync + 'static {
    /// Compile `text` (a 2xx body, cut at the parse limit) with `builder`'s
    /// options: for `agent` alone when it is given
    /// ([`RobotsFetch::for_agent`](crate::RobotsFetch::for_agent)).
    #[doc(hidden)]
    fn compile(builder: &PolicyBuilder, text: &[u8], agent: Option<&[u8]>) -> Self;
}

pub(crate) mod sealed {
    /// Only this crate's kinds of kept rules.
    pub trait Sealed {}
}

impl sealed::Sealed for Arc<Policy> {}

impl KeptRules for Arc<Policy> {
    fn compile(builder: &PolicyBuilder, text: &[u8], agent: Option<&[u8]>) -> Self {
        Arc::new(match agent {
            // The one-crawler policy's tables, without its crawler's name: it
            // answers as that crawler for every agent.
            Some(agent) => builder.build_for_agent(text, agent).policy().clone(),
            None => builder.build(text),
        })
    }
}

/// Why a fetch ended as it did. [`name`](FetchReason::name) is a stable kebab-case word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FetchReason {
    /// `ok`: a 2xx response; its body was parsed.
    Ok,
    /// `not-modified`: a 304 to a revalidation; the cached copy stays, not re-parsed.
    NotModified,
    /// `unavailable`: a 4xx response (RFC 9309 section 2.3.1.3): allow all.
    Unavailable,
    /// `forbidden`: 401 or 403 under [`with_auth_errors_disallow`](super::FetchSettings::with_auth_errors_disallow).
    Forbidden,
    /// `unreachable`: a 5xx response (section 2.3.1.4); its body is never read.
    Unreachable,
    /// `rate-limited`: a 429 response, treated as a 5xx.
    RateLimited,
    /// `network-error`: no complete response (DNS, refused, reset, TLS, closed mid-body).
    NetworkError,
    /// `timeout`: the response did not arrive in time.
    Timeout,
    /// `too-many-redirects`: more hops than allowed; the file counts as unavailable.
    TooManyRedirects,
    /// `redirect-loop`: a redirect led back to a URL already fetched; unavailable.
    RedirectLoop,
    /// `bad-redirect`: a 3xx without a usable http(s) `Location`; unavailable.
    BadRedirect,
    /// `bad-status`: a status outside 200..=599, or an unasked-for 304; unreachable.
    BadStatus,
}

impl FetchReason {
    /// The reason's kebab-case name.
    ///
    /// ```
    /// use robots_fetch::FetchReason;
    /// assert_eq!(FetchReason::TooManyRedirects.name(), "too-many-redirects");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            FetchReason::Ok => "ok",
            FetchReason::NotModified => "not-modified",
            FetchReason::Unavailable => "unavailable",
            FetchReason::Forbidden => "forbidden",
            FetchReason::Unreachable => "unreachable",
            FetchReason::RateLimited => "rate-limited",
            FetchReason::NetworkError => "network-error",
            FetchReason::Timeout => "timeout",
            FetchReason::TooManyRedirects => "too-many-redirects",
            FetchReason::RedirectLoop => "redirect-loop",
            FetchReason::BadRedirect => "bad-redirect",
            FetchReason::BadStatus => "bad-status",
        }
    }

    /// Whether the server could not give a definite answer (5xx, 429, network
    /// failure, bad status): the file is *unreachable*, and retried with backoff.
    pub const fn is_unreachable(self) -> bool {
        matches!(
            self,
            FetchReason::Unreachable
                | FetchReason::RateLimited
                | FetchReason::NetworkError
                | FetchReason::Timeout
                | FetchReason::BadStatus
        )
    }
}

impl fmt::Display for FetchReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Validators of a fetched file, sent back to revalidate it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Validators {
    /// The URL the file came from (after redirects): the validators belong to it.
    pub url: String,
    /// `ETag`, sent back as `If-None-Match`.
    pub etag: Option<String>,
    /// `Last-Modified`, sent back as `If-Modified-Since`.
    pub last_modified: Option<String>,
}

impl Validators {
    /// Whether there is anything to revalidate with.
    pub fn is_empty(&self) -> bool {
        self.etag.is_none() && self.last_modified.is_none()
    }
}

/// The last good copy of a robots.txt: what bridges an outage, and what a 304 keeps.
#[derive(Clone, Debug)]
pub struct CachedCopy<K = Arc<Policy>> {
    /// The compiled file.
    pub policy: K,
    /// How to revalidate it.
    pub validators: Validators,
    /// Body bytes it was compiled from.
    pub bytes: usize,
    /// Whether the body was cut at the parse limit.
    pub truncated: bool,
}

/// What the caller remembers of an origin from earlier fetches. The state
/// machine does no I/O and reads no clock: ages come from the caller.
#[derive(Clone, Debug)]
pub struct Previous<K = Arc<Policy>> {
    /// The last good copy, if one is kept.
    pub copy: Option<CachedCopy<K>>,
    /// Unreachable outcomes in a row just before this fetch.
    pub failures: u32,
    /// How long the origin has been unreachable: since the first of those failures.
    pub outage: Duration,
}

impl<K> Default for Previous<K> {
    fn default() -> Self {
        Previous {
            copy: None,
            failures: 0,
            outage: Duration::ZERO,
        }
    }
}

/// How a fetch ended: the rules, the reason, the lifetime, and what was seen on the way.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Outcome<K = Arc<Policy>> {
    /// The rules to apply to the *original* origin.
    pub rules: Rules<K>,
    /// Why.
    pub reason: FetchReason,
    /// How long the answer may be used before fetching again (a retry delay for
    /// an unreachable file).
    pub expires_in: Duration,
    /// Whether the answer may be kept at all (`Cache-Control: no-store` says no).
    pub store: bool,
    /// The last HTTP status received, or `None` when no response came.
    pub status: Option<u16>,
    /// The robots.txt URL of the page's origin.
    pub robots_url: String,
    /// The last URL requested (differs after redirects).
    pub final_url: String,
    /// Redirect hops followed.
    pub redirects: u8,
    /// Body bytes read and kept (at most the parse limit).
    pub bytes: usize,
    /// Whether the body went on past the parse limit (the rest was ignored).
    pub truncated: bool,
    /// The good copy to keep for next time: the new one, the revalidated one, or
    /// the old one still bridging an outage. `None` after a 4xx or `no-store`.
    pub copy: Option<CachedCopy<K>>,
    /// Why no response came, as the driver told it (`None` when one did):
    /// the detail behind [`FetchReason::NetworkError`] and [`FetchReason::Timeout`].
    pub failure: Option<crate::Failure>,
    /// The first bytes of a 2xx body, as many as
    /// [`FetchSettings::with_body_prefix`](crate::FetchSettings::with_body_prefix)
    /// asks for (none by default).
    pub body_prefix: Vec<u8>,
}

impl Outcome {
    /// Whether `agent` may fetch `url` under the outcome's rules.
    pub fn is_allowed(&self, agent: impl AsRef<[u8]>, url: impl AsRef<[u8]>) -> bool {
        self.rules.is_allowed(agent, url)
    }

    /// The full verdict for `url` when a file was parsed; `None` for allow-all and disallow-all.
    pub fn check(&self, agent: impl AsRef<[u8]>, url: impl AsRef<[u8]>) -> Option<Verdict> {
        self.rules.policy().map(|p| p.check(agent, url))
    }
}
