//! The known-crawler report: what a robots.txt does to every crawler of the
//! registry (search engines, AI crawlers, SEO tools, archives, social previews).
//!
//! For each crawler: which group applies and why (its own, a documented
//! fallback's such as `Googlebot` for `Googlebot-Image`, `*`, or none), whether
//! `/` is allowed, how much of the site it may fetch (decided exactly), how many
//! paths of a sample it may fetch, its crawl-delay, and the AI-era records its
//! groups give it ([`AiRecords`]: `Content-Signal`, `Content-Usage`; the
//! file-wide `LLM-Policy` and `License` URLs are in
//! [`CrawlerReport::llm_policies`] and [`CrawlerReport::licenses`]).
//! The sample is `/` and the paths derived from the file's own rules
//! ([`probe_paths`]), never `/robots.txt` itself, plus any paths the caller adds.
//! [`CrawlerReport::for_chain`] gives the same row for one crawler, known to
//! the registry or not (`robots report --agent`).
//!
//! This module computes; `robots report` (the CLI) and the JavaScript package
//! render the same figures.
//!
//! ```
//! use robots_runtime::document::{parse, ParseOptions};
//! use robots_lint::{derived_sample, CrawlerReport};
//! use robots_runtime::Profile;
//!
//! let doc = parse(b"User-agent: GPTBot\nDisallow: /\n", ParseOptions::new(Profile::Rfc9309));
//! let policy = doc.compile();
//! let sample = derived_sample(&doc, &policy);
//! let report = CrawlerReport::new(&policy, sample.paths);
//! let gptbot = report.rows.iter().find(|r| r.token == "GPTBot").unwrap();
//! assert!(!gptbot.root_allowed);
//! assert!(report.summary().starts_with("blocks 1 of"));
//! ```

#[cfg(feature = "json")]
mod json;
pub(crate) mod records;

use crate::grouping::{remembered, sort_by};
use crate::tools::probe::probe_paths;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::time::Duration;
use records::AiRecords;
use robots_core::document::Document;
use robots_core::ids::GroupId;
use robots_core::policy::Policy;
use robots_registry::{Crawler, Purpose, CRAWLERS};

/// The bound on derived paths × wildcard rules (see [`sample_limit`]).
const WORK: usize = 200_000_000;

/// Whatever the rules, at least this many paths are derived.
const MIN_PATHS: usize = 1_024;

/// And at most this many.
const MAX_PATHS: usize = 200_000;

/// How many derived paths may be checked against `policies`.
///
/// A check costs a trie walk plus, at worst, a test of every wildcard rule that
/// can apply (rules whose literals are too short to look up, such as
/// `/*a*b*c`, are tested one by one). A file derives a few paths per rule, so
/// checking them all against a file of many such rules would cost the square
/// of its size. The paths checked are therefore bounded so that paths ×
/// wildcard rules stays under 2·10⁸: every file of the corpus stays more than
/// ten times below it, and a hostile one is cut to the first paths in file order.
pub fn sample_limit(policies: &[&Policy]) -> usize {
    let wildcards: usize = policies
        .iter()
        .map(|p| p.rules().filter(|r| r.pattern.contains(&b'*')).count())
        .sum();
    (WORK / wildcards.max(1)).clamp(MIN_PATHS, MAX_PATHS)
}

/// The paths derived from `docs` (see [`probe_paths`]), at most `limit` of
/// them, and whether there were more.
pub fn derived_paths(docs: &[&Document<'_>], limit: usize) -> (Vec<Vec<u8>>, bool) {
    let mut paths: Vec<Vec<u8>> = probe_paths(docs, limit.saturating_add(1))
        .into_iter()
        .map(|p| p.path)
        .collect();
    let cut = paths.len() > limit;
    paths.truncate(limit);
    (paths, cut)
}

/// The sample of paths a report checks, as derived from one file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct DerivedSample {
    /// `/` and the paths derived from the rules, without `/robots.txt`.
    pub paths: Vec<Vec<u8>>,
    /// The most derived paths the file may give ([`sample_limit`]).
    pub limit: usize,
    /// Whether the rules derived more paths than `limit` (the rest are left out).
    pub cut: bool,
}

/// The report's sample for `doc` and the policy it compiles to: `/` and the
/// paths of the file's own rules, bounded by [`sample_limit`], never
/// `/robots.txt` (which is no content, and some profiles always allow it).
pub fn derived_sample(doc: &Document<'_>, policy: &Policy) -> DerivedSample {
    let limit = sample_limit(&[policy]);
    let (derived, cut) = derived_paths(&[doc], limit);
    let paths = derived
        .into_iter()
        .filter(|p| p != b"/robots.txt")
        .collect();
    DerivedSample { paths, limit, cut }
}

/// Which group a crawler obeys.
///
/// Exhaustive on purpose: a new way for a group to apply must be rendered by
/// every report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applies {
    /// A group names its own token.
    Own,
    /// A group names one of its fallbacks: the token at this position (1 or
    /// more) of [`CrawlerRow::chain`].
    Fallback(usize),
    /// No group names it or a fallback: the `*` groups.
    Wildcard,
    /// No group names it and there is no `*` group: everything is allowed.
    Nothing,
    /// No group names it, and it ignores `*` (Google's special-case crawlers).
    IgnoresWildcard,
}

impl Applies {
    /// The stable name: `own`, `fallback`, `wildcard`, `none` or `ignores-wildcard`.
    pub const fn name(&self) -> &'static str {
        match self {
            Applies::Own => "own",
            Applies::Fallback(_) => "fallback",
            Applies::Wildcard => "wildcard",
            Applies::Nothing => "none",
            Applies::IgnoresWildcard => "ignores-wildcard",
        }
    }
}

/// How much of the site a crawler may fetch, decided exactly over the rules
/// (`Matcher::classify`), not by the sample.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Access {
    /// Every path.
    Allowed,
    /// None (but `/robots.txt` under rfc9309 and draft1996).
    Blocked,
    /// Some: a shortest path of each verdict, with the deciding rules' lines.
    Partial {
        /// An allowed path.
        allowed: String,
        /// The line of the rule that allows it (`None`: no rule matches it).
        allowed_line: Option<u32>,
        /// A disallowed path.
        disallowed: String,
        /// The line of the rule that disallows it.
        disallowed_line: Option<u32>,
    },
    /// More than the bound would be needed to decide; the reason.
    Undecided(String),
}

impl Access {
    /// The stable name: `allowed`, `blocked`, `partial` or `undecided`.
    pub fn name(&self) -> &'static str {
        match self {
            Access::Allowed => "allowed",
            Access::Blocked => "blocked",
            Access::Partial { .. } => "partial",
            Access::Undecided(_) => "undecided",
        }
    }

    fn of(matcher: &robots_core::Matcher<'_>) -> Access {
        use robots_core::classify::Classification;
        let text = |path: &[u8]| String::from_utf8_lossy(path).into_owned();
        match matcher.classify() {
            Classification::Allowed { .. } => Access::Allowed,
            Classification::Blocked { .. } => Access::Blocked,
            Classification::Partial {
                allowed,
                disallowed,
            } => Access::Partial {
                allowed: text(&allowed.path),
                allowed_line: allowed.rule.map(|r| r.line),
                disallowed: text(&disallowed.path),
                disallowed_line: disallowed.rule.map(|r| r.line),
            },
            Classification::Undecided(why) => Access::Undecided(why.to_string()),
            _ => Access::Undecided(String::from("an answer this version does not know")),
        }
    }
}

/// What the file does to one crawler.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CrawlerRow {
    /// The crawler's token: its registry entry's, or as asked
    /// ([`CrawlerReport::for_chain`]).
    pub token: String,
    /// Its registry entry; `None` for a token the registry does not list.
    pub crawler: Option<&'static Crawler>,
    /// The tokens whose groups it obeys, in order: its own, then its fallbacks.
    pub chain: Vec<String>,
    /// Which group applies to it, and why.
    pub applies: Applies,
    /// First lines of the groups that apply, in file order.
    pub lines: Vec<u32>,
    /// Whether it may fetch `/`.
    pub root_allowed: bool,
    /// How much of the site it may fetch, decided exactly.
    pub access: Access,
    /// How many sample paths it may fetch.
    pub allowed: usize,
    /// Its crawl-delay, if the groups that apply give one.
    pub crawl_delay: Option<Duration>,
    /// The `Content-Signal` and `Content-Usage` records of the groups that apply.
    pub ai: AiRecords,
}

impl CrawlerRow {
    /// The token of the group it obeys: its own or the fallback's; `None` otherwise.
    pub fn group_token(&self) -> Option<&str> {
        match self.applies {
            Applies::Own => Some(&self.token),
            Applies::Fallback(at) => self.chain.get(at).map(String::as_str),
            _ => None,
        }
    }

    /// Its purpose, when the registry lists it.
    pub fn purpose(&self) -> Option<Purpose> {
        self.crawler.map(|c| c.purpose)
    }
}

/// The tallies of a set of crawlers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Tally {
    /// Crawlers counted.
    pub total: usize,
    /// Those that may fetch no path.
    pub blocked: usize,
    /// Those that may fetch some paths.
    pub partly: usize,
    /// Those that may fetch every path.
    pub allowed: usize,
    /// Those whose rules were too costly to decide (see [`Access::Undecided`]).
    pub undecided: usize,
}

/// What a robots.txt does to every crawler of the registry, or to one crawler.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CrawlerReport {
    /// One row per crawler, in registry order; one row for [`CrawlerReport::for_chain`].
    pub rows: Vec<CrawlerRow>,
    /// The crawler asked about ([`CrawlerReport::for_chain`]); `None` for
    /// every crawler of the registry.
    pub agent: Option<String>,
    /// How many distinct sample paths were checked.
    pub sample_paths: usize,
    /// The file's valid `LLM-Policy` URLs, in file order (file-wide: the same
    /// for every crawler).
    pub llm_policies: Vec<String>,
    /// The file's valid `License` URLs (RSL 1.0), in file order (file-wide,
    /// like `llm_policies`).
    pub licenses: Vec<String>,
}

/// What a set of groups gives: `/` allowed, sample paths allowed, the access
/// decided exactly, and the AI-era records.
type GroupsChecked = (bool, usize, Access, AiRecords);

impl CrawlerReport {
    /// Check every crawler of the registry against `policy` on `sample` (sorted
    /// and deduplicated here). Crawlers that get the same groups get the same
    /// verdicts: the sample is checked once per distinct set of groups (most
    /// files give most crawlers the `*` groups).
    pub fn new(policy: &Policy, sample: Vec<Vec<u8>>) -> CrawlerReport {
        let sample = sorted(sample);
        // What each set of groups gives: at most one entry per registry crawler.
        let mut by_groups: Vec<(Vec<GroupId>, GroupsChecked)> = Vec::new();
        let rows = CRAWLERS
            .iter()
            .map(|crawler| {
                let chain: Vec<&[u8]> = crawler.chain().map(str::as_bytes).collect();
                row(policy, &sample, &chain, Some(crawler), &mut by_groups)
            })
            .collect();
        CrawlerReport {
            rows,
            agent: None,
            sample_paths: sample.len(),
            llm_policies: llm_policies(policy),
            licenses: licenses(policy),
        }
    }

    /// What `policy` does to the one crawler whose chain is `chain` (its
    /// token, then its fallbacks, as `Policy::matcher_chain` takes them),
    /// known to the registry or not: its exact access, its share of `sample`,
    /// its crawl-delay and AI-era records. A registry crawler that ignores `*`
    /// (Google's ads crawlers) gets [`Applies::IgnoresWildcard`] when no token
    /// of the chain is named.
    ///
    /// ```
    /// use robots_lint::{Access, CrawlerReport};
    /// use robots_runtime::{Policy, Profile};
    ///
    /// let policy = Policy::parse("User-agent: *\nDisallow: /private/\n", Profile::Rfc9309);
    /// let report = CrawlerReport::for_chain(&policy, vec![b"/".to_vec()], &[b"ExampleBot"]);
    /// let row = &report.rows[0];
    /// assert_eq!((row.token.as_str(), row.crawler), ("ExampleBot", None));
    /// assert!(matches!(&row.access, Access::Partial { disallowed, .. } if disallowed == "/private/"));
    /// assert_eq!(report.summary(), "ExampleBot may fetch some paths: `/` is allowed, `/private/` is not");
    /// ```
    ///
    /// To ask about many crawlers of one policy, one at a time, use
    /// [`ChainReports`]: it decides each set of groups once.
    pub fn for_chain<T: AsRef<[u8]>>(
        policy: &Policy,
        sample: Vec<Vec<u8>>,
        chain: &[T],
    ) -> CrawlerReport {
        ChainReports::new(policy, sample).report(chain)
    }

    /// Whether `row` may fetch no path at all (decided exactly).
    pub fn blocked_fully(&self, row: &CrawlerRow) -> bool {
        row.access == Access::Blocked
    }

    /// Whether `row` may fetch every path (decided exactly).
    pub fn allowed_fully(&self, row: &CrawlerRow) -> bool {
        row.access == Access::Allowed
    }

    /// The share of the sample `row` may fetch, in percent (100 for an empty sample).
    pub fn share(&self, row: &CrawlerRow) -> f64 {
        share(row.allowed, self.sample_paths)
    }

    /// The tallies of the crawlers whose purpose `keep` accepts.
    pub fn tally(&self, keep: impl Fn(Purpose) -> bool) -> Tally {
        let mut t = Tally::default();
        for row in self.rows.iter().filter(|r| r.purpose().is_some_and(&keep)) {
            t.total += 1;
            match row.access {
                Access::Blocked => t.blocked += 1,
                Access::Allowed => t.allowed += 1,
                Access::Partial { .. } => t.partly += 1,
                Access::Undecided(_) => t.undecided += 1,
            }
        }
        t
    }

    /// The one-line summary: AI crawlers, then search engines, such as
    /// `blocks 12 of 31 AI crawlers fully; allows every search engine`; for
    /// one crawler ([`CrawlerReport::for_chain`]) its access, such as
    /// `ExampleBot may fetch some paths: `/` is allowed, `/private/` is not`.
    pub fn summary(&self) -> String {
        if let (Some(agent), Some(row)) = (&self.agent, self.rows.first()) {
            return match &row.access {
                Access::Allowed => format!("{agent} may fetch every path"),
                Access::Blocked => format!("{agent} may fetch no path"),
                Access::Partial {
                    allowed,
                    disallowed,
                    ..
                } => format!(
                    "{agent} may fetch some paths: `{allowed}` is allowed, `{disallowed}` is not"
                ),
                Access::Undecided(why) => format!("{agent}: undecided ({why})"),
            };
        }
        let ai = self.tally(Purpose::is_ai);
        let search = self.tally(|p| p == Purpose::Search);
        let mut ai_text = format!("blocks {} of {} AI crawlers fully", ai.blocked, ai.total);
        if ai.partly > 0 {
            ai_text.push_str(&format!(" ({} partly)", ai.partly));
        }
        if ai.undecided > 0 {
            ai_text.push_str(&format!(" ({} undecided)", ai.undecided));
        }
        let search_text = if search.allowed == search.total {
            String::from("allows every search engine")
        } else if search.blocked == search.total {
            String::from("blocks every search engine")
        } else {
            format!(
                "allows {} of {} search engines everywhere ({} blocked fully, {} partly)",
                search.allowed, search.total, search.blocked, search.partly
            )
        };
        format!("{ai_text}; {search_text}")
    }
}

/// [`CrawlerReport::for_chain`] for many crawlers of one policy, asked one at
/// a time: crawlers that get the same groups share one exact decision, as the
/// registry's crawlers do in [`CrawlerReport::new`] (most files give most
/// crawlers the `*` groups, and deciding access exactly explores the rules).
///
/// `P` is the policy or what holds it (`&Policy`, `Arc<Policy>`), kept with
/// what was decided for it, so the two cannot part.
///
/// ```
/// use robots_lint::{Access, ChainReports, CrawlerReport};
/// use robots_runtime::{Policy, Profile};
///
/// let policy = Policy::parse("User-agent: *\nDisallow: /\n", Profile::Rfc9309);
/// let mut reports = ChainReports::new(&policy, Vec::new());
/// for agent in ["ExampleBot", "OtherBot"] {
///     let report = reports.report(&[agent]);
///     assert_eq!(report, CrawlerReport::for_chain(&policy, Vec::new(), &[agent]));
///     assert_eq!(report.rows[0].access, Access::Blocked);
/// }
/// ```
#[derive(Debug)]
pub struct ChainReports<P> {
    policy: P,
    /// Sorted and deduplicated.
    sample: Vec<Vec<u8>>,
    /// What each set of groups met so far gives.
    by_groups: Vec<(Vec<GroupId>, GroupsChecked)>,
}

impl<P: core::borrow::Borrow<Policy>> ChainReports<P> {
    /// Reports on `policy`, each crawler's share taken of `sample`.
    pub fn new(policy: P, sample: Vec<Vec<u8>>) -> ChainReports<P> {
        ChainReports {
            policy,
            sample: sorted(sample),
            by_groups: Vec::new(),
        }
    }

    /// [`CrawlerReport::for_chain`] of the policy for `chain`.
    pub fn report<T: AsRef<[u8]>>(&mut self, chain: &[T]) -> CrawlerReport {
        let policy = self.policy.borrow();
        let chain: Vec<&[u8]> = chain.iter().map(AsRef::as_ref).collect();
        let entry = chain.first().and_then(|t| robots_registry::crawler(t));
        let row = row(policy, &self.sample, &chain, entry, &mut self.by_groups);
        CrawlerReport {
            agent: Some(row.token.clone()),
            rows: alloc::vec![row],
            sample_paths: self.sample.len(),
            llm_policies: llm_policies(policy),
            licenses: licenses(policy),
        }
    }

    /// The policy reported on.
    pub fn policy(&self) -> &Policy {
        self.policy.borrow()
    }
}

/// `allowed` of `sample` paths in percent (100 for an empty sample).
pub fn share(allowed: usize, sample: usize) -> f64 {
    if sample == 0 {
        100.0
    } else {
        // Counts far below 2^52: exact as f64.
        #[allow(clippy::cast_precision_loss)]
        let ratio = allowed as f64 / sample as f64;
        100.0 * ratio
    }
}

/// `sample` sorted and deduplicated.
fn sorted(mut sample: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
    sort_by(&mut sample, Ord::cmp);
    sample.dedup();
    sample
}

/// The file's valid `LLM-Policy` URLs, in file order.
fn llm_policies(policy: &Policy) -> Vec<String> {
    policy
        .llm_policies()
        .map(|url| String::from_utf8_lossy(url).into_owned())
        .collect()
}

/// The file's valid `License` URLs, as text.
fn licenses(policy: &Policy) -> Vec<String> {
    policy
        .licenses()
        .map(|url| String::from_utf8_lossy(url).into_owned())
        .collect()
}

/// The row of the crawler whose chain is `chain` (`entry`: its registry
/// entry, if any); `by_groups` remembers what each set of groups gives.
fn row(
    policy: &Policy,
    sample: &[Vec<u8>],
    chain: &[&[u8]],
    entry: Option<&'static Crawler>,
    by_groups: &mut Vec<(Vec<GroupId>, GroupsChecked)>,
) -> CrawlerRow {
    let text = |t: &[u8]| String::from_utf8_lossy(t).into_owned();
    let token = entry.map_or_else(
        || text(chain.first().copied().unwrap_or_default()),
        |c| String::from(c.token),
    );
    let names: Vec<String> = chain.iter().map(|t| text(t)).collect();
    let choice = policy.chain_choice(chain.iter().copied());
    if choice.is_none() && !entry.map_or(true, |c| c.obeys_wildcard) {
        return CrawlerRow {
            token,
            crawler: entry,
            chain: names,
            applies: Applies::IgnoresWildcard,
            lines: Vec::new(),
            root_allowed: true,
            access: Access::Allowed,
            allowed: sample.len(),
            crawl_delay: None,
            ai: AiRecords::default(),
        };
    }
    let matcher = policy.matcher_chain(chain.iter().copied());
    let groups: Vec<GroupId> = matcher.groups().collect();
    let lines: Vec<u32> = groups
        .iter()
        .filter_map(|&g| policy.group(g))
        .map(|g| g.line)
        .collect();
    let applies = match choice {
        Some(0) => Applies::Own,
        Some(i) => Applies::Fallback(i),
        None if lines.is_empty() => Applies::Nothing,
        None => Applies::Wildcard,
    };
    let (root_allowed, allowed, access, ai) = remembered(by_groups, groups, || {
        let mut allowed = 0usize;
        matcher.check_paths(sample, |_, verdict| {
            allowed += usize::from(verdict.allowed);
        });
        (
            matcher.check("/").allowed,
            allowed,
            Access::of(&matcher),
            AiRecords::of(&matcher),
        )
    })
    .clone();
    CrawlerRow {
        token,
        crawler: entry,
        chain: names,
        applies,
        lines,
        root_allowed,
        access,
        allowed,
        crawl_delay: matcher.crawl_delay(),
        ai,
    }
}
