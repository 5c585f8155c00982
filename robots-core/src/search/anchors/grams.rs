//! The filter in front of the finder: the grams of a root's anchors.

use alloc::boxed::Box;

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
pub(crate) struct Grams {
    /// For each hashed gram, the offsets (bit `k`: offset `k`) at which anchors
    /// hold it.
    pub(crate) offsets: Box<[u8; Grams::SIZE]>,
    /// The bits of a little-endian word that a gram keeps.
    pub(crate) mask: u32,
    pub(crate) gram: usize,
    pub(crate) stride: usize,
}

impl Grams {
    pub(crate) const SIZE: usize = 4096;

    /// The entry of a gram (as a little-endian word).
    #[inline(always)]
    pub(crate) fn entry(gram: u32) -> usize {
        (gram.wrapping_mul(0x9E37_79B1) >> 20) as usize
    }

    pub(crate) fn of(anchors: &[&[u8]]) -> Grams {
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
    pub(crate) fn offsets(&self, word: u32) -> u8 {
        self.offsets
            .get(Grams::entry(word & self.mask))
            .copied()
            .unwrap_or(0)
    }

    /// The first position that passes among `from`, `from + stride`, … of `hay`,
    /// with the offsets its gram is at.
    ///
    /// The filter is most of a check's time on the files furthest from the
    /// floor (callgrind: 240 to 440 instructions of a 1,200 to 1,500
    /// instruction check on quora's and ebay's roots, whose short anchors
    /// keep the stride at one or two), so the short strides read eight bytes
    /// a load and test the grams in them together ([`Grams::next_by`]).
    #[inline(always)]
    pub(crate) fn next(&self, hay: &[u8], from: usize) -> Option<(usize, u8)> {
        // The WebAssembly module is held to a size (robots-js/ci.sh), and the
        // three copies of the filter this inlines cost it 0.9 KB gzipped:
        // there the filter reads a position at a time.
        #[cfg(target_arch = "wasm32")]
        return self.next_from(hay, from);
        #[cfg(not(target_arch = "wasm32"))]
        match self.stride {
            1 => self.next_by::<1>(hay, from),
            2 => self.next_by::<2>(hay, from),
            3 => self.next_by::<3>(hay, from),
            _ => self.next_from(hay, from),
        }
    }

    /// [`Grams::next`] for stride `STRIDE`: eight bytes a load, and the grams
    /// at `at`, `at + STRIDE`, … that lie whole in them (a gram is three
    /// bytes at most) looked up with no branch between them; only a word
    /// where one passes is looked at again, in order. Then the rest, as
    /// [`Grams::next_from`] reads it.
    #[inline(always)]
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    fn next_by<const STRIDE: usize>(&self, hay: &[u8], from: usize) -> Option<(usize, u8)> {
        // The grams of a word: offsets `k * STRIDE` with `k * STRIDE + 3 <= 8`.
        let per_word = 5 / STRIDE + 1;
        let mut at = from;
        while let Some(bytes) = hay.get(at..at + 8) {
            let word = <[u8; 8]>::try_from(bytes).map_or(0, u64::from_le_bytes);
            let mut offsets = [0u8; 6];
            let mut any = 0;
            for (k, slot) in offsets.iter_mut().enumerate().take(per_word) {
                *slot = self.offsets((word >> (8 * k * STRIDE)) as u32);
                any |= *slot;
            }
            if any != 0 {
                let k = offsets.iter().position(|&o| o != 0).unwrap_or(0);
                return Some((at + k * STRIDE, offsets.get(k).copied().unwrap_or(0)));
            }
            at += per_word * STRIDE;
        }
        self.next_from(hay, at)
    }

    /// [`Grams::next`] a position at a time.
    #[inline(always)]
    fn next_from(&self, hay: &[u8], from: usize) -> Option<(usize, u8)> {
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
pub(crate) fn word_at(hay: &[u8], at: usize) -> u32 {
    let rest = hay.get(at..).unwrap_or_default();
    rest.iter()
        .take(4)
        .rev()
        .fold(0, |word, &b| (word << 8) | u32::from(b))
}
