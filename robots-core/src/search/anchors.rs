//! The wildcard rules filed under anchors: one Aho-Corasick automaton per trie
//! root finds, in one pass over the path, which anchors it contains, and only the
//! rules filed under those are tested.
//!
//! The automaton cannot be `static` data (the crate builds it at run time), so
//! the tables keep what it is built from ([`Anchor`] literals, see
//! [`derive`](crate::tables::derive)), and each policy builds a root's automaton
//! the first time a check needs it ([`Automata`], held beside the tables: in a
//! [`Policy`](crate::Policy), an [`AgentPolicy`](crate::AgentPolicy), a
//! [`PolicyRef`](crate::PolicyRef), or the `static` policy the code generator
//! writes). Building is lock-free (`once_cell::race::OnceBox`): threads that
//! race build one each and all but one are dropped.
//!
//! The search walks the automaton itself, with the crate's low-level
//! [`Automaton`] API: a path is short (40 bytes on average over the corpus), so
//! the fixed cost of a library search call (or of a prefilter) would outweigh
//! the scan, and each step of a walk waits on the one before (a table load), so
//! a path of more than a few anchor lengths is scanned as two halves in
//! lockstep, whose loads overlap. The halves overlap by one anchor length less
//! one byte, so every occurrence lies whole in one of them; an anchor found twice
//! has its rules tested once ([`Seen`]).
//!
//! A root gets a DFA (one table load a byte, whatever the number of anchors),
//! unless its table would be larger than [`Searcher::DFA_MAX_BYTES`] (about
//! 15,000 anchors); then a contiguous NFA, whose memory stays near the anchors'
//! bytes but which is two to three times slower.

use crate::search::walk::{Best, View};
use crate::tables::layout::{Anchor, Tables, WildRoot, ANCHOR_MAX_LEN, NONE};
use aho_corasick::automaton::{Automaton, StateID};
use aho_corasick::nfa::contiguous;
use aho_corasick::{dfa, Anchored, MatchKind};
use alloc::boxed::Box;
use alloc::vec::Vec;
use core::fmt;
use once_cell::race::OnceBox;

/// The automata of a policy's roots with anchors (one per [`WildRoot`]), each
/// built the first time a check needs it.
pub(crate) struct Automata {
    roots: OnceBox<Vec<OnceBox<RootAutomaton>>>,
}

/// One root's automaton over its anchors, and the best rank of their rules.
struct RootAutomaton {
    /// The byte pairs the anchors start with ([`Pairs`]): where the automaton
    /// needs to start.
    pairs: Pairs,
    /// `None` if the automaton could not be built: every rule is tested then.
    searcher: Option<Searcher>,
    /// The best rank of a rule filed under the root's anchors: a check whose
    /// best rule ranks as high has nothing to look for here.
    top: u64,
    /// The longest anchor's length.
    longest: usize,
}

/// The automaton of one root: its anchors, matched anywhere (unanchored, all
/// matches: `MatchKind::Standard`), with no prefilter.
enum Searcher {
    Dfa(dfa::DFA),
    Nfa(contiguous::NFA),
}

impl Searcher {
    /// The largest DFA table built; a root whose DFA would be larger gets an NFA.
    const DFA_MAX_BYTES: usize = 4 << 20;

    fn build(anchors: &[&[u8]]) -> Option<Searcher> {
        let dfa = dfa::Builder::new()
            .match_kind(MatchKind::Standard)
            .prefilter(false)
            .start_kind(aho_corasick::StartKind::Unanchored)
            .build(anchors);
        if let Ok(dfa) = dfa {
            if dfa.memory_usage() <= Searcher::DFA_MAX_BYTES {
                return Some(Searcher::Dfa(dfa));
            }
        }
        contiguous::Builder::new()
            .match_kind(MatchKind::Standard)
            .prefilter(false)
            .build(anchors)
            .ok()
            .map(Searcher::Nfa)
    }

    fn memory_usage(&self) -> usize {
        match self {
            Searcher::Dfa(a) => a.memory_usage(),
            Searcher::Nfa(a) => a.memory_usage(),
        }
    }
}

impl Automata {
    /// No automaton built yet.
    pub(crate) const fn new() -> Automata {
        Automata {
            roots: OnceBox::new(),
        }
    }

    /// The automaton of `wild_roots[i]` of `t`, built now if it was not.
    #[inline]
    fn root(&self, t: &Tables<'_>, i: usize) -> Option<&RootAutomaton> {
        let roots = self
            .roots
            .get_or_init(|| Box::new(t.wild_roots.iter().map(|_| OnceBox::new()).collect()));
        let cell = roots.get(i)?;
        Some(cell.get_or_init(|| Box::new(RootAutomaton::build(t, t.wild_roots.get(i)))))
    }

    /// The heap bytes of the automata built so far.
    pub(crate) fn heap_bytes(&self) -> usize {
        let Some(roots) = self.roots.get() else {
            return 0;
        };
        let cells = size_of::<Vec<OnceBox<RootAutomaton>>>()
            + roots.capacity() * size_of::<OnceBox<RootAutomaton>>();
        cells
            + roots
                .iter()
                .filter_map(OnceBox::get)
                .map(|root| {
                    size_of::<RootAutomaton>()
                        + root.searcher.as_ref().map_or(0, Searcher::memory_usage)
                })
                .sum::<usize>()
    }

    /// How many root automata are built.
    #[cfg(test)]
    pub(crate) fn built(&self) -> usize {
        self.roots.get().map_or(0, |roots| {
            roots.iter().filter(|r| r.get().is_some()).count()
        })
    }
}

/// A copy starts with no automaton built: it builds its own when it needs them.
impl Clone for Automata {
    fn clone(&self) -> Automata {
        Automata::new()
    }
}

impl Default for Automata {
    fn default() -> Automata {
        Automata::new()
    }
}

impl fmt::Debug for Automata {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let built = self.roots.get().map_or(0, |roots| {
            roots.iter().filter(|r| r.get().is_some()).count()
        });
        f.debug_struct("Automata").field("built", &built).finish()
    }
}

impl RootAutomaton {
    /// The automaton over the anchors of `root`.
    fn build(t: &Tables<'_>, root: Option<&WildRoot>) -> RootAutomaton {
        let anchors = root.map_or(&[][..], |w| w.anchors.of(t.anchors));
        let top = anchors
            .iter()
            .flat_map(|a| a.rules.of(t.anchor_rules).first())
            .map(|id| t.rank(id.get()))
            .max()
            .unwrap_or(0);
        let literals: Vec<&[u8]> = anchors.iter().map(|a| t.bytes(a.literal)).collect();
        let longest = literals.iter().map(|l| l.len()).max().unwrap_or(0);
        RootAutomaton {
            pairs: Pairs::of(&literals),
            searcher: Searcher::build(&literals),
            top,
            longest,
        }
    }
}

/// A filter in front of the automaton: the pairs of bytes the anchors start
/// with (an anchor of one byte: that byte and any other), hashed into a 4,096-bit
/// set. No anchor occurs before the first position of a path whose pair (the
/// last byte paired with 0) is in the set, so the automaton starts there, and a
/// path with none is done without it. Its lookups do not wait on each other as
/// an automaton's steps do, so it reads a path several times faster; few paths
/// hold an anchor's first pair, most of them near the end.
#[derive(Clone)]
struct Pairs {
    bits: [u64; Pairs::WORDS],
}

impl Pairs {
    const WORDS: usize = 64;

    /// The bit of the pair `(a, b)`: printable ASCII pairs never collide.
    #[inline(always)]
    fn bit(a: u8, b: u8) -> usize {
        (usize::from(a) * 31 + usize::from(b)) & (Pairs::WORDS * 64 - 1)
    }

    fn of(anchors: &[&[u8]]) -> Pairs {
        let mut pairs = Pairs {
            bits: [0; Pairs::WORDS],
        };
        let mut set = |a: u8, b: u8| {
            let bit = Pairs::bit(a, b);
            if let Some(word) = pairs.bits.get_mut(bit / 64) {
                *word |= 1 << (bit % 64);
            }
        };
        for anchor in anchors {
            match **anchor {
                [] => (0..=255).for_each(|a| (0..=255).for_each(|b| set(a, b))),
                [a] => (0..=255).for_each(|b| set(a, b)),
                [a, b, ..] => set(a, b),
            }
        }
        pairs
    }

    #[inline(always)]
    fn contains(&self, a: u8, b: u8) -> bool {
        let bit = Pairs::bit(a, b);
        self.bits
            .get(bit / 64)
            .is_some_and(|w| w & (1 << (bit % 64)) != 0)
    }

    /// The first position of `hay` where an anchor may start.
    #[inline]
    fn first(&self, hay: &[u8]) -> Option<usize> {
        let pairs = hay.windows(2).position(|w| match *w {
            [a, b] => self.contains(a, b),
            _ => true,
        });
        if pairs.is_some() {
            return pairs;
        }
        let last = hay.len().checked_sub(1)?;
        hay.get(last)
            .is_some_and(|&a| self.contains(a, 0))
            .then_some(last)
    }
}

/// What a scan does after an anchor is found.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    /// Go on.
    Go,
    /// Stop: nothing left can beat the best rule.
    Done,
    /// Stop: too many different anchors to remember.
    TooMany,
}

/// Report to `found` each anchor (its number) that occurs in `hay` (at least
/// once for every occurrence's anchor; an anchor may be reported more than
/// once), until it says to stop. `warm` is the longest anchor's length.
#[inline]
fn scan<A: Automaton>(a: &A, hay: &[u8], warm: usize, found: &mut impl FnMut(u32) -> Step) -> Step {
    let Ok(start) = a.start_state(Anchored::No) else {
        return Step::TooMany;
    };
    let mut report = |sid: StateID| -> Step {
        if a.is_match(sid) {
            for k in 0..a.match_len(sid) {
                let step = found(a.match_pattern(sid, k).as_u32());
                if step != Step::Go {
                    return step;
                }
            }
        }
        Step::Go
    };
    // Two windows in lockstep pay once a path is a few anchors long (three or
    // four windows measured slower on corpus paths: 40 bytes on average).
    if hay.len() >= LOCKSTEP_MIN {
        return lockstep::<A, 2>(a, hay, warm, start, &mut report);
    }
    let mut sid = start;
    for &byte in hay {
        sid = a.next_state(Anchored::No, sid, byte);
        if a.is_special(sid) {
            let step = report(sid);
            if step != Step::Go {
                return step;
            }
        }
    }
    Step::Go
}

/// Paths (from where the anchors may start) at least this long are scanned in
/// two windows.
const LOCKSTEP_MIN: usize = 4 * ANCHOR_MAX_LEN as usize;

/// [`scan`] as `K` windows of `hay` walked in lockstep, each overlapping the
/// next by at least `warm - 1` bytes, so that every occurrence lies whole in one.
#[inline]
fn lockstep<A: Automaton, const K: usize>(
    a: &A,
    hay: &[u8],
    warm: usize,
    start: StateID,
    report: &mut impl FnMut(StateID) -> Step,
) -> Step {
    let len = hay.len();
    let n = ((len + (K - 1) * (warm - 1)).div_ceil(K) + 1).min(len);
    let starts: [usize; K] = core::array::from_fn(|k| k * (len - n) / (K - 1).max(1));
    let mut states = [start; K];
    for i in 0..n {
        let mut special = false;
        for k in 0..K {
            let byte = hay.get(starts[k] + i).copied().unwrap_or(0);
            states[k] = a.next_state(Anchored::No, states[k], byte);
            special |= a.is_special(states[k]);
        }
        if special {
            for &sid in &states {
                if a.is_special(sid) {
                    let step = report(sid);
                    if step != Step::Go {
                        return step;
                    }
                }
            }
        }
    }
    Step::Go
}

/// The anchors found on one path, so that each one's rules are tested once.
struct Seen {
    anchors: [u32; Seen::CAP],
    len: usize,
}

impl Seen {
    const CAP: usize = 32;

    /// `Some(true)` the first time `anchor` is seen, `Some(false)` after;
    /// `None` once more than [`Seen::CAP`] different anchors were found.
    #[inline]
    fn first_time(&mut self, anchor: u32) -> Option<bool> {
        let seen = self.anchors.get(..self.len).unwrap_or_default();
        if seen.contains(&anchor) {
            return Some(false);
        }
        let slot = self.anchors.get_mut(self.len)?;
        *slot = anchor;
        self.len += 1;
        Some(true)
    }
}

impl View<'_> {
    /// Test the rules filed under the anchors of `wild_roots[i]` that occur in
    /// `path[from..]` (the rules' first segments end at `from` or later), best
    /// rank first under each anchor.
    #[inline(never)]
    pub(crate) fn match_anchored(&self, i: usize, path: &[u8], from: usize, best: &mut Best) {
        let t = self.t;
        let Some(root) = t.wild_roots.get(i) else {
            return;
        };
        let anchors = root.anchors.of(t.anchors);
        let Some(automaton) = self.automata.root(t, i) else {
            return self.match_all(anchors, path, best);
        };
        let beaten = |best: &Best| best.id != NONE && best.rank >= automaton.top;
        if beaten(best) {
            return;
        }
        let Some(searcher) = &automaton.searcher else {
            return self.match_all(anchors, path, best);
        };
        let mut seen = Seen {
            anchors: [0; Seen::CAP],
            len: 0,
        };
        let hay = path.get(from..).unwrap_or_default();
        let Some(first) = automaton.pairs.first(hay) else {
            return;
        };
        let hay = hay.get(first..).unwrap_or_default();
        let mut found = |id: u32| -> Step {
            match seen.first_time(id) {
                Some(true) => {}
                Some(false) => return Step::Go,
                None => return Step::TooMany,
            }
            if let Some(anchor) = anchors.get(id as usize) {
                self.match_anchor(anchor, path, best);
                if beaten(best) {
                    return Step::Done;
                }
            }
            Step::Go
        };
        let warm = automaton.longest.clamp(1, ANCHOR_MAX_LEN as usize);
        let step = match searcher {
            Searcher::Dfa(a) => scan(a, hay, warm, &mut found),
            Searcher::Nfa(a) => scan(a, hay, warm, &mut found),
        };
        if step == Step::TooMany {
            // Too many different anchors to remember: test every rule once.
            self.match_all(anchors, path, best);
        }
    }

    /// Test the rules of `anchor` (best rank first) on `path`.
    #[inline]
    fn match_anchor(&self, anchor: &Anchor, path: &[u8], best: &mut Best) {
        for id in anchor.rules.of(self.t.anchor_rules) {
            let id = id.get();
            let rank = self.t.rank(id);
            if best.id != NONE && rank <= best.rank {
                break;
            }
            if self.rule_matches(id, path) {
                best.offer(id, rank);
                break;
            }
        }
    }

    /// Test the rules of every anchor in `anchors`: when the automaton is missing,
    /// or the path has too many different anchors to remember.
    #[cold]
    fn match_all(&self, anchors: &[Anchor], path: &[u8], best: &mut Best) {
        for anchor in anchors {
            self.match_anchor(anchor, path, best);
        }
    }
}

#[cfg(test)]
mod tests;
