//! How a root's anchors are found where the filter passes: a hash table of
//! few anchors, or an Aho-Corasick automaton for many.

use crate::sort::sort_by_cmp;
use crate::swar::common_prefix;
use crate::tables::layout::ANCHOR_MAX_LEN;
use aho_corasick::automaton::Automaton;
use aho_corasick::nfa::contiguous;
use aho_corasick::{dfa, MatchKind};
use alloc::vec::Vec;

/// How a root's anchors are found where the filter passes.
pub(crate) enum Finder {
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
    pub(crate) const TABLE_MAX: usize = 256;

    /// The largest DFA table built; a root whose DFA would be larger gets an NFA.
    pub(crate) const DFA_MAX_BYTES: usize = 4 << 20;

    pub(crate) fn automaton(anchors: &[&[u8]]) -> Finder {
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

    pub(crate) fn memory_usage(&self) -> usize {
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
pub(crate) struct Table {
    /// Each slot's prefix, as a big-endian word shifted down.
    pub(crate) keys: Vec<u64>,
    /// Each slot's run of `entries` (the anchors with its prefix): the first
    /// one's index above bit 8 and their count below; 0 for an empty slot.
    pub(crate) runs: Vec<u32>,
    /// The anchors, by prefix: each one's bytes as a big-endian word
    /// (zero-filled), the mask of its bytes, its length and its number.
    pub(crate) entries: Vec<(u64, u64, u32, u32)>,
    /// The prefix's length.
    pub(crate) prefix: usize,
    /// The hash's shift: 64 less the log of the table's size.
    pub(crate) shift: u32,
}

impl Table {
    /// The slot a prefix hashes to.
    #[inline(always)]
    pub(crate) fn home(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// `anchors` (numbered by `numbers`) in a table; `None` unless each has one
    /// to [`ANCHOR_MAX_LEN`] bytes, none a prefix of another (as valid tables
    /// have them).
    pub(crate) fn of(anchors: &[&[u8]], numbers: &[u32]) -> Option<Table> {
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
        sort_by_cmp(&mut entries, Ord::cmp);
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
    pub(crate) fn at(&self, hay: &[u8], at: usize) -> Option<u32> {
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

    pub(crate) fn memory_usage(&self) -> usize {
        self.keys.capacity() * size_of::<u64>()
            + self.runs.capacity() * size_of::<u32>()
            + self.entries.capacity() * size_of::<(u64, u64, u32, u32)>()
    }
}

/// Up to eight bytes of `hay` from `at` as a big-endian word, zero-filled.
#[inline]
pub(crate) fn big_word_at(hay: &[u8], at: usize) -> u64 {
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

/// The size of the transition table of an Aho-Corasick DFA over `anchors`, as
/// the crate lays it out: a row for each state of the anchors' trie (plus its
/// dead, fail and start states), of as many 4-byte entries as the number of
/// byte classes rounded up to a power of two. Each byte an anchor holds is a
/// class of its own, and each run of bytes between such bytes is one.
pub(crate) fn dfa_bytes(anchors: &[&[u8]]) -> usize {
    let mut sorted = anchors.to_vec();
    sort_by_cmp(&mut sorted, Ord::cmp);
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
