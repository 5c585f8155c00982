//! Tables derived from the finished tries that make a check cheap.
//!
//! The trie builder gives nodes in one flat numbering; this module writes them
//! as the search reads them ([`Inner`] and [`Leaf`] records) and adds:
//!
//! - **The best literal rule per node** (`best` in each record): every plain prefix
//!   rule on the way from a root to a node matches any path that reaches the node,
//!   so the best of them is known in advance. A walk then only follows edges and
//!   reads one field where it stops: no rank comparisons on the way. A wildcard
//!   rule whose remaining segments are all empty (`/fish*`, `/a*$`) is a prefix
//!   rule in disguise and is counted here too. The few nodes where a path ending
//!   exactly there has a better (`$`) rule are listed in `exact`.
//! - **Anchors of wildcard rules per root** ([`WildRoot`], [`Anchor`]): a wildcard rule
//!   can only match a path that contains each of its later segments. The rules of nodes
//!   with many wildcard rules (`/*search*`, `*/store/checkout`, … under one node) are
//!   each filed under an anchor, the first [`ANCHOR_MAX_LEN`] bytes of their longest
//!   later segment. A check runs one automaton over its path that finds which
//!   anchors occur (the search builds it from these literals the first time it
//!   needs it), and tests only their rules: its cost follows the path and the
//!   anchors found, not the number of wildcard rules. A literal that starts with
//!   another one is merged into it, so that no anchor is a prefix of another.
//! - **Edges inline**: a node's first eight label bytes and (for up to eight
//!   children) its edge bytes are in its record, so one step of a walk reads one
//!   record, finds the edge with a few word operations and compares the label as
//!   one word. A node with more children has a block in `wide` mapping each byte
//!   of its range to its child.
//!
//! Rules whose later segments are all shorter than two bytes (`/*.`, `/a*b`), and those
//! of nodes with only a few wildcard rules, stay on their trie node (`node_wild`): the
//! walk notes the node and its rules are tested after it.

use crate::compile::builder::{span_of, CompiledRule};
use crate::compile::trie::Node;
use crate::ids::{index, BuiltNode, NodeKey, RuleId};
use crate::sort::{bytes_prefix, sort_by_packed, sort_by_prefix};
use crate::tables::layout::{
    Anchor, Inner, Label, Leaf, NodeRule, NodeWild, SetRoot, Span, WildRoot, ANCHOR_MAX_LEN,
    LEAF_INHERIT, LEAF_KEY, LEAF_RULE_MASK, NODE_EXACT, NODE_FULL, NODE_INDEXED, NODE_WILD,
    RULE_COUNT_MAX, SHAPE_EDGES_MASK, SHAPE_INNER_SHIFT, U32, U64,
};
use alloc::vec::Vec;

/// Nodes with fewer indexable wildcard rules keep them (a walk tests them where
/// it meets them). One rule alone is cheaper to search for than to scan the path
/// for; from two on, the anchors pay (measured over the corpus: with 2, 4 and 8,
/// the mean check 37.7, 37.4 and 38.7 ns and the worst file 7.6, 9.8 and 9.9 ×
/// the bytewise floor).
const NODE_INDEX_MIN: usize = 2;

/// A root with up to this many indexed rules gets anchors of up to
/// [`ANCHOR_MAX_LEN`] bytes: the search's filter reads a path in steps as long
/// as the root's shortest anchor allows, and looks the few anchors up in a hash
/// table. One with more gets anchors of [`SHORT_ANCHOR_LEN`] bytes, found by an
/// automaton whose size follows the anchors' bytes.
const LONG_ANCHORS_MAX: usize = 256;

/// The longest anchor of a root with more than [`LONG_ANCHORS_MAX`] indexed rules.
const SHORT_ANCHOR_LEN: u32 = 4;

/// The tables this module derives; see the module docs.
#[derive(Default)]
pub(crate) struct SearchTables {
    pub inners: Vec<Inner>,
    pub leaves: Vec<Leaf>,
    pub wide: Vec<u8>,
    pub exact: Vec<NodeRule>,
    pub node_wild: Vec<NodeWild>,
    pub wild_rules: Vec<U32>,
    /// Each set root's inner node and rule shift, in the order of the
    /// builder's `set_roots`.
    pub set_roots: Vec<SetRoot>,
    pub wild_roots: Vec<WildRoot>,
    pub anchors: Vec<Anchor>,
    pub anchor_rules: Vec<U32>,
}

/// What the trie builder produced (besides the nodes and edge bytes, which
/// [`derive()`] takes over), and what the rules say.
pub(crate) struct Tries<'a> {
    pub edge_targets: &'a [BuiltNode],
    pub wild_rules: &'a [RuleId],
    /// Each set's tries: the builder's root and its rule shift.
    pub set_roots: &'a [(BuiltNode, u32)],
    pub rules: &'a [CompiledRule],
    pub segments: &'a [Span],
    pub text: &'a [u8],
}

/// How a wildcard rule is served.
enum WildKind {
    /// Later segments all empty: a prefix rule.
    Prefix,
    /// Has a later segment of two bytes or more: filed under an anchor when its node has many.
    Indexed,
    /// Tested on its node after the walk.
    OnNode,
}

impl Tries<'_> {
    fn rank(&self, id: RuleId) -> u64 {
        self.rules.get(id.as_usize()).map_or(0, |r| r.rank)
    }

    fn tail(&self, id: RuleId) -> impl Iterator<Item = &[u8]> + '_ {
        let segments = self
            .rules
            .get(id.as_usize())
            .map_or(&[][..], |r| r.segments.of(self.segments));
        segments
            .get(1..)
            .unwrap_or_default()
            .iter()
            .map(|s| s.of(self.text))
    }

    /// Rule `id`'s segments (as bytes) and whether a `$` ends it: what decides
    /// which paths it matches.
    fn matching(&self, id: RuleId) -> (impl Iterator<Item = &[u8]> + '_, bool) {
        let rule = self.rules.get(id.as_usize());
        let segments = rule.map_or(&[][..], |r| r.segments.of(self.segments));
        (
            segments.iter().map(|s| s.of(self.text)),
            rule.is_some_and(|r| r.anchored),
        )
    }

    /// Keep only the best-ranked of `rules` that match the same paths (a file
    /// that repeats a group's rules under many agents' groups, or a line
    /// written twice): the others can never be the best rule, and a check would
    /// test each in turn.
    fn drop_repeats(&self, rules: &mut Vec<RuleId>) {
        let same = |a: RuleId, b: RuleId| {
            let ((x, x_anchored), (y, y_anchored)) = (self.matching(a), self.matching(b));
            x_anchored == y_anchored && x.eq(y)
        };
        // (The first digit: the first eight bytes of the first segment.)
        let prefix = |&id: &RuleId| bytes_prefix(self.matching(id).0.next().unwrap_or_default());
        sort_by_prefix(rules, prefix, |&a, &b| {
            let ((x, x_anchored), (y, y_anchored)) = (self.matching(a), self.matching(b));
            x.cmp(y)
                .then(x_anchored.cmp(&y_anchored))
                .then(self.rank(b).cmp(&self.rank(a)))
        });
        rules.dedup_by(|later, kept| same(*later, *kept));
    }

    fn kind(&self, id: RuleId) -> WildKind {
        if self.tail(id).all(<[u8]>::is_empty) {
            WildKind::Prefix
        } else if self.tail(id).any(|s| s.len() >= 2) {
            WildKind::Indexed
        } else {
            WildKind::OnNode
        }
    }

    /// The literals an indexed rule's anchor is chosen from, each of which
    /// every path it matches contains: each later segment of two bytes or more,
    /// whole if it has at most `max` bytes, else each of its windows of that many
    /// bytes.
    fn windows(&self, id: RuleId, max: u32) -> impl Iterator<Item = Span> + '_ {
        let segments = self
            .rules
            .get(id.as_usize())
            .map_or(&[][..], |r| r.segments.of(self.segments));
        segments
            .get(1..)
            .unwrap_or_default()
            .iter()
            .filter(|s| s.len.get() >= 2)
            .flat_map(move |s| {
                let (start, len) = (s.start.get(), s.len.get());
                let window = len.min(max);
                (start..=start + (len - window)).map(move |at| Span::new(at, window))
            })
    }
}

/// Rule ranks as [`derive()`] reads them: in trie order, not rule order. A few are
/// read from the rule records; past that (a file with `Disallow: /` compares every
/// rule with it) from one compact table, eight bytes a rule, which stays in cache
/// where the records would not.
struct Ranks<'a> {
    rules: &'a [CompiledRule],
    table: Vec<u64>,
    asked: usize,
}

impl Ranks<'_> {
    /// Reads from the records before the table is made.
    const BEFORE_TABLE: usize = 256;

    fn get(&mut self, id: RuleId) -> u64 {
        if self.table.is_empty() {
            self.asked += 1;
            if self.asked <= Self::BEFORE_TABLE {
                return self.rules.get(id.as_usize()).map_or(0, |r| r.rank);
            }
            self.table = self.rules.iter().map(|r| r.rank).collect();
        }
        self.table.get(id.as_usize()).copied().unwrap_or(0)
    }
}

/// The record of an inner node not yet written (a default to resize with).
const NO_INNER: Inner = Inner {
    label: U64::new(0),
    edges: U64::new(0),
    first_inner: U32::new(0),
    first_leaf: U32::new(0),
    best: U32::new(RuleId::NONE.as_u32()),
    shape: U32::new(0),
};

/// The record of a leaf not yet written.
const NO_LEAF: Leaf = Leaf { info: U32::new(0) };

/// The record of a leaf: `node`, whose parent's best prefix rule is
/// `from_parent` and whose own is `best`, with the node `flags`.
///
/// A leaf names one rule whose first segment ends at it (a leaf exists only
/// where a key ends): the search reads the leaf's label from that segment. Its
/// best rule is either the parent's or one of the rules ending here; in the
/// second case it is the one named.
fn leaf_record(t: &Tries<'_>, node: &Node, from_parent: RuleId, best: RuleId, flags: u32) -> Leaf {
    let (rule, inherit) = if best != from_parent {
        (best, 0)
    } else {
        let ending = [node.prefix_rule, node.exact_rule]
            .into_iter()
            .chain(node.wild.of(t.wild_rules).iter().copied())
            .find_map(RuleId::some)
            .unwrap_or(RuleId::NONE);
        (ending, LEAF_INHERIT)
    };
    debug_assert!(!rule.is_none(), "a leaf where no key ends");
    debug_assert!(rule.as_usize() < RULE_COUNT_MAX);
    Leaf {
        info: U32::new(
            (rule.as_u32() & LEAF_RULE_MASK)
                | inherit
                | (flags & (NODE_WILD | NODE_INDEXED | NODE_EXACT)),
        ),
    }
}

/// The key of inner node `n` (see [`NodeKey`]).
fn inner_key(n: usize) -> NodeKey {
    NodeKey(index(n))
}

/// The key of leaf `n` (see [`NodeKey`]).
fn leaf_key(n: usize) -> NodeKey {
    NodeKey(index(n) | LEAF_KEY)
}

/// The leaf `key` names, if it names one (else an inner node).
fn leaf_of(key: NodeKey) -> Option<usize> {
    (key.as_u32() & LEAF_KEY != 0).then_some((key.as_u32() & !LEAF_KEY) as usize)
}

/// Put `value` at `at` in `table`, growing it with `fill` as needed.
fn put<T: Copy>(table: &mut Vec<T>, at: usize, value: T, fill: T) {
    if table.len() <= at {
        table.resize(at + 1, fill);
    }
    if let Some(slot) = table.get_mut(at) {
        *slot = value;
    }
}

/// Derive the search tables (see the module docs) from the built tries, in one
/// pass over each trie's nodes.
///
/// Each trie's nodes are numbered from its root on, a parent before its
/// children, so one pass in number order sees every node after its parent:
/// the parent hands each child the best prefix rule above it and the child's
/// new number (inner children first, then leaves, each kind numbered
/// consecutively), and the node's record is written where its number says.
pub(crate) fn derive(t: Tries<'_>, nodes: Vec<Node>, edge_bytes: Vec<u8>) -> SearchTables {
    let mut out = SearchTables::default();
    let node_count = nodes.len();
    let mut ranks = Ranks {
        rules: t.rules,
        table: Vec::new(),
        asked: 0,
    };
    // The better of two rules (none loses); ranks are read only when both are rules.
    let mut better = |a: RuleId, b: RuleId| -> RuleId {
        if b.is_none() {
            a
        } else if a.is_none() || ranks.get(b) > ranks.get(a) {
            b
        } else {
            a
        }
    };
    // For each node: its new key and the best prefix rule above it, both
    // written by its parent.
    let mut keys: Vec<NodeKey> = alloc::vec![NodeKey::NONE; node_count];
    let mut inherited: Vec<RuleId> = alloc::vec![RuleId::NONE; node_count];
    let mut roots: Vec<BuiltNode> = t.set_roots.iter().map(|&(root, _)| root).collect();
    sort_by_packed(&mut roots, |root| u128::from(root.0));
    roots.dedup();
    for (k, &root) in roots.iter().enumerate() {
        if let Some(key) = keys.get_mut(root.as_usize()) {
            *key = inner_key(k);
        }
    }
    let (mut inner_next, mut leaf_next) = (roots.len(), 0usize);
    out.inners.reserve(node_count / 3 + roots.len());
    out.leaves.reserve(node_count);
    let mut indexed: Vec<RuleId> = Vec::new();
    let mut kinds: Vec<WildKind> = Vec::new();
    let mut wide_children: Vec<(u8, NodeKey)> = Vec::new();
    for (r, &root) in roots.iter().enumerate() {
        let end = roots.get(r + 1).map_or(node_count, |next| next.as_usize());
        indexed.clear();
        for id in root.as_usize()..end {
            let (Some(node), Some(&key)) = (nodes.get(id), keys.get(id)) else {
                break;
            };
            if key.is_none() {
                // Not reached from a root (the builder makes none such).
                continue;
            }
            let from_parent = inherited.get(id).copied().unwrap_or(RuleId::NONE);
            let mut prefix = better(from_parent, node.prefix_rule);
            let mut flags = 0;
            if node.wild.len.get() != 0 {
                let wild = node.wild.of(t.wild_rules);
                kinds.clear();
                kinds.extend(wild.iter().map(|&rule| t.kind(rule)));
                // Few wildcard rules are cheaper to test where the walk meets them.
                let heavy = kinds
                    .iter()
                    .filter(|k| matches!(k, WildKind::Indexed))
                    .count()
                    >= NODE_INDEX_MIN;
                let start = out.wild_rules.len();
                for (&rule, kind) in wild.iter().zip(&kinds) {
                    match kind {
                        WildKind::Prefix => prefix = better(prefix, rule),
                        WildKind::Indexed if heavy => indexed.push(rule),
                        WildKind::Indexed | WildKind::OnNode => {
                            out.wild_rules.push(U32::new(rule.as_u32()));
                        }
                    }
                }
                if out.wild_rules.len() > start {
                    flags |= NODE_WILD;
                    out.node_wild.push(NodeWild {
                        node: U32::new(key.as_u32()),
                        rules: span_of(start, out.wild_rules.len()),
                    });
                }
                if heavy {
                    flags |= NODE_INDEXED;
                }
            }
            let exact = better(prefix, node.exact_rule);
            if exact != prefix {
                flags |= NODE_EXACT;
                out.exact.push(NodeRule {
                    node: U32::new(key.as_u32()),
                    rule: U32::new(exact.as_u32()),
                });
            }
            if let Some(leaf) = leaf_of(key) {
                let record = leaf_record(&t, node, from_parent, prefix, flags);
                put(&mut out.leaves, leaf, record, NO_LEAF);
                continue;
            }
            // The children: their new numbers (inner ones first), the best prefix
            // rule above them, and their edge bytes in that order.
            let targets = node.edges.of(t.edge_targets);
            let bytes = node.edges.of(&edge_bytes);
            let has_children = |child: BuiltNode| {
                nodes
                    .get(child.as_usize())
                    .is_some_and(|c| c.edges.len.get() != 0)
            };
            let (first_inner, first_leaf) = (inner_next, leaf_next);
            let many = targets.len() > 8;
            let mut edge_word = 0u64;
            let mut position = 0usize;
            wide_children.clear();
            for inner_pass in [true, false] {
                for (&child, &byte) in targets.iter().zip(bytes) {
                    if has_children(child) != inner_pass {
                        continue;
                    }
                    let child_key = if inner_pass {
                        inner_next += 1;
                        inner_key(inner_next - 1)
                    } else {
                        leaf_next += 1;
                        leaf_key(leaf_next - 1)
                    };
                    if let Some(slot) = keys.get_mut(child.as_usize()) {
                        *slot = child_key;
                    }
                    if let Some(slot) = inherited.get_mut(child.as_usize()) {
                        *slot = prefix;
                    }
                    if many {
                        wide_children.push((byte, child_key));
                    } else {
                        edge_word |= u64::from(byte) << (8 * position);
                    }
                    position += 1;
                }
            }
            if many {
                let full = wide_children.len() == 256;
                if full {
                    flags |= NODE_FULL;
                }
                edge_word = wide_block(&wide_children, full, &mut out.wide);
            }
            let (label, long) = Label::encode(node.label.of(t.text), node.label);
            // At most 256 children, each once: both counts fit their nine bits.
            let edges = index(targets.len()).min(SHAPE_EDGES_MASK);
            let inners = index(inner_next - first_inner).min(SHAPE_EDGES_MASK);
            let inner = Inner {
                label: U64::new(label),
                edges: U64::new(edge_word),
                first_inner: U32::new(index(first_inner)),
                first_leaf: U32::new(index(first_leaf)),
                best: U32::new(prefix.as_u32()),
                shape: U32::new(edges | inners << SHAPE_INNER_SHIFT | long | flags),
            };
            put(&mut out.inners, key.as_usize(), inner, NO_INNER);
        }
        if !indexed.is_empty() {
            t.drop_repeats(&mut indexed);
            let anchors = build_anchors(&t, &indexed, &mut out.anchors, &mut out.anchor_rules);
            out.wild_roots.push(WildRoot {
                // Roots are numbered first, in this order: the table is by root.
                root: U32::new(index(r)),
                anchors,
            });
        }
    }
    if out.inners.len() < roots.len() {
        out.inners.resize(roots.len(), NO_INNER);
    }
    sort_by_packed(&mut out.exact, |e| u128::from(e.node.get()));
    sort_by_packed(&mut out.node_wild, |e| u128::from(e.node.get()));
    out.set_roots = t
        .set_roots
        .iter()
        .map(|&(r, shift)| SetRoot {
            root: U32::new(
                keys.get(r.as_usize())
                    .copied()
                    .unwrap_or(NodeKey::NONE)
                    .as_u32(),
            ),
            shift: U32::new(shift),
        })
        .collect();
    out
}

/// Write the wide block of a node with `children` (edge byte, new key, in their
/// new order): `lo`, `hi`, then each byte of `lo..=hi` as its child's position
/// plus one (0: no edge), or for a full node its position. Returns its offset.
fn wide_block(children: &[(u8, NodeKey)], full: bool, wide: &mut Vec<u8>) -> u64 {
    let lo = children.iter().map(|&(b, _)| b).min().unwrap_or(0);
    let hi = children.iter().map(|&(b, _)| b).max().unwrap_or(0);
    let at = wide.len();
    wide.push(lo);
    wide.push(hi);
    let start = wide.len();
    wide.resize(start + usize::from(hi - lo) + 1, 0);
    for (position, &(byte, _)) in children.iter().enumerate() {
        let entry = if full { position } else { position + 1 };
        if let (Some(slot), Ok(entry)) = (
            wide.get_mut(start + usize::from(byte - lo)),
            u8::try_from(entry),
        ) {
            *slot = entry;
        }
    }
    at as u64
}

/// A literal of at most eight bytes as a number that sorts as the bytes do
/// (big-endian, zero-filled), with its length to tell `ab` from `ab\0`.
fn literal_key(bytes: &[u8]) -> (u64, usize) {
    let mut word = [0u8; 8];
    for (slot, &b) in word.iter_mut().zip(bytes) {
        *slot = b;
    }
    (u64::from_be_bytes(word), bytes.len())
}

/// A literal's key (as [`literal_key`]) as a sort key in the same order: its
/// eight bytes, then its length (at most [`ANCHOR_MAX_LEN`]). The bytes take
/// the high 64 bits of the packed key, where a sort of many keys reads them
/// with a radix sort ([`sort_by_packed`]).
fn literal_order((word, len): (u64, usize)) -> u128 {
    (u128::from(word) << 32) | (len.min(15) as u128)
}

/// A rule's sort key for "best rank first, then by number".
fn rank_order(t: &Tries<'_>, rule: RuleId) -> u128 {
    (u128::from(!t.rank(rule)) << 32) | u128::from(rule.as_u32())
}

/// Whether literal `a` (as [`literal_key`]) is a prefix of literal `b`.
fn is_prefix(a: (u64, usize), b: (u64, usize)) -> bool {
    let (a_len, b_len) = (a.1.min(8), b.1.min(8));
    if a_len > b_len {
        return false;
    }
    // The bits of `a`'s bytes, from the top.
    let mask = match a_len {
        0 => 0,
        n => u64::MAX << (64 - 8 * n),
    };
    (a.0 ^ b.0) & mask == 0
}

/// How good a literal is as an anchor, lower first: how many of the root's rules
/// contain it, its length (longer first), its `/` count, and the literal itself
/// (so that the choice does not depend on the order of the rules).
type AnchorScore = (usize, core::cmp::Reverse<usize>, usize, (u64, usize));

/// The anchor of each of `rules` (the indexed rules of one root's trie): of the
/// literals it could be ([`Tries::windows`]), the one the fewest of the rules
/// contain (a literal many rules share, such as a directory they all name, is
/// likely common in the site's paths too, and would have them all tested
/// whenever it occurs), then the longest, then the one with the fewest `/`.
fn choose_anchors(t: &Tries<'_>, rules: &[RuleId]) -> Vec<Span> {
    let max = if rules.len() > LONG_ANCHORS_MAX {
        SHORT_ANCHOR_LEN
    } else {
        ANCHOR_MAX_LEN
    };
    // Every (literal, rule) pair once, by literal.
    let mut all: Vec<((u64, usize), u32, Span)> = Vec::new();
    for (i, &rule) in rules.iter().enumerate() {
        let i = index(i);
        all.extend(
            t.windows(rule, max)
                .map(|w| (literal_key(w.of(t.text)), i, w)),
        );
    }
    // By literal; for each literal by rule, then by place (the order `all` was
    // written in: rule by rule, each rule's windows from its start on).
    sort_by_packed(&mut all, |&(key, _, _)| literal_order(key));
    all.dedup_by_key(|&mut (key, i, _)| (key, i));
    // For each rule, the best so far and its score (lower is better).
    let mut best: Vec<Option<(AnchorScore, Span)>> = alloc::vec![None; rules.len()];
    let mut rest = &all[..];
    while let Some(&(key, _, _)) = rest.first() {
        let shared = rest.iter().take_while(|&&(k, _, _)| k == key).count();
        let (same, after) = rest.split_at(shared);
        for &(_, i, w) in same {
            let slashes = w.of(t.text).iter().filter(|&&b| b == b'/').count();
            let score = (shared, core::cmp::Reverse(key.1), slashes, key);
            if let Some(slot) = best.get_mut(i as usize) {
                match slot {
                    Some((s, _)) if *s <= score => {}
                    _ => *slot = Some((score, w)),
                }
            }
        }
        rest = after;
    }
    best.into_iter()
        .map(|b| b.map_or(Span::EMPTY, |(_, w)| w))
        .collect()
}

/// File each of `rules` (the indexed rules of one root's trie) under its anchor,
/// writing the root's anchors (in byte order, each literal merged into the first
/// one that is its prefix) and their rules (best rank first). Returns the range
/// of `anchors` written.
fn build_anchors(
    t: &Tries<'_>,
    rules: &[RuleId],
    anchors: &mut Vec<Anchor>,
    anchor_rules: &mut Vec<U32>,
) -> Span {
    let mut filed: Vec<((u64, usize), Span, RuleId)> = choose_anchors(t, rules)
        .into_iter()
        .zip(rules)
        .map(|(literal, &rule)| (literal_key(literal.of(t.text)), literal, rule))
        .collect();
    // By literal, then best rank first.
    // (Two stable sorts: by rank and rule first, then by literal.)
    sort_by_packed(&mut filed, |&(_, _, rule)| rank_order(t, rule));
    sort_by_packed(&mut filed, |&(key, _, _)| literal_order(key));
    let start = anchors.len();
    let mut group: Vec<RuleId> = Vec::new();
    let mut rest = &filed[..];
    while let Some(&(key, literal, _)) = rest.first() {
        // Sorted, the literals that start with this one follow it.
        let merged = rest
            .iter()
            .position(|&(other, _, _)| !is_prefix(key, other))
            .unwrap_or(rest.len());
        let (mine, after) = rest.split_at(merged);
        group.clear();
        group.extend(mine.iter().map(|&(_, _, rule)| rule));
        if mine.iter().any(|&(other, _, _)| other != key) {
            sort_by_packed(&mut group, |&rule| rank_order(t, rule));
        }
        let first = anchor_rules.len();
        anchor_rules.extend(group.iter().map(|&rule| U32::new(rule.as_u32())));
        anchors.push(Anchor {
            literal,
            rules: span_of(first, anchor_rules.len()),
        });
        rest = after;
    }
    span_of(start, anchors.len())
}

#[cfg(test)]
mod tests;
