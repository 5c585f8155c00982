//! Tables derived from the finished tries that make a check cheap.
//!
//! The trie says which rules a path can match; these tables say it faster:
//!
//! - **The best literal rule per node** (`best_prefix`, `best_exact`):
//!   every plain prefix rule on the way from a root to a node matches any path that
//!   reaches the node, so the best of them is known in advance. A walk then only
//!   follows edges and reads one entry where it stops: no rank comparisons on the way.
//!   A wildcard rule whose remaining segments are all empty (`/fish*`, `/a*$`) is a
//!   prefix rule in disguise and is counted here too.
//! - **A pair index of wildcard rules per root** ([`WildIndex`]): a wildcard rule can only
//!   match a path that contains every byte pair of its later segments. The rules of nodes
//!   with many wildcard rules (`/*search*`, `*/store/checkout`, … under one node) are each
//!   filed under one of their pairs (a slot of a hashed bitmap); a check visits only the
//!   slots of the pairs its path has, so its cost follows the path and the candidates,
//!   not the number of wildcard rules. Each candidate carries a 64-bit signature of all
//!   its pairs, which rejects most of them with one `AND`.
//! - **A walk record per node** ([`WalkNode`]): the first eight bytes of the label and of
//!   the edge bytes inline, so one step of a walk reads one record, finds the edge with a
//!   few word operations and compares the label as one word. A node with more than eight
//!   edges has a 256-byte table instead (byte to edge position): one load.
//!
//! Rules whose later segments have no byte pair (`/*.`, `/a*b`), and those of nodes
//! with only a few wildcard rules, stay on their trie node: the walk queues the node
//! and its rules are tested after it.

use crate::swar::word;
use crate::tables::layout::{
    index, Node, RuleRecord, Span, WalkNode, WildCandidate, WildIndex, NONE,
};
use alloc::collections::BTreeMap;
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

/// The tables this module derives; see the module docs.
pub(crate) struct SearchTables {
    pub nodes: Vec<Node>,
    pub walk_nodes: Vec<WalkNode>,
    pub wide_edges: Vec<u8>,
    pub edge_bytes: Vec<u8>,
    pub wild_rules: Vec<u32>,
    pub best_prefix: Vec<u32>,
    pub best_exact: Vec<u32>,
    pub root_wild: Vec<WildIndex>,
    pub slot_words: Vec<u64>,
    pub slot_starts: Vec<u32>,
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

/// Derive the search tables (see the module docs) from the built tries.
pub(crate) fn derive(t: Tries<'_>, mut nodes: Vec<Node>, edge_bytes: Vec<u8>) -> SearchTables {
    let node_count = nodes.len();
    let mut best_prefix = alloc::vec![NONE; node_count];
    let mut best_exact = alloc::vec![NONE; node_count];
    let mut walk_nodes = alloc::vec![WalkNode::EMPTY; node_count];
    let mut wide_edges: Vec<u8> = Vec::new();
    let mut new_wild: Vec<u32> = Vec::with_capacity(t.wild_rules.len());
    let mut slot_words = Vec::new();
    let mut slot_starts = Vec::new();
    let mut candidates = Vec::new();
    // A root shared by several sets is indexed once.
    let mut done: BTreeMap<u32, WildIndex> = BTreeMap::new();
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
    // Every label's first eight bytes, in one tight pass: the labels lie all over
    // the text, and independent loads overlap (the walk below would wait on each).
    let labels: Vec<u64> = nodes.iter().map(|n| label_word(t.text, n.label)).collect();
    // Each trie's nodes are numbered from its root on, a parent before its
    // children (the builder makes a node's children when it reaches the node): one
    // pass in number order over each trie sees every node after its parent, and
    // reads the tables in order instead of hopping down the trie.
    // The best prefix rule above each node, written by its parent.
    let mut inherited: Vec<u32> = alloc::vec![NONE; node_count];
    let mut roots: Vec<u32> = t.set_roots.to_vec();
    roots.sort_unstable();
    roots.dedup();
    let mut indexed: Vec<u32> = Vec::new();
    let mut kinds: Vec<WildKind> = Vec::new();
    for (k, &root) in roots.iter().enumerate() {
        let end = roots.get(k + 1).map_or(node_count, |&next| next as usize);
        indexed.clear();
        // The trie's entries of every per-node table, walked side by side (one
        // step a node, no lookups); all the tables have one entry a node.
        let trie = root as usize..end;
        let (Some(nodes), Some(best_prefix), Some(best_exact), Some(walk_nodes), Some(labels)) = (
            nodes.get_mut(trie.clone()),
            best_prefix.get_mut(trie.clone()),
            best_exact.get_mut(trie.clone()),
            walk_nodes.get_mut(trie.clone()),
            labels.get(trie.clone()),
        ) else {
            continue;
        };
        let tables = nodes
            .iter_mut()
            .zip(best_prefix)
            .zip(best_exact)
            .zip(walk_nodes)
            .zip(labels);
        for (id, ((((node, best_prefix), best_exact), walk), &label)) in trie.zip(tables) {
            let from_parent = inherited.get(id).copied().unwrap_or(NONE);
            let mut prefix = better(from_parent, node.prefix_rule);
            let mut heavy = false;
            if node.wild.len != 0 {
                let wild = node.wild.of(t.wild_rules);
                kinds.clear();
                kinds.extend(wild.iter().map(|&r| t.kind(r)));
                // Few wildcard rules are cheaper to test where the walk meets them.
                heavy = kinds
                    .iter()
                    .filter(|k| matches!(k, WildKind::Indexed))
                    .count()
                    >= NODE_INDEX_MIN;
                let start = new_wild.len();
                for (&rule, kind) in wild.iter().zip(&kinds) {
                    match kind {
                        WildKind::Prefix => prefix = better(prefix, rule),
                        WildKind::Indexed if heavy => indexed.push(rule),
                        WildKind::Indexed | WildKind::OnNode => new_wild.push(rule),
                    }
                }
                node.wild = Span {
                    start: index(start),
                    len: index(new_wild.len() - start),
                };
            }
            *best_prefix = prefix;
            *best_exact = better(prefix, node.exact_rule);
            if node.edges.len == 0 {
                // A leaf (most nodes): no edge tables to read, no children to tell.
                *walk = leaf_walk_node(node, label, heavy);
                continue;
            }
            *walk = walk_node(node, label, &edge_bytes, t.edge_targets, &mut wide_edges);
            walk.indexed = heavy;
            tell_children(&mut inherited, walk, node, t.edge_targets, prefix);
        }
        let index = if indexed.is_empty() {
            WildIndex::EMPTY
        } else {
            build_index(
                &t,
                &indexed,
                &mut slot_words,
                &mut slot_starts,
                &mut candidates,
            )
        };
        done.insert(root, index);
    }
    let root_wild: Vec<WildIndex> = t
        .set_roots
        .iter()
        .map(|root| done.get(root).copied().unwrap_or(WildIndex::EMPTY))
        .collect();
    SearchTables {
        nodes,
        walk_nodes,
        wide_edges,
        edge_bytes,
        wild_rules: new_wild,
        best_prefix,
        best_exact,
        root_wild,
        slot_words,
        slot_starts,
        wild_candidates: candidates,
    }
}

/// Write `prefix` as the inherited best prefix rule of each child of `node`
/// (whose walk record is `walk`): where the children are numbered consecutively
/// (nearly always), one fill of their entries, with no edge targets read.
#[inline]
fn tell_children(
    inherited: &mut [u32],
    walk: &WalkNode,
    node: &Node,
    edge_targets: &[u32],
    prefix: u32,
) {
    let first = walk.first_child as usize;
    let count = usize::from(walk.edge_count);
    if walk.first_child != NONE && count as u32 == node.edges.len {
        if let Some(children) = inherited.get_mut(first..first + count) {
            children.fill(prefix);
            return;
        }
    }
    for &child in node.edges.of(edge_targets) {
        if let Some(slot) = inherited.get_mut(child as usize) {
            *slot = prefix;
        }
    }
}

/// The first eight bytes of a label as a little-endian word, zero-filled: one
/// load and a mask where the text goes on for eight bytes (nearly always).
#[inline]
fn label_word(text: &[u8], label: Span) -> u64 {
    let start = label.start as usize;
    match text.get(start..start + 8).map(<[u8; 8]>::try_from) {
        Some(Ok(bytes)) => {
            let bits = 8 * label.len.min(8);
            u64::from_le_bytes(bytes) & u64::MAX.checked_shr(64 - bits).unwrap_or(0)
        }
        _ => word(label.of(text)),
    }
}

/// The walk record of `node`. A node with more than eight edges gets a 256-byte
/// block in `wide`: the position of each edge byte among the node's edges.
fn walk_node(
    node: &Node,
    label: u64,
    edge_bytes: &[u8],
    edge_targets: &[u32],
    wide: &mut Vec<u8>,
) -> WalkNode {
    let edges = node.edges.of(edge_bytes);
    let edge_word = if edges.len() <= 8 {
        word(edges)
    } else {
        let block = wide.len() / 256;
        wide.resize(wide.len() + 256, 0);
        for (at, &byte) in edges.iter().enumerate() {
            if let (Some(slot), Ok(at)) = (
                wide.get_mut(block * 256 + usize::from(byte)),
                u8::try_from(at),
            ) {
                *slot = at;
            }
        }
        block as u64
    };
    let targets = node.edges.of(edge_targets);
    // A leaf's (no) children are consecutive too.
    let first = targets.first().copied().unwrap_or(0);
    let consecutive = targets
        .iter()
        .enumerate()
        .all(|(i, &t)| u32::try_from(i).ok().and_then(|i| first.checked_add(i)) == Some(t));
    WalkNode {
        label,
        edges: edge_word,
        first_child: if consecutive { first } else { NONE },
        edge_start: node.edges.start,
        label_len: node.label.len,
        edge_count: u16::try_from(node.edges.len).unwrap_or(u16::MAX),
        has_wild: node.wild.len != 0,
        indexed: false,
    }
}

/// The walk record of a node without edges, as [`walk_node`] makes it: no edge
/// bytes, and a first child of 0 (a leaf's no children are consecutive).
#[inline]
fn leaf_walk_node(node: &Node, label: u64, indexed: bool) -> WalkNode {
    WalkNode {
        label,
        edges: 0,
        first_child: 0,
        edge_start: node.edges.start,
        label_len: node.label.len,
        edge_count: 0,
        has_wild: node.wild.len != 0,
        indexed,
    }
}

/// File `rules` under one pair each and write the root's index.
fn build_index(
    t: &Tries<'_>,
    rules: &[u32],
    slot_words: &mut Vec<u64>,
    slot_starts: &mut Vec<u32>,
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
    slot_words.extend_from_slice(&words);
    let starts_start = slot_starts.len();
    let mut next = filed.iter().peekable();
    for slot in 0..slots {
        slot_starts.push(index(candidates.len()));
        while let Some(&(_, rule)) = next.next_if(|(s, _)| *s == slot) {
            candidates.push(WildCandidate {
                rule,
                rank: t.rank(rule),
                signature: t.signature(rule),
            });
        }
    }
    slot_starts.push(index(candidates.len()));
    WildIndex {
        words: Span {
            start: index(words_start),
            len: index(slot_words.len() - words_start),
        },
        slots: Span {
            start: index(starts_start),
            len: index(slot_starts.len() - starts_start),
        },
    }
}

#[cfg(test)]
mod tests {
    use crate::{Policy, Profile};
    use alloc::format;
    use alloc::string::String;

    /// `agent`'s verdict rule is the best matching rule found by brute force.
    fn agrees_with_brute_force(policy: &Policy, agent: &str, path: &str) {
        let e = policy.explain(agent, path);
        let best = e.candidates.first().map(|c| c.id);
        let rank = |id: Option<crate::RuleId>| id.map(|id| policy.tables.rules[id.as_usize()].rank);
        assert_eq!(rank(e.verdict.rule), rank(best), "{agent} {path}");
    }

    #[test]
    fn pair_index_answers_as_brute_force() {
        let mut body = String::from("User-agent: *\nDisallow: /shop/\n");
        for i in 0..40 {
            body.push_str(&format!(
                "Disallow: /*word{i}*\nAllow: /*/keep{i}/*.html$\n"
            ));
        }
        // Few wildcard rules on a deeper node stay on it; `/a*` is a prefix rule.
        body.push_str("Allow: /shop/*x\nAllow: /shop/*.\nAllow: /a*\n");
        for profile in [Profile::Google, Profile::Rfc9309] {
            let policy = Policy::parse(body.as_bytes(), profile);
            assert!(
                policy.tables.wild_candidates.len() >= 80,
                "{} indexed",
                policy.tables.wild_candidates.len()
            );
            assert!(policy.tables.walk_nodes.iter().any(|n| n.indexed));
            for path in [
                "/",
                "/word7",
                "/x/word39/y",
                "/x/keep3/a.html",
                "/x/keep3/a.htm",
                "/keep3/a.html",
                "/shop/word12x",
                "/shop/zz.",
                "/shop/zz",
                "/a",
                "/ab/word1",
                "/wor/d1",
            ] {
                agrees_with_brute_force(&policy, "bot", path);
            }
            // Long paths, with the rule's literal at word and cache-line boundaries.
            for pad in [58, 59, 60, 61, 62, 63, 64, 120, 126, 127, 128, 300] {
                let long = format!("/{}word5", "x".repeat(pad));
                agrees_with_brute_force(&policy, "bot", &long);
                assert!(!policy.is_allowed("bot", &long), "{long}");
                let kept = format!("/{}/keep9/{}.html", "y".repeat(pad), "z".repeat(pad));
                agrees_with_brute_force(&policy, "bot", &kept);
            }
            assert!(!policy.is_allowed("bot", "/x/word39/y"));
            assert!(policy.is_allowed("bot", "/x/keep3/a.html"));
            assert!(policy.is_allowed("bot", "/wor/d1"));
        }
    }

    #[test]
    fn sets_of_several_tries_answer_as_brute_force() {
        // Ten crawlers share one big group and each has its own: merging every
        // set would copy the big group ten times, so each set walks two tries.
        let mut body = String::new();
        // Google reads a product token of letters, `-` and `_` only.
        let name = |i: u8| format!("bot{}", char::from(b'a' + i));
        for i in 0..10 {
            body.push_str(&format!("User-agent: {}\n", name(i)));
        }
        for i in 0..1000 {
            body.push_str(&format!("Disallow: /big/{i}/\nAllow: /*/{i}/keep$\n"));
        }
        for i in 0..10 {
            body.push_str(&format!("\nUser-agent: {}\nAllow: /big/{i}\n", name(i)));
        }
        let policy = Policy::parse(body.as_bytes(), Profile::Google);
        assert!(
            policy.tables.sets.iter().any(|s| s.roots.len > 1),
            "not merged"
        );
        for i in 0..10u8 {
            let agent = name(i);
            for path in [
                format!("/big/{i}/x"),
                format!("/big/{i}0/x"),
                format!("/big/{}/x", i + 1),
                format!("/x/{i}/keep"),
                "/other".into(),
            ] {
                agrees_with_brute_force(&policy, &agent, &path);
            }
        }
    }

    #[test]
    fn wide_nodes_find_every_edge_and_no_other() {
        let mut body = String::from("User-agent: *\n");
        for c in b'a'..=b't' {
            body.push_str(&format!("Disallow: /{}x\n", char::from(c)));
        }
        let policy = Policy::parse(body.as_bytes(), Profile::Original1994);
        assert_eq!(policy.tables.wide_edges.len(), 256, "one wide node");
        for c in b'a'..=b't' {
            let c = char::from(c);
            assert!(!policy.is_allowed("bot", format!("/{c}x/y")), "{c}");
            assert!(policy.is_allowed("bot", format!("/{c}y")), "{c}");
        }
        // Bytes without an edge map to position 0, whose edge byte is `a`.
        for path in ["/ux", "/Ax", "/\u{7f}x", "/", "/0x"] {
            assert!(policy.is_allowed("bot", path), "{path}");
        }
    }

    /// A leaf's walk record (made without reading edge tables) is the one the
    /// general path makes for a node with no edges.
    #[test]
    fn leaf_walk_records_match_the_general_path() {
        let policy = Policy::parse(
            b"User-agent: *\nDisallow: /abcdefghijk\nDisallow: /ab*q\nAllow: /abz$\n",
            Profile::Google,
        );
        let mut leaves = 0;
        for (node, walk) in policy
            .tables
            .nodes
            .iter()
            .zip(policy.tables.walk_nodes.iter())
        {
            if node.edges.len != 0 {
                continue;
            }
            leaves += 1;
            let label = super::word(node.label.of(&policy.tables.text));
            let mut general = super::walk_node(
                node,
                label,
                &policy.tables.edge_bytes,
                &policy.tables.edge_targets,
                &mut alloc::vec::Vec::new(),
            );
            general.indexed = walk.indexed;
            assert_eq!(*walk, general);
        }
        assert_eq!(leaves, 2);
        assert!(!policy.is_allowed("bot", "/abcdefghijkl"));
        assert!(!policy.is_allowed("bot", "/abxq"));
        assert!(policy.is_allowed("bot", "/abz"));
    }

    /// Children told their inherited prefix rule in one fill ([`super::tell_children`])
    /// get it, inner nodes without rules of their own too, and their neighbours
    /// (the next node's children, numbered right after them) do not: every
    /// node's best prefix rule is the best of the prefix rules whose key its path
    /// starts with, found by brute force.
    #[test]
    fn children_inherit_the_best_prefix_rule_and_only_they() {
        use alloc::vec::Vec;
        let policy = Policy::parse(
            b"User-agent: *\nDisallow: /a\nAllow: /abc1\nAllow: /abc2\n\
              Allow: /abd\nAllow: /bq1\nAllow: /bq2\nDisallow: /bz\nAllow: /\n\
              Disallow: /bq\nAllow: /c\nDisallow: /cd/e1\nDisallow: /cd/e2\n",
            Profile::Google,
        );
        let key = |r: &crate::tables::layout::RuleRecord| {
            r.segments
                .of(&policy.tables.segments)
                .first()
                .map_or(&[][..], |s| s.of(&policy.tables.text))
        };
        let mut checked = 0;
        let mut stack: Vec<(u32, Vec<u8>)> = policy
            .tables
            .set_roots
            .iter()
            .map(|&r| (r, Vec::new()))
            .collect();
        while let Some((id, mut path)) = stack.pop() {
            let node = &policy.tables.nodes[id as usize];
            path.extend_from_slice(node.label.of(&policy.tables.text));
            let expected = (0..policy.tables.rules.len() as u32)
                .filter(|&r| path.starts_with(key(&policy.tables.rules[r as usize])))
                .max_by_key(|&r| policy.tables.rules[r as usize].rank);
            let best = policy.tables.best_prefix[id as usize];
            assert_eq!(
                best,
                expected.unwrap_or(crate::tables::layout::NONE),
                "{path:?}"
            );
            checked += 1;
            for &child in node.edges.of(&policy.tables.edge_targets) {
                stack.push((child, path.clone()));
            }
        }
        assert!(checked >= 12, "{checked} nodes");
    }

    #[test]
    fn walk_records_mirror_the_trie() {
        let policy = Policy::parse(
            b"User-agent: *\nDisallow: /abcdefghijklmnop\nDisallow: /abq\nDisallow: /z\n",
            Profile::Google,
        );
        for (node, walk) in policy
            .tables
            .nodes
            .iter()
            .zip(policy.tables.walk_nodes.iter())
        {
            assert_eq!(walk.label_len, node.label.len);
            assert_eq!(u32::from(walk.edge_count), node.edges.len);
            let targets = node.edges.of(&policy.tables.edge_targets);
            match targets.first() {
                Some(&first) => assert_eq!(
                    walk.first_child, first,
                    "children are numbered consecutively"
                ),
                None => assert_eq!(walk.first_child, 0, "a leaf needs no detour"),
            }
        }
        assert!(!policy.is_allowed("bot", "/abcdefghijklmnopq"));
        assert!(policy.is_allowed("bot", "/abcdefghijklmnoX"));
        assert!(!policy.is_allowed("bot", "/abq"));
        assert!(policy.is_allowed("bot", "/ab"));
    }
}
