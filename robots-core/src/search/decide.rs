//! Deciding a check: the walk of each trie the crawler's rule set has, the
//! wildcard rules the walks could not settle ([`wildcards`](super::wildcards)),
//! and the best rule's verdict. The primitives are [`View`]'s.

use crate::ids::{NodeId, RuleId};
use crate::search::best::Best;
use crate::search::verdict::{Reason, Verdict};
use crate::search::view::{is_robots_txt, View};
use crate::search::wildcards::WildNodes;
use crate::search::Selected;
use crate::tables::layout::{RuleSet, NODE_EXACT, NODE_INDEXED, NODE_WILD};

impl View<'_> {
    /// Decide for an already normalised path, for the crawler `selected` is of.
    #[inline]
    pub(crate) fn decide(&self, selected: Selected, path: &[u8]) -> Verdict {
        if self.t.profile.robots_txt_always_allowed() && is_robots_txt(path) {
            return Verdict::without_rule(Reason::RobotsTxt);
        }
        let best = if selected.root.is_none() {
            // No set: no group applies. A set the tables lack is a bug
            // (`found_set` panics), never "no group".
            let Some(set) = selected.set.some() else {
                return Verdict::without_rule(Reason::NoGroup);
            };
            self.search(self.t.found_set(set), path)
        } else if selected.second.is_none() {
            self.search_one(selected.root, selected.shift, path)
        } else {
            self.search_two(selected, path)
        };
        self.verdict_of(best)
    }

    /// [`View::search`] for a set with one trie root (`root`, walked with
    /// rule `shift`).
    #[inline(always)]
    fn search_one(&self, root: NodeId, shift: u32, path: &[u8]) -> RuleId {
        let mut wild = WildNodes::new();
        let literal = self.walk_literal(root, path, &mut wild).shifted(shift);
        if wild.is_empty() {
            return literal;
        }
        self.search_one_wild(literal, &wild, root, shift, path)
    }

    /// The rest of [`View::search_one`] when the walk passed wildcard rules.
    #[inline(never)]
    fn search_one_wild(
        &self,
        literal: RuleId,
        wild: &WildNodes,
        root: NodeId,
        shift: u32,
        path: &[u8],
    ) -> RuleId {
        let mut best = Best::EMPTY;
        if !literal.is_none() {
            best.offer(literal, self.t.found_rank(literal));
        }
        self.match_wildcards(wild, root, shift, self.wildcard_path(path), &mut best);
        best.id
    }

    /// Walk from `root`, noting wildcard nodes in `wild`: the best literal rule
    /// where the walk stopped (found in advance), or [`RuleId::NONE`].
    #[inline(always)]
    fn walk_literal(&self, root: NodeId, path: &[u8], wild: &mut WildNodes) -> RuleId {
        let end = self.walk(root, path, |key, flags, depth| wild.note(key, flags, depth));
        self.literal_at(&end, self.path_ends_at(path, end.depth))
    }

    /// The best rule of `rule_set` for `path` (or [`RuleId::NONE`]): the best of what
    /// [`View::search_one`] finds in each of its tries.
    #[inline(never)]
    fn search(&self, rule_set: &RuleSet, path: &[u8]) -> RuleId {
        let mut best = Best::EMPTY;
        for root in rule_set.roots.of(self.t.set_roots()) {
            let id = self.search_one(root.node(), root.shift.get(), path);
            if !id.is_none() {
                best.offer(id, self.t.found_rank(id));
            }
        }
        best.id
    }

    /// [`View::search`] for a set of two tries, known in advance. The second
    /// holds the few rules a group adds to those it repeats (often one, such
    /// as Zendesk's `Disallow: /tickets`): most paths leave it at its root,
    /// which one step tells without a whole walk.
    #[inline(never)]
    fn search_two(&self, selected: Selected, path: &[u8]) -> RuleId {
        let one = self.search_one(selected.root, selected.shift, path);
        if !self.may_match(selected.second, path) {
            return one;
        }
        let two = self.search_one(selected.second, selected.second_shift, path);
        if one.is_none() {
            two
        } else if two.is_none() || self.t.found_rank(one) >= self.t.found_rank(two) {
            one
        } else {
            two
        }
    }

    /// Whether a walk from `root` can find a rule for `path`: false when the
    /// root has no rule and no wildcard or exact rules of its own, and `path`
    /// does not get past it (the walk would stop there and find nothing).
    #[inline]
    fn may_match(&self, root: NodeId, path: &[u8]) -> bool {
        let node = self.t.inner(root);
        node.flags() & (NODE_WILD | NODE_INDEXED | NODE_EXACT) != 0
            || !node.best_rule().is_none()
            || self.step(node, path, 0).is_some()
    }
}
