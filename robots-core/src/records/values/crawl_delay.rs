//! `Crawl-delay`: a delay in seconds.

use super::{byte_at, err, rest, scan_uint};
use super::{ValueError, ValueErrorKind};
use core::time::Duration;

/// Largest accepted crawl delay: one (365-day) year, in seconds.
const MAX_CRAWL_DELAY_SECS: u64 = 86_400 * 365;

/// Parses a `Crawl-delay` value such as `10`, `0.5` or `1.25` (seconds).
///
/// The value is a decimal number with an optional fraction (`5`, `5.`, `.5`
/// and `5.25` are all accepted). At most nine fraction digits are kept
/// (nanosecond precision); further digits are accepted and truncated.
///
/// # Errors
///
/// Returns a [`ValueError`] with kind:
///
/// * [`Empty`](ValueErrorKind::Empty) for an empty value;
/// * [`Negative`](ValueErrorKind::Negative) for a leading `-` followed by a
///   number;
/// * [`NotANumber`](ValueErrorKind::NotANumber) for anything else that is not
///   a plain decimal number (signs, exponents, spaces, letters, ...), at the
///   first offending byte;
/// * [`OutOfRange`](ValueErrorKind::OutOfRange) (offset 0) for delays above
///   one year (31 536 000 seconds), however many digits they have.
///
/// ```
/// use core::time::Duration;
/// use robots_runtime::records::{parse_crawl_delay, ValueError, ValueErrorKind};
///
/// assert_eq!(parse_crawl_delay(b"10"), Ok(Duration::from_secs(10)));
/// assert_eq!(parse_crawl_delay(b"0.5"), Ok(Duration::from_millis(500)));
/// assert_eq!(
///     parse_crawl_delay(b"1e3"),
///     Err(ValueError { kind: ValueErrorKind::NotANumber, offset: 1 })
/// );
/// ```
#[cfg_attr(robots_size, optimize(size))]
pub fn parse_crawl_delay(value: &[u8]) -> Result<Duration, ValueError> {
    let Some(&first) = value.first() else {
        return Err(err(ValueErrorKind::Empty, 0));
    };
    if first == b'-' {
        let kind = match value.get(1) {
            Some(b) if b.is_ascii_digit() || *b == b'.' => ValueErrorKind::Negative,
            _ => ValueErrorKind::NotANumber,
        };
        return Err(err(kind, 0));
    }

    let int = scan_uint(value, 0);
    let mut pos = int.end;
    let mut fraction_digits = 0usize;
    let mut nanos: u32 = 0;
    if byte_at(value, pos) == Some(b'.') {
        pos += 1;
        let mut kept = 0u32;
        for &b in rest(value, pos) {
            if !b.is_ascii_digit() {
                break;
            }
            if kept < 9 {
                nanos = nanos * 10 + u32::from(b - b'0');
                kept += 1;
            }
            pos += 1;
            fraction_digits += 1;
        }
        while kept < 9 {
            nanos *= 10;
            kept += 1;
        }
    }

    if int.end == 0 && fraction_digits == 0 {
        return Err(err(ValueErrorKind::NotANumber, 0));
    }
    if pos != value.len() {
        return Err(err(ValueErrorKind::NotANumber, pos));
    }
    if int.overflow
        || int.value > MAX_CRAWL_DELAY_SECS
        || (int.value == MAX_CRAWL_DELAY_SECS && nanos > 0)
    {
        return Err(err(ValueErrorKind::OutOfRange, 0));
    }
    // `nanos < 1_000_000_000`, so this cannot overflow.
    Ok(Duration::new(int.value, nanos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::values::test_support::*;
    use alloc::vec;

    #[test]
    fn crawl_delay_valid() {
        for (value, want) in [
            (&b"10"[..], Ok(secs(10))),
            (&b"0"[..], Ok(secs(0))),
            (&b"0.5"[..], Ok(Duration::from_millis(500))),
            (&b"1.25"[..], Ok(Duration::from_millis(1250))),
            (&b".5"[..], Ok(Duration::from_millis(500))),
            (&b"5."[..], Ok(secs(5))),
            (&b"007"[..], Ok(secs(7))),
            (&b"0.000000001"[..], Ok(Duration::from_nanos(1))),
            (&b"2.123456789"[..], Ok(Duration::new(2, 123_456_789))),
        ] {
            assert_eq!(parse_crawl_delay(value), want, "{}", value.escape_ascii());
        }
    }

    #[test]
    fn crawl_delay_truncates_extra_fraction_digits() {
        assert_eq!(
            parse_crawl_delay(b"1.1234567899999"),
            Ok(Duration::new(1, 123_456_789))
        );
        assert_eq!(parse_crawl_delay(b"0.0000000009"), Ok(Duration::ZERO));
        let mut long = vec![b'3', b'.'];
        long.extend(core::iter::repeat(b'9').take(100_000));
        assert_eq!(parse_crawl_delay(&long), Ok(Duration::new(3, 999_999_999)));
    }

    #[test]
    fn crawl_delay_cap() {
        for (value, want) in [
            (&b"31536000"[..], Ok(secs(31_536_000))),
            (&b"31536000.0"[..], Ok(secs(31_536_000))),
            (
                &b"31536000.000000001"[..],
                Err(e(ValueErrorKind::OutOfRange, 0)),
            ),
            (&b"31536001"[..], Err(e(ValueErrorKind::OutOfRange, 0))),
            (
                &b"18446744073709551615"[..],
                Err(e(ValueErrorKind::OutOfRange, 0)),
            ),
            (
                &b"18446744073709551616"[..],
                Err(e(ValueErrorKind::OutOfRange, 0)),
            ),
            (
                &b"99999999999999999999999999999999999999.5"[..],
                Err(e(ValueErrorKind::OutOfRange, 0)),
            ),
        ] {
            assert_eq!(parse_crawl_delay(value), want, "{}", value.escape_ascii());
        }
        let huge = vec![b'9'; 200_000];
        assert_eq!(
            parse_crawl_delay(&huge),
            Err(e(ValueErrorKind::OutOfRange, 0))
        );
        // Leading zeros do not count towards the magnitude.
        let mut zeros = vec![b'0'; 100_000];
        zeros.push(b'1');
        assert_eq!(parse_crawl_delay(&zeros), Ok(secs(1)));
    }

    #[test]
    fn crawl_delay_invalid() {
        for (value, want) in [
            (&b""[..], Err(e(ValueErrorKind::Empty, 0))),
            (&b"-1"[..], Err(e(ValueErrorKind::Negative, 0))),
            (&b"-0.5"[..], Err(e(ValueErrorKind::Negative, 0))),
            (&b"-.5"[..], Err(e(ValueErrorKind::Negative, 0))),
            (&b"-"[..], Err(e(ValueErrorKind::NotANumber, 0))),
            (&b"-x"[..], Err(e(ValueErrorKind::NotANumber, 0))),
            (&b"+1"[..], Err(e(ValueErrorKind::NotANumber, 0))),
            (&b"1e3"[..], Err(e(ValueErrorKind::NotANumber, 1))),
            (&b"1.5E2"[..], Err(e(ValueErrorKind::NotANumber, 3))),
            (&b"."[..], Err(e(ValueErrorKind::NotANumber, 0))),
            (&b"abc"[..], Err(e(ValueErrorKind::NotANumber, 0))),
            (&b"1.2.3"[..], Err(e(ValueErrorKind::NotANumber, 3))),
            (&b"10 seconds"[..], Err(e(ValueErrorKind::NotANumber, 2))),
            (&b"1,5"[..], Err(e(ValueErrorKind::NotANumber, 1))),
            (&b"inf"[..], Err(e(ValueErrorKind::NotANumber, 0))),
            (&b"NaN"[..], Err(e(ValueErrorKind::NotANumber, 0))),
            (&b"0x10"[..], Err(e(ValueErrorKind::NotANumber, 1))),
        ] {
            assert_eq!(parse_crawl_delay(value), want, "{}", value.escape_ascii());
        }
    }

    #[test]
    fn crawl_delay_syntax_checked_before_range() {
        assert_eq!(
            parse_crawl_delay(b"99999999999999999999999x"),
            Err(e(ValueErrorKind::NotANumber, 23))
        );
    }

    #[test]
    fn crawl_delay_non_utf8_and_nul() {
        for (value, want) in [
            (&b"1\xff"[..], Err(e(ValueErrorKind::NotANumber, 1))),
            (&b"\xc3\xa9"[..], Err(e(ValueErrorKind::NotANumber, 0))),
            (&b"5\x006"[..], Err(e(ValueErrorKind::NotANumber, 1))),
            (&b"0.5\x00"[..], Err(e(ValueErrorKind::NotANumber, 3))),
        ] {
            assert_eq!(parse_crawl_delay(value), want, "{}", value.escape_ascii());
        }
    }
}
