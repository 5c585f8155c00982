//! The compiler's working records: rules, groups and trie nodes in native form,
//! as the builder, the trie and [`derive`](super::derive) make and read them,
//! before they are written as the [`layout`](super::layout) a check reads.

use crate::parse::Directive;
use crate::tables::layout::index;

/// The span `start..end` (empty if `end < start`).
#[inline]
pub(crate) fn span_of(start: usize, end: usize) -> Span {
    Span {
        start: index(start),
        len: index(end.saturating_sub(start)),
    }
}

/// A range of a table, as `start..start + len`, small enough for static data.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// First index.
    pub start: u32,
    /// Number of elements.
    pub len: u32,
}

impl Span {
    /// The empty span.
    pub const EMPTY: Span = Span { start: 0, len: 0 };

    /// The span as a `usize` range.
    #[inline]
    pub const fn range(self) -> core::ops::Range<usize> {
        self.start as usize..self.start as usize + self.len as usize
    }

    /// The span's elements of `table` (empty if out of bounds, which a built policy never is).
    #[inline]
    pub fn of<T>(self, table: &[T]) -> &[T] {
        // Validated tables never miss; an empty span may start anywhere.
        debug_assert!(
            self.len == 0 || self.range().end <= table.len(),
            "span {self:?} past a table of {}",
            table.len()
        );
        table.get(self.range()).unwrap_or_default()
    }
}

/// "None" in `u32` index fields.
pub const NONE: u32 = u32::MAX;

/// A rule as compiled: where it came from and how it matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleRecord {
    /// 1-based line of the rule.
    pub line: u32,
    /// 1-based byte column of the pattern on that line.
    pub column: u32,
    /// `Allow` (true) or `Disallow` (false).
    pub allow: bool,
    /// Google's `index.htm` alias, derived from the line's `Allow`.
    pub derived: bool,
    /// The rule's specificity (octets), as Google counts them.
    pub priority: u32,
    /// Higher wins. Longest match: priority, then allow, then earlier line. First match: earlier line.
    pub rank: u64,
    /// The pattern as written (bytes in the policy's text).
    pub pattern: Span,
    /// The literal segments (a range of the policy's segment table).
    pub segments: Span,
    /// A final `$` anchors the pattern.
    pub anchored: bool,
    /// The group the rule belongs to.
    pub group: u32,
}

/// A node of the path-compressed trie over the first literal segment of each rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// The bytes on the edge into this node (in the policy's text); empty for a root.
    pub label: Span,
    /// Outgoing edges: a range of `edge_bytes` / `edge_targets`, sorted by byte.
    pub edges: Span,
    /// Best-ranked rule whose pattern is exactly this prefix (matches any path with it).
    pub prefix_rule: u32,
    /// Best-ranked rule `prefix$` (matches only a path equal to it).
    pub exact_rule: u32,
    /// Wildcard rules whose first segment ends here: a range of `wild_rules`, best rank first.
    pub wild: Span,
}

/// A set of rules that applies to some crawlers: the union of one or more groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleSet {
    /// The trie roots to walk (a range of `set_roots`).
    pub roots: Span,
    /// The groups it merges (a range of `set_groups`).
    pub groups: Span,
}

/// A crawler name the file mentions, and the rule set it selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AgentEntry {
    /// The name as matched (lower case; for `google`, cut to a product token).
    pub name: Span,
    /// The rule set it selects.
    pub set: u32,
    /// `*`.
    pub any: bool,
}

/// A group as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroupRecord {
    /// 1-based line of its first user-agent line.
    pub line: u32,
    /// Its user-agent lines (a range of `group_agents`).
    pub agents: Span,
    /// Its rules (a range of `rules`), in file order.
    pub rules: Span,
}

/// One user-agent line of a group, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroupAgentRecord {
    /// 1-based line.
    pub line: u32,
    /// The value as written (bytes in the policy's text).
    pub value: Span,
}

/// An extension record (crawl-delay, sitemap, …) with its line and typed value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtensionRecord {
    /// Which directive.
    pub directive: Directive,
    /// 1-based line.
    pub line: u32,
    /// The owning group, or [`NONE`] for file-wide records.
    pub group: u32,
    /// The value as written (bytes in the policy's text).
    pub value: Span,
}
