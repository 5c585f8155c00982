//! URLs: the part of a URL that robots.txt rules match against.
//!
//! Everything here works on raw bytes: inputs may be non-UTF-8, contain NUL
//! bytes or be arbitrarily long. All functions run in linear time and never
//! panic.

use alloc::borrow::Cow;
use alloc::vec::Vec;
use bstr::{BStr, BString};

/// Returns the first position of one of the path/params/query delimiters
/// (`/`, `?`, `;`) in `haystack`.
///
/// A plain loop: the delimiters looked for end a scheme or a host, a few
/// bytes in, where a vector search costs more to set up than it saves.
#[inline]
fn find_path_delimiter(haystack: &[u8]) -> Option<usize> {
    haystack
        .iter()
        .position(|&b| matches!(b, b'/' | b'?' | b';'))
}

/// Returns the path, params and query of `url`, with the fragment dropped, as
/// [`BStr`] (it prints as text, and derefs to the bytes).
///
/// This is how every check reads a URL, under every profile. So anything
/// before the first `/`, `?` or `;` is a host, even without a scheme:
/// `example.com/private/x` gives `/private/x`, and `private/x` gives `/x`.
///
/// This is exactly Google's robotstxt `GetPathParamsQuery`:
///
/// - a leading `//` (protocol-relative URL) is skipped;
/// - a `://` only marks the end of a protocol if no `/`, `?` or `;` appears
///   before it;
/// - the result starts at the first `/`, `?` or `;` after the protocol (or
///   after the start, when there is no protocol), and ends before the first
///   `#`;
/// - if there is no such delimiter, or a `#` comes before it, the result is
///   `/`;
/// - if the result would start with `?` or `;`, a `/` is prepended. This is
///   the only case that allocates; otherwise the result borrows from `url`.
///
/// # Examples
///
/// ```
/// use robots_runtime::url::path_from_url;
///
/// assert_eq!(*path_from_url(b"http://www.example.com/a/b?c=d#frag"), "/a/b?c=d");
/// assert_eq!(*path_from_url(b"http://www.example.com"), "/");
/// assert_eq!(*path_from_url(b"example.com/private/x"), "/private/x");
/// assert_eq!(*path_from_url(b"private/x"), "/x");
/// assert_eq!(*path_from_url(b"example.com?a"), "/?a");
/// assert_eq!(*path_from_url(b"//host/b/c"), "/b/c");
/// assert_eq!(*path_from_url(b""), "/");
/// assert_eq!(path_from_url(b"/caf\xc3\xa9").to_string(), "/café");
/// ```
pub fn path_from_url(url: &[u8]) -> Cow<'_, BStr> {
    const ROOT: &[u8] = b"/";

    // Initial two slashes are ignored.
    let search_start = if url.starts_with(b"//") { 2 } else { 0 };
    let rest = url.get(search_start..).unwrap_or_default();

    // Google searches for "://" from `search_start` and discards it if one of
    // "/?;" comes first. A "://" starting before the first delimiter `e` has
    // its '/' at position >= e, so its ':' must sit exactly at `e - 1`. If
    // there is no delimiter at all there is no '/' and hence no "://".
    // Checking that single position keeps this linear without a substring
    // search.
    let protocol_end = match find_path_delimiter(rest) {
        Some(early_path) => match early_path.checked_sub(1) {
            Some(colon) if rest.get(colon..colon + 3) == Some(b"://".as_slice()) => colon + 3,
            _ => 0,
        },
        None => 0,
    };

    // Everything below is relative to `rest` (i.e. to `search_start`).
    let after_protocol = rest.get(protocol_end..).unwrap_or_default();
    let path_start = match find_path_delimiter(after_protocol) {
        Some(p) => protocol_end + p,
        None => return Cow::Borrowed(BStr::new(ROOT)),
    };

    // One search for the fragment: one starting before the path means there
    // is no path at all; one after it ends the path.
    let path = match memchr::memchr(b'#', rest) {
        Some(hash) if hash < path_start => return Cow::Borrowed(BStr::new(ROOT)),
        Some(hash) => rest.get(path_start..hash),
        None => rest.get(path_start..),
    }
    .unwrap_or_default();

    if path.first() == Some(&b'/') {
        Cow::Borrowed(BStr::new(path))
    } else {
        // Prepend a slash if the result would start e.g. with '?'.
        let mut owned = Vec::with_capacity(path.len() + 1);
        owned.push(b'/');
        owned.extend_from_slice(path);
        Cow::Owned(BString::from(owned))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    /// Google's `GetPathParamsQuery` as it is written: searches from the
    /// start (after a leading `//`), with a plain substring search for `://`.
    fn google_reference(url: &[u8]) -> Vec<u8> {
        let find_from =
            |from: usize, hit: &dyn Fn(&[u8]) -> bool| (from..url.len()).find(|&i| hit(&url[i..]));
        let delimiter = |rest: &[u8]| matches!(rest[0], b'/' | b'?' | b';');
        let start = if url.starts_with(b"//") { 2 } else { 0 };
        let early_path = find_from(start, &delimiter);
        let protocol = find_from(start, &|rest: &[u8]| rest.starts_with(b"://"))
            .filter(|&p| early_path.map_or(true, |e| e >= p));
        let after = protocol.map_or(start, |p| p + 3);
        let Some(path_start) = find_from(after, &delimiter) else {
            return b"/".to_vec();
        };
        let hash = find_from(start, &|rest: &[u8]| rest[0] == b'#');
        if hash.is_some_and(|h| h < path_start) {
            return b"/".to_vec();
        }
        let path = &url[path_start..hash.unwrap_or(url.len())];
        if url[path_start] == b'/' {
            path.to_vec()
        } else {
            [b"/".as_slice(), path].concat()
        }
    }

    /// Every URL of up to six bytes over the bytes that matter here (and one
    /// that does not) reads as Google's code reads it.
    #[test]
    fn every_short_url_reads_as_googles_code_does() {
        const BYTES: &[u8] = b"/?;#:a";
        let mut url = Vec::new();
        let mut checked = 0;
        for len in 0..=6u32 {
            for mut n in 0..BYTES.len().pow(len) {
                url.clear();
                for _ in 0..len {
                    url.push(BYTES[n % BYTES.len()]);
                    n /= BYTES.len();
                }
                assert_eq!(
                    &**path_from_url(&url),
                    google_reference(&url).as_slice(),
                    "{:?}",
                    BStr::new(&url)
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 55_987);
    }

    fn path(url: &str) -> Vec<u8> {
        path_from_url(url.as_bytes()).into_owned().into()
    }

    #[test]
    fn google_conformance_cases() {
        let cases: &[(&str, &str)] = &[
            ("", "/"),
            ("http://www.example.com", "/"),
            ("http://www.example.com/", "/"),
            ("http://www.example.com/a", "/a"),
            ("http://www.example.com/a/", "/a/"),
            (
                "http://www.example.com/a/b?c=http://d.e/",
                "/a/b?c=http://d.e/",
            ),
            (
                "http://www.example.com/a/b?c=d&e=f#fragment",
                "/a/b?c=d&e=f",
            ),
            ("example.com", "/"),
            ("example.com/", "/"),
            ("example.com/a", "/a"),
            ("example.com/a/", "/a/"),
            ("example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f"),
            ("a", "/"),
            ("a/", "/"),
            ("/a", "/a"),
            ("a/b", "/b"),
            ("example.com?a", "/?a"),
            ("example.com/a;b#c", "/a;b"),
            ("//a/b/c", "/b/c"),
        ];
        for &(url, expected) in cases {
            assert_eq!(path(url), expected.as_bytes(), "url = {url:?}");
        }
    }

    #[test]
    fn borrows_unless_slash_is_prepended() {
        let url = b"http://h/a?b";
        match path_from_url(url) {
            Cow::Borrowed(p) => {
                assert_eq!(p, "/a?b");
                // Points into the input.
                assert_eq!(p.as_ptr(), url[8..].as_ptr());
            }
            Cow::Owned(_) => panic!("expected a borrowed path"),
        }
        assert!(matches!(path_from_url(b""), Cow::Borrowed(p) if p == "/"));
        assert!(matches!(path_from_url(b"h;p"), Cow::Owned(ref v) if v == "/;p"));
        assert!(matches!(path_from_url(b"h?q"), Cow::Owned(ref v) if v == "/?q"));
    }

    #[test]
    fn fragments() {
        assert_eq!(path("http://h#frag/a"), b"/");
        assert_eq!(path("h#/a"), b"/");
        assert_eq!(path("http://h/#"), b"/");
        assert_eq!(path("http://h/a#b#c"), b"/a");
        assert_eq!(path("http://h?#"), b"/?");
        assert_eq!(path("#"), b"/");
        assert_eq!(path("/#"), b"/");
        // The '#' search starts at search_start too.
        assert_eq!(path("//#/a"), b"/");
    }

    #[test]
    fn protocol_detection() {
        // "://" after a delimiter is not a protocol.
        assert_eq!(path("a/b://c/d"), b"/b://c/d");
        assert_eq!(path("a?b://c/d"), b"/?b://c/d");
        // Arbitrary scheme.
        assert_eq!(path("ftp://h/x"), b"/x");
        assert_eq!(path("://h/x"), b"/x");
        assert_eq!(path("://"), b"/");
        // ":/" alone is not a protocol marker.
        assert_eq!(path("a:/b"), b"/b");
        assert_eq!(path("a:b/c"), b"/c");
        // Only the first "://" counts.
        assert_eq!(path("http://https://h/x"), b"//h/x");
        // Protocol-relative variants.
        assert_eq!(path("//"), b"/");
        assert_eq!(path("///x"), b"/x");
        assert_eq!(path("//://h/x"), b"/x");
        assert_eq!(path("//h"), b"/");
        assert_eq!(path("//h?q"), b"/?q");
        assert_eq!(path("/"), b"/");
        assert_eq!(path("/?"), b"/?");
        assert_eq!(path("?"), b"/?");
        assert_eq!(path(";"), b"/;");
    }

    #[test]
    fn arbitrary_bytes() {
        assert_eq!(
            &*path_from_url(b"http://h\0st/p\0a\xff\xfe?\x80#\x81"),
            b"/p\0a\xff\xfe?\x80"
        );
        assert_eq!(&*path_from_url(b"\xff\xfe"), b"/");
        assert_eq!(&*path_from_url(b"\0/\0"), b"/\0");
        assert_eq!(&*path_from_url(b"h\xc3\xa1/\xc3\xa1"), b"/\xc3\xa1");
    }

    #[test]
    fn very_long_inputs() {
        // No delimiter at all.
        let long = vec![b'a'; 1 << 20];
        assert_eq!(&*path_from_url(&long), b"/");

        // Many ':' characters before the first delimiter.
        let mut colons = vec![b':'; 1 << 20];
        colons.extend_from_slice(b"//h/x");
        assert_eq!(&*path_from_url(&colons), b"/x");

        // A long path is borrowed in full.
        let mut url = b"http://h".to_vec();
        url.extend(
            core::iter::repeat(b"/ab".iter().copied())
                .take(100_000)
                .flatten(),
        );
        url.extend_from_slice(b"#frag");
        let p = path_from_url(&url);
        assert!(matches!(p, Cow::Borrowed(_)));
        assert_eq!(p.len(), 300_000);
        assert_eq!(p.get(..6), Some(b"/ab/ab".as_slice()));
    }
}
