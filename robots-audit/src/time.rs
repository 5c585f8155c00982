//! Log timestamps as seconds since the Unix epoch.

use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use time::OffsetDateTime;

/// `10/Oct/2000:13:55:36 -0700`, the Common Log Format's time.
pub(crate) fn clf_time(text: &[u8]) -> Option<i64> {
    let text = core::str::from_utf8(text).ok()?;
    let format = format_description!(
        "[day]/[month repr:short]/[year]:[hour]:[minute]:[second] [offset_hour sign:mandatory][offset_minute]"
    );
    OffsetDateTime::parse(text, &format)
        .ok()
        .map(OffsetDateTime::unix_timestamp)
}

/// Common Log Format times read one after another, the last minute remembered.
///
/// A log's lines come in time order, so most lines share the previous line's
/// minute: only the seconds differ. The minute (the time with its seconds
/// read as `00`) is parsed once; each line adds its seconds. For seconds
/// `00`–`59` that is what [`clf_time`] gives the whole text (a minute's
/// seconds are consecutive), and any other text is parsed whole.
#[derive(Debug, Default)]
pub(crate) struct ClfTimes {
    /// The last minute parsed, as text with `00` seconds.
    minute: Vec<u8>,
    /// Its time (`None`: it does not parse).
    start: Option<i64>,
}

impl ClfTimes {
    /// [`clf_time`] of `text`.
    pub(crate) fn parse(&mut self, text: &[u8]) -> Option<i64> {
        // `…:MM:SS +zzzz`: the seconds are the two digits before the space.
        let Some((space, seconds)) = seconds_before_space(text) else {
            return clf_time(text);
        };
        let same_minute = self.minute.len() == text.len()
            && self.minute.get(..space - 2) == text.get(..space - 2)
            && self.minute.get(space..) == text.get(space..);
        if !same_minute {
            self.minute.clear();
            self.minute.extend_from_slice(text);
            if let Some(digits) = self.minute.get_mut(space - 2..space) {
                digits.copy_from_slice(b"00");
            }
            self.start = clf_time(&self.minute);
        }
        self.start.map(|start| start + seconds)
    }
}

impl ClfTimes {
    /// [`clf_time`] of a time of the fixed width servers write,
    /// `dd/Mon/yyyy:HH:MM:SS +zzzz` (its first space at 20, its seconds
    /// before it): [`ClfTimes::parse`] without the search for the space.
    pub(crate) fn parse_fixed(&mut self, text: &[u8; 26]) -> Option<i64> {
        let seconds = match text {
            [.., b':', tens @ b'0'..=b'5', ones @ b'0'..=b'9', b' ', _, _, _, _, _] => {
                i64::from(tens - b'0') * 10 + i64::from(ones - b'0')
            }
            _ => return self.parse(text),
        };
        let minute: Option<&[u8; 26]> = self.minute.as_slice().try_into().ok();
        let same_minute =
            minute.is_some_and(|minute| minute[..18] == text[..18] && minute[20..] == text[20..]);
        if !same_minute {
            return self.parse(text);
        }
        self.start.map(|start| start + seconds)
    }
}

/// Where the first space of `text` is, and the seconds `:SS` before it give
/// (`00`–`59`).
fn seconds_before_space(text: &[u8]) -> Option<(usize, i64)> {
    let space = memchr::memchr(b' ', text)?;
    match text.get(space.checked_sub(3)?..space)? {
        [b':', tens @ b'0'..=b'5', ones @ b'0'..=b'9'] => {
            Some((space, i64::from(tens - b'0') * 10 + i64::from(ones - b'0')))
        }
        _ => None,
    }
}

/// An RFC 3339 time (`2000-10-10T13:55:36Z`), else a Common Log Format one.
pub(crate) fn any_time(text: &str) -> Option<i64> {
    parse_time(text).or_else(|| clf_time(text.as_bytes()))
}

/// An RFC 3339 time (`2026-11-27T12:00:00Z`, or with an offset) as seconds
/// since the Unix epoch (fractions of a second dropped).
///
/// ```
/// assert_eq!(robots_audit::parse_time("2026-11-27T12:00:00Z"), Some(1_795_780_800));
/// assert_eq!(robots_audit::parse_time("2026-11-27T13:00:00+01:00"), Some(1_795_780_800));
/// assert_eq!(robots_audit::parse_time("27/Nov/2026"), None);
/// ```
pub fn parse_time(text: &str) -> Option<i64> {
    OffsetDateTime::parse(text, &Rfc3339)
        .ok()
        .map(OffsetDateTime::unix_timestamp)
}

/// Seconds since the Unix epoch as an RFC 3339 time in UTC
/// (`2026-11-27T12:00:00Z`): the form reports print times in.
///
/// ```
/// assert_eq!(robots_audit::format_time(1_795_780_800), "2026-11-27T12:00:00Z");
/// ```
pub fn format_time(seconds: i64) -> String {
    OffsetDateTime::from_unix_timestamp(seconds)
        .ok()
        .and_then(|t| t.format(&Rfc3339).ok())
        .unwrap_or_else(|| format!("@{seconds}"))
}

/// The minute of the day (UTC, `0..1440`) of a time: what `Request-rate`'s
/// and `Visit-time`'s windows are written in.
pub(crate) fn minute_of_day(seconds: i64) -> u16 {
    u16::try_from(seconds.rem_euclid(86_400) / 60).unwrap_or(0)
}

/// A length of time as people write it (`24h`, `90m`, `0s`, `1h 30m`, `2d`),
/// in whole seconds.
///
/// ```
/// assert_eq!(robots_audit::parse_duration("24h"), Ok(86_400));
/// assert_eq!(robots_audit::parse_duration("90m"), Ok(5_400));
/// assert_eq!(robots_audit::parse_duration("0s"), Ok(0));
/// assert!(robots_audit::parse_duration("soon").is_err());
/// ```
///
/// # Errors
/// When `text` is not a duration: the message says what was expected.
pub fn parse_duration(text: &str) -> Result<u64, String> {
    humantime::parse_duration(text.trim())
        .map(|d| d.as_secs())
        .map_err(|e| format!("'{text}' is not a length of time like 24h, 90m or 0s ({e})"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembered_minutes_read_as_the_whole_text_does() {
        let texts = [
            "10/Oct/2000:13:55:36 -0700",
            "10/Oct/2000:13:55:37 -0700",
            "10/Oct/2000:13:55:00 -0700",
            "10/Oct/2000:13:55:59 -0700",
            "10/Oct/2000:13:56:01 -0700",
            "10/Oct/2000:13:56:01 +0200",
            "10/Oct/2000:13:56:60 +0200",
            "10/Oct/2000:13:56:7 +0200",
            "31/Feb/2000:13:56:10 +0200",
            "31/Feb/2000:13:56:11 +0200",
            "10/Foo/2000:13:56:10 +0200",
            "10/Oct/2000:13:56:10",
            "10/Oct/2000:13:56:10 ",
            " 10/Oct/2000:13:56:10 +0000",
            "28/Nov/2026:23:59:59 +0000",
            "29/Nov/2026:00:00:00 +0000",
            "",
            ":00 ",
            "1:00 ",
            "12:00 x",
        ];
        let mut times = ClfTimes::default();
        for text in texts.iter().chain(texts.iter().rev()) {
            assert_eq!(
                times.parse(text.as_bytes()),
                clf_time(text.as_bytes()),
                "{text:?}"
            );
        }
        assert_eq!(
            times.parse(b"10/Oct/2000:13:55:36 -0700"),
            Some(971_211_336)
        );
        // The fixed-width texts among them, read without the search, alike.
        let mut fixed = ClfTimes::default();
        for text in texts.iter().chain(texts.iter().rev()) {
            if let Ok(text) = <&[u8; 26]>::try_from(text.as_bytes()) {
                assert_eq!(fixed.parse_fixed(text), clf_time(text), "{text:?}");
            }
        }
    }
}
