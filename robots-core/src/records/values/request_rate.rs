//! `Request-rate`: requests per period, perhaps within a time window.

use super::visit_time::{parse_window, TimeWindow};
use super::{byte_at, err, is_space, parse_count, rest, skip_spaces};
use super::{ValueError, ValueErrorKind};
use core::time::Duration;

/// The value of a `Request-rate` record: at most `requests` requests per
/// `per`, optionally only during `window`.
///
/// Accepted forms: `1/30`, `1/30s`, `10/1m`, `1/1h` and any of those followed
/// by whitespace and a time window such as `1/30 0600-0845`.
///
/// ```
/// use core::time::Duration;
/// use robots_runtime::records::{parse_request_rate, RequestRate, TimeWindow};
///
/// assert_eq!(
///     parse_request_rate(b"1/30 0600-0845"),
///     Ok(RequestRate {
///         requests: 1,
///         per: Duration::from_secs(30),
///         window: Some(TimeWindow { start: 360, end: 525 }),
///     })
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RequestRate {
    /// Number of requests allowed per period; positive when produced by
    /// [`parse_request_rate`].
    pub requests: u32,
    /// Length of the period.
    pub per: Duration,
    /// Time of day (GMT) during which this rate applies, if restricted.
    pub window: Option<TimeWindow>,
}

impl RequestRate {
    /// Time to wait between two requests: `per / requests`.
    ///
    /// [`parse_request_rate`] never produces `requests == 0`; for a value
    /// built by hand with zero requests (no request is ever allowed) this
    /// returns [`Duration::MAX`] instead of panicking.
    ///
    /// ```
    /// use core::time::Duration;
    /// use robots_runtime::records::RequestRate;
    ///
    /// let rate = RequestRate { requests: 4, per: Duration::from_secs(1), window: None };
    /// assert_eq!(rate.interval(), Duration::from_millis(250));
    /// ```
    #[must_use]
    #[cfg_attr(robots_size, optimize(size))]
    pub fn interval(&self) -> Duration {
        self.per.checked_div(self.requests).unwrap_or(Duration::MAX)
    }
}

/// Parses a `Request-rate` value into a [`RequestRate`].
///
/// Grammar: `requests "/" period [unit] [whitespace window]` where `requests`
/// and `period` are positive decimal integers, `unit` is one of `s`, `m`,
/// `h` (case-insensitive, default seconds) written right after the period,
/// and `window` is a time window as accepted by [`parse_visit_time`](super::parse_visit_time).
///
/// # Errors
///
/// Returns a [`ValueError`] with kind:
///
/// * [`Empty`](ValueErrorKind::Empty) for an empty value;
/// * [`Negative`](ValueErrorKind::Negative) /
///   [`NotANumber`](ValueErrorKind::NotANumber) where a number is expected
///   but a negative number / something else is found;
/// * [`BadRate`](ValueErrorKind::BadRate) for a zero count or period, a
///   missing `/`, or unexpected bytes after the period;
/// * [`OutOfRange`](ValueErrorKind::OutOfRange) when `requests` does not fit
///   a `u32` or the period in seconds does not fit a `u64`;
/// * [`BadUnit`](ValueErrorKind::BadUnit) for a unit other than `s`/`m`/`h`;
/// * [`BadTimeWindow`](ValueErrorKind::BadTimeWindow) for a malformed window.
///
/// ```
/// use core::time::Duration;
/// use robots_runtime::records::{parse_request_rate, ValueError, ValueErrorKind};
///
/// let rate = parse_request_rate(b"1/1h").unwrap();
/// assert_eq!(rate.requests, 1);
/// assert_eq!(rate.per, Duration::from_secs(3600));
/// assert_eq!(rate.window, None);
/// assert_eq!(
///     parse_request_rate(b"0/30"),
///     Err(ValueError { kind: ValueErrorKind::BadRate, offset: 0 })
/// );
/// ```
#[cfg_attr(robots_size, optimize(size))]
pub fn parse_request_rate(value: &[u8]) -> Result<RequestRate, ValueError> {
    if value.is_empty() {
        return Err(err(ValueErrorKind::Empty, 0));
    }

    let (requests, pos) = parse_count(value, 0)?;
    if requests == 0 {
        return Err(err(ValueErrorKind::BadRate, 0));
    }
    let Ok(requests) = u32::try_from(requests) else {
        return Err(err(ValueErrorKind::OutOfRange, 0));
    };
    if byte_at(value, pos) != Some(b'/') {
        return Err(err(ValueErrorKind::BadRate, pos));
    }

    let period_start = pos + 1;
    let (period, mut pos) = parse_count(value, period_start)?;
    if period == 0 {
        return Err(err(ValueErrorKind::BadRate, period_start));
    }

    let mut multiplier: u64 = 1;
    if byte_at(value, pos).is_some_and(|b| b.is_ascii_alphabetic()) {
        let unit_len = rest(value, pos)
            .iter()
            .take_while(|b| b.is_ascii_alphabetic())
            .count();
        multiplier = match (
            unit_len,
            byte_at(value, pos).map(|b| b.to_ascii_lowercase()),
        ) {
            (1, Some(b's')) => 1,
            (1, Some(b'm')) => 60,
            (1, Some(b'h')) => 3600,
            _ => return Err(err(ValueErrorKind::BadUnit, pos)),
        };
        pos += unit_len;
    }
    let Some(seconds) = period.checked_mul(multiplier) else {
        return Err(err(ValueErrorKind::OutOfRange, period_start));
    };

    let window = match byte_at(value, pos) {
        None => None,
        Some(b) if is_space(b) => {
            let window_start = skip_spaces(value, pos);
            if window_start == value.len() {
                None
            } else {
                Some(parse_window(value, window_start)?)
            }
        }
        Some(_) => return Err(err(ValueErrorKind::BadRate, pos)),
    };

    Ok(RequestRate {
        requests,
        per: Duration::from_secs(seconds),
        window,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::values::test_support::*;
    use alloc::vec;

    #[test]
    fn request_rate_valid() {
        let r = parse_request_rate(b"1/30").unwrap();
        assert_eq!(
            r,
            RequestRate {
                requests: 1,
                per: secs(30),
                window: None
            }
        );
        assert_eq!(r.interval(), secs(30));

        assert_eq!(parse_request_rate(b"1/30s").unwrap().per, secs(30));
        assert_eq!(parse_request_rate(b"1/30S").unwrap().per, secs(30));
        let r = parse_request_rate(b"10/1m").unwrap();
        assert_eq!((r.requests, r.per), (10, secs(60)));
        assert_eq!(r.interval(), secs(6));
        assert_eq!(parse_request_rate(b"10/1M").unwrap().per, secs(60));
        let r = parse_request_rate(b"1/1h").unwrap();
        assert_eq!((r.requests, r.per), (1, secs(3600)));
        assert_eq!(parse_request_rate(b"3/2H").unwrap().per, secs(7200));
        let r = parse_request_rate(b"3/1").unwrap();
        assert_eq!(r.interval(), Duration::new(0, 333_333_333));
        assert_eq!(
            parse_request_rate(b"4294967295/1").unwrap().requests,
            u32::MAX
        );
        assert_eq!(parse_request_rate(b"007/010").unwrap().requests, 7);
        assert_eq!(parse_request_rate(b"007/010").unwrap().per, secs(10));
    }

    #[test]
    fn request_rate_with_window() {
        assert_eq!(
            parse_request_rate(b"1/30 0600-0845"),
            Ok(RequestRate {
                requests: 1,
                per: secs(30),
                window: Some(tw(hm(6, 0), hm(8, 45))),
            })
        );
        assert_eq!(
            parse_request_rate(b"1/10m\t 2300-0430"),
            Ok(RequestRate {
                requests: 1,
                per: secs(600),
                window: Some(tw(hm(23, 0), hm(4, 30))),
            })
        );
        assert_eq!(
            parse_request_rate(b"5/1h 22:00 - 24:00").unwrap().window,
            Some(tw(hm(22, 0), 1440))
        );
        // Trailing whitespace alone (value not trimmed) means no window.
        assert_eq!(parse_request_rate(b"1/30  ").unwrap().window, None);
    }

    #[test]
    fn request_rate_window_errors() {
        for (value, want) in [
            (&b"1/30 0600"[..], Err(e(ValueErrorKind::BadTimeWindow, 9))),
            (
                &b"1/30 0600-2500"[..],
                Err(e(ValueErrorKind::BadTimeWindow, 10)),
            ),
            (&b"1/30 s"[..], Err(e(ValueErrorKind::BadTimeWindow, 5))),
            (
                &b"1/30 0600-0845 x"[..],
                Err(e(ValueErrorKind::BadTimeWindow, 14)),
            ),
        ] {
            assert_eq!(parse_request_rate(value), want, "{}", value.escape_ascii());
        }
    }

    #[test]
    fn request_rate_invalid() {
        for (value, want) in [
            (&b""[..], Err(e(ValueErrorKind::Empty, 0))),
            (&b"0/30"[..], Err(e(ValueErrorKind::BadRate, 0))),
            (&b"000/30"[..], Err(e(ValueErrorKind::BadRate, 0))),
            (&b"1/0"[..], Err(e(ValueErrorKind::BadRate, 2))),
            (&b"12/0m"[..], Err(e(ValueErrorKind::BadRate, 3))),
            (&b"10"[..], Err(e(ValueErrorKind::BadRate, 2))),
            (&b"10 / 30"[..], Err(e(ValueErrorKind::BadRate, 2))),
            (&b"1/"[..], Err(e(ValueErrorKind::NotANumber, 2))),
            (&b"/30"[..], Err(e(ValueErrorKind::NotANumber, 0))),
            (&b"x/30"[..], Err(e(ValueErrorKind::NotANumber, 0))),
            (&b"1/s"[..], Err(e(ValueErrorKind::NotANumber, 2))),
            (&b"-1/30"[..], Err(e(ValueErrorKind::Negative, 0))),
            (&b"1/-30"[..], Err(e(ValueErrorKind::Negative, 2))),
            (&b"-/30"[..], Err(e(ValueErrorKind::NotANumber, 0))),
            (&b"1.5/30"[..], Err(e(ValueErrorKind::BadRate, 1))),
            (&b"1/3.5"[..], Err(e(ValueErrorKind::BadRate, 3))),
            (&b"1/30;"[..], Err(e(ValueErrorKind::BadRate, 4))),
            (&b"1/30s5"[..], Err(e(ValueErrorKind::BadRate, 5))),
            (&b"1/30/5"[..], Err(e(ValueErrorKind::BadRate, 4))),
        ] {
            assert_eq!(parse_request_rate(value), want, "{}", value.escape_ascii());
        }
    }

    #[test]
    fn request_rate_bad_unit() {
        for (value, want) in [
            (&b"1/30x"[..], Err(e(ValueErrorKind::BadUnit, 4))),
            (&b"1/30sec"[..], Err(e(ValueErrorKind::BadUnit, 4))),
            (&b"1/1d"[..], Err(e(ValueErrorKind::BadUnit, 3))),
            (&b"1/1ms"[..], Err(e(ValueErrorKind::BadUnit, 3))),
        ] {
            assert_eq!(parse_request_rate(value), want, "{}", value.escape_ascii());
        }
    }

    #[test]
    fn request_rate_out_of_range() {
        for (value, want) in [
            (&b"4294967296/1"[..], Err(e(ValueErrorKind::OutOfRange, 0))),
            (
                &b"99999999999999999999999999/1"[..],
                Err(e(ValueErrorKind::OutOfRange, 0)),
            ),
            (
                &b"1/99999999999999999999999999"[..],
                Err(e(ValueErrorKind::OutOfRange, 2)),
            ),
        ] {
            assert_eq!(parse_request_rate(value), want, "{}", value.escape_ascii());
        }
        // Fits in u64 as a number, but not once converted to seconds.
        assert_eq!(
            parse_request_rate(b"1/18446744073709551615h"),
            Err(e(ValueErrorKind::OutOfRange, 2))
        );
        assert_eq!(
            parse_request_rate(b"1/18446744073709551615").unwrap().per,
            secs(u64::MAX)
        );
        assert_eq!(
            parse_request_rate(b"1/5124095576030431h").unwrap().per,
            secs(5_124_095_576_030_431 * 3600)
        );
        assert_eq!(
            parse_request_rate(b"1/5124095576030432h"),
            Err(e(ValueErrorKind::OutOfRange, 2))
        );
        let mut huge = vec![b'1', b'/'];
        huge.extend(core::iter::repeat(b'7').take(100_000));
        assert_eq!(
            parse_request_rate(&huge),
            Err(e(ValueErrorKind::OutOfRange, 2))
        );
    }

    #[test]
    fn request_rate_non_utf8() {
        for (value, want) in [
            (&b"1/30\xff"[..], Err(e(ValueErrorKind::BadRate, 4))),
            (&b"\xff/30"[..], Err(e(ValueErrorKind::NotANumber, 0))),
            (&b"1\x00/30"[..], Err(e(ValueErrorKind::BadRate, 1))),
        ] {
            assert_eq!(parse_request_rate(value), want, "{}", value.escape_ascii());
        }
    }

    #[test]
    fn request_rate_interval_zero_requests() {
        let r = RequestRate {
            requests: 0,
            per: secs(10),
            window: None,
        };
        assert_eq!(r.interval(), Duration::MAX);
        let r = RequestRate {
            requests: 2,
            per: Duration::MAX,
            window: None,
        };
        assert_eq!(r.interval(), Duration::MAX / 2);
    }
}
