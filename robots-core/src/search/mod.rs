//! The search: the one routine every check runs, over tables wherever they live.
//!
//! - `walk`: the trie walk and the best literal rule;
//! - `wildcards`: the wildcard rules a walk cannot settle;
//! - `anchors`: those of them filed under anchors, found by an Aho-Corasick
//!   automaton per trie root, built when a check first needs it;
//! - `batch`: many paths walked in lockstep;
//! - `segments`: the path as a profile compares it, and segment matching;
//! - `url`: the path of a URL;
//! - `verdict`: what a check answers.

pub(crate) mod anchors;
pub(crate) mod batch;
pub(crate) mod segments;
pub mod url;
pub(crate) mod verdict;
pub(crate) mod walk;
pub(crate) mod wildcards;

use crate::search::segments::search_path;
use crate::search::verdict::Verdict;
use crate::search::walk::View;
use crate::tables::layout::{Tables, NONE};

/// A crawler's rule set, resolved once: what a matcher checks against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Selected {
    /// The rule set, or [`NONE`] when no group applies.
    pub(crate) set: u32,
    /// The set's trie root when it has exactly one (the common case), else [`NONE`].
    pub(crate) root: u32,
}

impl Selected {
    /// The selection of rule set `set` of `t`.
    pub(crate) fn of(t: &Tables<'_>, set: u32) -> Selected {
        let root = match t
            .sets()
            .get(set as usize)
            .map(|s| s.roots.of(t.set_roots()))
        {
            Some([root]) => root.get(),
            _ => NONE,
        };
        Selected { set, root }
    }

    /// Check a path that is already `/path?query` (no scheme, host or fragment).
    #[inline]
    pub(crate) fn check_path(self, view: View<'_>, path: &[u8]) -> Verdict {
        let path = search_path(path, view.t.profile);
        view.decide(self.set, self.root, &path)
    }
}
