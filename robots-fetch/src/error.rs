//! The one error type of fetching: an opaque struct over a private kind, as
//! `robots_core::Error` is for the engine, so a new way to fail is never a
//! breaking change.

use alloc::string::String;
#[cfg(any(feature = "reqwest", feature = "ureq"))]
use alloc::string::ToString;
use core::fmt;

/// Why a fetch could not start: a page URL no robots.txt can be fetched for, an
/// unknown fetch profile name, or an HTTP client that could not be set up.
/// Everything that happens once a request is sent (a refused connection, a
/// 503, a timeout) is an [`Outcome`](crate::Outcome), never an error.
///
/// ```
/// use robots_fetch::{robots_txt_url, FetchProfile};
/// let err = robots_txt_url("ftp://example.com/file").unwrap_err();
/// assert_eq!(err.to_string(), "not an http or https URL");
/// assert_eq!(robots_txt_url("/relative").unwrap_err().to_string(), "not an absolute URL");
/// let err = "bing".parse::<FetchProfile>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown fetch profile: expected rfc9309 or google");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FetchError {
    kind: Kind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A URL without a scheme.
    RelativeUrl,
    /// A scheme other than http and https.
    Scheme,
    /// A URL that names no host (`http:///x` cannot parse; `data:` has none).
    NoHost,
    /// What the URL parser said.
    InvalidUrl(String),
    /// A fetch profile name that is neither `rfc9309` nor `google`.
    UnknownProfile,
    /// What the HTTP client said about its set-up (TLS roots, for one).
    #[cfg_attr(not(any(feature = "reqwest", feature = "ureq")), allow(dead_code))]
    Client(String),
}

impl FetchError {
    pub(crate) fn new(kind: Kind) -> FetchError {
        FetchError { kind }
    }

    /// An HTTP client that could not be set up, and why.
    #[cfg(any(feature = "reqwest", feature = "ureq"))]
    pub(crate) fn client(why: impl fmt::Display) -> FetchError {
        FetchError::new(Kind::Client(why.to_string()))
    }

    /// Whether the error is about the page URL (not absolute, not http(s), no
    /// host, or not a URL at all), rather than a profile name or the client.
    pub fn is_url(&self) -> bool {
        matches!(
            self.kind,
            Kind::RelativeUrl | Kind::Scheme | Kind::NoHost | Kind::InvalidUrl(_)
        )
    }
}

impl fmt::Display for FetchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            Kind::RelativeUrl => f.write_str("not an absolute URL"),
            Kind::Scheme => f.write_str("not an http or https URL"),
            Kind::NoHost => f.write_str("the URL has no host"),
            Kind::InvalidUrl(why) => write!(f, "invalid URL: {why}"),
            Kind::UnknownProfile => {
                f.write_str("unknown fetch profile: expected rfc9309 or google")
            }
            Kind::Client(why) => write!(f, "cannot set up the HTTP client: {why}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for FetchError {}
