//! Wildcard rules: those a walk cannot settle on its own.
//!
//! The walk notes the nodes it passes that hold wildcard rules ([`WildNodes`]);
//! once the best literal rule is known, only the wildcard rules that could beat it
//! are tested, best rank first. Nodes with many such rules file them in a pair
//! index ([`WildIndex`]), which a path visits through the byte pairs it has
//! ([`PathFilter`]).

use crate::search::segments::tail_matches_fast;
use crate::search::walk::{Best, View};
use crate::tables::derive::{pair_slot, signature_bit, PAIR_BITS};
use crate::tables::layout::{RuleSet, Span, WildIndex, NODE_INDEXED, NODE_WILD, NONE};

impl View<'_> {
    /// Test the wildcard rules of the nodes the walks passed (deepest first: longer
    /// literal prefixes tend to rank higher), then the candidates of each root's pair index.
    #[inline(never)]
    pub(crate) fn match_wildcards(
        &self,
        wild: &WildNodes,
        rule_set: &RuleSet,
        path: &[u8],
        best: &mut Best,
    ) {
        // The pair index needs the path's pair set; the rules on nodes use it too.
        let filter = wild.indexed.then(|| PathFilter::of(path));
        let filter = filter.as_ref();
        if wild.overflow() {
            // More nodes than were noted: walk again and test each where it is met.
            for root in rule_set.roots.of(self.t.set_roots) {
                self.walk(root.get(), path, |key, flags, depth| {
                    if flags & NODE_WILD != 0 {
                        let rest = path.get(depth..).unwrap_or_default();
                        self.match_wild(self.node_wild(key), rest, best, filter);
                    }
                });
            }
        } else {
            for &(key, depth) in wild.items().iter().rev() {
                let rest = path.get(depth as usize..).unwrap_or_default();
                self.match_wild(self.node_wild(key), rest, best, filter);
            }
        }
        if let Some(filter) = filter {
            for index in rule_set.roots.of(self.t.root_wild) {
                if index.slots.len.get() != 0 {
                    self.match_indexed(index, path, best, filter);
                }
            }
        }
    }

    /// The wildcard rules of node `key` (a range of `wild_rules`).
    #[inline]
    fn node_wild(&self, key: u32) -> Span {
        let lists = self.t.node_wild;
        lists
            .binary_search_by_key(&key, |w| w.node.get())
            .ok()
            .and_then(|i| lists.get(i))
            .map_or(Span::EMPTY, |w| w.rules)
    }

    /// Test the wildcard rules of one node (best rank first) on `rest`.
    #[inline]
    fn match_wild(&self, wild: Span, rest: &[u8], best: &mut Best, filter: Option<&PathFilter>) {
        for id in wild.of(self.t.wild_rules) {
            let id = id.get();
            let rank = self.t.rank(id);
            if best.id != NONE && rank <= best.rank {
                break;
            }
            if self.tail_matches(id, rest, filter) {
                best.offer(id, rank);
                break;
            }
        }
    }

    /// Visit the slots of `index` whose byte pair the path has; in each, test the
    /// candidates that could beat `best` and whose pair signature the path covers.
    fn match_indexed(&self, index: &WildIndex, path: &[u8], best: &mut Best, filter: &PathFilter) {
        let words = index.words.of(self.t.slot_words);
        let starts = index.slots.of(self.t.slot_starts);
        let candidates = self.t.wild_candidates;
        for (w, (slot_word, &pairs)) in words.iter().zip(&filter.pairs).enumerate() {
            // Slots with candidates whose pair the path has.
            let mut common = slot_word.get() & pairs;
            while common != 0 {
                let slot = w * 64 + common.trailing_zeros() as usize;
                common &= common - 1;
                let (Some(from), Some(to)) = (starts.get(slot), starts.get(slot + 1)) else {
                    continue;
                };
                for c in candidates
                    .get(from.get() as usize..to.get() as usize)
                    .unwrap_or_default()
                {
                    let rank = c.rank.get();
                    if best.id != NONE && rank <= best.rank {
                        break;
                    }
                    if c.signature.get() & !filter.signature == 0
                        && self.rule_matches(c.rule.get(), path, filter)
                    {
                        best.offer(c.rule.get(), rank);
                        break;
                    }
                }
            }
        }
    }

    /// Whether rule `id` matches the whole `path` (whose pair set `filter` holds).
    fn rule_matches(&self, id: u32, path: &[u8], filter: &PathFilter) -> bool {
        let (Some(rule), Some((first, tail))) =
            (self.t.rules.get(id as usize), self.t.segments(id))
        else {
            return false;
        };
        let text = self.t.text;
        let literals = || tail.iter().map(|s| s.of(text));
        filter.has_all_pairs(literals())
            && path
                .strip_prefix(first.of(text))
                .is_some_and(|rest| tail_matches_fast(rest, literals(), rule.anchored()))
    }

    /// [`rule_tail_matches`](super::walk::rule_tail_matches) for the search: a length check and a byte-pair
    /// filter on the path first, then a search tuned for short paths.
    #[inline]
    fn tail_matches(&self, id: u32, rest: &[u8], filter: Option<&PathFilter>) -> bool {
        let (Some(rule), Some((_, tail))) = (self.t.rules.get(id as usize), self.t.segments(id))
        else {
            return false;
        };
        // The literals must fit in the rest of the path.
        let literal: usize = tail.iter().map(|s| s.len.get() as usize).sum();
        if literal > rest.len() {
            return false;
        }
        let text = self.t.text;
        if filter.is_some_and(|f| !f.has_all_pairs(tail.iter().map(|s| s.of(text)))) {
            return false;
        }
        tail_matches_fast(rest, tail.iter().map(|s| s.of(text)), rule.anchored())
    }
}

/// Nodes with wildcard rules met on the walks, with their depths.
pub(crate) struct WildNodes {
    /// The first [`WildNodes::CAP`] nodes met.
    items: [(u32, u32); WildNodes::CAP],
    /// How many nodes were met: more than [`WildNodes::CAP`] means that a second walk
    /// must find them all.
    len: usize,
    /// A walk passed a node whose wildcard rules are in a pair index.
    indexed: bool,
}

impl WildNodes {
    const CAP: usize = 8;

    #[inline]
    pub(crate) fn new() -> WildNodes {
        WildNodes {
            items: [(0, 0); WildNodes::CAP],
            len: 0,
            indexed: false,
        }
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0 && !self.indexed
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
        self.indexed |= flags & NODE_INDEXED != 0;
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

/// Which byte pairs occur in the path (by [`pair_slot`]), and their signature bits.
/// Built only when a walk passes a node whose rules are in a pair index: the index
/// needs it. The rules on nodes then use it too (a literal with a byte pair the path
/// lacks cannot occur in it), but are not worth building it for: a node has only a
/// few, and searching for those few costs less than building the set (measured:
/// building it after three such tests cost 3% more instructions over the corpus).
struct PathFilter {
    pairs: [u64; 1 << (PAIR_BITS - 6)],
    signature: u64,
}

impl PathFilter {
    #[inline(never)]
    fn of(path: &[u8]) -> PathFilter {
        let mut pairs = [0u64; 1 << (PAIR_BITS - 6)];
        if let Some((&first, rest)) = path.split_first() {
            let mut previous = first;
            for &byte in rest {
                let slot = pair_slot(previous, byte);
                if let Some(word) = pairs.get_mut(slot >> 6) {
                    *word |= signature_bit(slot);
                }
                previous = byte;
            }
        }
        PathFilter {
            pairs,
            // A pair's signature bit is its bit within its word.
            signature: pairs.iter().fold(0, |signature, word| signature | word),
        }
    }

    /// False only if one of `literals` has a byte pair the path lacks.
    #[inline]
    fn has_all_pairs<'l>(&self, literals: impl Iterator<Item = &'l [u8]>) -> bool {
        let pairs = &self.pairs;
        let has = |a: u8, b: u8| {
            let slot = pair_slot(a, b);
            pairs
                .get(slot >> 6)
                .is_some_and(|word| word & (1 << (slot & 63)) != 0)
        };
        let mut literals = literals;
        literals.all(|literal| literal.windows(2).all(|pair| has(pair[0], pair[1])))
    }
}
