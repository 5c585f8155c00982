//! A batch of URLs crossing the boundary as one string.
//!
//! JavaScript joins the URLs with `\n` and passes each URL's length in UTF-16
//! code units, so a batch costs one string copy and one call, and a URL that
//! itself holds `\n` is still cut in the right place.

use wasm_bindgen::JsError;

/// The URLs of one batch, as UTF-8 slices of the joined string.
pub struct Batch<'a> {
    joined: &'a str,
    lengths: &'a [u32],
}

impl<'a> Batch<'a> {
    /// Check that `lengths` (UTF-16 units, one per URL) cover `joined` exactly,
    /// with one separator between URLs.
    pub fn new(joined: &'a str, lengths: &'a [u32]) -> Result<Batch<'a>, JsError> {
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
        Ok(Batch { joined, lengths })
    }

    /// 1 for each URL `allowed` accepts, 0 otherwise, in order.
    pub fn allowed(&self, mut allowed: impl FnMut(&str) -> bool) -> Result<Vec<u8>, JsError> {
        self.each(|url| u8::from(allowed(url)))
    }

    /// `answer` of each URL, in order.
    pub fn each<T>(&self, mut answer: impl FnMut(&str) -> T) -> Result<Vec<T>, JsError> {
        let mut out = Vec::with_capacity(self.lengths.len());
        if self.joined.is_ascii() {
            // One byte per UTF-16 unit: cut by length, no scan.
            let mut at = 0usize;
            for &n in self.lengths {
                let end = at + n as usize;
                let url = self.joined.get(at..end).ok_or_else(short)?;
                out.push(answer(url));
                at = end + 1;
            }
        } else {
            let mut rest = self.joined;
            for &n in self.lengths {
                let end = utf8_end(rest, n).ok_or_else(short)?;
                let (url, tail) = rest.split_at(end);
                out.push(answer(url));
                rest = tail.get(1..).unwrap_or("");
            }
        }
        Ok(out)
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
