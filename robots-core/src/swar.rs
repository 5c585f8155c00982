//! Eight (or sixteen) bytes at a time: the word tricks (SWAR) the scanners share.
//!
//! A byte string read as a `u64` (or a `u128`) is tested for a byte value with a
//! few integer operations instead of one comparison per byte. A zero byte of `x`
//! is found by borrowing: `x - 0x0101..` sets a byte's high bit where the byte was
//! zero (and `!x` keeps only bytes whose own high bit was clear); `x - 0x2121..`
//! likewise flags bytes below `0x21`. The lowest flag is exact; above a true hit a
//! borrow may flag another byte too, so callers either ask "any?" or take the
//! lowest flag.

/// A word of byte lanes: `u64` (eight) or `u128` (sixteen).
pub(crate) trait Lanes:
    Copy
    + PartialEq
    + core::ops::BitAnd<Output = Self>
    + core::ops::BitXor<Output = Self>
    + core::ops::Not<Output = Self>
{
    /// `0x01` in every byte.
    const ONES: Self;
    /// `0x80` in every byte: where the flags are.
    const HIGH: Self;
    /// `byte` in every byte.
    fn splat(byte: u8) -> Self;
    /// `self - other`, wrapping.
    fn minus(self, other: Self) -> Self;
}

macro_rules! lanes {
    ($word:ty) => {
        impl Lanes for $word {
            const ONES: $word = <$word>::MAX / 0xff;
            const HIGH: $word = <$word>::MAX / 0xff * 0x80;
            #[inline]
            fn splat(byte: u8) -> $word {
                Self::ONES * <$word>::from(byte)
            }
            #[inline]
            fn minus(self, other: $word) -> $word {
                self.wrapping_sub(other)
            }
        }
    };
}

lanes!(u64);
lanes!(u128);

/// `0x01` in every byte of a `u64`.
pub(crate) const ONES: u64 = <u64 as Lanes>::ONES;
/// `0x80` in every byte of a `u64`: where the flags are.
pub(crate) const HIGH: u64 = <u64 as Lanes>::HIGH;

/// A word whose high bits (those of [`Lanes::HIGH`]; the others mean nothing) flag
/// the zero bytes of `x` (see the module docs). Unmasked, so that a scan can mask
/// once at its end instead of per word.
#[inline]
pub(crate) fn zero_flags<W: Lanes>(x: W) -> W {
    x.minus(W::ONES) & !x
}

/// [`zero_flags`] of where `w` has `byte`.
#[inline]
pub(crate) fn flag_byte<W: Lanes>(w: W, byte: u8) -> W {
    zero_flags(w ^ W::splat(byte))
}

/// Flags (in the high bits, exact as a yes or no) where `w` has a byte below `bound`
/// (at most `0x80`).
#[inline]
pub(crate) fn flag_below<W: Lanes>(w: W, bound: u8) -> W {
    w.minus(W::splat(bound)) & !w
}

/// Up to eight bytes as a little-endian word, zero-filled.
#[inline]
pub(crate) fn word(bytes: &[u8]) -> u64 {
    if let Some(Ok(first)) = bytes.get(..8).map(<[u8; 8]>::try_from) {
        return u64::from_le_bytes(first);
    }
    bytes
        .iter()
        .rev()
        .fold(0, |word, &b| (word << 8) | u64::from(b))
}

/// `path[depth..]` (fewer than eight bytes) as a little-endian word, zero-filled:
/// the path's last eight bytes shifted down when it has eight, else byte by byte.
#[inline]
pub(crate) fn tail_word(path: &[u8], depth: usize) -> u64 {
    let rest = path.get(depth..).unwrap_or_default();
    let last = path
        .len()
        .checked_sub(8)
        .and_then(|start| path.get(start..));
    match last.map(<[u8; 8]>::try_from) {
        Some(Ok(last)) => {
            let gone = 8 * 8usize.saturating_sub(rest.len());
            u32::try_from(gone)
                .ok()
                .and_then(|gone| u64::from_le_bytes(last).checked_shr(gone))
                .unwrap_or(0)
        }
        _ => word(rest),
    }
}

/// Whether `a` and `b` (of one length, at least eight bytes) are equal: word by
/// word, the last word overlapping (a library `memcmp` call costs more on labels
/// this short).
#[inline]
pub(crate) fn same_long(a: &[u8], b: &[u8]) -> bool {
    let word = |s: &[u8], at: usize| {
        s.get(at..at + 8)
            .and_then(|w| <[u8; 8]>::try_from(w).ok())
            .map(u64::from_le_bytes)
    };
    let len = a.len();
    if len != b.len() || len < 8 {
        return a == b;
    }
    let mut at = 0;
    while at + 8 < len {
        if word(a, at) != word(b, at) {
            return false;
        }
        at += 8;
    }
    word(a, len - 8) == word(b, len - 8)
}

/// `LOW_BYTES[n]`: the low `n` bytes of a word set (`n` in `0..=8`).
#[allow(clippy::indexing_slicing)] // const evaluation: `n` runs over the array
pub(crate) const LOW_BYTES: [u64; 9] = {
    let mut masks = [0u64; 9];
    let mut n = 1;
    while n <= 8 {
        masks[n] = u64::MAX >> (64 - 8 * n);
        n += 1;
    }
    masks
};

/// The position of `byte` among the first `count` (at most eight) bytes of `word`.
#[inline]
#[allow(clippy::indexing_slicing)] // `count.min(8)` is within the nine masks
pub(crate) fn position_in_word(word: u64, count: usize, byte: u8) -> Option<usize> {
    // The lowest flagged byte is a true match (borrows only run upwards).
    let found = flag_byte(word, byte) & HIGH & LOW_BYTES[count.min(8)];
    (found != 0).then(|| (found.trailing_zeros() / 8) as usize)
}

/// The length of the common prefix of `a` and `b`, eight bytes at a time.
pub(crate) fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let mut n = 0;
    for (x, y) in a.chunks_exact(8).zip(b.chunks_exact(8)) {
        let mut xa = [0u8; 8];
        let mut ya = [0u8; 8];
        xa.copy_from_slice(x);
        ya.copy_from_slice(y);
        let diff = u64::from_le_bytes(xa) ^ u64::from_le_bytes(ya);
        if diff != 0 {
            return n + diff.trailing_zeros() as usize / 8;
        }
        n += 8;
    }
    n + a
        .get(n..)
        .unwrap_or_default()
        .iter()
        .zip(b.get(n..).unwrap_or_default())
        .take_while(|(x, y)| x == y)
        .count()
}

#[cfg(test)]
mod tests {
    use super::{flag_below, flag_byte, same_long, Lanes, HIGH};

    /// The lowest flag is the first place of the byte, and a word without the
    /// byte has no flag: every byte value at every place, over several fills.
    #[test]
    fn lowest_flag_is_the_first_place_of_the_byte() {
        for fill in [0u8, 0x01, 0x2f, 0x30, 0x7f, 0x80, 0xff] {
            for at in 0..8 {
                for b in 0..=255u8 {
                    let mut bytes = [fill; 8];
                    bytes[at] = b;
                    let w = u64::from_le_bytes(bytes);
                    for target in [b, 0x2f, 0x00, 0x80] {
                        let flags = flag_byte(w, target) & HIGH;
                        let first = bytes.iter().position(|&x| x == target);
                        let lowest = (flags != 0).then(|| flags.trailing_zeros() as usize / 8);
                        assert_eq!(lowest, first, "{bytes:?} {target:#x}");
                    }
                }
            }
        }
    }

    #[test]
    fn same_long_agrees_with_slice_equality() {
        let base: Vec<u8> = (0..40u8).map(|i| b'a' + i % 26).collect();
        for len in 0..=base.len() {
            let a = &base[..len];
            assert!(same_long(a, a));
            for at in 0..len {
                let mut b = a.to_vec();
                b[at] ^= 0x20;
                assert!(!same_long(a, &b), "{len} {at}");
            }
            assert!(!same_long(a, &base[..len.saturating_sub(1)]) || len == 0);
        }
    }

    /// The sixteen-byte words flag the same bytes as two eight-byte ones.
    #[test]
    fn wide_words_agree_with_two_narrow_ones() {
        for at in 0..16 {
            for b in [0u8, b':', 0x20, 0x7f, 0xff] {
                let mut bytes = [b'a'; 16];
                bytes[at] = b;
                let wide = u128::from_le_bytes(bytes);
                let lo = u64::from_le_bytes(bytes[..8].try_into().unwrap());
                let hi = u64::from_le_bytes(bytes[8..].try_into().unwrap());
                for target in [b, b':'] {
                    let w = flag_byte(wide, target) & <u128 as Lanes>::HIGH;
                    let n = u128::from(flag_byte(lo, target) & HIGH)
                        | u128::from(flag_byte(hi, target) & HIGH) << 64;
                    assert_eq!(w.trailing_zeros(), n.trailing_zeros(), "{bytes:?} {target}");
                    assert_eq!(w != 0, n != 0);
                }
                let below = flag_below(wide, 0x21) & <u128 as Lanes>::HIGH != 0;
                assert_eq!(below, bytes.iter().any(|&x| x < 0x21), "{bytes:?}");
            }
        }
    }
}
