//! Sorting trie keys: each key as big-endian eight-byte digits, with its length
//! class and position packed beside them, so one integer comparison orders two
//! keys by their next eight bytes.

use crate::sort::sort_keys;

/// The bits of a sort key that hold the position; above them, the length class.
pub(crate) const POSITION_BITS: u32 = 60;
pub(crate) const POSITION_MASK: u64 = (1 << POSITION_BITS) - 1;
/// The length class of a key with more than eight bytes from the offset on.
pub(crate) const LONGER: u64 = 9;

/// Eight bytes of `key` from `offset` as a big-endian number (zero padded), and
/// how many bytes it has from `offset`: `0..=8`, or [`LONGER`] for more.
#[inline]
pub(crate) fn chunk(key: &[u8], offset: usize) -> (u64, u64) {
    let rest = key.get(offset..).unwrap_or_default();
    if let Some(head) = rest.get(..8) {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(head);
        let class = if rest.len() > 8 { LONGER } else { 8 };
        (u64::from_be_bytes(bytes), class)
    } else {
        let mut bytes = [0u8; 8];
        for (b, r) in bytes.iter_mut().zip(rest) {
            *b = *r;
        }
        (u64::from_be_bytes(bytes), rest.len() as u64)
    }
}

/// The first sort digit of a key: its first eight bytes as a number and its length
/// class. The compiler takes it while the key is at hand, so that sorting does not
/// read the text again.
pub(crate) fn first_digit(key: &[u8]) -> (u64, u8) {
    let (head, class) = chunk(key, 0);
    (head, class as u8)
}

/// The sort key of the key at `pos` for its eight bytes from `offset`: those bytes,
/// then its length class, then its position.
#[inline]
pub(crate) fn sort_key(key: &[u8], offset: usize, pos: usize) -> u128 {
    let (head, class) = chunk(key, offset);
    digit_key(head, class, pos)
}

/// The sort key of the key at `pos` whose digit is `head`, of length class `class`.
#[inline]
pub(crate) fn digit_key(head: u64, class: u64, pos: usize) -> u128 {
    let low = (class << POSITION_BITS) | (pos as u64 & POSITION_MASK);
    (u128::from(head) << 64) | u128::from(low)
}

/// From this many keys on, the first sort is a radix sort on the first digit: it
/// takes a few passes over the keys where a comparison sort takes `log2 n`
/// comparisons of two words each (below, the radix sort's fixed set-up costs more).
pub(crate) const RADIX_MIN: usize = 4096;

/// Sort first-digit sort keys as [`sort_keys`] would, for many keys: a stable
/// radix sort on the eight key bytes (positions are in the order given, so they
/// stay in order among equal bytes), then the rare runs of equal bytes are put in
/// length-class order.
pub(crate) fn sort_first_digit_radix(chunks: &mut [u128]) {
    radsort::sort_by_key(chunks, |&k| (k >> 64) as u64);
    sort_runs(chunks, |k| k >> 64);
}

/// Sort fully each run of two or more neighbours in `chunks` that agree on
/// `part` of their sort keys: what a sort on that part alone left in the order given.
fn sort_runs(chunks: &mut [u128], part: impl Fn(u128) -> u128) {
    let mut at = 0;
    while let Some(&first) = chunks.get(at) {
        let same = chunks
            .get(at..)
            .unwrap_or_default()
            .iter()
            .take_while(|&&k| part(k) == part(first))
            .count()
            .max(1);
        if same >= 2 {
            if let Some(run) = chunks.get_mut(at..at + same) {
                sort_keys(run);
            }
        }
        at += same;
    }
}
