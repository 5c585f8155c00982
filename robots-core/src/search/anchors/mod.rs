//! The wildcard rules filed under anchors: a check finds which of its root's
//! anchors the path contains, and tests only the rules filed under those.
//!
//! The tables keep the anchors as literals of one to [`ANCHOR_MAX_LEN`] bytes
//! ([`Anchor`], see [`derive`](crate::compile::derive)); what finds them is built
//! from those the first time a check needs it ([`Automata`], held beside the
//! tables: in a [`Policy`](crate::Policy), an [`AgentPolicy`](crate::AgentPolicy),
//! a [`PolicyRef`](crate::PolicyRef), or the `static` policy the code generator
//! writes). Building is lock-free (`once_cell::race::OnceBox`): threads that race
//! build one each and all but one are dropped.
//!
//! A path is short (40 bytes on average over the corpus): for most roots the
//! fixed cost of a library search call would outweigh the scan, so the search
//! reads the path itself. A filter ([`Grams`]) reads it first, a few bytes a
//! step: most paths hold no anchor and are done there, and most of the rest
//! pass it where an anchor is. Where it passes, a root with few anchors (most
//! roots: up to [`Finder::TABLE_MAX`]) looks the positions it vouches for up in
//! a hash table of its anchors ([`Table`]). A root with more anchors runs an
//! Aho-Corasick automaton over the rest of the path from there: one table load
//! a byte, whatever the number of anchors. It gets a DFA unless the DFA's table
//! would be larger than [`Finder::DFA_MAX_BYTES`] (about 15,000 anchors); then
//! a contiguous NFA, whose memory stays near the anchors' bytes but which is
//! two to three times slower.
//!
//! Where the filter would read a gram at most positions (its shortest anchor is
//! five bytes or less) and the root has few anchors, aho-corasick's packed
//! searcher (Teddy: 16 or 32 positions a step, with SIMD shuffles) goes first
//! on paths long enough for it, if the CPU has one: it tells exactly whether
//! the path holds an anchor and where the first starts, so paths that only
//! pass the filter by chance cost no lookups, and the scan starts there.
//!
//! The anchors found (each once) are then tested best rule first, and the tests
//! stop once no rule left can beat the best one ([`Found`]).

use crate::search::segments::find;
use crate::search::walk::{Best, View};
use crate::swar::{common_prefix, tail_word, word, zero_flags, HIGH, LOW_BYTES, ONES};
use crate::tables::layout::{shift_rule, Anchor, NodeWild, Tables, WildRoot, ANCHOR_MAX_LEN, NONE};
use aho_corasick::automaton::Automaton;
use aho_corasick::nfa::contiguous;
use aho_corasick::packed;
use aho_corasick::{dfa, Anchored, MatchKind};
use alloc::boxed::Box;
use alloc::vec::Vec;
use core::fmt;
use once_cell::race::OnceBox;

/// The automata of a policy's roots with anchors (one per [`WildRoot`]), each
/// built the first time a check needs it, and an index of the nodes with
/// wildcard rules.
pub(crate) struct Automata {
    roots: OnceBox<Roots>,
    nodes: OnceBox<NodeIndex>,
}

/// Where each node with wildcard rules is in `node_wild`: a hash table, built
/// the first time a check needs it. A check looks up each such node its walk
/// passed; a binary search of `node_wild` would wait on a load at each step
/// (measured: a fifth of yandex.ru's check time).
///
/// No key sits more than [`NodeIndex::PROBE_MAX`] slots past its home, so a
/// lookup reads at most that many. Keys that would (tables from bytes that
/// chose their nodes to collide; never seen on real files, with the table at
/// most half full) leave the index empty, and `node_wild` is searched instead:
/// building it stays linear, and a check never pays for a long run of slots.
struct NodeIndex {
    /// Each slot: a node's key and its place in `node_wild` plus one (0: an
    /// empty slot). Empty: no index (see above).
    slots: Vec<(u32, u32)>,
    /// The hash's shift: 32 less the log of the table's size.
    shift: u32,
}

impl NodeIndex {
    /// Tables of up to this many nodes are searched instead (four steps).
    const SEARCH_MAX: usize = 16;

    /// The farthest a key may sit from its home slot.
    const PROBE_MAX: usize = 32;

    /// No index: `node_wild` is searched.
    const NONE: NodeIndex = NodeIndex {
        slots: Vec::new(),
        shift: 0,
    };

    fn of(node_wild: &[NodeWild]) -> NodeIndex {
        let bits = (node_wild.len() * 2)
            .max(8)
            .next_power_of_two()
            .trailing_zeros();
        let mut index = NodeIndex {
            slots: alloc::vec![(0, 0); 1 << bits],
            shift: 32 - bits,
        };
        let size = index.slots.len();
        for (i, entry) in node_wild.iter().enumerate() {
            let (key, Ok(place)) = (entry.node.get(), u32::try_from(i + 1)) else {
                continue;
            };
            let home = index.home(key);
            let free = (home..home + NodeIndex::PROBE_MAX.min(size))
                .map(|at| at % size)
                .find(|&at| index.slots.get(at).is_some_and(|s| s.1 == 0))
                .and_then(|at| index.slots.get_mut(at));
            match free {
                Some(slot) => *slot = (key, place),
                None => return NodeIndex::NONE,
            }
        }
        index
    }

    #[inline(always)]
    fn home(&self, key: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B1) >> self.shift) as usize
    }

    /// The place of node `key` in `node_wild`, if it is there.
    #[inline]
    fn get(&self, key: u32) -> Option<usize> {
        let mask = self.slots.len().wrapping_sub(1);
        let home = self.home(key);
        for at in home..home + NodeIndex::PROBE_MAX.min(self.slots.len()) {
            let &(slot_key, place) = self.slots.get(at & mask)?;
            if place == 0 {
                return None;
            }
            if slot_key == key {
                return Some(place as usize - 1);
            }
        }
        None
    }
}

/// The automata's cells, one per [`WildRoot`], and where each trie root's is.
struct Roots {
    cells: Vec<OnceBox<RootAutomaton>>,
    /// The place of each trie root (by its index) in `wild_roots`, plus one (0:
    /// none); empty if the roots' numbers are too sparse for a table, where
    /// `wild_roots` is searched instead. A check looks its root up here: a
    /// search would wait on a load at each of its steps.
    places: Vec<u32>,
}

impl Roots {
    fn of(t: &Tables<'_>) -> Roots {
        let wild = t.wild_roots();
        let last = wild
            .iter()
            .map(|w| w.root.get() as usize)
            .max()
            .unwrap_or(0);
        let mut places = Vec::new();
        if last <= 4 * wild.len() + 64 {
            places.resize(last + 1, 0);
            for (i, w) in wild.iter().enumerate() {
                if let (Some(slot), Ok(place)) =
                    (places.get_mut(w.root.get() as usize), u32::try_from(i + 1))
                {
                    *slot = place;
                }
            }
        }
        Roots {
            cells: wild.iter().map(|_| OnceBox::new()).collect(),
            places,
        }
    }
}

/// What finds one root's anchors in a path, and the ranks of their rules.
struct RootAutomaton {
    /// The filter in front ([`Grams`]).
    grams: Grams,
    finder: Finder,
    /// A few anchors too short for the filter's stride, searched for together
    /// on their own ([`Shorts`]).
    short: Shorts,
    /// The rank of each anchor's best rule, as the trie numbers it. A set that
    /// walks the trie with a shift numbers the same rules later, and among
    /// rules alike a later one ranks lower: these ranks bound theirs too.
    tops: Vec<u64>,
    /// The best of them: a check whose best rule ranks as high has nothing to
    /// look for here.
    top: u64,
    /// For a root with few anchors found by [`Table`], aho-corasick's packed
    /// (SIMD) searcher over them, where the crate has one for this CPU.
    packed: Option<packed::Searcher>,
}

/// Up to [`Shorts::MAX`] anchors searched for on their own, together, eight
/// positions a step: a position is a candidate where an anchor's first two
/// bytes are (a few word operations an anchor, no table load), and a candidate
/// is compared as a word.
///
/// Short anchors often come from rules deeper in the trie than the root's own
/// (`/resumes*rb=` beside many `/*…` rules): the search is skipped for a path
/// that starts with none of their rules' first bytes, which is most paths.
struct Shorts {
    /// Each anchor's number, its bytes as a little-endian word (zero-filled)
    /// and the mask of its bytes.
    anchors: [(u32, u64, u64); Shorts::MAX],
    /// Each anchor's first byte, and its second, in every byte of a word.
    pairs: [(u64, u64); Shorts::MAX],
    /// The first bytes (up to eight) that every rule filed under each anchor
    /// starts with, as a word and its mask, and their number: a path that
    /// starts with none of them has no rule here to find.
    starts: [(u64, u64, usize); Shorts::MAX],
    /// Some anchor's rules start with at most `/`, which every path does:
    /// no need to look.
    always: bool,
    len: usize,
}

impl Shorts {
    const MAX: usize = 4;

    /// `anchors` (number, bytes: two to eight of them, and the bytes all
    /// their rules start with) to search for.
    fn of(anchors: &[(u32, &[u8], &[u8])]) -> Shorts {
        let mut shorts = Shorts {
            anchors: [(0, 0, 0); Shorts::MAX],
            pairs: [(0, 0); Shorts::MAX],
            starts: [(0, 0, 0); Shorts::MAX],
            always: false,
            len: 0,
        };
        let slots = shorts
            .anchors
            .iter_mut()
            .zip(shorts.pairs.iter_mut().zip(shorts.starts.iter_mut()));
        for (&(number, literal, start), (anchor, (pair, starts))) in anchors.iter().zip(slots) {
            // Eight bytes fill the word compared.
            let start = start.get(..8).unwrap_or(start);
            let mask = LOW_BYTES.get(start.len()).copied().unwrap_or(0);
            *starts = (word(start), mask, start.len());
            shorts.always |= start.len() < 2;
            let len = literal.len().clamp(2, 8);
            *anchor = (
                number,
                word(literal),
                LOW_BYTES.get(len).copied().unwrap_or(0),
            );
            let byte = |i: usize| ONES * u64::from(literal.get(i).copied().unwrap_or(0));
            *pair = (byte(0), byte(1));
            shorts.len += 1;
        }
        shorts
    }

    /// Whether `path` (the whole path, not the part searched) starts with the
    /// first bytes of some anchor's rules: if not, none of them can match it
    /// and the search can be skipped.
    #[inline]
    fn may_match(&self, path: &[u8]) -> bool {
        if self.always {
            return true;
        }
        let starts = self.starts.get(..self.len).unwrap_or_default();
        if starts.is_empty() {
            return false;
        }
        let first = word(path);
        starts
            .iter()
            .any(|&(start, mask, len)| first & mask == start && path.len() >= len)
    }

    /// Report to `found` each anchor that `hay` holds, until it says to stop;
    /// true if one was found.
    #[inline]
    fn find(&self, hay: &[u8], found: &mut impl FnMut(u32) -> bool) -> bool {
        if hay.len() > Shorts::LONG {
            return self.find_long(hay, found);
        }
        match self.len {
            0 => false,
            1 => self.find_n::<1>(hay, found),
            2 => self.find_n::<2>(hay, found),
            3 => self.find_n::<3>(hay, found),
            _ => self.find_n::<4>(hay, found),
        }
    }

    /// Paths longer than this are searched anchor by anchor with `memmem`
    /// (vector instructions pay over a long path).
    const LONG: usize = 256;

    /// [`Shorts::find`] on a long path.
    #[cold]
    fn find_long(&self, hay: &[u8], found: &mut impl FnMut(u32) -> bool) -> bool {
        let mut any = false;
        for &(number, bytes, mask) in self.anchors.get(..self.len).unwrap_or_default() {
            let len = (mask.count_ones() / 8) as usize;
            let anchor = bytes.to_le_bytes();
            if find(hay, anchor.get(..len).unwrap_or_default()).is_some() {
                any = true;
                if !found(number) {
                    break;
                }
            }
        }
        any
    }

    /// [`Shorts::find`] over the first `N` anchors (out of line: its loop
    /// wants the registers).
    #[inline(never)]
    fn find_n<const N: usize>(&self, hay: &[u8], found: &mut impl FnMut(u32) -> bool) -> bool {
        let (Some(anchors), Some(pairs)) = (self.anchors.get(..N), self.pairs.get(..N)) else {
            return false;
        };
        let full = |at: usize| {
            hay.get(at..at + 8)
                .and_then(|b| <[u8; 8]>::try_from(b).ok())
                .map_or(0, u64::from_le_bytes)
        };
        let word_at = |at: usize| {
            hay.get(at..at + 8)
                .and_then(|b| <[u8; 8]>::try_from(b).ok())
                .map_or_else(|| tail_word(hay, at), u64::from_le_bytes)
        };
        let mut any = false;
        // Zero-filled words: an anchor must also end within the path.
        let mut here = |at: usize| {
            let (bytes, left) = (word_at(at), hay.len().saturating_sub(at));
            for &(number, anchor, mask) in anchors {
                if bytes & mask == anchor && (mask.count_ones() as usize) <= 8 * left {
                    any = true;
                    if !found(number) {
                        return false;
                    }
                }
            }
            true
        };
        let mut at = 0;
        // Words at `at` and `at + 1` while both fit.
        while at + 9 <= hay.len() {
            let (one, two) = (full(at), full(at + 1));
            let mut flags = 0;
            for &(first, second) in pairs {
                flags |= zero_flags((one ^ first) | (two ^ second));
            }
            flags &= HIGH;
            while flags != 0 {
                // Flags above a true one may be false: the compare rejects them.
                if !here(at + (flags.trailing_zeros() / 8) as usize) {
                    return any;
                }
                flags &= flags - 1;
            }
            at += 8;
        }
        // The rest, zero-filled, with the positions that have no two bytes
        // left masked off.
        if at + 1 < hay.len() {
            let (one, two) = (word_at(at), word_at(at + 1));
            let mut flags = 0;
            for &(first, second) in pairs {
                flags |= zero_flags((one ^ first) | (two ^ second));
            }
            flags &= HIGH & LOW_BYTES.get(hay.len() - 1 - at).copied().unwrap_or(0);
            while flags != 0 {
                if !here(at + (flags.trailing_zeros() / 8) as usize) {
                    return any;
                }
                flags &= flags - 1;
            }
        }
        any
    }
}

/// How a root's anchors are found where the filter passes.
enum Finder {
    /// Few anchors: each position is looked up in a hash table.
    Table(Table),
    /// More: an automaton of the anchors, matched anywhere (unanchored, all
    /// matches: `MatchKind::Standard`), with no prefilter, runs over the rest of
    /// the path; with the longest anchor's length.
    Dfa(dfa::DFA, usize),
    Nfa(contiguous::NFA, usize),
    /// Nothing could be built: every rule is tested.
    Missing,
}

impl Finder {
    /// Roots with up to this many anchors look positions up ([`Table`]): the
    /// filter passes more often with more anchors, and the table outgrows the
    /// cache, where an automaton's pass costs the same whatever their number.
    const TABLE_MAX: usize = 256;

    /// The largest DFA table built; a root whose DFA would be larger gets an NFA.
    const DFA_MAX_BYTES: usize = 4 << 20;

    fn automaton(anchors: &[&[u8]]) -> Finder {
        let longest = anchors.iter().map(|a| a.len()).max().unwrap_or(0);
        // Sized before it is built: a DFA has a row per trie state and a column
        // per byte class, so anchors of many different bytes (a hostile file's)
        // would have it take a kilobyte per state, about as many states as the
        // anchors have bytes. The estimate is its transition table alone, never
        // more than the DFA: one passed over here would not have been kept.
        if dfa_bytes(anchors) <= Finder::DFA_MAX_BYTES {
            let dfa = dfa::Builder::new()
                .match_kind(MatchKind::Standard)
                .prefilter(false)
                .start_kind(aho_corasick::StartKind::Unanchored)
                .build(anchors);
            if let Ok(dfa) = dfa {
                if dfa.memory_usage() <= Finder::DFA_MAX_BYTES {
                    return Finder::Dfa(dfa, longest);
                }
            }
        }
        contiguous::Builder::new()
            .match_kind(MatchKind::Standard)
            .prefilter(false)
            .build(anchors)
            .map_or(Finder::Missing, |nfa| Finder::Nfa(nfa, longest))
    }

    fn memory_usage(&self) -> usize {
        match self {
            Finder::Table(s) => s.memory_usage(),
            Finder::Dfa(a, _) => a.memory_usage(),
            Finder::Nfa(a, _) => a.memory_usage(),
            Finder::Missing => 0,
        }
    }
}

/// A root's anchors in a hash table, keyed by their first `prefix` bytes (the
/// shortest anchor's length): a lookup at a position takes one probe (most end
/// at their first slot: the table is at most a quarter full) and compares the
/// anchors with that prefix (most often one). None is a prefix of another, so at
/// most one occurs at a position.
struct Table {
    /// Each slot's prefix, as a big-endian word shifted down.
    keys: Vec<u64>,
    /// Each slot's run of `entries` (the anchors with its prefix): the first
    /// one's index above bit 8 and their count below; 0 for an empty slot.
    runs: Vec<u32>,
    /// The anchors, by prefix: each one's bytes as a big-endian word
    /// (zero-filled), the mask of its bytes, its length and its number.
    entries: Vec<(u64, u64, u32, u32)>,
    /// The prefix's length.
    prefix: usize,
    /// The hash's shift: 64 less the log of the table's size.
    shift: u32,
}

impl Table {
    /// The slot a prefix hashes to.
    #[inline(always)]
    fn home(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// `anchors` (numbered by `numbers`) in a table; `None` unless each has one
    /// to [`ANCHOR_MAX_LEN`] bytes, none a prefix of another (as valid tables
    /// have them).
    fn of(anchors: &[&[u8]], numbers: &[u32]) -> Option<Table> {
        let prefix = anchors.iter().map(|a| a.len()).min().unwrap_or(1);
        if prefix == 0 || anchors.iter().any(|a| a.len() > ANCHOR_MAX_LEN as usize) {
            return None;
        }
        let mask = |len: usize| u64::MAX << (64 - 8 * len);
        let mut entries: Vec<(u64, u64, u32, u32)> = anchors
            .iter()
            .zip(numbers)
            .map(|(a, &n)| (big_word_at(a, 0), mask(a.len()), a.len() as u32, n))
            .collect();
        entries.sort_unstable();
        // Sorted, an anchor that starts another comes right before it.
        let prefix_free = entries.windows(2).all(|pair| match pair {
            [a, b] => b.0 & a.1 != a.0,
            _ => true,
        });
        if !prefix_free || entries.len() >= 1 << 24 {
            return None;
        }
        let bits = (entries.len() * 4)
            .max(8)
            .next_power_of_two()
            .trailing_zeros();
        let size = 1usize << bits;
        let mut table = Table {
            keys: alloc::vec![0; size],
            runs: alloc::vec![0; size],
            entries,
            prefix,
            shift: 64 - bits,
        };
        let key = |entry: &(u64, u64, u32, u32)| entry.0 >> (64 - 8 * prefix);
        let mut start = 0;
        while let Some(first) = table.entries.get(start) {
            let k = key(first);
            let count = table
                .entries
                .get(start..)?
                .iter()
                .take_while(|e| key(e) == k)
                .count();
            let home = table.home(k);
            let free = (home..home + size).find(|&at| table.runs.get(at % size) == Some(&0))?;
            *table.keys.get_mut(free % size)? = k;
            *table.runs.get_mut(free % size)? = u32::try_from(start << 8 | count.min(255)).ok()?;
            if count > 255 {
                return None;
            }
            start += count;
        }
        Some(table)
    }

    /// The anchor (its number) that occurs at `at` in `hay`, if one does.
    #[inline]
    fn at(&self, hay: &[u8], at: usize) -> Option<u32> {
        let left = hay.len().checked_sub(at)?;
        if left < self.prefix {
            return None;
        }
        let word = big_word_at(hay, at);
        let key = word >> (64 - 8 * self.prefix);
        let mask = self.keys.len().wrapping_sub(1);
        let home = self.home(key);
        for slot in home..home + self.keys.len() {
            let run = self.runs.get(slot & mask).copied().unwrap_or(0);
            if run == 0 {
                return None;
            }
            if self.keys.get(slot & mask) == Some(&key) {
                let (start, count) = ((run >> 8) as usize, (run & 0xFF) as usize);
                let entries = self.entries.get(start..start + count).unwrap_or_default();
                return entries
                    .iter()
                    .find(|e| word & e.1 == e.0 && e.2 as usize <= left)
                    .map(|e| e.3);
            }
        }
        None
    }

    fn memory_usage(&self) -> usize {
        self.keys.capacity() * size_of::<u64>()
            + self.runs.capacity() * size_of::<u32>()
            + self.entries.capacity() * size_of::<(u64, u64, u32, u32)>()
    }
}

/// The size of the transition table of an Aho-Corasick DFA over `anchors`, as
/// the crate lays it out: a row for each state of the anchors' trie (plus its
/// dead, fail and start states), of as many 4-byte entries as the number of
/// byte classes rounded up to a power of two. Each byte an anchor holds is a
/// class of its own, and each run of bytes between such bytes is one.
fn dfa_bytes(anchors: &[&[u8]]) -> usize {
    let mut sorted = anchors.to_vec();
    sorted.sort_unstable();
    let mut states = 3usize;
    let mut previous: &[u8] = &[];
    for anchor in sorted {
        states += anchor.len().saturating_sub(common_prefix(previous, anchor));
        previous = anchor;
    }
    // `starts[b]`: a class starts at byte `b`.
    let mut starts = [false; 257];
    for &byte in anchors.iter().copied().flatten() {
        for at in [usize::from(byte), usize::from(byte) + 1] {
            if let Some(start) = starts.get_mut(at) {
                *start = true;
            }
        }
    }
    let classes = 1 + starts
        .get(1..256)
        .map_or(0, |s| s.iter().filter(|&&start| start).count());
    states
        .saturating_mul(classes.next_power_of_two())
        .saturating_mul(4)
}

/// Up to eight bytes of `hay` from `at` as a big-endian word, zero-filled.
#[inline]
fn big_word_at(hay: &[u8], at: usize) -> u64 {
    match hay.get(at..at + 8) {
        Some(bytes) => <[u8; 8]>::try_from(bytes).map_or(0, u64::from_be_bytes),
        None => {
            let rest = hay.get(at..).unwrap_or_default();
            rest.iter()
                .chain([0; 8].iter())
                .take(8)
                .fold(0, |word, &b| (word << 8) | u64::from(b))
        }
    }
}

impl Automata {
    /// No automaton built yet.
    pub(crate) const fn new() -> Automata {
        Automata {
            roots: OnceBox::new(),
            nodes: OnceBox::new(),
        }
    }

    /// The place in `node_wild` of node `key` of `t`, if it has wildcard rules.
    /// A short table is searched as it is (a few steps; and a policy whose
    /// tables are `static` data keeps nothing on the heap for it).
    #[inline]
    pub(crate) fn node_wild(&self, t: &Tables<'_>, key: u32) -> Option<usize> {
        let search = || {
            t.node_wild()
                .binary_search_by_key(&key, |w| w.node.get())
                .ok()
        };
        if t.node_wild().len() <= NodeIndex::SEARCH_MAX {
            return search();
        }
        let index = self
            .nodes
            .get_or_init(|| Box::new(NodeIndex::of(t.node_wild())));
        if index.slots.is_empty() {
            return search();
        }
        index.get(key)
    }

    /// The place in `wild_roots` of trie root `root` of `t`, if it has anchors.
    #[inline]
    fn place(&self, t: &Tables<'_>, root: u32) -> Option<usize> {
        let roots = self.roots.get_or_init(|| Box::new(Roots::of(t)));
        if roots.places.is_empty() {
            return t
                .wild_roots()
                .binary_search_by_key(&root, |w| w.root.get())
                .ok();
        }
        let place = *roots.places.get(root as usize)?;
        (place as usize).checked_sub(1)
    }

    /// The automaton of `wild_roots[i]` of `t`, built now if it was not.
    #[inline]
    fn root(&self, t: &Tables<'_>, i: usize) -> Option<&RootAutomaton> {
        let roots = self.roots.get_or_init(|| Box::new(Roots::of(t)));
        let cell = roots.cells.get(i)?;
        Some(cell.get_or_init(|| Box::new(RootAutomaton::build(t, t.wild_roots().get(i)))))
    }

    /// The heap bytes of the automata built so far.
    pub(crate) fn heap_bytes(&self) -> usize {
        let nodes = self.nodes.get().map_or(0, |nodes| {
            size_of::<NodeIndex>() + nodes.slots.capacity() * size_of::<(u32, u32)>()
        });
        let Some(roots) = self.roots.get() else {
            return nodes;
        };
        let cells = nodes
            + size_of::<Roots>()
            + roots.cells.capacity() * size_of::<OnceBox<RootAutomaton>>()
            + roots.places.capacity() * size_of::<u32>();
        cells
            + roots
                .cells
                .iter()
                .filter_map(OnceBox::get)
                .map(RootAutomaton::memory_usage)
                .sum::<usize>()
    }

    /// How many root automata are built.
    #[cfg(test)]
    pub(crate) fn built(&self) -> usize {
        self.roots.get().map_or(0, |roots| {
            roots.cells.iter().filter(|r| r.get().is_some()).count()
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
            roots.cells.iter().filter(|r| r.get().is_some()).count()
        });
        f.debug_struct("Automata").field("built", &built).finish()
    }
}

impl RootAutomaton {
    /// Anchors shorter than this, if there are at most [`Shorts::MAX`] of them
    /// (and others), are searched for on their own: the filter's stride follows
    /// its shortest anchor, and the search for a few anchors reads eight bytes a
    /// step.
    const SHORT_BELOW: usize = 4;

    /// Roots with up to this many anchors for [`Table`] get a packed searcher
    /// in front of the filter. With more, Teddy's buckets (8 or 16 of them)
    /// each hold several anchors and its candidates are checked one anchor at
    /// a time: measured on the corpus, it then costs more than the filter.
    const PACKED_MAX: usize = 16;

    /// The longest filter stride behind which a packed searcher is built. A
    /// longer stride (anchors of six bytes or more) reads a path's grams at
    /// few positions, which costs less than the packed searcher's call.
    const PACKED_STRIDE_MAX: usize = 3;

    /// What finds the anchors of `root`.
    fn build(t: &Tables<'_>, root: Option<&WildRoot>) -> RootAutomaton {
        let anchors = root.map_or(&[][..], |w| w.anchors.of(t.anchors()));
        let tops: Vec<u64> = anchors
            .iter()
            .map(|a| {
                a.rules
                    .of(t.anchor_rules())
                    .first()
                    .map_or(0, |id| t.rank(id.get()))
            })
            .collect();
        let top = tops.iter().copied().max().unwrap_or(0);
        let literals: Vec<&[u8]> = anchors.iter().map(|a| t.bytes(a.literal)).collect();
        let numbers: Vec<u32> = (0..literals.len())
            .filter_map(|i| u32::try_from(i).ok())
            .collect();
        let missing = |tops, top| RootAutomaton {
            grams: Grams::of(&[]),
            finder: Finder::Missing,
            short: Shorts::of(&[]),
            tops,
            top,
            packed: None,
        };
        if numbers.len() != literals.len() {
            return missing(tops, top);
        }
        if literals.len() > Finder::TABLE_MAX {
            return RootAutomaton {
                grams: Grams::of(&literals),
                finder: Finder::automaton(&literals),
                short: Shorts::of(&[]),
                tops,
                top,
                packed: None,
            };
        }
        let is_short = |l: &&[u8]| l.len() < RootAutomaton::SHORT_BELOW;
        let shorts = literals.iter().filter(|l| is_short(l)).count();
        let split = shorts <= Shorts::MAX
            && shorts < literals.len()
            && literals.iter().all(|l| l.len() >= 2);
        let (mut long, mut long_numbers, mut short) = (Vec::new(), Vec::new(), Vec::new());
        for ((&literal, &number), anchor) in literals.iter().zip(&numbers).zip(anchors) {
            if split && is_short(&literal) {
                short.push((number, literal, rules_start(t, anchor)));
            } else {
                long.push(literal);
                long_numbers.push(number);
            }
        }
        match Table::of(&long, &long_numbers) {
            Some(table) => {
                let grams = Grams::of(&long);
                RootAutomaton {
                    packed: RootAutomaton::packed(&long, &grams),
                    grams,
                    finder: Finder::Table(table),
                    short: Shorts::of(&short),
                    tops,
                    top,
                }
            }
            None => RootAutomaton {
                grams: Grams::of(&literals),
                finder: Finder::automaton(&literals),
                short: Shorts::of(&[]),
                tops,
                top,
                packed: None,
            },
        }
    }

    /// aho-corasick's packed searcher over `anchors` (which `grams` filters),
    /// if there are at most [`RootAutomaton::PACKED_MAX`], the filter's stride
    /// is short enough for it to pay, and the crate has one for this CPU (none
    /// without SSSE3 or NEON, or without `std` to detect them).
    fn packed(anchors: &[&[u8]], grams: &Grams) -> Option<packed::Searcher> {
        if anchors.len() > RootAutomaton::PACKED_MAX
            || grams.stride > RootAutomaton::PACKED_STRIDE_MAX
        {
            return None;
        }
        // Leftmost-first: the first match is where the scan starts.
        packed::Config::new()
            .match_kind(packed::MatchKind::LeftmostFirst)
            .builder()
            .extend(anchors)
            .build()
    }

    /// Where the first anchor of `hay` may start, with the offsets (bit `k`:
    /// `k` bytes before) at which the finder should look (see
    /// [`Grams::next`]); `None` if no anchor is in it.
    #[inline]
    fn first_pass(&self, hay: &[u8]) -> Option<(usize, u8)> {
        match &self.packed {
            Some(packed) if hay.len() >= packed.minimum_len() => {
                // An anchor starts there (the only one: they are prefix-free),
                // and none before: the scan looks it up and goes on after it.
                let first = packed.find(hay)?;
                Some((first.start(), 1))
            }
            _ => self.grams.next(hay, 0),
        }
    }

    fn memory_usage(&self) -> usize {
        size_of::<RootAutomaton>()
            + size_of::<[u8; Grams::SIZE]>()
            + self.finder.memory_usage()
            + self.tops.capacity() * size_of::<u64>()
            + self
                .packed
                .as_ref()
                .map_or(0, packed::Searcher::memory_usage)
    }
}

/// The first bytes, eight at most, that every rule filed under `anchor`
/// starts with (empty if its rules cannot be read: then every path may match).
/// Eight at most also keeps the work a rule's constant: tables from bytes may
/// point many rules at one long segment.
fn rules_start<'t>(t: &Tables<'t>, anchor: &Anchor) -> &'t [u8] {
    let mut common: Option<&'t [u8]> = None;
    for id in anchor.rules.of(t.anchor_rules()) {
        let Some((first, _)) = t.rule_segments(id.get()) else {
            return &[];
        };
        let bytes = first.of(t.text());
        let bytes = bytes.get(..8).unwrap_or(bytes);
        common = Some(match common {
            Some(before) => before
                .get(..common_prefix(before, bytes))
                .unwrap_or_default(),
            None => bytes,
        });
    }
    common.unwrap_or_default()
}

/// A filter in front of the finder: the `gram`-byte strings (`gram` up to
/// three) the anchors hold, hashed into a table of 4,096 entries, read at every
/// `stride`-th position of the path.
///
/// With the shortest anchor `m` bytes long, `gram` is `min(m, 3)`, `stride` is
/// `m - gram + 1`, and the table holds each anchor's grams at offsets
/// `0..stride`, each entry the set of offsets its grams are at: every occurrence
/// covers `stride` consecutive positions whose grams are in the table, one of
/// which the filter reads, and the offsets there say where the occurrence may
/// start. Its lookups do not wait on each other as an automaton's steps do, and
/// three bytes seldom pass by chance.
#[derive(Clone)]
struct Grams {
    /// For each hashed gram, the offsets (bit `k`: offset `k`) at which anchors
    /// hold it.
    offsets: Box<[u8; Grams::SIZE]>,
    /// The bits of a little-endian word that a gram keeps.
    mask: u32,
    gram: usize,
    stride: usize,
}

impl Grams {
    const SIZE: usize = 4096;

    /// The entry of a gram (as a little-endian word).
    #[inline(always)]
    fn entry(gram: u32) -> usize {
        (gram.wrapping_mul(0x9E37_79B1) >> 20) as usize
    }

    fn of(anchors: &[&[u8]]) -> Grams {
        let shortest = anchors.iter().map(|a| a.len()).min().unwrap_or(0);
        let gram = shortest.clamp(1, 3);
        // Offsets are bits of a byte.
        let stride = (shortest.saturating_sub(gram) + 1).min(8);
        let mut grams = Grams {
            offsets: Box::new([0; Grams::SIZE]),
            mask: u32::MAX >> (32 - 8 * gram),
            gram,
            stride,
        };
        for anchor in anchors {
            if anchor.is_empty() {
                // Matches everywhere (tables never hold one): every gram passes.
                grams.offsets.fill(1);
            }
            for (k, window) in anchor.windows(gram).take(stride).enumerate() {
                if let Some(entry) = grams.offsets.get_mut(Grams::entry(word_at(window, 0))) {
                    *entry |= 1 << k;
                }
            }
        }
        grams
    }

    /// The offsets at which anchors hold the gram at the start of `word`.
    #[inline(always)]
    fn offsets(&self, word: u32) -> u8 {
        self.offsets
            .get(Grams::entry(word & self.mask))
            .copied()
            .unwrap_or(0)
    }

    /// The first position that passes among `from`, `from + stride`, … of `hay`,
    /// with the offsets its gram is at.
    #[inline]
    fn next(&self, hay: &[u8], from: usize) -> Option<(usize, u8)> {
        let mut at = from;
        // Whole words while they fit.
        let words = hay.len().saturating_sub(3);
        while at < words {
            let Some(bytes) = hay.get(at..at + 4) else {
                break;
            };
            let word = <[u8; 4]>::try_from(bytes).map_or(0, u32::from_le_bytes);
            let offsets = self.offsets(word);
            if offsets != 0 {
                return Some((at, offsets));
            }
            at += self.stride;
        }
        while at + self.gram <= hay.len() {
            let offsets = self.offsets(word_at(hay, at));
            if offsets != 0 {
                return Some((at, offsets));
            }
            at += self.stride;
        }
        None
    }
}

/// Up to four bytes of `hay` from `at` as a little-endian word, zero-filled.
#[inline]
fn word_at(hay: &[u8], at: usize) -> u32 {
    let rest = hay.get(at..).unwrap_or_default();
    rest.iter()
        .take(4)
        .rev()
        .fold(0, |word, &b| (word << 8) | u32::from(b))
}

/// The anchors found on one path (each once), up to [`Found::CAP`].
struct Found {
    anchors: [u32; Found::CAP],
    len: usize,
    /// More different anchors were found than there is room for.
    overflow: bool,
}

impl Found {
    const CAP: usize = 16;

    fn new() -> Found {
        Found {
            anchors: [0; Found::CAP],
            len: 0,
            overflow: false,
        }
    }

    /// Note `anchor`; false once there is no room for it.
    #[inline]
    fn note(&mut self, anchor: u32) -> bool {
        let found = self.anchors.get(..self.len).unwrap_or_default();
        if found.contains(&anchor) {
            return true;
        }
        match self.anchors.get_mut(self.len) {
            Some(slot) => {
                *slot = anchor;
                self.len += 1;
                true
            }
            None => {
                self.overflow = true;
                false
            }
        }
    }
}

/// Report to `found` each anchor (its number) that occurs in `hay` (an anchor
/// may be reported more than once), until it says to stop. `first` is the first
/// position of `hay` that passes the filter, with its offsets.
///
/// Each position the filter passes has the positions it vouches for looked up
/// (where its offsets say an anchor may start), and the filter goes on after it.
#[inline]
fn scan_table(
    table: &Table,
    grams: &Grams,
    hay: &[u8],
    first: (usize, u8),
    found: &mut impl FnMut(u32) -> bool,
) {
    let ((mut hit, mut offsets), mut at) = (first, 0);
    loop {
        while offsets != 0 {
            let k = offsets.trailing_zeros() as usize;
            offsets &= offsets - 1;
            let Some(start) = hit.checked_sub(k).filter(|&start| start >= at) else {
                continue;
            };
            if let Some(anchor) = table.at(hay, start) {
                if !found(anchor) {
                    return;
                }
            }
        }
        at = hit + 1;
        match grams.next(hay, at) {
            Some(next) => (hit, offsets) = next,
            None => return,
        }
    }
}

/// [`scan_table`] with an automaton: it runs from the first position the
/// filter vouches for to the end of the path (handing back to the filter would
/// cost a mispredicted branch each time the automaton comes back to its start
/// state, more than the steps it saves). Each step waits on the table load of
/// the one before, so a path of more than a few anchor lengths is read as two
/// halves in lockstep, whose loads overlap; they overlap by the longest anchor
/// (`longest` bytes) less one byte, so every occurrence lies whole in one of
/// them. False if the automaton has no start state.
#[inline]
fn scan<A: Automaton>(
    a: &A,
    longest: usize,
    grams: &Grams,
    hay: &[u8],
    first: usize,
    found: &mut impl FnMut(u32) -> bool,
) -> bool {
    let Ok(start) = a.start_state(Anchored::No) else {
        return false;
    };
    let hay = hay
        .get((first + 1).saturating_sub(grams.stride)..)
        .unwrap_or_default();
    let mut report = |sid| {
        if a.is_match(sid) {
            for k in 0..a.match_len(sid) {
                if !found(a.match_pattern(sid, k).as_u32()) {
                    return false;
                }
            }
        }
        true
    };
    let len = hay.len();
    if len >= LOCKSTEP_MIN {
        let half = (len + longest).div_ceil(2).min(len);
        let (left, right) = (
            hay.get(..half).unwrap_or_default(),
            hay.get(len - half..).unwrap_or_default(),
        );
        let (mut one, mut two) = (start, start);
        for (&x, &y) in left.iter().zip(right) {
            one = a.next_state(Anchored::No, one, x);
            two = a.next_state(Anchored::No, two, y);
            if a.is_special(one) | a.is_special(two) && !(report(one) && report(two)) {
                return true;
            }
        }
        return true;
    }
    let mut sid = start;
    for &byte in hay {
        sid = a.next_state(Anchored::No, sid, byte);
        if a.is_special(sid) && !report(sid) {
            return true;
        }
    }
    true
}

/// Paths (from where the filter first passes) at least this long are read in
/// two halves (roots with an automaton have anchors of four bytes).
const LOCKSTEP_MIN: usize = 16;

impl View<'_> {
    /// Test the rules filed under the anchors of trie root `root` that occur in
    /// `path[from..]` (the rules' first segments end at `from` or later).
    #[inline(never)]
    pub(crate) fn match_anchored(
        &self,
        root: u32,
        shift: u32,
        path: &[u8],
        from: usize,
        best: &mut Best,
    ) {
        let t = self.t;
        let Some(i) = self.automata.place(t, root) else {
            return;
        };
        let Some(automaton) = self.automata.root(t, i) else {
            return;
        };
        if best.id != NONE && best.rank >= automaton.top {
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
    fn match_found(
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
        let anchors = t
            .wild_roots()
            .get(i)
            .map_or(&[][..], |w| w.anchors.of(t.anchors()));
        if !scanned || found.overflow {
            // Too many different anchors to remember: test every rule once.
            return self.match_all(anchors, path, shift, best);
        }
        // Best rule first across the anchors found: the tests stop at the first
        // anchor whose best rule cannot beat the best found.
        let tops = &automaton.tops;
        let top = |a: u32| tops.get(a as usize).copied().unwrap_or(0);
        let len = found.len;
        let order = found.anchors.get_mut(..len).unwrap_or_default();
        if len > 1 {
            order.sort_unstable_by_key(|&a| core::cmp::Reverse(top(a)));
        }
        for &anchor in order.iter() {
            if best.id != NONE && top(anchor) <= best.rank {
                break;
            }
            if let Some(anchor) = anchors.get(anchor as usize) {
                self.match_anchor(anchor, path, shift, best);
            }
        }
    }

    /// Test the rules of `anchor` (best rank first, numbered with `shift`) on
    /// `path`.
    #[inline]
    fn match_anchor(&self, anchor: &Anchor, path: &[u8], shift: u32, best: &mut Best) {
        for id in anchor.rules.of(self.t.anchor_rules()) {
            let id = shift_rule(id.get(), shift);
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

    /// Test the rules of every anchor in `anchors`: when nothing could be built
    /// to find them, or the path has too many different ones to remember.
    #[cold]
    fn match_all(&self, anchors: &[Anchor], path: &[u8], shift: u32, best: &mut Best) {
        for anchor in anchors {
            self.match_anchor(anchor, path, shift, best);
        }
    }
}

#[cfg(test)]
mod tests;
