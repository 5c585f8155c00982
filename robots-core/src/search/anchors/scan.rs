//! Reading a path for a root's anchors: each found once, up to a bound.

use super::{Grams, Table};
use aho_corasick::automaton::Automaton;
use aho_corasick::Anchored;

/// The anchors found on one path (each once), up to [`Found::CAP`].
pub(crate) struct Found {
    pub(crate) anchors: [u32; Found::CAP],
    pub(crate) len: usize,
    /// More different anchors were found than there is room for.
    pub(crate) overflow: bool,
}

impl Found {
    pub(crate) const CAP: usize = 16;

    pub(crate) fn new() -> Found {
        Found {
            anchors: [0; Found::CAP],
            len: 0,
            overflow: false,
        }
    }

    /// Note `anchor`; false once there is no room for it.
    #[inline]
    pub(crate) fn note(&mut self, anchor: u32) -> bool {
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
pub(crate) fn scan_table(
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
pub(crate) fn scan<A: Automaton>(
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
pub(crate) const LOCKSTEP_MIN: usize = 16;
