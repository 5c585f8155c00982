//! Views of a policy's rules and groups, as verdicts and explanations show them.

use crate::ids::{GroupId, RuleId};
use crate::parse::Directive;
use crate::tables::view::Tables;
use alloc::vec::Vec;
use bstr::BStr;
use core::fmt;

/// A rule of a policy, as written (for Google's derived `index.htm` rule, as derived).
///
/// ```
/// use robots_runtime::{Policy, Profile};
/// use robots_runtime::document::Directive;
/// let policy = Policy::parse("User-agent: *\nDisallow: /private/*.pdf\n", Profile::Rfc9309);
/// let rule = policy.rules().next().unwrap();
/// assert_eq!(rule.directive, Directive::Disallow);
/// assert_eq!(rule.pattern, "/private/*.pdf");
/// assert_eq!(format!("{}", rule.pattern), "/private/*.pdf");
/// assert_eq!((rule.line, rule.column), (2, 11));
/// // It prints as a robots.txt line.
/// assert_eq!(rule.to_string(), "Disallow: /private/*.pdf");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Rule<'p> {
    /// The rule's id.
    pub id: RuleId,
    /// The group it belongs to.
    pub group: GroupId,
    /// 1-based line.
    pub line: u32,
    /// 1-based byte column of the pattern.
    pub column: u32,
    /// [`Directive::Allow`] or [`Directive::Disallow`].
    pub directive: Directive,
    /// The pattern as written (for a derived rule, as derived). It prints as text
    /// (`Display`, lossy for bytes that are not UTF-8) and derefs to the bytes.
    pub pattern: &'p BStr,
    /// Specificity: the pattern's length in octets, as the longest-match profiles rank it.
    pub priority: u32,
    /// Google's `index.htm` alias of an `Allow` line, not a line of its own.
    pub derived: bool,
}

impl<'p> Rule<'p> {
    /// Rule `id` of the tables, if there is one.
    #[cfg_attr(robots_size, optimize(size))]
    pub(crate) fn of(t: &Tables<'p>, id: u32) -> Option<Rule<'p>> {
        let r = t.rule_fields(id)?;
        Some(Rule {
            id: RuleId(id),
            group: group_of(t, id),
            line: r.line,
            column: r.column,
            directive: if r.allow {
                Directive::Allow
            } else {
                Directive::Disallow
            },
            pattern: BStr::new(r.pattern.of(t.text())),
            priority: r.priority,
            derived: r.derived,
        })
    }
}

/// The rule as a robots.txt line, `Disallow: /private` (its pattern lossy
/// where it is not UTF-8; a derived rule shows its derived pattern).
impl fmt::Display for Rule<'_> {
    #[cfg_attr(robots_size, optimize(size))]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let key = match self.directive {
            Directive::Allow => "Allow",
            _ => "Disallow",
        };
        write!(f, "{key}: {}", self.pattern)
    }
}

/// A group of a policy, as written: its user-agent lines.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GroupInfo<'p> {
    /// The group's id.
    pub id: GroupId,
    /// 1-based line of its first user-agent line.
    pub line: u32,
    /// Its user-agent values as written, with their lines.
    pub agents: Vec<(u32, &'p BStr)>,
}

impl<'p> GroupInfo<'p> {
    /// Group `id` of the tables, if there is one.
    #[cfg_attr(robots_size, optimize(size))]
    pub(crate) fn of(t: &Tables<'p>, id: GroupId) -> Option<GroupInfo<'p>> {
        let g = t.groups().get(id.as_usize())?;
        Some(GroupInfo {
            id,
            line: g.line.get(),
            agents: g
                .agents
                .of(t.group_agents())
                .iter()
                .map(|a| (a.line.get(), BStr::new(a.value.of(t.text()))))
                .collect(),
        })
    }
}

/// The group rule `id` belongs to: rules are in group order, so it is the last
/// group whose rules start at or before it.
#[cfg_attr(robots_size, optimize(size))]
fn group_of(t: &Tables<'_>, id: u32) -> GroupId {
    let holds = |g: &crate::tables::layout::GroupRecord| {
        let rules = g.rules;
        rules.start.get() <= id && id - rules.start.get() < rules.len.get()
    };
    let after = t.groups().partition_point(|g| {
        g.rules.start.get() < id || (g.rules.start.get() == id && g.rules.len.get() == 0)
    });
    // The group holding `id` starts at it (the first at or past it) or before it.
    [after, after.wrapping_sub(1)]
        .into_iter()
        .find(|&i| t.groups().get(i).is_some_and(holds))
        .map_or(GroupId::NONE, |i| GroupId(crate::ids::index(i)))
}
