//! A compiled rule as the search reads it, for tools that reason about rules
//! rather than check URLs: the lint catalogue (`robots-lint`) proves a rule
//! shadowed from these, through the public API only.
//!
//! [`Rule`](crate::Rule) is a rule as written; [`RuleShape`] is the same rule as
//! the profile compiled it: the normalised literal segments between its `*`
//! wildcards, its `$` anchor, and its rank among the rules that match a path.

use crate::ids::RuleId;
use crate::policy::PolicyRef;
use alloc::vec::Vec;
use bstr::BStr;

/// A rule as the search matches it.
///
/// ```
/// use robots_core::{Policy, Profile};
/// let policy = Policy::parse("User-agent: *\nDisallow: /a*b$\nAllow: /a\n", Profile::Rfc9309);
/// let shape = policy.rule_shape(policy.rules().next().unwrap().id).unwrap();
/// assert_eq!(shape.segments, ["/a", "b"]);
/// assert!(shape.anchored);
/// // Longest match: the longer pattern outranks the shorter one.
/// let allow = policy.rule_shape(policy.rules().nth(1).unwrap().id).unwrap();
/// assert!(shape.rank > allow.rank);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RuleShape<'p> {
    /// The rule.
    pub id: RuleId,
    /// The pattern's literal segments, normalised as the profile matches them,
    /// with a `*` between each two: `/a*b` is `["/a", "b"]`, `/a*` is `["/a", ""]`.
    pub segments: Vec<&'p BStr>,
    /// Whether the pattern ends with the `$` anchor (a whole-path match).
    pub anchored: bool,
    /// The rule's rank among the rules that match a path: the highest decides
    /// the verdict. Longest-match profiles rank by length, then `Allow`, then
    /// the earlier line; first-match profiles by line alone. Comparable only
    /// between rules of one policy.
    pub rank: u64,
}

impl PolicyRef<'_> {
    /// Rule `id` as the search matches it, or `None` if the policy has no such
    /// rule. ([`Policy`](crate::Policy) has it by deref; an
    /// [`AgentPolicy`](crate::AgentPolicy) through its `policy()`.)
    #[cfg_attr(robots_size, optimize(size))]
    pub fn rule_shape(&self, id: RuleId) -> Option<RuleShape<'_>> {
        let t = self.tables();
        let fields = t.rule_fields(id.0)?;
        let (first, rest) = t.rule_segments(id.0)?;
        let segments = core::iter::once(first)
            .chain(rest.iter().copied())
            .map(|s| BStr::new(s.of(t.text())))
            .collect();
        Some(RuleShape {
            id,
            segments,
            anchored: fields.anchored,
            rank: t.rank(id.0),
        })
    }
}
