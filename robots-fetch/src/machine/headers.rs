//! The few response headers a robots.txt fetch reads: `Location`, `Cache-Control`,
//! `ETag`, `Last-Modified` and `Retry-After`.
//!
//! Header values are untrusted bytes: anything that is not what it should be is
//! ignored, never an error. No `no_std` crate parses these, and the fetch needs
//! only the two `Cache-Control` directives, so the scan is written here.

use alloc::string::String;
use alloc::vec::Vec;
use core::time::Duration;

/// What the response headers say, as far as a robots.txt fetch cares.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ResponseHeaders {
    /// The last `Location` value (redirect target, unresolved).
    pub location: Option<Vec<u8>>,
    /// `Cache-Control: max-age` (the first one given); `no-cache` counts as zero.
    pub max_age: Option<Duration>,
    /// `Cache-Control: no-store`.
    pub no_store: bool,
    /// The entity tag, as sent.
    pub etag: Option<String>,
    /// `Last-Modified`, as sent.
    pub last_modified: Option<String>,
    /// `Retry-After` in seconds (the HTTP-date form is ignored).
    pub retry_after: Option<Duration>,
}

impl ResponseHeaders {
    /// Read the headers that matter from `(name, value)` pairs.
    pub fn read<'h>(headers: impl IntoIterator<Item = (&'h [u8], &'h [u8])>) -> Self {
        let mut out = ResponseHeaders::default();
        for (name, value) in headers {
            let value = trim(value);
            if name.eq_ignore_ascii_case(b"location") {
                out.location = Some(value.to_vec());
            } else if name.eq_ignore_ascii_case(b"cache-control") {
                out.read_cache_control(value);
            } else if name.eq_ignore_ascii_case(b"etag") {
                out.etag = header_text(value);
            } else if name.eq_ignore_ascii_case(b"last-modified") {
                out.last_modified = header_text(value);
            } else if name.eq_ignore_ascii_case(b"retry-after") {
                out.retry_after = seconds(value);
            }
        }
        out
    }

    /// Read one `Cache-Control` value: comma-separated directives, names in any case.
    fn read_cache_control(&mut self, value: &[u8]) {
        for directive in value.split(|&b| b == b',') {
            let directive = trim(directive);
            let (name, argument) = match directive.iter().position(|&b| b == b'=') {
                Some(at) => (
                    trim(directive.get(..at).unwrap_or_default()),
                    directive.get(at + 1..).map(trim),
                ),
                None => (directive, None),
            };
            if name.eq_ignore_ascii_case(b"no-store") {
                self.no_store = true;
            } else if name.eq_ignore_ascii_case(b"no-cache") {
                self.max_age = self.max_age.or(Some(Duration::ZERO));
            } else if name.eq_ignore_ascii_case(b"max-age") {
                let quoted = argument.map(|a| a.strip_prefix(b"\"").unwrap_or(a));
                let bare = quoted.map(|a| a.strip_suffix(b"\"").unwrap_or(a));
                if let Some(age) = bare.and_then(seconds) {
                    self.max_age = self.max_age.or(Some(age));
                }
            }
        }
    }
}

/// A whole-number count of seconds (saturating), or `None` when not all digits.
fn seconds(value: &[u8]) -> Option<Duration> {
    if value.is_empty() || !value.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let secs = value.iter().fold(0u64, |acc, &d| {
        acc.saturating_mul(10).saturating_add(u64::from(d - b'0'))
    });
    Some(Duration::from_secs(secs))
}

/// A header value to send back later: visible ASCII and spaces only, at most 1 KiB.
fn header_text(value: &[u8]) -> Option<String> {
    let sendable = !value.is_empty()
        && value.len() <= 1024
        && value
            .iter()
            .all(|&b| b == b' ' || b == b'\t' || b.is_ascii_graphic());
    sendable
        .then(|| core::str::from_utf8(value).ok().map(String::from))
        .flatten()
}

/// `value` without leading and trailing spaces and tabs.
fn trim(value: &[u8]) -> &[u8] {
    let is_space = |b: &u8| *b == b' ' || *b == b'\t';
    let start = value
        .iter()
        .position(|b| !is_space(b))
        .unwrap_or(value.len());
    let end = value
        .iter()
        .rposition(|b| !is_space(b))
        .map_or(start, |e| e + 1);
    value.get(start..end).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(pairs: &[(&str, &str)]) -> ResponseHeaders {
        ResponseHeaders::read(pairs.iter().map(|(n, v)| (n.as_bytes(), v.as_bytes())))
    }

    #[test]
    fn cache_control_directives() {
        let h = read(&[("Cache-Control", "public, Max-Age=600, must-revalidate")]);
        assert_eq!(h.max_age, Some(Duration::from_secs(600)));
        assert!(!h.no_store);
        let h = read(&[
            ("cache-control", "no-store"),
            ("CACHE-CONTROL", "max-age=\"30\""),
        ]);
        assert!(h.no_store);
        assert_eq!(h.max_age, Some(Duration::from_secs(30)));
        assert_eq!(
            read(&[("cache-control", "no-cache")]).max_age,
            Some(Duration::ZERO)
        );
        // The first max-age wins; junk is ignored.
        let h = read(&[("cache-control", "max-age=x, max-age=5, max-age=9")]);
        assert_eq!(h.max_age, Some(Duration::from_secs(5)));
        let h = read(&[("cache-control", "max-age=99999999999999999999999")]);
        assert_eq!(h.max_age, Some(Duration::from_secs(u64::MAX)));
    }

    #[test]
    fn validators_and_location() {
        let h = read(&[
            ("ETag", " \"abc\" "),
            ("Last-Modified", "Wed, 21 Oct 2015 07:28:00 GMT"),
            ("Location", "/elsewhere"),
            ("Retry-After", "120"),
        ]);
        assert_eq!(h.etag.as_deref(), Some("\"abc\""));
        assert_eq!(
            h.last_modified.as_deref(),
            Some("Wed, 21 Oct 2015 07:28:00 GMT")
        );
        assert_eq!(h.location.as_deref(), Some(&b"/elsewhere"[..]));
        assert_eq!(h.retry_after, Some(Duration::from_secs(120)));
        // Not sendable back: ignored.
        let h = ResponseHeaders::read([(&b"etag"[..], &b"\"a\nb\""[..])]);
        assert_eq!(h.etag, None);
        assert_eq!(
            read(&[("retry-after", "Fri, 31 Dec 1999 23:59:59 GMT")]).retry_after,
            None
        );
    }
}
