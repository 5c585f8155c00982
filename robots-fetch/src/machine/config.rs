//! What a fetch is allowed to do: the [`FetchSettings`] and its two named profiles.

use crate::error::{FetchError, Kind};
use alloc::string::String;
use core::fmt;
use core::str::FromStr;
use core::time::Duration;
use robots_core::profile::{Profile, DEFAULT_MAX_BYTES};

/// One day.
const DAY: Duration = Duration::from_secs(24 * 60 * 60);

/// A named set of fetch rules: how HTTP outcomes map to a policy.
///
/// | | `rfc9309` | `google` |
/// |---|---|---|
/// | file read under | [`Profile::Rfc9309`] | [`Profile::Google`] |
/// | 2xx | parse | parse |
/// | 3xx | follow up to 5 hops, then allow all | the same |
/// | 4xx (429 excepted) | allow all | allow all |
/// | 5xx, 429, network error | last good copy, else disallow all | the same |
/// | unreachable over 30 days | [`LongOutage::KeepLastCopy`] | [`LongOutage::LastCopyElseAllowAll`] |
///
/// ```
/// use robots_fetch::FetchProfile;
/// assert_eq!("google".parse::<FetchProfile>(), Ok(FetchProfile::Google));
/// assert_eq!(FetchProfile::default().name(), "rfc9309");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FetchProfile {
    /// RFC 9309 sections 2.3 to 2.5, to the letter. The default.
    #[default]
    Rfc9309,
    /// What Google's crawler documentation says Googlebot does.
    Google,
}

impl FetchProfile {
    /// Both profiles, default first.
    pub const ALL: [FetchProfile; 2] = [FetchProfile::Rfc9309, FetchProfile::Google];

    /// The profile's stable name, as the CLI spells it.
    pub const fn name(self) -> &'static str {
        match self {
            FetchProfile::Rfc9309 => "rfc9309",
            FetchProfile::Google => "google",
        }
    }

    /// The semantics the fetched file is read under.
    pub const fn parse_profile(self) -> Profile {
        match self {
            FetchProfile::Rfc9309 => Profile::Rfc9309,
            FetchProfile::Google => Profile::Google,
        }
    }
}

impl fmt::Display for FetchProfile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for FetchProfile {
    type Err = FetchError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        FetchProfile::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s))
            .ok_or(FetchError::new(Kind::UnknownProfile))
    }
}

/// What to do once a robots.txt has been unreachable for longer than the
/// outage grace period (30 days by default). Before that, the last good copy is
/// used if there is one, and everything is disallowed if there is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LongOutage {
    /// Go on as before: the last good copy, else disallow all. The `rfc9309` default.
    KeepLastCopy,
    /// Treat the file as unavailable (RFC 9309 section 2.3.1.4 allows it): allow all.
    AllowAll,
    /// The last good copy, else allow all: what Google documents.
    LastCopyElseAllowAll,
}

/// How to fetch a robots.txt and read the answer: the profile, the limits, the
/// cache lifetimes and the toggles some crawlers ship.
///
/// Build one from a profile and adjust it; every setter returns the policy.
///
/// ```
/// use robots_fetch::{FetchSettings, FetchProfile};
/// use std::time::Duration;
///
/// let policy = FetchSettings::new(FetchProfile::Google)
///     .with_max_bytes(1 << 20)
///     .with_auth_errors_disallow(true)
///     .with_timeout(Duration::from_secs(5));
/// assert_eq!(policy.max_bytes(), 1 << 20);
/// // The limit never goes below RFC 9309's 500 KiB.
/// assert_eq!(FetchSettings::default().with_max_bytes(10).max_bytes(), 500 * 1024);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FetchSettings {
    profile: FetchProfile,
    max_bytes: usize,
    max_redirects: u8,
    default_ttl: Duration,
    min_ttl: Duration,
    max_ttl: Duration,
    outage_grace: Duration,
    long_outage: LongOutage,
    retry_initial: Duration,
    retry_max: Duration,
    auth_errors_disallow: bool,
    timeout: Duration,
    user_agent: String,
    accept: String,
    body_prefix: usize,
}

impl Default for FetchSettings {
    fn default() -> Self {
        FetchSettings::new(FetchProfile::default())
    }
}

impl FetchSettings {
    /// The smallest parse limit RFC 9309 section 2.5 allows: 500 KiB.
    pub const MIN_MAX_BYTES: usize = DEFAULT_MAX_BYTES;

    /// The defaults of `profile`: a 500 KiB limit, 5 redirects, a 24 h lifetime
    /// (`max-age` honoured between 1 min and 24 h), the last good copy kept while
    /// the file is unreachable for up to 30 days, retries after 1 min doubling up to
    /// 1 h, a 10 s timeout, and the `User-Agent` header `robots/<version>`.
    pub fn new(profile: FetchProfile) -> Self {
        FetchSettings {
            profile,
            max_bytes: DEFAULT_MAX_BYTES,
            max_redirects: 5,
            default_ttl: DAY,
            min_ttl: Duration::from_secs(60),
            max_ttl: DAY,
            outage_grace: DAY * 30,
            long_outage: match profile {
                FetchProfile::Rfc9309 => LongOutage::KeepLastCopy,
                FetchProfile::Google => LongOutage::LastCopyElseAllowAll,
            },
            retry_initial: Duration::from_secs(60),
            retry_max: Duration::from_secs(60 * 60),
            auth_errors_disallow: false,
            timeout: Duration::from_secs(10),
            user_agent: String::from(concat!("robots/", env!("CARGO_PKG_VERSION"))),
            accept: String::from("text/plain, text/*;q=0.9, */*;q=0.5"),
            body_prefix: 0,
        }
    }

    /// Bytes of body to read and parse; more is ignored and reported as truncation.
    /// Values below 500 KiB are raised to 500 KiB (RFC 9309 section 2.5).
    #[must_use]
    pub fn with_max_bytes(mut self, max_bytes: usize) -> Self {
        self.max_bytes = max_bytes.max(Self::MIN_MAX_BYTES);
        self
    }

    /// Redirect hops to follow (RFC 9309 asks for at least 5); more mean "unavailable".
    #[must_use]
    pub fn with_max_redirects(mut self, hops: u8) -> Self {
        self.max_redirects = hops;
        self
    }

    /// How long a fetched answer lives when the response sets no `max-age`.
    #[must_use]
    pub fn with_default_ttl(mut self, ttl: Duration) -> Self {
        self.default_ttl = ttl;
        self
    }

    /// The bounds a `Cache-Control: max-age` is clamped to (`min` is raised to `max` if above it).
    #[must_use]
    pub fn with_ttl_bounds(mut self, min: Duration, max: Duration) -> Self {
        self.min_ttl = min.min(max);
        self.max_ttl = max;
        self
    }

    /// How long an unreachable file is bridged by the last good copy before
    /// [`LongOutage`] decides.
    #[must_use]
    pub fn with_outage_grace(mut self, grace: Duration) -> Self {
        self.outage_grace = grace;
        self
    }

    /// What to do after the outage grace period.
    #[must_use]
    pub fn with_long_outage(mut self, choice: LongOutage) -> Self {
        self.long_outage = choice;
        self
    }

    /// The first retry delay after a failure, and the most it doubles to.
    #[must_use]
    pub fn with_retry_backoff(mut self, initial: Duration, max: Duration) -> Self {
        self.retry_initial = initial.min(max);
        self.retry_max = max;
        self
    }

    /// Read 401 and 403 as "disallow all", as some crawlers still do, instead of
    /// RFC 9309's "unavailable, allow all".
    #[must_use]
    pub fn with_auth_errors_disallow(mut self, on: bool) -> Self {
        self.auth_errors_disallow = on;
        self
    }

    /// The whole-fetch time limit, for the HTTP client that drives the fetch.
    #[must_use]
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// The `User-Agent` header sent (not the product token matched against the file).
    #[must_use]
    pub fn with_user_agent(mut self, user_agent: impl Into<String>) -> Self {
        self.user_agent = user_agent.into();
        self
    }

    /// Keep the first `bytes` of a 2xx body in [`Outcome::body_prefix`](crate::Outcome::body_prefix)
    /// (none by default: a cache of many origins has no use for them). A tool
    /// that reports on one fetch keeps a kilobyte, to tell a body that is no
    /// robots.txt (an HTML page, UTF-16, binary data) from one that is.
    ///
    /// ```
    /// use robots_fetch::{FetchSettings, RobotsFetch};
    /// let settings = FetchSettings::default().with_body_prefix(16);
    /// let mut fetch = RobotsFetch::new("https://example.com/", &settings)?;
    /// fetch.receive_head(200, []);
    /// fetch.receive_body(b"<!DOCTYPE html><html><body>Not found</body></html>");
    /// fetch.end_body();
    /// assert_eq!(fetch.finish().body_prefix, b"<!DOCTYPE html><");
    /// # Ok::<(), robots_fetch::FetchError>(())
    /// ```
    #[must_use]
    pub fn with_body_prefix(mut self, bytes: usize) -> Self {
        self.body_prefix = bytes;
        self
    }

    /// How many bytes of a 2xx body the outcome keeps (see [`with_body_prefix`](Self::with_body_prefix)).
    pub fn body_prefix(&self) -> usize {
        self.body_prefix
    }

    /// The fetch profile.
    pub fn profile(&self) -> FetchProfile {
        self.profile
    }

    /// The parse limit in bytes.
    pub fn max_bytes(&self) -> usize {
        self.max_bytes
    }

    /// Redirect hops followed.
    pub fn max_redirects(&self) -> u8 {
        self.max_redirects
    }

    /// The whole-fetch time limit.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// The `User-Agent` header.
    pub fn user_agent(&self) -> &str {
        &self.user_agent
    }

    /// The `Accept` header.
    pub fn accept(&self) -> &str {
        &self.accept
    }

    /// Whether 401 and 403 disallow all.
    pub fn auth_errors_disallow(&self) -> bool {
        self.auth_errors_disallow
    }

    /// The outage grace period.
    pub fn outage_grace(&self) -> Duration {
        self.outage_grace
    }

    /// What happens after the outage grace period.
    pub fn long_outage(&self) -> LongOutage {
        self.long_outage
    }

    /// The lifetime of an answer: `max-age` within the bounds, else the default.
    pub(crate) fn lifetime(&self, max_age: Option<Duration>) -> Duration {
        match max_age {
            Some(age) => age.clamp(self.min_ttl, self.max_ttl),
            None => self.default_ttl,
        }
    }

    /// The delay before retrying after `failures` failures in a row (1 or more):
    /// the initial delay doubled per earlier failure, at most the maximum; a
    /// server's `Retry-After` lengthens it, still within the maximum.
    pub(crate) fn retry_after(&self, failures: u32, asked: Option<Duration>) -> Duration {
        let doublings = failures.saturating_sub(1).min(32);
        let backoff = self
            .retry_initial
            .checked_mul(1u32 << doublings.min(31))
            .unwrap_or(self.retry_max)
            .min(self.retry_max);
        match asked {
            Some(asked) => backoff.max(asked.min(self.retry_max)),
            None => backoff,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lifetimes_clamp_max_age() {
        let policy = FetchSettings::default();
        assert_eq!(policy.lifetime(None), DAY);
        assert_eq!(
            policy.lifetime(Some(Duration::ZERO)),
            Duration::from_secs(60)
        );
        assert_eq!(policy.lifetime(Some(DAY * 9)), DAY);
        assert_eq!(
            policy.lifetime(Some(Duration::from_secs(600))),
            Duration::from_secs(600)
        );
    }

    #[test]
    fn backoff_doubles_to_its_maximum() {
        let policy = FetchSettings::default();
        let minutes = |n: u64| Duration::from_secs(60 * n);
        assert_eq!(policy.retry_after(1, None), minutes(1));
        assert_eq!(policy.retry_after(2, None), minutes(2));
        assert_eq!(policy.retry_after(4, None), minutes(8));
        assert_eq!(policy.retry_after(7, None), minutes(60));
        assert_eq!(policy.retry_after(u32::MAX, None), minutes(60));
        assert_eq!(policy.retry_after(1, Some(minutes(5))), minutes(5));
        assert_eq!(policy.retry_after(1, Some(minutes(500))), minutes(60));
    }

    #[test]
    fn profiles_round_trip_by_name() {
        for p in FetchProfile::ALL {
            assert_eq!(p.name().parse::<FetchProfile>(), Ok(p));
        }
        assert_eq!("GOOGLE".parse::<FetchProfile>(), Ok(FetchProfile::Google));
        assert!("draft1996".parse::<FetchProfile>().is_err());
    }
}
