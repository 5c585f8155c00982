//! The prefix trie over rules' first literal segments, path-compressed.
//!
//! Each rule set gets a radix trie: every edge carries a label of one or more
//! bytes, and a node exists only where a rule's first segment ends or where keys
//! branch, so the trie has at most twice as many nodes as rules. Walking a path
//! down it visits, in one pass, every rule whose literal prefix the path starts
//! with: the node where a rule's first segment ends holds it, as a plain prefix
//! rule, an exact (`$`) rule, or a wildcard rule whose remaining segments are
//! checked on the rest of the path.
//!
//! The trie is built from the keys in sorted order, with an explicit stack, in
//! time linear in the total key length (plus the sort).

use crate::policy::{Node, RuleRecord, NONE};
use crate::table::Span;
use alloc::vec::Vec;

/// The flattened trie tables of all rule sets.
pub(crate) struct TrieTables {
    pub nodes: Vec<Node>,
    pub edge_bytes: Vec<u8>,
    pub edge_targets: Vec<u32>,
    pub wild_rules: Vec<u32>,
}

pub(crate) struct TrieBuilder<'r> {
    out: TrieTables,
    rules: &'r [RuleRecord],
    segments: &'r [Span],
    text: &'r [u8],
}

fn index(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(NONE - 1)
}

fn span(start: usize, len: usize) -> Span {
    Span {
        start: index(start),
        len: index(len),
    }
}

/// A rule's key (its first literal segment) for sorting: the first eight bytes as
/// a big-endian number decide most comparisons without a `memcmp`.
struct Key<'r> {
    head: u64,
    bytes: &'r [u8],
    start: usize,
    id: u32,
}

impl<'r> Key<'r> {
    fn new(bytes: &'r [u8], start: usize, id: u32) -> Key<'r> {
        let mut head = [0u8; 8];
        for (h, b) in head.iter_mut().zip(bytes) {
            *h = *b;
        }
        Key {
            head: u64::from_be_bytes(head),
            bytes,
            start,
            id,
        }
    }

    /// The byte order of the keys (zero padding ties are broken by the full compare).
    fn cmp(a: &Key<'_>, b: &Key<'_>) -> core::cmp::Ordering {
        a.head.cmp(&b.head).then_with(|| a.bytes.cmp(b.bytes))
    }
}

/// A node under construction: the sorted keys `lo..hi` that share its prefix of `depth` bytes.
struct Pending {
    node: u32,
    lo: usize,
    hi: usize,
    depth: usize,
}

impl<'r> TrieBuilder<'r> {
    pub fn new(rules: &'r [RuleRecord], segments: &'r [Span], text: &'r [u8]) -> Self {
        TrieBuilder {
            out: TrieTables {
                nodes: Vec::new(),
                edge_bytes: Vec::new(),
                edge_targets: Vec::new(),
                wild_rules: Vec::new(),
            },
            rules,
            segments,
            text,
        }
    }

    /// The first literal segment of a rule, and where it lives in the text.
    fn key(&self, id: u32) -> (&'r [u8], usize) {
        let text = self.text;
        self.rules
            .get(id as usize)
            .and_then(|r| r.segments.of(self.segments).first())
            .map_or((&[][..], 0), |s| (s.of(text), s.start as usize))
    }

    fn rank(&self, id: u32) -> u64 {
        self.rules.get(id as usize).map_or(0, |r| r.rank)
    }

    fn new_node(&mut self, label: Span) -> u32 {
        self.out.nodes.push(Node {
            label,
            edges: Span::EMPTY,
            prefix_rule: NONE,
            exact_rule: NONE,
            wild: Span::EMPTY,
        });
        index(self.out.nodes.len() - 1)
    }

    /// Attach the rules whose key ends exactly at this node.
    fn attach(&mut self, node: u32, ids: &[u32]) {
        if ids.is_empty() {
            // A new node already has no rules.
            return;
        }
        let mut wild: Vec<u32> = Vec::new();
        let (mut prefix, mut exact) = (NONE, NONE);
        for &id in ids {
            let Some(rule) = self.rules.get(id as usize) else {
                continue;
            };
            let slot = match (rule.segments.len, rule.anchored) {
                (1, true) => &mut exact,
                (1, false) => &mut prefix,
                _ => {
                    wild.push(id);
                    continue;
                }
            };
            if *slot == NONE || self.rank(id) > self.rank(*slot) {
                *slot = id;
            }
        }
        wild.sort_unstable_by_key(|&id| core::cmp::Reverse(self.rank(id)));
        let start = self.out.wild_rules.len();
        self.out.wild_rules.extend_from_slice(&wild);
        if let Some(n) = self.out.nodes.get_mut(node as usize) {
            n.prefix_rule = prefix;
            n.exact_rule = exact;
            n.wild = span(start, wild.len());
        }
    }

    /// Build a trie over `rules`; returns its root.
    pub fn build(&mut self, rules: impl Iterator<Item = u32>) -> u32 {
        let mut keys: Vec<Key<'r>> = rules
            .map(|id| {
                let (bytes, start) = self.key(id);
                Key::new(bytes, start, id)
            })
            .collect();
        // Stable: rules with equal keys stay in the order given.
        keys.sort_by(Key::cmp);
        let root = self.new_node(Span::EMPTY);
        let mut stack = alloc::vec![Pending {
            node: root,
            lo: 0,
            hi: keys.len(),
            depth: 0,
        }];
        let mut children: Vec<(u8, u32)> = Vec::new();
        let mut ended: Vec<u32> = Vec::new();
        while let Some(Pending {
            node,
            lo,
            hi,
            depth,
        }) = stack.pop()
        {
            let group = keys.get(lo..hi).unwrap_or_default();
            // Keys that end here sort first among keys sharing this prefix.
            let ending = group.iter().take_while(|k| k.bytes.len() == depth).count();
            ended.clear();
            ended.extend(group.iter().take(ending).map(|k| k.id));
            self.attach(node, &ended);
            // Group the rest by their next byte; each group becomes one edge.
            children.clear();
            let mut at = ending;
            while let Some(first) = group.get(at) {
                let byte = first.bytes.get(depth).copied().unwrap_or(0);
                let len = group
                    .get(at + 1..)
                    .unwrap_or_default()
                    .iter()
                    .take_while(|k| k.bytes.get(depth) == Some(&byte))
                    .count();
                let end = at + 1 + len;
                // Sorted keys: the group's common prefix is that of its first and last.
                let last = group.get(end - 1).map_or(first.bytes, |k| k.bytes);
                let common = first
                    .bytes
                    .iter()
                    .zip(last)
                    .skip(depth)
                    .take_while(|(a, b)| a == b)
                    .count();
                let child = self.new_node(span(first.start + depth, common));
                children.push((byte, child));
                stack.push(Pending {
                    node: child,
                    lo: lo + at,
                    hi: lo + end,
                    depth: depth + common,
                });
                at = end;
            }
            let start = self.out.edge_bytes.len();
            for &(byte, child) in &children {
                self.out.edge_bytes.push(byte);
                self.out.edge_targets.push(child);
            }
            if let Some(n) = self.out.nodes.get_mut(node as usize) {
                n.edges = span(start, children.len());
            }
        }
        root
    }

    /// The tables of every trie built so far.
    pub fn finish(self) -> TrieTables {
        self.out
    }
}

#[cfg(test)]
mod tests {
    use crate::{Policy, Profile};

    #[test]
    fn radix_trie_has_at_most_two_nodes_per_rule_plus_roots() {
        let mut body = alloc::string::String::from("User-agent: *\n");
        for i in 0..500 {
            body.push_str(&alloc::format!(
                "Disallow: /{:x}/deep/path/segment/{i}.html\n",
                i * 7919
            ));
        }
        let policy = Policy::parse(body.as_bytes(), Profile::Google);
        assert_eq!(policy.rule_count(), 500);
        assert!(
            policy.nodes.len() <= 2 * 500 + 1,
            "{} nodes",
            policy.nodes.len()
        );
        // Rule i is on line i + 2; a longer path still matches its prefix.
        let path = alloc::format!("/{:x}/deep/path/segment/1.html.extra", 7919);
        let verdict = policy.check("bot", &path);
        assert!(!verdict.allowed);
        assert_eq!(verdict.rule.map(|r| policy.rule(r).line), Some(3));
        // Diverging inside a compressed label must not match.
        let near = alloc::format!("/{:x}/deep/path/segmenX/1.html", 7919);
        assert!(policy.is_allowed("bot", &near));
    }
}
