//! The layout of a compiled policy: every record and table a check reads, in one place.
//!
//! A policy is a handful of flat tables ([`Tables`]) that refer to each other by
//! `u32` index and by [`Span`] (a range of another table). The run-time compiler
//! fills them in vectors; the code generator writes the same tables as `&'static`
//! data ([`Table`] holds either), and one search routine reads both.
//!
//! This module is the code generator's view of a policy. It is not a stable API:
//! `robots-runtime` exposes it only as `#[doc(hidden)] __private`.

use crate::parse::Directive;
use crate::profile::Profile;
pub use crate::records::{RecordValue, RequestRate, TimeWindow};
use alloc::vec::Vec;
use core::fmt;
use core::ops::Deref;

/// A read-only table, either `&'static` (compiled in) or owned (built at run time).
///
/// It dereferences to a slice, so one search routine serves both kinds of policy.
///
/// ```
/// use robots_core::tables::Table;
/// static DATA: Table<u32> = Table::Static(&[1, 2, 3]);
/// let owned: Table<u32> = Table::Owned(vec![1, 2, 3]);
/// assert_eq!(&*DATA, &*owned);
/// ```
pub enum Table<T: 'static> {
    /// Data compiled into the binary.
    Static(&'static [T]),
    /// Data built at run time.
    Owned(Vec<T>),
}

impl<T> Table<T> {
    /// The table as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        match self {
            Table::Static(s) => s,
            Table::Owned(v) => v,
        }
    }
}

impl<T> Deref for Table<T> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T> Default for Table<T> {
    fn default() -> Self {
        Table::Static(&[])
    }
}

impl<T: Clone> Clone for Table<T> {
    fn clone(&self) -> Self {
        match self {
            Table::Static(s) => Table::Static(s),
            Table::Owned(v) => Table::Owned(v.clone()),
        }
    }
}

impl<T: fmt::Debug> fmt::Debug for Table<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T> From<Vec<T>> for Table<T> {
    fn from(v: Vec<T>) -> Self {
        Table::Owned(v)
    }
}

/// A table index or length as stored (`u32`).
///
/// The parser reads at most [`MAX_INPUT_BYTES`](crate::parse::MAX_INPUT_BYTES) of
/// any input, and no table holds more entries than a small multiple of the bytes
/// read, so every index fits below [`NONE`]; the saturation is never reached.
#[inline]
pub(crate) fn index(n: usize) -> u32 {
    debug_assert!(n < NONE as usize, "table index {n} does not fit the layout");
    u32::try_from(n).unwrap_or(NONE - 1)
}

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
    /// The parsed value.
    pub parsed: RecordValue,
}

/// What a walk reads of a trie node, in one 32-byte record.
///
/// Children are numbered consecutively, so the child on edge `i` is `first_child + i`
/// (or, if a trie ever breaks that, `edge_targets[edge_start + i]`: `first_child` is
/// then [`NONE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WalkNode {
    /// The first eight bytes of the node's label (zero-filled), little-endian.
    pub label: u64,
    /// The node's edge bytes when it has at most eight (zero-filled), little-endian;
    /// with more, the number of its 256-byte block in `wide_edges` (the position of
    /// each edge byte among the node's edges, 0 for bytes without an edge).
    pub edges: u64,
    /// The child on the first edge (0 for a leaf: it has no edge to follow, and the
    /// walk needs no detour to find that out).
    pub first_child: u32,
    /// The node's edges in `edge_bytes` / `edge_targets`.
    pub edge_start: u32,
    /// Label length in bytes.
    pub label_len: u32,
    /// Number of edges.
    pub edge_count: u16,
    /// The node has wildcard rules to test.
    pub has_wild: bool,
    /// The node's other wildcard rules are in its root's pair index (which a check
    /// only consults when its walk passes such a node).
    pub indexed: bool,
}

impl WalkNode {
    /// A node with no label and no edges.
    pub const EMPTY: WalkNode = WalkNode {
        label: 0,
        edges: 0,
        first_child: NONE,
        edge_start: 0,
        label_len: 0,
        edge_count: 0,
        has_wild: false,
        indexed: false,
    };
}

/// The pair index of one trie root's wildcard rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WildIndex {
    /// The slot bitmap, a bit per slot with candidates: a range of `slot_words`
    /// (empty: the root has no index).
    pub words: Span,
    /// Where each slot's candidates start in `wild_candidates`, plus the end: a range
    /// of `slot_starts` (one entry per slot, and one more).
    pub slots: Span,
}

impl WildIndex {
    /// No index.
    pub const EMPTY: WildIndex = WildIndex {
        words: Span::EMPTY,
        slots: Span::EMPTY,
    };
}

/// A wildcard rule filed in a slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WildCandidate {
    /// The rule.
    pub rule: u32,
    /// Its rank (candidates of a slot are sorted best first).
    pub rank: u64,
    /// One bit per byte pair of its later segments: bit `s % 64` of each pair slot
    /// `s = (31a + b) % 1024` (so a path's signature is its pair set's words ORed).
    pub signature: u64,
}

/// Every table of a compiled policy (see the module docs), plus the two scalars
/// a check needs: the profile and the rule set of crawlers no group names.
#[derive(Clone, Debug)]
pub struct Tables {
    /// The semantics the tables were compiled under.
    pub profile: Profile,
    /// Every string: patterns, segments, labels, names, record values.
    pub text: Table<u8>,
    /// Crawler names and the rule set each selects, in the order the profile resolves them.
    pub agents: Table<AgentEntry>,
    /// The rule set of crawlers no group names (`*`), or [`NONE`].
    pub any_set: u32,
    /// Rule sets.
    pub sets: Table<RuleSet>,
    /// The trie roots of each set.
    pub set_roots: Table<u32>,
    /// The groups of each set.
    pub set_groups: Table<u32>,
    /// Trie nodes.
    pub nodes: Table<Node>,
    /// Edge bytes of the trie nodes.
    pub edge_bytes: Table<u8>,
    /// Edge targets of the trie nodes.
    pub edge_targets: Table<u32>,
    /// Wildcard rules tested on trie nodes.
    pub wild_rules: Table<u32>,
    /// The walk record of each node.
    pub walk_nodes: Table<WalkNode>,
    /// 256-byte edge blocks of nodes with more than eight edges.
    pub wide_edges: Table<u8>,
    /// The best prefix rule of each node.
    pub best_prefix: Table<u32>,
    /// The best rule of each node for a path that ends there.
    pub best_exact: Table<u32>,
    /// The pair index of each set root.
    pub root_wild: Table<WildIndex>,
    /// Pair-index slot bitmaps.
    pub slot_words: Table<u64>,
    /// Pair-index slot starts.
    pub slot_starts: Table<u32>,
    /// Pair-index candidates.
    pub wild_candidates: Table<WildCandidate>,
    /// Rules.
    pub rules: Table<RuleRecord>,
    /// Literal segments of the rules.
    pub segments: Table<Span>,
    /// Groups as written.
    pub groups: Table<GroupRecord>,
    /// User-agent lines of the groups.
    pub group_agents: Table<GroupAgentRecord>,
    /// Extension records.
    pub extensions: Table<ExtensionRecord>,
    /// Where the parse cap cut the input, if it did.
    pub truncation: Option<TruncationRecord>,
}

/// Where the parse cap cut the input: [`Truncation`](crate::parse::Truncation) as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TruncationRecord {
    /// The cap in bytes.
    pub max_bytes: u64,
    /// The input's real length.
    pub input_len: u64,
    /// The first line not wholly read.
    pub first_ignored_line: u32,
}
