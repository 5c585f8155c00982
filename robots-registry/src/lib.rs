//! The known-crawler registry: the product tokens site owners write in
//! robots.txt, who runs each crawler and what for, the tokens each one falls
//! back to, and the tokens that were retired or renamed.
//!
//! The data is `crawlers.toml` in this crate, where every entry names its
//! source, the day it was checked, and what that check read
//! ([`Sourcing`]): a stored copy of the operator's page
//! ([`Crawler::from_operator`]), or maintained community datasets only
//! ([`Sourcing::Secondary`]). The registry serves checked facts only:
//! crawlers known by name that no stored source confirmed wait in the crate's
//! `candidates.toml`, which is not compiled in. `crawlers.toml` is compiled into the static tables
//! [`CRAWLERS`] and [`RETIRED`] of the checked-in `src/generated.rs`, which a
//! test regenerates and compares, so this crate is `no_std`, has no build
//! script and no dependency (`no_std` + `alloc`), and a lookup reads no file. Users reach it as
//! `robots_runtime::registry`.
//!
//! Each crawler also lists the User-Agent header forms its operator documents
//! ([`Crawler::headers`]); [`crawler_for_header`] finds the crawler that sends
//! a header, and [`token_of_header`] the product token a robots.txt names for
//! any header, a registry crawler's or not (then [`family_chain`] gives the
//! tokens it falls back to):
//!
//! ```
//! use robots_runtime::registry;
//!
//! let header = "Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)";
//! assert_eq!(registry::crawler_for_header(header).map(|c| c.token), Some("Slurp"));
//! assert!(registry::crawler_for_header("curl/8.5.0").is_none());
//! assert_eq!(registry::token_of_header("curl/8.5.0").map(|t| t.token), Some(&b"curl"[..]));
//! ```
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
//! let old = registry::retired("Qwantify").unwrap();
//! assert_eq!(old.replaced_by, ["Qwantbot"]);
//! assert!(registry::is_known("Yandex")); // a fallback token (every Yandex robot)
//! assert!(!registry::is_known("GPT-Bot"));
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate alloc;

mod header;
mod identity;

pub use header::{
    crawler_for_header, family_chain, form_matches, is_boilerplate, is_tchar, looks_like_header,
    token_of_header, AgentChain, HeaderToken, TokenSource, BOILERPLATE, MAX_HEADER_LEN,
};
pub use identity::{identity_check, identity_checks_for_file, IdentityCheck};

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
    /// Uptime, performance, validation and security checks.
    Monitoring,
    /// Anything else (ads quality checks, testing tools, research crawls).
    Other,
}

impl Purpose {
    /// Every purpose, in report order.
    pub const ALL: [Purpose; 8] = [
        Purpose::Search,
        Purpose::AiTraining,
        Purpose::AiAssistant,
        Purpose::Seo,
        Purpose::Archive,
        Purpose::SocialPreview,
        Purpose::Monitoring,
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
            Purpose::Monitoring => "monitoring",
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
            Purpose::Monitoring => "monitoring and checking tools",
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
    /// Its operator does not say (the entry's source is a community list).
    Unstated,
}

impl RobotsTxt {
    /// `obeys`, `partly`, `ignores` or `unstated`.
    pub const fn name(self) -> &'static str {
        match self {
            RobotsTxt::Obeys => "obeys",
            RobotsTxt::Partly => "partly",
            RobotsTxt::Ignores => "ignores",
            RobotsTxt::Unstated => "unstated",
        }
    }
}

/// What a registry entry's facts were checked against, from the strongest.
/// Every entry was checked (its `checked` date says when); tokens no stored
/// source confirmed are not in the registry.
///
/// This is where the registry's facts come from, not whether a request really
/// came from a crawler: that is [`IdentityCheck`]'s business (and
/// `robots_audit::Verification`'s), hence the two names.
///
/// ```
/// use robots_runtime::registry::{self, Sourcing};
/// assert_eq!(registry::crawler("Googlebot").unwrap().sourcing, Sourcing::Operator);
/// let levels = Sourcing::ALL.map(|v| {
///     registry::CRAWLERS.iter().filter(|c| c.sourcing == v).count()
/// });
/// assert_eq!(levels.iter().sum::<usize>(), registry::CRAWLERS.len());
/// assert_eq!(Sourcing::Secondary.name(), "secondary");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Sourcing {
    /// Compared, on the `checked` date, with a stored copy of the operator's
    /// own page (or of a page quoting it, or, for an open-source crawler, its
    /// own repository at a named commit): the token, header forms, fallbacks
    /// and `robots_txt` answer are what the operator says, unless the note
    /// names a field that came from elsewhere.
    Operator,
    /// No operator page was read; on the `checked` date the entry was compared
    /// with maintained community datasets only (ai.robots.txt's `robots.json`,
    /// monperrus/crawler-user-agents' logged headers; the note and the
    /// `# compared with:` lines in `crawlers.toml` name them and their commit).
    /// Its header forms cover the headers those datasets logged; its
    /// `robots_txt` answer is the dataset's where the dataset gives one.
    Secondary,
}

impl Sourcing {
    /// Every level, from the strongest.
    pub const ALL: [Sourcing; 2] = [Sourcing::Operator, Sourcing::Secondary];

    /// `operator` or `secondary`: the stable name JSON output uses.
    pub const fn name(self) -> &'static str {
        match self {
            Sourcing::Operator => "operator",
            Sourcing::Secondary => "secondary",
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
    /// Its place in [`CRAWLERS`], where [`Crawler::headers`] finds its forms.
    position: u16,
    /// The tokens whose group it obeys, in order, when no group names it
    /// (documented by its operator; before `*`).
    pub fallbacks: &'static [&'static str],
    /// `false` when it ignores `User-agent: *` (it must be named to be restricted).
    pub obeys_wildcard: bool,
    /// Whether it obeys robots.txt at all, as its operator says.
    pub robots_txt: RobotsTxt,
    /// Where the operator says so (the entry's `source` unless another page says it).
    pub robots_txt_source: &'static str,
    /// What a site owner should know (may be empty).
    pub note: &'static str,
    /// Where the facts come from: the operator's page where there is one.
    pub source: &'static str,
    /// When the entry was last compared with a stored copy of `source` or
    /// with the secondary datasets (`YYYY-MM-DD`); every entry has one.
    pub checked: &'static str,
    /// What that comparison read: the operator's page, or secondary datasets only.
    pub sourcing: Sourcing,
    /// Its [`IdentityCheck`]'s place in [`IDENTITY_CHECKS`] (see
    /// [`Crawler::identity_check`]), if its operator publishes one.
    identity: Option<u8>,
}

impl Crawler {
    /// The User-Agent header forms its operator documents: `*` stands for any
    /// run of bytes, every other byte for itself, ignoring ASCII case (see
    /// [`Crawler::sends`]). Empty when no crawler sends the token
    /// (`Google-Extended`) or its header is not published.
    ///
    /// They are a table of their own beside [`CRAWLERS`], not a field of it, so
    /// that a program which never reads a header (the WebAssembly package)
    /// carries none of them.
    ///
    /// ```
    /// use robots_runtime::registry;
    /// let gptbot = registry::crawler("GPTBot").unwrap();
    /// assert!(gptbot.headers().iter().any(|form| form.contains("GPTBot/")));
    /// ```
    ///
    /// # Panics
    /// With a message starting "bug:" if the generated tables disagree (a
    /// crawler with no row of forms): they are built together from
    /// `crawlers.toml`, and a test holds them to each other.
    pub fn headers(&self) -> &'static [&'static str] {
        match generated::HEADER_FORMS.get(usize::from(self.position)) {
            Some(forms) => forms,
            None => panic!("bug: crawler {} has no row of header forms", self.token),
        }
    }

    /// Whether the entry was compared with its operator's page
    /// ([`Sourcing::Operator`]): its token, header forms, fallbacks and
    /// `robots_txt` answer are what that page says. An entry confirmed by a
    /// secondary dataset only is not; see [`Crawler::sourcing`].
    ///
    /// ```
    /// use robots_runtime::registry::{self, Sourcing};
    /// assert!(registry::crawler("Googlebot").unwrap().from_operator());
    /// let checked = registry::CRAWLERS.iter().filter(|c| c.from_operator()).count();
    /// assert!(checked < registry::CRAWLERS.len()); // not every operator publishes a page
    /// let linkedin = registry::crawler("LinkedInBot").unwrap();
    /// assert_eq!((linkedin.from_operator(), linkedin.sourcing), (false, Sourcing::Secondary));
    /// ```
    pub const fn from_operator(&self) -> bool {
        matches!(self.sourcing, Sourcing::Operator)
    }

    /// The tokens it answers to, in order: its own, then its fallbacks (the
    /// chain for `Policy::matcher_chain`).
    pub fn chain(&self) -> impl Iterator<Item = &'static str> {
        core::iter::once(self.token).chain(self.fallbacks.iter().copied())
    }

    /// Whether `header` (a whole User-Agent header value, surrounding
    /// whitespace ignored) has one of the forms in [`Crawler::headers`].
    ///
    /// ```
    /// use robots_runtime::registry;
    /// let gptbot = registry::crawler("GPTBot").unwrap();
    /// assert!(gptbot.sends("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)"));
    /// assert!(!gptbot.sends("GPTBot"));
    /// ```
    pub fn sends(&self, header: impl AsRef<[u8]>) -> bool {
        let header = header.as_ref().trim_ascii();
        header.len() <= MAX_HEADER_LEN
            && self.headers().iter().any(|form| form_matches(form, header))
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
    /// When the entry was last compared (`YYYY-MM-DD`; see [`Crawler::checked`]).
    pub checked: &'static str,
    /// What that comparison read (see [`Crawler::sourcing`]).
    pub sourcing: Sourcing,
}

impl Retired {
    /// Whether the entry was compared with its operator's page ([`Sourcing::Operator`]).
    pub const fn from_operator(&self) -> bool {
        matches!(self.sourcing, Sourcing::Operator)
    }
}

#[rustfmt::skip]
mod generated;
pub use generated::{CRAWLERS, IDENTITY_CHECKS, RETIRED};

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
        assert!(CRAWLERS.len() >= 160, "{} crawlers", CRAWLERS.len());
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
            retired("QWANTIFY").map(|r| r.replaced_by),
            Some(&["Qwantbot"][..])
        );
        assert!(is_known("yandex"));
        assert!(is_known("omgilibot"));
        // bingbot's documented fallback: known, though no retired entry.
        assert!(is_known("msnbot") && retired("msnbot").is_none());
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

    /// A header of the form: each `*` filled with `fill`.
    fn instance(form: &str, fill: &str) -> std::string::String {
        form.replace('*', fill)
    }

    #[test]
    fn every_crawler_has_its_own_row_of_header_forms() {
        assert_eq!(generated::HEADER_FORMS.len(), CRAWLERS.len());
        for (at, c) in CRAWLERS.iter().enumerate() {
            assert_eq!(usize::from(c.position), at, "{}", c.token);
        }
    }

    #[test]
    fn every_documented_form_names_its_own_crawler_and_no_other() {
        let mut forms = 0;
        for c in CRAWLERS {
            for form in c.headers() {
                for fill in ["1.0", "", "5.0 (X11; Linux x86_64) 120.0.6099.71"] {
                    let header = instance(form, fill);
                    assert!(c.sends(&header), "{}: {header:?}", c.token);
                    assert!(c.sends(std::format!("  {header}\t")), "{}: padded", c.token);
                    let others: std::vec::Vec<&str> = CRAWLERS
                        .iter()
                        .filter(|o| o.token != c.token && o.sends(&header))
                        .map(|o| o.token)
                        .collect();
                    assert!(
                        others.is_empty(),
                        "{}: {header:?} is also {others:?}",
                        c.token
                    );
                    assert_eq!(crawler_for_header(&header).map(|o| o.token), Some(c.token));
                }
                forms += 1;
            }
        }
        assert!(forms >= 150, "{forms} forms");
        let with_forms = CRAWLERS.iter().filter(|c| !c.headers().is_empty()).count();
        assert!(with_forms >= 125, "{with_forms} crawlers have header forms");
    }

    #[test]
    fn forms_match_whole_headers_only() {
        assert!(form_matches("FooBot/*", b"FooBot/1.0"));
        assert!(form_matches("FooBot/*", b"foobot/"));
        assert!(!form_matches("FooBot/*", b"FooBot"));
        assert!(!form_matches("FooBot/*", b"MyFooBot/1.0"));
        assert!(!form_matches("FooBot", b"FooBot/1.0"));
        assert!(form_matches("a*b*c", b"aXbYbZc"));
        assert!(!form_matches("a*b*c", b"aXbYbZ"));
        assert!(form_matches("*", b""));
        assert!(!form_matches("", b"x"));
        // Non-ASCII and control bytes are bytes like any other.
        assert!(form_matches("x*y", b"x\xff\x00y"));
        let googlebot = crawler("Googlebot").unwrap();
        assert!(!googlebot.sends("Googlebot"));
        assert!(!googlebot.sends(""));
        assert!(crawler_for_header("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36").is_none());
    }

    #[test]
    fn long_and_hostile_headers_cost_bounded_time() {
        // Many stars against a long header that almost matches: bounded by
        // MAX_HEADER_LEN × the form's length.
        let mut header = std::vec![b'a'; MAX_HEADER_LEN];
        assert!(!form_matches("*a*a*a*a*a*a*b", &header));
        header.push(b'a');
        assert!(crawler_for_header(&header).is_none());
        let mut long = std::string::String::from("GPTBot/1.0 ");
        long.push_str(&"x".repeat(1 << 20));
        assert!(crawler_for_header(long).is_none());
    }

    #[test]
    fn every_entry_is_dated_and_says_what_it_was_checked_against() {
        let is_date = |d: &str| {
            d.len() == 10
                && d.bytes().enumerate().all(|(i, b)| match i {
                    4 | 7 => b == b'-',
                    _ => b.is_ascii_digit(),
                })
        };
        let mut levels = [0; Sourcing::ALL.len()];
        for c in CRAWLERS {
            // The registry serves checked facts only.
            assert!(is_date(c.checked), "{}: {:?}", c.token, c.checked);
            assert_eq!(
                c.from_operator(),
                c.sourcing == Sourcing::Operator,
                "{}",
                c.token
            );
            // A secondary entry's note says that no operator page was read, so
            // that a reader of the note alone does not take it for the
            // operator's word; an operator entry's note does not say so.
            assert_eq!(
                c.note.contains("Secondary:"),
                c.sourcing == Sourcing::Secondary,
                "{}: {}",
                c.token,
                c.note
            );
            assert!(!c.note.contains("Unverified"), "{}: {}", c.token, c.note);
            if let Some(at) = Sourcing::ALL.iter().position(|&v| v == c.sourcing) {
                levels[at] += 1;
            }
        }
        for r in RETIRED {
            assert!(is_date(r.checked), "{}: {:?}", r.token, r.checked);
            assert!(!r.note.contains("Unverified"), "{}: {}", r.token, r.note);
            assert_eq!(
                r.from_operator(),
                r.sourcing == Sourcing::Operator,
                "{}",
                r.token
            );
        }
        // The operators' pages that were read: Google, Bing, OpenAI, Apple,
        // Amazon, Meta, Common Crawl, DuckDuckGo, Ahrefs, Yandex, …
        let [operator, secondary] = levels;
        assert!(operator >= 90, "{operator} operator-verified");
        assert_eq!(operator + secondary, CRAWLERS.len());
        for token in [
            "Googlebot",
            "GPTBot",
            "OAI-SearchBot",
            "bingbot",
            "Amazonbot",
            "CCBot",
            "AdsBot-Google",
            "Google-Safety",
        ] {
            assert!(crawler(token).unwrap().from_operator(), "{token}");
        }
        // Confirmed by the community datasets alone: dated, yet not verified.
        for token in ["LinkedInBot", "Bytespider", "ICC-Crawler"] {
            let c = crawler(token).unwrap();
            assert_eq!(c.sourcing, Sourcing::Secondary, "{token}");
            assert!(!c.from_operator(), "{token}");
        }
        assert_eq!(
            retired("omgilibot").map(|r| r.sourcing),
            Some(Sourcing::Secondary)
        );
        // Tokens that no stored source confirmed wait in candidates.toml.
        for token in [
            "YandexImages",
            "Google-Pinpoint",
            "SplitSignalBot",
            "anthropic-ai",
        ] {
            assert!(
                crawler(token).is_none() && retired(token).is_none(),
                "{token}"
            );
        }
    }

    #[test]
    fn robots_txt_answers_name_their_source() {
        for c in CRAWLERS {
            assert!(c.robots_txt_source.starts_with("http"), "{}", c.token);
            if c.robots_txt == RobotsTxt::Unstated {
                assert!(!c.note.is_empty(), "{}: say why nothing is known", c.token);
            }
        }
        assert_eq!(
            crawler("Perplexity-User").unwrap().robots_txt,
            RobotsTxt::Ignores
        );
        assert!(!crawler("AdsBot-Google").unwrap().obeys_wildcard);
        assert_eq!(RobotsTxt::Unstated.name(), "unstated");
        assert_eq!(Purpose::Monitoring.name(), "monitoring");
    }
}
