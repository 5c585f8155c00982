//! A crawler's AI-era records: its `Content-Signal` and, per URL, its
//! `Content-Usage` preferences (see [`records`](crate::records) for the drafts).

use crate::parse::Directive;
use crate::policy::Matcher;
use crate::records::{
    parse_content_usage, usage_path_matches, ContentSignals, RecordValue, UsagePrefs,
};
use crate::search::url::path_from_url;

impl<'p> Matcher<'p> {
    /// The first valid `Content-Signal` of the groups that apply (`None`: the
    /// groups say nothing, which neither grants nor restricts any use).
    ///
    /// ```
    /// use robots_runtime::{Policy, Profile};
    /// let robots = "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n";
    /// let signals = Policy::parse(robots, Profile::Rfc9309).matcher("bot").content_signals().unwrap();
    /// assert_eq!((signals.search, signals.ai_train, signals.ai_input), (Some(true), Some(false), None));
    /// ```
    #[cfg_attr(robots_size, optimize(size))]
    pub fn content_signals(&self) -> Option<ContentSignals> {
        self.records().find_map(|r| match r.parsed {
            RecordValue::ContentSignal(signals) => Some(signals),
            _ => None,
        })
    }

    /// The `Content-Usage` preferences for `url`: those of the groups' rule
    /// with the longest matching path (a rule without a path matches every
    /// path), rules of one path combined (a `n` wins). `None` when no rule
    /// matches. The draft gives preferences only to paths that may be
    /// crawled: check the URL too.
    ///
    /// ```
    /// use robots_runtime::{Policy, Profile};
    /// let robots = "User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /open/ train-ai=y\n";
    /// let policy = Policy::parse(robots, Profile::Rfc9309);
    /// let bot = policy.matcher("bot");
    /// assert_eq!(bot.content_usage("/blog/x").unwrap().train_ai, Some(false));
    /// assert_eq!(bot.content_usage("https://example.com/open/data").unwrap().train_ai, Some(true));
    /// ```
    #[cfg_attr(robots_size, optimize(size))]
    pub fn content_usage(&self, url: impl AsRef<[u8]>) -> Option<UsagePrefs> {
        let path = path_from_url(url.as_ref());
        let mut best: Option<(usize, UsagePrefs)> = None;
        for record in self
            .records()
            .filter(|r| r.directive == Directive::ContentUsage)
        {
            let Ok(usage) = parse_content_usage(record.value) else {
                continue;
            };
            let pattern = usage.path.unwrap_or_default();
            if !usage_path_matches(pattern, &path) {
                continue;
            }
            best = match best {
                Some((len, prefs)) if len == pattern.len() => {
                    Some((len, prefs.combine(usage.prefs)))
                }
                Some((len, _)) if len > pattern.len() => best,
                _ => Some((pattern.len(), usage.prefs)),
            };
        }
        best.map(|(_, prefs)| prefs)
    }
}
