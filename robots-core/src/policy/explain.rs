//! Explanations: the whole decision behind a verdict, for humans and tools.

use crate::policy::{GroupInfo, Matcher, Rule};
use crate::search::segments::normalize_path;
use crate::search::url::path_from_url;
use crate::search::verdict::{Reason, Verdict};
use crate::search::view::rule_matches_alone;
use crate::tables::layout::index;
use alloc::vec::Vec;
use bstr::BString;

/// Everything behind one verdict.
///
/// ```
/// use robots_runtime::{Policy, Profile};
/// let policy = Policy::parse("User-agent: *\nDisallow: /a\nAllow: /a/b\n", Profile::Rfc9309);
/// let e = policy.explain("bot", "https://example.com/a/b/c");
/// assert_eq!(e.path, "/a/b/c");
/// assert_eq!(e.groups[0].line, 1);
/// let lines: Vec<u32> = e.candidates.iter().map(|rule| rule.line).collect();
/// assert_eq!(lines, [3, 2]);
/// assert_eq!(e.verdict.rule, Some(e.candidates[0].id));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Explanation<'p> {
    /// The path as the profile compares it (after URL parsing and normalisation).
    pub path: BString,
    /// The groups that applied (merged), in file order.
    pub groups: Vec<GroupInfo<'p>>,
    /// Every rule of those groups that matches the path, best first.
    pub candidates: Vec<Rule<'p>>,
    /// The verdict, exactly as the check gives it.
    pub verdict: Verdict,
}

/// Explain `url` for the crawler of `matcher`.
pub(crate) fn explain<'p>(matcher: &Matcher<'p>, url: &[u8]) -> Explanation<'p> {
    let t = matcher.tables;
    let raw = path_from_url(url);
    let path = BString::from(normalize_path(&raw, t.profile).into_owned());
    let verdict = matcher.check_path(&*raw);
    let groups: Vec<GroupInfo<'p>> = matcher
        .group_numbers()
        .iter()
        .filter_map(|g| GroupInfo::of(t, g.get()))
        .collect();
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
    candidates.sort_by_key(|(rank, _)| core::cmp::Reverse(*rank));
    Explanation {
        path,
        groups,
        candidates: candidates.into_iter().map(|(_, rule)| rule).collect(),
        verdict,
    }
}
