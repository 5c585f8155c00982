//! Where a site's robots.txt lives.

use crate::{Error, ErrorKind};

fn invalid(reason: impl core::fmt::Display) -> Error {
    robots_core::__private::error(
        ErrorKind::InvalidUrl,
        format!("no robots.txt location for this URL: {reason}"),
    )
}

/// The robots.txt URL that governs `page_url`: same scheme, host and port, path
/// `/robots.txt`, no user info, query or fragment (RFC 9309 section 2.3).
///
/// # Errors
/// [`ErrorKind::InvalidUrl`](crate::ErrorKind::InvalidUrl) for a URL that does
/// not parse, or one with no host (`mailto:`, a relative path).
///
/// ```
/// use robots_runtime::{url::robots_txt_url, ErrorKind};
/// assert_eq!(
///     robots_txt_url("https://user:pw@Example.COM:443/a/b?q=1#top").unwrap(),
///     "https://example.com/robots.txt"
/// );
/// assert_eq!(robots_txt_url("http://example.com:8080/x").unwrap(), "http://example.com:8080/robots.txt");
/// assert!(robots_txt_url("mailto:someone@example.com").is_err());
/// assert_eq!(robots_txt_url("/relative/path").unwrap_err().kind(), ErrorKind::InvalidUrl);
/// ```
pub fn robots_txt_url(page_url: &str) -> Result<String, Error> {
    let mut url = url::Url::parse(page_url).map_err(invalid)?;
    if url.cannot_be_a_base() || url.host().is_none() {
        return Err(invalid("it has no host"));
    }
    // Neither can fail on a URL with a host.
    let _ = url.set_username("");
    let _ = url.set_password(None);
    url.set_path("/robots.txt");
    url.set_query(None);
    url.set_fragment(None);
    Ok(url.into())
}
