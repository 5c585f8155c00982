//! Reading extension records: crawl-delay, request-rate, visit-time and the
//! file-wide ones (sitemaps, host, clean-param).
//!
//! A record that belongs to a group is read from the groups that matched the
//! crawler; file-wide records are read from the whole file.

use crate::check::Matcher;
use crate::directive::Directive;
use crate::extension::{RequestRate, TimeWindow};
use crate::policy::{ExtensionRecord, ExtensionValue, Policy, NONE};
use core::time::Duration;

impl Policy {
    /// Every extension record, group-scoped ones first (in group order), then file-wide ones.
    pub fn extension_records(&self) -> &[ExtensionRecord] {
        &self.extensions
    }

    /// The value of a record as written.
    pub fn record_value(&self, record: &ExtensionRecord) -> &[u8] {
        self.bytes(record.value)
    }

    fn file_records(&self, directive: Directive) -> impl Iterator<Item = &ExtensionRecord> + '_ {
        self.extensions
            .iter()
            .filter(move |r| r.group == NONE && r.directive == directive)
    }

    /// Every `Sitemap` value, in file order, as written (valid or not: see
    /// [`ExtensionRecord::parsed`] via [`Policy::extension_records`]).
    ///
    /// ```
    /// use robots_core::{Policy, Profile};
    /// let p = Policy::parse(b"Sitemap: https://a/1.xml\nUser-agent: *\nSitemap: https://a/2.xml\n", Profile::Rfc9309);
    /// let all: Vec<&[u8]> = p.sitemaps().collect();
    /// assert_eq!(all, [&b"https://a/1.xml"[..], b"https://a/2.xml"]);
    /// ```
    pub fn sitemaps(&self) -> impl Iterator<Item = &[u8]> + '_ {
        self.file_records(Directive::Sitemap)
            .map(|r| self.bytes(r.value))
    }

    /// The first valid `Host` value.
    pub fn host(&self) -> Option<&[u8]> {
        self.file_records(Directive::Host)
            .find(|r| r.parsed == ExtensionValue::Text)
            .map(|r| self.bytes(r.value))
    }

    /// Every valid `Clean-param` value, in file order, as written.
    pub fn clean_params(&self) -> impl Iterator<Item = &[u8]> + '_ {
        self.file_records(Directive::CleanParam)
            .filter(|r| r.parsed == ExtensionValue::Text)
            .map(|r| self.bytes(r.value))
    }
}

impl<'p> Matcher<'p> {
    /// The extension records of the groups that apply to this crawler, in file order.
    pub fn records(&self) -> impl Iterator<Item = &'p ExtensionRecord> + '_ {
        let groups = self.groups();
        self.policy()
            .extensions
            .iter()
            .filter(move |r| r.group != NONE && groups.contains(&r.group))
    }

    /// The first valid `Crawl-delay` of the groups that apply.
    ///
    /// ```
    /// use core::time::Duration;
    /// use robots_core::{Policy, Profile};
    /// let p = Policy::parse(b"User-agent: slowbot\nCrawl-delay: 2.5\nDisallow:\n", Profile::Rfc9309);
    /// assert_eq!(p.matcher("SlowBot").crawl_delay(), Some(Duration::from_millis(2500)));
    /// assert_eq!(p.matcher("other").crawl_delay(), None);
    /// ```
    pub fn crawl_delay(&self) -> Option<Duration> {
        self.records().find_map(|r| match r.parsed {
            ExtensionValue::CrawlDelay(d) => Some(d),
            _ => None,
        })
    }

    /// The first valid `Request-rate` of the groups that apply.
    pub fn request_rate(&self) -> Option<RequestRate> {
        self.records().find_map(|r| match r.parsed {
            ExtensionValue::RequestRate(rate) => Some(rate),
            _ => None,
        })
    }

    /// The first valid `Visit-time` of the groups that apply.
    pub fn visit_time(&self) -> Option<TimeWindow> {
        self.records().find_map(|r| match r.parsed {
            ExtensionValue::VisitTime(w) => Some(w),
            _ => None,
        })
    }

    /// Every `Comment` value of the groups that apply.
    pub fn comments(&self) -> impl Iterator<Item = &'p [u8]> + '_ {
        let policy = self.policy();
        self.records()
            .filter(|r| r.directive == Directive::Comment)
            .map(move |r| policy.bytes(r.value))
    }
}
