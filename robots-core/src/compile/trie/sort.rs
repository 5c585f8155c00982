//! The trie's key sort: most significant digit first, eight bytes a digit,
//! with the common prefix of each pair of neighbours noted on the way (the
//! trie is built from those lengths without reading the keys again).
//!
//! Every index here is a position among the `n` keys being sorted, or a
//! range of them, made by this sort itself: `order`, `lcp` and `split` are
//! sized to `n` before it starts, and every work range is a sub-range of
//! `0..n`. The keys are spans of the text that the trie builder checked
//! (see `TrieBuilder::item_of`). An index out of bounds is a bug of this
//! file, and panics.
#![allow(clippy::indexing_slicing)]

use super::{Item, Scratch};
use crate::compile::key_sort::{sort_key, LONGER, POSITION_BITS, POSITION_MASK};
use crate::ids::index;
use crate::sort::{sort_by_packed, sort_keys, sort_keys_by_high_word, RADIX_MIN};
use crate::swar::common_prefix;

impl Scratch {
    /// Sort `items` (keys of `text`) by key bytes, ties in the order given,
    /// into `sorted`, with the common prefix lengths of neighbours in `lcp`.
    ///
    /// Most significant digit first, eight bytes a digit: each range of keys that
    /// agree on their first `offset` bytes is sorted on the next eight (as a
    /// number, with the length and the position as tie-breakers); runs that still
    /// agree and go on are sorted again eight bytes further. Each key takes part
    /// in one sort per eight bytes of the prefix it shares with another key.
    /// A range of two keys is compared where they part instead; a range whose
    /// keys all agree on the next eight bytes skips the prefix they all share.
    ///
    /// The first range (all keys at offset 0) comes with its sort keys in
    /// `chunks`.
    pub(super) fn sort(&mut self, text: &[u8]) {
        let n = self.items.len();
        self.order.clear();
        self.order.extend(0..n);
        self.lcp.clear();
        self.lcp.resize(n, 0);
        self.split.clear();
        self.split.resize(n, (None, None));
        self.work.clear();
        if n > 1 {
            self.work.push((0, n, 0));
        }
        while let Some((lo, hi, offset)) = self.work.pop() {
            if offset > 0 && hi - lo == 2 {
                self.sort_pair(text, lo, offset);
                continue;
            }
            let mut offset = offset;
            if offset > 0 {
                match self.skip_shared(text, lo, hi, offset) {
                    Some(common) => offset = common,
                    None => continue,
                }
            }
            self.sort_digit(lo, offset);
        }
        self.sorted.clear();
        self.sorted
            .extend(self.order.iter().map(|&p| self.items[p]));
        self.note_skips();
    }

    /// Two keys of a run at `lo` that agreed up to `offset`: compare them where
    /// they part.
    fn sort_pair(&mut self, text: &[u8], lo: usize, offset: usize) {
        let (p, q) = (self.order[lo], self.order[lo + 1]);
        let (a, b) = (key(text, &self.items[p]), key(text, &self.items[q]));
        let lcp = offset
            + common_prefix(
                a.get(offset..).unwrap_or_default(),
                b.get(offset..).unwrap_or_default(),
            );
        let (x, y) = (a.get(lcp).copied(), b.get(lcp).copied());
        // A key that ends sorts first; equal keys stay in the order given.
        let swap = x > y || (x == y && p > q);
        let (p, q, x, y) = if swap { (q, p, y, x) } else { (p, q, x, y) };
        self.order[lo] = p;
        self.order[lo + 1] = q;
        self.lcp[lo + 1] = index(lcp);
        self.split[lo + 1] = (x, y);
    }

    /// The sort keys of the run `lo..hi` at `offset` (in `chunks`), and the
    /// offset to sort it at: further on if its keys all agree on the next
    /// eight bytes and go on (sorting on them would tell nothing), past the
    /// prefix they all share. `None` if they are all the same key: then they
    /// are put in the order given, and the run is done.
    fn skip_shared(&mut self, text: &[u8], lo: usize, hi: usize, offset: usize) -> Option<usize> {
        self.chunks.clear();
        let mut one_run = true;
        for &pos in &self.order[lo..hi] {
            let k = sort_key(key(text, &self.items[pos]), offset, pos);
            one_run &= (k as u64) >> POSITION_BITS == LONGER
                && !matches!(self.chunks.first(), Some(&f) if f >> 64 != k >> 64);
            self.chunks.push(k);
        }
        if !one_run {
            return Some(offset);
        }
        let order = &self.order[lo..hi];
        let first = key(text, &self.items[order[0]]);
        let mut common = first.len();
        let mut all_same = true;
        for &pos in &order[1..] {
            let other = key(text, &self.items[pos]);
            let limit = common.min(other.len());
            common = offset
                + common_prefix(
                    first.get(offset..limit).unwrap_or_default(),
                    other.get(offset..limit).unwrap_or_default(),
                );
            all_same &= other.len() == first.len();
        }
        if all_same && common == first.len() {
            // Equal keys: in the order given (positions are that order).
            sort_by_packed(&mut self.order[lo..hi], |&p| p as u128);
            for i in lo + 1..hi {
                self.lcp[i] = index(common);
                self.split[i] = (None, None);
            }
            return None;
        }
        self.chunks.clear();
        for &pos in &self.order[lo..hi] {
            self.chunks
                .push(sort_key(key(text, &self.items[pos]), common, pos));
        }
        Some(common)
    }

    /// Sort the run at `lo` on its eight bytes from `offset` (its sort keys
    /// in `chunks`), note each neighbour's common prefix and where they part,
    /// and queue the runs that still agree and go on.
    fn sort_digit(&mut self, lo: usize, offset: usize) {
        // The radix sort pays off for many keys that part in their first
        // digit; keys that mostly share it would be left in long runs to sort again.
        if offset == 0 && !self.shared_first && self.chunks.len() >= RADIX_MIN {
            sort_keys_by_high_word(&mut self.chunks);
        } else {
            sort_keys(&mut self.chunks);
        }
        let mut run = 0;
        for i in 0..self.chunks.len() {
            let k = self.chunks[i];
            self.order[lo + i] = (k as u64 & POSITION_MASK) as usize;
            let Some(prev) = i.checked_sub(1).map(|p| self.chunks[p]) else {
                continue;
            };
            let (head_a, head_b) = ((prev >> 64) as u64, (k >> 64) as u64);
            let class_a = (prev as u64) >> POSITION_BITS;
            let class_b = (k as u64) >> POSITION_BITS;
            if head_a == head_b && class_a == LONGER && class_b == LONGER {
                // Same run: they agree on eight more bytes and both go on.
                continue;
            }
            if i - run >= 2 {
                self.work.push((lo + run, lo + i, offset + 8));
            }
            run = i;
            // A key's length as far as this digit tells (the class): exact up
            // to eight bytes from `offset`; past that, longer than anything
            // this digit can show, so "unbounded" gives the same minimum.
            let len = |p: u128| {
                let class = (p as u64) >> POSITION_BITS;
                if class == LONGER {
                    usize::MAX
                } else {
                    offset + class as usize
                }
            };
            let agree = (head_a ^ head_b).leading_zeros() as usize / 8;
            let lcp = (offset + agree).min(len(prev)).min(len(k));
            self.lcp[lo + i] = index(lcp);
            // The bytes where they part, when this digit has them.
            // (`at` is the byte's place in the digit, most significant first: a
            // shift, not an array in memory.)
            let at = lcp.wrapping_sub(offset);
            let byte = |head: u64, len: usize| {
                (at < 8 && lcp < len).then(|| (head >> (56 - 8 * at)) as u8)
            };
            self.split[lo + i] = (byte(head_a, len(prev)), byte(head_b, len(k)));
        }
        let len = self.chunks.len();
        if len - run >= 2 {
            self.work.push((lo + run, lo + len, offset + 8));
        }
    }

    /// `skip[i]`: the next smaller-or-equal common prefix after `i`, with a
    /// stack (`order` is free now).
    fn note_skips(&mut self) {
        let n = self.lcp.len();
        self.skip.clear();
        self.skip.resize(n, index(n));
        let stack = &mut self.order;
        stack.clear();
        for (k, &l) in self.lcp.iter().enumerate() {
            while let Some(&t) = stack.last() {
                if self.lcp[t] >= l {
                    self.skip[t] = index(k);
                    stack.pop();
                } else {
                    break;
                }
            }
            stack.push(k);
        }
    }
}

/// The key of `item`: its span of `text`, checked when the item was made.
#[inline]
fn key<'t>(text: &'t [u8], item: &Item) -> &'t [u8] {
    &text[item.range()]
}
