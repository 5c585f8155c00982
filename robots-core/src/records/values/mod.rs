//! The parsers of record values: each takes the raw value bytes (already
//! trimmed of whitespace and of any `#` comment; untrusted: any length, any
//! bytes), never panics, and runs in time linear in the value.
//!
//! One file per kind of record value, each with its parser and its tests;
//! here, the error they share and the byte helpers they read values with.

mod clean_param;
mod crawl_delay;
mod host;
mod request_rate;
mod sitemap;
mod visit_time;

pub use clean_param::*;
pub use crawl_delay::*;
pub use host::*;
pub use request_rate::*;
pub use sitemap::*;
pub use visit_time::*;

use core::fmt;

/// The kind of problem found in an extension value.
///
/// ```
/// use robots_runtime::records::{parse_crawl_delay, ValueErrorKind};
///
/// assert_eq!(parse_crawl_delay(b"-1").unwrap_err().kind, ValueErrorKind::Negative);
/// ```
///
/// New kinds may be added (hence `#[non_exhaustive]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ValueErrorKind {
    /// The value is empty (or, for `Clean-param`, names no parameter).
    Empty,
    /// A number was expected but the bytes are not a plain decimal number.
    NotANumber,
    /// A number is negative where only non-negative values make sense.
    Negative,
    /// A number is too large (or, for a port, zero).
    OutOfRange,
    /// A `Request-rate` period has a unit other than `s`, `m` or `h`.
    BadUnit,
    /// A time window is not of the form `HHMM-HHMM` / `HH:MM-HH:MM`, or a
    /// time in it is not a valid time of day.
    BadTimeWindow,
    /// A `Request-rate` is not of the form `requests/period` with positive
    /// integers.
    BadRate,
    /// A `Sitemap` value is not an absolute `http://` or `https://` URL.
    NotAbsoluteUrl,
    /// A `Host` value is not a host name with an optional port.
    BadHost,
    /// A `Content-Signal` entry is not `key=yes` or `key=no`.
    BadSignal,
    /// A `Content-Usage` value breaks the Structured Fields dictionary syntax.
    BadUsage,
}

/// What was wrong with an extension value and where.
///
/// `offset` is the byte offset inside the value where the problem starts.
///
/// ```
/// use robots_runtime::records::{parse_visit_time, ValueError, ValueErrorKind};
///
/// assert_eq!(
///     parse_visit_time(b"0600-2500"),
///     Err(ValueError { kind: ValueErrorKind::BadTimeWindow, offset: 5 })
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueError {
    /// What kind of problem was found.
    pub kind: ValueErrorKind,
    /// Byte offset inside the value where the problem starts.
    pub offset: usize,
}

impl ValueError {
    /// A short human-readable sentence describing the kind of problem.
    ///
    /// ```
    /// use robots_runtime::records::{ValueError, ValueErrorKind};
    ///
    /// let err = ValueError { kind: ValueErrorKind::Negative, offset: 0 };
    /// assert_eq!(err.message(), "crawl-delay must be a non-negative number of seconds");
    /// ```
    #[must_use]
    #[cfg_attr(robots_size, optimize(size))]
    pub fn message(&self) -> &'static str {
        match self.kind {
            ValueErrorKind::Empty => "value is empty",
            ValueErrorKind::NotANumber => "value is not a plain decimal number",
            ValueErrorKind::Negative => "crawl-delay must be a non-negative number of seconds",
            ValueErrorKind::OutOfRange => "number is out of the allowed range",
            ValueErrorKind::BadUnit => "time unit must be s, m or h",
            ValueErrorKind::BadTimeWindow => {
                "time window must look like HHMM-HHMM or HH:MM-HH:MM with valid times"
            }
            ValueErrorKind::BadRate => {
                "request-rate must look like requests/period with positive integers"
            }
            ValueErrorKind::NotAbsoluteUrl => "sitemap must be an absolute http:// or https:// URL",
            ValueErrorKind::BadHost => {
                "host must be a host name with an optional :port and no path"
            }
            ValueErrorKind::BadSignal => {
                "content-signal must be key=yes or key=no pairs separated by commas"
            }
            ValueErrorKind::BadUsage => {
                "content-usage must be an optional path, then label=y or label=n pairs separated by commas"
            }
        }
    }
}

impl fmt::Display for ValueError {
    /// Formats as `<message> (at byte <offset>)`.
    ///
    /// ```
    /// use robots_runtime::records::{ValueError, ValueErrorKind};
    ///
    /// let err = ValueError { kind: ValueErrorKind::Empty, offset: 0 };
    /// assert_eq!(err.to_string(), "value is empty (at byte 0)");
    /// ```
    #[cfg_attr(robots_size, optimize(size))]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message(), self.offset)
    }
}

#[cfg(feature = "std")]
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
impl std::error::Error for ValueError {}

impl From<ValueError> for crate::error::Error {
    #[cfg_attr(robots_size, optimize(size))]
    fn from(e: ValueError) -> Self {
        crate::error::Error::new(crate::error::ErrorKind::InvalidValue, alloc::format!("{e}"))
    }
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// Builds a [`ValueError`].
#[cfg_attr(robots_size, optimize(size))]
pub(super) const fn err(kind: ValueErrorKind, offset: usize) -> ValueError {
    ValueError { kind, offset }
}

/// The byte at `pos`, if any.
#[cfg_attr(robots_size, optimize(size))]
pub(super) fn byte_at(value: &[u8], pos: usize) -> Option<u8> {
    value.get(pos).copied()
}

/// The bytes from `pos` to the end (empty if `pos` is past the end).
#[cfg_attr(robots_size, optimize(size))]
pub(super) fn rest(value: &[u8], pos: usize) -> &[u8] {
    value.get(pos..).unwrap_or_default()
}

/// ASCII whitespace separating tokens inside a value.
#[cfg_attr(robots_size, optimize(size))]
pub(super) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// ASCII whitespace or control bytes (including NUL and DEL).
#[cfg_attr(robots_size, optimize(size))]
pub(super) fn is_space_or_control(b: u8) -> bool {
    b <= b' ' || b == 0x7f
}

/// Position of the first non-whitespace byte at or after `pos`.
#[cfg_attr(robots_size, optimize(size))]
pub(super) fn skip_spaces(value: &[u8], pos: usize) -> usize {
    pos + rest(value, pos)
        .iter()
        .take_while(|&&b| is_space(b))
        .count()
}

/// Length of a leading case-insensitive `http://` or `https://`, if present.
#[cfg_attr(robots_size, optimize(size))]
pub(super) fn scheme_len(value: &[u8]) -> Option<usize> {
    const HTTP: &[u8] = b"http://";
    const HTTPS: &[u8] = b"https://";
    let starts_with = |prefix: &[u8]| {
        value
            .get(..prefix.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
    };
    if starts_with(HTTP) {
        Some(HTTP.len())
    } else if starts_with(HTTPS) {
        Some(HTTPS.len())
    } else {
        None
    }
}

/// A run of decimal digits.
pub(super) struct Uint {
    /// Value of the digits; meaningless when `overflow` is set.
    pub(super) value: u64,
    /// Whether the value does not fit in a `u64`.
    pub(super) overflow: bool,
    /// Offset just past the last digit (equal to the start if none).
    pub(super) end: usize,
}

/// Scans the decimal digits starting at `start`, without ever overflowing.
#[cfg_attr(robots_size, optimize(size))]
pub(super) fn scan_uint(value: &[u8], start: usize) -> Uint {
    let mut acc: u64 = 0;
    let mut overflow = false;
    let mut end = start;
    for &b in rest(value, start) {
        if !b.is_ascii_digit() {
            break;
        }
        if !overflow {
            match acc
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(b - b'0')))
            {
                Some(v) => acc = v,
                None => overflow = true,
            }
        }
        end += 1;
    }
    Uint {
        value: acc,
        overflow,
        end,
    }
}

/// Parses a non-negative integer at `start` for `Request-rate`, returning the
/// value and the offset just past it.
#[cfg_attr(robots_size, optimize(size))]
pub(super) fn parse_count(value: &[u8], start: usize) -> Result<(u64, usize), ValueError> {
    if byte_at(value, start) == Some(b'-') {
        let kind = if byte_at(value, start + 1).is_some_and(|b| b.is_ascii_digit()) {
            ValueErrorKind::Negative
        } else {
            ValueErrorKind::NotANumber
        };
        return Err(err(kind, start));
    }
    let n = scan_uint(value, start);
    if n.end == start {
        return Err(err(ValueErrorKind::NotANumber, start));
    }
    if n.overflow {
        return Err(err(ValueErrorKind::OutOfRange, start));
    }
    Ok((n.value, n.end))
}

/// What the kinds' tests share.
#[cfg(test)]
mod test_support {
    use super::*;
    use core::time::Duration;

    pub(crate) fn e(kind: ValueErrorKind, offset: usize) -> ValueError {
        ValueError { kind, offset }
    }

    pub(crate) fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    pub(crate) fn tw(start: u16, end: u16) -> TimeWindow {
        TimeWindow { start, end }
    }

    pub(crate) fn hm(h: u16, m: u16) -> u16 {
        h * 60 + m
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::*;
    use super::*;
    use alloc::format;
    use alloc::string::ToString;

    #[test]
    fn error_messages_and_display() {
        let kinds = [
            ValueErrorKind::Empty,
            ValueErrorKind::NotANumber,
            ValueErrorKind::Negative,
            ValueErrorKind::OutOfRange,
            ValueErrorKind::BadUnit,
            ValueErrorKind::BadTimeWindow,
            ValueErrorKind::BadRate,
            ValueErrorKind::NotAbsoluteUrl,
            ValueErrorKind::BadHost,
        ];
        let messages: Vec<&str> = kinds.iter().map(|&k| e(k, 0).message()).collect();
        for (i, m) in messages.iter().enumerate() {
            assert!(!m.is_empty());
            for other in messages.iter().skip(i + 1) {
                assert_ne!(m, other);
            }
        }
        assert_eq!(
            e(ValueErrorKind::Negative, 0).message(),
            "crawl-delay must be a non-negative number of seconds"
        );
        assert_eq!(
            e(ValueErrorKind::BadHost, 7).to_string(),
            "host must be a host name with an optional :port and no path (at byte 7)"
        );
        assert_eq!(
            format!("{}", e(ValueErrorKind::Empty, 0)),
            "value is empty (at byte 0)"
        );
    }
}
