//! The walk: the one search routine every check runs, over tables wherever they
//! live (a policy's own buffer, serialised bytes, `static` data).
//!
//! A check walks the rule set's trie along the path (one node record read, one
//! word search and one word compare per step), reads the best literal rule where
//! the walk stopped (known in advance, see [`derive`](crate::compile::derive)),
//! and tests wildcard rules ([`wildcards`](super::wildcards)) only if the walk
//! passed nodes that have them.

use crate::ids::{NodeId, RuleId};
use crate::profile::Profile;
use crate::search::automata::Automata;
use crate::search::best::End;
use crate::search::segments::{c_string, tail_matches, tail_matches_fast};
use crate::search::verdict::{Reason, Verdict};
use crate::swar::{position_in_word, same_long, tail_word, LOW_BYTES};
use crate::tables::layout::{
    Inner, Label, Leaf, LEAF_INHERIT, LEAF_KEY, NODE_EXACT, NODE_FULL, NODE_LONG,
};
use crate::tables::view::{entry, Tables};

/// The search over a policy's tables, with the automata of its anchors (built
/// as checks need them).
#[derive(Clone, Copy, Debug)]
pub(crate) struct View<'p> {
    pub(crate) t: &'p Tables<'p>,
    pub(crate) automata: &'p Automata,
}

impl<'p> View<'p> {
    #[inline]
    pub(crate) fn new(t: &'p Tables<'p>, automata: &'p Automata) -> View<'p> {
        View { t, automata }
    }

    /// The verdict of the best rule found ([`RuleId::NONE`]: no rule matched).
    ///
    /// # Panics
    /// With a message starting "bug:" if `best` is past the rules (see
    /// [`Tables::found_rule`]).
    #[inline]
    pub(crate) fn verdict_of(&self, best: RuleId) -> Verdict {
        let Some(rule) = best.some() else {
            return Verdict::without_rule(Reason::NoMatchingRule);
        };
        Verdict {
            allowed: self.t.found_rule(rule).allow(),
            rule: Some(rule),
            reason: Reason::Rule,
        }
    }

    /// Whether a walk that reached `depth` read the whole path. Under Google a
    /// NUL ends the path (Google's matcher reads it as a C string); no Google
    /// label holds a NUL, so no walk passes one (see [`search_path`]).
    ///
    /// [`search_path`]: crate::search::segments::search_path
    #[inline(always)]
    pub(crate) fn path_ends_at(&self, path: &[u8], depth: usize) -> bool {
        match path.get(depth) {
            None => true,
            Some(0) => self.t.profile == Profile::Google,
            Some(_) => false,
        }
    }

    /// The path wildcard rules are tested on: under Google, cut at its first NUL.
    #[inline]
    pub(crate) fn wildcard_path<'a>(&self, path: &'a [u8]) -> &'a [u8] {
        if self.t.profile == Profile::Google {
            c_string(path)
        } else {
            path
        }
    }

    /// The best literal rule for a walk that stopped at `end`, having read the
    /// whole path (`whole`) or not.
    #[inline(always)]
    pub(crate) fn literal_at(&self, end: &End, whole: bool) -> RuleId {
        if whole && end.flags & NODE_EXACT != 0 {
            return self.exact_rule(end.key);
        }
        end.best
    }

    /// The best rule of a path that ends exactly at node `key` (out of line: few
    /// nodes have one).
    ///
    /// # Panics
    /// With a message starting "bug:" if the node, flagged [`NODE_EXACT`], has
    /// no entry in `exact` (its prefix rule would decide instead).
    #[inline(never)]
    fn exact_rule(&self, key: u32) -> RuleId {
        let exact = self.t.exact();
        match exact.binary_search_by_key(&key, |e| e.node.get()) {
            Ok(i) => RuleId(entry(exact, i, "exact").rule.get()),
            Err(_) => panic!("bug: node {key} is flagged exact but has no exact rule"),
        }
    }

    /// The position of `byte` among the children of `node` (inner ones first).
    #[inline(always)]
    pub(crate) fn position(&self, node: &Inner, byte: u8) -> Option<usize> {
        let count = node.edge_count();
        if count <= 8 {
            position_in_word(node.edges.get(), count, byte)
        } else {
            self.wide_position(node, byte)
        }
    }

    /// [`View::position`] for a node with more than eight children: its block in
    /// `wide` maps each byte of its range to its child's position plus one.
    ///
    /// # Panics
    /// With a message starting "bug:" if the block is not in `wide`.
    #[inline(never)]
    fn wide_position(&self, node: &Inner, byte: u8) -> Option<usize> {
        let wide = self.t.wide();
        let at = usize::try_from(node.edges.get()).unwrap_or(usize::MAX);
        let (Some(&lo), Some(&hi)) = (wide.get(at), wide.get(at.wrapping_add(1))) else {
            wide_past()
        };
        if byte < lo || byte > hi {
            return None;
        }
        let Some(&entry) = wide.get(at + 2 + usize::from(byte - lo)) else {
            wide_past()
        };
        let entry = usize::from(entry);
        if node.flags() & NODE_FULL != 0 {
            Some(entry)
        } else {
            entry.checked_sub(1)
        }
    }

    /// `path[depth..]` as a little-endian word (zero-filled past the end), or
    /// `None` when fewer than `len` bytes are left. (Leaves read their labels
    /// from the text with it too.)
    #[inline(always)]
    fn path_word(path: &[u8], depth: usize, len: usize) -> Option<u64> {
        match path.get(depth..depth + 8) {
            Some(bytes) => Some(<[u8; 8]>::try_from(bytes).map_or(0, u64::from_le_bytes)),
            None if depth + len > path.len() => None,
            None => Some(tail_word(path, depth)),
        }
    }

    /// The length of `label` (a node's `label` field, with its [`NODE_LONG`]
    /// flag: see [`crate::tables::layout::Label`]) if `path[depth..]`
    /// starts with it.
    #[inline(always)]
    #[allow(clippy::indexing_slicing)] // `len` is a word's byte count, at most eight
    fn label_matches(&self, label: u64, long: bool, path: &[u8], depth: usize) -> Option<usize> {
        if long {
            return self.long_label_matches(label, path, depth);
        }
        // Zero-filled and NUL-free: the label ends where the zero bytes start.
        let len = 8 - (label.leading_zeros() / 8) as usize;
        let word = Self::path_word(path, depth, len)?;
        ((word ^ label) & LOW_BYTES[len] == 0).then_some(len)
    }

    /// [`View::label_matches`] for a label in the text (out of line: most
    /// labels are short).
    #[inline(never)]
    fn long_label_matches(&self, label: u64, path: &[u8], depth: usize) -> Option<usize> {
        let Label::Long(span) = Label::of(label, true) else {
            return None;
        };
        let label = span.of(self.t.text());
        path.get(depth..depth + label.len())
            .is_some_and(|rest| same_long(rest, label))
            .then_some(label.len())
    }

    /// The length of the label of a leaf that names rule `rule`, reached at
    /// `depth`, if `path[depth..]` starts with it. The label is the rest of the
    /// rule's first segment (see [`Leaf`]); a leaf whose rule's segment ends
    /// before `depth` (only in tables from bytes) matches nothing.
    ///
    /// # Panics
    /// With a message starting "bug:" if the rule, or its segment in the text,
    /// is missing (see [`Tables::found_rule`]).
    #[inline(always)]
    fn leaf_label_matches(&self, rule: RuleId, path: &[u8], depth: usize) -> Option<usize> {
        let record = self.t.found_rule(rule);
        let (start, end) = if record.complex() {
            self.first_segment_of_complex(rule)
        } else {
            let len = record
                .short_len()
                .saturating_sub(u32::from(record.anchored()));
            (record.pattern.get() as usize, len as usize)
        };
        if end <= depth || end > path.len() {
            return None;
        }
        let len = end - depth;
        // The walk read `path[..depth]` as the segment's first bytes, so any
        // word that ends where the label ends and covers it compares it whole.
        // The segment lies in the text (the compiler wrote it there, and
        // validation checks every pattern and segment): reading it cannot fail.
        let text = self.t.text();
        if len <= 8 && end >= 8 {
            let want = eight_at(text, start + end - 8).unwrap_or_else(|| text_past(start + end));
            return (eight_at(path, end - 8)? == want).then_some(len);
        }
        if end < 8 {
            let mask = LOW_BYTES.get(end).copied().unwrap_or(0);
            let want =
                Self::path_word(text, start, end).unwrap_or_else(|| text_past(start + end)) & mask;
            return (Self::path_word(path, 0, end)? & mask == want).then_some(len);
        }
        let label = text
            .get(start + depth..start + end)
            .unwrap_or_else(|| text_past(start + end));
        path.get(depth..end)
            .is_some_and(|rest| same_long(rest, label))
            .then_some(len)
    }

    /// The first segment of complex rule `rule`, as `(start in the text, length)`
    /// (out of line: most leaves name a plain rule).
    #[inline(never)]
    fn first_segment_of_complex(&self, rule: RuleId) -> (usize, usize) {
        let (first, _) = self.t.found_segments(rule);
        (first.start.get() as usize, first.len.get() as usize)
    }

    /// Where a walk that reached `depth` at inner node `parent` ends in its
    /// child `leaf` (whose key is `key`), if `path[depth..]` starts with the
    /// leaf's label.
    #[inline(always)]
    fn enter_leaf(
        &self,
        parent: &Inner,
        leaf: &Leaf,
        key: u32,
        path: &[u8],
        depth: usize,
    ) -> Option<End> {
        let len = self.leaf_label_matches(leaf.rule(), path, depth)?;
        let best = if leaf.info.get() & LEAF_INHERIT != 0 {
            parent.best_rule()
        } else {
            leaf.rule()
        };
        Some(End {
            key,
            best,
            flags: leaf.flags(),
            depth: depth + len,
        })
    }

    /// The depth after inner node `child`'s label, if `path[depth..]` starts with it.
    #[inline(always)]
    fn enter_inner(&self, child: &Inner, path: &[u8], depth: usize) -> Option<usize> {
        let long = child.shape.get() & NODE_LONG != 0;
        let len = self.label_matches(child.label.get(), long, path, depth)?;
        Some(depth + len)
    }

    /// Follow `path` down one trie from `root` as far as it goes: where it ended.
    /// `on_node` sees every node reached (its key, flags and the depth after its
    /// label): the search notes the nodes with wildcard rules there, to test them
    /// once the literal best is known, which lets most of them be skipped on rank
    /// alone.
    #[inline(always)]
    pub(crate) fn walk(
        &self,
        root: NodeId,
        path: &[u8],
        mut on_node: impl FnMut(u32, u32, usize),
    ) -> End {
        // A node a root or an edge names is there (see `Tables::inner`): a
        // missing one is a bug, never the end of the walk.
        let (inners, leaves) = (self.t.inners(), self.t.leaves());
        let mut node = entry(inners, root.as_usize(), "inners");
        let mut key = root.as_u32();
        let mut depth = 0usize;
        loop {
            on_node(key, node.flags(), depth);
            let Some(&byte) = path.get(depth) else {
                break;
            };
            let Some(at) = self.position(node, byte) else {
                break;
            };
            let inner_count = node.inner_count();
            if at < inner_count {
                let next = node.inner_child(at);
                let child = entry(inners, next.as_usize(), "inners");
                let Some(after) = self.enter_inner(child, path, depth) else {
                    break;
                };
                key = next.as_u32();
                node = child;
                depth = after;
            } else {
                let next = node
                    .first_leaf
                    .get()
                    .wrapping_add((at - inner_count) as u32);
                let leaf = entry(leaves, next as usize, "leaves");
                let Some(end) = self.enter_leaf(node, leaf, next | LEAF_KEY, path, depth) else {
                    break;
                };
                on_node(end.key, end.flags, end.depth);
                return end;
            }
        }
        End {
            key,
            best: node.best_rule(),
            flags: node.flags(),
            depth,
        }
    }

    /// One step of a walk from inner node `node`, reached at `depth`: the child
    /// whose label `path` continues with, if any. An inner child comes back as
    /// `Ok((index, record, depth after its label))`; a leaf ends the walk, as
    /// `Err(End)`.
    #[inline(always)]
    pub(crate) fn step(
        &self,
        node: &Inner,
        path: &[u8],
        depth: usize,
    ) -> Option<Result<(NodeId, &'p Inner, usize), End>> {
        let &byte = path.get(depth)?;
        let at = self.position(node, byte)?;
        let inner_count = node.inner_count();
        if at < inner_count {
            let next = node.inner_child(at);
            let child = self.t.inner(next);
            let after = self.enter_inner(child, path, depth)?;
            Some(Ok((next, child, after)))
        } else {
            let next = node
                .first_leaf
                .get()
                .wrapping_add((at - inner_count) as u32);
            let leaf = self.t.leaf(next);
            self.enter_leaf(node, leaf, next | LEAF_KEY, path, depth)
                .map(Err)
        }
    }

    /// Whether rule `id` (a rule the search found: see
    /// [`Tables::found_rule`]) matches the whole `path`.
    pub(crate) fn rule_matches(&self, id: RuleId, path: &[u8]) -> bool {
        let rule = self.t.found_rule(id);
        let (first, tail) = self.t.found_segments(id);
        let text = self.t.text();
        path.strip_prefix(first.of(text)).is_some_and(|rest| {
            tail_matches_fast(rest, tail.iter().map(|s| s.of(text)), rule.anchored())
        })
    }

    /// [`rule_tail_matches`] for the search: a length
    /// check first, then a search tuned for short paths.
    #[inline]
    pub(crate) fn tail_matches(&self, id: RuleId, rest: &[u8]) -> bool {
        let rule = self.t.found_rule(id);
        let (_, tail) = self.t.found_segments(id);
        // The literals must fit in the rest of the path.
        let literal: usize = tail.iter().map(|s| s.len.get() as usize).sum();
        if literal > rest.len() {
            return false;
        }
        let text = self.t.text();
        tail_matches_fast(rest, tail.iter().map(|s| s.of(text)), rule.anchored())
    }
}

/// A wide node whose block runs past `wide`: the compiler writes each block
/// whole, and validation checks it of bytes from outside.
#[cold]
#[inline(never)]
fn wide_past() -> ! {
    panic!("bug: a wide node's block runs past the wide blocks")
}

/// A rule's segment that runs past the text: the compiler and validation
/// keep every segment in it.
#[cold]
#[inline(never)]
#[track_caller]
fn text_past<T>(end: usize) -> T {
    panic!("bug: a rule's segment ends at {end}, past the text")
}

/// The eight bytes of `bytes` from `at`, as a little-endian word (with no
/// zero-filled tail: [`View::path_word`] has one, and a branch for it).
#[inline(always)]
fn eight_at(bytes: &[u8], at: usize) -> Option<u64> {
    let eight = bytes.get(at..at + 8)?;
    <[u8; 8]>::try_from(eight).ok().map(u64::from_le_bytes)
}

/// The reference matcher for the segments after a rule's first: whether `rest`
/// matches them (explanations and brute force use it; the search uses its own,
/// filtered form in [`wildcards`](super::wildcards)). Rule `id` is one of the
/// tables' (see [`Tables::found_rule`]).
pub(crate) fn rule_tail_matches(t: &Tables<'_>, id: u32, rest: &[u8]) -> bool {
    let rule = t.found_rule(RuleId(id));
    let (_, tail) = t.found_segments(RuleId(id));
    tail_matches(rest, tail.iter().map(|s| s.of(t.text())), rule.anchored())
}

/// Whether rule `id` matches a normalised path, tested on its own (false for
/// a number that names no rule: it comes from outside, see `__private`).
pub(crate) fn rule_matches_alone(t: &Tables<'_>, id: u32, path: &[u8]) -> bool {
    let Some((first, _)) = t.rule_segments(id) else {
        return false;
    };
    match path.strip_prefix(first.of(t.text())) {
        Some(rest) => rule_tail_matches(t, id, rest),
        None => false,
    }
}

/// Whether the path before any `?` is `/robots.txt`.
pub(crate) fn is_robots_txt(path: &[u8]) -> bool {
    path.strip_prefix(b"/robots.txt")
        .is_some_and(|rest| matches!(rest.first(), None | Some(b'?')))
}
