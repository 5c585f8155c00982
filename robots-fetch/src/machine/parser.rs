//! The one URL operation the state machine needs from a URL parser: parse a
//! string, absolute or against a base, as the WHATWG URL standard says. Every
//! decision built on it (which schemes, the robots.txt URL, the origin, where a
//! redirect leads) is made once, in `target.rs`, whatever parser answers.
//!
//! With the `url` feature the parser is the `url` crate's ([`UrlCrate`]), as
//! every native user gets it. A host that has a WHATWG URL parser of its own
//! (a JavaScript engine's `URL` class) passes that one instead
//! ([`RobotsFetch::with_parser`](crate::RobotsFetch::with_parser)), and the
//! `url` crate is not built at all.

use alloc::string::String;
use core::fmt;

/// A WHATWG URL parser, for the fetch state machine.
///
/// The machine asks it to parse page URLs and to resolve redirect `Location`s,
/// and reads three parts of the answer ([`ParsedUrl`]). The input is untrusted:
/// an implementation answers every string, never panics, and says why a string
/// is not a URL in its error.
///
/// ```
/// use robots_fetch::{ParsedUrl, UrlParser};
///
/// /// A parser that knows one URL: enough to drive the machine in a test.
/// #[derive(Debug)]
/// struct OneUrl;
///
/// impl UrlParser for OneUrl {
///     fn parse(&self, input: &str, base: Option<&str>) -> Result<ParsedUrl, String> {
///         match (input, base) {
///             ("https://example.com/a", None) => Ok(ParsedUrl::new(
///                 "https://example.com/a".into(),
///                 "https".into(),
///                 "example.com".into(),
///             )),
///             _ => Err("not the one URL".into()),
///         }
///     }
/// }
///
/// use robots_fetch::{Action, FetchSettings, Previous, RobotsFetch};
/// let fetch = RobotsFetch::with_parser("https://example.com/a", &FetchSettings::default(), Previous::default(), &OneUrl)?;
/// let Action::Send(request) = fetch.action() else { unreachable!() };
/// assert_eq!(request.url(), "https://example.com/robots.txt");
/// let err = RobotsFetch::with_parser("https://example.com/b", &FetchSettings::default(), Previous::default(), &OneUrl).unwrap_err();
/// assert_eq!(err.to_string(), "invalid URL: not the one URL");
/// # Ok::<(), robots_fetch::FetchError>(())
/// ```
pub trait UrlParser: fmt::Debug + Send + Sync {
    /// Parse `input` as the URL standard's basic URL parser does: resolved
    /// against `base` when one is given, else as an absolute URL.
    ///
    /// # Errors
    /// When the standard says `input` is not a URL (resolved against `base`):
    /// why, in words for a person (it ends up in a [`FetchError`](crate::FetchError)'s
    /// message). A relative `input` without a base is such an error; the machine
    /// tells it apart by itself.
    fn parse(&self, input: &str, base: Option<&str>) -> Result<ParsedUrl, String>;
}

/// What the state machine reads of a parsed URL: its serialisation and the
/// parts that decide where its robots.txt is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedUrl {
    href: String,
    scheme: String,
    host: String,
}

impl ParsedUrl {
    /// A parsed URL from its serialisation (`href`), its `scheme` (lowercase,
    /// without the `:`) and its `host` with the port when it is not the
    /// scheme's default, as serialised (ASCII, IPv6 in brackets; empty when
    /// the URL has none). These are the WHATWG `URL` class's `href`, `protocol`
    /// (without its `:`) and `host`.
    ///
    /// ```
    /// use robots_fetch::ParsedUrl;
    /// let url = ParsedUrl::new("http://[::1]:8080/x".into(), "http".into(), "[::1]:8080".into());
    /// assert_eq!(url.host(), "[::1]:8080");
    /// ```
    pub fn new(href: String, scheme: String, host: String) -> ParsedUrl {
        ParsedUrl { href, scheme, host }
    }

    /// The serialisation.
    pub fn href(&self) -> &str {
        &self.href
    }

    /// The scheme, lowercase, without the `:`.
    pub fn scheme(&self) -> &str {
        &self.scheme
    }

    /// The host and non-default port, as serialised; empty when there is no host.
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The serialisation, taken.
    pub(crate) fn into_href(self) -> String {
        self.href
    }
}

/// The `url` crate's WHATWG URL parser: what [`RobotsFetch::new`](crate::RobotsFetch::new)
/// and the free functions of this crate use.
///
/// ```
/// use robots_fetch::{UrlCrate, UrlParser};
/// let url = UrlCrate.parse("b.txt", Some("HTTP://Example.COM:80/a/robots.txt")).unwrap();
/// assert_eq!(url.href(), "http://example.com/a/b.txt");
/// assert_eq!((url.scheme(), url.host()), ("http", "example.com"));
/// assert_eq!(UrlCrate.parse("http://[::1", None).unwrap_err(), "invalid IPv6 address");
/// ```
#[cfg(feature = "url")]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UrlCrate;

#[cfg(feature = "url")]
impl UrlParser for UrlCrate {
    fn parse(&self, input: &str, base: Option<&str>) -> Result<ParsedUrl, String> {
        use alloc::string::ToString;
        use url::{Position, Url};

        let url = match base {
            None => Url::parse(input),
            Some(base) => Url::parse(base).and_then(|base| base.join(input)),
        }
        .map_err(|e| e.to_string())?;
        let scheme = String::from(url.scheme());
        // `host[:port]` exactly as the serialisation writes it.
        let host = String::from(&url[Position::BeforeHost..Position::AfterPort]);
        Ok(ParsedUrl::new(url.into(), scheme, host))
    }
}
