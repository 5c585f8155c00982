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
    OffsetDateTime::parse(text, &Rfc3339)
        .ok()
        .map(OffsetDateTime::unix_timestamp)
        .or_else(|| clf_time(text.as_bytes()))
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
    }
}
