//! The AI-era records a report shows for each crawler: the `Content-Signal`
//! and `Content-Usage` lines of the groups it obeys (both are group-scoped,
//! as draft-romm-aipref-contentsignals-00 and draft-ietf-aipref-attach place
//! them and crawler-commons #604 reads them), and the file's `LLM-Policy` URLs
//! (file-wide, like `Sitemap`). See `robots_core::records` for the drafts.
//!
//! ```
//! use robots_lint::AiRecords;
//! use robots_runtime::{Policy, Profile};
//!
//! let robots = "User-agent: *\nContent-Signal: search=yes, ai-train=no\nContent-Usage: /blog/ train-ai=n\nAllow: /\n";
//! let policy = Policy::parse(robots, Profile::Rfc9309);
//! let records = AiRecords::of(&policy.matcher("ExampleBot"));
//! let signal = records.content_signal.unwrap();
//! assert_eq!((signal.line, signal.signals.ai_train), (2, Some(false)));
//! assert_eq!(records.content_usage[0].path.as_deref(), Some("/blog/"));
//! assert_eq!(records.content_usage[0].prefs.train_ai, Some(false));
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use robots_core::parse::Directive;
use robots_core::records::{parse_content_usage, ContentSignals, RecordValue, UsagePrefs};
use robots_core::Matcher;

/// The AI-era records of the groups that apply to one crawler.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct AiRecords {
    /// The `Content-Signal` it is given: the first valid one of its groups
    /// (the one `Matcher::content_signals` answers with). `None`: its groups
    /// state none, which neither grants nor restricts any use.
    pub content_signal: Option<SignalRecord>,
    /// Every valid `Content-Usage` rule of its groups, in file order (for a
    /// URL, the rule with the longest matching path applies).
    pub content_usage: Vec<UsageRecord>,
}

/// A `Content-Signal` line and what it says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SignalRecord {
    /// Its 1-based line.
    pub line: u32,
    /// `search`, `ai-input` and `ai-train`: yes, no, or not stated.
    pub signals: ContentSignals,
}

/// A `Content-Usage` rule: the paths it covers and its preferences.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct UsageRecord {
    /// Its 1-based line.
    pub line: u32,
    /// Its path pattern (bytes that are not UTF-8 replaced); `None`: every path.
    pub path: Option<String>,
    /// `train-ai` and `search`: `y`, `n`, or unknown.
    pub prefs: UsagePrefs,
}

impl AiRecords {
    /// The records of the groups `matcher` applies.
    pub fn of(matcher: &Matcher<'_>) -> AiRecords {
        let mut records = AiRecords::default();
        for record in matcher.records() {
            match (record.directive, record.parsed) {
                (Directive::ContentSignal, RecordValue::ContentSignal(signals))
                    if records.content_signal.is_none() =>
                {
                    records.content_signal = Some(SignalRecord {
                        line: record.line,
                        signals,
                    });
                }
                (Directive::ContentUsage, _) => {
                    if let Ok(usage) = parse_content_usage(record.value) {
                        records.content_usage.push(UsageRecord {
                            line: record.line,
                            path: usage.path.map(|p| String::from_utf8_lossy(p).into_owned()),
                            prefs: usage.prefs,
                        });
                    }
                }
                _ => {}
            }
        }
        records
    }

    /// Whether the groups state neither record.
    pub fn is_empty(&self) -> bool {
        self.content_signal.is_none() && self.content_usage.is_empty()
    }
}

/// The `Content-Signal` keys in the order the draft lists them, with the
/// values `signals` states (`None`: not stated).
pub fn signal_entries(signals: &ContentSignals) -> [(&'static str, Option<bool>); 3] {
    [
        ("search", signals.search),
        ("ai-input", signals.ai_input),
        ("ai-train", signals.ai_train),
    ]
}

/// The `Content-Usage` labels in the vocabulary's order, with the
/// preferences `prefs` states (`None`: unknown).
pub fn usage_entries(prefs: &UsagePrefs) -> [(&'static str, Option<bool>); 2] {
    [("train-ai", prefs.train_ai), ("search", prefs.search)]
}
