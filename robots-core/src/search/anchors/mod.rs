//! The wildcard rules filed under anchors: a check finds which of its root's
//! anchors the path contains, and tests only the rules filed under those.
//!
//! The tables keep the anchors as literals of one to
//! [`ANCHOR_MAX_LEN`](crate::tables::layout::ANCHOR_MAX_LEN) bytes
//! ([`Anchor`](crate::tables::layout::Anchor), see [`derive`](crate::compile::derive)); what finds them is built
//! from those the first time a check needs it ([`Automata`](super::automata::Automata), held beside the
//! tables: in a [`Policy`](crate::Policy), an [`AgentPolicy`](crate::AgentPolicy),
//! a [`PolicyRef`](crate::PolicyRef), or the `static` policy the code generator
//! writes). Building is lock-free (`once_cell::race::OnceBox`): threads that race
//! build one each and all but one are dropped.
//!
//! A path is short (40 bytes on average over the corpus): for most roots the
//! fixed cost of a library search call would outweigh the scan, so the search
//! reads the path itself. A filter ([`Grams`]) reads it first, a few bytes a
//! step: most paths hold no anchor and are done there, and most of the rest
//! pass it where an anchor is. Where it passes, a root with few anchors (most
//! roots: up to [`Finder::TABLE_MAX`]) looks the positions it vouches for up in
//! a hash table of its anchors ([`Table`]). A root with more anchors runs an
//! Aho-Corasick automaton over the rest of the path from there: one table load
//! a byte, whatever the number of anchors. It gets a DFA unless the DFA's table
//! would be larger than [`Finder::DFA_MAX_BYTES`] (about 15,000 anchors); then
//! a contiguous NFA, whose memory stays near the anchors' bytes but which is
//! two to three times slower.
//!
//! Where the filter would read a gram at most positions (its shortest anchor is
//! five bytes or less) and the root has few anchors, aho-corasick's packed
//! searcher (Teddy: 16 or 32 positions a step, with SIMD shuffles) goes first
//! on paths long enough for it, if the CPU has one: it tells exactly whether
//! the path holds an anchor and where the first starts, so paths that only
//! pass the filter by chance cost no lookups, and the scan starts there.
//!
//! The anchors found (each once) are then tested best rule first, and the tests
//! stop once no rule left can beat the best one ([`Found`]).

mod build;
mod grams;
mod scan;
mod shorts;
mod tables;

pub(crate) use grams::Grams;
pub(crate) use scan::{scan, scan_table, Found};
pub(crate) use shorts::Shorts;
pub(crate) use tables::{Finder, Table};

use aho_corasick::packed;
use alloc::vec::Vec;

/// What finds one root's anchors in a path, and the ranks of their rules.
pub(crate) struct RootAutomaton {
    /// The filter in front ([`Grams`]).
    pub(crate) grams: Grams,
    pub(crate) finder: Finder,
    /// A few anchors too short for the filter's stride, searched for together
    /// on their own ([`Shorts`]).
    pub(crate) short: Shorts,
    /// The rank of each anchor's best rule, as the trie numbers it. A set that
    /// walks the trie with a shift numbers the same rules later, and among
    /// rules alike a later one ranks lower: these ranks bound theirs too.
    pub(crate) tops: Vec<u64>,
    /// The best of them: a check whose best rule ranks as high has nothing to
    /// look for here.
    pub(crate) top: u64,
    /// For a root with few anchors found by [`Table`], aho-corasick's packed
    /// (SIMD) searcher over them, where the crate has one for this CPU.
    pub(crate) packed: Option<packed::Searcher>,
}

#[cfg(test)]
mod tests;
