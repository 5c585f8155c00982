//! Telling a file that is no robots.txt at all: an HTML page (a 404 page served
//! at `/robots.txt`), UTF-16 or UTF-32 text, or binary data. Crawlers read such a
//! file as empty or as garbage, so the lint reports one error instead of a
//! finding per line, and the CLI warns before it checks URLs against it.

use crate::Code;

/// What a file that is no robots.txt looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotRobotsTxt {
    /// An HTML page.
    Html,
    /// UTF-16 text (with its byte-order mark).
    Utf16,
    /// UTF-32 text (with its byte-order mark).
    Utf32,
    /// Binary data: control bytes and NULs, not text.
    Binary,
}

impl NotRobotsTxt {
    /// The lint code that reports it.
    pub const fn code(self) -> Code {
        match self {
            NotRobotsTxt::Html => Code::HtmlNotRobots,
            NotRobotsTxt::Utf16 | NotRobotsTxt::Utf32 => Code::Utf16NotUtf8,
            NotRobotsTxt::Binary => Code::BinaryNotRobots,
        }
    }

    /// What it is, in words: `an HTML page`, `UTF-16 text`, …
    pub const fn describe(self) -> &'static str {
        match self {
            NotRobotsTxt::Html => "an HTML page",
            NotRobotsTxt::Utf16 => "UTF-16 text",
            NotRobotsTxt::Utf32 => "UTF-32 text",
            NotRobotsTxt::Binary => "binary data",
        }
    }
}

/// How much of the file the HTML test reads.
const HEAD: usize = 1024;

/// How much of the file the binary test reads: the magic numbers of binary
/// formats (PNG, gzip, ZIP, ELF, JPEG) put control bytes right at the start,
/// while a robots.txt with a stray run of NULs further on is still a robots.txt.
const MAGIC: usize = 16;

/// Control bytes other than NUL in at least one byte in this many of the head
/// make it binary data (see [`sniff`]).
const NOISE_SHARE: usize = 32;

/// Whether a byte is a control byte no text file has (whitespace excluded).
fn is_binary_byte(b: u8) -> bool {
    (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)) || b == 0x7f
}

/// What `source` is, if it is no robots.txt. Reads at most its first 1,024 bytes.
///
/// - a UTF-32 or UTF-16 byte-order mark (`FF FE 00 00`, `00 00 FE FF`, `FF FE`, `FE FF`);
/// - `<html` or `<!doctype` (any case) in the head;
/// - two control bytes or more (NUL included) in the first 16 bytes (a binary
///   format's magic number);
/// - control bytes other than NUL making up a 32nd of the head or more, and
///   at least four (random or compressed data: a tenth of its bytes are).
///   Text in any encoding (Latin-1, Shift-JIS, GBK, as well as UTF-8) has
///   none, and a stray run of NULs does not count.
///
/// ```
/// use robots_lint::{sniff, NotRobotsTxt};
/// assert_eq!(sniff(b"User-agent: *\nDisallow: /\n"), None);
/// assert_eq!(sniff(b"<!DOCTYPE html><html><body>Not found</body></html>"), Some(NotRobotsTxt::Html));
/// assert_eq!(sniff(b"\xff\xfeU\0s\0"), Some(NotRobotsTxt::Utf16));
/// assert_eq!(sniff(b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0"), Some(NotRobotsTxt::Binary));
/// ```
pub fn sniff(source: &[u8]) -> Option<NotRobotsTxt> {
    if source.starts_with(b"\xff\xfe\x00\x00") || source.starts_with(b"\x00\x00\xfe\xff") {
        return Some(NotRobotsTxt::Utf32);
    }
    if source.starts_with(b"\xff\xfe") || source.starts_with(b"\xfe\xff") {
        return Some(NotRobotsTxt::Utf16);
    }
    let head = source.get(..HEAD).unwrap_or(source);
    let lower = head.to_ascii_lowercase();
    if memchr::memmem::find(&lower, b"<html").is_some()
        || memchr::memmem::find(&lower, b"<!doctype").is_some()
    {
        return Some(NotRobotsTxt::Html);
    }
    let magic = source.get(..MAGIC).unwrap_or(source);
    let control = magic.iter().filter(|&&b| is_binary_byte(b)).count();
    let scattered = head
        .iter()
        .filter(|&&b| b != 0 && is_binary_byte(b))
        .count();
    let noise = scattered >= 4 && scattered * NOISE_SHARE >= head.len();
    (control >= 2 || noise).then_some(NotRobotsTxt::Binary)
}
