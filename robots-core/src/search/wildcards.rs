//! Wildcard rules: those a walk cannot settle on its own.
//!
//! The walk notes the nodes it passes that hold wildcard rules ([`WildNodes`]);
//! once the best literal rule is known, only the wildcard rules that could beat it
//! are tested, best rank first. Nodes with many such rules file them under
//! anchors of their root, which one automaton pass over the path finds
//! ([`anchors`](super::anchors)).

use crate::ids::{NodeId, RuleId};
use crate::search::best::Best;
use crate::search::view::View;
use crate::tables::layout::{Span, NODE_INDEXED, NODE_WILD};
use crate::tables::view::entry;

impl View<'_> {
    /// Test the wildcard rules of the nodes the walk from `root` passed (deepest
    /// first: longer literal prefixes tend to rank higher), then, if it passed a
    /// node with many, those filed under the root's anchors. Rule numbers are
    /// the trie's plus `shift` (see [`SetRoot`](crate::tables::layout::SetRoot)).
    #[inline(never)]
    pub(crate) fn match_wildcards(
        &self,
        wild: &WildNodes,
        root: NodeId,
        shift: u32,
        path: &[u8],
        best: &mut Best,
    ) {
        if wild.overflow() {
            // More nodes than were noted: walk again and test each where it is met.
            self.walk(root, path, |key, flags, depth| {
                if flags & NODE_WILD != 0 {
                    let rest = path.get(depth..).unwrap_or_default();
                    self.match_wild(self.node_wild(key), shift, rest, best);
                }
            });
        } else {
            for &(key, depth) in wild.items().iter().rev() {
                let rest = path.get(depth as usize..).unwrap_or_default();
                self.match_wild(self.node_wild(key), shift, rest, best);
            }
        }
        if let Some(from) = wild.anchored_from() {
            self.match_anchored(root, shift, path, from, best);
        }
    }

    /// The wildcard rules of node `key`, flagged [`NODE_WILD`] (a range of
    /// `wild_rules`).
    ///
    /// # Panics
    /// With a message starting "bug:" if the node has no entry in `node_wild`
    /// (its wildcard rules would go untested).
    #[inline(always)]
    fn node_wild(&self, key: u32) -> Span {
        match self.automata.node_wild(self.t, key) {
            Some(i) => entry(self.t.node_wild(), i, "node_wild").rules,
            None => not_wild(key),
        }
    }

    /// Test the wildcard rules of one node (best rank first, numbered with
    /// `shift`) on `rest`.
    #[inline]
    fn match_wild(&self, wild: Span, shift: u32, rest: &[u8], best: &mut Best) {
        for id in wild.of(self.t.wild_rules()) {
            let id = RuleId(id.get()).shifted(shift);
            let rank = self.t.found_rank(id);
            if best.holds(rank) {
                break;
            }
            if self.tail_matches(id, rest) {
                best.offer(id, rank);
                break;
            }
        }
    }
}

/// A node flagged [`NODE_WILD`] that `node_wild` lacks.
#[cold]
#[inline(never)]
fn not_wild(key: u32) -> ! {
    panic!("bug: node {key} is flagged wild but has no wildcard rules")
}

/// Nodes with wildcard rules met on the walks, with their depths.
pub(crate) struct WildNodes {
    /// The first [`WildNodes::CAP`] nodes met.
    items: [(u32, u32); WildNodes::CAP],
    /// How many nodes were met: more than [`WildNodes::CAP`] means that a second walk
    /// must find them all.
    len: usize,
    /// The least depth at which a walk passed a node whose wildcard rules are
    /// filed under anchors (`usize::MAX`: none): their first segments end there or
    /// later, so their anchors are in the path from there on.
    anchored_from: usize,
}

impl WildNodes {
    const CAP: usize = 8;

    #[inline]
    pub(crate) fn new() -> WildNodes {
        WildNodes {
            items: [(0, 0); WildNodes::CAP],
            len: 0,
            anchored_from: usize::MAX,
        }
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0 && self.anchored_from == usize::MAX
    }

    /// Where the anchors of the nodes passed may start, if a walk passed one.
    #[inline]
    fn anchored_from(&self) -> Option<usize> {
        (self.anchored_from != usize::MAX).then_some(self.anchored_from)
    }

    /// Whether more nodes were met than noted.
    #[inline]
    fn overflow(&self) -> bool {
        self.len > WildNodes::CAP
    }

    /// Note node `key` (with `flags`) at `depth` if it has wildcard rules.
    #[inline(always)]
    pub(crate) fn note(&mut self, key: u32, flags: u32, depth: usize) {
        if flags & (NODE_WILD | NODE_INDEXED) != 0 {
            self.note_wild(key, flags, depth);
        }
    }

    /// [`WildNodes::note`] for a node with wildcard rules (out of line: most nodes have none).
    #[inline(never)]
    fn note_wild(&mut self, key: u32, flags: u32, depth: usize) {
        if flags & NODE_INDEXED != 0 {
            self.anchored_from = self.anchored_from.min(depth);
        }
        if flags & NODE_WILD != 0 {
            match (self.items.get_mut(self.len), u32::try_from(depth)) {
                (Some(slot), Ok(depth)) => *slot = (key, depth),
                // Not noted: count it as an overflow.
                (_, Err(_)) => self.len = WildNodes::CAP,
                (None, _) => {}
            }
            self.len += 1;
        }
    }

    #[inline]
    fn items(&self) -> &[(u32, u32)] {
        self.items
            .get(..self.len.min(WildNodes::CAP))
            .unwrap_or_default()
    }
}
