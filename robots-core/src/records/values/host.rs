//! `Host` (Yandex): a host and port.

use super::{byte_at, err, rest, scan_uint, scheme_len};
use super::{ValueError, ValueErrorKind};

/// Largest TCP port number accepted in a `Host` value.
const MAX_PORT: u64 = 65_535;

/// Parses a `Host` value (Yandex style) and returns the host part.
///
/// Accepted: `example.com`, `example.com:8080`, `https://example.com`,
/// `http://example.com:8080`. The scheme (`http://` or `https://`,
/// case-insensitive) is optional. The host consists of ASCII letters, digits,
/// `-` and `.`, contains at least one letter or digit and has no empty label
/// (no leading `.` and no `..`; a single trailing `.` is allowed). It may be
/// followed by `:` and a port in `1..=65535`. No path, query or whitespace is
/// allowed.
///
/// On success returns the subslice of `value` after the scheme, i.e. the host
/// together with its `:port` if one is present.
///
/// # Errors
///
/// Returns [`Empty`](ValueErrorKind::Empty) for an empty value,
/// [`OutOfRange`](ValueErrorKind::OutOfRange) at the port for a port of 0 or
/// above 65535, otherwise [`BadHost`](ValueErrorKind::BadHost) at the first
/// offending byte.
///
/// ```
/// use robots_core::records::{parse_host, ValueError, ValueErrorKind};
///
/// assert_eq!(parse_host(b"https://example.com"), Ok(&b"example.com"[..]));
/// assert_eq!(parse_host(b"example.com:8080"), Ok(&b"example.com:8080"[..]));
/// assert_eq!(
///     parse_host(b"example.com/path"),
///     Err(ValueError { kind: ValueErrorKind::BadHost, offset: 11 })
/// );
/// ```
#[cfg_attr(robots_size, optimize(size))]
pub fn parse_host(value: &[u8]) -> Result<&[u8], ValueError> {
    if value.is_empty() {
        return Err(err(ValueErrorKind::Empty, 0));
    }
    let start = scheme_len(value).unwrap_or(0);

    let mut pos = start;
    let mut label_start = start;
    let mut has_alnum = false;
    for &b in rest(value, start) {
        if b.is_ascii_alphanumeric() {
            has_alnum = true;
        } else if b == b'.' {
            if pos == label_start {
                return Err(err(ValueErrorKind::BadHost, pos));
            }
            label_start = pos + 1;
        } else if b != b'-' {
            break;
        }
        pos += 1;
    }
    if pos == start || !has_alnum {
        return Err(err(ValueErrorKind::BadHost, start));
    }

    if byte_at(value, pos) == Some(b':') {
        let port_start = pos + 1;
        let port = scan_uint(value, port_start);
        if port.end == port_start {
            return Err(err(ValueErrorKind::BadHost, port_start));
        }
        if port.overflow || port.value == 0 || port.value > MAX_PORT {
            return Err(err(ValueErrorKind::OutOfRange, port_start));
        }
        pos = port.end;
    }
    if pos != value.len() {
        return Err(err(ValueErrorKind::BadHost, pos));
    }
    Ok(rest(value, start))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::values::test_support::*;

    #[test]
    fn host_valid() {
        for (value, want) in [
            (&b"example.com"[..], Ok(&b"example.com"[..])),
            (
                &b"www.example-site.com"[..],
                Ok(&b"www.example-site.com"[..]),
            ),
            (&b"example.com:8080"[..], Ok(&b"example.com:8080"[..])),
            (&b"https://example.com"[..], Ok(&b"example.com"[..])),
            (&b"HTTP://Example.COM"[..], Ok(&b"Example.COM"[..])),
            (&b"http://example.com:80"[..], Ok(&b"example.com:80"[..])),
            (&b"localhost"[..], Ok(&b"localhost"[..])),
            (&b"127.0.0.1:65535"[..], Ok(&b"127.0.0.1:65535"[..])),
            (&b"example.com."[..], Ok(&b"example.com."[..])),
            (&b"xn--bcher-kva.de"[..], Ok(&b"xn--bcher-kva.de"[..])),
        ] {
            assert_eq!(parse_host(value), want, "{}", value.escape_ascii());
        }
        let host = parse_host(b"https://example.com:1").unwrap();
        assert_eq!(host, b"example.com:1");
    }

    #[test]
    fn host_returns_subslice() {
        let value: &[u8] = b"https://example.com";
        let host = parse_host(value).unwrap();
        assert_eq!(host.as_ptr(), value[8..].as_ptr());
        assert_eq!(host.len(), 11);
    }

    #[test]
    fn host_invalid() {
        let bad = |offset| Err(e(ValueErrorKind::BadHost, offset));
        for (value, want) in [
            (&b""[..], Err(e(ValueErrorKind::Empty, 0))),
            (&b"example.com/path"[..], bad(11)),
            (&b"https://example.com/"[..], bad(19)),
            (&b"example.com extra"[..], bad(11)),
            (&b"exa_mple.com"[..], bad(3)),
            (&b"https://"[..], bad(8)),
            (&b"http://"[..], bad(7)),
            (&b":8080"[..], bad(0)),
            (&b"/path"[..], bad(0)),
            (&b".example.com"[..], bad(0)),
            (&b"example..com"[..], bad(8)),
            (&b"https://.com"[..], bad(8)),
            (&b"---"[..], bad(0)),
            (&b"example.com:"[..], bad(12)),
            (&b"example.com:http"[..], bad(12)),
            (&b"example.com:80x"[..], bad(14)),
            (&b"example.com:80:81"[..], bad(14)),
            (&b"ftp://example.com"[..], bad(4)),
            (&b"[::1]"[..], bad(0)),
            (&b"user@example.com"[..], bad(4)),
        ] {
            assert_eq!(parse_host(value), want, "{}", value.escape_ascii());
        }
    }

    #[test]
    fn host_port_range() {
        let oor = |offset| Err(e(ValueErrorKind::OutOfRange, offset));
        for (value, want) in [
            (&b"example.com:0"[..], oor(12)),
            (&b"example.com:65536"[..], oor(12)),
            (&b"https://a.b:99999999999999999999999"[..], oor(12)),
        ] {
            assert_eq!(parse_host(value), want, "{}", value.escape_ascii());
        }
        let mut huge = b"a.b:".to_vec();
        huge.extend(core::iter::repeat(b'9').take(100_000));
        assert_eq!(parse_host(&huge), oor(4));
    }

    #[test]
    fn host_non_utf8_and_nul() {
        let bad = |offset| Err(e(ValueErrorKind::BadHost, offset));
        for (value, want) in [
            (&b"b\xc3\xbccher.de"[..], bad(1)),
            (&b"\xff"[..], bad(0)),
            (&b"example.com\x00"[..], bad(11)),
            (&b"https://\x00example.com"[..], bad(8)),
        ] {
            assert_eq!(parse_host(value), want, "{}", value.escape_ascii());
        }
    }
}
