//! Where a robots.txt is fetched from: the page's origin, and redirect targets.
//!
//! URL parsing and resolution is the `url` crate's (WHATWG URL), so hosts are
//! normalised (case, IDNA, IP forms) and default ports dropped exactly as every
//! browser and HTTP client does.

use alloc::string::{String, ToString};
use core::fmt;
use url::Url;

/// A page URL no robots.txt can be fetched for.
///
/// ```
/// use robots_core::fetch::robots_url;
/// let err = robots_url("ftp://example.com/file").unwrap_err();
/// assert_eq!(err.to_string(), "not an http or https URL");
/// assert_eq!(robots_url("/relative").unwrap_err().to_string(), "not an absolute URL");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnfetchableUrl {
    kind: UnfetchableKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum UnfetchableKind {
    Relative,
    Scheme,
    NoHost,
    Invalid(String),
}

impl fmt::Display for UnfetchableUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            UnfetchableKind::Relative => f.write_str("not an absolute URL"),
            UnfetchableKind::Scheme => f.write_str("not an http or https URL"),
            UnfetchableKind::NoHost => f.write_str("the URL has no host"),
            UnfetchableKind::Invalid(why) => write!(f, "invalid URL: {why}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for UnfetchableUrl {}

/// Parse an absolute http(s) URL with a host.
pub(crate) fn parse_http_url(text: &str) -> Result<Url, UnfetchableUrl> {
    let url = Url::parse(text).map_err(|e| UnfetchableUrl {
        kind: match e {
            url::ParseError::RelativeUrlWithoutBase => UnfetchableKind::Relative,
            other => UnfetchableKind::Invalid(other.to_string()),
        },
    })?;
    check_http(&url)?;
    Ok(url)
}

/// An http or https URL with a host.
fn check_http(url: &Url) -> Result<(), UnfetchableUrl> {
    if !matches!(url.scheme(), "http" | "https") {
        return Err(UnfetchableUrl {
            kind: UnfetchableKind::Scheme,
        });
    }
    if url.host().is_none() {
        return Err(UnfetchableUrl {
            kind: UnfetchableKind::NoHost,
        });
    }
    Ok(())
}

/// The robots.txt URL of a parsed page URL: same scheme, host and port, path
/// `/robots.txt`, no user info, query or fragment (RFC 9309 section 2.3).
pub(crate) fn robots_url_of(page: &Url) -> Url {
    let mut url = page.clone();
    // Neither can fail on an http(s) URL with a host.
    let _ = url.set_username("");
    let _ = url.set_password(None);
    url.set_path("/robots.txt");
    url.set_query(None);
    url.set_fragment(None);
    url
}

/// The robots.txt URL that governs `page_url`.
///
/// # Errors
/// When `page_url` is not an absolute http(s) URL with a host.
///
/// ```
/// use robots_core::fetch::robots_url;
/// assert_eq!(
///     robots_url("https://user:pw@Example.COM:443/a/b?q=1#top").unwrap(),
///     "https://example.com/robots.txt"
/// );
/// assert_eq!(robots_url("http://example.com:8080/x").unwrap(), "http://example.com:8080/robots.txt");
/// ```
pub fn robots_url(page_url: &str) -> Result<String, UnfetchableUrl> {
    parse_http_url(page_url).map(|page| robots_url_of(&page).into())
}

/// The origin that scopes a page's robots.txt, `scheme://host[:port]` with the
/// default port left out: the key a cache of policies uses (RFC 9309 section 2.3).
///
/// # Errors
/// When `page_url` is not an absolute http(s) URL with a host.
///
/// ```
/// use robots_core::fetch::origin;
/// assert_eq!(origin("HTTPS://Example.com:443/a?b").unwrap(), "https://example.com");
/// assert_eq!(origin("http://example.com:8080/").unwrap(), "http://example.com:8080");
/// assert!(origin("mailto:x@example.com").is_err());
/// ```
pub fn origin(page_url: &str) -> Result<String, UnfetchableUrl> {
    // The origin depends only on what comes before the path, so only that is
    // parsed when it can be cut off: a long path costs nothing.
    let head =
        authority_end(page_url).map_or(page_url, |end| page_url.get(..end).unwrap_or(page_url));
    parse_http_url(head).map(|page| page.origin().ascii_serialization())
}

/// Where the authority of `scheme://authority/...` ends: the first `/`, `\\`, `?`
/// or `#` after the first `://` (WHATWG URL's authority delimiters for http and
/// https). Cutting there keeps the whole authority, so the origin is unchanged.
/// `None` (parse it all) when the authority would be empty, as in `http:///x`,
/// which the URL standard reads as `http://x/`.
fn authority_end(url: &str) -> Option<usize> {
    let start = url.find("://")? + 3;
    let rest = url.get(start..)?;
    match rest.find(['/', '\\', '?', '#']) {
        Some(0) | None => None,
        Some(at) => Some(start + at),
    }
}

/// Where a redirect leads: `location` resolved against `from`, without its
/// fragment; `None` when it is not a usable http(s) URL.
pub(crate) fn redirect_target(from: &Url, location: &[u8]) -> Option<Url> {
    let location = core::str::from_utf8(location).ok()?;
    let mut url = from.join(location).ok()?;
    check_http(&url).ok()?;
    url.set_fragment(None);
    Some(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redirects_resolve_relative_locations() {
        let from = Url::parse("http://a.example/robots.txt").unwrap();
        let to = |loc: &str| redirect_target(&from, loc.as_bytes()).map(String::from);
        assert_eq!(to("/b.txt").as_deref(), Some("http://a.example/b.txt"));
        assert_eq!(to("b.txt#x").as_deref(), Some("http://a.example/b.txt"));
        assert_eq!(
            to("//b.example:81/r").as_deref(),
            Some("http://b.example:81/r")
        );
        assert_eq!(
            to("https://c.example/").as_deref(),
            Some("https://c.example/")
        );
        assert_eq!(to("ftp://c.example/"), None);
        assert_eq!(to("http://[::1"), None);
        assert_eq!(redirect_target(&from, b"/\xff"), None);
    }

    #[test]
    fn origins_read_only_the_authority() {
        for (url, expected) in [
            ("http://a.example/x/y?z#w", "http://a.example"),
            ("HTTP://A.example:80\\x", "http://a.example"),
            ("https://a.example:8443?q", "https://a.example:8443"),
            ("http://u:p@a.example#f", "http://a.example"),
            ("http:a.example/x", "http://a.example"),
        ] {
            assert_eq!(origin(url).unwrap(), expected, "{url}");
            assert_eq!(
                origin(url).unwrap(),
                Url::parse(url).unwrap().origin().ascii_serialization()
            );
        }
        for url in [
            "http:///x",
            "http:a.example/p?u=http://b.example/c",
            "http://a.example",
            "http:\\\\b.example\\x",
        ] {
            assert_eq!(
                origin(url).unwrap(),
                Url::parse(url).unwrap().origin().ascii_serialization(),
                "{url}"
            );
        }
    }

    #[test]
    fn page_urls_are_checked() {
        assert!(robots_url("https://example.com").is_ok());
        assert_eq!(
            robots_url("file:///etc/passwd").unwrap_err().to_string(),
            "not an http or https URL"
        );
        assert!(robots_url("http://")
            .unwrap_err()
            .to_string()
            .starts_with("invalid URL"));
    }
}
