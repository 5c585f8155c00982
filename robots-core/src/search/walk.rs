//! The walk: the one search routine every check runs, over static, owned or
//! borrowed tables alike.
//!
//! A check walks the rule set's trie along the path (one walk record read, one
//! word search and one word compare per step), reads the best literal rule where
//! the walk stopped (known in advance, see [`derive`](crate::tables::derive)),
//! and tests wildcard rules ([`wildcards`](super::wildcards)) only if the walk
//! passed nodes that have them.

use crate::ids::RuleId;
use crate::search::segments::tail_matches;
use crate::search::verdict::{Reason, Verdict};
use crate::search::wildcards::WildNodes;
use crate::swar::{position_in_word, same_long, tail_word, LOW_BYTES};
use crate::tables::layout::{RuleRecord, RuleSet, Tables, WalkNode, NONE};

/// The search over a policy's tables (the walk's table borrowed once per check).
#[derive(Clone, Copy)]
pub(crate) struct View<'p> {
    pub(crate) t: &'p Tables,
    pub(crate) walk_nodes: &'p [WalkNode],
}

impl<'p> View<'p> {
    #[inline]
    pub(crate) fn of(t: &'p Tables) -> View<'p> {
        View {
            t,
            walk_nodes: &t.walk_nodes,
        }
    }

    /// Decide for an already normalised path in rule set `set`.
    /// `root` is the set's only trie root, or [`NONE`] to look the set up.
    #[inline]
    pub(crate) fn decide(&self, set: u32, root: u32, path: &[u8]) -> Verdict {
        if self.t.profile.robots_txt_always_allowed() && is_robots_txt(path) {
            return Verdict::without_rule(Reason::RobotsTxt);
        }
        let best = if root != NONE {
            self.search_one(root, set, path)
        } else {
            let Some(rule_set) = self.t.sets.get(set as usize) else {
                return Verdict::without_rule(Reason::NoGroup);
            };
            self.search(rule_set, path)
        };
        self.verdict_of(best)
    }

    /// The verdict of the best rule found ([`NONE`]: no rule matched).
    #[inline]
    pub(crate) fn verdict_of(&self, best: u32) -> Verdict {
        match self.t.rules.get(best as usize) {
            Some(rule) => Verdict {
                allowed: rule.allow,
                rule: Some(RuleId(best)),
                reason: Reason::Rule,
            },
            None => Verdict::without_rule(Reason::NoMatchingRule),
        }
    }

    #[inline]
    fn rank(&self, id: u32) -> u64 {
        self.t.rules.get(id as usize).map_or(0, |r| r.rank)
    }

    /// [`View::search`] for a set with one trie root (`root`).
    #[inline(always)]
    fn search_one(&self, root: u32, set: u32, path: &[u8]) -> u32 {
        let mut wild = WildNodes::new();
        let literal = self.walk_literal(root, path, &mut wild);
        if wild.is_empty() {
            return literal;
        }
        self.search_one_wild(literal, &wild, set, path)
    }

    /// The rest of [`View::search_one`] when the walk passed wildcard rules.
    #[inline(never)]
    fn search_one_wild(&self, literal: u32, wild: &WildNodes, set: u32, path: &[u8]) -> u32 {
        let mut best = Best::EMPTY;
        if literal != NONE {
            best.offer(literal, self.rank(literal));
        }
        if let Some(rule_set) = self.t.sets.get(set as usize) {
            self.match_wildcards(wild, rule_set, path, &mut best);
        }
        best.id
    }

    /// Walk from `root`, noting wildcard nodes in `wild`: the best literal rule
    /// where the walk stopped (found in advance), or [`NONE`].
    #[inline(always)]
    fn walk_literal(&self, root: u32, path: &[u8], wild: &mut WildNodes) -> u32 {
        let (node, depth) = self.walk(root, path, |id, node, depth| wild.note(id, node, depth));
        self.literal_at(node, depth == path.len())
    }

    /// The best literal rule for a walk that stopped at `node`, having read the whole
    /// path (`whole`) or not.
    #[inline(always)]
    pub(crate) fn literal_at(&self, node: u32, whole: bool) -> u32 {
        let table = if whole {
            &self.t.best_exact
        } else {
            &self.t.best_prefix
        };
        table.get(node as usize).copied().unwrap_or(NONE)
    }

    /// The best rule of `rule_set` for `path` (or [`NONE`]): the literal rules from
    /// the walks, then the wildcard rules (on the nodes passed, and in each root's pair
    /// index). [`View::search_one`] is the same for a set with one root.
    #[inline(never)]
    fn search(&self, rule_set: &RuleSet, path: &[u8]) -> u32 {
        let mut wild = WildNodes::new();
        let mut best = Best::EMPTY;
        for &root in rule_set.roots.of(&self.t.set_roots) {
            let literal = self.walk_literal(root, path, &mut wild);
            if literal != NONE {
                best.offer(literal, self.rank(literal));
            }
        }
        if !wild.is_empty() {
            self.match_wildcards(&wild, rule_set, path, &mut best);
        }
        best.id
    }

    /// The child of `node` on `byte`. Edge bytes are sorted and distinct.
    #[inline(always)]
    fn child(&self, node: &WalkNode, byte: u8) -> Option<u32> {
        let count = usize::from(node.edge_count);
        if node.first_child == NONE {
            return self.child_apart(node, byte);
        }
        let at = if count <= 8 {
            position_in_word(node.edges, count, byte)?
        } else {
            self.wide_position(node, byte)?
        };
        Some(node.first_child + at as u32)
    }

    /// The position of `byte` among the edges of a wide node (more than eight): its
    /// block maps every byte to a position (0 when absent, so the edge byte there
    /// confirms it).
    #[inline(always)]
    fn wide_position(&self, node: &WalkNode, byte: u8) -> Option<usize> {
        let block = usize::try_from(node.edges).ok()?;
        let at = usize::from(*self.t.wide_edges.get(block * 256 + usize::from(byte))?);
        let start = node.edge_start as usize;
        (self.t.edge_bytes.get(start + at) == Some(&byte)).then_some(at)
    }

    /// [`View::child`] for a node whose children are not numbered consecutively
    /// (out of line: the walk's loop keeps its registers).
    #[inline(never)]
    fn child_apart(&self, node: &WalkNode, byte: u8) -> Option<u32> {
        let count = usize::from(node.edge_count);
        let start = node.edge_start as usize;
        let at = if count <= 8 {
            position_in_word(node.edges, count, byte)?
        } else {
            self.wide_position(node, byte)?
        };
        if node.first_child != NONE {
            Some(node.first_child + at as u32)
        } else {
            self.t.edge_targets.get(start + at).copied()
        }
    }

    /// Whether `path[depth..]` starts with the label of node `id` (`node`).
    #[inline(always)]
    fn label_matches(&self, id: u32, node: &WalkNode, path: &[u8], depth: usize) -> bool {
        let len = node.label_len as usize;
        let word = match path.get(depth..depth + 8) {
            Some(bytes) => <[u8; 8]>::try_from(bytes).map_or(0, u64::from_le_bytes),
            None if depth + len > path.len() => return false,
            None => tail_word(path, depth),
        };
        if len > 8 {
            // The first eight bytes settle most long labels without reading the text.
            return word == node.label && self.long_label_matches(id, path, depth);
        }
        (word ^ node.label) & LOW_BYTES[len] == 0
    }

    /// [`View::label_matches`] for a label longer than a word (out of line).
    #[inline(never)]
    fn long_label_matches(&self, id: u32, path: &[u8], depth: usize) -> bool {
        let label = self
            .t
            .nodes
            .get(id as usize)
            .map_or(&[][..], |n| n.label.of(&self.t.text));
        path.get(depth..depth + label.len())
            .is_some_and(|rest| same_long(rest, label))
    }

    /// Follow `path` down one trie as far as it goes: the last node reached and its
    /// depth. `on_node` sees every node reached, with its depth (the search notes the
    /// nodes with wildcard rules there, to test them once the literal best is known,
    /// which lets most of them be skipped on rank alone).
    #[inline(always)]
    pub(crate) fn walk(
        &self,
        root: u32,
        path: &[u8],
        mut on_node: impl FnMut(u32, &WalkNode, usize),
    ) -> (u32, usize) {
        let mut id = root;
        let mut depth = 0usize;
        let Some(mut node) = self.walk_nodes.get(root as usize) else {
            return (id, depth);
        };
        loop {
            on_node(id, node, depth);
            let Some((next, child)) = self.step(node, path, depth) else {
                break;
            };
            id = next;
            node = child;
            depth += child.label_len as usize;
        }
        (id, depth)
    }

    /// One step of a walk: from `node`, which the walk reached at `depth`, to the
    /// child whose label `path` continues with (its id and record), if there is one.
    #[inline(always)]
    pub(crate) fn step(
        &self,
        node: &WalkNode,
        path: &[u8],
        depth: usize,
    ) -> Option<(u32, &'p WalkNode)> {
        let &byte = path.get(depth)?;
        let next = self.child(node, byte)?;
        let child = self.walk_nodes.get(next as usize)?;
        self.label_matches(next, child, path, depth)
            .then_some((next, child))
    }
}

/// The reference matcher for the segments after a rule's first: whether `rest`
/// matches them (explanations and brute force use it; the search uses its own,
/// filtered form in [`wildcards`](super::wildcards)).
pub(crate) fn rule_tail_matches(t: &Tables, rule: &RuleRecord, rest: &[u8]) -> bool {
    let segments = rule.segments.of(&t.segments);
    let tail = segments.get(1..).unwrap_or_default();
    tail_matches(rest, tail.iter().map(|s| s.of(&t.text)), rule.anchored)
}

/// Whether rule `id` matches a normalised path, tested on its own.
pub(crate) fn rule_matches_alone(t: &Tables, id: u32, path: &[u8]) -> bool {
    let Some(rule) = t.rules.get(id as usize) else {
        return false;
    };
    let Some(first) = rule.segments.of(&t.segments).first() else {
        return false;
    };
    match path.strip_prefix(first.of(&t.text)) {
        Some(rest) => rule_tail_matches(t, rule, rest),
        None => false,
    }
}

/// The best-ranked rule found so far.
#[derive(Clone, Copy)]
pub(crate) struct Best {
    pub(crate) id: u32,
    pub(crate) rank: u64,
}

impl Best {
    pub(crate) const EMPTY: Best = Best { id: NONE, rank: 0 };

    #[inline]
    pub(crate) fn offer(&mut self, id: u32, rank: u64) {
        if self.id == NONE || rank > self.rank {
            self.id = id;
            self.rank = rank;
        }
    }
}

/// Whether the path before any `?` is `/robots.txt`.
pub(crate) fn is_robots_txt(path: &[u8]) -> bool {
    path.strip_prefix(b"/robots.txt")
        .is_some_and(|rest| matches!(rest.first(), None | Some(b'?')))
}
