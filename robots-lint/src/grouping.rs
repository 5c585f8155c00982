//! Sorting, grouping and remembering for the checks, with little generic code.
//!
//! The WebAssembly package compiles every instantiation of a generic: each
//! `sort_by_key` closure is its own copy of std's sort, and each
//! `BTreeMap<K, V>` its own copy of the B-tree (3 to 5 KB each). So the checks
//! sort through robots-core's shared sorts, group by sorting once and cutting
//! the runs of equal keys, and remember small tables in a list. The one B-tree
//! left is `BTreeSet<Vec<u8>>`, for byte strings seen (probe paths, names).

use alloc::vec::Vec;
use core::cmp::Ordering;

pub(crate) use robots_core::__sort::{sort_by, sort_by_key};

/// Sort `items` by `cmp` (ties in the order given), then cut them into runs
/// that `cmp` calls equal: the values of a `BTreeMap<K, Vec<T>>` filled in the
/// order given, in the map's order.
pub(crate) fn runs<T>(
    items: &mut [T],
    cmp: impl Fn(&T, &T) -> Ordering,
) -> impl Iterator<Item = &[T]> {
    sort_by(items, &cmp);
    let items: &[T] = items;
    items.chunk_by(move |a, b| cmp(a, b) == Ordering::Equal)
}

/// For each item, the position of the first item `cmp` calls equal to it (its
/// own when no earlier one is): what a map filled in order from each key to
/// where it was first seen answers.
pub(crate) fn first_of_equals<T>(items: &[T], cmp: impl Fn(&T, &T) -> Ordering) -> Vec<usize> {
    let mut order: Vec<(usize, &T)> = items.iter().enumerate().collect();
    sort_by(&mut order, |a, b| cmp(a.1, b.1));
    let mut first = alloc::vec![0; items.len()];
    // Stable: each run of equals starts with the earliest of them.
    for run in order.chunk_by(|a, b| cmp(a.1, b.1) == Ordering::Equal) {
        let earliest = run[0].0;
        for &(at, _) in run {
            first[at] = earliest;
        }
    }
    first
}

/// The value remembered for `key` in `memo`, made by `make` (and remembered) the
/// first time. For tables of a few hundred keys at most, such as one entry per
/// registry crawler: `memo` is searched in order.
pub(crate) fn remembered<K: PartialEq, V>(
    memo: &mut Vec<(K, V)>,
    key: K,
    make: impl FnOnce() -> V,
) -> &V {
    let at = match memo.iter().position(|(k, _)| *k == key) {
        Some(at) => at,
        None => {
            memo.push((key, make()));
            memo.len() - 1
        }
    };
    &memo[at].1
}

/// Push `item` onto `list` unless an equal one is there, and say whether it
/// was pushed (as `BTreeSet::insert`). For sets of a few hundred items at
/// most: `list` is searched in order.
pub(crate) fn push_new<T: PartialEq>(list: &mut Vec<T>, item: T) -> bool {
    let new = !list.contains(&item);
    if new {
        list.push(item);
    }
    new
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::collections::BTreeMap;
    use alloc::vec;

    /// Keys with many repeats (a modulus of 1) to nearly none (1000), up to 500 of them.
    fn keys() -> impl proptest::strategy::Strategy<Value = Vec<u64>> {
        use proptest::strategy::Strategy;
        (1u64..1000).prop_flat_map(|modulo| proptest::collection::vec(0..modulo, 0..500))
    }

    proptest::proptest! {
        #[test]
        fn runs_are_the_values_of_a_map_filled_in_order(keys in keys()) {
            let mut map: BTreeMap<u64, Vec<(u64, usize)>> = BTreeMap::new();
            for (at, &k) in keys.iter().enumerate() {
                map.entry(k).or_default().push((k, at));
            }
            let mut items: Vec<(u64, usize)> = keys.iter().copied().zip(0..).collect();
            let got: Vec<Vec<(u64, usize)>> = runs(&mut items, |a, b| a.0.cmp(&b.0))
                .map(<[_]>::to_vec)
                .collect();
            let want: Vec<Vec<(u64, usize)>> = map.into_values().collect();
            proptest::prop_assert_eq!(got, want);
        }

        #[test]
        fn first_of_equals_is_where_each_key_was_first_seen(keys in keys()) {
            let mut seen: BTreeMap<u64, usize> = BTreeMap::new();
            let want: Vec<usize> = keys
                .iter()
                .enumerate()
                .map(|(at, &k)| *seen.entry(k).or_insert(at))
                .collect();
            proptest::prop_assert_eq!(first_of_equals(&keys, Ord::cmp), want);
        }
    }

    #[test]
    fn remembered_makes_each_value_once() {
        let mut memo: Vec<(u32, u32)> = Vec::new();
        let mut made = 0;
        for key in [3, 1, 3, 3, 2, 1] {
            let value = *remembered(&mut memo, key, || {
                made += 1;
                key * 10
            });
            assert_eq!(value, key * 10);
        }
        assert_eq!(made, 3);
        assert_eq!(memo, vec![(3, 30), (1, 10), (2, 20)]);
    }

    #[test]
    fn push_new_keeps_the_first_of_equals_in_order() {
        let mut list = Vec::new();
        let pushed: Vec<bool> = [3, 1, 3, 2, 1]
            .into_iter()
            .map(|x| push_new(&mut list, x))
            .collect();
        assert_eq!(pushed, [true, true, false, true, false]);
        assert_eq!(list, [3, 1, 2]);
    }
}
