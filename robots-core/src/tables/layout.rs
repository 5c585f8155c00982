//! The layout of a compiled policy: every record and table a check reads.
//!
//! A policy is a handful of flat tables ([`Tables`](crate::tables::view::Tables)) that refer to each other by
//! `u32` index and by [`Span`] (a range of another table). Every record is plain
//! little-endian bytes with no padding and no alignment (zerocopy's `Unaligned`
//! byte-order types), so one layout serves three homes, read by one search
//! routine:
//!
//! - a policy built at run time keeps its tables in one buffer ([`encode`](super::encode));
//! - [`PolicyRef::from_bytes`](crate::PolicyRef::from_bytes) reads the same bytes
//!   where they lie, after [`validate`](super::validate) checked them;
//! - the code generator writes the records as `static` data.
//!
//! The trie of a rule set has two kinds of node. An [`Inner`] node has children:
//! up to eight edge bytes inline, or a [wide block](Inner::edges) for more; its
//! children are numbered consecutively, the inner ones first (in
//! [`Tables::inners`](crate::tables::view::Tables::inners)), then the leaves (in [`Tables::leaves`](crate::tables::view::Tables::leaves)). A [`Leaf`] has
//! none, and is four bytes: most nodes are leaves, and a leaf's label is read
//! from the rule it names. Both hold the best prefix rule of the walk that ends
//! on them, decided when the tables were built.
//!
//! This module is the code generator's view of a policy. It is not a stable API:
//! `robots-runtime` exposes it only as `#[doc(hidden)] __private`.

use crate::ids::{GroupId, NodeId, RuleId, SetId};
pub use zerocopy::little_endian::{U16, U32, U64};
use zerocopy::{FromBytes, Immutable, IntoBytes, KnownLayout, Unaligned};

/// "None" in `u32` index fields (the one "none" of the typed indices, see
/// [`ids`](crate::ids)).
pub const NONE: u32 = crate::ids::NONE;

/// The longest [`Anchor`] literal. The search's filter reads a path a few bytes
/// a step, as many as its root's shortest anchor allows (see `search::anchors`);
/// a root with very many rules keeps them to four bytes (see the table builder,
/// `tables::derive`), which keeps its automaton small.
pub const ANCHOR_MAX_LEN: u32 = 8;

/// An inner node's label is longer than eight bytes or holds a NUL: its `label`
/// is its span of the text (see [`Label`]).
pub const NODE_LONG: u32 = 1 << 27;
/// The node has wildcard rules to test (in [`Tables::node_wild`](crate::tables::view::Tables::node_wild)).
pub const NODE_WILD: u32 = 1 << 28;
/// The node's other wildcard rules are filed under anchors of its root
/// (in [`Tables::wild_roots`](crate::tables::view::Tables::wild_roots)).
pub const NODE_INDEXED: u32 = 1 << 29;
/// A path that ends on the node has a better rule than its prefix rule (in [`Tables::exact`](crate::tables::view::Tables::exact)).
pub const NODE_EXACT: u32 = 1 << 30;
/// An inner node with all 256 edge bytes (its wide block has no "absent" entry).
pub const NODE_FULL: u32 = 1 << 31;
/// The number of children in an inner node's `shape`.
pub const SHAPE_EDGES_MASK: u32 = 0x1FF;
/// Where the number of inner children starts in an inner node's `shape`.
pub const SHAPE_INNER_SHIFT: u32 = 9;
/// The bits of an inner node's `shape` that mean nothing (zero).
pub const SHAPE_RESERVED: u32 = !(SHAPE_EDGES_MASK
    | SHAPE_EDGES_MASK << SHAPE_INNER_SHIFT
    | NODE_LONG
    | NODE_WILD
    | NODE_INDEXED
    | NODE_EXACT
    | NODE_FULL);

/// How an inner node's label is stored in its eight-byte `label` field: a label of at
/// most eight bytes and no NUL is the bytes themselves, little-endian and
/// zero-filled, so its length is where the zero bytes start (one word compare
/// matches it, with no other read); any other label (with [`NODE_LONG`]) is
/// its span of the text, the start in the low half and the length in the high
/// half.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Label {
    /// The bytes, inline.
    Inline(u64),
    /// A span of the text.
    Long(Span),
}

impl Label {
    /// The label stored as `field`, with the node's `long` flag.
    #[inline]
    pub fn of(field: u64, long: bool) -> Label {
        if long {
            Label::Long(Span::new(field as u32, (field >> 32) as u32))
        } else {
            Label::Inline(field)
        }
    }

    /// The `label` field and the [`NODE_LONG`] flag that store `bytes`, which
    /// are `span` of the text.
    pub fn encode(bytes: &[u8], span: Span) -> (u64, u32) {
        if bytes.len() > 8 || bytes.contains(&0) {
            let field = u64::from(span.start.get()) | u64::from(span.len.get()) << 32;
            (field, NODE_LONG)
        } else {
            let mut word = [0u8; 8];
            for (slot, &b) in word.iter_mut().zip(bytes) {
                *slot = b;
            }
            (u64::from_le_bytes(word), 0)
        }
    }

    /// Whether the label is empty (only a root's is).
    pub fn is_empty(self) -> bool {
        match self {
            Label::Inline(word) => word == 0,
            Label::Long(span) => span.len.get() == 0,
        }
    }
}

/// The rule part of a leaf's `info`.
pub const LEAF_RULE_MASK: u32 = (1 << 27) - 1;
/// The leaf's best prefix rule is its parent's, not its rule.
pub const LEAF_INHERIT: u32 = 1 << 31;

/// The most rules a policy holds: a leaf names its rule in 27 bits. The input
/// cap ([`MAX_INPUT_BYTES`](crate::document::MAX_INPUT_BYTES), 512 MiB) keeps
/// every policy far below it: a rule line has at least eight bytes, and a line
/// makes at most two rules.
pub const RULE_COUNT_MAX: usize = 1 << 27;

/// Marks a leaf in a node key of [`Tables::exact`](crate::tables::view::Tables::exact) and [`Tables::node_wild`](crate::tables::view::Tables::node_wild)
/// (inner nodes are their index, leaves their index with this bit).
pub const LEAF_KEY: u32 = 1 << 31;

/// The rule's directive is `Allow` (in [`RuleRecord::info`]).
pub const RULE_ALLOW: u32 = 1 << 31;
/// The rule is Google's `index.htm` alias of an `Allow` line.
pub const RULE_DERIVED: u32 = 1 << 30;
/// A final `$` anchors the rule.
pub const RULE_ANCHORED: u32 = 1 << 29;
/// The rule has a [`RuleExtra`]: its priority is not its pattern's length, its
/// segments are not its pattern alone, or its length or column does not fit
/// the record. Its record's length and column bits then hold the extra's
/// number ([`RULE_EXTRA_MASK`]).
pub const RULE_COMPLEX: u32 = 1 << 28;
/// The number of a complex rule's [`RuleExtra`], in [`RuleRecord::info`].
pub const RULE_EXTRA_MASK: u32 = RULE_COMPLEX - 1;
/// Where the column starts in [`RuleRecord::info`].
pub const RULE_COLUMN_SHIFT: u32 = 20;
/// The column part of [`RuleRecord::info`] (after the shift): a column this
/// large or larger is in the rule's [`RuleExtra`].
pub const RULE_COLUMN_MAX: u32 = 0xFF;
/// The length part of [`RuleRecord::info`]: a length this large or larger is in
/// the rule's [`RuleExtra`].
pub const RULE_LEN_MAX: u32 = (1 << RULE_COLUMN_SHIFT) - 1;

/// A table record: plain little-endian fields, no padding, read in place.
macro_rules! record {
    ($(#[$meta:meta])* pub struct $name:ident { $($(#[$fmeta:meta])* pub $field:ident: $ty:ty,)* }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, FromBytes, IntoBytes, KnownLayout, Immutable, Unaligned)]
        #[repr(C)]
        pub struct $name { $($(#[$fmeta])* pub $field: $ty,)* }
    };
}
pub(crate) use record;

record! {
    /// A range of a table, as `start..start + len`.
    pub struct Span {
        /// First index.
        pub start: U32,
        /// Number of elements.
        pub len: U32,
    }
}

impl Span {
    /// The empty span.
    pub const EMPTY: Span = Span::new(0, 0);

    /// The span `start..start + len`.
    #[inline]
    pub const fn new(start: u32, len: u32) -> Span {
        Span {
            start: U32::new(start),
            len: U32::new(len),
        }
    }

    /// The span as a `usize` range.
    #[inline]
    pub fn range(self) -> core::ops::Range<usize> {
        let start = self.start.get() as usize;
        start..start + self.len.get() as usize
    }

    /// The span's elements of `table`. An empty span may start anywhere and
    /// reads nothing.
    ///
    /// # Panics
    /// With a message starting "bug:" if a non-empty span runs past `table`:
    /// tables are self-built or validated ([`validate`](super::validate)) before
    /// they are read, so this is a broken invariant, never a property of input
    /// (an empty answer would drop rules, and so allow what they disallow).
    #[inline]
    #[track_caller]
    pub fn of<T>(self, table: &[T]) -> &[T] {
        match table.get(self.range()) {
            Some(part) => part,
            None if self.len.get() == 0 => &[],
            None => span_past_table(self, table.len()),
        }
    }
}

#[cold]
#[inline(never)]
#[track_caller]
fn span_past_table(span: Span, len: usize) -> ! {
    panic!(
        "bug: span {}..+{} past a table of {len}",
        span.start.get(),
        span.len.get()
    )
}

record! {
    /// A trie node with children.
    pub struct Inner {
        /// The label (see [`Label`]; empty for a root).
        pub label: U64,
        /// The edge bytes when there are at most eight (zero-filled, inner children
        /// first, in the order of their numbers); with more, the byte offset of the
        /// node's wide block in [`Tables::wide`](crate::tables::view::Tables::wide): `lo`, `hi`, then for each byte of
        /// `lo..=hi` its child's position plus one (0: no edge), or, for a
        /// [`NODE_FULL`] node (every byte has an edge), its position.
        pub edges: U64,
        /// The first inner child (in [`Tables::inners`](crate::tables::view::Tables::inners)).
        pub first_inner: U32,
        /// The first leaf child (in [`Tables::leaves`](crate::tables::view::Tables::leaves)).
        pub first_leaf: U32,
        /// The best prefix rule of a walk that ends here, or [`NONE`].
        pub best: U32,
        /// The number of children ([`SHAPE_EDGES_MASK`]), of inner children
        /// (from [`SHAPE_INNER_SHIFT`]; they come first), and the `NODE_*` flags.
        pub shape: U32,
    }
}

impl Inner {
    /// Its label.
    #[inline]
    pub fn label(&self) -> Label {
        Label::of(self.label.get(), self.shape.get() & NODE_LONG != 0)
    }

    /// The number of children.
    #[inline]
    pub fn edge_count(&self) -> usize {
        (self.shape.get() & SHAPE_EDGES_MASK) as usize
    }

    /// The number of inner children (they come first).
    #[inline]
    pub fn inner_count(&self) -> usize {
        ((self.shape.get() >> SHAPE_INNER_SHIFT) & SHAPE_EDGES_MASK) as usize
    }

    /// The node flags ([`NODE_WILD`], [`NODE_INDEXED`], [`NODE_EXACT`], [`NODE_FULL`]).
    #[inline]
    pub fn flags(&self) -> u32 {
        self.shape.get() & (NODE_WILD | NODE_INDEXED | NODE_EXACT | NODE_FULL)
    }

    /// The best prefix rule of a walk that ends here, or [`RuleId::NONE`].
    #[inline(always)]
    pub(crate) fn best_rule(&self) -> RuleId {
        RuleId(self.best.get())
    }

    /// Its inner child at `at` (inner children come first).
    #[inline(always)]
    pub(crate) fn inner_child(&self, at: usize) -> NodeId {
        NodeId(self.first_inner.get().wrapping_add(at as u32))
    }
}

record! {
    /// A trie node without children: most nodes. A leaf is where some rule's
    /// first segment ends, and says which ([`LEAF_RULE_MASK`]): its best prefix
    /// rule is that rule, or (with [`LEAF_INHERIT`]) its parent's.
    ///
    /// A leaf keeps no label: the walk that reaches it has read the path up to
    /// its parent, as far as that rule's first segment, so its label is the
    /// rest of that segment (the text the rule already points at). Most nodes
    /// are leaves, so this takes a third off the nodes' bytes (over the
    /// corpus), for two more reads where a walk ends in a leaf: the rule's
    /// record and its text.
    pub struct Leaf {
        /// The rule, with [`LEAF_INHERIT`] and the node flags ([`NODE_WILD`],
        /// [`NODE_INDEXED`], [`NODE_EXACT`]) above it.
        pub info: U32,
    }
}

/// The bits of a leaf's `info` that mean nothing (zero).
pub const LEAF_RESERVED: u32 = NODE_LONG;

impl Leaf {
    /// The rule whose first segment ends here.
    #[inline(always)]
    pub fn rule(&self) -> RuleId {
        RuleId(self.info.get() & LEAF_RULE_MASK)
    }

    /// The node flags ([`NODE_WILD`], [`NODE_INDEXED`], [`NODE_EXACT`]).
    #[inline]
    pub fn flags(&self) -> u32 {
        self.info.get() & (NODE_WILD | NODE_INDEXED | NODE_EXACT)
    }
}

record! {
    /// A rule of a node side table: the node's key and a rule.
    pub struct NodeRule {
        /// The node: an inner index, or a leaf index with [`LEAF_KEY`].
        pub node: U32,
        /// The rule.
        pub rule: U32,
    }
}

record! {
    /// The wildcard rules of a node, best rank first (a range of [`Tables::wild_rules`](crate::tables::view::Tables::wild_rules)).
    pub struct NodeWild {
        /// The node: an inner index, or a leaf index with [`LEAF_KEY`].
        pub node: U32,
        /// Its wildcard rules.
        pub rules: Span,
    }
}

record! {
    /// A rule as compiled, in eight bytes: where its pattern is and how it
    /// matches. Most rules say all in it: their priority is their pattern's
    /// length and their one literal segment is their pattern (less a final
    /// `$`). The others ([`RULE_COMPLEX`]) have a [`RuleExtra`] besides, whose
    /// number the record holds in place of the length and column. Its line is
    /// kept apart ([`Lines`](crate::tables::lines::Lines)): no check reads it.
    pub struct RuleRecord {
        /// Where the pattern as written starts in the text.
        pub pattern: U32,
        /// The `RULE_*` flags, and below them either the pattern's length
        /// (below [`RULE_LEN_MAX`]) and its 1-based column (from
        /// [`RULE_COLUMN_SHIFT`], below [`RULE_COLUMN_MAX`]), or for a complex
        /// rule the number of its [`RuleExtra`].
        pub info: U32,
    }
}

impl RuleRecord {
    /// Whether it is an `Allow` rule.
    #[inline]
    pub fn allow(&self) -> bool {
        self.info.get() & RULE_ALLOW != 0
    }

    /// Whether it is Google's `index.htm` alias of an `Allow` line.
    #[inline]
    pub fn derived(&self) -> bool {
        self.info.get() & RULE_DERIVED != 0
    }

    /// Whether a final `$` anchors it.
    #[inline]
    pub fn anchored(&self) -> bool {
        self.info.get() & RULE_ANCHORED != 0
    }

    /// Whether it has a [`RuleExtra`].
    #[inline]
    pub fn complex(&self) -> bool {
        self.info.get() & RULE_COMPLEX != 0
    }

    /// The pattern's length (for a rule that is not complex).
    #[inline]
    pub fn short_len(&self) -> u32 {
        self.info.get() & RULE_LEN_MAX
    }

    /// The column (for a rule that is not complex).
    #[inline]
    pub fn short_column(&self) -> u32 {
        (self.info.get() >> RULE_COLUMN_SHIFT) & RULE_COLUMN_MAX
    }

    /// The number of its [`RuleExtra`], for a complex rule.
    #[inline]
    pub fn extra(&self) -> Option<usize> {
        let info = self.info.get();
        (info & RULE_COMPLEX != 0).then_some((info & RULE_EXTRA_MASK) as usize)
    }
}

record! {
    /// What a complex rule's record does not say.
    pub struct RuleExtra {
        /// The rule's specificity (octets), as the profile counts them.
        pub priority: U32,
        /// Where its literal segments start in [`Tables::segments`](crate::tables::view::Tables::segments); they run to
        /// the next extra's start (extras are in rule order). With none there,
        /// its one segment is its pattern without a final `$`.
        pub segments: U32,
        /// The pattern's length.
        pub len: U32,
        /// The 1-based column of the pattern.
        pub column: U32,
    }
}

/// A rule's record and extra read together: everything it says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleFields {
    /// 1-based line.
    pub line: u32,
    /// 1-based byte column of the pattern.
    pub column: u32,
    /// The pattern as written (a range of the text).
    pub pattern: Span,
    /// Specificity (octets), as the profile counts them.
    pub priority: u32,
    /// `Allow`.
    pub allow: bool,
    /// Google's `index.htm` alias.
    pub derived: bool,
    /// A final `$`.
    pub anchored: bool,
}

record! {
    /// A set of rules that applies to some crawlers: the union of one or more groups.
    pub struct RuleSet {
        /// The trie roots to walk (a range of [`Tables::set_roots`](crate::tables::view::Tables::set_roots)).
        pub roots: Span,
        /// The groups it merges (a range of [`Tables::set_groups`](crate::tables::view::Tables::set_groups)).
        pub groups: Span,
    }
}

record! {
    /// A trie a rule set walks, and what to add to the rule numbers it gives.
    ///
    /// A group that repeats an earlier group's rules (a file that writes the
    /// same rules under several crawlers' groups) walks that group's trie
    /// instead of one of its own: its rules are the earlier group's, in the
    /// same order, `shift` rules further on. Ranks follow rule numbers in the
    /// same order, so the walk finds the same best rule, shifted.
    pub struct SetRoot {
        /// The root (an inner node).
        pub root: U32,
        /// Added to every rule number the trie holds (0: the trie is the set's
        /// own). Every rule number of the trie, shifted, names a rule
        /// ([`validate`](super::validate) proves it of bytes from outside).
        pub shift: U32,
    }
}

impl SetRoot {
    /// The root.
    #[inline(always)]
    pub(crate) fn node(self) -> NodeId {
        NodeId(self.root.get())
    }
}

record! {
    /// A crawler name the file mentions, and the rule set it selects.
    pub struct AgentEntry {
        /// The name as matched (lower case; for `google`, cut to a product token).
        pub name: Span,
        /// The rule set it selects.
        pub set: U32,
        /// 1 for `*`.
        pub any: u8,
    }
}

impl AgentEntry {
    /// The rule set it selects.
    #[inline]
    pub(crate) fn set_id(&self) -> SetId {
        SetId(self.set.get())
    }
}

record! {
    /// A group as written.
    pub struct GroupRecord {
        /// 1-based line of its first user-agent line.
        pub line: U32,
        /// Its user-agent lines (a range of [`Tables::group_agents`](crate::tables::view::Tables::group_agents)).
        pub agents: Span,
        /// Its rules (a range of [`Tables::rules`](crate::tables::view::Tables::rules)), in file order.
        pub rules: Span,
    }
}

record! {
    /// One user-agent line of a group, as written.
    pub struct GroupAgentRecord {
        /// 1-based line.
        pub line: U32,
        /// The value as written (a range of the text).
        pub value: Span,
    }
}

/// How many directives there are: an [`ExtensionRecord`]'s `directive` is
/// below it (the compiler holds it to `parse::Directive::ALL`).
pub const DIRECTIVE_COUNT: u8 = 18;

record! {
    /// An extension record (crawl-delay, sitemap, …): its line and value as written.
    /// The typed value is parsed from the text when asked for.
    pub struct ExtensionRecord {
        /// Which directive (its number in `Directive::ALL`).
        pub directive: u8,
        /// 1-based line.
        pub line: U32,
        /// The owning group, or [`NONE`] for file-wide records.
        pub group: U32,
        /// The value as written (a range of the text).
        pub value: Span,
    }
}

impl ExtensionRecord {
    /// The owning group, or `None` for a file-wide record.
    #[inline]
    pub(crate) fn group_id(&self) -> Option<GroupId> {
        GroupId(self.group.get()).some()
    }

    /// Make it a record of `group`, or (with `None`) a file-wide one.
    #[inline]
    pub(crate) fn set_group(&mut self, group: Option<GroupId>) {
        self.group = U32::new(group.unwrap_or(GroupId::NONE).as_u32());
    }
}

record! {
    /// The anchors of one trie root: the wildcard rules of its nodes with many,
    /// filed under literals they must contain (see [`Anchor`]).
    pub struct WildRoot {
        /// The root (an inner node).
        pub root: U32,
        /// Its anchors (a range of [`Tables::anchors`](crate::tables::view::Tables::anchors)), in byte order, none a
        /// prefix of another.
        pub anchors: Span,
    }
}

record! {
    /// A literal that each rule filed under it must contain after its first
    /// segment: a path without it cannot match them. A check finds the anchors its
    /// path contains with one automaton per root (built from these literals the
    /// first time it is needed, see [`search::anchors`](crate::search)), then tests
    /// only their rules.
    pub struct Anchor {
        /// The literal (a range of the text), not empty.
        pub literal: Span,
        /// Its rules (a range of [`Tables::anchor_rules`](crate::tables::view::Tables::anchor_rules)), best rank first.
        pub rules: Span,
    }
}

record! {
    /// Where the parse cap cut the input: [`Truncation`](crate::parse::Truncation) as stored.
    pub struct TruncationRecord {
        /// The cap in bytes.
        pub max_bytes: U64,
        /// The input's real length.
        pub input_len: U64,
        /// The first line not wholly read.
        pub first_ignored_line: U32,
    }
}
