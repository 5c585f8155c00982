//! Checking many paths in one call: the walks of up to [`LANES`] paths go in
//! lockstep, so the table reads of one path overlap those of the others.
//!
//! A walk is a chain of dependent loads (a node, then its child, …); one path at a
//! time, the processor mostly waits on them. Taking a step of each of several
//! paths in turn gives it independent loads to run at once. A path whose walk
//! meets wildcard rules (or that is `/robots.txt` where that is always allowed)
//! leaves the lockstep and is checked on its own, as [`Selected::check_path`] does.
//! When the crawler's rules put wildcard rules on the root or on `/`, nearly every
//! walk would leave, so such a policy is checked path by path.

use crate::search::best::End;
use crate::search::segments::{normalize_path, profile_normalizes};
use crate::search::verdict::Verdict;
use crate::search::view::{is_robots_txt, View};
use crate::search::Selected;
use crate::tables::layout::{Inner, NODE_INDEXED, NODE_WILD};
use alloc::borrow::Cow;

/// Paths walked together.
const LANES: usize = 8;

impl Selected {
    /// The verdicts of [`Selected::check_path`] for many paths (each `/path?query`),
    /// handed to `each` with their index, in order; `Matcher::check_paths` is the
    /// public face.
    #[allow(clippy::indexing_slicing)] // lanes are numbered below `LANES`, the arrays' length
    pub(crate) fn check_paths<P: AsRef<[u8]>>(
        self,
        view: View<'_>,
        paths: &[P],
        mut each: impl FnMut(usize, Verdict),
    ) {
        let profile = view.t.profile;
        // (Google's paths are walked whole: see `search_path`.)
        let Some(root) = self.lockstep_root(view) else {
            for (i, path) in paths.iter().enumerate() {
                each(i, self.check_path(view, path.as_ref()));
            }
            return;
        };
        let mut base = 0;
        for chunk in paths.chunks(LANES) {
            let path = |k: usize| chunk.get(k).map_or(&[][..], AsRef::as_ref);
            let mut answer = |k, verdict| each(base + k, verdict);
            if profile_normalizes(profile) {
                let owned: [Cow<'_, [u8]>; LANES] =
                    core::array::from_fn(|k| normalize_path(path(k), profile));
                let paths = core::array::from_fn(|k| &*owned[k]);
                self.check_lanes(view, root, paths, chunk.len(), &mut answer);
            } else {
                let paths = core::array::from_fn(path);
                self.check_lanes(view, root, paths, chunk.len(), &mut answer);
            }
            base += chunk.len();
        }
    }

    /// The trie root the lockstep walks start from, if walking in lockstep is
    /// likely to pay. It is not for a set of several roots (or none), nor when
    /// nearly every walk would meet wildcard rules at once (on the root or on `/`)
    /// and leave the lockstep to start again on its own.
    fn lockstep_root<'t>(self, view: View<'t>) -> Option<&'t Inner> {
        if !self.second.is_none() {
            return None;
        }
        if self.root.is_none() {
            return None;
        }
        let root = view.t.inner(self.root);
        let wild = |flags: u32| flags & (NODE_WILD | NODE_INDEXED) != 0;
        let slash = match view.step(root, b"/", 0) {
            Some(Ok((_, node, _))) => node.flags(),
            Some(Err(end)) => end.flags,
            None => 0,
        };
        (!wild(root.flags()) && !wild(slash)).then_some(root)
    }

    /// [`Selected::check_paths`] for the first `count` of `paths` (normalised),
    /// walked from `root` (see [`Selected::lockstep_root`]).
    #[inline(never)]
    #[allow(clippy::indexing_slicing)] // lanes are numbered below `LANES`, the arrays' length
    fn check_lanes(
        self,
        view: View<'_>,
        root: &Inner,
        paths: [&[u8]; LANES],
        count: usize,
        each: &mut impl FnMut(usize, Verdict),
    ) {
        let count = count.min(LANES);
        let t = view.t;
        let mut nodes = [root; LANES];
        let mut ends = [End {
            key: self.root.as_u32(),
            best: root.best_rule(),
            flags: root.flags(),
            depth: 0,
        }; LANES];
        // Lanes still walking, and lanes to check on their own, as bit sets.
        let mut walking: u32 = (1 << count) - 1;
        let mut alone: u32 = 0;
        if t.profile.robots_txt_always_allowed() {
            for (k, path) in paths.iter().enumerate().take(count) {
                if is_robots_txt(path) {
                    alone |= 1 << k;
                }
            }
            walking &= !alone;
        }
        while walking != 0 {
            let mut lanes = walking;
            while lanes != 0 {
                let k = lanes.trailing_zeros() as usize;
                lanes &= lanes - 1;
                let node = nodes[k];
                let end = &mut ends[k];
                match view.step(node, paths[k], end.depth) {
                    Some(Ok((next, child, depth))) => {
                        let flags = child.flags();
                        nodes[k] = child;
                        *end = End {
                            key: next.as_u32(),
                            best: child.best_rule(),
                            flags,
                            depth,
                        };
                        if flags & (NODE_WILD | NODE_INDEXED) != 0 {
                            alone |= 1 << k;
                            walking &= !(1 << k);
                        }
                    }
                    Some(Err(leaf)) => {
                        *end = leaf;
                        walking &= !(1 << k);
                        if leaf.flags & (NODE_WILD | NODE_INDEXED) != 0 {
                            alone |= 1 << k;
                        }
                    }
                    None => walking &= !(1 << k),
                }
            }
        }
        for (k, path) in paths.iter().enumerate().take(count) {
            let verdict = if alone & (1 << k) != 0 {
                view.decide(self, path)
            } else {
                let end = &ends[k];
                let literal = view.literal_at(end, view.path_ends_at(path, end.depth));
                view.verdict_of(literal.shifted(self.shift))
            };
            each(k, verdict);
        }
    }
}
