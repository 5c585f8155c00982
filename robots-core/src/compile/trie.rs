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

use crate::compile::builder::CompiledRule;
use crate::compile::key_sort::{chunk, digit_key};
use crate::ids::{index, BuiltNode, RuleId};
use crate::sort::sort_by_packed;
use crate::tables::layout::Span;
use alloc::vec::Vec;

mod sort;

/// A node of the path-compressed trie over the first literal segment of each
/// rule, as built: [`derive`](super::derive) writes it as the layout's
/// [`Inner`](crate::tables::layout::Inner) or [`Leaf`](crate::tables::layout::Leaf).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// The bytes on the edge into this node (in the policy's text); empty for a root.
    pub label: Span,
    /// Outgoing edges: a range of `edge_bytes` / `edge_targets`, sorted by byte.
    pub edges: Span,
    /// Best-ranked rule whose pattern is exactly this prefix (matches any path
    /// with it), or [`RuleId::NONE`].
    pub prefix_rule: RuleId,
    /// Best-ranked rule `prefix$` (matches only a path equal to it), or [`RuleId::NONE`].
    pub exact_rule: RuleId,
    /// Wildcard rules whose first segment ends here: a range of `wild_rules`, best rank first.
    pub wild: Span,
}

/// The flattened trie tables of all rule sets.
pub(crate) struct TrieTables {
    pub nodes: Vec<Node>,
    pub edge_bytes: Vec<u8>,
    pub edge_targets: Vec<BuiltNode>,
    pub wild_rules: Vec<RuleId>,
}

pub(crate) struct TrieBuilder<'r> {
    out: TrieTables,
    rules: &'r [CompiledRule],
    segments: &'r [Span],
    text: &'r [u8],
    /// Per rule: [`first_digit`](crate::compile::key_sort::first_digit) of its key, if the caller had it at hand.
    heads: &'r [(u64, u8)],
    /// Scratch space, kept between builds.
    scratch: Scratch,
}

/// Buffers one build uses, kept so that many small builds do not allocate.
#[derive(Default)]
struct Scratch {
    /// The keys in the order given.
    items: Vec<Item>,
    /// The same keys in sorted order.
    sorted: Vec<Item>,
    /// `lcp[i]`: the length of the common prefix of sorted keys `i - 1` and `i`
    /// (keys are shorter than 4 GiB, as their [`Item`]s say: four bytes a key).
    lcp: Vec<u32>,
    /// `skip[i]`: the first `j > i` with `lcp[j] <= lcp[i]` (or the key count):
    /// the keys between share more than `lcp[i]` bytes with key `i`.
    skip: Vec<u32>,
    /// `split[i]`: the bytes of sorted keys `i - 1` and `i` at `lcp[i]`, where they
    /// part, when the sort saw them.
    split: Vec<(Option<u8>, Option<u8>)>,
    /// Positions (into `items`) in sorted order, while sorting.
    order: Vec<usize>,
    /// Sort keys of one range being sorted.
    chunks: Vec<u128>,
    /// Ranges of `order` still to sort, with the key offset they agree up to.
    work: Vec<(usize, usize, usize)>,
    /// Many keys share their first digit (see [`Scratch::sort_digit`]).
    shared_first: bool,
    stack: Vec<Pending>,
    wild: Vec<RuleId>,
}

fn span(start: usize, len: usize) -> Span {
    Span::new(index(start), index(len))
}

/// Where a rule goes in the node its key ends at.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Prefix,
    Exact,
    Wild,
}

/// A rule's key (its first literal segment, in the text) and what attaching it
/// needs but its rank: sixteen bytes, copied once in the sort. (A rule alone in its
/// slot, as most are, needs no rank: [`TrieBuilder::attach`] reads it from the rules.)
#[derive(Clone, Copy)]
struct Item {
    start: u32,
    len: u32,
    id: RuleId,
    slot: Slot,
}

impl Item {
    fn len(&self) -> usize {
        self.len as usize
    }

    fn range(&self) -> core::ops::Range<usize> {
        self.start as usize..self.start as usize + self.len as usize
    }
}

/// A node under construction: the sorted keys `lo..hi` that share its prefix of `depth` bytes.
struct Pending {
    node: BuiltNode,
    lo: usize,
    hi: usize,
    depth: usize,
}

impl<'r> TrieBuilder<'r> {
    /// A builder over `rules`, whose segments are `segments` of `text`; `heads`
    /// may hold each rule's [`first_digit`](crate::compile::key_sort::first_digit) (any missing is read from the text).
    pub fn new(
        rules: &'r [CompiledRule],
        segments: &'r [Span],
        text: &'r [u8],
        heads: &'r [(u64, u8)],
    ) -> Self {
        TrieBuilder {
            // A trie has fewer nodes than twice its rules, and one edge per
            // node but the root: room for one trie over every rule, grown past that.
            out: TrieTables {
                nodes: Vec::with_capacity(2 * rules.len() + 1),
                edge_bytes: Vec::with_capacity(2 * rules.len()),
                edge_targets: Vec::with_capacity(2 * rules.len()),
                wild_rules: Vec::new(),
            },
            rules,
            segments,
            text,
            heads,
            scratch: Scratch::default(),
        }
    }

    /// A rule's key (its first literal segment, where it lives in the text) and slot.
    fn item(&self, id: RuleId) -> Item {
        let Some(rule) = self.rules.get(id.as_usize()) else {
            return Item {
                start: 0,
                len: 0,
                id,
                slot: Slot::Wild,
            };
        };
        self.item_of(id, rule)
    }

    /// [`Self::item`] of rule `id`, which is `rule`.
    #[inline]
    fn item_of(&self, id: RuleId, rule: &CompiledRule) -> Item {
        let (start, len) = rule
            .segments
            .of(self.segments)
            .first()
            .filter(|s| s.range().end <= self.text.len())
            .map_or((0, 0), |s| (s.start.get(), s.len.get()));
        let slot = match (rule.segments.len.get(), rule.anchored) {
            (1, true) => Slot::Exact,
            (1, false) => Slot::Prefix,
            _ => Slot::Wild,
        };
        Item {
            start,
            len,
            id,
            slot,
        }
    }

    fn key(&self, item: &Item) -> &'r [u8] {
        let text: &'r [u8] = self.text;
        text.get(item.range()).unwrap_or_default()
    }

    /// Node `node`, which [`Self::new_node`] made.
    #[track_caller]
    fn node_mut(&mut self, node: BuiltNode) -> &mut Node {
        let count = self.out.nodes.len();
        match self.out.nodes.get_mut(node.as_usize()) {
            Some(n) => n,
            None => panic!("bug: trie node {} of {count}", node.as_usize()),
        }
    }

    fn new_node(&mut self, label: Span) -> BuiltNode {
        self.out.nodes.push(Node {
            label,
            edges: Span::EMPTY,
            prefix_rule: RuleId::NONE,
            exact_rule: RuleId::NONE,
            wild: Span::EMPTY,
        });
        BuiltNode(index(self.out.nodes.len() - 1))
    }

    /// Attach the rules whose key ends exactly at this node: the sorted keys `lo..hi`.
    fn attach(&mut self, node: BuiltNode, lo: usize, hi: usize) {
        if lo == hi {
            // A new node already has no rules.
            return;
        }
        if let Some(&[item]) = self.scratch.sorted.get(lo..hi) {
            // One rule (most nodes that have any): no ranks, no list to sort.
            self.attach_one(node, item);
            return;
        }
        let s = &mut self.scratch;
        s.wild.clear();
        let rules = self.rules;
        let rank = |id: RuleId| rules.get(id.as_usize()).map_or(0, |r| r.rank);
        let (mut prefix, mut exact) = (RuleId::NONE, RuleId::NONE);
        // The kept rule's rank, once it has a rival.
        let (mut prefix_rank, mut exact_rank) = (None, None);
        for item in s.sorted.get(lo..hi).unwrap_or_default() {
            let (slot, best) = match item.slot {
                Slot::Exact => (&mut exact, &mut exact_rank),
                Slot::Prefix => (&mut prefix, &mut prefix_rank),
                Slot::Wild => {
                    s.wild.push(item.id);
                    continue;
                }
            };
            if slot.is_none() {
                *slot = item.id;
                continue;
            }
            let kept = *best.get_or_insert_with(|| rank(*slot));
            let item_rank = rank(item.id);
            if item_rank > kept {
                *slot = item.id;
                *best = Some(item_rank);
            }
        }
        // Best rank first.
        sort_by_packed(&mut s.wild, |&id| u128::from(!rank(id)));
        let start = self.out.wild_rules.len();
        self.out.wild_rules.extend_from_slice(&s.wild);
        let wild = span(start, self.scratch.wild.len());
        let n = self.node_mut(node);
        n.prefix_rule = prefix;
        n.exact_rule = exact;
        n.wild = wild;
    }

    /// Attach the one rule whose key ends at this node, as [`Self::attach`] would
    /// (its wildcard list, even when empty, starts where the next one goes).
    fn attach_one(&mut self, node: BuiltNode, item: Item) {
        let wild_start = self.out.wild_rules.len();
        if item.slot == Slot::Wild {
            self.out.wild_rules.push(item.id);
        }
        let n = self.node_mut(node);
        n.wild = span(wild_start, usize::from(item.slot == Slot::Wild));
        match item.slot {
            Slot::Prefix => n.prefix_rule = item.id,
            Slot::Exact => n.exact_rule = item.id,
            Slot::Wild => {}
        }
    }

    /// Finish a node whose one key ends at it (most nodes: the leaves), as the
    /// general path would: its rule attached, and no edges (an empty range where
    /// the next node's edges go).
    fn make_leaf(&mut self, node: BuiltNode, item: Item) {
        self.attach_one(node, item);
        let edges = span(self.out.edge_bytes.len(), 0);
        self.node_mut(node).edges = edges;
    }

    /// Sort the keys (see [`Scratch::sort`]).
    fn sort(&mut self) {
        self.scratch.sort(self.text);
    }

    /// Note the keys of rules `range` in `items`, and their sort keys for the
    /// first eight bytes in `chunks` while the text is read in order. Where the
    /// caller had every digit at hand (as it does), the rules and the digits are
    /// read as slices in three tight passes (items, sort keys, repeats) rather than
    /// one loop that keeps its state in memory across two pushes a rule.
    /// Returns how many keys share their first digit with the key before them
    /// (`previous`: the last key's digit so far).
    fn gather(
        &self,
        range: core::ops::Range<usize>,
        items: &mut Vec<Item>,
        chunks: &mut Vec<u128>,
        previous: &mut Option<(u64, u64)>,
    ) -> usize {
        let (rules, heads, text) = (self.rules, self.heads, self.text);
        if let (Some(rules), Some(heads)) = (rules.get(range.clone()), heads.get(range.clone())) {
            let base = items.len();
            items.extend(
                rules
                    .iter()
                    .zip(range)
                    .map(|(rule, id)| self.item_of(RuleId(index(id)), rule)),
            );
            chunks.extend(
                heads
                    .iter()
                    .enumerate()
                    .map(|(k, &(head, class))| digit_key(head, u64::from(class), base + k)),
            );
            let digit = |&(head, class): &(u64, u8)| (head, u64::from(class));
            let mut repeats = heads.windows(2).filter(|w| w.first() == w.get(1)).count();
            if let Some(first) = heads.first() {
                repeats += usize::from(*previous == Some(digit(first)));
            }
            if let Some(last) = heads.last() {
                *previous = Some(digit(last));
            }
            return repeats;
        }
        let mut repeats = 0;
        let mut push = |item: Item, (head, class): (u64, u64)| {
            repeats += usize::from(*previous == Some((head, class)));
            *previous = Some((head, class));
            chunks.push(digit_key(head, class, items.len()));
            items.push(item);
        };
        // (Some rule or digit missing: one at a time, digits read where missing.)
        for id in range {
            let item = self.item(RuleId(index(id)));
            let digit = match heads.get(id) {
                Some(&(head, class)) => (head, u64::from(class)),
                None => chunk(text.get(item.range()).unwrap_or_default(), 0),
            };
            push(item, digit);
        }
        repeats
    }

    /// Build a trie over the rules of `ranges` (rule numbers, in the order given);
    /// returns its root.
    pub fn build(&mut self, ranges: impl Iterator<Item = core::ops::Range<usize>>) -> BuiltNode {
        let mut items = core::mem::take(&mut self.scratch.items);
        let mut chunks = core::mem::take(&mut self.scratch.chunks);
        items.clear();
        chunks.clear();
        // A trie has each rule at most once: room for all of them, once.
        items.reserve(self.rules.len());
        chunks.reserve(self.rules.len());
        // Neighbours (in the order given) with the same first digit.
        let mut repeats = 0usize;
        let mut previous = None;
        for range in ranges {
            repeats += self.gather(range, &mut items, &mut chunks, &mut previous);
        }
        // Keys that often share their first digit with the key before them (a
        // file's rules listed by directory) share it with many others.
        self.scratch.shared_first = repeats >= 64 && repeats * 4 >= items.len();
        self.scratch.items = items;
        self.scratch.chunks = chunks;
        // Stable: rules with equal keys stay in the order given.
        self.sort();
        let n = self.scratch.sorted.len();
        let root = self.new_node(Span::EMPTY);
        let mut stack = core::mem::take(&mut self.scratch.stack);
        stack.clear();
        stack.push(Pending {
            node: root,
            lo: 0,
            hi: n,
            depth: 0,
        });
        while let Some(Pending {
            node,
            lo,
            hi,
            depth,
        }) = stack.pop()
        {
            if hi == lo + 1 {
                if let Some(&item) = self.scratch.sorted.get(lo).filter(|k| k.len() == depth) {
                    self.make_leaf(node, item);
                    continue;
                }
            }
            // Keys that end here sort first among keys sharing this prefix.
            let ending = self
                .scratch
                .sorted
                .get(lo..hi)
                .unwrap_or_default()
                .iter()
                .take_while(|k| k.len() == depth)
                .count();
            if ending > 0 {
                // (Most inner nodes end no key: no call. A new node has no rules.)
                self.attach(node, lo, lo + ending);
            }
            // Group the rest by their next byte; each group becomes one edge. (Only
            // this node's edges are written meanwhile: they are written in place.)
            let start = self.out.edge_bytes.len();
            let mut at = lo + ending;
            while let Some(first) = self.scratch.sorted.get(at).filter(|_| at < hi).copied() {
                // Neighbours that share more than `depth` bytes share the next byte;
                // the group's common prefix is the least of their common prefixes.
                // From a neighbour that shares `l > depth` bytes, the keys up to
                // `skip` share more than `l`: jump over them.
                let mut end = at + 1;
                let mut common = first.len();
                while let Some(l) = self.scratch.lcp.get(end).filter(|_| end < hi) {
                    let l = *l as usize;
                    if l <= depth {
                        break;
                    }
                    common = common.min(l);
                    end = self
                        .scratch
                        .skip
                        .get(end)
                        .map_or(hi, |&next| next as usize)
                        .clamp(end + 1, hi);
                }
                // Where a key leaves its predecessor at `depth` (after a sibling or a
                // key ending here) or its successor does (before a sibling), the sort
                // saw the byte: no look at the text.
                let split = |i: usize| self.scratch.split.get(i).copied().unwrap_or((None, None));
                let known = if at > lo { split(at).1 } else { None };
                let known = known.or_else(|| if end < hi { split(end).0 } else { None });
                let byte =
                    known.unwrap_or_else(|| self.key(&first).get(depth).copied().unwrap_or(0));
                let common = common.saturating_sub(depth);
                let child = self.new_node(span(first.start as usize + depth, common));
                self.out.edge_bytes.push(byte);
                self.out.edge_targets.push(child);
                stack.push(Pending {
                    node: child,
                    lo: at,
                    hi: end,
                    depth: depth + common,
                });
                at = end;
            }
            let edges = span(start, self.out.edge_bytes.len() - start);
            self.node_mut(node).edges = edges;
        }
        self.scratch.stack = stack;
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
        let mut body = String::from("User-agent: *\n");
        for i in 0..500 {
            body.push_str(&alloc::format!(
                "Disallow: /{:x}/deep/path/segment/{i}.html\n",
                i * 7919
            ));
        }
        let policy = Policy::parse(body.as_bytes(), Profile::Google);
        assert_eq!(policy.rule_count(), 500);
        let t = policy.tables();
        let nodes = t.inners().len() + t.leaves().len();
        assert!(nodes <= 2 * 500 + 1, "{nodes} nodes");
        // Rule i is on line i + 2; a longer path still matches its prefix.
        let path = alloc::format!("/{:x}/deep/path/segment/1.html.extra", 7919);
        let verdict = policy.check("bot", &path);
        assert!(!verdict.allowed);
        assert_eq!(verdict.rule.map(|r| policy.rule(r).unwrap().line), Some(3));
        // Diverging inside a compressed label must not match.
        let near = alloc::format!("/{:x}/deep/path/segmenX/1.html", 7919);
        assert!(policy.is_allowed("bot", &near));
    }

    /// A leaf (one key ending at a node, built by [`super::TrieBuilder::make_leaf`])
    /// holds its rule in the right slot: a prefix rule, an exact (`$`) rule, a
    /// wildcard rule; and a node where two keys end is not taken for a leaf.
    #[test]
    fn leaves_hold_prefix_exact_and_wildcard_rules() {
        let policy = Policy::parse(
            b"User-agent: *\nDisallow: /pre\nDisallow: /exact$\nDisallow: /wild*x\n\
              Allow: /two\nDisallow: /two\nDisallow: /twofold$\n",
            Profile::Google,
        );
        let line = |path: &str| {
            policy
                .check("bot", path)
                .rule
                .map(|r| policy.rule(r).unwrap().line)
        };
        assert_eq!(line("/prefix"), Some(2));
        assert_eq!(line("/exact"), Some(3));
        assert_eq!(line("/exact/more"), None);
        assert_eq!(line("/wild/yx"), Some(4));
        assert_eq!(line("/wild/y"), None);
        // Allow wins the tie at the node where both `/two` keys end.
        assert_eq!(line("/two/x"), Some(5));
        assert_eq!(line("/twofold"), Some(7));
        assert!(policy.is_allowed("bot", "/twofold/x"));
        assert_eq!(
            policy.tables().leaves().len(),
            4,
            "one leaf per distinct key but /two"
        );
    }

    /// The builder numbers each trie's nodes from its root, a parent before its
    /// children (what `derive` relies on to visit them in one pass).
    #[test]
    fn nodes_are_numbered_root_first_and_parents_before_children() {
        use crate::compile::builder::CompiledRule;
        use crate::tables::layout::Span;
        let mut body = String::new();
        for agent in ["a", "b", "*"] {
            body.push_str(&alloc::format!("User-agent: {agent}\n"));
            for i in 0..200 {
                body.push_str(&alloc::format!(
                    "Disallow: /{agent}/{:x}/{}*x\n",
                    i * 7919,
                    i % 13
                ));
            }
        }
        // Build the tries directly, one per group, as the compiler does.
        let mut text = Vec::new();
        let mut rules: Vec<CompiledRule> = Vec::new();
        let mut segments = Vec::new();
        for line in body.lines().filter(|l| l.starts_with("Disallow: ")) {
            let key = line
                .trim_start_matches("Disallow: ")
                .split('*')
                .next()
                .unwrap_or("");
            let start = crate::ids::index(text.len());
            text.extend_from_slice(key.as_bytes());
            let span = Span::new(start, key.len() as u32);
            segments.push(span);
            segments.push(Span::new(start, 0));
            let id = rules.len() as u32;
            rules.push(CompiledRule {
                line: id + 1,
                column: 1,
                allow: false,
                derived: false,
                priority: key.len() as u32,
                rank: crate::tables::rank::rank(Profile::Google, 0, false, id),
                pattern: span,
                segments: Span::new(2 * id, 2),
                anchored: false,
                group: crate::ids::FileGroup(id / 200),
            });
        }
        let mut builder = super::TrieBuilder::new(&rules, &segments, &text, &[]);
        let roots: Vec<usize> = (0..3)
            .map(|g| {
                builder
                    .build(core::iter::once(g * 200..(g + 1) * 200))
                    .as_usize()
            })
            .collect();
        let tables = builder.finish();
        assert_eq!(roots.first(), Some(&0));
        for (id, node) in tables.nodes.iter().enumerate() {
            let trie = roots.partition_point(|&r| r <= id);
            let end = roots.get(trie).copied().unwrap_or(tables.nodes.len());
            for &child in node.edges.of(&tables.edge_targets) {
                let child = child.as_usize();
                assert!(child > id && child < end, "node {id}: child {child}");
            }
        }
    }

    /// Keys that agree past their first eight bytes are sorted again further on:
    /// pairs (compared directly), runs that agree on eight bytes more (the shared
    /// prefix skipped), keys that end inside another, and equal keys. Every
    /// verdict is the longest matching key's (Allow wins a tie, then the earlier line).
    #[test]
    fn keys_sharing_long_prefixes_sort_and_match_like_brute_force() {
        use alloc::string::String;
        use alloc::vec::Vec;
        let mut keys: Vec<String> = Vec::new();
        let long = "/abcdefghijklmnopqrstuvwxyz0123456789";
        for cut in [8, 9, 12, 16, 17, 24, 30] {
            // A pair sharing `cut` bytes, parting on a later byte either way.
            keys.push(alloc::format!("{}X{cut}", &long[..cut]));
            keys.push(alloc::format!("{}A{cut}/tail", &long[..cut]));
        }
        // Runs of three and more sharing 20 bytes, one of them a prefix of another.
        for tail in ["q", "qq/x", "b", "", "qq"] {
            keys.push(alloc::format!("/shared/prefix/run/{tail}"));
        }
        // A pair where one key ends where the other goes on, and equal keys.
        keys.push(String::from("/0123456789abcdef"));
        keys.push(String::from("/0123456789abcdef/more"));
        keys.push(String::from("/same/key/repeated/twice"));
        keys.push(String::from("/same/key/repeated/twice"));
        // Unrelated keys, so the ranges above are ranges of a larger sort.
        for i in 0..40 {
            keys.push(alloc::format!("/{:x}/k{i}", i * 7919));
        }
        agrees_with_brute_force(&keys);
    }

    /// Rules on `keys` (every third an Allow, the rest Disallow, in one `*` group)
    /// decide every path near a key as brute force does: the longest matching key,
    /// then Allow, then the earlier line.
    fn agrees_with_brute_force(keys: &[String]) {
        agrees_with_brute_force_near(keys, keys);
    }

    /// As [`agrees_with_brute_force`], for the paths near `near` (some of `keys`).
    fn agrees_with_brute_force_near(keys: &[String], near: &[String]) {
        use alloc::string::String;
        use alloc::vec::Vec;
        let mut body = String::from("User-agent: *\n");
        for (i, key) in keys.iter().enumerate() {
            let directive = if i % 3 == 0 { "Allow" } else { "Disallow" };
            body.push_str(&alloc::format!("{directive}: {key}\n"));
        }
        let policy = Policy::parse(body.as_bytes(), Profile::Google);
        let mut paths: Vec<String> = Vec::new();
        for key in near {
            paths.push(key.clone());
            paths.push(alloc::format!("{key}z"));
            paths.push(alloc::format!("{key}/deeper"));
            for cut in [1, 3, 9] {
                if let Some(shorter) = key.get(..key.len().saturating_sub(cut)) {
                    paths.push(String::from(shorter));
                }
            }
        }
        for path in &paths {
            // Longest key, then Allow, then the earlier line.
            let expected = keys
                .iter()
                .enumerate()
                .filter(|(_, k)| path.starts_with(k.as_str()))
                .max_by_key(|&(i, k)| (k.len(), i % 3 == 0, core::cmp::Reverse(i)))
                .map(|(i, _)| i as u32 + 2);
            let verdict = policy.check("bot", path);
            assert_eq!(
                verdict.rule.map(|r| policy.rule(r).unwrap().line),
                expected,
                "{path}"
            );
        }
    }

    /// Enough keys for the radix first sort ([`crate::sort::RADIX_MIN`]): keys with the
    /// same first eight bytes but different lengths (`/abcdefg`, `/abcdefg/x`,
    /// `/abc`), given longest first, must still sort shortest first, and equal keys
    /// far apart in the order given.
    #[test]
    fn many_keys_sort_by_radix_and_match_like_brute_force() {
        use alloc::string::String;
        use alloc::vec::Vec;
        let mut tricky: Vec<String> = Vec::new();
        for key in [
            "/abcdefg/x",
            "/abcdefg",
            "/abcdefgh",
            "/abc",
            "/ab",
            "/abcdefg/x",
            "/abcdefg",
            "/abc",
        ] {
            tricky.push(String::from(key));
        }
        let mut keys: Vec<String> = tricky.clone();
        let mut x: u32 = 12345;
        for i in 0..crate::sort::RADIX_MIN + 100 {
            // A few thousand keys with mostly distinct first eight bytes.
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            keys.push(alloc::format!("/{:07x}/{}", x >> 4, i % 7));
            if i % 1000 == 0 {
                keys.extend(tricky.iter().rev().cloned());
            }
        }
        let mut near = tricky.clone();
        near.extend(keys.iter().step_by(97).cloned());
        agrees_with_brute_force_near(&keys, &near);
    }

    /// Keys listed by directory, so that most share their first eight bytes with
    /// the key before them: the first sort leaves those in any order, and equal
    /// keys (short, long, far apart) still rank by line.
    #[test]
    fn keys_listed_by_directory_sort_and_match_like_brute_force() {
        use alloc::string::String;
        use alloc::vec::Vec;
        let mut keys: Vec<String> = Vec::new();
        for i in 0..300 {
            keys.push(alloc::format!("/html/A{:05}_{}/", (i * 37) % 1000, i % 3));
            if i % 50 == 0 {
                keys.push(String::from("/ab"));
                keys.push(String::from("/html/"));
                keys.push(String::from("/html/A00000_0/"));
                keys.push(String::from("/html/same/long/key/repeated"));
                // Eight bytes: the digit, and it ends there.
                keys.push(String::from("/html/A0"));
            }
        }
        agrees_with_brute_force(&keys);
    }
}
