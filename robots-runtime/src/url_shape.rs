//! What a URL line given to a checker looks like: a plain path, an absolute
//! http(s) URL, or something a profile still reads, but oddly.
//!
//! A checker takes any bytes as a URL: every profile takes the path out of it
//! as Google's library does ([`path_from_url`]), so `ftp://host/x` is checked
//! as `/x` and `not a url at all` as `/`. The verdict is right for the path
//! read; the point of [`url_shape`] is to say when that path is probably not
//! what the caller meant, so a tool can warn (`robots check` does) without
//! changing a verdict.

use crate::url::path_from_url;
use std::borrow::Cow;
use std::fmt;

/// How a URL line reads: [`url_shape`]'s answer.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UrlShape {
    /// The empty line, which checkers read as `/` (documented).
    Empty,
    /// A path: starts with one `/`.
    Path,
    /// An absolute `http` or `https` URL whose authority parses.
    HttpUrl,
    /// A NUL or other control byte, at this byte offset.
    ControlByte {
        /// The byte.
        byte: u8,
        /// Its offset in the line.
        at: usize,
    },
    /// Bytes that are not UTF-8, starting at this byte offset.
    InvalidUtf8 {
        /// The offset of the first invalid byte.
        at: usize,
    },
    /// An `http(s)://` URL whose authority (host, port) does not parse, as
    /// `http://[::1`.
    MalformedAuthority {
        /// Why, as the WHATWG URL parser (the `url` crate) says it.
        reason: String,
    },
    /// A URL of another scheme (`ftp://host/x`, `mailto:x`).
    OtherScheme {
        /// The scheme, as written.
        scheme: String,
    },
    /// A protocol-relative URL (`//host/x`): the host is skipped.
    ProtocolRelative,
    /// A `%` not followed by two hex digits, at this byte offset.
    BadPercentEscape {
        /// The offset of the `%`.
        at: usize,
    },
    /// Neither a path nor a URL (`example.com/x`, `not a url at all`).
    NotPathOrUrl,
}

impl UrlShape {
    /// Whether the line reads as meant: a path, an http(s) URL, or the empty line.
    ///
    /// ```
    /// use robots_runtime::url::{url_shape, UrlShape};
    /// assert!(url_shape(b"/a?b").is_plain());
    /// assert!(url_shape(b"https://example.com/a").is_plain());
    /// assert!(!url_shape(b"ftp://host/x").is_plain());
    /// ```
    pub fn is_plain(&self) -> bool {
        matches!(self, UrlShape::Empty | UrlShape::Path | UrlShape::HttpUrl)
    }

    /// The stable kebab-case name of the shape, for JSON and tests.
    pub fn name(&self) -> &'static str {
        match self {
            UrlShape::Empty => "empty",
            UrlShape::Path => "path",
            UrlShape::HttpUrl => "http-url",
            UrlShape::ControlByte { .. } => "control-byte",
            UrlShape::InvalidUtf8 { .. } => "invalid-utf8",
            UrlShape::MalformedAuthority { .. } => "malformed-authority",
            UrlShape::OtherScheme { .. } => "other-scheme",
            UrlShape::ProtocolRelative => "protocol-relative",
            UrlShape::BadPercentEscape { .. } => "bad-percent-escape",
            UrlShape::NotPathOrUrl => "not-path-or-url",
        }
    }
}

/// What is odd about the line, in words (empty for a plain line):
/// `is not an http(s) URL (scheme ftp)`.
impl fmt::Display for UrlShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UrlShape::Empty => f.write_str("is empty, read as `/`"),
            UrlShape::Path => f.write_str("is a path"),
            UrlShape::HttpUrl => f.write_str("is an http(s) URL"),
            UrlShape::ControlByte { byte, at } => {
                write!(f, "holds the control byte \\x{byte:02x} at byte {at}")
            }
            UrlShape::InvalidUtf8 { at } => write!(f, "is not UTF-8 (from byte {at})"),
            UrlShape::MalformedAuthority { reason } => {
                write!(f, "is an http(s) URL whose host does not parse ({reason})")
            }
            UrlShape::OtherScheme { scheme } => {
                write!(f, "is not an http(s) URL (scheme {scheme})")
            }
            UrlShape::ProtocolRelative => {
                f.write_str("is a protocol-relative URL: its host is skipped")
            }
            UrlShape::BadPercentEscape { at } => {
                write!(
                    f,
                    "has a `%` at byte {at} that is not followed by two hex digits"
                )
            }
            UrlShape::NotPathOrUrl => f.write_str("is neither a path (`/…`) nor an http(s) URL"),
        }
    }
}

/// The shape of one URL line, and the path checkers take out of it.
///
/// The first oddity found is the one reported, in this order: control bytes
/// and invalid UTF-8, then a scheme or host problem, then percent-escapes, then
/// a line that is neither a path nor a URL.
/// Linear in the line's length; never panics.
///
/// ```
/// use robots_runtime::url::{url_shape, UrlShape};
/// assert_eq!(url_shape(b"/a%2Fb"), UrlShape::Path);
/// assert_eq!(url_shape(b"ftp://host/x"), UrlShape::OtherScheme { scheme: "ftp".into() });
/// assert_eq!(url_shape(b"%zz/private"), UrlShape::BadPercentEscape { at: 0 });
/// assert_eq!(url_shape(b"a\0b"), UrlShape::ControlByte { byte: 0, at: 1 });
/// assert!(matches!(url_shape(b"http://[::1"), UrlShape::MalformedAuthority { .. }));
/// assert_eq!(url_shape(b"example.com/x"), UrlShape::NotPathOrUrl);
/// ```
pub fn url_shape(line: &[u8]) -> UrlShape {
    if line.is_empty() {
        return UrlShape::Empty;
    }
    if let Some(at) = line.iter().position(|&b| b.is_ascii_control()) {
        return UrlShape::ControlByte {
            byte: line.get(at).copied().unwrap_or(0),
            at,
        };
    }
    let text = match std::str::from_utf8(line) {
        Ok(text) => text,
        Err(e) => {
            return UrlShape::InvalidUtf8 {
                at: e.valid_up_to(),
            }
        }
    };
    let shape = shape_of(text);
    // A bad escape is the more telling oddity of a line that is a path, a URL,
    // or neither (`%zz/private`); a scheme or host problem comes first.
    if !matches!(
        shape,
        UrlShape::Path | UrlShape::HttpUrl | UrlShape::NotPathOrUrl
    ) {
        return shape;
    }
    match bad_percent_escape(line) {
        Some(at) => UrlShape::BadPercentEscape { at },
        None => shape,
    }
}

/// The path checkers match for `line` (see [`path_from_url`]), as text for a
/// message: lossy UTF-8.
///
/// ```
/// assert_eq!(robots_runtime::url::checked_path(b"ftp://host/x"), "/x");
/// ```
pub fn checked_path(line: &[u8]) -> String {
    match path_from_url(line) {
        Cow::Borrowed(path) => String::from_utf8_lossy(path).into_owned(),
        Cow::Owned(path) => String::from_utf8_lossy(&path).into_owned(),
    }
}

/// The shape of valid, control-free text, percent-escapes aside.
fn shape_of(text: &str) -> UrlShape {
    if text.starts_with("//") {
        return UrlShape::ProtocolRelative;
    }
    if text.starts_with('/') {
        return UrlShape::Path;
    }
    let Some(scheme) = scheme_of(text) else {
        return UrlShape::NotPathOrUrl;
    };
    if scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https") {
        if !text
            .get(scheme.len()..)
            .is_some_and(|rest| rest.starts_with("://"))
        {
            return UrlShape::MalformedAuthority {
                reason: String::from("no `//` after the scheme"),
            };
        }
        return match url::Url::parse(text) {
            Ok(_) => UrlShape::HttpUrl,
            Err(e) => UrlShape::MalformedAuthority {
                reason: e.to_string(),
            },
        };
    }
    UrlShape::OtherScheme {
        scheme: scheme.to_owned(),
    }
}

/// The scheme of `text`, when it starts with one (RFC 3986: a letter, then
/// letters, digits, `+`, `-`, `.`, then `:`). A dotted name followed by `:` and
/// no `//` (`example.com:8080/x`) is a host and port, not a scheme.
fn scheme_of(text: &str) -> Option<&str> {
    let colon = text.find(':')?;
    let scheme = text.get(..colon)?;
    let mut chars = scheme.chars();
    let first_is_letter = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    let rest_ok = chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    let slashes = text
        .get(colon..)
        .is_some_and(|rest| rest.starts_with("://"));
    (first_is_letter && rest_ok && (slashes || !scheme.contains('.'))).then_some(scheme)
}

/// The offset of the first `%` not followed by two hex digits.
fn bad_percent_escape(line: &[u8]) -> Option<usize> {
    line.iter().enumerate().find_map(|(at, &b)| {
        let escape = line.get(at + 1..at + 3);
        let ok = escape.is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit));
        (b == b'%' && !ok).then_some(at)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_of_the_issue() {
        let cases: &[(&[u8], &str)] = &[
            (b"", "empty"),
            (b"/", "path"),
            (b"/a?b=%2F", "path"),
            (b"https://example.com/a", "http-url"),
            (b"HTTP://example.com", "http-url"),
            (b"http://[::1", "malformed-authority"),
            (b"http://exa mple.com/", "malformed-authority"),
            (b"http:/x", "malformed-authority"),
            (b"ftp://host/x", "other-scheme"),
            (b"mailto:someone", "other-scheme"),
            (b"not a url at all", "not-path-or-url"),
            (b"example.com/x", "not-path-or-url"),
            (b"example.com:8080/x", "not-path-or-url"),
            (b"%zz/private", "bad-percent-escape"),
            (b"/a%", "bad-percent-escape"),
            (b"https://e.com/%g1", "bad-percent-escape"),
            (b"/a\0b", "control-byte"),
            (b"/a\tb", "control-byte"),
            (b"/a\xffb", "invalid-utf8"),
            (b"//host/b", "protocol-relative"),
            (b"/caf\xc3\xa9", "path"),
        ];
        for &(line, name) in cases {
            let shape = url_shape(line);
            assert_eq!(shape.name(), name, "{:?}", line.escape_ascii().to_string());
            assert_eq!(
                shape.is_plain(),
                matches!(name, "empty" | "path" | "http-url")
            );
        }
    }

    #[test]
    fn offsets_and_paths() {
        assert_eq!(url_shape(b"/ok\xfe"), UrlShape::InvalidUtf8 { at: 3 });
        assert_eq!(url_shape(b"/x%4"), UrlShape::BadPercentEscape { at: 2 });
        assert_eq!(checked_path(b"not a url at all"), "/");
        assert_eq!(checked_path(b"%zz/private"), "/private");
        assert_eq!(
            url_shape(b"ftp://host/x").to_string(),
            "is not an http(s) URL (scheme ftp)"
        );
    }
}
