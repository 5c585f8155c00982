//! Splitting the input into lines and each line into key and value.

use crate::parse::directive::{classify_key_in, is_google_typo, window16, KeyMatch};
use crate::parse::report::{LineKind, LineReport, Truncation};
use crate::profile::{Profile, GOOGLE_MAX_LINE_BYTES, MAX_INPUT_BYTES};
use crate::swar::{flag_byte, Lanes};
use alloc::vec::Vec;
use core::ops::Range;

const UTF8_BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// The lines of an input, with the BOM and cap accounted for.
pub(crate) struct Lines {
    pub reports: Vec<LineReport>,
    pub bom_len: usize,
    pub truncation: Option<Truncation>,
}

/// Lex every line of `input` under `profile`'s syntax, reading at most `max_bytes`.
pub(crate) fn lex(input: &[u8], profile: Profile, max_bytes: Option<usize>) -> Lines {
    let mut reports = Vec::new();
    let (bom_len, truncation) = lex_each(input, profile, max_bytes, |report| {
        reports.push(report);
    });
    Lines {
        reports,
        bom_len,
        truncation,
    }
}

/// Lex every line of `input` under `profile`'s syntax, reading at most `max_bytes`,
/// handing each line's report to `line` in order. Returns the BOM length and the
/// truncation, as [`lex`] does.
pub(crate) fn lex_each(
    input: &[u8],
    profile: Profile,
    max_bytes: Option<usize>,
    line: impl FnMut(LineReport),
) -> (usize, Option<Truncation>) {
    lex_each_unless(input, profile, max_bytes, || false, line)
}

/// [`lex_each`], except that while `skipping()` says so, a line whose first
/// byte is an ASCII letter other than `u` or `U`, or `#`, is not lexed nor
/// handed to `line` (it is still counted). Such a line is no user-agent line
/// (every key that names one starts with `u`, after no space) and no empty
/// line: a reader that only waits for the next group skips it unread.
pub(crate) fn lex_each_unless(
    input: &[u8],
    profile: Profile,
    max_bytes: Option<usize>,
    skipping: impl Fn() -> bool,
    mut line: impl FnMut(LineReport),
) -> (usize, Option<Truncation>) {
    // Google skips any prefix of the UTF-8 BOM; so do we, for every profile.
    let bom_len = input
        .iter()
        .zip(UTF8_BOM.iter())
        .take_while(|(a, b)| a == b)
        .count();
    let end = max_bytes
        .unwrap_or(MAX_INPUT_BYTES)
        .min(MAX_INPUT_BYTES)
        .min(input.len());
    let truncated = end < input.len();
    let mut count = 0usize;
    let mut next_number = || {
        count += 1;
        u32::try_from(count).unwrap_or(u32::MAX)
    };
    let first = bom_len.min(end);
    let mut start = first;
    let mut last_was_cr = false;
    let body = input.get(first..end).unwrap_or_default();
    let lenient = profile.lenient_syntax();
    // The syntax's copy of the line lexer, chosen once.
    #[cfg(not(target_arch = "wasm32"))]
    let lex_line: fn(&[u8], Range<usize>, u32, Comment) -> LineReport = if lenient {
        lex_line::<true>
    } else {
        lex_line::<false>
    };
    // In WebAssembly, where code is downloaded, one copy that tests the syntax
    // on each line instead (0.7 KB gzipped less; parse about 1% slower).
    #[cfg(target_arch = "wasm32")]
    let lex_line = |input: &[u8], span: Range<usize>, number: u32, comment: Comment| {
        lex_syntax(lenient, input, span, number, comment)
    };
    // One look over the input for the rare bytes: a NUL (under Google) and `\r`.
    let odd = memchr::memchr2(0, b'\r', body);
    let (nul, cr) = match odd {
        None => (false, false),
        Some(_) => (
            lenient && memchr::memchr(0, body).is_some(),
            memchr::memchr(b'\r', body).is_some(),
        ),
    };
    // A line's comment is known from the one scan below, unless a NUL (under
    // Google) may end its content first: then each line looks for both itself
    // (rare).
    let comment = |hash| {
        if nul {
            Comment::Search
        } else {
            Comment::At(hash)
        }
    };
    // One searcher over the whole input for line ends and `#` together: no set-up
    // per line, and no second search of each line for its comment.
    let mut hash = None;
    let mut on_hit = |off: usize| {
        let Some(&ch) = body.get(off) else {
            return;
        };
        let at = first + off;
        if ch == b'#' {
            hash = hash.or(Some(at));
            return;
        }
        let crlf_continuation = ch == b'\n' && last_was_cr && at == start;
        if !crlf_continuation {
            let number = next_number();
            if !(skipping() && skippable(input.get(start).copied())) {
                line(lex_line(input, start..at, number, comment(hash)));
            }
        }
        hash = None;
        last_was_cr = ch == b'\r';
        start = at + 1;
    };
    if nul {
        each_of_two(b'\n', b'\r', body, &mut on_hit);
    } else if cr {
        each_of_three(b'\n', b'\r', b'#', body, &mut on_hit);
    } else {
        // Without `\r`, two bytes to look for (a cheaper search) instead of three.
        each_of_two(b'\n', b'#', body, &mut on_hit);
    }
    let truncation = if truncated {
        Some(Truncation {
            max_bytes: end,
            input_len: input.len(),
            first_ignored_line: next_number(),
        })
    } else {
        let number = next_number();
        // (The last line may be empty: `start` is then the input's end.)
        if !(skipping() && start < end && skippable(input.get(start).copied())) {
            line(lex_line(input, start..end, number, comment(hash)));
        }
        None
    };
    (bom_len, truncation)
}

/// Whether a line that starts with `first` may go unread by a reader waiting
/// for a user-agent or an empty line: an ASCII letter that starts no
/// user-agent key, or a comment's `#`.
#[inline(always)]
fn skippable(first: Option<u8>) -> bool {
    matches!(first, Some(b) if (b.is_ascii_alphabetic() && b | 0x20 != b'u') || b == b'#')
}

/// Hand `hit` the offset of each `a` or `b` in `haystack`, in order. Where the
/// CPU has AVX2, with that searcher itself: one check of the CPU per input, where
/// `memchr2_iter` dispatches again on every hit (once per line here).
#[inline]
fn each_of_two(a: u8, b: u8, haystack: &[u8], hit: impl FnMut(usize)) {
    #[cfg(target_arch = "x86_64")]
    if let Some(two) = memchr::arch::x86_64::avx2::memchr::Two::new(a, b) {
        two.iter(haystack).for_each(hit);
        return;
    }
    memchr::memchr2_iter(a, b, haystack).for_each(hit);
}

/// [`each_of_two`] for three bytes (inputs with `\r`).
#[inline]
fn each_of_three(a: u8, b: u8, c: u8, haystack: &[u8], hit: impl FnMut(usize)) {
    #[cfg(target_arch = "x86_64")]
    if let Some(three) = memchr::arch::x86_64::avx2::memchr::Three::new(a, b, c) {
        three.iter(haystack).for_each(hit);
        return;
    }
    memchr::memchr3_iter(a, b, c, haystack).for_each(hit);
}

/// Where a line's comment starts, as far as the caller knows.
#[derive(Clone, Copy)]
enum Comment {
    /// The first `#` of the line, if any (and the line has no NUL).
    At(Option<usize>),
    /// Unknown: the line looks for `#` (and, under Google, NUL) itself.
    Search,
}

/// The bytes that are space under a profile of `lenient` syntax (or not), as
/// bits of a word (all below 64).
const fn spaces(lenient: bool) -> u64 {
    if lenient {
        // absl::ascii_isspace
        1 << b' ' | 1 << b'\t' | 1 << b'\n' | 1 << 0x0B | 1 << 0x0C | 1 << b'\r'
    } else {
        1 << b' ' | 1 << b'\t'
    }
}

#[inline]
fn is_space(spaces: u64, b: u8) -> bool {
    b < 64 && spaces >> b & 1 != 0
}

/// Where `r` starts once leading spaces are skipped. The first byte is looked at
/// before any loop: it is seldom a space (keys start lines, values follow one
/// space), and a loop's set-up costs more than the look.
/// The look reads the one byte (no slice of the range is made unless it is a
/// space). When that byte is a space, the next one is looked at the same way
/// (`key: value`: one space after the colon is the common shape).
#[inline]
fn trim_start(input: &[u8], r: Range<usize>, spaces: u64) -> usize {
    let kept = |&b: &u8| !is_space(spaces, b);
    if r.start < r.end && input.get(r.start).is_some_and(kept) {
        return r.start;
    }
    // A value nearly always follows its colon after one space: the second byte
    // is looked at before any loop too (in a range past the input's end, none is:
    // it is read as empty).
    let second = r.start + 1;
    if second < r.end && r.end <= input.len() && input.get(second).is_some_and(kept) {
        return second;
    }
    let bytes = input.get(r.clone()).unwrap_or_default();
    r.start + bytes.iter().position(kept).unwrap_or(bytes.len())
}

/// Where `r` ends once trailing spaces are dropped (the last byte looked at
/// first, as in [`trim_start`]).
#[inline]
fn trim_end(input: &[u8], r: Range<usize>, spaces: u64) -> usize {
    let kept = |&b: &u8| !is_space(spaces, b);
    // A range past the input's end is read as empty (its last byte is not looked at).
    if r.start < r.end && r.end <= input.len() && input.get(r.end - 1).is_some_and(kept) {
        return r.end;
    }
    let bytes = input.get(r.clone()).unwrap_or_default();
    r.start + bytes.iter().rposition(kept).map_or(0, |at| at + 1)
}

/// `r` without its leading and trailing spaces. Inlined: each line's content is
/// trimmed, and the trims in it are two looks at a byte when nothing is cut.
#[inline]
fn trim(input: &[u8], r: Range<usize>, spaces: u64) -> Range<usize> {
    let start = trim_start(input, r.clone(), spaces);
    start..trim_end(input, start..r.end, spaces)
}

#[allow(clippy::indexing_slicing)] // ranges the lexer found in `input`
fn find(input: &[u8], r: &Range<usize>, pred: impl Fn(u8) -> bool) -> Option<usize> {
    input[r.clone()]
        .iter()
        .position(|&b| pred(b))
        .map(|p| r.start + p)
}

/// The first `:` in `content`: among its first sixteen bytes by one word
/// comparison (keys are short: nearly always there), past them byte by byte.
/// `head` is [`window16`] of `input` at `content.start`.
#[inline]
fn find_colon(input: &[u8], content: Range<usize>, head: Option<u128>) -> Option<usize> {
    let len = content.len();
    let from = match head {
        Some(bytes) => {
            // The lowest flag is exact.
            let zero = flag_byte(bytes, b':') & <u128 as Lanes>::HIGH;
            if zero != 0 {
                let at = zero.trailing_zeros() as usize / 8;
                return (at < len).then_some(content.start + at);
            }
            16
        }
        _ => 0,
    };
    let rest = input
        .get(content.start.saturating_add(from)..content.end)
        .unwrap_or_default();
    rest.iter()
        .position(|&b| b == b':')
        .map(|at| content.start + from + at)
}

/// Lex one line's content (`span`, without its line end), under a profile of
/// `LENIENT` syntax (Google's) or not. One copy for each: the syntax's tests are
/// made once per input (by [`lex_each`]'s choice of copy), not on every line.
#[cfg(not(target_arch = "wasm32"))]
fn lex_line<const LENIENT: bool>(
    input: &[u8],
    span: Range<usize>,
    number: u32,
    comment: Comment,
) -> LineReport {
    lex_syntax(LENIENT, input, span, number, comment)
}

/// [`lex_line`] with the syntax as a value: inlined into each of its copies
/// natively, one function of its own in WebAssembly.
#[allow(clippy::indexing_slicing)] // ranges the lexer found in `input`
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
#[cfg_attr(target_arch = "wasm32", inline(never))]
fn lex_syntax(
    lenient: bool,
    input: &[u8],
    span: Range<usize>,
    number: u32,
    comment: Comment,
) -> LineReport {
    let mut report = LineReport {
        number,
        span: span.clone(),
        kind: LineKind::Invalid,
        key: None,
        value: None,
        resembles: None,
        has_comment: false,
        accepted_typo: false,
        missing_colon: false,
        too_long: false,
    };
    // The line's first sixteen bytes, read once: for the colon and (when the key
    // starts the line, nearly always) for the key.
    let line_start = span.start;
    let head = window16(input, line_start);
    let mut content = span;
    if lenient && content.len() > GOOGLE_MAX_LINE_BYTES {
        // Google keeps a fixed-size buffer per line, and reads it as a C string.
        report.too_long = true;
        content.end = content.start + GOOGLE_MAX_LINE_BYTES;
    }
    // The content ends at a `#` (a comment) or, under Google, a NUL. The key is
    // short: look for the colon and that end together, byte by byte, up to the
    // first of them; only the rest of a line with a colon takes a `memchr`.
    let ends = |b: u8| b == b'#' || (lenient && b == 0);
    let mut colon = None;
    match comment {
        Comment::At(hash) => {
            // The line's first `#` is known (and it has no NUL): the content ends
            // there; the colon is looked for before it, byte by byte (the key is short).
            if let Some(hash) = hash.filter(|&h| h < content.end) {
                report.has_comment = true;
                content.end = hash;
            }
            colon = find_colon(input, content.clone(), head);
        }
        Comment::Search => {
            let bytes = input.get(content.clone()).unwrap_or_default();
            let end = match bytes.iter().position(|&b| b == b':' || ends(b)) {
                Some(at) if bytes.get(at) == Some(&b':') => {
                    colon = Some(content.start + at);
                    let rest = bytes.get(at + 1..).unwrap_or_default();
                    let found = if lenient {
                        memchr::memchr2(0, b'#', rest)
                    } else {
                        memchr::memchr(b'#', rest)
                    };
                    found.map(|e| at + 1 + e)
                }
                other => other,
            };
            if let Some(end) = end {
                report.has_comment = bytes.get(end) == Some(&b'#');
                content.end = content.start + end;
            }
        }
    }
    let spaces = spaces(lenient);
    let body = trim(input, content, spaces);
    if body.is_empty() {
        report.kind = if report.has_comment {
            LineKind::Comment
        } else {
            LineKind::Empty
        };
        return report;
    }
    // The first colon of the content is inside its trimmed body (it is no space).
    let (key, value) = match colon {
        // The body starts and ends with no space, and the colon is no space.
        Some(colon) => (
            body.start..trim_end(input, body.start..colon, spaces),
            trim_start(input, colon + 1..body.end, spaces)..body.end,
        ),
        None => {
            // Whitespace (space or tab only) instead of a colon: only for exactly two words.
            let blank = |b: u8| b == b' ' || b == b'\t';
            let Some(sep) = find(input, &body, blank) else {
                return report;
            };
            let mut words = sep..body.end;
            while words.start < words.end && blank(input[words.start]) {
                words.start += 1;
            }
            if find(input, &words, blank).is_some() {
                return report;
            }
            report.missing_colon = true;
            (
                trim(input, body.start..sep, spaces),
                trim(input, sep + 1..body.end, spaces),
            )
        }
    };
    if key.is_empty() {
        return report;
    }
    let window = if key.start == line_start {
        head
    } else {
        window16(input, key.start)
    };
    let matched = classify_key_in(input, key.clone(), window);
    report.resembles = matched.directive();
    report.kind = match matched {
        KeyMatch::Exact(d) => LineKind::Directive(d),
        KeyMatch::Loose(d) if lenient => {
            report.accepted_typo = is_google_typo(&input[key.clone()], d);
            LineKind::Directive(d)
        }
        KeyMatch::Loose(_) | KeyMatch::Unknown => LineKind::Unknown,
    };
    if report.missing_colon && !lenient {
        report.kind = LineKind::Invalid;
    }
    report.key = Some(key);
    report.value = Some(value);
    report
}

#[cfg(test)]
mod tests {
    use super::{each_of_three, each_of_two, lex, spaces, trim_end, trim_start};
    use crate::profile::Profile;
    use alloc::vec::Vec;

    /// The trims (first or last byte looked at before any loop) agree with
    /// byte-wise ones: every text of up to five bytes from an alphabet of spaces
    /// of either profile and others, every range in it, and ranges past its end.
    #[test]
    fn trims_agree_with_bytes() {
        let alphabet = [b' ', b'\t', b'\r', 0x0B, b'a', b':'];
        for profile in [Profile::Google, Profile::Rfc9309] {
            let spaces = spaces(profile.lenient_syntax());
            let space = |b: u8| b < 64 && spaces >> b & 1 != 0;
            for len in 0..=5u32 {
                for code in 0..alphabet.len().pow(len) {
                    let mut code = code;
                    let text: Vec<u8> = (0..len)
                        .map(|_| {
                            let b = alphabet[code % alphabet.len()];
                            code /= alphabet.len();
                            b
                        })
                        .collect();
                    for start in 0..=text.len() + 1 {
                        for end in start..=text.len() + 1 {
                            let bytes = text.get(start..end).unwrap_or_default();
                            let lead = bytes.iter().take_while(|&&b| space(b)).count();
                            let trail = bytes.iter().rev().take_while(|&&b| space(b)).count();
                            assert_eq!(trim_start(&text, start..end, spaces), start + lead);
                            let kept = bytes.len() - trail.min(bytes.len());
                            assert_eq!(trim_end(&text, start..end, spaces), start + kept);
                        }
                    }
                }
            }
        }
    }

    /// Each line's value, as text.
    fn values(input: &[u8], profile: Profile) -> Vec<Option<&[u8]>> {
        lex(input, profile, None)
            .reports
            .iter()
            .map(|r| r.value.clone().and_then(|v| input.get(v)))
            .collect()
    }

    /// The searchers agree with `memchr2_iter` and `memchr3_iter`: haystacks of
    /// every length up to 300 (past several vectors), the bytes placed sparsely
    /// or densely.
    #[test]
    fn searchers_agree_with_memchr_iters() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for len in 0..=300usize {
            for density in [2u64, 7, 40, 1000] {
                let hay: Vec<u8> = (0..len)
                    .map(|_| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        match state % density {
                            0 => b'\n',
                            1 => b'#',
                            2 => b'\r',
                            _ => b'a' + (state >> 32) as u8 % 26,
                        }
                    })
                    .collect();
                let mut got = Vec::new();
                each_of_two(b'\n', b'#', &hay, |at| got.push(at));
                let want: Vec<usize> = memchr::memchr2_iter(b'\n', b'#', &hay).collect();
                assert_eq!(got, want, "{len} {density}");
                got.clear();
                each_of_three(b'\n', b'\r', b'#', &hay, |at| got.push(at));
                let want: Vec<usize> = memchr::memchr3_iter(b'\n', b'\r', b'#', &hay).collect();
                assert_eq!(got, want, "{len} {density}");
            }
        }
    }

    #[test]
    fn a_nul_ends_the_content_under_google_only() {
        let input = b"Disallow: /a\0b # c\r\nAllow: /d # e\rDisallow: /f";
        assert_eq!(
            values(input, Profile::Google),
            [Some(&b"/a"[..]), Some(b"/d"), Some(b"/f")]
        );
        assert_eq!(
            values(input, Profile::Rfc9309),
            [Some(&b"/a\0b"[..]), Some(b"/d"), Some(b"/f")]
        );
    }

    #[test]
    fn comments_and_line_ends_found_in_one_scan() {
        let input = b"Disallow: /a # one\n# two: x\r\nAllow: /b#\rUser-agent: c";
        let lines = lex(input, Profile::Rfc9309, None).reports;
        assert_eq!(lines.len(), 4);
        assert_eq!(
            lines.iter().map(|l| l.has_comment).collect::<Vec<_>>(),
            [true, true, true, false]
        );
        assert_eq!(
            values(input, Profile::Rfc9309),
            [Some(&b"/a"[..]), None, Some(b"/b"), Some(b"c")]
        );
    }
}
