//! Extension records: `Crawl-delay`, `Request-rate`, `Visit-time`, `Sitemap`,
//! `Host`, `Clean-param` and the others, with their typed values.
//!
//! A policy keeps every record with its line ([`Record`](crate::policy::records::Record));
//! a matcher reads the
//! records of the groups that apply to its crawler (`Matcher::crawl_delay`, …).
//! The parsers of the values are here too, for tools that read values on their own.
//!
//! ```
//! use core::time::Duration;
//! use robots_runtime::records::{parse_crawl_delay, parse_request_rate};
//!
//! assert_eq!(parse_crawl_delay(b"2.5"), Ok(Duration::from_millis(2500)));
//! let rate = parse_request_rate(b"10/1m").unwrap();
//! assert_eq!(rate.interval(), Duration::from_secs(6));
//! ```

mod signals;
mod values;

pub use signals::*;
pub use values::*;

use core::time::Duration;

/// The typed value of an extension record.
///
/// New kinds of value may be added (hence `#[non_exhaustive]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecordValue {
    /// `Crawl-delay`.
    CrawlDelay(Duration),
    /// `Request-rate`.
    RequestRate(RequestRate),
    /// `Visit-time`.
    VisitTime(TimeWindow),
    /// `Content-Signal`.
    ContentSignal(ContentSignals),
    /// `Content-Usage`: the preferences (its path is read with
    /// [`parse_content_usage`]).
    ContentUsage(UsagePrefs),
    /// A valid text value: sitemap URL, host, clean-param, comment,
    /// robot-version, LLM-Policy URL, License URL.
    Text,
    /// The value did not parse; the text is kept.
    Invalid,
}

/// The typed value of a record of `directive` whose value is `value`.
///
/// ```
/// use core::time::Duration;
/// use robots_runtime::document::Directive;
/// use robots_runtime::records::{parse_value, RecordValue};
/// assert_eq!(parse_value(Directive::CrawlDelay, b"1.5"), RecordValue::CrawlDelay(Duration::from_millis(1500)));
/// assert_eq!(parse_value(Directive::Sitemap, b"/relative.xml"), RecordValue::Invalid);
/// assert_eq!(parse_value(Directive::Comment, b"hello"), RecordValue::Text);
/// ```
#[cfg_attr(robots_size, optimize(size))]
pub fn parse_value(directive: crate::parse::Directive, value: &[u8]) -> RecordValue {
    use crate::parse::Directive;
    let ok = |r: Result<(), ValueError>| match r {
        Ok(()) => RecordValue::Text,
        Err(_) => RecordValue::Invalid,
    };
    match directive {
        Directive::CrawlDelay => {
            parse_crawl_delay(value).map_or(RecordValue::Invalid, RecordValue::CrawlDelay)
        }
        Directive::RequestRate => {
            parse_request_rate(value).map_or(RecordValue::Invalid, RecordValue::RequestRate)
        }
        Directive::VisitTime => {
            parse_visit_time(value).map_or(RecordValue::Invalid, RecordValue::VisitTime)
        }
        Directive::Sitemap | Directive::LlmPolicy | Directive::License => {
            ok(check_sitemap_url(value))
        }
        Directive::ContentSignal => {
            parse_content_signal(value).map_or(RecordValue::Invalid, RecordValue::ContentSignal)
        }
        Directive::ContentUsage => parse_content_usage(value)
            .map_or(RecordValue::Invalid, |usage| {
                RecordValue::ContentUsage(usage.prefs)
            }),
        Directive::Host => ok(parse_host(value).map(|_| ())),
        Directive::CleanParam => ok(parse_clean_param(value).map(|_| ())),
        _ => RecordValue::Text,
    }
}
