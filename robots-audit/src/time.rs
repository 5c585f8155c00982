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

/// An RFC 3339 time (`2000-10-10T13:55:36Z`), else a Common Log Format one.
pub(crate) fn any_time(text: &str) -> Option<i64> {
    OffsetDateTime::parse(text, &Rfc3339)
        .ok()
        .map(OffsetDateTime::unix_timestamp)
        .or_else(|| clf_time(text.as_bytes()))
}
