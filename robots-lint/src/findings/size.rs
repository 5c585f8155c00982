//! Googlebot's 500 KiB: Google documents that its crawler reads only the first
//! 500 KiB of a robots.txt, although Google's open-source library (which the
//! `google` profile follows bit for bit) reads any length. A site owner asking
//! "what does Google do" needs to hear about the cut whatever the profile,
//! as with `line-too-long`.
//!
//! This module only finds the cut; the finding that reports it is built with
//! the other file-level ones (`finding.rs`).

use robots_core::document::{parse, ParseOptions, DEFAULT_MAX_BYTES};
use robots_core::parse::Truncation;
use robots_core::Profile;

/// How much of a robots.txt Googlebot reads: 500 KiB (512,000 bytes).
pub const GOOGLEBOT_MAX_BYTES: usize = DEFAULT_MAX_BYTES;

/// Where Googlebot stops reading `source`, or `None` when it reads it whole.
///
/// Only the first [`GOOGLEBOT_MAX_BYTES`] are looked at, so this costs no more
/// than a parse of 500 KiB, however long the file.
///
/// ```
/// use robots_lint::googlebot_cut;
/// let mut big = b"User-agent: *\n".to_vec();
/// while big.len() <= 512_000 {
///     big.extend_from_slice(b"Disallow: /some/long/path/to/a/page\n");
/// }
/// let cut = googlebot_cut(&big).unwrap();
/// assert_eq!((cut.max_bytes, cut.input_len), (512_000, big.len()));
/// assert!(cut.first_ignored_line > 14_000);
/// assert_eq!(googlebot_cut(b"User-agent: *\nDisallow: /x\n"), None);
/// ```
pub fn googlebot_cut(source: &[u8]) -> Option<Truncation> {
    if source.len() <= GOOGLEBOT_MAX_BYTES {
        return None;
    }
    let head = source.get(..GOOGLEBOT_MAX_BYTES.saturating_add(1))?;
    let options = ParseOptions::new(Profile::Google).max_bytes(Some(GOOGLEBOT_MAX_BYTES));
    let mut cut = parse(head, options).truncation().cloned()?;
    cut.input_len = source.len();
    Some(cut)
}

/// The 1-based byte column of offset `cut` within its line.
pub(crate) fn cut_column(source: &[u8], cut: usize) -> u32 {
    let cut = cut.min(source.len());
    let line_start = source
        .get(..cut)
        .and_then(|before| memchr::memrchr2(b'\n', b'\r', before))
        .map_or(0, |i| i + 1);
    u32::try_from(cut - line_start + 1).unwrap_or(u32::MAX)
}
