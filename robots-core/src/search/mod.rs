//! The search: the one routine every check runs, over tables wherever they live.
//!
//! - `best`: what a search keeps (the best rule so far, where a walk stopped);
//! - `view`: the tables and their automata as the search reads them, and its
//!   primitives (the trie walk, the best literal rule, testing a rule);
//! - `decide`: a check, from the walks to the verdict;
//! - `wildcards`: the wildcard rules a walk cannot settle;
//! - `anchors`: each trie root's anchor automaton (built from the tables),
//!   and `automata`: the automata a policy builds when a check first needs
//!   one; `anchored`: the rules filed under anchors, tested on a path;
//! - `batch`: many paths walked in lockstep;
//! - `segments`: the path as a profile compares it, and segment matching;
//! - `spans`: a verdict from a crawler's rules one by one, without tables
//!   (a file's first check);
//! - `url`: the path of a URL;
//! - `verdict`: what a check answers.

mod anchored;
pub(crate) mod anchors;
pub(crate) mod automata;
pub(crate) mod batch;
pub(crate) mod best;
mod decide;
pub(crate) mod segments;
pub(crate) mod spans;
pub mod url;
pub(crate) mod verdict;
pub(crate) mod view;
pub(crate) mod wildcards;

#[cfg(all(test, feature = "std"))]
mod tests;

use crate::ids::{NodeId, SetId};
use crate::search::segments::search_path;
use crate::search::verdict::Verdict;
use crate::search::view::View;
use crate::tables::layout::SetRoot;
use crate::tables::view::Tables;

/// A crawler's rule set, resolved once: what a matcher checks against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Selected {
    /// The rule set, or [`SetId::NONE`] when no group applies.
    pub(crate) set: SetId,
    /// The set's first trie root when it has one or two (the common cases),
    /// else [`NodeId::NONE`]; and its rule shift (see
    /// [`crate::tables::layout::SetRoot`]).
    pub(crate) root: NodeId,
    pub(crate) shift: u32,
    /// Its second trie root when it has two (a group that repeats another's
    /// rules and adds some), else [`NodeId::NONE`]; and its rule shift.
    pub(crate) second: NodeId,
    pub(crate) second_shift: u32,
}

impl Selected {
    /// The selection of rule set `set` of `t`.
    pub(crate) fn of(t: &Tables<'_>, set: SetId) -> Selected {
        let roots = t
            .sets()
            .get(set.as_usize())
            .map(|s| s.roots.of(t.set_roots()));
        let (first, second) = match roots {
            Some([one]) => (Some(one), None),
            Some([one, two]) => (Some(one), Some(two)),
            _ => (None, None),
        };
        let part =
            |root: Option<&SetRoot>| root.map_or((NodeId::NONE, 0), |r| (r.node(), r.shift.get()));
        let ((root, shift), (second, second_shift)) = (part(first), part(second));
        Selected {
            set,
            root,
            shift,
            second,
            second_shift,
        }
    }

    /// The selection written as its five numbers (the code generator writes
    /// one-crawler policies with [`Selected::from_parts`]).
    pub(crate) const fn parts(self) -> [u32; 5] {
        [
            self.set.as_u32(),
            self.root.as_u32(),
            self.shift,
            self.second.as_u32(),
            self.second_shift,
        ]
    }

    /// The selection of [`Selected::parts`].
    pub(crate) const fn from_parts(parts: [u32; 5]) -> Selected {
        let [set, root, shift, second, second_shift] = parts;
        Selected {
            set: SetId(set),
            root: NodeId(root),
            shift,
            second: NodeId(second),
            second_shift,
        }
    }

    /// Check a path that is already `/path?query` (no scheme, host or fragment).
    #[inline]
    pub(crate) fn check_path(self, view: View<'_>, path: &[u8]) -> Verdict {
        let path = search_path(path, view.t.profile);
        view.decide(self, &path)
    }

    /// Check a path already in the form the profile compares (see
    /// [`Matcher::check_normalized_path`](crate::Matcher::check_normalized_path)).
    #[inline]
    pub(crate) fn check_normalized_path(self, view: View<'_>, path: &[u8]) -> Verdict {
        view.decide(self, path)
    }
}
