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
//! - **A pair index of wildcard rules per root** ([`WildIndex`]): a wildcard rule can only
//!   match a path that contains every byte pair of its later segments. The rules of nodes
//!   with many wildcard rules (`/*search*`, `*/store/checkout`, … under one node) are each
//!   filed under one of their pairs (a slot of a hashed bitmap); a check visits only the
//!   slots of the pairs its path has, so its cost follows the path and the candidates,
//!   not the number of wildcard rules. Each candidate carries a 64-bit signature of all
//!   its pairs, which rejects most of them with one `AND`.
//! - **Edges inline**: a node's first eight label bytes and (for up to eight
//!   children) its edge bytes are in its record, so one step of a walk reads one
//!   record, finds the edge with a few word operations and compares the label as
//!   one word. A node with more children has a block in `wide` mapping each byte
//!   of its range to its child.
//!
//! Rules whose later segments have no byte pair (`/*.`, `/a*b`), and those of nodes
//! with only a few wildcard rules, stay on their trie node (`node_wild`): the walk
//! notes the node and its rules are tested after it.

use crate::swar::word;
use crate::tables::layout::index;
use crate::tables::layout::{
    Inner, Leaf, NodeRule, NodeWild, Span as WireSpan, WildCandidate, WildIndex, LABEL_LEN_MASK,
    LEAF_KEY, NODE_EXACT, NODE_FULL, NODE_INDEXED, NODE_WILD, U16, U32, U64,
};
use crate::tables::staging::{Node, RuleRecord, Span, NONE};
use alloc::vec::Vec;

/// Hash bits of a byte pair that pick its slot in a path's pair set.
pub(crate) const PAIR_BITS: u32 = 10;

/// Nodes with fewer indexable wildcard rules keep them (a walk tests them where it meets them).
const NODE_INDEX_MIN: usize = 8;

/// The slot of a byte pair in a path's pair set (`0..1 << PAIR_BITS`): a few
/// instructions, as a check computes it for every pair of its path. `31a + b` keeps
/// every pair of two lower-case letters (or two digits) in a slot of its own.
#[inline]
pub(crate) fn pair_slot(a: u8, b: u8) -> usize {
    (usize::from(a) * 31 + usize::from(b)) & ((1 << PAIR_BITS) - 1)
}

/// The signature bit of a byte pair, from its slot: its bit within its word of the
/// pair set, so a path's signature is the OR of its pair set's words.
#[inline]
pub(crate) fn signature_bit(slot: usize) -> u64 {
    1 << (slot & 63)
}

fn wire_span(start: usize, end: usize) -> WireSpan {
    WireSpan::new(index(start), index(end.saturating_sub(start)))
}

/// The tables this module derives; see the module docs.
#[derive(Default)]
pub(crate) struct SearchTables {
    pub inners: Vec<Inner>,
    pub leaves: Vec<Leaf>,
    pub wide: Vec<u8>,
    pub exact: Vec<NodeRule>,
    pub node_wild: Vec<NodeWild>,
    pub wild_rules: Vec<U32>,
    /// Each set root's inner node, in the order of the builder's `set_roots`.
    pub set_roots: Vec<U32>,
    pub root_wild: Vec<WildIndex>,
    pub slot_words: Vec<U64>,
    pub slot_starts: Vec<U32>,
    pub wild_candidates: Vec<WildCandidate>,
}

/// What the trie builder produced (besides the nodes and edge bytes, which
/// [`derive`] takes over), and what the rules say.
pub(crate) struct Tries<'a> {
    pub edge_targets: &'a [u32],
    pub wild_rules: &'a [u32],
    pub set_roots: &'a [u32],
    pub rules: &'a [RuleRecord],
    pub segments: &'a [Span],
    pub text: &'a [u8],
}

/// How a wildcard rule is served.
enum WildKind {
    /// Later segments all empty: a prefix rule.
    Prefix,
    /// Has a byte pair in its later segments: filed in the pair index when its node has many.
    Indexed,
    /// Tested on its node after the walk.
    OnNode,
}

impl Tries<'_> {
    fn rank(&self, id: u32) -> u64 {
        self.rules.get(id as usize).map_or(0, |r| r.rank)
    }

    fn tail(&self, id: u32) -> impl Iterator<Item = &[u8]> + '_ {
        let segments = self
            .rules
            .get(id as usize)
            .map_or(&[][..], |r| r.segments.of(self.segments));
        segments
            .get(1..)
            .unwrap_or_default()
            .iter()
            .map(|s| s.of(self.text))
    }

    fn kind(&self, id: u32) -> WildKind {
        if self.tail(id).all(<[u8]>::is_empty) {
            WildKind::Prefix
        } else if self.tail(id).any(|s| s.len() >= 2) {
            WildKind::Indexed
        } else {
            WildKind::OnNode
        }
    }

    fn signature(&self, id: u32) -> u64 {
        self.tail(id)
            .flat_map(|s| s.windows(2))
            .fold(0, |sig, w| sig | signature_bit(pair_slot(w[0], w[1])))
    }
}

/// Rule ranks as [`derive`] reads them: in trie order, not rule order. A few are
/// read from the rule records; past that (a file with `Disallow: /` compares every
/// rule with it) from one compact table, eight bytes a rule, which stays in cache
/// where the records would not.
struct Ranks<'a> {
    rules: &'a [RuleRecord],
    table: Vec<u64>,
    asked: usize,
}

impl Ranks<'_> {
    /// Reads from the records before the table is made.
    const BEFORE_TABLE: usize = 256;

    fn get(&mut self, id: u32) -> u64 {
        if self.table.is_empty() {
            self.asked += 1;
            if self.asked <= Self::BEFORE_TABLE {
                return self.rules.get(id as usize).map_or(0, |r| r.rank);
            }
            self.table = self.rules.iter().map(|r| r.rank).collect();
        }
        self.table.get(id as usize).copied().unwrap_or(0)
    }
}

/// The record of an inner node not yet written (a default to resize with).
const NO_INNER: Inner = Inner {
    label: U64::new(0),
    edges: U64::new(0),
    first_inner: U32::new(0),
    first_leaf: U32::new(0),
    best: U32::new(NONE),
    label_start: U32::new(0),
    label_len: U32::new(0),
    edge_count: U16::new(0),
    inner_count: U16::new(0),
};

/// The record of a leaf not yet written.
const NO_LEAF: Leaf = Leaf {
    label: U64::new(0),
    best: U32::new(NONE),
    label_len: U32::new(0),
};

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
    // The better of two rules (NONE loses); ranks are read only when both are rules.
    let mut better = |a: u32, b: u32| -> u32 {
        if b == NONE {
            a
        } else if a == NONE || ranks.get(b) > ranks.get(a) {
            b
        } else {
            a
        }
    };
    // For each node: its new key and the best prefix rule above it, both
    // written by its parent.
    let mut keys: Vec<u32> = alloc::vec![NONE; node_count];
    let mut inherited: Vec<u32> = alloc::vec![NONE; node_count];
    let mut roots: Vec<u32> = t.set_roots.to_vec();
    roots.sort_unstable();
    roots.dedup();
    for (k, &root) in roots.iter().enumerate() {
        if let Some(key) = keys.get_mut(root as usize) {
            *key = index(k);
        }
    }
    let (mut inner_next, mut leaf_next) = (roots.len(), 0usize);
    out.inners.reserve(node_count / 3 + roots.len());
    out.leaves.reserve(node_count);
    let mut indexed: Vec<u32> = Vec::new();
    let mut kinds: Vec<WildKind> = Vec::new();
    let mut wide_children: Vec<(u8, u32)> = Vec::new();
    let mut done: Vec<(u32, WildIndex)> = Vec::with_capacity(roots.len());
    for (r, &root) in roots.iter().enumerate() {
        let end = roots.get(r + 1).map_or(node_count, |&next| next as usize);
        indexed.clear();
        for id in root as usize..end {
            let (Some(node), Some(&key)) = (nodes.get(id), keys.get(id)) else {
                break;
            };
            if key == NONE {
                // Not reached from a root (the builder makes none such).
                continue;
            }
            let from_parent = inherited.get(id).copied().unwrap_or(NONE);
            let mut prefix = better(from_parent, node.prefix_rule);
            let mut flags = node.label.len & LABEL_LEN_MASK;
            if node.wild.len != 0 {
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
                            out.wild_rules.push(U32::new(rule));
                        }
                    }
                }
                if out.wild_rules.len() > start {
                    flags |= NODE_WILD;
                    out.node_wild.push(NodeWild {
                        node: U32::new(key),
                        rules: wire_span(start, out.wild_rules.len()),
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
                    node: U32::new(key),
                    rule: U32::new(exact),
                });
            }
            let label = node.label.of(t.text);
            if key & LEAF_KEY != 0 {
                // A short label inline; a long one read from the text.
                let inline = if label.len() <= 8 {
                    word(label)
                } else {
                    u64::from(node.label.start)
                };
                let leaf = Leaf {
                    label: U64::new(inline),
                    best: U32::new(prefix),
                    label_len: U32::new(flags),
                };
                put(&mut out.leaves, (key & !LEAF_KEY) as usize, leaf, NO_LEAF);
                continue;
            }
            // The children: their new numbers (inner ones first), the best prefix
            // rule above them, and their edge bytes in that order.
            let targets = node.edges.of(t.edge_targets);
            let bytes = node.edges.of(&edge_bytes);
            let has_children =
                |child: u32| nodes.get(child as usize).is_some_and(|c| c.edges.len != 0);
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
                        index(inner_next - 1)
                    } else {
                        leaf_next += 1;
                        index(leaf_next - 1) | LEAF_KEY
                    };
                    if let Some(slot) = keys.get_mut(child as usize) {
                        *slot = child_key;
                    }
                    if let Some(slot) = inherited.get_mut(child as usize) {
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
            let inner = Inner {
                label: U64::new(word(label)),
                edges: U64::new(edge_word),
                first_inner: U32::new(index(first_inner)),
                first_leaf: U32::new(index(first_leaf)),
                best: U32::new(prefix),
                label_start: U32::new(node.label.start),
                label_len: U32::new(flags),
                edge_count: U16::new(u16::try_from(targets.len()).unwrap_or(u16::MAX)),
                inner_count: U16::new(u16::try_from(inner_next - first_inner).unwrap_or(u16::MAX)),
            };
            put(&mut out.inners, key as usize, inner, NO_INNER);
        }
        let index = if indexed.is_empty() {
            WildIndex {
                words: WireSpan::EMPTY,
                slots: WireSpan::EMPTY,
            }
        } else {
            build_index(
                &t,
                &indexed,
                &mut out.slot_words,
                &mut out.slot_starts,
                &mut out.wild_candidates,
            )
        };
        done.push((root, index));
    }
    if out.inners.len() < roots.len() {
        out.inners.resize(roots.len(), NO_INNER);
    }
    out.exact.sort_unstable_by_key(|e| e.node.get());
    out.node_wild.sort_unstable_by_key(|e| e.node.get());
    let empty = WildIndex {
        words: WireSpan::EMPTY,
        slots: WireSpan::EMPTY,
    };
    out.root_wild = t
        .set_roots
        .iter()
        .map(|root| {
            done.binary_search_by_key(root, |(r, _)| *r)
                .ok()
                .and_then(|i| done.get(i))
                .map_or(empty, |(_, index)| *index)
        })
        .collect();
    out.set_roots = t
        .set_roots
        .iter()
        .map(|&r| U32::new(keys.get(r as usize).copied().unwrap_or(NONE)))
        .collect();
    out
}

/// Write the wide block of a node with `children` (edge byte, new key, in their
/// new order): `lo`, `hi`, then each byte of `lo..=hi` as its child's position
/// plus one (0: no edge), or for a full node its position. Returns its offset.
fn wide_block(children: &[(u8, u32)], full: bool, wide: &mut Vec<u8>) -> u64 {
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

/// File `rules` under one pair each and write the root's index.
fn build_index(
    t: &Tries<'_>,
    rules: &[u32],
    slot_words: &mut Vec<U64>,
    slot_starts: &mut Vec<U32>,
    candidates: &mut Vec<WildCandidate>,
) -> WildIndex {
    // The slots are those of a path's pair set, so a check intersects the two word by word.
    let slots = 1usize << PAIR_BITS;
    // How many of the rules have each pair: a pair many rules share is likely
    // common in the site's paths too, so a check would meet its slot often.
    let mut rules_with = alloc::vec![0u32; slots];
    // `seen[slot]`: the last rule (counted from 1) that had the pair: each rule
    // counts a pair once, without sorting its pairs.
    let mut seen = alloc::vec![0usize; slots];
    for (i, &rule) in rules.iter().enumerate() {
        for segment in t.tail(rule) {
            for w in segment.windows(2) {
                let (Some(&a), Some(&b)) = (w.first(), w.get(1)) else {
                    continue;
                };
                let slot = pair_slot(a, b);
                if let (Some(last), Some(n)) = (seen.get_mut(slot), rules_with.get_mut(slot)) {
                    if *last != i + 1 {
                        *last = i + 1;
                        *n += 1;
                    }
                }
            }
        }
    }
    let mut load = alloc::vec![0u32; slots];
    let mut filed: Vec<(usize, u32)> = Vec::with_capacity(rules.len());
    for &rule in rules {
        // The pair fewest rules share (pairs with `/` are in most paths, so they
        // come last), then the slot with the fewest rules filed so far.
        // The least of (common, shared, load, slot), packed into one number in
        // that order of significance: one comparison per pair.
        let mut best: Option<u128> = None;
        for segment in t.tail(rule) {
            for w in segment.windows(2) {
                let (Some(&a), Some(&b)) = (w.first(), w.get(1)) else {
                    continue;
                };
                let slot = pair_slot(a, b);
                let common = a == b'/' || b == b'/';
                let shared = rules_with.get(slot).copied().unwrap_or(0);
                let filed_so_far = load.get(slot).copied().unwrap_or(0);
                let key = u128::from(common) << 74
                    | u128::from(shared) << 42
                    | u128::from(filed_so_far) << PAIR_BITS
                    | slot as u128;
                best = Some(best.map_or(key, |b| b.min(key)));
            }
        }
        let best = best.map(|key| (key & ((1 << PAIR_BITS) - 1)) as usize);
        if let Some(slot) = best {
            if let Some(l) = load.get_mut(slot) {
                *l += 1;
            }
            filed.push((slot, rule));
        }
    }
    // By slot, then best rank first within a slot.
    filed.sort_by_key(|&(slot, rule)| (slot, core::cmp::Reverse(t.rank(rule))));
    let words_start = slot_words.len();
    let mut words = alloc::vec![0u64; slots / 64];
    for &(slot, _) in &filed {
        if let Some(w) = words.get_mut(slot / 64) {
            *w |= 1 << (slot % 64);
        }
    }
    slot_words.extend(words.iter().map(|&w| U64::new(w)));
    let starts_start = slot_starts.len();
    let mut next = filed.iter().peekable();
    for slot in 0..slots {
        slot_starts.push(U32::new(index(candidates.len())));
        while let Some(&(_, rule)) = next.next_if(|(s, _)| *s == slot) {
            candidates.push(WildCandidate {
                rule: U32::new(rule),
                rank: U64::new(t.rank(rule)),
                signature: U64::new(t.signature(rule)),
            });
        }
    }
    slot_starts.push(U32::new(index(candidates.len())));
    WildIndex {
        words: wire_span(words_start, slot_words.len()),
        slots: wire_span(starts_start, slot_starts.len()),
    }
}

#[cfg(test)]
mod tests;
