//! The URL lines of a buffer, found in one pass that also notes which lines
//! hold a byte worth a second look (`%`, `#`, or one that is not printable
//! ASCII): what a checker reading a stream of URLs runs over each read.
//!
//! The pass asks two questions of each 16 bytes at once ([`crate::byte_lanes`]):
//! where the line ends are, and where the notable bytes are. A line without a
//! notable byte (nearly every crawled URL) is then read without looking at its
//! bytes again ([`ScannedLine::read`]); the others are read as
//! [`read_url_line`] reads any line.

use crate::byte_lanes::{block_at, padded_block, Block, Lanes, LANES};
use crate::url_shape::{read_printable_url_line, read_url_line, UrlLine};

/// The complete lines of `buffer` (each ended by `\n`), in order, each with
/// what the one pass saw of its bytes; [`UrlLines::rest`] is what follows
/// the last `\n` (the start of a line a later read ends).
///
/// ```
/// use robots_runtime::url::{url_lines, UrlShape};
/// let mut lines = url_lines(b"/a\nhttps://example.com/b?c\r\nftp://x/y\n/par");
/// let read: Vec<_> = lines.by_ref().map(|l| (l.url().to_vec(), l.read().is_plain())).collect();
/// assert_eq!(read, [
///     (b"/a".to_vec(), true),
///     (b"https://example.com/b?c".to_vec(), true),
///     (b"ftp://x/y".to_vec(), false),
/// ]);
/// assert_eq!(lines.rest(), b"/par");
/// ```
pub fn url_lines(buffer: &[u8]) -> UrlLines<'_> {
    UrlLines {
        buffer,
        start: 0,
        next_block: 0,
        block_start: 0,
        ends: 0,
        notes: 0,
        noted: false,
    }
}

/// The iterator of [`url_lines`].
#[derive(Clone, Debug)]
pub struct UrlLines<'a> {
    buffer: &'a [u8],
    /// Where the next line starts.
    start: usize,
    /// Where the next block to ask starts.
    next_block: usize,
    /// Where the block whose answers are held starts.
    block_start: usize,
    /// The held block's line ends not yet given out, a bit each.
    ends: u32,
    /// The held block's notable bytes after the last line end given out.
    notes: u32,
    /// Whether the line from `start` holds a notable byte before the held block.
    noted: bool,
}

/// A byte that sends a line to the full reading: a `%` (to decode or vouch
/// for), a `#` (where the path ends), or a byte that is not printable ASCII
/// (a control byte, the `\r` of a CRLF line, a UTF-8 sequence). What
/// [`UrlLines`] asks of a block, byte by byte.
#[cfg(test)]
fn notable(b: u8) -> bool {
    !(0x20..=0x7e).contains(&b) || b == b'%' || b == b'#'
}

impl<'a> UrlLines<'a> {
    /// What follows the last line end given out: after the last line, the
    /// start of a line the buffer does not end.
    pub fn rest(&self) -> &'a [u8] {
        self.buffer.get(self.start..).unwrap_or_default()
    }

    /// Ask the next block; `false` when there is none.
    #[inline(always)]
    fn ask_next_block(&mut self) -> bool {
        let at = self.next_block;
        let padded: Block;
        let block = match block_at(self.buffer, at) {
            Some(block) => block,
            None if at < self.buffer.len() => {
                // The last few bytes, padded with a byte of neither question.
                padded = padded_block(self.buffer, at, b'a');
                &padded
            }
            None => return false,
        };
        self.block_start = at;
        self.next_block = at + LANES;
        let lanes = Lanes::of(block);
        self.ends = lanes.is(b'\n').bits();
        // See `notable`.
        let notes = lanes
            .printable()
            .not()
            .or(lanes.is(b'%'))
            .or(lanes.is(b'#'));
        self.notes = notes.bits();
        true
    }
}

impl<'a> Iterator for UrlLines<'a> {
    type Item = ScannedLine<'a>;

    #[inline]
    fn next(&mut self) -> Option<ScannedLine<'a>> {
        while self.ends == 0 {
            // Any notable byte left in the held block is the next line's.
            self.noted |= self.notes != 0;
            if !self.ask_next_block() {
                return None;
            }
        }
        let bit = self.ends.trailing_zeros();
        let before = (1u32 << bit) - 1;
        // The `\n` itself is notable (unprintable): only the bytes before it
        // count, and the earlier lines' bits were cleared as they went out.
        let noted = self.noted || self.notes & before != 0;
        let through = before | 1 << bit;
        self.ends &= !through;
        self.notes &= !through;
        self.noted = false;
        let end = self.block_start + bit as usize;
        let line = self.buffer.get(self.start..end).unwrap_or_default();
        self.start = end + 1;
        Some(ScannedLine { line, noted })
    }
}

/// One line of [`url_lines`]: its bytes and what the pass saw of them.
#[derive(Clone, Copy, Debug)]
pub struct ScannedLine<'a> {
    /// The line, without its `\n`.
    line: &'a [u8],
    /// Whether it holds a notable byte (`%`, `#`, or not printable ASCII).
    noted: bool,
}

impl<'a> ScannedLine<'a> {
    /// The URL: the line without its `\n` and then one `\r` (LF or CRLF).
    pub fn url(&self) -> &'a [u8] {
        if !self.noted {
            // No `\r` (it is notable): nothing to strip.
            return self.line;
        }
        self.line.strip_suffix(b"\r").unwrap_or(self.line)
    }

    /// The line read as [`read_url_line`] reads [`ScannedLine::url`]; a line
    /// without a notable byte is not looked at again to say so.
    pub fn read(&self) -> UrlLine<'a> {
        match self.noted {
            false => read_printable_url_line(self.line),
            true => read_url_line(self.url()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines of `buffer` as [`url_lines`] gives them, against a split at
    /// each `\n` and a byte-by-byte look at each line.
    fn same_lines(buffer: &[u8]) -> Result<(), proptest::test_runner::TestCaseError> {
        let text = buffer.escape_ascii().to_string();
        let mut lines = url_lines(buffer);
        let mut want = buffer.split(|&b| b == b'\n');
        // Every `\n` ends a line; what follows the last one is the rest.
        let complete = buffer.iter().filter(|&&b| b == b'\n').count();
        let last = buffer.iter().rposition(|&b| b == b'\n');
        for _ in 0..complete {
            let (got, line) = (lines.next(), want.next());
            let (Some(got), Some(line)) = (got, line) else {
                return Err(proptest::test_runner::TestCaseError::fail(format!(
                    "a line missing in {text}"
                )));
            };
            proptest::prop_assert_eq!(got.line, line, "{}", &text);
            proptest::prop_assert_eq!(got.noted, line.iter().any(|&b| notable(b)), "{}", &text);
            let url = line.strip_suffix(b"\r").unwrap_or(line);
            proptest::prop_assert_eq!(got.url(), url, "{}", &text);
            let (read, whole) = (got.read(), read_url_line(url));
            proptest::prop_assert_eq!(read.shape(), whole.shape(), "{}", &text);
            proptest::prop_assert_eq!(read.path(), whole.path(), "{}", &text);
            proptest::prop_assert_eq!(read.has_percent(), whole.has_percent(), "{}", &text);
            proptest::prop_assert_eq!(
                read.is_printable_ascii(),
                whole.is_printable_ascii(),
                "{}",
                &text
            );
        }
        proptest::prop_assert!(lines.next().is_none(), "{}", &text);
        let rest = last.map_or(buffer, |at| buffer.get(at + 1..).unwrap_or_default());
        proptest::prop_assert_eq!(lines.rest(), rest, "{}", &text);
        Ok(())
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(2000))]

        #[test]
        fn url_lines_see_the_lines_and_bytes_of_any_buffer(
            buffer in proptest::collection::vec(proptest::sample::select(
                b"/aZ09.-:%#?\\@[]\x00\x1f\x7f\x80\xc3\xa9\xff h\n\n\n\r".to_vec()), 0..200),
        ) {
            same_lines(&buffer)?;
        }

        #[test]
        fn url_lines_see_the_lines_of_url_buffers(
            lines in proptest::collection::vec(proptest::sample::select(vec![
                "", "/", "/a", "https://example.com/a?b", "http://a.b:80/x%41", "ftp://x/y",
                "/a#b", "/caf\u{e9}", "\r", "/x\r", "//h/p", "https://exa mple.com/",
                "/0123456789abcdef0123456789", "https://www.example.com/0123456789abcdef",
            ]), 0..30),
            tail in proptest::sample::select(vec!["", "/par", "\r", "https://e.com/"]),
        ) {
            let mut buffer = lines.join("\n");
            if !lines.is_empty() {
                buffer.push('\n');
            }
            buffer.push_str(tail);
            same_lines(buffer.as_bytes())?;
        }
    }

    #[test]
    fn the_pass_sees_every_byte_around_its_block_size() {
        // A line end and an odd byte at every pair of offsets of buffers up to
        // 40 bytes: the whole blocks and the padded last one see both.
        for len in 0..40 {
            for end in 0..len {
                for at in 0..len {
                    for odd in [b'%', b'#', b'\0', 0xc3, b'\r', b'\n'] {
                        let mut buffer = vec![b'a'; len];
                        buffer[0] = b'/';
                        buffer[at] = odd;
                        buffer[end] = b'\n';
                        same_lines(&buffer).expect("the same lines");
                    }
                }
            }
        }
    }
}
