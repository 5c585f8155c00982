//! A batch of URLs crossing the boundary as one buffer.
//!
//! JavaScript joins the URLs with `\n` and encodes the result to UTF-8 once
//! (`TextEncoder`, native), so a batch costs one copy into the WebAssembly
//! memory and one call; no URL is converted on its own. The URLs are found
//! again by splitting at `\n`. A URL that itself holds a `\n` would be cut in
//! two: then the count of pieces is wrong, and JavaScript calls again with the
//! UTF-16 length of each URL ([`Batch::with_lengths`]).

use robots_runtime::url::path_from_url;
use wasm_bindgen::JsError;

/// The URLs of one batch, as byte slices of the joined buffer.
pub enum Batch<'a> {
    /// No URL holds a `\n`: split at each one.
    Split { joined: &'a [u8], count: usize },
    /// Cut by each URL's length in UTF-16 code units.
    Lengths { joined: &'a str, lengths: &'a [u32] },
}

impl<'a> Batch<'a> {
    /// `count` URLs joined by `\n`, when the buffer holds exactly `count - 1`
    /// of them; `None` otherwise (a URL holds a `\n`: use the lengths).
    pub fn split(joined: &'a [u8], count: u32) -> Option<Batch<'a>> {
        let count = count as usize;
        let pieces = if count == 0 && joined.is_empty() {
            0
        } else {
            memchr::memchr_iter(b'\n', joined).count() + 1
        };
        (pieces == count).then_some(Batch::Split { joined, count })
    }

    /// URLs cut by `lengths` (UTF-16 units, one per URL), with one separator
    /// between URLs; the lengths must cover `joined` exactly.
    pub fn with_lengths(joined: &'a [u8], lengths: &'a [u32]) -> Result<Batch<'a>, JsError> {
        // TextEncoder writes valid UTF-8 (a lone surrogate becomes U+FFFD, one unit).
        let joined = core::str::from_utf8(joined)
            .map_err(|_| JsError::new("bug: a batch is not UTF-8 (TextEncoder output)"))?;
        let units: u64 = lengths.iter().map(|&n| u64::from(n)).sum::<u64>()
            + (lengths.len() as u64).saturating_sub(1);
        let actual: u64 = if joined.is_ascii() {
            joined.len() as u64
        } else {
            joined.chars().map(|c| c.len_utf16() as u64).sum()
        };
        if units != actual {
            return Err(JsError::new(
                "bug: batch lengths do not add up to the joined URLs",
            ));
        }
        Ok(Batch::Lengths { joined, lengths })
    }

    /// 1 for each URL `matcher` allows, 0 otherwise, in order: every URL's
    /// path first, then one check a path. `Matcher::check_paths`, which walks
    /// several paths in lockstep for a native CPU, was 5–6% slower here, over
    /// the corpus's URLs and for a file it checks path by path all the same
    /// (measured in Node; the module gains nothing from its lanes).
    pub fn allowed(&self, matcher: &robots_runtime::Matcher<'_>) -> Result<Vec<u8>, JsError> {
        let paths = self.each(path_from_url)?;
        Ok(paths
            .iter()
            .map(|path| u8::from(matcher.check_path(&**path).allowed))
            .collect())
    }

    /// `answer` of each URL, in order.
    pub fn each<T>(&self, mut answer: impl FnMut(&'a [u8]) -> T) -> Result<Vec<T>, JsError> {
        match *self {
            Batch::Split { joined, count } => {
                let mut out = Vec::with_capacity(count);
                if count > 0 {
                    // memchr finds the separators a vector at a time.
                    let mut start = 0;
                    for end in memchr::memchr_iter(b'\n', joined) {
                        out.push(answer(joined.get(start..end).ok_or_else(short)?));
                        start = end + 1;
                    }
                    out.push(answer(joined.get(start..).ok_or_else(short)?));
                }
                Ok(out)
            }
            Batch::Lengths { joined, lengths } => {
                let mut out = Vec::with_capacity(lengths.len());
                let mut rest = joined;
                for &n in lengths {
                    let end = utf8_end(rest, n).ok_or_else(short)?;
                    let (url, tail) = rest.split_at(end);
                    out.push(answer(url.as_bytes()));
                    rest = tail.get(1..).unwrap_or("");
                }
                Ok(out)
            }
        }
    }
}

fn short() -> JsError {
    JsError::new("bug: batch shorter than its lengths")
}

/// The byte offset in `s` after `units` UTF-16 code units.
fn utf8_end(s: &str, units: u32) -> Option<usize> {
    let mut left = units as usize;
    for (at, c) in s.char_indices() {
        if left == 0 {
            return Some(at);
        }
        left = left.checked_sub(c.len_utf16())?;
    }
    (left == 0).then_some(s.len())
}
