//! Matching a rule's segments against a path: the path as a profile compares it,
//! and the wildcard match after the trie has matched a rule's first segment.
//!
//! A pattern is a list of literal segments separated by `*`, optionally anchored
//! at the end by a final `$`. The remaining segments are found left to right,
//! each at its leftmost occurrence after the previous one; the last one, when
//! anchored, must end the path. Leftmost placement is always safe for `*`-only
//! globs, so the match is a single pass over the path per segment: time is
//! bounded by path length × segment count, with no backtracking.

use crate::encoding::{decode_percent, decode_percent_except_slash};
use crate::profile::Profile;
use crate::swar::{zero_flags, HIGH, ONES};
use alloc::borrow::Cow;
use memchr::memmem;

/// Whether [`normalize_path`] may change a path under `profile`.
#[inline]
pub(crate) fn profile_normalizes(profile: Profile) -> bool {
    matches!(profile, Profile::Rfc9309 | Profile::Draft1996)
}

/// `path` up to its first NUL byte: Google's matcher receives the path as a C
/// string (`path.c_str()`), so it never sees past a NUL.
#[inline]
pub(crate) fn c_string(path: &[u8]) -> &[u8] {
    let end = if path.len() <= SHORT_NUL_SCAN {
        nul_short(path)
    } else {
        memchr::memchr(0, path)
    };
    match end {
        Some(end) => path.get(..end).unwrap_or(path),
        None => path,
    }
}

/// Paths up to this long are searched for a NUL by [`nul_short`]: most paths,
/// for which `memchr`'s set-up would cost more than the search.
const SHORT_NUL_SCAN: usize = 64;

/// The first NUL of `path`, eight bytes at a time (the last eight read again
/// where they overlap: the bytes before them hold none).
#[inline]
fn nul_short(path: &[u8]) -> Option<usize> {
    let word = |at: usize| {
        path.get(at..at + 8)
            .and_then(|b| <[u8; 8]>::try_from(b).ok())
            .map_or(0, u64::from_le_bytes)
    };
    let first = |at: usize| {
        let flags = zero_flags(word(at)) & HIGH;
        (flags != 0).then(|| at + (flags.trailing_zeros() / 8) as usize)
    };
    let Some(last) = path.len().checked_sub(8) else {
        return path.iter().position(|&b| b == 0);
    };
    let mut at = 0;
    while at < last {
        if let Some(found) = first(at) {
            return Some(found);
        }
        at += 8;
    }
    first(last)
}

/// The path a search walks: the path as the profile compares it, except that
/// under Google a NUL is not looked for here. No Google pattern holds a NUL (a NUL
/// ends a line's content), so a walk stops at the first NUL if not before; the
/// search reads it as the path's end there ([`View::path_ends_at`]) and cuts the
/// path at it only when wildcard rules are tested ([`View::wildcard_path`]). Most
/// checks never pay for the scan.
///
/// [`View::path_ends_at`]: crate::search::view::View::path_ends_at
/// [`View::wildcard_path`]: crate::search::view::View::wildcard_path
#[inline]
pub(crate) fn search_path(path: &[u8], profile: Profile) -> Cow<'_, [u8]> {
    match profile {
        Profile::Google => Cow::Borrowed(path),
        _ => normalize_path(path, profile),
    }
}

/// The path as a profile compares it.
#[inline]
pub(crate) fn normalize_path(path: &[u8], profile: Profile) -> Cow<'_, [u8]> {
    match profile {
        Profile::Rfc9309 => decode_percent(path),
        Profile::Draft1996 => decode_percent_except_slash(path),
        Profile::Google => Cow::Borrowed(c_string(path)),
        Profile::Original1994 => Cow::Borrowed(path),
    }
}

/// Whether `rest` matches the segments that follow an already matched first
/// segment, finding each segment with `find` (leftmost occurrence).
///
/// `segments` yields the segments after the first; there is a `*` before each.
#[inline]
fn tail_matches_with<'s>(
    rest: &[u8],
    mut segments: impl ExactSizeIterator<Item = &'s [u8]>,
    anchored: bool,
    find: impl Fn(&[u8], &[u8]) -> Option<usize>,
) -> bool {
    let count = segments.len();
    if count == 0 {
        return !anchored || rest.is_empty();
    }
    let mut at = 0;
    for _ in 1..count {
        let Some(segment) = segments.next() else {
            return false;
        };
        if segment.is_empty() {
            continue;
        }
        let Some(found) = rest.get(at..).and_then(|hay| find(hay, segment)) else {
            return false;
        };
        at += found + segment.len();
    }
    let last = segments.next().unwrap_or_default();
    if anchored {
        rest.len() >= at + last.len() && rest.ends_with(last)
    } else {
        last.is_empty() || rest.get(at..).is_some_and(|hay| find(hay, last).is_some())
    }
}

/// [`tail_matches_with`] over `memchr::memmem`: the reference matcher that
/// explanations and brute force use.
pub(crate) fn tail_matches<'s>(
    rest: &[u8],
    segments: impl ExactSizeIterator<Item = &'s [u8]>,
    anchored: bool,
) -> bool {
    tail_matches_with(rest, segments, anchored, memmem::find)
}

/// [`tail_matches_with`] for the search routine: the same leftmost placement,
/// with [`find`], which skips `memmem`'s set-up on short haystacks. Still linear:
/// short haystacks are bounded, long ones go to `memmem`.
#[inline]
pub(crate) fn tail_matches_fast<'s>(
    rest: &[u8],
    segments: impl ExactSizeIterator<Item = &'s [u8]>,
    anchored: bool,
) -> bool {
    tail_matches_with(rest, segments, anchored, find)
}

/// Haystacks up to this length are searched by [`find_short`].
const SHORT_HAYSTACK: usize = 256;

/// The leftmost occurrence of `needle` in `hay`.
#[inline]
pub(crate) fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let (&first, tail) = needle.split_first()?;
    if tail.is_empty() {
        return memchr::memchr(first, hay);
    }
    if needle.len() > hay.len() {
        return None;
    }
    if hay.len() > SHORT_HAYSTACK {
        return memmem::find(hay, needle);
    }
    find_short(hay, needle)
}

/// [`find`] on a short haystack, for a needle of at least two bytes that fits:
/// eight positions at a time, a position is a candidate when the needle's first
/// two bytes are there (two loads and a few word operations, no call), and each
/// candidate is compared. Linear enough: the haystack is short.
fn find_short(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let (Some(&n0), Some(&n1)) = (needle.first(), needle.get(1)) else {
        return None;
    };
    let last = hay.len().checked_sub(needle.len())?;
    let here = |at: usize| hay.get(at..at + needle.len()) == Some(needle);
    let (first, second) = (ONES * u64::from(n0), ONES * u64::from(n1));
    let mut at = 0;
    // Words at `at` and `at + 1` while both fit.
    while at + 9 <= hay.len() && at <= last {
        let word = |from: usize| {
            hay.get(from..from + 8)
                .and_then(|b| <[u8; 8]>::try_from(b).ok())
                .map_or(0, u64::from_le_bytes)
        };
        // A zero byte where both bytes match; flags above a true zero may be
        // false (borrows), which the compare rejects.
        let x = (word(at) ^ first) | (word(at + 1) ^ second);
        let mut flags = zero_flags(x) & HIGH;
        while flags != 0 {
            let candidate = at + (flags.trailing_zeros() / 8) as usize;
            if candidate > last {
                return None;
            }
            if here(candidate) {
                return Some(candidate);
            }
            flags &= flags - 1;
        }
        at += 8;
    }
    (at..=last).find(|&at| here(at))
}

#[cfg(test)]
mod tests {
    use super::{c_string, find};
    use memchr::memmem;

    #[test]
    fn c_string_stops_at_the_first_nul() {
        // Every length around the word sizes, a NUL (or two, or none) anywhere.
        for len in 0..80usize {
            for nul in (0..len).map(Some).chain([None]) {
                let mut path: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
                if let Some(at) = nul {
                    path[at] = 0;
                    if at + 3 < len {
                        path[at + 3] = 0;
                    }
                }
                let end = memchr::memchr(0, &path).unwrap_or(len);
                assert_eq!(c_string(&path), &path[..end], "{len} {nul:?}");
            }
        }
        // A byte of 0x80 or 0x01 next to a NUL (the borrow of the word test).
        assert_eq!(c_string(b"/\x80\x01\x00\x01\x80abcdefgh"), b"/\x80\x01");
    }

    #[test]
    fn find_agrees_with_memmem() {
        let hays: [&[u8]; 6] = [
            b"",
            b"a",
            b"abcabcabd",
            b"/x/y/zz/forks",
            b"aaaaaaaaab",
            &[b'q'; 200],
        ];
        let needles: [&[u8]; 7] = [b"a", b"ab", b"abd", b"forks", b"aab", b"zz/", b"qq"];
        for hay in hays {
            for needle in needles {
                assert_eq!(
                    find(hay, needle),
                    memmem::find(hay, needle),
                    "{hay:?} {needle:?}"
                );
            }
        }
        let long = alloc::format!("{}needle", "x".repeat(100));
        assert_eq!(find(long.as_bytes(), b"needle"), Some(100));
    }

    #[test]
    fn find_agrees_with_memmem_on_long_haystacks() {
        // Past 64 bytes: word-at-a-time candidates up to 256 bytes, `memmem` beyond;
        // near misses everywhere, and sparse candidates.
        let mut hays: Vec<Vec<u8>> = Vec::new();
        for len in [65, 100, 300, 1000] {
            hays.push(alloc::vec![b'a'; len]);
            let mut near = alloc::vec![b'a'; len];
            near.push(b'b');
            hays.push(near);
            hays.push((0..len).map(|i| b"ab/"[i % 3]).collect());
            hays.push(
                (0..len)
                    .map(|i| if i % 97 == 5 { b'/' } else { b'x' })
                    .collect(),
            );
        }
        let needles: [&[u8]; 8] = [
            b"aab",
            b"aaaaaaaaaaaab",
            b"ab/ab/a",
            b"b/ab/ab/x",
            b"/x",
            b"xx/x",
            b"ba",
            b"a",
        ];
        for hay in &hays {
            for needle in needles {
                assert_eq!(
                    find(hay, needle),
                    memmem::find(hay, needle),
                    "{} bytes, {needle:?}",
                    hay.len()
                );
            }
        }
    }

    #[test]
    fn find_agrees_with_memmem_on_generated_cases() {
        // A small alphabet makes near misses, false word flags and repeats common.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..20_000 {
            let hay_len = (next() % 300) as usize;
            let needle_len = 1 + (next() % 12) as usize;
            let alphabet = 1 + (next() % 4) as u8;
            let mut byte = || b'a' + (next() % u64::from(alphabet)) as u8;
            let hay: Vec<u8> = (0..hay_len).map(|_| byte()).collect();
            let needle: Vec<u8> = (0..needle_len).map(|_| byte()).collect();
            assert_eq!(
                find(&hay, &needle),
                memmem::find(&hay, &needle),
                "{:?} in {:?}",
                core::str::from_utf8(&needle),
                core::str::from_utf8(&hay)
            );
        }
    }
}
