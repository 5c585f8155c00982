//! Rule patterns: how a profile reads a rule's value, and the wildcard match.
//!
//! A pattern is a list of literal segments separated by `*`, optionally anchored
//! at the end by a final `$`. The first segment must be a prefix of the path; the
//! trie finds those. The remaining segments are found left to right, each at its
//! leftmost occurrence after the previous one; the last one, when anchored, must
//! end the path. Leftmost placement is always safe for `*`-only globs, so the
//! match is a single pass over the path per segment: time is bounded by
//! path length × segment count, with no backtracking.

use crate::encoding::{
    decode_percent, decode_percent_except_slash, google_escape, google_escaped_len,
};
use crate::profile::Profile;
use crate::swar::{flag_byte, HIGH};
use alloc::vec::Vec;

/// A rule value as a profile reads it.
#[cfg(test)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pattern {
    /// Literal segments; there is a `*` between each two.
    pub segments: Vec<Vec<u8>>,
    /// A final `$` anchors the match at the end of the path.
    pub anchored: bool,
    /// The rule's specificity: its length in octets (Google's escaped length).
    pub priority: u32,
}

fn priority_of(len: usize) -> u32 {
    u32::try_from(len)
        .unwrap_or(u32::MAX >> 2)
        .min(u32::MAX >> 2)
}

/// The body of a value (without a final `$`) and whether it is anchored.
fn split_anchor(value: &[u8]) -> (&[u8], bool) {
    match value.split_last() {
        Some((b'$', body)) => (body, true),
        _ => (value, false),
    }
}

/// Hand each `*`-separated part of `body` to `segment`, in order (as
/// `body.split(|&b| b == b'*')`, found with `memchr`).
fn split_stars(body: &[u8], segment: &mut impl FnMut(&[u8])) {
    let mut from = 0;
    for star in memchr::memchr_iter(b'*', body) {
        segment(body.get(from..star).unwrap_or_default());
        from = star + 1;
    }
    segment(body.get(from..).unwrap_or_default());
}

/// `flags` of every eight-byte word of `value` (the last one overlapping the one
/// before it), or'ed together, with no call; `None` for a value shorter than a word.
#[inline]
fn or_words(value: &[u8], flags: impl Fn(u64) -> u64) -> Option<u64> {
    let word = |c: &[u8]| <[u8; 8]>::try_from(c).map_or(0, u64::from_le_bytes);
    let start = value.len().checked_sub(8)?;
    let last = value.get(start..).map_or(0, |last| flags(word(last)));
    Some(
        value
            .chunks_exact(8)
            .fold(last, |acc, c| acc | flags(word(c))),
    )
}

/// Whether `value` is all ASCII with no `%` and no `*`: eight bytes at a time,
/// no call for a short value.
#[inline]
fn is_plain(value: &[u8]) -> bool {
    if value.len() < 8 {
        return value.iter().all(|&b| b < 0x80 && b != b'%' && b != b'*');
    }
    // High bits that flag a word: its non-ASCII bytes, a `%` or a `*` in it.
    or_words(value, |w| w | flag_byte(w, b'%') | flag_byte(w, b'*'))
        .is_some_and(|all| all & HIGH == 0)
}

/// Whether `value` may hold `/index.htm`: ten bytes or more, with an `x`. When
/// not, [`google_index_alias`] finds nothing. A scan for one byte, inlined in the
/// caller, is cheaper than that call finding the last `/` for every allow rule,
/// and few rules (hashed names, say) have an `x`.
#[inline]
pub(crate) fn may_hold_index(value: &[u8]) -> bool {
    value.len() >= 10 && or_words(value, |w| flag_byte(w, b'x')).is_some_and(|x| x & HIGH != 0)
}

/// A rule value Google reads as written: its one segment is `body`, a prefix of
/// the value.
pub(crate) struct GooglePlain<'v> {
    pub body: &'v [u8],
    pub priority: u32,
    pub anchored: bool,
}

/// Google's reading of `value` when it is the common rule: plain ASCII, no
/// escapes, no `*` (one word-at-a-time scan). `None` for any other value (then
/// [`compile_segments`] escapes it and splits it at its stars). The compiler asks
/// first, to skip the segment machinery for most rules.
#[inline]
pub(crate) fn google_plain(value: &[u8]) -> Option<GooglePlain<'_>> {
    if !is_plain(value) {
        return None;
    }
    let (body, anchored) = split_anchor(value);
    Some(GooglePlain {
        body,
        priority: priority_of(value.len()),
        anchored,
    })
}

/// Read a rule's value under `profile`, handing each literal segment to `segment`
/// in order (there is a `*` between each two): the same segments the tests' `compile` lists,
/// without a vector per pattern. Returns the priority and whether it is anchored.
/// Inlined into the compiler's one caller, whose segment closure then needs no
/// environment on the stack.
#[inline]
pub(crate) fn compile_segments(
    value: &[u8],
    profile: Profile,
    mut segment: impl FnMut(&[u8]),
) -> (u32, bool) {
    match profile {
        Profile::Google => {
            if let Some(plain) = google_plain(value) {
                segment(plain.body);
                return (plain.priority, plain.anchored);
            }
            let escaped = google_escape(value);
            let (body, anchored) = split_anchor(&escaped);
            split_stars(body, &mut segment);
            (priority_of(escaped.len()), anchored)
        }
        Profile::Rfc9309 => {
            let (body, anchored) = split_anchor(value);
            // Octets of the decoded form, non-ASCII counted as escaped: equivalent
            // spellings (`/%61` and `/a`) rank alike, and a rule without ASCII
            // escapes ranks as Google ranks it.
            let mut literal = 0usize;
            let mut stars = 0usize;
            for (i, part) in body.split(|&b| b == b'*').enumerate() {
                let decoded = decode_percent(part);
                literal = literal.saturating_add(google_escaped_len(&decoded));
                stars = i;
                segment(&decoded);
            }
            let syntax = stars + usize::from(anchored);
            (priority_of(literal.saturating_add(syntax)), anchored)
        }
        Profile::Draft1996 => {
            segment(&decode_percent_except_slash(value));
            (priority_of(value.len()), false)
        }
        Profile::Original1994 => {
            segment(value);
            (priority_of(value.len()), false)
        }
    }
}

/// Read a rule's value under `profile`.
#[cfg(test)]
pub(crate) fn compile(value: &[u8], profile: Profile) -> Pattern {
    let mut segments = Vec::new();
    let (priority, anchored) = compile_segments(value, profile, |s| segments.push(s.to_vec()));
    Pattern {
        segments,
        anchored,
        priority,
    }
}

/// Google's `index.htm` quirk: `Allow: /dir/index.html` also allows `/dir/` exactly.
/// Returns the extra pattern's value (`/dir/$`), as Google spells it.
pub(crate) fn google_index_alias(value: &[u8]) -> Option<Vec<u8>> {
    // Escaping adds no `/` and writes only `%`, digits and `A`-`F`: the escaped
    // value's last `/` starts `/index.htm` only where the value's last `/` does.
    let last = last_slash(value)?;
    if !value.get(last..)?.starts_with(b"/index.htm") {
        return None;
    }
    let escaped = google_escape(value);
    let slash = memchr::memrchr(b'/', &escaped)?;
    if !escaped.get(slash..)?.starts_with(b"/index.htm") {
        return None;
    }
    let mut alias = escaped.get(..=slash)?.to_vec();
    alias.push(b'$');
    Some(alias)
}

/// The position of the last `/` in `value`: eight bytes at a time from the end,
/// with no call (every allow rule asks, and the last `/` is seldom far).
#[inline]
fn last_slash(value: &[u8]) -> Option<usize> {
    let mut end = value.len();
    while let Some(Ok(bytes)) = end
        .checked_sub(8)
        .and_then(|start| value.get(start..end))
        .map(<[u8; 8]>::try_from)
    {
        // Big-endian: the last byte is the lowest, and the lowest flag is exact.
        let zero = flag_byte(u64::from_be_bytes(bytes), b'/') & HIGH;
        if zero != 0 {
            return Some(end - 1 - zero.trailing_zeros() as usize / 8);
        }
        end -= 8;
    }
    value.get(..end)?.iter().rposition(|&b| b == b'/')
}

#[cfg(test)]
mod plain_tests {
    use super::{google_index_alias, is_plain, may_hold_index};

    /// The word-at-a-time scans agree with the byte-wise ones, every byte value
    /// at every place of values of every length up to twenty-four, and with an
    /// `x` anywhere besides.
    #[test]
    fn word_scans_agree_with_bytes() {
        let plain = |v: &[u8]| v.is_ascii() && !v.contains(&b'%') && !v.contains(&b'*');
        let index = |v: &[u8]| v.len() >= 10 && v.contains(&b'x');
        let check = |v: &[u8]| {
            assert_eq!(is_plain(v), plain(v), "{v:?}");
            assert_eq!(may_hold_index(v), index(v), "{v:?}");
        };
        for len in 0..=24 {
            for at in 0..len {
                for b in 0..=255u8 {
                    let mut v = alloc::vec![b'a'; len];
                    v[at] = b;
                    check(&v);
                    for other in 0..len {
                        let mut w = v.clone();
                        w[other] = b'x';
                        check(&w);
                    }
                }
            }
        }
        check(b"");
    }

    /// Google's plain reading agrees with the general one (escape, then split
    /// at the stars) wherever it answers, and answers for every ASCII value
    /// without `%` and `*`: values of up to five bytes over plain
    /// bytes, `/`, `$`, `*`, `%`, a hex digit and non-ASCII bytes.
    #[test]
    fn google_plain_agrees_with_escaping() {
        let alphabet = [b'a', b'/', b'$', b'*', b'%', b'4', 0xC3, 0x7F];
        for len in 0..=5u32 {
            for code in 0..alphabet.len().pow(len) {
                let mut code = code;
                let value: Vec<u8> = (0..len)
                    .map(|_| {
                        let b = alphabet[code % alphabet.len()];
                        code /= alphabet.len();
                        b
                    })
                    .collect();
                let escaped = crate::encoding::google_escape(&value);
                let (body, anchored) = super::split_anchor(&escaped);
                let mut segments = Vec::new();
                super::split_stars(body, &mut |s: &[u8]| segments.push(s.to_vec()));
                let plain = value.is_ascii() && !value.contains(&b'%') && !value.contains(&b'*');
                match super::google_plain(&value) {
                    Some(got) => {
                        assert_eq!(segments, [got.body.to_vec()], "{value:?}");
                        assert_eq!(got.anchored, anchored, "{value:?}");
                        assert_eq!(got.priority, super::priority_of(escaped.len()), "{value:?}");
                    }
                    None => assert!(!plain, "{value:?}"),
                }
            }
        }
    }

    /// The pre-check never hides an alias, and the alias is the one found by
    /// the last `/` alone: over `/index.htm` at every place of values of many
    /// lengths, each of its bytes changed, with and without a `/` after it.
    #[test]
    fn index_alias_pre_check_hides_none() {
        let plain = |value: &[u8]| {
            let slash = memchr::memrchr(b'/', value)?;
            value[slash..]
                .starts_with(b"/index.htm")
                .then(|| [&value[..=slash], b"$"].concat())
        };
        for len in 0..=30 {
            for at in 0..=len {
                for tail in [&b""[..], b"l", b"l/", b"/x", b"?q=1"] {
                    let mut v = alloc::vec![b'a'; len];
                    v.splice(at..at, b"/index.htm".iter().copied());
                    v.extend_from_slice(tail);
                    for i in 0..10 {
                        for b in [b'y', b'/', b'X', b'a'] {
                            let mut w = v.clone();
                            w[at + i] = b;
                            assert_eq!(google_index_alias(&w), plain(&w), "{w:?}");
                            if !may_hold_index(&w) {
                                assert_eq!(plain(&w), None, "{w:?}");
                            }
                        }
                    }
                    assert_eq!(google_index_alias(&v), plain(&v), "{v:?}");
                    assert!(may_hold_index(&v), "{v:?}");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::segments::tail_matches;

    /// Whether `path` matches `pattern` (first segment as a prefix, then the tail).
    fn matches(path: &[u8], pattern: &Pattern) -> bool {
        let Some((first, tail)) = pattern.segments.split_first() else {
            return false;
        };
        match path.strip_prefix(first.as_slice()) {
            Some(rest) => tail_matches(rest, tail.iter().map(Vec::as_slice), pattern.anchored),
            None => false,
        }
    }

    fn m(pattern: &str, path: &str) -> bool {
        matches(
            path.as_bytes(),
            &compile(pattern.as_bytes(), Profile::Google),
        )
    }

    #[test]
    fn wildcards_and_anchors() {
        assert!(m("/*.php$", "/x.php"));
        assert!(m("/*.php$", "/x.php/y.php"));
        assert!(!m("/*.php$", "/x.php/y.phpx"));
        assert!(m("/*/forks", "/img/products/forks"));
        assert!(m("/fish*", "/fish"));
        assert!(m("*", "/"));
        assert!(!m("$", "/"));
        assert!(m("/a$b", "/a$b"));
        assert!(!m("/a$b", "/ab"));
        assert!(m("/a**b", "/axxb"));
        assert!(m("/a*$", "/a/anything"));
        assert!(!m("/this/*/exactly", "/this/exactly"));
        assert!(m("/*a*a*a$", "/aaa"));
        assert!(!m("/*a*a*a$", "/aa"));
    }

    #[test]
    fn many_stars_on_long_path_is_linear() {
        let pattern = "/*a*b*c*d*e*f*g*h$";
        let path = alloc::format!("/{}", "x".repeat(4000));
        assert!(!m(pattern, &path));
    }

    #[test]
    fn index_alias() {
        assert_eq!(
            google_index_alias(b"/dir/index.html").as_deref(),
            Some(&b"/dir/$"[..])
        );
        assert_eq!(
            google_index_alias(b"/index.htm").as_deref(),
            Some(&b"/$"[..])
        );
        assert_eq!(google_index_alias(b"/dir/page.html"), None);
    }

    #[test]
    fn last_slash_agrees_with_memrchr() {
        for len in 0..=40 {
            for a in 0..=len {
                for b in a..=len {
                    let mut v = alloc::vec![b'x'; len];
                    for at in [a, b] {
                        if let Some(byte) = v.get_mut(at) {
                            *byte = b'/';
                        }
                    }
                    assert_eq!(last_slash(&v), memchr::memrchr(b'/', &v), "{v:?}");
                }
            }
        }
    }
}
