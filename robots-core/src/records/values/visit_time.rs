//! `Visit-time`: a window of the day in GMT.

use super::{byte_at, err, rest, skip_spaces};
use super::{ValueError, ValueErrorKind};

/// Number of minutes in a day; the exclusive upper bound of a minute of day.
const MINUTES_PER_DAY: u16 = 24 * 60;

/// A window of the day in GMT, as minutes since midnight.
///
/// `start` is inclusive and `end` is exclusive. `start > end` means the window
/// wraps past midnight (for example 23:00–04:30). `end` may be `1440`
/// (written `2400` or `24:00`) to mean "until midnight". A window with
/// `start == end` contains no minute at all.
///
/// ```
/// use robots_runtime::records::TimeWindow;
///
/// let night = TimeWindow { start: 23 * 60, end: 4 * 60 + 30 };
/// assert!(night.contains(0));
/// assert!(!night.contains(12 * 60));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeWindow {
    /// First minute of the window (inclusive), `0..1440`.
    pub start: u16,
    /// Minute at which the window ends (exclusive), `0..=1440`.
    pub end: u16,
}

impl TimeWindow {
    /// Whether `minute_of_day` (`0..1440`) falls inside the window.
    ///
    /// The start is inclusive and the end exclusive; windows that wrap past
    /// midnight (`start > end`) are handled. Minutes of `1440` or more are
    /// never inside any window.
    ///
    /// ```
    /// use robots_runtime::records::TimeWindow;
    ///
    /// let morning = TimeWindow { start: 6 * 60, end: 8 * 60 + 45 };
    /// assert!(morning.contains(6 * 60));
    /// assert!(morning.contains(8 * 60 + 44));
    /// assert!(!morning.contains(8 * 60 + 45));
    ///
    /// let night = TimeWindow { start: 23 * 60, end: 60 };
    /// assert!(night.contains(23 * 60 + 30));
    /// assert!(night.contains(30));
    /// assert!(!night.contains(60));
    /// ```
    #[must_use]
    #[cfg_attr(robots_size, optimize(size))]
    pub const fn contains(&self, minute_of_day: u16) -> bool {
        if minute_of_day >= MINUTES_PER_DAY {
            return false;
        }
        if self.start <= self.end {
            self.start <= minute_of_day && minute_of_day < self.end
        } else {
            minute_of_day >= self.start || minute_of_day < self.end
        }
    }
}

/// Parses a `Visit-time` value such as `2300-0430` into a [`TimeWindow`].
///
/// Each time is `HHMM` or `HH:MM` (one-digit hours are accepted with the
/// colon form, e.g. `6:00`), in GMT; the two forms may be mixed, and spaces
/// or tabs are allowed around the `-`. Hours are `0..=23` and minutes
/// `0..=59`; `2400` / `24:00` is additionally allowed as the end time. A start
/// later than the end gives a window wrapping past midnight.
///
/// # Errors
///
/// Returns [`Empty`](ValueErrorKind::Empty) for an empty value, otherwise
/// [`BadTimeWindow`](ValueErrorKind::BadTimeWindow) at the offending time
/// (its hour for a bad format or hour, its minutes for bad minutes), at the
/// missing `-`, or at trailing bytes.
///
/// ```
/// use robots_runtime::records::{parse_visit_time, TimeWindow};
///
/// assert_eq!(parse_visit_time(b"2300-0430"), Ok(TimeWindow { start: 1380, end: 270 }));
/// assert_eq!(parse_visit_time(b"23:00-04:30"), Ok(TimeWindow { start: 1380, end: 270 }));
/// assert_eq!(parse_visit_time(b"0000-2400"), Ok(TimeWindow { start: 0, end: 1440 }));
/// ```
#[cfg_attr(robots_size, optimize(size))]
pub fn parse_visit_time(value: &[u8]) -> Result<TimeWindow, ValueError> {
    if value.is_empty() {
        return Err(err(ValueErrorKind::Empty, 0));
    }
    parse_window(value, 0)
}

/// Parses a whole `start-end` time window beginning at `start` and running
/// to the end of `value`. Offsets in errors are relative to `value`.
#[cfg_attr(robots_size, optimize(size))]
pub(super) fn parse_window(value: &[u8], start: usize) -> Result<TimeWindow, ValueError> {
    let (from, pos) = parse_clock(value, start, false)?;
    let pos = skip_spaces(value, pos);
    if byte_at(value, pos) != Some(b'-') {
        return Err(err(ValueErrorKind::BadTimeWindow, pos));
    }
    let pos = skip_spaces(value, pos + 1);
    let (to, pos) = parse_clock(value, pos, true)?;
    if pos != value.len() {
        return Err(err(ValueErrorKind::BadTimeWindow, pos));
    }
    Ok(TimeWindow {
        start: from,
        end: to,
    })
}

/// Numeric value of the digit at `pos` (0 if it is not a digit).
#[cfg_attr(robots_size, optimize(size))]
fn digit_at(value: &[u8], pos: usize) -> u16 {
    match byte_at(value, pos) {
        Some(b) if b.is_ascii_digit() => u16::from(b - b'0'),
        _ => 0,
    }
}

/// Parses one time of day (`HHMM`, `HH:MM` or `H:MM`) at `start`, returning
/// minutes since midnight and the offset just past it. `24:00` is accepted
/// (as 1440) only when `is_end` is set.
#[cfg_attr(robots_size, optimize(size))]
fn parse_clock(value: &[u8], start: usize, is_end: bool) -> Result<(u16, usize), ValueError> {
    let bad = |offset| err(ValueErrorKind::BadTimeWindow, offset);
    let count_digits = |from: usize| {
        rest(value, from)
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };

    let hour_digits = count_digits(start);
    let (hour, minute, minute_start, end) = if hour_digits == 4 {
        let hour = digit_at(value, start) * 10 + digit_at(value, start + 1);
        let minute = digit_at(value, start + 2) * 10 + digit_at(value, start + 3);
        (hour, minute, start + 2, start + 4)
    } else if (1..=2).contains(&hour_digits) && byte_at(value, start + hour_digits) == Some(b':') {
        let hour = if hour_digits == 1 {
            digit_at(value, start)
        } else {
            digit_at(value, start) * 10 + digit_at(value, start + 1)
        };
        let minute_start = start + hour_digits + 1;
        if count_digits(minute_start) != 2 {
            return Err(bad(minute_start));
        }
        let minute = digit_at(value, minute_start) * 10 + digit_at(value, minute_start + 1);
        (hour, minute, minute_start, minute_start + 2)
    } else {
        return Err(bad(start));
    };

    if is_end && hour == 24 && minute == 0 {
        return Ok((MINUTES_PER_DAY, end));
    }
    if hour > 23 {
        return Err(bad(start));
    }
    if minute > 59 {
        return Err(bad(minute_start));
    }
    Ok((hour * 60 + minute, end))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::values::test_support::*;
    use alloc::vec;

    #[test]
    fn window_contains_plain() {
        let w = tw(hm(6, 0), hm(8, 45));
        assert!(!w.contains(hm(5, 59)));
        assert!(w.contains(hm(6, 0)));
        assert!(w.contains(hm(7, 30)));
        assert!(w.contains(hm(8, 44)));
        assert!(!w.contains(hm(8, 45)));
        assert!(!w.contains(hm(23, 59)));
    }

    #[test]
    fn window_contains_wrapping() {
        let w = tw(hm(23, 0), hm(4, 30));
        assert!(w.contains(hm(23, 0)));
        assert!(w.contains(hm(23, 59)));
        assert!(w.contains(0));
        assert!(w.contains(hm(4, 29)));
        assert!(!w.contains(hm(4, 30)));
        assert!(!w.contains(hm(12, 0)));
        assert!(!w.contains(hm(22, 59)));
    }

    #[test]
    fn window_contains_edges() {
        let full = tw(0, 1440);
        assert!(full.contains(0));
        assert!(full.contains(1439));
        assert!(!full.contains(1440));
        let empty = tw(600, 600);
        assert!(!empty.contains(600));
        assert!(!empty.contains(0));
        assert!(!empty.contains(1439));
        // Out-of-range minutes are never contained, even in wrapping windows.
        let wrap = tw(hm(22, 0), hm(2, 0));
        assert!(!wrap.contains(1440));
        assert!(!wrap.contains(u16::MAX));
        // `contains` is usable in const contexts.
        const SHORT: TimeWindow = TimeWindow { start: 0, end: 10 };
        const WRAP: TimeWindow = TimeWindow { start: 5, end: 0 };
        const IN_CONST: [bool; 3] = [SHORT.contains(5), SHORT.contains(10), WRAP.contains(4)];
        assert_eq!(IN_CONST, [true, false, false]);
    }

    #[test]
    fn visit_time_valid() {
        for (value, want) in [
            (&b"0600-0845"[..], Ok(tw(hm(6, 0), hm(8, 45)))),
            (&b"2300-0430"[..], Ok(tw(hm(23, 0), hm(4, 30)))),
            (&b"23:00-04:30"[..], Ok(tw(hm(23, 0), hm(4, 30)))),
            (&b"6:00-8:45"[..], Ok(tw(hm(6, 0), hm(8, 45)))),
            (&b"2300-04:30"[..], Ok(tw(hm(23, 0), hm(4, 30)))),
            (&b"0600 - 0845"[..], Ok(tw(hm(6, 0), hm(8, 45)))),
            (&b"0600\t-\t0845"[..], Ok(tw(hm(6, 0), hm(8, 45)))),
            (&b"0000-2400"[..], Ok(tw(0, 1440))),
            (&b"12:00-24:00"[..], Ok(tw(720, 1440))),
            (&b"0000-2359"[..], Ok(tw(0, 1439))),
            (&b"2359-0000"[..], Ok(tw(1439, 0))),
            (&b"1200-1200"[..], Ok(tw(720, 720))),
        ] {
            assert_eq!(parse_visit_time(value), want, "{}", value.escape_ascii());
        }
    }

    #[test]
    fn visit_time_wrapping_semantics() {
        let w = parse_visit_time(b"2300-0430").unwrap();
        assert!(w.start > w.end);
        assert!(w.contains(hm(23, 30)));
        assert!(w.contains(hm(2, 0)));
        assert!(!w.contains(hm(4, 30)));
        assert!(!w.contains(hm(10, 0)));
    }

    #[test]
    fn visit_time_invalid() {
        for (value, want) in [
            (&b""[..], Err(e(ValueErrorKind::Empty, 0))),
            (&b"2400-0100"[..], Err(e(ValueErrorKind::BadTimeWindow, 0))),
            (
                &b"24:00-01:00"[..],
                Err(e(ValueErrorKind::BadTimeWindow, 0)),
            ),
            (&b"0000-2401"[..], Err(e(ValueErrorKind::BadTimeWindow, 5))),
            (&b"0000-2500"[..], Err(e(ValueErrorKind::BadTimeWindow, 5))),
            (&b"0060-0100"[..], Err(e(ValueErrorKind::BadTimeWindow, 2))),
            (
                &b"01:00-01:60"[..],
                Err(e(ValueErrorKind::BadTimeWindow, 9)),
            ),
            (&b"0600"[..], Err(e(ValueErrorKind::BadTimeWindow, 4))),
            (&b"0600-"[..], Err(e(ValueErrorKind::BadTimeWindow, 5))),
            (&b"-0600"[..], Err(e(ValueErrorKind::BadTimeWindow, 0))),
            (&b"600-0845"[..], Err(e(ValueErrorKind::BadTimeWindow, 0))),
            (&b"06000-0845"[..], Err(e(ValueErrorKind::BadTimeWindow, 0))),
            (&b"0600-08450"[..], Err(e(ValueErrorKind::BadTimeWindow, 5))),
            (&b"06:0-0845"[..], Err(e(ValueErrorKind::BadTimeWindow, 3))),
            (
                &b"06:000-0845"[..],
                Err(e(ValueErrorKind::BadTimeWindow, 3)),
            ),
            (
                &b"006:00-0845"[..],
                Err(e(ValueErrorKind::BadTimeWindow, 0)),
            ),
            (
                &b"0600-0845 extra"[..],
                Err(e(ValueErrorKind::BadTimeWindow, 9)),
            ),
            (&b"0600_0845"[..], Err(e(ValueErrorKind::BadTimeWindow, 4))),
            (&b"0600-0845Z"[..], Err(e(ValueErrorKind::BadTimeWindow, 9))),
        ] {
            assert_eq!(parse_visit_time(value), want, "{}", value.escape_ascii());
        }
    }

    #[test]
    fn visit_time_non_utf8_and_huge() {
        assert_eq!(
            parse_visit_time(b"06\xff0-0845"),
            Err(e(ValueErrorKind::BadTimeWindow, 0))
        );
        assert_eq!(
            parse_visit_time(b"0600-0845\x00"),
            Err(e(ValueErrorKind::BadTimeWindow, 9))
        );
        let huge = vec![b'1'; 100_000];
        assert_eq!(
            parse_visit_time(&huge),
            Err(e(ValueErrorKind::BadTimeWindow, 0))
        );
    }
}
