//! `Sitemap`: an absolute URL.

use super::{byte_at, err, is_space_or_control, scheme_len};
use super::{ValueError, ValueErrorKind};

/// Checks that a `Sitemap` value is an absolute `http(s)` URL.
///
/// The value must start, case-insensitively, with `http://` or `https://`,
/// followed by at least one host byte (anything except `/`, `?`, `#`, `:`,
/// `\`, ASCII whitespace and control bytes). The URL may not contain ASCII
/// whitespace or control bytes anywhere. Bytes `>= 0x80` are allowed.
///
/// # Errors
///
/// Every failure, including an empty value, is reported as
/// [`NotAbsoluteUrl`](ValueErrorKind::NotAbsoluteUrl): at offset 0 for a
/// missing scheme, right after the scheme for a missing host, or at the first
/// whitespace/control byte.
///
/// ```
/// use robots_core::records::{check_sitemap_url, ValueError, ValueErrorKind};
///
/// assert_eq!(check_sitemap_url(b"https://example.com/sitemap.xml"), Ok(()));
/// assert_eq!(
///     check_sitemap_url(b"/sitemap.xml"),
///     Err(ValueError { kind: ValueErrorKind::NotAbsoluteUrl, offset: 0 })
/// );
/// ```
#[cfg_attr(robots_size, optimize(size))]
pub fn check_sitemap_url(value: &[u8]) -> Result<(), ValueError> {
    let Some(host_start) = scheme_len(value) else {
        return Err(err(ValueErrorKind::NotAbsoluteUrl, 0));
    };
    match byte_at(value, host_start) {
        Some(b) if !is_space_or_control(b) && !matches!(b, b'/' | b'?' | b'#' | b':' | b'\\') => {}
        _ => return Err(err(ValueErrorKind::NotAbsoluteUrl, host_start)),
    }
    match first_space_or_control(value) {
        Some(offset) => Err(err(ValueErrorKind::NotAbsoluteUrl, offset)),
        None => Ok(()),
    }
}

/// The position of the first space or control byte of `value`: eight bytes at a
/// time (a file may list thousands of sitemap URLs, and nearly all have none),
/// byte by byte only in the word that has one.
#[cfg_attr(robots_size, optimize(size))]
pub(super) fn first_space_or_control(value: &[u8]) -> Option<usize> {
    use crate::swar::{flag_below, flag_byte, HIGH};
    let mut at = 0;
    for chunk in value.chunks_exact(8) {
        let Ok(bytes) = <[u8; 8]>::try_from(chunk) else {
            break;
        };
        let x = u64::from_le_bytes(bytes);
        // Some byte below 0x21 (exact as a yes or no), or some byte 0x7f (a zero
        // byte of `del`).
        if (flag_below(x, 0x21) | flag_byte(x, 0x7f)) & HIGH != 0 {
            break;
        }
        at += 8;
    }
    value
        .get(at..)?
        .iter()
        .position(|&b| is_space_or_control(b))
        .map(|offset| at + offset)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::values::test_support::*;
    use alloc::vec;

    /// The word-at-a-time scan finds the byte the plain scan finds: every byte
    /// value at every place of values up to three words long, after any bytes.
    #[test]
    fn first_space_or_control_agrees_with_a_byte_scan() {
        for fill in [b'a', 0x80, 0xff, 0x21, 0x7e] {
            for len in 0..24 {
                for at in 0..len {
                    for b in 0..=255u8 {
                        let mut value = vec![fill; len];
                        value[at] = b;
                        let plain = value.iter().position(|&b| is_space_or_control(b));
                        assert_eq!(first_space_or_control(&value), plain, "{value:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn sitemap_valid() {
        for (value, want) in [
            (&b"http://example.com/sitemap.xml"[..], Ok(())),
            (&b"https://example.com/sitemap.xml"[..], Ok(())),
            (&b"HTTPS://EXAMPLE.COM"[..], Ok(())),
            (&b"HtTp://x"[..], Ok(())),
            (&b"https://example.com:8443/a?b=c#d"[..], Ok(())),
            (&b"https://user@example.com/"[..], Ok(())),
        ] {
            assert_eq!(check_sitemap_url(value), want, "{}", value.escape_ascii());
        }
        // Non-ASCII bytes (IDN / unescaped paths) are tolerated.
        assert_eq!(check_sitemap_url(b"https://b\xc3\xbccher.de/s.xml"), Ok(()));
        assert_eq!(check_sitemap_url(b"https://\xff/"), Ok(()));
    }

    #[test]
    fn sitemap_invalid() {
        let bad = |offset| Err(e(ValueErrorKind::NotAbsoluteUrl, offset));
        for (value, want) in [
            (&b""[..], bad(0)),
            (&b"/sitemap.xml"[..], bad(0)),
            (&b"example.com/sitemap.xml"[..], bad(0)),
            (&b"ftp://example.com/sitemap.xml"[..], bad(0)),
            (&b"http:/example.com"[..], bad(0)),
            (&b"httpx://example.com"[..], bad(0)),
            (&b"http"[..], bad(0)),
            (&b"http://"[..], bad(7)),
            (&b"https://"[..], bad(8)),
            (&b"https:///sitemap.xml"[..], bad(8)),
            (&b"http://?q"[..], bad(7)),
            (&b"http://#f"[..], bad(7)),
            (&b"http://:80/"[..], bad(7)),
            (&b"http:// example.com"[..], bad(7)),
            (&b"https://a.com/s.xml https://b.com/s.xml"[..], bad(19)),
            (&b"https://a.com/\x00s.xml"[..], bad(14)),
            (&b"https://a.com/s\x7f"[..], bad(15)),
            (&b"\xffhttps://a.com/"[..], bad(0)),
        ] {
            assert_eq!(check_sitemap_url(value), want, "{}", value.escape_ascii());
        }
    }
}
