//! Lines of a log file, plain or gzip, each at most [`MAX_LINE`] bytes.

use std::io::{self, BufRead, BufReader, Read};

/// The longest line kept; a longer one is skipped whole (and counted as malformed).
pub const MAX_LINE: usize = 64 * 1024;

/// A log's lines, decompressing gzip (several members too) when the data starts with its magic.
///
/// A line that lies whole in the read buffer is lent straight from it (most
/// lines: the buffer holds hundreds); only one that straddles two reads is
/// copied, into `line`.
pub(crate) struct Lines<R: Read> {
    reader: BufReader<Source<R>>,
    line: Vec<u8>,
    /// Bytes of the buffer lent out by the last line, consumed on the next call.
    lent: usize,
}

/// How much of the log is read at once.
const BUFFER: usize = 256 * 1024;

/// The bytes read to sniff the format, then the rest of the reader.
type Sniffed<R> = io::Chain<io::Cursor<Vec<u8>>, R>;

enum Source<R: Read> {
    Plain(Sniffed<R>),
    Gzip(Box<flate2::read::MultiGzDecoder<Sniffed<R>>>),
}

impl<R: Read> Read for Source<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Source::Plain(r) => r.read(buf),
            Source::Gzip(r) => r.read(buf),
        }
    }
}

/// One line: its bytes (without the newline), or `None` when it was longer than [`MAX_LINE`].
pub(crate) type Line<'a> = Option<&'a [u8]>;

impl<R: Read> Lines<R> {
    /// Lines of `reader`, sniffing the gzip magic from its first two bytes.
    pub(crate) fn new(mut reader: R) -> io::Result<Self> {
        let mut magic = [0u8; 2];
        let mut got = 0;
        while got < 2 {
            match reader.read(magic.get_mut(got..).unwrap_or_default()) {
                Ok(0) => break,
                Ok(n) => got += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        let head = io::Cursor::new(magic.get(..got).unwrap_or_default().to_vec());
        let source = if magic == [0x1f, 0x8b] {
            Source::Gzip(Box::new(flate2::read::MultiGzDecoder::new(
                head.chain(reader),
            )))
        } else {
            Source::Plain(head.chain(reader))
        };
        Ok(Lines {
            reader: BufReader::with_capacity(BUFFER, source),
            line: Vec::new(),
            lent: 0,
        })
    }

    /// The next line, or `None` at the end.
    pub(crate) fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        self.reader.consume(core::mem::take(&mut self.lent));
        let buf = self.reader.fill_buf()?;
        if buf.is_empty() {
            return Ok(None);
        }
        match memchr::memchr(b'\n', buf) {
            // The common case: the whole line is in the buffer.
            Some(at) => {
                self.lent = at + 1;
                let line = self.reader.buffer().get(..at).unwrap_or_default();
                Ok(Some(kept(line).map(strip_cr)))
            }
            None => self.straddling(),
        }
    }

    /// A line that does not end in the buffer: gathered into `line` across
    /// reads (at most [`MAX_LINE`] bytes of it are kept).
    fn straddling(&mut self) -> io::Result<Option<Line<'_>>> {
        self.line.clear();
        let mut too_long = false;
        loop {
            let buf = self.reader.fill_buf()?;
            if buf.is_empty() {
                break;
            }
            let (chunk, done) = match memchr::memchr(b'\n', buf) {
                Some(at) => (buf.get(..at).unwrap_or_default(), Some(at + 1)),
                None => (buf, None),
            };
            if !too_long && self.line.len() + chunk.len() <= MAX_LINE {
                self.line.extend_from_slice(chunk);
            } else {
                too_long = true;
                self.line.clear();
            }
            let used = done.unwrap_or(buf.len());
            self.reader.consume(used);
            if done.is_some() {
                break;
            }
        }
        Ok(Some(if too_long {
            None
        } else {
            Some(strip_cr(&self.line))
        }))
    }
}

/// A line without the `\r` of a CRLF ending.
fn strip_cr(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// The line, or `None` when it is longer than [`MAX_LINE`] (a `\r` counted).
fn kept(line: &[u8]) -> Line<'_> {
    (line.len() <= MAX_LINE).then_some(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `data`, read through a reader that gives `step` bytes at a time.
    fn all(data: &[u8], step: usize) -> Vec<Option<Vec<u8>>> {
        struct Trickle<'a>(&'a [u8], usize);
        impl Read for Trickle<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let n = self.1.min(buf.len()).min(self.0.len());
                let (head, rest) = self.0.split_at(n);
                buf.get_mut(..n).unwrap_or_default().copy_from_slice(head);
                self.0 = rest;
                Ok(n)
            }
        }
        let mut lines = Lines::new(Trickle(data, step)).unwrap();
        let mut out = Vec::new();
        while let Some(line) = lines.next_line().unwrap() {
            out.push(line.map(<[u8]>::to_vec));
        }
        out
    }

    #[test]
    fn lines_whole_or_straddling_reads_alike() {
        let long = vec![b'x'; MAX_LINE + 1];
        let just = vec![b'y'; MAX_LINE];
        let data = [
            b"a\r\nbb\n\n".as_slice(),
            &long,
            b"\n",
            &just,
            b"\n",
            &just,
            b"\r\nlast without newline",
        ]
        .concat();
        let expected = vec![
            Some(b"a".to_vec()),
            Some(b"bb".to_vec()),
            Some(Vec::new()),
            None,
            Some(just.clone()),
            // The `\r` counts: one byte too many.
            None,
            Some(b"last without newline".to_vec()),
        ];
        // One read for all, a few bytes at a time, and the buffer's size.
        for step in [usize::MAX, 3, 7, BUFFER] {
            assert_eq!(all(&data, step), expected, "reads of {step} bytes");
        }
        assert!(all(b"", 5).is_empty());
    }
}
