//! Rule sets: the distinct lists of groups that crawlers select. Each list asked
//! for is noted; equal lists then share one set, numbered in the order first asked for.

use crate::compile::packed_sort::sort_by_prefix;
use crate::ids::SetId;
use crate::tables::layout::index;
use alloc::vec::Vec;

/// The group lists asked for as rule sets, in order, one after another.
#[derive(Default)]
pub(crate) struct Requests {
    groups: Vec<u32>,
    spans: Vec<core::ops::Range<usize>>,
}

impl Requests {
    /// Note a list; returns its request number.
    pub(crate) fn ask(&mut self, groups: &[u32]) -> u32 {
        let start = self.groups.len();
        self.groups.extend_from_slice(groups);
        self.spans.push(start..self.groups.len());
        index(self.spans.len() - 1)
    }

    fn list(&self, request: usize) -> &[u32] {
        self.spans
            .get(request)
            .and_then(|r| self.groups.get(r.clone()))
            .unwrap_or_default()
    }

    /// The set number of each request (equal lists share the number of the first
    /// of them; numbers follow first requests), and each set's list.
    pub(crate) fn sets(&self) -> (Vec<SetId>, Vec<&[u32]>) {
        let n = self.spans.len();
        let mut by_list: Vec<usize> = (0..n).collect();
        // Equal lists end up together, the first request first.
        // (The first digit: the list's first two groups, zero padded.)
        let prefix = |&r: &usize| {
            let list = self.list(r);
            let at = |i: usize| u64::from(list.get(i).copied().unwrap_or(0));
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
        let mut set_of = alloc::vec![SetId::NONE; n];
        let mut lists = Vec::new();
        for r in 0..n {
            let f = first.get(r).copied().unwrap_or(r);
            let set = if f == r {
                lists.push(self.list(r));
                SetId(index(lists.len() - 1))
            } else {
                set_of.get(f).copied().unwrap_or(SetId::NONE)
            };
            if let Some(s) = set_of.get_mut(r) {
                *s = set;
            }
        }
        (set_of, lists)
    }
}
