//! The few anchors too short for the filter's grams, searched for on their own.

use crate::search::segments::find;
use crate::swar::{tail_word, word, zero_flags, HIGH, LOW_BYTES, ONES};

/// Up to [`Shorts::MAX`] anchors searched for on their own, together, eight
/// positions a step: a position is a candidate where an anchor's first two
/// bytes are (a few word operations an anchor, no table load), and a candidate
/// is compared as a word.
///
/// Short anchors often come from rules deeper in the trie than the root's own
/// (`/resumes*rb=` beside many `/*…` rules): the search is skipped for a path
/// that starts with none of their rules' first bytes, which is most paths.
pub(crate) struct Shorts {
    /// Each anchor's number, its bytes as a little-endian word (zero-filled)
    /// and the mask of its bytes.
    pub(crate) anchors: [(u32, u64, u64); Shorts::MAX],
    /// Each anchor's first byte, and its second, in every byte of a word.
    pub(crate) pairs: [(u64, u64); Shorts::MAX],
    /// The first bytes (up to eight) that every rule filed under each anchor
    /// starts with, as a word and its mask, and their number: a path that
    /// starts with none of them has no rule here to find.
    pub(crate) starts: [(u64, u64, usize); Shorts::MAX],
    /// Some anchor's rules start with at most `/`, which every path does:
    /// no need to look.
    pub(crate) always: bool,
    pub(crate) len: usize,
}

impl Shorts {
    pub(crate) const MAX: usize = 4;

    /// `anchors` (number, bytes: two to eight of them, and the bytes all
    /// their rules start with) to search for.
    pub(crate) fn of(anchors: &[(u32, &[u8], &[u8])]) -> Shorts {
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
    pub(crate) fn may_match(&self, path: &[u8]) -> bool {
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
    ///
    /// `found` is a `dyn` callback: it runs only where an anchor is found,
    /// and the search is compiled once per anchor count rather than once per
    /// caller as well (four copies fewer in the WebAssembly package).
    #[inline]
    pub(crate) fn find(&self, hay: &[u8], found: &mut dyn FnMut(u32) -> bool) -> bool {
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
    pub(crate) const LONG: usize = 256;

    /// [`Shorts::find`] on a long path.
    #[cold]
    pub(crate) fn find_long(&self, hay: &[u8], found: &mut dyn FnMut(u32) -> bool) -> bool {
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
    pub(crate) fn find_n<const N: usize>(
        &self,
        hay: &[u8],
        found: &mut dyn FnMut(u32) -> bool,
    ) -> bool {
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
