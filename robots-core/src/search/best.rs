//! What a search keeps as it goes: the best rule so far ([`Best`]) and where
//! a walk stopped ([`End`]). A leaf of the search's modules.

use crate::tables::layout::NONE;

/// Where a walk stopped: the node (an inner index, or a leaf index with
/// [`LEAF_KEY`](crate::tables::layout::LEAF_KEY)), its best prefix rule and flags, and the depth reached.
#[derive(Clone, Copy)]
pub(crate) struct End {
    pub(crate) key: u32,
    pub(crate) best: u32,
    pub(crate) flags: u32,
    pub(crate) depth: usize,
}

/// The best-ranked rule found so far.
#[derive(Clone, Copy)]
pub(crate) struct Best {
    pub(crate) id: u32,
    pub(crate) rank: u64,
}

impl Best {
    pub(crate) const EMPTY: Best = Best { id: NONE, rank: 0 };

    #[inline]
    pub(crate) fn offer(&mut self, id: u32, rank: u64) {
        if self.id == NONE || rank > self.rank {
            self.id = id;
            self.rank = rank;
        }
    }
}
