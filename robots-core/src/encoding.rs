//! Percent-encoding normalisations used to compare rule patterns and URL
//! paths.
//!
//! Three comparison forms are provided:
//!
//! - [`google_escape`]: Google's `MaybeEscapePattern` (upper-case existing
//!   escapes, escape non-ASCII octets);
//! - [`decode_percent`]: the RFC 9309 form (decode every valid escape);
//! - [`decode_percent_except_slash`]: the 1996-draft form (decode every valid
//!   escape except `%2F` and `%25`, which stay encoded).
//!
//! All functions accept arbitrary bytes, run in linear time, never panic and
//! borrow their input when no change is needed.

use alloc::borrow::Cow;
use alloc::vec::Vec;

/// Value of an ASCII hex digit (either case).
#[inline]
fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Upper-case ASCII hex digit for a nibble (only the low four bits are used).
#[inline]
fn hex_digit_upper(nibble: u8) -> u8 {
    let n = nibble & 0x0f;
    if n < 10 {
        b'0' + n
    } else {
        b'A' + (n - 10)
    }
}

/// If `bytes[i..]` starts with a valid `%HH` escape, returns its two hex
/// digit bytes (as written) and the decoded octet.
#[inline]
fn escape_at(bytes: &[u8], i: usize) -> Option<(u8, u8, u8)> {
    match bytes.get(i..i.checked_add(3)?)? {
        &[b'%', hi, lo] => Some((hi, lo, (hex_value(hi)? << 4) | hex_value(lo)?)),
        _ => None,
    }
}

/// Appends `src[from..to]` to `out` (nothing if the range is invalid).
#[inline]
fn push_range(out: &mut Vec<u8>, src: &[u8], from: usize, to: usize) {
    out.extend_from_slice(src.get(from..to).unwrap_or_default());
}

/// Google's `MaybeEscapePattern`.
///
/// - every `%xx` escape (two hex digits, either case) is upper-cased
///   (`%aa` becomes `%AA`);
/// - every byte `>= 0x80` becomes `%XX` (upper-case hex);
/// - every other byte (including a `%` that does not start a valid escape
///   and NUL) is kept as is.
///
/// The input is borrowed when nothing changes.
///
/// # Examples
///
/// ```
/// use robots_core::encoding::google_escape;
/// use std::borrow::Cow;
///
/// assert_eq!(&*google_escape(b"/a/b/c"), b"/a/b/c");
/// assert!(matches!(google_escape(b"/a/b/c"), Cow::Borrowed(_)));
/// assert_eq!(&*google_escape("á".as_bytes()), b"%C3%A1");
/// assert_eq!(&*google_escape(b"/%aa/%2f"), b"/%AA/%2F");
/// assert_eq!(&*google_escape(b"100%"), b"100%");
/// ```
pub fn google_escape(pattern: &[u8]) -> Cow<'_, [u8]> {
    // The common case: plain ASCII without escapes (both tests are word-at-a-time).
    if pattern.is_ascii() && memchr::memchr(b'%', pattern).is_none() {
        return Cow::Borrowed(pattern);
    }
    let mut out: Vec<u8> = Vec::new();
    // `pattern[..written]` is already reflected in `out`. Every change sets
    // `written` to at least 1, so `written == 0` means "unchanged".
    let mut written = 0;
    let mut i = 0;
    while let Some(&b) = pattern.get(i) {
        if b == b'%' {
            if let Some((hi, lo, _)) = escape_at(pattern, i) {
                if hi.is_ascii_lowercase() || lo.is_ascii_lowercase() {
                    if written == 0 {
                        out.reserve_exact(google_escaped_len(pattern));
                    }
                    push_range(&mut out, pattern, written, i);
                    out.extend_from_slice(&[
                        b'%',
                        hi.to_ascii_uppercase(),
                        lo.to_ascii_uppercase(),
                    ]);
                    written = i + 3;
                }
                i += 3;
                continue;
            }
        } else if b >= 0x80 {
            if written == 0 {
                out.reserve_exact(google_escaped_len(pattern));
            }
            push_range(&mut out, pattern, written, i);
            out.extend_from_slice(&[b'%', hex_digit_upper(b >> 4), hex_digit_upper(b)]);
            written = i + 1;
        }
        i += 1;
    }
    if written == 0 {
        Cow::Borrowed(pattern)
    } else {
        push_range(&mut out, pattern, written, pattern.len());
        Cow::Owned(out)
    }
}

/// Length of [`google_escape`]`(pattern)` without building it.
///
/// Upper-casing an escape keeps its length, and escape sequences only ever
/// consume ASCII bytes, so this is the input length plus two for every byte
/// `>= 0x80`.
///
/// # Examples
///
/// ```
/// use robots_core::encoding::{google_escape, google_escaped_len};
///
/// assert_eq!(google_escaped_len(b"/a/b"), 4);
/// assert_eq!(google_escaped_len("/á".as_bytes()), 7);
/// assert_eq!(google_escaped_len(b"%aa"), 3);
/// let p = b"/x\xff%2f";
/// assert_eq!(google_escaped_len(p), google_escape(p).len());
/// ```
pub fn google_escaped_len(pattern: &[u8]) -> usize {
    let high = pattern.iter().filter(|&&b| b >= 0x80).count();
    // Cannot overflow for any slice that fits in memory (len <= isize::MAX,
    // high <= len), but stay panic-free regardless.
    pattern.len().saturating_add(high.saturating_mul(2))
}

/// Shared single-pass decoder. `keep` decides, for a decoded octet, whether
/// the escape must stay encoded (normalised to upper-case hex) instead.
fn decode_with(bytes: &[u8], keep: impl Fn(u8) -> bool) -> Cow<'_, [u8]> {
    let mut out: Vec<u8> = Vec::new();
    // `bytes[..written]` is already reflected in `out`; every change sets
    // `written` to 3 or more, so `written == 0` means "unchanged".
    let mut written = 0;
    let mut i = 0;
    while let Some(rel) = bytes.get(i..).and_then(|rest| memchr::memchr(b'%', rest)) {
        let p = i + rel;
        match escape_at(bytes, p) {
            Some((hi, lo, value)) => {
                if keep(value) {
                    if hi.is_ascii_lowercase() || lo.is_ascii_lowercase() {
                        if written == 0 {
                            out.reserve_exact(bytes.len());
                        }
                        push_range(&mut out, bytes, written, p);
                        out.extend_from_slice(&[
                            b'%',
                            hi.to_ascii_uppercase(),
                            lo.to_ascii_uppercase(),
                        ]);
                        written = p + 3;
                    }
                } else {
                    if written == 0 {
                        out.reserve_exact(bytes.len());
                    }
                    push_range(&mut out, bytes, written, p);
                    out.push(value);
                    written = p + 3;
                }
                // One pass: decoded output is never re-examined.
                i = p + 3;
            }
            // Invalid escape: keep the '%' and rescan from the next byte.
            None => i = p + 1,
        }
    }
    if written == 0 {
        Cow::Borrowed(bytes)
    } else {
        push_range(&mut out, bytes, written, bytes.len());
        Cow::Owned(out)
    }
}

/// RFC 9309 comparison form: decodes every valid `%HH` escape (either case)
/// to its octet, in a single pass.
///
/// Decoded octets are not re-examined, so `%2541` becomes `%41`, not `A`. An
/// invalid escape (a `%` not followed by two hex digits) is left as is. The
/// input is borrowed when it contains no valid escape (in particular when it
/// contains no `%`).
///
/// # Examples
///
/// ```
/// use robots_core::encoding::decode_percent;
/// use std::borrow::Cow;
///
/// assert_eq!(&*decode_percent(b"/a%2Fb%7e"), b"/a/b~");
/// assert_eq!(&*decode_percent(b"%2541"), b"%41");
/// assert_eq!(&*decode_percent(b"%zz%4"), b"%zz%4");
/// assert_eq!(&*decode_percent(b"%C3%A1"), "á".as_bytes());
/// assert!(matches!(decode_percent(b"/plain"), Cow::Borrowed(_)));
/// ```
pub fn decode_percent(bytes: &[u8]) -> Cow<'_, [u8]> {
    decode_with(bytes, |_| false)
}

/// 1996-draft comparison form: like [`decode_percent`], but `%2F` and `%25`
/// (either case) are kept encoded and upper-cased, so an encoded slash never
/// equals a real `/` (and an encoded `%` never forms a new escape).
///
/// The input is borrowed when nothing changes (in particular when it contains
/// no `%`).
///
/// # Examples
///
/// ```
/// use robots_core::encoding::decode_percent_except_slash;
/// use std::borrow::Cow;
///
/// assert_eq!(&*decode_percent_except_slash(b"/a%2fb%7E"), b"/a%2Fb~");
/// assert_eq!(&*decode_percent_except_slash(b"%2541"), b"%2541");
/// assert_eq!(&*decode_percent_except_slash(b"%41%zz"), b"A%zz");
/// assert!(matches!(decode_percent_except_slash(b"/a%2Fb"), Cow::Borrowed(_)));
/// ```
pub fn decode_percent_except_slash(bytes: &[u8]) -> Cow<'_, [u8]> {
    decode_with(bytes, |value| value == b'/' || value == b'%')
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    // The helper inspects the `Cow` variant itself, so it needs the `Cow`.
    #[allow(clippy::ptr_arg)]
    fn is_borrowed(c: &Cow<'_, [u8]>) -> bool {
        matches!(c, Cow::Borrowed(_))
    }

    #[test]
    fn hex_helpers() {
        assert_eq!(hex_value(b'0'), Some(0));
        assert_eq!(hex_value(b'9'), Some(9));
        assert_eq!(hex_value(b'a'), Some(10));
        assert_eq!(hex_value(b'F'), Some(15));
        assert_eq!(hex_value(b'g'), None);
        assert_eq!(hex_value(b'%'), None);
        for n in 0..16u8 {
            assert_eq!(hex_value(hex_digit_upper(n)), Some(n));
            assert!(!hex_digit_upper(n).is_ascii_lowercase());
        }
        assert_eq!(escape_at(b"%2f", 0), Some((b'2', b'f', b'/')));
        assert_eq!(escape_at(b"x%2", 1), None);
        assert_eq!(escape_at(b"%", usize::MAX), None);
    }

    #[test]
    fn google_escape_conformance_cases() {
        let c = google_escape(b"http://www.example.com");
        assert_eq!(&*c, b"http://www.example.com");
        assert!(is_borrowed(&c));
        let c = google_escape(b"/a/b/c");
        assert_eq!(&*c, b"/a/b/c");
        assert!(is_borrowed(&c));
        assert_eq!(&*google_escape("á".as_bytes()), b"%C3%A1");
        assert_eq!(&*google_escape(b"\xc3\xa1"), b"%C3%A1");
        assert_eq!(&*google_escape(b"%aa"), b"%AA");
    }

    #[test]
    fn google_escape_edge_cases() {
        assert_eq!(&*google_escape(b""), b"");
        assert!(is_borrowed(&google_escape(b"")));
        // Already normalised escapes are borrowed.
        let c = google_escape(b"/%AA%2F%c"); // "%c" at the end is invalid
        assert_eq!(&*c, b"/%AA%2F%c");
        assert!(is_borrowed(&c));
        // Mixed case.
        assert_eq!(&*google_escape(b"%aB%Cd%ef"), b"%AB%CD%EF");
        // Trailing / truncated / invalid escapes are untouched.
        assert_eq!(&*google_escape(b"abc%"), b"abc%");
        assert_eq!(&*google_escape(b"%4"), b"%4");
        assert_eq!(&*google_escape(b"%zz"), b"%zz");
        assert_eq!(&*google_escape(b"%a"), b"%a");
        assert_eq!(&*google_escape(b"%ag"), b"%ag");
        assert!(is_borrowed(&google_escape(b"%zz%4%")));
        // A '%' that is not an escape doesn't swallow the next one.
        assert_eq!(&*google_escape(b"%%aa"), b"%%AA");
        assert_eq!(&*google_escape(b"%a%aa"), b"%a%AA");
        // Only ASCII letters are upper-cased, and only inside escapes.
        assert_eq!(&*google_escape(b"ab%abab"), b"ab%ABab");
        // Non-hex follower followed by high byte.
        assert_eq!(&*google_escape(b"%\xff"), b"%%FF");
        assert_eq!(&*google_escape(b"%a\xff"), b"%a%FF");
        // All high bytes.
        assert_eq!(&*google_escape(b"\x80\xff\x9a"), b"%80%FF%9A");
        // NUL and other control bytes are kept (unlike the C string version,
        // NUL does not terminate).
        let c = google_escape(b"a\0b\x7f");
        assert_eq!(&*c, b"a\0b\x7f");
        assert!(is_borrowed(&c));
        assert_eq!(&*google_escape(b"\0\xe9\0"), b"\0%E9\0");
        // Changes at start, middle and end keep the surrounding bytes.
        assert_eq!(&*google_escape(b"\xe9x%2fy\xe9"), b"%E9x%2Fy%E9");
    }

    #[test]
    fn google_escaped_len_matches() {
        let cases: &[&[u8]] = &[
            b"",
            b"/a/b/c",
            b"\xc3\xa1",
            b"%aa",
            b"%\xff",
            b"%a\xff",
            b"abc%",
            b"\0\xe9\0",
            b"\x80\xff\x9a%4%zz",
        ];
        let expected = [0, 6, 6, 3, 4, 5, 4, 5, 14];
        for (case, &want) in cases.iter().zip(expected.iter()) {
            assert_eq!(google_escaped_len(case), want, "case {case:?}");
            assert_eq!(google_escape(case).len(), want, "case {case:?}");
        }
        // Every single byte value.
        for b in 0..=255u8 {
            let want = if b >= 0x80 { 3 } else { 1 };
            assert_eq!(google_escaped_len(&[b]), want);
            assert_eq!(google_escape(&[b]).len(), want);
        }
    }

    #[test]
    fn decode_percent_cases() {
        assert_eq!(&*decode_percent(b"%2541"), b"%41");
        assert_eq!(&*decode_percent(b"%41"), b"A");
        assert_eq!(&*decode_percent(b"%4a%4A"), b"JJ");
        assert_eq!(&*decode_percent(b"/a%2Fb%2fc"), b"/a/b/c");
        assert_eq!(&*decode_percent(b"%25"), b"%");
        assert_eq!(&*decode_percent(b"%C3%A1"), b"\xc3\xa1");
        assert_eq!(&*decode_percent(b"%c3%a1"), b"\xc3\xa1");
        assert_eq!(&*decode_percent(b"%00"), b"\0");
        assert_eq!(&*decode_percent(b"%ff"), b"\xff");
        // Invalid escapes are kept.
        assert_eq!(&*decode_percent(b"abc%"), b"abc%");
        assert_eq!(&*decode_percent(b"%4"), b"%4");
        assert_eq!(&*decode_percent(b"%zz"), b"%zz");
        assert_eq!(&*decode_percent(b"%4g"), b"%4g");
        assert_eq!(&*decode_percent(b"%%41"), b"%A");
        assert_eq!(&*decode_percent(b"%4%41"), b"%4A");
        assert_eq!(&*decode_percent(b"%41%"), b"A%");
        assert_eq!(&*decode_percent(b"%41%4"), b"A%4");
        // Non-ASCII, NUL kept verbatim.
        assert_eq!(&*decode_percent(b"\xc3\xa1%20\0"), b"\xc3\xa1 \0");
        assert_eq!(&*decode_percent(b"%\xff%41"), b"%\xffA");
    }

    #[test]
    fn decode_percent_borrowing() {
        for input in [&b""[..], b"/plain/path", b"%", b"%zz%4", b"a\0\xff%"] {
            let c = decode_percent(input);
            assert!(is_borrowed(&c), "input {input:?}");
            assert_eq!(&*c, input);
        }
        assert!(!is_borrowed(&decode_percent(b"%20")));
    }

    #[test]
    fn decode_percent_except_slash_cases() {
        assert_eq!(&*decode_percent_except_slash(b"%2f"), b"%2F");
        assert_eq!(&*decode_percent_except_slash(b"%2F"), b"%2F");
        assert_eq!(&*decode_percent_except_slash(b"%25"), b"%25");
        assert_eq!(&*decode_percent_except_slash(b"%2541"), b"%2541");
        assert_eq!(&*decode_percent_except_slash(b"%41"), b"A");
        assert_eq!(
            &*decode_percent_except_slash(b"/a%2fb%2Fc/d"),
            b"/a%2Fb%2Fc/d"
        );
        assert_eq!(&*decode_percent_except_slash(b"%7e%7E"), b"~~");
        assert_eq!(&*decode_percent_except_slash(b"%2e%2E"), b"..");
        assert_eq!(&*decode_percent_except_slash(b"%c3%a1"), b"\xc3\xa1");
        // Invalid escapes.
        assert_eq!(&*decode_percent_except_slash(b"abc%"), b"abc%");
        assert_eq!(&*decode_percent_except_slash(b"%4"), b"%4");
        assert_eq!(&*decode_percent_except_slash(b"%zz"), b"%zz");
        assert_eq!(&*decode_percent_except_slash(b"%2"), b"%2");
        assert_eq!(&*decode_percent_except_slash(b"%%2f"), b"%%2F");
        assert_eq!(&*decode_percent_except_slash(b"%2f%"), b"%2F%");
        // Encoded slash never equals a real slash.
        assert_ne!(
            decode_percent_except_slash(b"/a%2Fb"),
            decode_percent_except_slash(b"/a/b")
        );
        // NUL and non-ASCII.
        assert_eq!(
            &*decode_percent_except_slash(b"\0\xff%00%2f"),
            b"\0\xff\0%2F"
        );
    }

    #[test]
    fn decode_percent_except_slash_borrowing() {
        for input in [
            &b""[..],
            b"/plain",
            b"%",
            b"%zz",
            b"/a%2Fb",
            b"%25%2F%",
            b"\0\xff",
        ] {
            let c = decode_percent_except_slash(input);
            assert!(is_borrowed(&c), "input {input:?}");
            assert_eq!(&*c, input);
        }
        assert!(!is_borrowed(&decode_percent_except_slash(b"%2f")));
        assert!(!is_borrowed(&decode_percent_except_slash(b"%2F%41")));
    }

    #[test]
    fn very_long_inputs() {
        const N: usize = 1 << 20;

        // Many '%' with no valid escape: borrowed, unchanged.
        let percents = vec![b'%'; N];
        assert!(is_borrowed(&decode_percent(&percents)));
        assert!(is_borrowed(&decode_percent_except_slash(&percents)));
        assert!(is_borrowed(&google_escape(&percents)));
        assert_eq!(google_escaped_len(&percents), N);

        // Many lower-case escapes.
        let escapes: Vec<u8> = b"%2f".iter().copied().cycle().take(3 * N).collect();
        let g = google_escape(&escapes);
        assert_eq!(g.len(), 3 * N);
        assert!(g.chunks(3).all(|c| c == b"%2F"));
        let d = decode_percent(&escapes);
        assert_eq!(d.len(), N);
        assert!(d.iter().all(|&b| b == b'/'));
        let s = decode_percent_except_slash(&escapes);
        assert_eq!(s.len(), 3 * N);
        assert!(s.chunks(3).all(|c| c == b"%2F"));

        // Many high bytes.
        let high = vec![0xabu8; N];
        assert_eq!(google_escaped_len(&high), 3 * N);
        let g = google_escape(&high);
        assert_eq!(g.len(), 3 * N);
        assert!(g.chunks(3).all(|c| c == b"%AB"));
        assert!(is_borrowed(&decode_percent(&high)));

        // Nested escapes decode exactly once.
        let nested: Vec<u8> = b"%2541".iter().copied().cycle().take(5 * N).collect();
        let d = decode_percent(&nested);
        assert_eq!(d.len(), 3 * N);
        assert!(d.chunks(3).all(|c| c == b"%41"));
        assert!(is_borrowed(&decode_percent_except_slash(&nested)));
    }
}
