//! What the semantic checks share: the rule sets crawlers can get, rules as
//! compiled, and the proof that one pattern covers another.

use crate::grouping::sort_by;
use alloc::collections::BTreeSet;
use alloc::string::String;
use alloc::vec::Vec;
use robots_core::document::Document;
use robots_core::group::AgentToken;
use robots_core::parse::Directive;
use robots_core::parse::LineReport;
use robots_core::policy::Policy;
use robots_core::{GroupId, Matcher};

/// A compiled rule as the checks see it.
#[derive(Clone, Debug)]
pub(crate) struct Rule<'p> {
    /// Its index in the policy.
    pub id: u32,
    /// `Allow` (else `Disallow`).
    pub allow: bool,
    /// A final `$`.
    pub anchored: bool,
    /// Higher wins.
    pub rank: u64,
    /// The literal segments, with a `*` between each two.
    pub segments: Vec<&'p [u8]>,
    /// The rule as written.
    pub written: robots_core::Rule<'p>,
}

impl<'p> Rule<'p> {
    /// `Allow: /x` / `Disallow: /x`, as written (a derived rule shows its derived pattern).
    pub fn text(&self) -> String {
        let name = if self.written.directive == Directive::Allow {
            "Allow"
        } else {
            "Disallow"
        };
        alloc::format!("{name}: {}", crate::lossy(self.written.pattern))
    }

    /// The first segment (the literal prefix every matching path starts with).
    pub fn first(&self) -> &'p [u8] {
        self.segments.first().copied().unwrap_or_default()
    }

    /// The pattern as the profile reads it: segments and anchor.
    pub fn key(&self) -> (&[&'p [u8]], bool) {
        (&self.segments, self.anchored)
    }

    /// Whether the rule matches every path (`/`, `/*`, `*`, …).
    pub fn matches_everything(&self) -> bool {
        !self.anchored
            && matches!(self.first(), b"" | b"/")
            && self.segments.iter().skip(1).all(|s| s.is_empty())
    }

    /// The pattern as a token string: bytes, with [`STAR`] for each `*` and a final
    /// [`STAR`] when the pattern is not anchored (a prefix match).
    pub fn tokens(&self) -> Vec<u16> {
        let mut out = Vec::new();
        for (i, s) in self.segments.iter().enumerate() {
            if i > 0 {
                out.push(STAR);
            }
            out.extend(s.iter().map(|&b| u16::from(b)));
        }
        if !self.anchored {
            out.push(STAR);
        }
        out
    }
}

/// Every compiled rule of a policy, by id, and which of them each group holds.
pub(crate) struct RuleTable<'p> {
    rules: Vec<Rule<'p>>,
    /// Per group number, the range of its rules' ids (rules are in group order).
    groups: Vec<core::ops::Range<usize>>,
}

impl<'p> RuleTable<'p> {
    /// The rules of group number `g` (none for a group that is not there).
    pub fn group(&self, g: u32) -> &[Rule<'p>] {
        self.groups
            .get(g as usize)
            .and_then(|range| self.rules.get(range.clone()))
            .unwrap_or_default()
    }
}

impl<'p> core::ops::Deref for RuleTable<'p> {
    type Target = [Rule<'p>];

    fn deref(&self) -> &[Rule<'p>] {
        &self.rules
    }
}

impl<'t, 'p> IntoIterator for &'t RuleTable<'p> {
    type Item = &'t Rule<'p>;
    type IntoIter = core::slice::Iter<'t, Rule<'p>>;

    fn into_iter(self) -> Self::IntoIter {
        self.rules.iter()
    }
}

/// Every compiled rule of `policy`, by id, with each group's share.
pub(crate) fn rules(policy: &Policy) -> RuleTable<'_> {
    let mut groups = alloc::vec![0..0; policy.group_count()];
    let mut rules = Vec::with_capacity(policy.rule_count());
    for rule in policy.rules() {
        let Some(shape) = policy.rule_shape(rule.id) else {
            continue;
        };
        let at = rules.len();
        if let Some(range) = groups.get_mut(rule.group.as_usize()) {
            if range.start == range.end {
                *range = at..at;
            }
            range.end = at + 1;
        }
        rules.push(Rule {
            id: rule.id.as_u32(),
            allow: rule.directive == Directive::Allow,
            anchored: shape.anchored,
            rank: shape.rank,
            segments: shape.segments.iter().map(|s| -> &[u8] { s }).collect(),
            written: rule,
        });
    }
    RuleTable { rules, groups }
}

/// The groups a matcher picked, as plain numbers (comparable across profiles).
pub(crate) fn group_numbers(matcher: &Matcher<'_>) -> Vec<u32> {
    matcher.groups().map(GroupId::as_u32).collect()
}

/// The groups of the `*` crawler: what a crawler no group names gets.
pub(crate) fn any_groups(doc: &Document<'_>) -> Vec<u32> {
    let with_any = doc
        .groups()
        .iter()
        .enumerate()
        .filter(|(_, g)| g.agents.iter().any(|a| a.token == AgentToken::Any))
        .map(|(i, _)| u32::try_from(i).unwrap_or(u32::MAX));
    if doc.profile().substring_agents() {
        // Legacy readings use the first `*` record only.
        with_any.take(1).collect()
    } else {
        with_any.collect()
    }
}

/// Every distinct list of groups some crawler gets (its rule set).
///
/// Under `rfc9309` and `google` a crawler gets the groups naming it exactly, or
/// the `*` groups: the sets of the names in the file plus the `*` set are all
/// there are. Under the legacy profiles a crawler gets exactly one record, so
/// each group is a set of its own.
pub(crate) fn rule_sets(doc: &Document<'_>, policy: &Policy) -> Vec<Vec<u32>> {
    let mut sets: Vec<Vec<u32>> = Vec::new();
    if doc.profile().substring_agents() {
        for g in 0..doc.groups().len() {
            sets.push(alloc::vec![u32::try_from(g).unwrap_or(u32::MAX)]);
        }
    } else {
        let mut seen: BTreeSet<Vec<u8>> = BTreeSet::new();
        for group in doc.groups() {
            for agent in &group.agents {
                if let AgentToken::Named(range) = &agent.token {
                    let name = doc.slice(range.clone()).to_ascii_lowercase();
                    if seen.insert(name.clone()) {
                        sets.push(group_numbers(&policy.matcher(&name)));
                    }
                }
            }
        }
        sets.push(any_groups(doc));
    }
    // Each once, in order (as a `BTreeSet` would give them).
    sort_by(&mut sets, Ord::cmp);
    sets.dedup();
    sets.retain(|s| !s.is_empty());
    sets
}

/// A `*` in a token string.
pub(crate) const STAR: u16 = 256;

/// Work limit for one literal search (haystack × needle), beyond which a proof is given up.
const SEARCH_BUDGET: usize = 1 << 16;

fn literal_at(hay: &[u16], at: usize, needle: &[u8]) -> bool {
    hay.get(at..at + needle.len())
        .is_some_and(|w| w.iter().zip(needle).all(|(&t, &b)| t == u16::from(b)))
}

fn find_literal(hay: &[u16], from: usize, needle: &[u8]) -> Option<usize> {
    if needle.is_empty() {
        return Some(from);
    }
    let end = hay.len().checked_sub(needle.len())?;
    if end.saturating_sub(from).saturating_mul(needle.len()) > SEARCH_BUDGET {
        return None;
    }
    (from..=end).find(|&i| literal_at(hay, i, needle))
}

/// Whether pattern `q` (segments and anchor) provably matches every path the
/// pattern with token string `r` matches.
///
/// `q` is matched against `r` as a string in which each `*` of `r` is a symbol
/// that only `q`'s own `*` can absorb. If that succeeds, every way of filling
/// `r`'s wildcards gives a path `q` matches. (Leftmost placement of `q`'s
/// segments is exact for `*`-only globs.) `false` means "not proven".
pub(crate) fn covers(q: (&[&[u8]], bool), r: &[u16]) -> bool {
    let (segments, anchored) = q;
    let Some((first, rest)) = segments.split_first() else {
        return false;
    };
    if !literal_at(r, 0, first) {
        return false;
    }
    let mut at = first.len();
    let Some((last, middle)) = rest.split_last() else {
        return !anchored || r.len() == at;
    };
    for segment in middle {
        match find_literal(r, at, segment) {
            Some(found) => at = found + segment.len(),
            None => return false,
        }
    }
    if anchored {
        r.len() >= at + last.len() && literal_at(r, r.len() - last.len(), last)
    } else {
        find_literal(r, at, last).is_some()
    }
}

/// The line report of a 1-based line number.
pub(crate) fn line_of<'d>(doc: &'d Document<'_>, number: u32) -> Option<&'d LineReport> {
    doc.lines().get((number as usize).checked_sub(1)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(segments: &[&[u8]], anchored: bool) -> Vec<u16> {
        let mut out = Vec::new();
        for (i, s) in segments.iter().enumerate() {
            if i > 0 {
                out.push(STAR);
            }
            out.extend(s.iter().map(|&b| u16::from(b)));
        }
        if !anchored {
            out.push(STAR);
        }
        out
    }

    fn c(q: &[&[u8]], qa: bool, r: &[&[u8]], ra: bool) -> bool {
        covers((q, qa), &toks(r, ra))
    }

    #[test]
    fn coverage_proofs() {
        // Prefixes.
        assert!(c(&[b"/"], false, &[b"/a"], false));
        assert!(c(&[b"/a"], false, &[b"/a"], false));
        assert!(!c(&[b"/a"], false, &[b"/"], false));
        assert!(c(&[b"/a"], false, &[b"/ab"], true));
        // A trailing star is a prefix.
        assert!(c(&[b"/x", b""], false, &[b"/x"], false));
        assert!(c(&[b"/x"], false, &[b"/x", b""], false));
        // Anchors.
        assert!(c(&[b"/a"], true, &[b"/a"], true));
        assert!(!c(&[b"/a"], true, &[b"/a"], false));
        assert!(!c(&[b"/a"], true, &[b"/ab"], true));
        assert!(c(&[b"/", b".php"], true, &[b"/x.php"], true));
        assert!(c(&[b"/", b".php"], true, &[b"/", b"/y.php"], true));
        assert!(!c(&[b"/", b".php"], true, &[b"/", b".php"], false));
        // Wildcards in the middle.
        assert!(c(&[b"/", b"a", b""], false, &[b"/a"], false));
        assert!(c(&[b"/", b"q="], false, &[b"/", b"?", b"q="], false));
        assert!(!c(&[b"/", b"q="], false, &[b"/", b"q", b"="], false));
        // A star of the covered pattern is never a literal of the covering one.
        assert!(!c(&[b"/a*b"], false, &[b"/a", b"b"], false));
        assert!(c(&[b""], false, &[b"/anything"], true));
    }
}
