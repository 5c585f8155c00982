//! Reading extension records: crawl-delay, request-rate, visit-time and the
//! file-wide ones (sitemaps, host, clean-param).
//!
//! A record that belongs to a group is read from the groups that matched the
//! crawler; file-wide records are read from the whole file. A record's typed
//! value is parsed from its text when asked for (records are few, and asked for
//! once per crawler, not once per URL).

use crate::ids::GroupId;
use crate::parse::Directive;
use crate::policy::group_id;
use crate::records::{parse_value, RecordValue, RequestRate, TimeWindow};
use crate::tables::layout::{ExtensionRecord, Tables, NONE, U32};
use bstr::BStr;
use core::time::Duration;

/// An extension record (crawl-delay, sitemap, …) with its line and typed value.
///
/// ```
/// use robots_runtime::{Policy, Profile};
/// use robots_runtime::records::RecordValue;
/// use robots_runtime::document::Directive;
/// let p = Policy::parse("User-agent: *\nCrawl-delay: soon\nDisallow: /x\n", Profile::Rfc9309);
/// let record = p.records().next().unwrap();
/// assert_eq!((record.directive, record.line), (Directive::CrawlDelay, 2));
/// assert_eq!(record.value, "soon");
/// assert_eq!(record.parsed, RecordValue::Invalid);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Record<'p> {
    /// Which directive.
    pub directive: Directive,
    /// 1-based line.
    pub line: u32,
    /// The group it belongs to, or `None` for a file-wide record (sitemap, host, …).
    pub group: Option<GroupId>,
    /// The value as written.
    pub value: &'p BStr,
    /// The parsed value.
    pub parsed: RecordValue,
}

impl<'p> Record<'p> {
    fn of(t: &Tables<'p>, r: &ExtensionRecord) -> Option<Record<'p>> {
        let directive = Directive::from_code(r.directive)?;
        let value = r.value.of(t.text());
        Some(Record {
            directive,
            line: r.line.get(),
            group: group_id(r.group.get()),
            value: BStr::new(value),
            parsed: parse_value(directive, value),
        })
    }

    /// The delay, if this is a valid `Crawl-delay`.
    pub fn crawl_delay(&self) -> Option<Duration> {
        match self.parsed {
            RecordValue::CrawlDelay(d) => Some(d),
            _ => None,
        }
    }

    /// The rate, if this is a valid `Request-rate`.
    pub fn request_rate(&self) -> Option<RequestRate> {
        match self.parsed {
            RecordValue::RequestRate(rate) => Some(rate),
            _ => None,
        }
    }

    /// The window, if this is a valid `Visit-time`.
    pub fn visit_time(&self) -> Option<TimeWindow> {
        match self.parsed {
            RecordValue::VisitTime(w) => Some(w),
            _ => None,
        }
    }

    /// Whether the value parsed (a text record such as `Sitemap` or `Host` is valid
    /// when it has the form its directive asks for).
    pub fn is_valid(&self) -> bool {
        self.parsed != RecordValue::Invalid
    }
}

/// Every record of the tables.
pub(crate) fn all<'p>(t: &'p Tables<'p>) -> impl Iterator<Item = Record<'p>> + 'p {
    t.extensions().iter().filter_map(move |r| Record::of(t, r))
}

/// The records of `groups` (group numbers of the tables), in file order.
pub(crate) fn of_groups<'p>(
    t: &'p Tables<'p>,
    groups: &'p [U32],
) -> impl Iterator<Item = Record<'p>> + 'p {
    t.extensions()
        .iter()
        .filter(move |r| r.group.get() != NONE && groups.contains(&r.group))
        .filter_map(move |r| Record::of(t, r))
}

/// The values of the file-wide records of `directive`, in file order (only the
/// valid ones with `valid_only`).
pub(crate) fn file_values<'p>(
    t: &'p Tables<'p>,
    directive: Directive,
    valid_only: bool,
) -> impl Iterator<Item = &'p BStr> + 'p {
    let code = directive.code();
    t.extensions()
        .iter()
        .filter(move |r| r.group.get() == NONE && r.directive == code)
        .map(move |r| r.value.of(t.text()))
        .filter(move |value| !valid_only || parse_value(directive, value) == RecordValue::Text)
        .map(BStr::new)
}
