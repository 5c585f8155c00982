//! Reading extension records: crawl-delay, request-rate, visit-time and the
//! file-wide ones (sitemaps, host, clean-param).
//!
//! A record that belongs to a group is read from the groups that matched the
//! crawler; file-wide records are read from the whole file. A record's typed
//! value is parsed from its text when asked for (records are few, and asked for
//! once per crawler, not once per URL).

use crate::ids::GroupId;
use crate::parse::Directive;
use crate::records::{parse_value, RecordValue, RequestRate, TimeWindow};
use crate::tables::layout::{ExtensionRecord, U32};
use crate::tables::view::Tables;
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
    #[cfg_attr(robots_size, optimize(size))]
    fn of(t: &Tables<'p>, r: &ExtensionRecord) -> Option<Record<'p>> {
        Record::in_text(t.text(), r)
    }

    /// The record `r`, its value a span of `text`.
    #[cfg_attr(robots_size, optimize(size))]
    fn in_text(text: &'p [u8], r: &ExtensionRecord) -> Option<Record<'p>> {
        let directive = Directive::from_code(r.directive)?;
        let value = r.value.of(text);
        Some(Record {
            directive,
            line: r.line.get(),
            group: r.group_id(),
            value: BStr::new(value),
            parsed: parse_value(directive, value),
        })
    }

    /// The delay, if this is a valid `Crawl-delay`.
    #[cfg_attr(robots_size, optimize(size))]
    pub fn crawl_delay(&self) -> Option<Duration> {
        match self.parsed {
            RecordValue::CrawlDelay(d) => Some(d),
            _ => None,
        }
    }

    /// The rate, if this is a valid `Request-rate`.
    #[cfg_attr(robots_size, optimize(size))]
    pub fn request_rate(&self) -> Option<RequestRate> {
        match self.parsed {
            RecordValue::RequestRate(rate) => Some(rate),
            _ => None,
        }
    }

    /// The window, if this is a valid `Visit-time`.
    #[cfg_attr(robots_size, optimize(size))]
    pub fn visit_time(&self) -> Option<TimeWindow> {
        match self.parsed {
            RecordValue::VisitTime(w) => Some(w),
            _ => None,
        }
    }

    /// Whether the value parsed (a text record such as `Sitemap` or `Host` is valid
    /// when it has the form its directive asks for).
    #[cfg_attr(robots_size, optimize(size))]
    pub fn is_valid(&self) -> bool {
        self.parsed != RecordValue::Invalid
    }
}

/// Every record of the tables.
#[cfg_attr(robots_size, optimize(size))]
pub(crate) fn all<'p>(t: &'p Tables<'p>) -> impl Iterator<Item = Record<'p>> + 'p {
    t.extensions().iter().filter_map(move |r| Record::of(t, r))
}

/// The records of `groups` (group numbers of the tables), in file order.
///
/// A set lists its groups in file order (validation holds every table to it),
/// so each record's group is looked up by binary search: a file of thousands of
/// `*` groups and thousands of records costs their sum, not their product.
#[cfg_attr(robots_size, optimize(size))]
pub(crate) fn of_groups<'p>(
    t: &'p Tables<'p>,
    groups: &'p [U32],
) -> impl Iterator<Item = Record<'p>> + 'p {
    t.extensions()
        .iter()
        .filter(move |r| {
            r.group_id().is_some_and(|group| {
                groups
                    .binary_search_by_key(&group.as_u32(), |g| g.get())
                    .is_ok()
            })
        })
        .filter_map(move |r| Record::of(t, r))
}

/// [`of_groups`] over the extension records and text as the compiler holds
/// them, before any table is built; `groups` sorted.
#[cfg_attr(robots_size, optimize(size))]
pub(crate) fn of_groups_in<'p>(
    extensions: &'p [ExtensionRecord],
    text: &'p [u8],
    groups: &'p [GroupId],
) -> impl Iterator<Item = Record<'p>> + 'p {
    extensions
        .iter()
        .filter(move |r| {
            r.group_id()
                .is_some_and(|group| groups.binary_search(&group).is_ok())
        })
        .filter_map(move |r| Record::in_text(text, r))
}

/// The values of the file-wide records of `directive`, in file order (only the
/// valid ones with `valid_only`).
#[cfg_attr(robots_size, optimize(size))]
pub(crate) fn file_values<'p>(
    t: &'p Tables<'p>,
    directive: Directive,
    valid_only: bool,
) -> impl Iterator<Item = &'p BStr> + 'p {
    file_values_in(t.extensions(), t.text(), directive, valid_only)
}

/// [`file_values`] over the extension records and text as the compiler holds
/// them, before any table is built (what a [`DeferredPolicy`](crate::policy::DeferredPolicy)
/// answers without building).
#[cfg_attr(robots_size, optimize(size))]
pub(crate) fn file_values_in<'p>(
    extensions: &'p [ExtensionRecord],
    text: &'p [u8],
    directive: Directive,
    valid_only: bool,
) -> impl Iterator<Item = &'p BStr> + 'p {
    let code = directive.code();
    extensions
        .iter()
        .filter(move |r| r.group_id().is_none() && r.directive == code)
        .map(move |r| r.value.of(text))
        .filter(move |value| !valid_only || parse_value(directive, value) == RecordValue::Text)
        .map(BStr::new)
}

#[cfg(test)]
mod tests {
    use crate::profile::Profile;
    use crate::tables::layout::U32;
    use crate::tables::view::Tables;
    use crate::Policy;
    use alloc::format;
    use alloc::string::String;
    use alloc::vec::Vec;
    use zerocopy::IntoBytes;

    /// `*` groups and named groups interleaved, each with a record: the
    /// records a crawler reads are exactly those of its groups, in file order.
    #[test]
    fn a_crawler_reads_the_records_of_its_groups_only() {
        let mut body = String::new();
        for i in 0..300 {
            if i % 3 == 0 {
                body.push_str(&format!(
                    "User-agent: *\nCrawl-delay: {i}\nDisallow: /s{i}\n\n"
                ));
            } else {
                body.push_str(&format!("User-agent: bot{}\nCrawl-delay: {i}\n\n", i % 7));
            }
        }
        for profile in Profile::ALL {
            let policy = Policy::parse(&body, profile);
            for agent in ["other", "bot1", "bot5"] {
                let matcher = policy.matcher(agent);
                let groups: Vec<u32> = matcher.group_numbers().iter().map(|g| g.get()).collect();
                assert!(!groups.is_empty(), "{profile} {agent}");
                let got: Vec<u32> = matcher.records().map(|r| r.line).collect();
                let want: Vec<u32> = super::all(policy.tables())
                    .filter(|r| r.group.is_some_and(|g| groups.contains(&g.0)))
                    .map(|r| r.line)
                    .collect();
                assert_eq!(got, want, "{profile} {agent}");
                assert!(!got.is_empty(), "{profile} {agent}");
            }
        }
    }

    /// A set's groups are listed once each, in file order, and the lists do not
    /// overlap: tables that break either do not validate.
    #[test]
    fn set_groups_out_of_order_do_not_validate() {
        let body = "User-agent: *\nDisallow: /a\n\nUser-agent: b\nDisallow: /b\n\n\
                    User-agent: *\nCrawl-delay: 1\n\nUser-agent: c\nAllow: /c\n";
        let policy = Policy::parse(body, Profile::Rfc9309);
        let t: &Tables<'_> = policy.tables();
        assert_eq!(t.validate(), Ok(()));
        let lists = t.set_groups().to_vec();
        assert!(lists.len() >= 3, "{lists:?}");
        // Table 4 is `set_groups` (see `tables::view`).
        let with = |k: usize, part: &[u8]| {
            let (region, counts) = t.with_part(k, part);
            Tables::new(&region, &counts, t.profile, t.any_set)
                .map(|t| t.validate())
                .expect("the counts fit")
        };
        assert_eq!(with(4, lists.as_bytes()), Ok(()));
        // The `*` set lists two groups: swapped, or one twice.
        let any = t.sets()[t.any_set as usize].groups;
        let (start, len) = (any.start.get() as usize, any.len.get() as usize);
        assert_eq!(len, 2);
        let mut swapped = lists.clone();
        swapped.swap(start, start + 1);
        assert!(with(4, swapped.as_bytes()).is_err());
        let mut twice = lists.clone();
        twice[start + 1] = twice[start];
        assert!(with(4, twice.as_bytes()).is_err());
        // Two sets' lists overlapping: every set pointed at the whole table.
        let mut sets = t.sets().to_vec();
        for set in &mut sets {
            set.groups.start = U32::new(0);
            set.groups.len = U32::new(1);
        }
        // Table 2 is `sets`.
        assert!(sets.len() >= 2);
        assert!(with(2, sets.as_bytes()).is_err());
    }
}
