//! The parsers of record values: each takes the raw value bytes (already
//! trimmed of whitespace and of any `#` comment; untrusted: any length, any
//! bytes), never panics, and runs in time linear in the value.

use alloc::vec::Vec;
use core::fmt;
use core::time::Duration;

/// Largest accepted crawl delay: one (365-day) year, in seconds.
const MAX_CRAWL_DELAY_SECS: u64 = 86_400 * 365;

/// Number of minutes in a day; the exclusive upper bound of a minute of day.
const MINUTES_PER_DAY: u16 = 24 * 60;

/// Largest TCP port number accepted in a `Host` value.
const MAX_PORT: u64 = 65_535;

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
    pub fn interval(&self) -> Duration {
        self.per.checked_div(self.requests).unwrap_or(Duration::MAX)
    }
}

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
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message(), self.offset)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ValueError {}

impl From<ValueError> for crate::error::Error {
    fn from(e: ValueError) -> Self {
        crate::error::Error::new(crate::error::ErrorKind::InvalidValue, alloc::format!("{e}"))
    }
}

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

/// Parses a `Request-rate` value into a [`RequestRate`].
///
/// Grammar: `requests "/" period [unit] [whitespace window]` where `requests`
/// and `period` are positive decimal integers, `unit` is one of `s`, `m`,
/// `h` (case-insensitive, default seconds) written right after the period,
/// and `window` is a time window as accepted by [`parse_visit_time`].
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
pub fn parse_visit_time(value: &[u8]) -> Result<TimeWindow, ValueError> {
    if value.is_empty() {
        return Err(err(ValueErrorKind::Empty, 0));
    }
    parse_window(value, 0)
}

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
fn first_space_or_control(value: &[u8]) -> Option<usize> {
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

/// The value of a Yandex `Clean-param` record: query parameters to ignore,
/// optionally only for URLs whose path starts with `path`.
///
/// ```
/// use robots_core::records::{parse_clean_param, CleanParam};
///
/// assert_eq!(
///     parse_clean_param(b"ref&utm_source /articles/"),
///     Ok(CleanParam { params: vec![&b"ref"[..], &b"utm_source"[..]], path: Some(&b"/articles/"[..]) })
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CleanParam<'a> {
    /// Names of the parameters to ignore, in order; never empty, and no name
    /// is empty.
    pub params: Vec<&'a [u8]>,
    /// Path prefix the record applies to, if given.
    pub path: Option<&'a [u8]>,
}

/// Parses a `Clean-param` value such as `ref&utm_source /articles/`.
///
/// The value is split at its first run of whitespace: the part before it is
/// a list of parameter names separated by `&` (empty names, e.g. from `a&&b`,
/// are skipped), and everything after the whitespace run, if anything, is
/// the path prefix (kept verbatim). Neither part is otherwise validated.
///
/// # Errors
///
/// Returns [`Empty`](ValueErrorKind::Empty) at offset 0 when the value is
/// empty or names no parameter (e.g. `&&`).
///
/// ```
/// use robots_core::records::parse_clean_param;
///
/// let clean = parse_clean_param(b"sid&&sort").unwrap();
/// assert_eq!(clean.params, [&b"sid"[..], &b"sort"[..]]);
/// assert_eq!(clean.path, None);
/// ```
pub fn parse_clean_param(value: &[u8]) -> Result<CleanParam<'_>, ValueError> {
    let params_end = value
        .iter()
        .position(|&b| is_space(b))
        .unwrap_or(value.len());
    let params: Vec<&[u8]> = value
        .get(..params_end)
        .unwrap_or_default()
        .split(|&b| b == b'&')
        .filter(|p| !p.is_empty())
        .collect();
    if params.is_empty() {
        return Err(err(ValueErrorKind::Empty, 0));
    }
    let path_start = skip_spaces(value, params_end);
    let path = if path_start < value.len() {
        Some(rest(value, path_start))
    } else {
        None
    };
    Ok(CleanParam { params, path })
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// Builds a [`ValueError`].
const fn err(kind: ValueErrorKind, offset: usize) -> ValueError {
    ValueError { kind, offset }
}

/// The byte at `pos`, if any.
fn byte_at(value: &[u8], pos: usize) -> Option<u8> {
    value.get(pos).copied()
}

/// The bytes from `pos` to the end (empty if `pos` is past the end).
fn rest(value: &[u8], pos: usize) -> &[u8] {
    value.get(pos..).unwrap_or_default()
}

/// ASCII whitespace separating tokens inside a value.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// ASCII whitespace or control bytes (including NUL and DEL).
fn is_space_or_control(b: u8) -> bool {
    b <= b' ' || b == 0x7f
}

/// Position of the first non-whitespace byte at or after `pos`.
fn skip_spaces(value: &[u8], pos: usize) -> usize {
    pos + rest(value, pos)
        .iter()
        .take_while(|&&b| is_space(b))
        .count()
}

/// Length of a leading case-insensitive `http://` or `https://`, if present.
fn scheme_len(value: &[u8]) -> Option<usize> {
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
struct Uint {
    /// Value of the digits; meaningless when `overflow` is set.
    value: u64,
    /// Whether the value does not fit in a `u64`.
    overflow: bool,
    /// Offset just past the last digit (equal to the start if none).
    end: usize,
}

/// Scans the decimal digits starting at `start`, without ever overflowing.
fn scan_uint(value: &[u8], start: usize) -> Uint {
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
fn parse_count(value: &[u8], start: usize) -> Result<(u64, usize), ValueError> {
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

/// Parses a whole `start-end` time window beginning at `start` and running
/// to the end of `value`. Offsets in errors are relative to `value`.
fn parse_window(value: &[u8], start: usize) -> Result<TimeWindow, ValueError> {
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
fn digit_at(value: &[u8], pos: usize) -> u16 {
    match byte_at(value, pos) {
        Some(b) if b.is_ascii_digit() => u16::from(b - b'0'),
        _ => 0,
    }
}

/// Parses one time of day (`HHMM`, `HH:MM` or `H:MM`) at `start`, returning
/// minutes since midnight and the offset just past it. `24:00` is accepted
/// (as 1440) only when `is_end` is set.
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
    use alloc::format;
    use alloc::string::ToString;
    use alloc::vec;

    fn e(kind: ValueErrorKind, offset: usize) -> ValueError {
        ValueError { kind, offset }
    }

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

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    fn tw(start: u16, end: u16) -> TimeWindow {
        TimeWindow { start, end }
    }

    fn hm(h: u16, m: u16) -> u16 {
        h * 60 + m
    }

    // ----- TimeWindow -------------------------------------------------------

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

    // ----- errors -----------------------------------------------------------

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

    // ----- Crawl-delay ------------------------------------------------------

    #[test]
    fn crawl_delay_valid() {
        assert_eq!(parse_crawl_delay(b"10"), Ok(secs(10)));
        assert_eq!(parse_crawl_delay(b"0"), Ok(secs(0)));
        assert_eq!(parse_crawl_delay(b"0.5"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_crawl_delay(b"1.25"), Ok(Duration::from_millis(1250)));
        assert_eq!(parse_crawl_delay(b".5"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_crawl_delay(b"5."), Ok(secs(5)));
        assert_eq!(parse_crawl_delay(b"007"), Ok(secs(7)));
        assert_eq!(
            parse_crawl_delay(b"0.000000001"),
            Ok(Duration::from_nanos(1))
        );
        assert_eq!(
            parse_crawl_delay(b"2.123456789"),
            Ok(Duration::new(2, 123_456_789))
        );
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
        assert_eq!(parse_crawl_delay(b"31536000"), Ok(secs(31_536_000)));
        assert_eq!(parse_crawl_delay(b"31536000.0"), Ok(secs(31_536_000)));
        assert_eq!(
            parse_crawl_delay(b"31536000.000000001"),
            Err(e(ValueErrorKind::OutOfRange, 0))
        );
        assert_eq!(
            parse_crawl_delay(b"31536001"),
            Err(e(ValueErrorKind::OutOfRange, 0))
        );
        assert_eq!(
            parse_crawl_delay(b"18446744073709551615"),
            Err(e(ValueErrorKind::OutOfRange, 0))
        );
        assert_eq!(
            parse_crawl_delay(b"18446744073709551616"),
            Err(e(ValueErrorKind::OutOfRange, 0))
        );
        assert_eq!(
            parse_crawl_delay(b"99999999999999999999999999999999999999.5"),
            Err(e(ValueErrorKind::OutOfRange, 0))
        );
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
        assert_eq!(parse_crawl_delay(b""), Err(e(ValueErrorKind::Empty, 0)));
        assert_eq!(
            parse_crawl_delay(b"-1"),
            Err(e(ValueErrorKind::Negative, 0))
        );
        assert_eq!(
            parse_crawl_delay(b"-0.5"),
            Err(e(ValueErrorKind::Negative, 0))
        );
        assert_eq!(
            parse_crawl_delay(b"-.5"),
            Err(e(ValueErrorKind::Negative, 0))
        );
        assert_eq!(
            parse_crawl_delay(b"-"),
            Err(e(ValueErrorKind::NotANumber, 0))
        );
        assert_eq!(
            parse_crawl_delay(b"-x"),
            Err(e(ValueErrorKind::NotANumber, 0))
        );
        assert_eq!(
            parse_crawl_delay(b"+1"),
            Err(e(ValueErrorKind::NotANumber, 0))
        );
        assert_eq!(
            parse_crawl_delay(b"1e3"),
            Err(e(ValueErrorKind::NotANumber, 1))
        );
        assert_eq!(
            parse_crawl_delay(b"1.5E2"),
            Err(e(ValueErrorKind::NotANumber, 3))
        );
        assert_eq!(
            parse_crawl_delay(b"."),
            Err(e(ValueErrorKind::NotANumber, 0))
        );
        assert_eq!(
            parse_crawl_delay(b"abc"),
            Err(e(ValueErrorKind::NotANumber, 0))
        );
        assert_eq!(
            parse_crawl_delay(b"1.2.3"),
            Err(e(ValueErrorKind::NotANumber, 3))
        );
        assert_eq!(
            parse_crawl_delay(b"10 seconds"),
            Err(e(ValueErrorKind::NotANumber, 2))
        );
        assert_eq!(
            parse_crawl_delay(b"1,5"),
            Err(e(ValueErrorKind::NotANumber, 1))
        );
        assert_eq!(
            parse_crawl_delay(b"inf"),
            Err(e(ValueErrorKind::NotANumber, 0))
        );
        assert_eq!(
            parse_crawl_delay(b"NaN"),
            Err(e(ValueErrorKind::NotANumber, 0))
        );
        assert_eq!(
            parse_crawl_delay(b"0x10"),
            Err(e(ValueErrorKind::NotANumber, 1))
        );
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
        assert_eq!(
            parse_crawl_delay(b"1\xff"),
            Err(e(ValueErrorKind::NotANumber, 1))
        );
        assert_eq!(
            parse_crawl_delay(b"\xc3\xa9"),
            Err(e(ValueErrorKind::NotANumber, 0))
        );
        assert_eq!(
            parse_crawl_delay(b"5\x006"),
            Err(e(ValueErrorKind::NotANumber, 1))
        );
        assert_eq!(
            parse_crawl_delay(b"0.5\x00"),
            Err(e(ValueErrorKind::NotANumber, 3))
        );
    }

    // ----- Request-rate -----------------------------------------------------

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
        assert_eq!(
            parse_request_rate(b"1/30 0600"),
            Err(e(ValueErrorKind::BadTimeWindow, 9))
        );
        assert_eq!(
            parse_request_rate(b"1/30 0600-2500"),
            Err(e(ValueErrorKind::BadTimeWindow, 10))
        );
        assert_eq!(
            parse_request_rate(b"1/30 s"),
            Err(e(ValueErrorKind::BadTimeWindow, 5))
        );
        assert_eq!(
            parse_request_rate(b"1/30 0600-0845 x"),
            Err(e(ValueErrorKind::BadTimeWindow, 14))
        );
    }

    #[test]
    fn request_rate_invalid() {
        assert_eq!(parse_request_rate(b""), Err(e(ValueErrorKind::Empty, 0)));
        assert_eq!(
            parse_request_rate(b"0/30"),
            Err(e(ValueErrorKind::BadRate, 0))
        );
        assert_eq!(
            parse_request_rate(b"000/30"),
            Err(e(ValueErrorKind::BadRate, 0))
        );
        assert_eq!(
            parse_request_rate(b"1/0"),
            Err(e(ValueErrorKind::BadRate, 2))
        );
        assert_eq!(
            parse_request_rate(b"12/0m"),
            Err(e(ValueErrorKind::BadRate, 3))
        );
        assert_eq!(
            parse_request_rate(b"10"),
            Err(e(ValueErrorKind::BadRate, 2))
        );
        assert_eq!(
            parse_request_rate(b"10 / 30"),
            Err(e(ValueErrorKind::BadRate, 2))
        );
        assert_eq!(
            parse_request_rate(b"1/"),
            Err(e(ValueErrorKind::NotANumber, 2))
        );
        assert_eq!(
            parse_request_rate(b"/30"),
            Err(e(ValueErrorKind::NotANumber, 0))
        );
        assert_eq!(
            parse_request_rate(b"x/30"),
            Err(e(ValueErrorKind::NotANumber, 0))
        );
        assert_eq!(
            parse_request_rate(b"1/s"),
            Err(e(ValueErrorKind::NotANumber, 2))
        );
        assert_eq!(
            parse_request_rate(b"-1/30"),
            Err(e(ValueErrorKind::Negative, 0))
        );
        assert_eq!(
            parse_request_rate(b"1/-30"),
            Err(e(ValueErrorKind::Negative, 2))
        );
        assert_eq!(
            parse_request_rate(b"-/30"),
            Err(e(ValueErrorKind::NotANumber, 0))
        );
        assert_eq!(
            parse_request_rate(b"1.5/30"),
            Err(e(ValueErrorKind::BadRate, 1))
        );
        assert_eq!(
            parse_request_rate(b"1/3.5"),
            Err(e(ValueErrorKind::BadRate, 3))
        );
        assert_eq!(
            parse_request_rate(b"1/30;"),
            Err(e(ValueErrorKind::BadRate, 4))
        );
        assert_eq!(
            parse_request_rate(b"1/30s5"),
            Err(e(ValueErrorKind::BadRate, 5))
        );
        assert_eq!(
            parse_request_rate(b"1/30/5"),
            Err(e(ValueErrorKind::BadRate, 4))
        );
    }

    #[test]
    fn request_rate_bad_unit() {
        assert_eq!(
            parse_request_rate(b"1/30x"),
            Err(e(ValueErrorKind::BadUnit, 4))
        );
        assert_eq!(
            parse_request_rate(b"1/30sec"),
            Err(e(ValueErrorKind::BadUnit, 4))
        );
        assert_eq!(
            parse_request_rate(b"1/1d"),
            Err(e(ValueErrorKind::BadUnit, 3))
        );
        assert_eq!(
            parse_request_rate(b"1/1ms"),
            Err(e(ValueErrorKind::BadUnit, 3))
        );
    }

    #[test]
    fn request_rate_out_of_range() {
        assert_eq!(
            parse_request_rate(b"4294967296/1"),
            Err(e(ValueErrorKind::OutOfRange, 0))
        );
        assert_eq!(
            parse_request_rate(b"99999999999999999999999999/1"),
            Err(e(ValueErrorKind::OutOfRange, 0))
        );
        assert_eq!(
            parse_request_rate(b"1/99999999999999999999999999"),
            Err(e(ValueErrorKind::OutOfRange, 2))
        );
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
        assert_eq!(
            parse_request_rate(b"1/30\xff"),
            Err(e(ValueErrorKind::BadRate, 4))
        );
        assert_eq!(
            parse_request_rate(b"\xff/30"),
            Err(e(ValueErrorKind::NotANumber, 0))
        );
        assert_eq!(
            parse_request_rate(b"1\x00/30"),
            Err(e(ValueErrorKind::BadRate, 1))
        );
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

    // ----- Visit-time -------------------------------------------------------

    #[test]
    fn visit_time_valid() {
        assert_eq!(parse_visit_time(b"0600-0845"), Ok(tw(hm(6, 0), hm(8, 45))));
        assert_eq!(parse_visit_time(b"2300-0430"), Ok(tw(hm(23, 0), hm(4, 30))));
        assert_eq!(
            parse_visit_time(b"23:00-04:30"),
            Ok(tw(hm(23, 0), hm(4, 30)))
        );
        assert_eq!(parse_visit_time(b"6:00-8:45"), Ok(tw(hm(6, 0), hm(8, 45))));
        assert_eq!(
            parse_visit_time(b"2300-04:30"),
            Ok(tw(hm(23, 0), hm(4, 30)))
        );
        assert_eq!(
            parse_visit_time(b"0600 - 0845"),
            Ok(tw(hm(6, 0), hm(8, 45)))
        );
        assert_eq!(
            parse_visit_time(b"0600\t-\t0845"),
            Ok(tw(hm(6, 0), hm(8, 45)))
        );
        assert_eq!(parse_visit_time(b"0000-2400"), Ok(tw(0, 1440)));
        assert_eq!(parse_visit_time(b"12:00-24:00"), Ok(tw(720, 1440)));
        assert_eq!(parse_visit_time(b"0000-2359"), Ok(tw(0, 1439)));
        assert_eq!(parse_visit_time(b"2359-0000"), Ok(tw(1439, 0)));
        assert_eq!(parse_visit_time(b"1200-1200"), Ok(tw(720, 720)));
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
        assert_eq!(parse_visit_time(b""), Err(e(ValueErrorKind::Empty, 0)));
        assert_eq!(
            parse_visit_time(b"2400-0100"),
            Err(e(ValueErrorKind::BadTimeWindow, 0))
        );
        assert_eq!(
            parse_visit_time(b"24:00-01:00"),
            Err(e(ValueErrorKind::BadTimeWindow, 0))
        );
        assert_eq!(
            parse_visit_time(b"0000-2401"),
            Err(e(ValueErrorKind::BadTimeWindow, 5))
        );
        assert_eq!(
            parse_visit_time(b"0000-2500"),
            Err(e(ValueErrorKind::BadTimeWindow, 5))
        );
        assert_eq!(
            parse_visit_time(b"0060-0100"),
            Err(e(ValueErrorKind::BadTimeWindow, 2))
        );
        assert_eq!(
            parse_visit_time(b"01:00-01:60"),
            Err(e(ValueErrorKind::BadTimeWindow, 9))
        );
        assert_eq!(
            parse_visit_time(b"0600"),
            Err(e(ValueErrorKind::BadTimeWindow, 4))
        );
        assert_eq!(
            parse_visit_time(b"0600-"),
            Err(e(ValueErrorKind::BadTimeWindow, 5))
        );
        assert_eq!(
            parse_visit_time(b"-0600"),
            Err(e(ValueErrorKind::BadTimeWindow, 0))
        );
        assert_eq!(
            parse_visit_time(b"600-0845"),
            Err(e(ValueErrorKind::BadTimeWindow, 0))
        );
        assert_eq!(
            parse_visit_time(b"06000-0845"),
            Err(e(ValueErrorKind::BadTimeWindow, 0))
        );
        assert_eq!(
            parse_visit_time(b"0600-08450"),
            Err(e(ValueErrorKind::BadTimeWindow, 5))
        );
        assert_eq!(
            parse_visit_time(b"06:0-0845"),
            Err(e(ValueErrorKind::BadTimeWindow, 3))
        );
        assert_eq!(
            parse_visit_time(b"06:000-0845"),
            Err(e(ValueErrorKind::BadTimeWindow, 3))
        );
        assert_eq!(
            parse_visit_time(b"006:00-0845"),
            Err(e(ValueErrorKind::BadTimeWindow, 0))
        );
        assert_eq!(
            parse_visit_time(b"0600-0845 extra"),
            Err(e(ValueErrorKind::BadTimeWindow, 9))
        );
        assert_eq!(
            parse_visit_time(b"0600_0845"),
            Err(e(ValueErrorKind::BadTimeWindow, 4))
        );
        assert_eq!(
            parse_visit_time(b"0600-0845Z"),
            Err(e(ValueErrorKind::BadTimeWindow, 9))
        );
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

    // ----- Sitemap ----------------------------------------------------------

    #[test]
    fn sitemap_valid() {
        assert_eq!(check_sitemap_url(b"http://example.com/sitemap.xml"), Ok(()));
        assert_eq!(
            check_sitemap_url(b"https://example.com/sitemap.xml"),
            Ok(())
        );
        assert_eq!(check_sitemap_url(b"HTTPS://EXAMPLE.COM"), Ok(()));
        assert_eq!(check_sitemap_url(b"HtTp://x"), Ok(()));
        assert_eq!(
            check_sitemap_url(b"https://example.com:8443/a?b=c#d"),
            Ok(())
        );
        assert_eq!(check_sitemap_url(b"https://user@example.com/"), Ok(()));
        // Non-ASCII bytes (IDN / unescaped paths) are tolerated.
        assert_eq!(check_sitemap_url(b"https://b\xc3\xbccher.de/s.xml"), Ok(()));
        assert_eq!(check_sitemap_url(b"https://\xff/"), Ok(()));
    }

    #[test]
    fn sitemap_invalid() {
        let bad = |offset| Err(e(ValueErrorKind::NotAbsoluteUrl, offset));
        assert_eq!(check_sitemap_url(b""), bad(0));
        assert_eq!(check_sitemap_url(b"/sitemap.xml"), bad(0));
        assert_eq!(check_sitemap_url(b"example.com/sitemap.xml"), bad(0));
        assert_eq!(check_sitemap_url(b"ftp://example.com/sitemap.xml"), bad(0));
        assert_eq!(check_sitemap_url(b"http:/example.com"), bad(0));
        assert_eq!(check_sitemap_url(b"httpx://example.com"), bad(0));
        assert_eq!(check_sitemap_url(b"http"), bad(0));
        assert_eq!(check_sitemap_url(b"http://"), bad(7));
        assert_eq!(check_sitemap_url(b"https://"), bad(8));
        assert_eq!(check_sitemap_url(b"https:///sitemap.xml"), bad(8));
        assert_eq!(check_sitemap_url(b"http://?q"), bad(7));
        assert_eq!(check_sitemap_url(b"http://#f"), bad(7));
        assert_eq!(check_sitemap_url(b"http://:80/"), bad(7));
        assert_eq!(check_sitemap_url(b"http:// example.com"), bad(7));
        assert_eq!(
            check_sitemap_url(b"https://a.com/s.xml https://b.com/s.xml"),
            bad(19)
        );
        assert_eq!(check_sitemap_url(b"https://a.com/\x00s.xml"), bad(14));
        assert_eq!(check_sitemap_url(b"https://a.com/s\x7f"), bad(15));
        assert_eq!(check_sitemap_url(b"\xffhttps://a.com/"), bad(0));
    }

    // ----- Host -------------------------------------------------------------

    #[test]
    fn host_valid() {
        assert_eq!(parse_host(b"example.com"), Ok(&b"example.com"[..]));
        assert_eq!(
            parse_host(b"www.example-site.com"),
            Ok(&b"www.example-site.com"[..])
        );
        assert_eq!(
            parse_host(b"example.com:8080"),
            Ok(&b"example.com:8080"[..])
        );
        assert_eq!(parse_host(b"https://example.com"), Ok(&b"example.com"[..]));
        assert_eq!(parse_host(b"HTTP://Example.COM"), Ok(&b"Example.COM"[..]));
        assert_eq!(
            parse_host(b"http://example.com:80"),
            Ok(&b"example.com:80"[..])
        );
        assert_eq!(parse_host(b"localhost"), Ok(&b"localhost"[..]));
        assert_eq!(parse_host(b"127.0.0.1:65535"), Ok(&b"127.0.0.1:65535"[..]));
        assert_eq!(parse_host(b"example.com."), Ok(&b"example.com."[..]));
        assert_eq!(
            parse_host(b"xn--bcher-kva.de"),
            Ok(&b"xn--bcher-kva.de"[..])
        );
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
        assert_eq!(parse_host(b""), Err(e(ValueErrorKind::Empty, 0)));
        assert_eq!(parse_host(b"example.com/path"), bad(11));
        assert_eq!(parse_host(b"https://example.com/"), bad(19));
        assert_eq!(parse_host(b"example.com extra"), bad(11));
        assert_eq!(parse_host(b"exa_mple.com"), bad(3));
        assert_eq!(parse_host(b"https://"), bad(8));
        assert_eq!(parse_host(b"http://"), bad(7));
        assert_eq!(parse_host(b":8080"), bad(0));
        assert_eq!(parse_host(b"/path"), bad(0));
        assert_eq!(parse_host(b".example.com"), bad(0));
        assert_eq!(parse_host(b"example..com"), bad(8));
        assert_eq!(parse_host(b"https://.com"), bad(8));
        assert_eq!(parse_host(b"---"), bad(0));
        assert_eq!(parse_host(b"example.com:"), bad(12));
        assert_eq!(parse_host(b"example.com:http"), bad(12));
        assert_eq!(parse_host(b"example.com:80x"), bad(14));
        assert_eq!(parse_host(b"example.com:80:81"), bad(14));
        assert_eq!(parse_host(b"ftp://example.com"), bad(4));
        assert_eq!(parse_host(b"[::1]"), bad(0));
        assert_eq!(parse_host(b"user@example.com"), bad(4));
    }

    #[test]
    fn host_port_range() {
        let oor = |offset| Err(e(ValueErrorKind::OutOfRange, offset));
        assert_eq!(parse_host(b"example.com:0"), oor(12));
        assert_eq!(parse_host(b"example.com:65536"), oor(12));
        assert_eq!(parse_host(b"https://a.b:99999999999999999999999"), oor(12));
        let mut huge = b"a.b:".to_vec();
        huge.extend(core::iter::repeat(b'9').take(100_000));
        assert_eq!(parse_host(&huge), oor(4));
    }

    #[test]
    fn host_non_utf8_and_nul() {
        let bad = |offset| Err(e(ValueErrorKind::BadHost, offset));
        assert_eq!(parse_host(b"b\xc3\xbccher.de"), bad(1));
        assert_eq!(parse_host(b"\xff"), bad(0));
        assert_eq!(parse_host(b"example.com\x00"), bad(11));
        assert_eq!(parse_host(b"https://\x00example.com"), bad(8));
    }

    // ----- Clean-param ------------------------------------------------------

    #[test]
    fn clean_param_valid() {
        assert_eq!(
            parse_clean_param(b"ref&utm_source /articles/"),
            Ok(CleanParam {
                params: vec![&b"ref"[..], &b"utm_source"[..]],
                path: Some(&b"/articles/"[..]),
            })
        );
        assert_eq!(
            parse_clean_param(b"sid"),
            Ok(CleanParam {
                params: vec![&b"sid"[..]],
                path: None,
            })
        );
        assert_eq!(
            parse_clean_param(b"&a&&b&"),
            Ok(CleanParam {
                params: vec![&b"a"[..], &b"b"[..]],
                path: None,
            })
        );
        assert_eq!(
            parse_clean_param(b"s\t\t /forum/*.php"),
            Ok(CleanParam {
                params: vec![&b"s"[..]],
                path: Some(&b"/forum/*.php"[..]),
            })
        );
        // Everything after the first whitespace run is the path, verbatim.
        assert_eq!(
            parse_clean_param(b"a /x y").unwrap().path,
            Some(&b"/x y"[..])
        );
        // Trailing whitespace only: no path.
        assert_eq!(parse_clean_param(b"a  ").unwrap().path, None);
    }

    #[test]
    fn clean_param_non_utf8_and_nul() {
        assert_eq!(
            parse_clean_param(b"\xff&a\x00b /p\xfe"),
            Ok(CleanParam {
                params: vec![&b"\xff"[..], &b"a\x00b"[..]],
                path: Some(&b"/p\xfe"[..]),
            })
        );
    }

    #[test]
    fn clean_param_invalid() {
        assert_eq!(parse_clean_param(b""), Err(e(ValueErrorKind::Empty, 0)));
        assert_eq!(parse_clean_param(b"&"), Err(e(ValueErrorKind::Empty, 0)));
        assert_eq!(parse_clean_param(b"&&&"), Err(e(ValueErrorKind::Empty, 0)));
        assert_eq!(
            parse_clean_param(b"&& /path"),
            Err(e(ValueErrorKind::Empty, 0))
        );
        assert_eq!(
            parse_clean_param(b" /path"),
            Err(e(ValueErrorKind::Empty, 0))
        );
    }

    #[test]
    fn clean_param_many() {
        let mut value = Vec::new();
        for i in 0..10_000u32 {
            if i > 0 {
                value.push(b'&');
            }
            value.extend_from_slice(format!("p{i}").as_bytes());
        }
        let parsed = parse_clean_param(&value).unwrap();
        assert_eq!(parsed.params.len(), 10_000);
        assert_eq!(parsed.params[0], b"p0");
        assert_eq!(parsed.params[9_999], b"p9999");
        assert_eq!(parsed.path, None);
    }
}
