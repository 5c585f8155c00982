//! Rule sets: the distinct lists of groups that crawlers select. Each list asked
//! for is noted; equal lists then share one set, numbered in the order first asked for.

use crate::ids::{index, GroupId, SetId, SetRequest};
use crate::sort::sort_by_prefix;
use alloc::vec::Vec;

/// The group lists asked for as rule sets, in order, one after another.
#[derive(Default)]
pub(crate) struct Requests {
    groups: Vec<GroupId>,
    spans: Vec<core::ops::Range<usize>>,
}

impl Requests {
    /// Note a list; returns its request.
    pub(crate) fn ask(&mut self, groups: impl IntoIterator<Item = GroupId>) -> SetRequest {
        let start = self.groups.len();
        self.groups.extend(groups);
        self.spans.push(start..self.groups.len());
        SetRequest(index(self.spans.len() - 1))
    }

    fn list(&self, request: usize) -> &[GroupId] {
        self.spans
            .get(request)
            .and_then(|r| self.groups.get(r.clone()))
            .unwrap_or_default()
    }

    /// The set of each request, indexed by [`SetRequest`] (equal lists share
    /// the set of the first of them; set numbers follow first requests), and
    /// each set's list, indexed by [`SetId`].
    pub(crate) fn sets(&self) -> (Vec<SetId>, Vec<&[GroupId]>) {
        let n = self.spans.len();
        let mut by_list: Vec<usize> = (0..n).collect();
        // Equal lists end up together, the first request first.
        // (The first digit: the list's first two groups, zero padded.)
        let prefix = |&r: &usize| {
            let list = self.list(r);
            let at = |i: usize| list.get(i).map_or(0, |g| u64::from(g.as_u32()));
            (at(0) << 32) | at(1)
        };
        sort_by_prefix(&mut by_list, prefix, |&a, &b| {
            self.list(a).cmp(self.list(b))
        });
        let mut first = alloc::vec![0usize; n];
        let mut run_first = 0;
        for (i, &r) in by_list.iter().enumerate() {
            let starts_run = i == 0
                || by_list
                    .get(i - 1)
                    .map_or(true, |&p| self.list(p) != self.list(r));
            if starts_run {
                run_first = r;
            }
            if let Some(f) = first.get_mut(r) {
                *f = run_first;
            }
        }
        let mut set_of = Vec::with_capacity(n);
        let mut lists = Vec::new();
        for (r, &f) in first.iter().enumerate() {
            // A run's first request is its earliest: its set is known by now.
            let set = if f == r {
                lists.push(self.list(r));
                SetId(index(lists.len() - 1))
            } else {
                *SetRequest(index(f)).of(&set_of)
            };
            set_of.push(set);
        }
        (set_of, lists)
    }
}
