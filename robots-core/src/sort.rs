//! Sorting through few instantiations of the standard library's sorts.
//!
//! Every `sort_by_key` with its own closure is a separate copy of std's sort
//! (ipnsort or driftsort with their small sorts, partitions and heapsort), and
//! a WebAssembly module downloads every copy: the compiler had about forty.
//! Here, a key that fits in an integer is packed with the item's position into
//! one `u128` and the packed keys are sorted as plain integers by
//! [`sort_keys`] (which the trie's key sort uses too), or for many keys that
//! differ in their high 64 bits by a radix sort on those
//! ([`sort_keys_by_high_word`]); a comparison that is no
//! integer goes through [`sort_by_cmp`], whose sort of positions is compiled
//! once for every caller. Both are stable: equal keys keep the order given.
//! So the compiler holds two copies of std's sort, both driftsort: one for
//! `u128` and one for `u32` positions. (The searches' sort of anchors in
//! `search::anchored` is its own: a check must not allocate.)

use core::cmp::Ordering;

use alloc::vec::Vec;

/// The bits of a packed key below the caller's key: the item's position.
const POSITION_BITS: u32 = 32;

/// Position `at` of a slice being sorted, as the `u32` a packed key holds.
///
/// # Panics
/// With a message starting "bug:" past `u32::MAX` items: the compiler numbers
/// its records in `u32`s, so no table it sorts can be that long.
#[inline]
#[track_caller]
fn position(at: usize) -> u32 {
    u32::try_from(at)
        .unwrap_or_else(|_| panic!("bug: sorting a table of more than {} items", u32::MAX))
}

/// Sort `items` by `key`, ties in the order given. `key` must be below
/// 2^96 (a `u64`, or a `u64` and a few more bits): the position takes the 32
/// bits under it.
///
/// From [`RADIX_MIN`] items on, keys that differ above their low 32 bits are
/// sorted by a radix sort on those bits ([`sort_keys_by_high_word`]): a caller
/// whose key is a literal's bytes (the anchors' sort, tens of thousands of
/// windows for a file of many wildcard rules) puts them there.
///
/// # Panics
/// With "bug:" when a key is 2^96 or more, or when `items` has 2^32 or more
/// elements: every caller sorts ids or spans that are `u32` already.
pub(crate) fn sort_by_packed<T>(items: &mut [T], key: impl Fn(&T) -> u128) {
    if items.len() < 2 {
        return;
    }
    let mut packed: Vec<u128> = Vec::with_capacity(items.len());
    for (at, item) in items.iter().enumerate() {
        let k = key(item);
        assert!(
            k >> (128 - POSITION_BITS) == 0,
            "bug: a packed sort key of more than 96 bits"
        );
        packed.push((k << POSITION_BITS) | u128::from(position(at)));
    }
    sort_packed(&mut packed);
    let mut order: Vec<u32> = packed.iter().map(|&k| k as u32).collect();
    drop(packed);
    permute(items, &mut order);
}

/// Sort packed keys in increasing order: every integer sort of the compiler
/// goes through here. Each key holds its position, so no two are equal and
/// stability does not show; the stable sort is the one [`sort_positions`]
/// instantiates too, and it takes runs already in order as they are.
#[inline(never)]
pub(crate) fn sort_keys(keys: &mut [u128]) {
    keys.sort();
}

/// [`sort_keys`], or [`sort_keys_by_high_word`] for many keys that differ in
/// their high 64 bits: not generic, so that the choice is compiled once.
#[inline(never)]
fn sort_packed(keys: &mut [u128]) {
    let differ = |keys: &[u128]| {
        let first = keys.first().map_or(0, |&k| high_word(k));
        keys.iter().any(|&k| high_word(k) != first)
    };
    if keys.len() >= RADIX_MIN && differ(keys) {
        sort_keys_by_high_word(keys);
    } else {
        sort_keys(keys);
    }
}

/// From this many keys on, a sort whose keys mostly differ in their high 64
/// bits is a radix sort on those ([`sort_keys_by_high_word`]): it takes a few
/// passes over the keys where a comparison sort takes `log2 n` comparisons of
/// two words each (below, the radix sort's fixed set-up costs more).
pub(crate) const RADIX_MIN: usize = 4096;

/// Sort keys as [`sort_keys`] does, for many keys that mostly differ in their
/// high 64 bits: a stable radix sort on those (skipping the bytes all keys
/// share), then each run of keys equal there sorted whole.
#[inline(never)]
pub(crate) fn sort_keys_by_high_word(keys: &mut [u128]) {
    radsort::sort_by_key(keys, |&k| high_word(k));
    for run in keys.chunk_by_mut(|&a, &b| high_word(a) == high_word(b)) {
        if run.len() >= 2 {
            sort_keys(run);
        }
    }
}

#[inline]
fn high_word(key: u128) -> u64 {
    (key >> 64) as u64
}

/// Sort `items` by `cmp`, ties in the order given (as `sort_by`), through one
/// sort of positions shared by every caller.
pub(crate) fn sort_by_cmp<T>(items: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let mut order: Vec<u32> = (0..items.len()).map(position).collect();
    let view: &[T] = items;
    // The positions are `0..items.len()`, made just above: indexing is by construction.
    #[allow(clippy::indexing_slicing)]
    sort_positions(&mut order, &mut |a, b| cmp(&view[a], &view[b]));
    permute(items, &mut order);
}

/// Sort `items` by `cmp`, ties in the order given, where `prefix` is a first
/// digit of the order `cmp` gives (`prefix(a) < prefix(b)` only when `a` comes
/// before `b`): a packed sort on the digit, then `cmp` within each run of equal
/// digits. Most items part in their digit, so few pay for `cmp`.
pub(crate) fn sort_by_prefix<T>(
    items: &mut [T],
    prefix: impl Fn(&T) -> u64,
    mut cmp: impl FnMut(&T, &T) -> Ordering,
) {
    sort_by_packed(items, |item| u128::from(prefix(item)) << 32);
    for run in items.chunk_by_mut(|a, b| prefix(a) == prefix(b)) {
        sort_by_cmp(run, &mut cmp);
    }
}

/// The first eight bytes of `bytes` as a big-endian number, zero padded: a
/// first digit of the byte order (for [`sort_by_prefix`]).
pub(crate) fn bytes_prefix(bytes: &[u8]) -> u64 {
    let mut word = [0u8; 8];
    for (slot, &b) in word.iter_mut().zip(bytes) {
        *slot = b;
    }
    u64::from_be_bytes(word)
}

/// Sort positions by `cmp` of the items there, ties in the order given: not
/// generic, so that std's sort is compiled once for every [`sort_by_cmp`]. The
/// stable sort (driftsort) takes the runs already in order as they are, and the
/// callers' items mostly come in runs (groups, rules and names in file order).
#[inline(never)]
fn sort_positions(order: &mut [u32], cmp: &mut dyn FnMut(usize, usize) -> Ordering) {
    order.sort_by(|&a, &b| cmp(a as usize, b as usize));
}

/// Put `items` in the order of `order` (item `i` becomes the one at
/// `order[i]`; each of `0..items.len()` once), in place, one cycle of the
/// permutation at a time. `order` is used up.
///
/// `order` was made by the two sorts above from `0..items.len()`: a position
/// out of bounds is a bug of this file, and panics.
#[allow(clippy::indexing_slicing)]
fn permute<T>(items: &mut [T], order: &mut [u32]) {
    for start in 0..order.len() {
        let mut at = start;
        loop {
            // The item that belongs at `at` (the one from `start` is at `at` now).
            let from = order[at] as usize;
            order[at] = position(at);
            if from == start {
                break;
            }
            items.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    /// Pseudo-random numbers, the same on every run.
    fn numbers(n: usize, seed: u64, modulo: u64) -> Vec<u64> {
        let mut x = seed;
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x % modulo
            })
            .collect()
    }

    #[test]
    fn packed_sort_is_std_stable_sort() {
        for (n, modulo) in [(0, 1), (1, 5), (2, 2), (17, 4), (300, 7), (5000, 1 << 40)] {
            let keys = numbers(n, 0x9e37_79b9 + n as u64, modulo);
            let mut items: Vec<(u64, usize)> = keys.iter().copied().zip(0..).collect();
            let mut expected = items.clone();
            expected.sort_by_key(|&(k, _)| core::cmp::Reverse(k));
            sort_by_packed(&mut items, |&(k, _)| u128::from(!k));
            assert_eq!(items, expected, "n = {n}");
        }
    }

    /// Keys in the high bits of the packed key: from `RADIX_MIN` items on,
    /// the radix sort, with few distinct keys (long runs of equal ones) or many.
    #[test]
    fn radix_sort_of_high_keys_is_std_stable_sort() {
        for (n, modulo) in [
            (RADIX_MIN - 1, 1 << 30),
            (RADIX_MIN, 3),
            (9000, 1000),
            (9000, u64::MAX),
        ] {
            let keys = numbers(n, 0x51_7cc1 + n as u64, modulo);
            let mut items: Vec<(u64, usize)> = keys.iter().copied().zip(0..).collect();
            let mut expected = items.clone();
            expected.sort_by_key(|&(k, _)| k);
            sort_by_packed(&mut items, |&(k, _)| u128::from(k) << 32);
            assert_eq!(items, expected, "n = {n}, modulo = {modulo}");
        }
    }

    #[test]
    fn wide_keys_order_by_every_bit() {
        let mut items = vec![(u64::MAX, 3u32), (u64::MAX, 1), (0, 9), (u64::MAX, 1)];
        let mut expected = items.clone();
        expected.sort();
        sort_by_packed(&mut items, |&(a, b)| (u128::from(a) << 32) | u128::from(b));
        assert_eq!(items, expected);
    }

    #[test]
    #[should_panic(expected = "bug:")]
    fn a_key_too_wide_is_a_bug() {
        sort_by_packed(&mut [1u8, 2], |&b| u128::from(b) << 96);
    }

    #[test]
    fn prefix_sort_is_std_stable_sort_of_bytes() {
        let words: Vec<Vec<u8>> = numbers(2000, 3, 1 << 20)
            .iter()
            .map(|&n| {
                let len = (n % 13) as usize;
                (0..len)
                    .map(|i| b"ab\0z"[((n >> i) % 4) as usize])
                    .collect()
            })
            .collect();
        let mut items: Vec<(&[u8], usize)> = words.iter().map(Vec::as_slice).zip(0..).collect();
        let mut expected = items.clone();
        expected.sort_by(|a, b| a.0.cmp(b.0));
        sort_by_prefix(&mut items, |&(w, _)| bytes_prefix(w), |a, b| a.0.cmp(b.0));
        assert_eq!(items, expected);
    }

    #[test]
    fn comparison_sort_is_std_stable_sort() {
        for n in [0, 1, 2, 33, 1000] {
            let keys = numbers(n, 7 + n as u64, 10);
            let mut items: Vec<(u64, usize)> = keys.iter().copied().zip(0..).collect();
            let mut expected = items.clone();
            expected.sort_by_key(|&(k, _)| core::cmp::Reverse(k));
            sort_by_cmp(&mut items, |a, b| b.0.cmp(&a.0));
            assert_eq!(items, expected, "n = {n}");
        }
    }
}
