//! Lines of a log file, plain or gzip, each at most [`MAX_LINE`] bytes.

use std::io::{self, BufRead, BufReader, Read};

/// The longest line kept; a longer one is skipped whole (and counted as malformed).
pub const MAX_LINE: usize = 64 * 1024;

/// A log's lines, decompressing gzip (several members too) when the data starts with its magic.
pub(crate) struct Lines<R: Read> {
    reader: BufReader<Source<R>>,
    line: Vec<u8>,
}

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
            reader: BufReader::with_capacity(256 * 1024, source),
            line: Vec::new(),
        })
    }

    /// The next line, or `None` at the end.
    pub(crate) fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        self.line.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let buf = self.reader.fill_buf()?;
            if buf.is_empty() {
                break;
            }
            any = true;
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
        if !any {
            return Ok(None);
        }
        if self.line.last() == Some(&b'\r') {
            self.line.pop();
        }
        Ok(Some(if too_long { None } else { Some(&self.line) }))
    }
}
