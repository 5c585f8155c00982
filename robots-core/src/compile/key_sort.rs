//! Sorting trie keys: each key as big-endian eight-byte digits, with its length
//! class and position packed beside them, so one integer comparison orders two
//! keys by their next eight bytes.

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
