//! Eight bytes at a time: the word tricks (SWAR) the scanners share.
//!
//! A byte string read as a `u64` is tested for a byte value with a few integer
//! operations instead of eight comparisons. A zero byte of `x` is found by
//! borrowing: `x - 0x0101..` sets a byte's high bit where the byte was zero (and
//! `!x` keeps only bytes whose own high bit was clear). The lowest flag is exact;
//! above a true zero byte a borrow may flag a non-zero byte too, so callers either
//! ask "any?" or take the lowest flag.

/// `0x01` in every byte.
pub(crate) const ONES: u64 = u64::MAX / 0xff;
/// `0x80` in every byte: where the flags are.
pub(crate) const HIGH: u64 = ONES * 0x80;

/// A word whose high bits (those of [`HIGH`]; the others mean nothing) flag the
/// zero bytes of `x` (see the module docs). Unmasked, so that a scan can mask
/// once at its end instead of per word.
#[inline]
pub(crate) fn zero_flags(x: u64) -> u64 {
    x.wrapping_sub(ONES) & !x
}

/// [`zero_flags`] of where `w` has `byte`.
#[inline]
pub(crate) fn flag_byte(w: u64, byte: u8) -> u64 {
    zero_flags(w ^ (ONES * u64::from(byte)))
}

#[cfg(test)]
mod tests {
    use super::{flag_byte, HIGH};

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
}
