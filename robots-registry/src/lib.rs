//! The known-crawler registry: the product tokens site owners write in
//! robots.txt, who runs each crawler and what for, the tokens each one falls
//! back to, and the tokens that were retired or renamed.
//!
//! The data is `crawlers.toml` in this crate, where every entry names its
//! source and the date it was checked; the build script checks the file and
//! compiles it into the static tables [`CRAWLERS`] and [`RETIRED`], so this
//! crate is `no_std` and a lookup reads no file. Users reach it as
//! `robots_runtime::registry`.
//!
//! ```
//! use robots_runtime::registry::{self, Purpose};
//!
//! let image = registry::crawler("googlebot-image").unwrap();
//! assert_eq!(image.operator, "Google");
//! assert_eq!(image.purpose, Purpose::Search);
//! // Google documents that Googlebot-Image obeys the Googlebot group when it has none.
//! assert_eq!(image.chain().collect::<Vec<_>>(), ["Googlebot-Image", "Googlebot"]);
//!
//! let old = registry::retired("anthropic-ai").unwrap();
//! assert_eq!(old.replaced_by, ["ClaudeBot"]);
//! assert!(registry::is_known("Yandex")); // a fallback token (every Yandex robot)
//! assert!(!registry::is_known("GPT-Bot"));
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// What a crawler is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Purpose {
    /// A web search engine's index.
    Search,
    /// Collects content that may train AI models.
    AiTraining,
    /// Serves an AI assistant: its search index, or fetches a user's question triggers.
    AiAssistant,
    /// An SEO tool's index or audit.
    Seo,
    /// A web archive.
    Archive,
    /// Link previews in social networks and chat apps.
    SocialPreview,
    /// Anything else (ads quality checks, testing tools, research crawls).
    Other,
}

impl Purpose {
    /// Every purpose, in report order.
    pub const ALL: [Purpose; 7] = [
        Purpose::Search,
        Purpose::AiTraining,
        Purpose::AiAssistant,
        Purpose::Seo,
        Purpose::Archive,
        Purpose::SocialPreview,
        Purpose::Other,
    ];

    /// The stable name `crawlers.toml` and JSON output use: `search`, `ai-training`, …
    ///
    /// ```
    /// use robots_runtime::registry::Purpose;
    /// assert_eq!(Purpose::AiTraining.name(), "ai-training");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Purpose::Search => "search",
            Purpose::AiTraining => "ai-training",
            Purpose::AiAssistant => "ai-assistant",
            Purpose::Seo => "seo",
            Purpose::Archive => "archive",
            Purpose::SocialPreview => "social-preview",
            Purpose::Other => "other",
        }
    }

    /// The heading of its class in a report: `search engines`, `AI training`, …
    pub const fn title(self) -> &'static str {
        match self {
            Purpose::Search => "search engines",
            Purpose::AiTraining => "AI training",
            Purpose::AiAssistant => "AI assistants and AI search",
            Purpose::Seo => "SEO tools",
            Purpose::Archive => "archives",
            Purpose::SocialPreview => "social previews",
            Purpose::Other => "other",
        }
    }

    /// Whether it is an AI crawler (training or assistant).
    ///
    /// ```
    /// use robots_runtime::registry::Purpose;
    /// assert!(Purpose::AiAssistant.is_ai());
    /// assert!(!Purpose::Search.is_ai());
    /// ```
    pub const fn is_ai(self) -> bool {
        matches!(self, Purpose::AiTraining | Purpose::AiAssistant)
    }
}

/// Whether a crawler obeys robots.txt, as its operator documents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RobotsTxt {
    /// It obeys.
    Obeys,
    /// It obeys for crawling, but fetches a user triggers may skip it.
    Partly,
    /// Its operator says it generally does not.
    Ignores,
}

impl RobotsTxt {
    /// `obeys`, `partly` or `ignores`.
    pub const fn name(self) -> &'static str {
        match self {
            RobotsTxt::Obeys => "obeys",
            RobotsTxt::Partly => "partly",
            RobotsTxt::Ignores => "ignores",
        }
    }
}

/// A known crawler.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Crawler {
    /// Its product token, as a `User-agent:` line names it.
    pub token: &'static str,
    /// Who runs it.
    pub operator: &'static str,
    /// What it is for.
    pub purpose: Purpose,
    /// The tokens whose group it obeys, in order, when no group names it
    /// (documented by its operator; before `*`).
    pub fallbacks: &'static [&'static str],
    /// `false` when it ignores `User-agent: *` (it must be named to be restricted).
    pub obeys_wildcard: bool,
    /// Whether it obeys robots.txt at all.
    pub robots_txt: RobotsTxt,
    /// What a site owner should know (may be empty).
    pub note: &'static str,
    /// Where the facts come from.
    pub source: &'static str,
    /// When the entry was last compared with its source (`YYYY-MM-DD`).
    pub checked: &'static str,
}

impl Crawler {
    /// The tokens it answers to, in order: its own, then its fallbacks (the
    /// chain for `Policy::matcher_chain`).
    pub fn chain(&self) -> impl Iterator<Item = &'static str> {
        core::iter::once(self.token).chain(self.fallbacks.iter().copied())
    }
}

/// A retired or renamed token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Retired {
    /// The token.
    pub token: &'static str,
    /// Who ran it.
    pub operator: &'static str,
    /// The tokens that took over (empty when nothing did).
    pub replaced_by: &'static [&'static str],
    /// What happened (may be empty).
    pub note: &'static str,
    /// Where the facts come from.
    pub source: &'static str,
    /// When the entry was last compared with its source (`YYYY-MM-DD`).
    pub checked: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/registry.rs"));

fn same(token: &str, name: &[u8]) -> bool {
    token.as_bytes().eq_ignore_ascii_case(name)
}

/// The crawler with this product token (ignoring ASCII case).
pub fn crawler(token: impl AsRef<[u8]>) -> Option<&'static Crawler> {
    let token = token.as_ref();
    CRAWLERS.iter().find(|c| same(c.token, token))
}

/// The retired token `token` (ignoring ASCII case).
pub fn retired(token: impl AsRef<[u8]>) -> Option<&'static Retired> {
    let token = token.as_ref();
    RETIRED.iter().find(|r| same(r.token, token))
}

/// Every token the registry knows, each once: the crawlers', then the
/// fallback tokens that are no crawler of their own (`Yandex`), then the
/// retired ones.
pub fn known_tokens() -> impl Iterator<Item = &'static str> {
    let fallbacks = CRAWLERS
        .iter()
        .enumerate()
        .flat_map(|(i, c)| c.fallbacks.iter().map(move |f| (i, *f)))
        .filter(|&(i, f)| {
            crawler(f).is_none()
                && retired(f).is_none()
                // The first crawler to name it stands for it.
                && !CRAWLERS.get(..i).unwrap_or_default().iter().any(|c| c.fallbacks.iter().any(|g| g.eq_ignore_ascii_case(f)))
        })
        .map(|(_, f)| f);
    CRAWLERS
        .iter()
        .map(|c| c.token)
        .chain(fallbacks)
        .chain(RETIRED.iter().map(|r| r.token))
}

/// Whether `token` is a known crawler, fallback or retired token (ignoring ASCII case).
pub fn is_known(token: impl AsRef<[u8]>) -> bool {
    let token = token.as_ref();
    known_tokens().any(|t| same(t, token))
}

#[cfg(test)]
extern crate std;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registry_is_big_enough_and_covers_every_purpose() {
        assert!(CRAWLERS.len() >= 40, "{} crawlers", CRAWLERS.len());
        for p in Purpose::ALL {
            assert!(CRAWLERS.iter().any(|c| c.purpose == p), "none for {p:?}");
        }
        for operator in [
            "OpenAI",
            "Anthropic",
            "Google",
            "Apple",
            "Perplexity",
            "Common Crawl",
            "ByteDance",
            "Meta",
            "Amazon",
            "Microsoft",
        ] {
            assert!(
                CRAWLERS.iter().any(|c| c.operator == operator),
                "{operator}"
            );
        }
    }

    #[test]
    fn lookups_ignore_case_and_know_fallbacks() {
        assert_eq!(crawler("GPTBOT").map(|c| c.token), Some("GPTBot"));
        assert_eq!(crawler("gpt-bot"), None);
        assert_eq!(
            retired("MSNBOT").map(|r| r.replaced_by),
            Some(&["bingbot"][..])
        );
        assert!(is_known("yandex"));
        assert!(is_known("Claude-Web"));
        assert!(!is_known("ExampleBot"));
        // Each token once.
        let mut seen = std::collections::BTreeSet::new();
        for t in known_tokens() {
            assert!(seen.insert(t.to_ascii_lowercase()), "{t} listed twice");
        }
    }

    #[test]
    fn every_replacement_and_fallback_is_known() {
        for r in RETIRED {
            for t in r.replaced_by {
                assert!(crawler(t).is_some(), "{}: {t}", r.token);
            }
        }
        for c in CRAWLERS {
            for f in c.fallbacks {
                assert!(is_known(f), "{}: {f}", c.token);
            }
        }
    }
}
