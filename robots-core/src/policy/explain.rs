//! Explanations: the whole decision behind a verdict, as data.
//!
//! An [`Explanation`] says which groups applied and why ([`Selection`]), which
//! rules matched, how the best one won ([`TieBreak`]) and the verdict. Every
//! part is a plain struct or enum with public fields; each enum has a stable
//! kebab-case [`name`](TieBreak::name) (for JSON and other bindings) and a
//! [`description`](TieBreak::description) in words. Front ends (the CLI,
//! Python, JavaScript) render these; none restates a profile's rules.

use crate::group::agent::{agent_match, AgentMatch};
use crate::ids::{index, GroupId};
use crate::policy::{Matcher, Rule};
use crate::profile::Profile;
use crate::search::segments::normalize_path;
use crate::search::url::path_from_url;
use crate::search::verdict::{Reason, Verdict};
use crate::search::view::rule_matches_alone;
use crate::sort::sort_by_packed;
use crate::tables::view::Tables;
use alloc::vec::Vec;
use bstr::{BStr, BString};

/// Everything behind one verdict.
///
/// ```
/// use robots_runtime::{Policy, Profile};
/// use robots_runtime::agent::AgentMatch;
/// use robots_runtime::explain::{Combining, Naming, SelectionBasis, TieBreak};
/// let policy = Policy::parse("User-agent: *\nDisallow: /a\nAllow: /a/b\n", Profile::Rfc9309);
/// let e = policy.explain("bot", "https://example.com/a/b/c");
/// assert_eq!(e.path, "/a/b/c");
/// // Which groups applied, and why: no group names `bot`, so the `*` group.
/// assert_eq!(e.selection.basis, SelectionBasis::Wildcard);
/// assert_eq!(e.selection.combining, Combining::MergeAll);
/// assert_eq!(e.selection.naming, Naming::Exact);
/// assert_eq!(e.groups[0].line, 1);
/// assert_eq!(e.groups[0].agents[0].matches, AgentMatch::Any);
/// // The matching rules, best first, and how the first won.
/// let lines: Vec<u32> = e.candidates.iter().map(|rule| rule.line).collect();
/// assert_eq!(lines, [3, 2]);
/// assert_eq!(e.tie_break, TieBreak::LongestMatch);
/// assert_eq!(e.verdict.rule, Some(e.candidates[0].id));
/// assert_eq!(e.candidates[0].to_string(), "Allow: /a/b");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Explanation<'p> {
    /// The crawler name the groups were looked up for, as given (for a
    /// fallback chain: the chosen token, or the first when none is named).
    pub agent: BString,
    /// The path as the profile compares it (after URL parsing and normalisation).
    pub path: BString,
    /// Why these groups applied.
    pub selection: Selection,
    /// The groups that applied (merged), in file order, with how each of
    /// their user-agent lines relates to the crawler.
    pub groups: Vec<AppliedGroup<'p>>,
    /// Every rule of those groups that matches the path, best first.
    pub candidates: Vec<Rule<'p>>,
    /// How the first candidate won over the second (or why there was no contest).
    pub tie_break: TieBreak,
    /// The verdict, exactly as the check gives it.
    pub verdict: Verdict,
}

/// Why the groups of an [`Explanation`] applied: on what basis, how the
/// profile combines the groups that qualify, how it matches names, and, for a
/// fallback chain, which token was chosen.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Selection {
    /// Named groups, the `*` fallback, or nothing.
    pub basis: SelectionBasis,
    /// Every qualifying group merged, or the first record only.
    pub combining: Combining,
    /// How a user-agent line names a crawler under the profile.
    pub naming: Naming,
    /// For [`explain_chain`](crate::PolicyRef::explain_chain): the tokens and
    /// which one was chosen. `None` for a single agent.
    pub chain: Option<ChainChoice>,
}

impl Selection {
    /// The selection under `profile` on `basis`.
    #[cfg_attr(robots_size, optimize(size))]
    pub(crate) fn new(profile: Profile, basis: SelectionBasis) -> Selection {
        Selection {
            basis,
            combining: Combining::of(profile),
            naming: Naming::of(profile),
            chain: None,
        }
    }
}

/// On what basis groups applied to a crawler.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SelectionBasis {
    /// Some user-agent line names the crawler: its groups apply, the `*` groups do not.
    Named,
    /// No user-agent line names the crawler: the `*` groups apply.
    Wildcard,
    /// No line names the crawler and there is no `*` group: nothing applies,
    /// so every URL is allowed.
    NoGroup,
}

impl SelectionBasis {
    /// The stable name: `name`, `any` or `none` (as `robots explain --format json`
    /// prints it in `selection`).
    #[cfg_attr(robots_size, optimize(size))]
    pub const fn name(self) -> &'static str {
        match self {
            SelectionBasis::Named => "name",
            SelectionBasis::Wildcard => "any",
            SelectionBasis::NoGroup => "none",
        }
    }

    /// In words.
    #[cfg_attr(robots_size, optimize(size))]
    pub const fn description(self) -> &'static str {
        match self {
            SelectionBasis::Named => "groups that name the crawler apply",
            SelectionBasis::Wildcard => "no group names the crawler, so the `*` groups apply",
            SelectionBasis::NoGroup => "no group names the crawler and there is no `*` group",
        }
    }
}

/// How a profile combines the groups that qualify for a crawler.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Combining {
    /// Every qualifying group applies, merged into one (`rfc9309`, `google`).
    MergeAll,
    /// The first qualifying record in file order applies, alone (`draft1996`,
    /// `original1994`).
    FirstRecord,
}

impl Combining {
    /// The profile's way.
    #[cfg_attr(robots_size, optimize(size))]
    pub const fn of(profile: Profile) -> Combining {
        if profile.substring_agents() {
            Combining::FirstRecord
        } else {
            Combining::MergeAll
        }
    }

    /// The stable name: `merge-all` or `first-record`.
    #[cfg_attr(robots_size, optimize(size))]
    pub const fn name(self) -> &'static str {
        match self {
            Combining::MergeAll => "merge-all",
            Combining::FirstRecord => "first-record",
        }
    }

    /// In words.
    #[cfg_attr(robots_size, optimize(size))]
    pub const fn description(self) -> &'static str {
        match self {
            Combining::MergeAll => "every group that qualifies applies, merged",
            Combining::FirstRecord => "the first record that qualifies applies, alone",
        }
    }
}

/// How a profile decides that a user-agent line names a crawler
/// ([`names`](crate::group::agent::names) is the definition).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Naming {
    /// The whole value equals the crawler's name, ignoring ASCII case (`rfc9309`).
    Exact,
    /// The value's leading product token (`[A-Za-z_-]*`, so `Googlebot/2.1` is
    /// `Googlebot`) equals the crawler's name, ignoring ASCII case (`google`).
    ProductToken,
    /// The value occurs in the crawler's name (its `/version` removed),
    /// ignoring ASCII case (`draft1996`, `original1994`).
    Substring,
}

impl Naming {
    /// The profile's way.
    #[cfg_attr(robots_size, optimize(size))]
    pub const fn of(profile: Profile) -> Naming {
        match profile {
            Profile::Google => Naming::ProductToken,
            _ if profile.substring_agents() => Naming::Substring,
            _ => Naming::Exact,
        }
    }

    /// The stable name: `exact`, `product-token` or `substring`.
    #[cfg_attr(robots_size, optimize(size))]
    pub const fn name(self) -> &'static str {
        match self {
            Naming::Exact => "exact",
            Naming::ProductToken => "product-token",
            Naming::Substring => "substring",
        }
    }

    /// In words.
    #[cfg_attr(robots_size, optimize(size))]
    pub const fn description(self) -> &'static str {
        match self {
            Naming::Exact => "a user-agent line names a crawler when it equals its name, ignoring case",
            Naming::ProductToken => "a user-agent line names a crawler when its leading product token equals its name, ignoring case",
            Naming::Substring => "a user-agent line names a crawler when it occurs in its name, ignoring case and version",
        }
    }
}

/// A fallback chain's choice: the tokens, most specific first, and the
/// position of the first one some group names (`None`: no token is named, so
/// the `*` groups apply).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ChainChoice {
    /// The tokens, as given.
    pub tokens: Vec<BString>,
    /// The position in `tokens` of the token whose groups apply.
    pub chosen: Option<usize>,
}

impl ChainChoice {
    /// The choice `chosen` among `tokens`.
    #[cfg_attr(robots_size, optimize(size))]
    pub(crate) fn new(tokens: Vec<BString>, chosen: Option<usize>) -> ChainChoice {
        ChainChoice { tokens, chosen }
    }
}

/// A group that applied, with how each of its user-agent lines relates to the crawler.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct AppliedGroup<'p> {
    /// The group's id.
    pub id: GroupId,
    /// 1-based line of its first user-agent line.
    pub line: u32,
    /// Its user-agent lines.
    pub agents: Vec<AgentLine<'p>>,
}

/// A user-agent line of a group that applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct AgentLine<'p> {
    /// 1-based line.
    pub line: u32,
    /// The value as written.
    pub value: &'p BStr,
    /// Whether it names the crawler, is `*`, or names another crawler.
    pub matches: AgentMatch,
}

/// How the best matching rule won over the next one, or why there was no contest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TieBreak {
    /// No rule matches: the verdict's [`Reason`] says why the URL is allowed.
    NoCandidate,
    /// One rule matches: it decides.
    OnlyCandidate,
    /// The first matching line in file order wins (`draft1996`, `original1994`).
    FirstInFileOrder,
    /// The longest pattern wins (`rfc9309`, `google`): the first candidate's
    /// [`priority`](Rule::priority) is higher than the second's.
    LongestMatch,
    /// Patterns of equal length, one `Allow` and one `Disallow`: `Allow` wins.
    AllowWinsTie,
    /// Patterns of equal length and the same directive: the earlier line wins.
    EarlierLineWinsTie,
}

impl TieBreak {
    /// The tie-break between the two best `candidates` (best first) under `profile`.
    #[cfg_attr(robots_size, optimize(size))]
    pub(crate) fn of(profile: Profile, candidates: &[Rule<'_>]) -> TieBreak {
        match candidates {
            [] => TieBreak::NoCandidate,
            [_] => TieBreak::OnlyCandidate,
            _ if profile.first_match_wins() => TieBreak::FirstInFileOrder,
            [a, b, ..] if a.priority > b.priority => TieBreak::LongestMatch,
            [a, b, ..] if a.directive != b.directive => TieBreak::AllowWinsTie,
            _ => TieBreak::EarlierLineWinsTie,
        }
    }

    /// The stable name: `no-candidate`, `only-candidate`, `first-in-file-order`,
    /// `longest-match`, `allow-wins-tie` or `earlier-line-wins-tie`.
    #[cfg_attr(robots_size, optimize(size))]
    pub const fn name(self) -> &'static str {
        match self {
            TieBreak::NoCandidate => "no-candidate",
            TieBreak::OnlyCandidate => "only-candidate",
            TieBreak::FirstInFileOrder => "first-in-file-order",
            TieBreak::LongestMatch => "longest-match",
            TieBreak::AllowWinsTie => "allow-wins-tie",
            TieBreak::EarlierLineWinsTie => "earlier-line-wins-tie",
        }
    }

    /// In words.
    #[cfg_attr(robots_size, optimize(size))]
    pub const fn description(self) -> &'static str {
        match self {
            TieBreak::NoCandidate => "no rule matches",
            TieBreak::OnlyCandidate => "only one rule matches",
            TieBreak::FirstInFileOrder => "the first matching line in file order wins",
            TieBreak::LongestMatch => "the longest match wins",
            TieBreak::AllowWinsTie => "equal length: `Allow` wins the tie",
            TieBreak::EarlierLineWinsTie => "equal length and directive: the earlier line wins",
        }
    }
}

/// [`Matcher::explain`] lives here, beside what it calls: `matcher.rs`
/// stays below this file (no cycle in `policy/`).
impl<'p> Matcher<'p> {
    /// Explain the verdict for `url` (read as [`check`](Self::check) reads
    /// it), as [`PolicyRef::explain`](crate::PolicyRef::explain) does: the
    /// groups, the matching rules, the tie-break and the verdict are this
    /// matcher's; `agent` is the crawler's name as the explanation shows it
    /// and says how each user-agent line of those groups relates to it (a
    /// matcher keeps its groups, not the name it was resolved for). For a
    /// fallback chain, [`PolicyRef::explain_chain`](crate::PolicyRef::explain_chain)
    /// also says which token was chosen.
    ///
    /// ```
    /// use robots_runtime::{Policy, Profile};
    /// let policy = Policy::parse("User-agent: *\nDisallow: /a\nAllow: /a/b\n", Profile::Rfc9309);
    /// let bot = policy.matcher("bot");
    /// let e = bot.explain("bot", "/a/b/c");
    /// assert_eq!(e.candidates.len(), 2);
    /// assert!(e.verdict.allowed);
    /// assert_eq!(e, policy.explain("bot", "/a/b/c"));
    /// ```
    #[cfg_attr(robots_size, optimize(size))]
    pub fn explain(&self, agent: impl AsRef<[u8]>, url: impl AsRef<[u8]>) -> Explanation<'p> {
        explain(self, agent.as_ref(), None, url.as_ref())
    }
}

/// Explain `url` for the crawler of `matcher`, named `agent` (`chain`: the
/// fallback chain's choice that gave `matcher`, if one did).
#[cfg_attr(robots_size, optimize(size))]
pub(crate) fn explain<'p>(
    matcher: &Matcher<'p>,
    agent: &[u8],
    chain: Option<ChainChoice>,
    url: &[u8],
) -> Explanation<'p> {
    let t = matcher.tables;
    let raw = path_from_url(url);
    let path = BString::from(normalize_path(&raw, t.profile).into_owned());
    let verdict = matcher.check_path(&*raw);
    let groups: Vec<AppliedGroup<'p>> = matcher
        .groups()
        .filter_map(|g| applied_group(t, g, agent))
        .collect();
    let named = groups
        .iter()
        .any(|g| g.agents.iter().any(|a| a.matches == AgentMatch::Name));
    let basis = match (groups.is_empty(), named) {
        (true, _) => SelectionBasis::NoGroup,
        (false, true) => SelectionBasis::Named,
        (false, false) => SelectionBasis::Wildcard,
    };
    let mut candidates: Vec<(u64, Rule<'p>)> = Vec::new();
    if verdict.reason != Reason::RobotsTxt {
        for g in matcher.group_numbers() {
            let Some(group) = t.groups().get(g.get() as usize) else {
                continue;
            };
            for id in group.rules.range() {
                let id = index(id);
                if rule_matches_alone(t, id, &path) {
                    let rank = t.rank(id);
                    candidates.extend(Rule::of(t, id).map(|rule| (rank, rule)));
                }
            }
        }
    }
    sort_by_packed(&mut candidates, |&(rank, _)| u128::from(!rank));
    let candidates: Vec<Rule<'p>> = candidates.into_iter().map(|(_, rule)| rule).collect();
    Explanation {
        agent: BString::from(agent),
        path,
        selection: Selection {
            chain,
            ..Selection::new(t.profile, basis)
        },
        groups,
        tie_break: TieBreak::of(t.profile, &candidates),
        candidates,
        verdict,
    }
}

/// Group `g` of `t`, with how each user-agent line relates to `agent`.
#[cfg_attr(robots_size, optimize(size))]
fn applied_group<'p>(t: &Tables<'p>, g: GroupId, agent: &[u8]) -> Option<AppliedGroup<'p>> {
    let group = t.groups().get(g.as_usize())?;
    Some(AppliedGroup {
        id: g,
        line: group.line.get(),
        agents: group
            .agents
            .of(t.group_agents())
            .iter()
            .map(|a| {
                let value = BStr::new(a.value.of(t.text()));
                AgentLine {
                    line: a.line.get(),
                    value,
                    matches: agent_match(t.profile, value, agent),
                }
            })
            .collect(),
    })
}
