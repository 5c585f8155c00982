//! The wildcard rules filed under anchors, tested on a path: the anchors its
//! root's automaton finds in it, best rule first (see [`anchors`](super::anchors)).

use crate::ids::{NodeId, RuleId};
use crate::search::anchors::{scan, scan_table, Finder, Found, RootAutomaton};
use crate::search::best::Best;
use crate::search::view::View;
use crate::tables::layout::Anchor;
use crate::tables::view::entry;

impl View<'_> {
    /// Test the rules filed under the anchors of trie root `root` that occur in
    /// `path[from..]` (the rules' first segments end at `from` or later).
    ///
    /// # Panics
    /// With a message starting "bug:" if the root, which has a node flagged
    /// [`NODE_INDEXED`](crate::tables::layout::NODE_INDEXED), has no anchors
    /// (the rules filed under them would go untested).
    #[inline(never)]
    pub(crate) fn match_anchored(
        &self,
        root: NodeId,
        shift: u32,
        path: &[u8],
        from: usize,
        best: &mut Best,
    ) {
        let t = self.t;
        let Some(i) = self.automata.place(t, root) else {
            panic!("bug: trie root {root} has indexed wildcard rules but no anchors");
        };
        let automaton = self.automata.root(t, i);
        if best.holds(automaton.top) {
            return;
        }
        let hay = path.get(from..).unwrap_or_default();
        // Most paths pass no gram of an anchor and hold no short one: done
        // without the finder.
        let first = automaton.first_pass(hay);
        if first.is_some()
            || matches!(automaton.finder, Finder::Missing)
            || automaton.short.may_match(path) && automaton.short.find(hay, &mut |_| false)
        {
            self.match_found(i, automaton, (path, from), first, shift, best);
        }
    }

    /// [`View::match_anchored`] once the filter passed `first` (a position of
    /// `path[from..]` and its offsets), if it did.
    #[inline(never)]
    pub(crate) fn match_found(
        &self,
        i: usize,
        automaton: &RootAutomaton,
        (path, from): (&[u8], usize),
        first: Option<(usize, u8)>,
        shift: u32,
        best: &mut Best,
    ) {
        let hay = path.get(from..).unwrap_or_default();
        let mut found = Found::new();
        let mut note = |anchor| found.note(anchor);
        let scanned = match (&automaton.finder, first) {
            (Finder::Missing, _) => false,
            (_, None) => true,
            (Finder::Table(table), Some(first)) => {
                scan_table(table, &automaton.grams, hay, first, &mut note);
                true
            }
            (Finder::Dfa(a, longest), Some(first)) => {
                scan(a, *longest, &automaton.grams, hay, first.0, &mut note)
            }
            (Finder::Nfa(a, longest), Some(first)) => {
                scan(a, *longest, &automaton.grams, hay, first.0, &mut note)
            }
        };
        if automaton.short.may_match(path) {
            automaton.short.find(hay, &mut |anchor| found.note(anchor));
        }
        let t = self.t;
        let anchors = t.wild_root(i).anchors.of(t.anchors());
        if !scanned || found.overflow {
            // Too many different anchors to remember: test every rule once.
            return self.match_all(anchors, path, shift, best);
        }
        // Best rule first across the anchors found: the tests stop at the first
        // anchor whose best rule cannot beat the best found. The automaton
        // numbers the root's anchors: each has a rank, and is one of them.
        let tops = &automaton.tops;
        let top = |a: u32| *entry(tops, a as usize, "anchor tops");
        let len = found.len;
        let order = found.anchors.get_mut(..len).unwrap_or_default();
        if len > 1 {
            order.sort_unstable_by_key(|&a| core::cmp::Reverse(top(a)));
        }
        for &anchor in order.iter() {
            if best.holds(top(anchor)) {
                break;
            }
            self.match_anchor(
                entry(anchors, anchor as usize, "anchors"),
                path,
                shift,
                best,
            );
        }
    }

    /// Test the rules of `anchor` (best rank first, numbered with `shift`) on
    /// `path`.
    #[inline]
    pub(crate) fn match_anchor(&self, anchor: &Anchor, path: &[u8], shift: u32, best: &mut Best) {
        for id in anchor.rules.of(self.t.anchor_rules()) {
            let id = RuleId(id.get()).shifted(shift);
            let rank = self.t.found_rank(id);
            if best.holds(rank) {
                break;
            }
            if self.rule_matches(id, path) {
                best.offer(id, rank);
                break;
            }
        }
    }

    /// Test the rules of every anchor in `anchors`: when nothing could be built
    /// to find them, or the path has too many different ones to remember.
    #[cold]
    pub(crate) fn match_all(&self, anchors: &[Anchor], path: &[u8], shift: u32, best: &mut Best) {
        for anchor in anchors {
            self.match_anchor(anchor, path, shift, best);
        }
    }
}
