//! What a search keeps as it goes: the best rule so far ([`Best`]) and where
//! a walk stopped ([`End`]). A leaf of the search's modules.

use crate::ids::RuleId;

/// Where a walk stopped: the node (an inner index, or a leaf index with
/// [`LEAF_KEY`](crate::tables::layout::LEAF_KEY)), its best prefix rule and flags, and the depth reached.
#[derive(Clone, Copy)]
pub(crate) struct End {
    pub(crate) key: u32,
    pub(crate) best: RuleId,
    pub(crate) flags: u32,
    pub(crate) depth: usize,
}

/// The best-ranked rule found so far.
#[derive(Clone, Copy)]
pub(crate) struct Best {
    pub(crate) id: RuleId,
    pub(crate) rank: u64,
}

impl Best {
    pub(crate) const EMPTY: Best = Best {
        id: RuleId::NONE,
        rank: 0,
    };

    /// Whether a rule was found that ranks `rank` or higher: a rule of that
    /// rank cannot beat it.
    #[inline(always)]
    pub(crate) fn holds(&self, rank: u64) -> bool {
        !self.id.is_none() && rank <= self.rank
    }

    #[inline]
    pub(crate) fn offer(&mut self, id: RuleId, rank: u64) {
        if self.id.is_none() || rank > self.rank {
            self.id = id;
            self.rank = rank;
        }
    }
}
