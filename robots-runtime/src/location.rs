//! Where a site's robots.txt lives.

use std::fmt;

/// The page URL could not give a robots.txt location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidPageUrl {
    reason: String,
}

impl fmt::Display for InvalidPageUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no robots.txt location for this URL: {}", self.reason)
    }
}

impl std::error::Error for InvalidPageUrl {}

/// The robots.txt URL that governs `page_url`: same scheme, host and port, path
/// `/robots.txt`, no user info, query or fragment (RFC 9309 section 2.3).
///
/// ```
/// use robots_runtime::robots_txt_url;
/// assert_eq!(
///     robots_txt_url("https://user:pw@Example.COM:443/a/b?q=1#top").unwrap(),
///     "https://example.com/robots.txt"
/// );
/// assert_eq!(robots_txt_url("http://example.com:8080/x").unwrap(), "http://example.com:8080/robots.txt");
/// assert!(robots_txt_url("mailto:someone@example.com").is_err());
/// assert!(robots_txt_url("/relative/path").is_err());
/// ```
pub fn robots_txt_url(page_url: &str) -> Result<String, InvalidPageUrl> {
    let mut url = url::Url::parse(page_url).map_err(|e| InvalidPageUrl {
        reason: e.to_string(),
    })?;
    if url.cannot_be_a_base() || url.host().is_none() {
        return Err(InvalidPageUrl {
            reason: "it has no host".into(),
        });
    }
    // Neither can fail on a URL with a host.
    let _ = url.set_username("");
    let _ = url.set_password(None);
    url.set_path("/robots.txt");
    url.set_query(None);
    url.set_fragment(None);
    Ok(url.into())
}
