//! Sixteen bytes asked one question at once, the answer a bit per byte: what
//! the URL-line scans ([`crate::url_lines`], the host check of
//! `url_shape`) are made of.
//!
//! The lanes are `wide`'s `u8x16`: on x86-64 its baseline SSE2 (a compare
//! or two a question and one `pmovmskb` for the bits), on other targets
//! their own vector unit or a byte loop, the same answer everywhere, and no
//! `unsafe` here. (Plain Rust over a `[u8; 16]` is vectorised by the compiler
//! for a yes-or-no answer, but not into the bits: a byte loop again.) The
//! tests hold every question to a byte-by-byte reading of every byte value.

use wide::u8x16;

/// How many bytes one question covers: a vector register's worth.
pub(crate) const LANES: usize = 16;

/// The bytes one question covers.
pub(crate) type Block = [u8; LANES];

/// A block's bytes in lanes.
#[derive(Clone, Copy)]
pub(crate) struct Lanes(u8x16);

/// Which lanes of a block answered yes: all ones or all zeros in each.
#[derive(Clone, Copy)]
pub(crate) struct Mask(u8x16);

impl Lanes {
    /// The lanes of `block`.
    #[inline(always)]
    pub(crate) fn of(block: &Block) -> Lanes {
        Lanes(u8x16::new(*block))
    }

    /// The lanes that hold `b`.
    #[inline(always)]
    pub(crate) fn is(self, b: u8) -> Mask {
        Mask(self.0.cmp_eq(u8x16::splat(b)))
    }

    /// The lanes that hold a byte of `low..=high`.
    #[inline(always)]
    pub(crate) fn within(self, low: u8, high: u8) -> Mask {
        // Clamped into the range, only the bytes in it stay as they were.
        let clamped = self.0.max(u8x16::splat(low)).min(u8x16::splat(high));
        Mask(clamped.cmp_eq(self.0))
    }

    /// The lanes that hold printable ASCII (`0x20..=0x7e`).
    #[inline(always)]
    pub(crate) fn printable(self) -> Mask {
        self.within(0x20, 0x7e)
    }

    /// The lanes that hold an ASCII letter or digit.
    #[inline(always)]
    pub(crate) fn alphanumeric(self) -> Mask {
        // `| 0x20` takes upper-case letters to lower case, and no byte
        // outside the letters into them.
        let folded = Lanes(self.0 | u8x16::splat(0x20));
        folded.within(b'a', b'z').or(self.within(b'0', b'9'))
    }
}

impl Mask {
    /// The lanes of either.
    #[inline(always)]
    pub(crate) fn or(self, other: Mask) -> Mask {
        Mask(self.0 | other.0)
    }

    /// The lanes not of this.
    #[inline(always)]
    pub(crate) fn not(self) -> Mask {
        Mask(self.0 ^ u8x16::splat(0xff))
    }

    /// Bit `i` set where lane `i` is.
    #[inline(always)]
    pub(crate) fn bits(self) -> u32 {
        // The lanes' top bits, in the low 16 bits: never negative.
        self.0.move_mask() as u32 & 0xffff
    }
}

/// The block of `bytes` starting at `at`, when all of it is there.
#[inline(always)]
pub(crate) fn block_at(bytes: &[u8], at: usize) -> Option<&Block> {
    bytes
        .get(at..at.checked_add(LANES)?)
        .and_then(|block| <&Block>::try_from(block).ok())
}

/// The bytes of `bytes` from `at` on (at most a block), padded with `pad`.
pub(crate) fn padded_block(bytes: &[u8], at: usize, pad: u8) -> Block {
    let mut block = [pad; LANES];
    for (to, &b) in block.iter_mut().zip(bytes.get(at..).unwrap_or_default()) {
        *to = b;
    }
    block
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every question, asked of every byte value in every lane, against the
    /// same question asked byte by byte.
    #[test]
    fn the_lanes_answer_as_the_bytes_do() {
        type Question = (fn(Lanes) -> Mask, fn(u8) -> bool);
        let questions: [Question; 7] = [
            (|l| l.is(b'\n'), |b| b == b'\n'),
            (|l| l.is(0xff), |b| b == 0xff),
            (|l| l.within(b'0', b'9'), |b| b.is_ascii_digit()),
            (|l| l.within(0, 0), |b| b == 0),
            (Lanes::printable, |b| (0x20..=0x7e).contains(&b)),
            (|l| l.printable().not(), |b| !(0x20..=0x7e).contains(&b)),
            (
                |l| l.alphanumeric().or(l.is(b'-')),
                |b| b.is_ascii_alphanumeric() || b == b'-',
            ),
        ];
        for (lanes, bytes) in questions {
            for first in (0..=255u8).step_by(LANES) {
                for shift in 0..LANES as u8 {
                    // Each byte value in each lane.
                    let block: Block = std::array::from_fn(|i| {
                        first.wrapping_add((i as u8).wrapping_add(shift) % LANES as u8)
                    });
                    let want = block
                        .iter()
                        .enumerate()
                        .filter(|&(_, &b)| bytes(b))
                        .fold(0u32, |m, (i, _)| m | 1 << i);
                    assert_eq!(lanes(Lanes::of(&block)).bits(), want, "{block:?}");
                }
            }
        }
    }

    #[test]
    fn blocks_whole_or_padded() {
        let bytes = *b"0123456789abcdefXYZ";
        assert_eq!(block_at(&bytes, 0), Some(b"0123456789abcdef"));
        assert_eq!(block_at(&bytes, 3), Some(b"3456789abcdefXYZ"));
        assert_eq!(block_at(&bytes, 4), None);
        assert_eq!(block_at(&bytes, usize::MAX), None);
        assert_eq!(&padded_block(&bytes, 16, b'/'), b"XYZ/////////////");
        assert_eq!(&padded_block(&bytes, 99, b'/'), b"////////////////");
    }
}
