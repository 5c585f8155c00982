//! What a URL line given to a checker looks like: a plain path, an absolute
//! http(s) URL, or something a profile still reads, but oddly.
//!
//! A checker takes any bytes as a URL: every profile takes the path out of it
//! as Google's library does ([`path_from_url`]), so `ftp://host/x` is checked
//! as `/x` and `not a url at all` as `/`. The verdict is right for the path
//! read; the point of [`url_shape`] is to say when that path is probably not
//! what the caller meant, so a tool can warn (`robots check` does) without
//! changing a verdict.

use crate::byte_lanes::{block_at, padded_block, Block, Lanes, LANES};
use crate::url::path_from_url;
use std::borrow::Cow;
use std::fmt;

/// How a URL line reads: [`url_shape`]'s answer.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UrlShape {
    /// The empty line, which checkers read as `/` (documented).
    Empty,
    /// A path: starts with one `/`.
    Path,
    /// An absolute `http` or `https` URL whose authority parses.
    HttpUrl,
    /// A NUL or other control byte, at this byte offset.
    ControlByte {
        /// The byte.
        byte: u8,
        /// Its offset in the line.
        at: usize,
    },
    /// Bytes that are not UTF-8, starting at this byte offset.
    InvalidUtf8 {
        /// The offset of the first invalid byte.
        at: usize,
    },
    /// An `http(s)://` URL whose authority (host, port) does not parse, as
    /// `http://[::1`.
    MalformedAuthority {
        /// Why, as the WHATWG URL parser (the `url` crate) says it.
        reason: String,
    },
    /// A URL of another scheme (`ftp://host/x`, `mailto:x`).
    OtherScheme {
        /// The scheme, as written.
        scheme: String,
    },
    /// A protocol-relative URL (`//host/x`): the host is skipped.
    ProtocolRelative,
    /// A `%` not followed by two hex digits, at this byte offset.
    BadPercentEscape {
        /// The offset of the `%`.
        at: usize,
    },
    /// Neither a path nor a URL (`example.com/x`, `not a url at all`).
    NotPathOrUrl,
}

impl UrlShape {
    /// Whether the line reads as meant: a path, an http(s) URL, or the empty line.
    ///
    /// ```
    /// use robots_runtime::url::{url_shape, UrlShape};
    /// assert!(url_shape(b"/a?b").is_plain());
    /// assert!(url_shape(b"https://example.com/a").is_plain());
    /// assert!(!url_shape(b"ftp://host/x").is_plain());
    /// ```
    pub fn is_plain(&self) -> bool {
        matches!(self, UrlShape::Empty | UrlShape::Path | UrlShape::HttpUrl)
    }

    /// The stable kebab-case name of the shape, for JSON and tests.
    pub fn name(&self) -> &'static str {
        match self {
            UrlShape::Empty => "empty",
            UrlShape::Path => "path",
            UrlShape::HttpUrl => "http-url",
            UrlShape::ControlByte { .. } => "control-byte",
            UrlShape::InvalidUtf8 { .. } => "invalid-utf8",
            UrlShape::MalformedAuthority { .. } => "malformed-authority",
            UrlShape::OtherScheme { .. } => "other-scheme",
            UrlShape::ProtocolRelative => "protocol-relative",
            UrlShape::BadPercentEscape { .. } => "bad-percent-escape",
            UrlShape::NotPathOrUrl => "not-path-or-url",
        }
    }
}

/// What is odd about the line, in words (empty for a plain line):
/// `is not an http(s) URL (scheme ftp)`.
impl fmt::Display for UrlShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UrlShape::Empty => f.write_str("is empty, read as `/`"),
            UrlShape::Path => f.write_str("is a path"),
            UrlShape::HttpUrl => f.write_str("is an http(s) URL"),
            UrlShape::ControlByte { byte, at } => {
                write!(f, "holds the control byte \\x{byte:02x} at byte {at}")
            }
            UrlShape::InvalidUtf8 { at } => write!(f, "is not UTF-8 (from byte {at})"),
            UrlShape::MalformedAuthority { reason } => {
                write!(f, "is an http(s) URL whose host does not parse ({reason})")
            }
            UrlShape::OtherScheme { scheme } => {
                write!(f, "is not an http(s) URL (scheme {scheme})")
            }
            UrlShape::ProtocolRelative => {
                f.write_str("is a protocol-relative URL: its host is skipped")
            }
            UrlShape::BadPercentEscape { at } => {
                write!(
                    f,
                    "has a `%` at byte {at} that is not followed by two hex digits"
                )
            }
            UrlShape::NotPathOrUrl => f.write_str("is neither a path (`/…`) nor an http(s) URL"),
        }
    }
}

/// The shape of one URL line, and the path checkers take out of it.
///
/// The first oddity found is the one reported, in this order: control bytes
/// and invalid UTF-8, then a scheme or host problem, then percent-escapes, then
/// a line that is neither a path nor a URL.
/// Linear in the line's length; never panics.
///
/// ```
/// use robots_runtime::url::{url_shape, UrlShape};
/// assert_eq!(url_shape(b"/a%2Fb"), UrlShape::Path);
/// assert_eq!(url_shape(b"ftp://host/x"), UrlShape::OtherScheme { scheme: "ftp".into() });
/// assert_eq!(url_shape(b"%zz/private"), UrlShape::BadPercentEscape { at: 0 });
/// assert_eq!(url_shape(b"a\0b"), UrlShape::ControlByte { byte: 0, at: 1 });
/// assert!(matches!(url_shape(b"http://[::1"), UrlShape::MalformedAuthority { .. }));
/// assert_eq!(url_shape(b"example.com/x"), UrlShape::NotPathOrUrl);
/// ```
pub fn url_shape(line: &[u8]) -> UrlShape {
    classify(line, Authority::Scanned).0.shape(line)
}

/// [`url_shape`] and [`path_from_url`] of one line, read once: what a tool
/// that checks a stream of URL lines and warns about odd ones calls per
/// line. For an ordinary `http(s)://host[:port]/path` line the scan that
/// vouches for the authority also finds where the path starts, so the line is
/// not searched again for it. ([`read_url_line`] says also what the scan saw
/// of the bytes.)
///
/// ```
/// use robots_runtime::url::{url_shape_and_path, UrlShape};
/// let (shape, path) = url_shape_and_path(b"https://example.com:8080/a?b#c");
/// assert_eq!((shape, &*path), (UrlShape::HttpUrl, &b"/a?b"[..]));
/// let (shape, path) = url_shape_and_path(b"ftp://host/x");
/// assert_eq!((shape.name(), &*path), ("other-scheme", &b"/x"[..]));
/// ```
pub fn url_shape_and_path(line: &[u8]) -> (UrlShape, Cow<'_, [u8]>) {
    read_url_line(line).into_parts()
}

/// One URL line as a checker reads it ([`read_url_line`]): its shape, the
/// path checkers take out of it, and what the one scan of its bytes saw, so
/// that a caller need not look at them again.
#[derive(Clone, Debug)]
pub struct UrlLine<'a> {
    line: &'a [u8],
    shape: Code,
    path: Cow<'a, [u8]>,
    percent: bool,
    printable: bool,
}

impl<'a> UrlLine<'a> {
    /// The line's shape ([`url_shape`]). The words of an odd one are made
    /// here, not when the line is read.
    pub fn shape(&self) -> UrlShape {
        self.shape.shape(self.line)
    }

    /// The path checkers match ([`path_from_url`]).
    pub fn path(&self) -> &[u8] {
        &self.path
    }

    /// Whether the line holds a `%`. Without one, its path is already in the
    /// form every profile compares (nothing to decode): it can go to
    /// [`Matcher::check_normalized_path`](crate::Matcher::check_normalized_path).
    pub fn has_percent(&self) -> bool {
        self.percent
    }

    /// Whether every byte of the line is printable ASCII (`0x20..=0x7e`): then
    /// it holds no control byte and is UTF-8, and prints as it is.
    pub fn is_printable_ascii(&self) -> bool {
        self.printable
    }

    /// Whether the line reads as meant ([`UrlShape::is_plain`]).
    pub fn is_plain(&self) -> bool {
        matches!(self.shape, Code::Empty | Code::Path | Code::HttpUrl)
    }

    /// The shape and the path.
    pub fn into_parts(self) -> (UrlShape, Cow<'a, [u8]>) {
        (self.shape.shape(self.line), self.path)
    }
}

/// [`url_shape_and_path`], with what the scan saw of the line's bytes
/// ([`UrlLine`]): what `robots check` calls per URL line.
///
/// ```
/// use robots_runtime::url::{read_url_line, UrlShape};
/// let line = read_url_line(b"https://example.com/a?b#c");
/// assert_eq!((line.shape(), line.path()), (UrlShape::HttpUrl, &b"/a?b"[..]));
/// assert!(line.is_printable_ascii() && !line.has_percent());
/// let line = read_url_line("/caf\u{e9}%20".as_bytes());
/// assert!(!line.is_printable_ascii() && line.has_percent());
/// ```
pub fn read_url_line(line: &[u8]) -> UrlLine<'_> {
    read_with(line, bytes_of(line))
}

/// [`read_url_line`] of a line a scan has just seen to be printable ASCII
/// without a `%` or `#` ([`crate::url_lines`]'s pass): its bytes are not
/// looked at again.
pub(crate) fn read_printable_url_line(line: &[u8]) -> UrlLine<'_> {
    debug_assert!(bytes_of(line).printable && !bytes_of(line).percent && !bytes_of(line).hash);
    read_with(line, Bytes::NONE)
}

/// [`read_url_line`] of a line whose bytes are as `bytes` says.
#[inline(always)]
fn read_with(line: &[u8], bytes: Bytes) -> UrlLine<'_> {
    let (shape, hint) = classify_with(line, bytes, Authority::Scanned);
    // Where the path is plain to see, it runs to the first `#` (see
    // `PathHint::at`), as `path_from_url` reads it.
    let path = match hint.at.and_then(|at| line.get(at..)) {
        Some(rest) => {
            let end = match hint.bytes.hash {
                true => memchr::memchr(b'#', rest).unwrap_or(rest.len()),
                false => rest.len(),
            };
            Cow::Borrowed(rest.get(..end).unwrap_or(rest))
        }
        None => match path_from_url(line) {
            Cow::Borrowed(path) => Cow::Borrowed(&**path),
            Cow::Owned(path) => Cow::Owned(Vec::from(path)),
        },
    };
    UrlLine {
        line,
        shape,
        path,
        percent: hint.bytes.percent,
        printable: hint.bytes.printable,
    }
}

/// How [`classify`] decides whether an `http(s)://` URL's authority parses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Authority {
    /// A scan first ([`plain_authority`]); the URL parser only for the
    /// authorities the scan cannot vouch for. What [`url_shape`] does.
    Scanned,
    /// The URL parser on every one: the reference the scan is tested against.
    #[cfg(test)]
    Parsed,
}

/// What one pass over a line finds: whether every byte is printable ASCII
/// (then it holds no control byte and is UTF-8), and whether it holds a `%`
/// or a `#`.
#[derive(Clone, Copy)]
struct Bytes {
    printable: bool,
    percent: bool,
    hash: bool,
}

impl Bytes {
    /// What an empty line holds.
    const NONE: Bytes = Bytes {
        printable: true,
        percent: false,
        hash: false,
    };
}

/// [`Bytes`] of `line`, a block of [`LANES`] bytes at a time (the last one
/// padded with `/`, which is none of them): three questions of each block,
/// the answers gathered as bits.
fn bytes_of(line: &[u8]) -> Bytes {
    let (mut unprintable, mut percent, mut hash) = (0u32, 0u32, 0u32);
    let mut ask = |block: &Block| {
        let lanes = Lanes::of(block);
        unprintable |= lanes.printable().not().bits();
        percent |= lanes.is(b'%').bits();
        hash |= lanes.is(b'#').bits();
    };
    let mut at = 0;
    while let Some(block) = block_at(line, at) {
        ask(block);
        at += LANES;
    }
    if at < line.len() {
        ask(&padded_block(line, at, b'/'));
    }
    Bytes {
        printable: unprintable == 0,
        percent: percent != 0,
        hash: hash != 0,
    }
}

/// What [`classify`] found of a line beyond its shape: where its path
/// starts, when that is plain to see, and whether it holds a `#`.
#[derive(Clone, Copy)]
struct PathHint {
    /// The path [`path_from_url`] takes starts here and runs to the first `#`:
    /// for a path line (`/…`, not `//…`), at its start; for an `http(s)` URL
    /// whose plain authority a `/` ends, at that `/`.
    at: Option<usize>,
    /// What the line's bytes are (a `#` among them, say).
    bytes: Bytes,
}

impl PathHint {
    /// No path plain to see, in a line of these bytes.
    fn none(bytes: Bytes) -> PathHint {
        PathHint { at: None, bytes }
    }
}

/// [`url_shape`], with the authority decided as `authority` says; and where
/// the path starts, when that is plain to see (see [`PathHint`]).
fn classify(line: &[u8], authority: Authority) -> (Code, PathHint) {
    classify_with(line, bytes_of(line), authority)
}

/// [`classify`] of a line whose bytes are as `bytes` says.
#[inline(always)]
fn classify_with(line: &[u8], bytes: Bytes, authority: Authority) -> (Code, PathHint) {
    if line.is_empty() {
        return (Code::Empty, PathHint::none(Bytes::NONE));
    }
    if !bytes.printable {
        if let Some(at) = line.iter().position(|&b| b.is_ascii_control()) {
            let byte = line.get(at).copied().unwrap_or(0);
            return (Code::ControlByte { byte, at }, PathHint::none(bytes));
        }
        if let Err(e) = std::str::from_utf8(line) {
            let at = e.valid_up_to();
            return (Code::InvalidUtf8 { at }, PathHint::none(bytes));
        }
    }
    let (shape, at) = shape_of(line, authority);
    let hint = PathHint { at, bytes };
    // A bad escape is the more telling oddity of a line that is a path, a URL,
    // or neither (`%zz/private`); a scheme or host problem comes first.
    if !bytes.percent || !matches!(shape, Code::Path | Code::HttpUrl | Code::NotPathOrUrl) {
        return (shape, hint);
    }
    match bad_percent_escape(line) {
        Some(at) => (Code::BadPercentEscape { at }, hint),
        None => (shape, hint),
    }
}

/// The path checkers match for `line` (see [`path_from_url`]), as text for a
/// message: lossy UTF-8.
///
/// ```
/// assert_eq!(robots_runtime::url::checked_path(b"ftp://host/x"), "/x");
/// ```
pub fn checked_path(line: &[u8]) -> String {
    match path_from_url(line) {
        Cow::Borrowed(path) => String::from_utf8_lossy(path).into_owned(),
        Cow::Owned(path) => String::from_utf8_lossy(&path).into_owned(),
    }
}

/// The shape of valid, control-free text, percent-escapes aside, and where its
/// path starts when that is plain to see (see [`PathHint::at`]).
fn shape_of(line: &[u8], authority: Authority) -> (Code, Option<usize>) {
    if line.starts_with(b"//") {
        return (Code::ProtocolRelative, None);
    }
    if line.starts_with(b"/") {
        return (Code::Path, Some(0));
    }
    // The schemes nearly every URL line has, as they are nearly always
    // written, without the general reading of a scheme.
    let (scheme_len, after_slashes) = if let Some(rest) = line.strip_prefix(b"https://") {
        (5, rest)
    } else if let Some(rest) = line.strip_prefix(b"http://") {
        (4, rest)
    } else {
        let Some(scheme) = scheme_of(line) else {
            return (Code::NotPathOrUrl, None);
        };
        if !(scheme.eq_ignore_ascii_case(b"http") || scheme.eq_ignore_ascii_case(b"https")) {
            let len = scheme.len();
            return (Code::OtherScheme { len }, None);
        }
        let after_scheme = line.get(scheme.len()..).unwrap_or_default();
        let Some(after_slashes) = after_scheme.strip_prefix(b"://") else {
            let error = None;
            return (Code::MalformedAuthority { error }, None);
        };
        (scheme.len(), after_slashes)
    };
    if authority == Authority::Scanned {
        if let Some(plain) = plain_authority(after_slashes) {
            let path_at = plain.path_at.map(|at| scheme_len + 3 + at);
            return (Code::HttpUrl, path_at);
        }
    }
    // Valid UTF-8 (checked by the caller), so this never fails.
    let parsed = std::str::from_utf8(line).map(url::Url::parse);
    let shape = match parsed {
        Ok(Ok(_)) => Code::HttpUrl,
        Ok(Err(e)) => Code::MalformedAuthority { error: Some(e) },
        Err(e) => Code::InvalidUtf8 {
            at: e.valid_up_to(),
        },
    };
    (shape, None)
}

/// A [`UrlShape`] without its words: what reading a line finds, `Copy`, so
/// that the nearly every line that is plain moves no text about. The words
/// of an odd line are made from it and the line when they are asked for
/// ([`Code::shape`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Code {
    Empty,
    Path,
    HttpUrl,
    ControlByte {
        byte: u8,
        at: usize,
    },
    InvalidUtf8 {
        at: usize,
    },
    /// The parser's error, or `None` when no `//` follows the scheme.
    MalformedAuthority {
        error: Option<url::ParseError>,
    },
    /// The scheme is the line's first `len` bytes.
    OtherScheme {
        len: usize,
    },
    ProtocolRelative,
    BadPercentEscape {
        at: usize,
    },
    NotPathOrUrl,
}

impl Code {
    /// The shape of `line`, the line this was read from, in full.
    fn shape(self, line: &[u8]) -> UrlShape {
        match self {
            Code::Empty => UrlShape::Empty,
            Code::Path => UrlShape::Path,
            Code::HttpUrl => UrlShape::HttpUrl,
            Code::ControlByte { byte, at } => UrlShape::ControlByte { byte, at },
            Code::InvalidUtf8 { at } => UrlShape::InvalidUtf8 { at },
            Code::MalformedAuthority { error } => UrlShape::MalformedAuthority {
                reason: match error {
                    Some(e) => e.to_string(),
                    None => String::from("no `//` after the scheme"),
                },
            },
            Code::OtherScheme { len } => UrlShape::OtherScheme {
                // A scheme is ASCII (see `scheme_of`): nothing is lost.
                scheme: String::from_utf8_lossy(line.get(..len).unwrap_or_default()).into_owned(),
            },
            Code::ProtocolRelative => UrlShape::ProtocolRelative,
            Code::BadPercentEscape { at } => UrlShape::BadPercentEscape { at },
            Code::NotPathOrUrl => UrlShape::NotPathOrUrl,
        }
    }
}

/// The scheme of `line`, when it starts with one (RFC 3986: a letter, then
/// letters, digits, `+`, `-`, `.`, then `:`). A dotted name followed by `:` and
/// no `//` (`example.com:8080/x`) is a host and port, not a scheme.
fn scheme_of(line: &[u8]) -> Option<&[u8]> {
    let colon = line.iter().position(|&b| b == b':')?;
    let scheme = line.get(..colon)?;
    let (first, rest) = scheme.split_first()?;
    let rest_ok = rest
        .iter()
        .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    let slashes = line
        .get(colon..)
        .is_some_and(|rest| rest.starts_with(b"://"));
    (first.is_ascii_alphabetic() && rest_ok && (slashes || !scheme.contains(&b'.')))
        .then_some(scheme)
}

/// The longest URL [`plain_authority`] vouches for: the URL parser refuses a
/// URL whose serialisation passes `u32::MAX` bytes (percent-encoding can
/// triple a line), so past this it decides.
const LONGEST_SCANNED_URL: usize = 1 << 30;

/// An authority [`plain_authority`] vouches for.
struct PlainAuthority {
    /// Where the path starts (its `/`), from the start of the authority, when
    /// a `/` ends the authority: the path [`path_from_url`] takes then runs
    /// from there to the first `#`. (Not when a `?`, `#` or `\` ends it:
    /// `path_from_url` reads those otherwise.)
    path_at: Option<usize>,
}

/// Whether the WHATWG URL parser surely takes an `http(s)` URL, given what
/// follows its `://`: a cheap scan that vouches for the authorities nearly
/// every crawled URL has (`host.name` or `host.name:port`), and for nothing
/// it cannot be sure of, which the parser then decides.
///
/// For an `http(s)` URL of valid UTF-8 without control bytes, the parser fails
/// only on its host or port (the path, query and fragment are percent-encoded,
/// never refused), or on a serialisation past `u32::MAX` bytes. So it needs:
/// - the authority (up to the first `/`, `\`, `?` or `#`) is `host` or
///   `host:port`, with no `@` (user info), `[` (IPv6), `%` or other byte, and
///   it does not start with another slash (the parser skips those: the host
///   is further on);
/// - the host is dot-separated labels of ASCII letters, digits and `-`, none
///   empty, none starting `xn--` (a punycode label may not decode);
/// - its last label starts with a letter, so the host cannot be read as an
///   IPv4 address (which may be out of range: `1.2.3.256`);
/// - the port is 1 to 5 digits, at most 65535.
///
/// A wrong yes is the only error this can make; the tests hold it to the
/// parser on generated, hostile and corpus URLs.
fn plain_authority(after_slashes: &[u8]) -> Option<PlainAuthority> {
    if after_slashes.len() > LONGEST_SCANNED_URL {
        return None;
    }
    let (end, port_at) = scanned_host(after_slashes)?;
    let mut end_of_authority = end;
    if let Some(port_at) = port_at {
        let rest = after_slashes.get(port_at..)?;
        let digits = rest
            .iter()
            .position(|&b| !b.is_ascii_digit())
            .unwrap_or(rest.len());
        if !(1..=5).contains(&digits) {
            return None;
        }
        let port = rest
            .get(..digits)?
            .iter()
            .fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
        if port > u32::from(u16::MAX) {
            return None;
        }
        end_of_authority = port_at + digits;
    }
    match after_slashes.get(end_of_authority) {
        None => Some(PlainAuthority { path_at: None }),
        Some(b'/') => Some(PlainAuthority {
            path_at: Some(end_of_authority),
        }),
        Some(b'\\' | b'?' | b'#') => Some(PlainAuthority { path_at: None }),
        Some(_) => None,
    }
}

/// The host [`plain_authority`] vouches for: where it ends, and where the
/// port starts if a `:` ends it. [`scanned_host_bytewise`]'s answer, asked
/// of the first 32 bytes at once ([`crate::byte_lanes`]: which bytes are
/// label bytes, dots, hyphens), the labels read from the bits; a host that
/// does not end within them is read byte by byte.
fn scanned_host(after_slashes: &[u8]) -> Option<(usize, Option<usize>)> {
    const WINDOW: usize = 2 * LANES;
    // Past the line, `/`: it ends a host as the end of the line does.
    let block = |at| match block_at(after_slashes, at) {
        Some(block) => *block,
        None => padded_block(after_slashes, at, b'/'),
    };
    let (first, second) = (Lanes::of(&block(0)), Lanes::of(&block(LANES)));
    let window = |lanes: fn(Lanes) -> crate::byte_lanes::Mask| {
        lanes(first).bits() | lanes(second).bits() << LANES
    };
    let hyphens = window(|l| l.is(b'-'));
    let labels = window(Lanes::alphanumeric) | hyphens;
    let dots = window(|l| l.is(b'.'));
    // The first byte that is neither ends the host.
    let end = (!(labels | dots)).trailing_zeros() as usize;
    if end >= WINDOW {
        return scanned_host_bytewise(after_slashes);
    }
    let within = (1u32 << end) - 1;
    let dots = dots & within;
    // An empty label: no host, a dot first or last, two dots in a row.
    let last = 1u32 << end >> 1;
    if end == 0 || dots & (1 | last) != 0 || dots & (dots >> 1) != 0 {
        return None;
    }
    // A punycode label (`xn--`): a label start two bytes before `--`.
    let hyphens = hyphens & within;
    let mut punycode = (1 | dots << 1) & (hyphens & hyphens >> 1) >> 2;
    while punycode != 0 {
        let start = punycode.trailing_zeros() as usize;
        let xn = after_slashes.get(start..start + 2);
        if xn.is_some_and(|xn| xn.eq_ignore_ascii_case(b"xn")) {
            return None;
        }
        punycode &= punycode - 1;
    }
    // The last label starts with a letter (not an IPv4 address).
    let last_label = match dots {
        0 => 0,
        _ => WINDOW - dots.leading_zeros() as usize,
    };
    if !after_slashes.get(last_label)?.is_ascii_alphabetic() {
        return None;
    }
    match after_slashes.get(end) {
        Some(b':') => Some((end, Some(end + 1))),
        None | Some(b'/' | b'\\' | b'?' | b'#') => Some((end, None)),
        Some(_) => None,
    }
}

/// [`scanned_host`], label by label: for a host longer than its window, and
/// the reference its tests hold it to.
fn scanned_host_bytewise(after_slashes: &[u8]) -> Option<(usize, Option<usize>)> {
    let mut label_start = 0;
    let mut at = 0;
    // Label by label: a run of label bytes, then what ends it.
    let (end, port_at) = loop {
        let rest = after_slashes.get(at..)?;
        at += rest
            .iter()
            .position(|&b| !is_label_byte(b))
            .unwrap_or(rest.len());
        match after_slashes.get(at) {
            Some(b'.') => {
                plain_label(after_slashes.get(label_start..at)?)?;
                at += 1;
                label_start = at;
            }
            Some(b':') => break (at, Some(at + 1)),
            None | Some(b'/' | b'\\' | b'?' | b'#') => break (at, None),
            Some(_) => return None,
        }
    };
    let last = after_slashes.get(label_start..end)?;
    plain_label(last)?;
    if !last.first()?.is_ascii_alphabetic() {
        return None;
    }
    Some((end, port_at))
}

/// The bytes of a host label [`plain_authority`] vouches for: ASCII letters,
/// digits and `-`. A table, so the scan costs one load and one test a byte.
// Indexing in a constant: an index out of range would fail the build.
#[allow(clippy::indexing_slicing)]
const LABEL_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || c == b'-';
        b += 1;
    }
    table
};

/// Whether `b` is one of [`LABEL_BYTES`].
fn is_label_byte(b: u8) -> bool {
    LABEL_BYTES.get(usize::from(b)).copied().unwrap_or(false)
}

/// `Some` when `label` is a host label [`plain_authority`] vouches for: not
/// empty, and not punycode (`xn--`, any case). (Its bytes are checked by the
/// caller.)
fn plain_label(label: &[u8]) -> Option<()> {
    let punycode = label.len() >= 4
        && label
            .get(..2)
            .is_some_and(|xn| xn.eq_ignore_ascii_case(b"xn"))
        && label.get(2..4) == Some(b"--".as_slice());
    (!label.is_empty() && !punycode).then_some(())
}

/// The offset of the first `%` not followed by two hex digits.
fn bad_percent_escape(line: &[u8]) -> Option<usize> {
    memchr::memchr_iter(b'%', line).find(|&at| {
        let escape = line.get(at + 1..at + 3);
        !escape.is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_of_the_issue() {
        let cases: &[(&[u8], &str)] = &[
            (b"", "empty"),
            (b"/", "path"),
            (b"/a?b=%2F", "path"),
            (b"https://example.com/a", "http-url"),
            (b"HTTP://example.com", "http-url"),
            (b"http://[::1", "malformed-authority"),
            (b"http://exa mple.com/", "malformed-authority"),
            (b"http:/x", "malformed-authority"),
            (b"ftp://host/x", "other-scheme"),
            (b"mailto:someone", "other-scheme"),
            (b"not a url at all", "not-path-or-url"),
            (b"example.com/x", "not-path-or-url"),
            (b"example.com:8080/x", "not-path-or-url"),
            (b"%zz/private", "bad-percent-escape"),
            (b"/a%", "bad-percent-escape"),
            (b"https://e.com/%g1", "bad-percent-escape"),
            (b"/a\0b", "control-byte"),
            (b"/a\tb", "control-byte"),
            (b"/a\xffb", "invalid-utf8"),
            (b"//host/b", "protocol-relative"),
            (b"/caf\xc3\xa9", "path"),
        ];
        for &(line, name) in cases {
            let shape = url_shape(line);
            assert_eq!(shape.name(), name, "{:?}", line.escape_ascii().to_string());
            assert_eq!(
                shape.is_plain(),
                matches!(name, "empty" | "path" | "http-url")
            );
        }
    }

    #[test]
    fn offsets_and_paths() {
        assert_eq!(url_shape(b"/ok\xfe"), UrlShape::InvalidUtf8 { at: 3 });
        assert_eq!(url_shape(b"/x%4"), UrlShape::BadPercentEscape { at: 2 });
        assert_eq!(checked_path(b"not a url at all"), "/");
        assert_eq!(checked_path(b"%zz/private"), "/private");
        assert_eq!(
            url_shape(b"ftp://host/x").to_string(),
            "is not an http(s) URL (scheme ftp)"
        );
    }

    #[test]
    fn ordinary_authorities_take_the_scan_and_odd_ones_the_parser() {
        for plain in [
            "example.com/a?b",
            "www.example.com",
            "EXAMPLE.com:8080/x",
            "a-b.c1.example:65535?q",
            "localhost#f",
            "host\\path",
        ] {
            assert!(plain_authority(plain.as_bytes()).is_some(), "{plain}");
        }
        for odd in [
            "",
            "/host/x",
            "user@host/x",
            "[::1]/x",
            "host:/x",
            "host:65536/x",
            "host:080800",
            "host:1:2",
            "a..b/x",
            ".a/x",
            "a./x",
            "1.2.3.4/x",
            "a.0x1f",
            "xn--nxasmq6b.com",
            "a.XN--z",
            "caf\u{e9}.fr",
            "exa mple.com",
            "a_b.com",
            "a%41.com",
        ] {
            assert!(plain_authority(odd.as_bytes()).is_none(), "{odd}");
        }
    }

    /// The scan and the parser give the same shape for `line`, and the path
    /// read with the shape is `path_from_url`'s.
    fn same_shape(line: &str) -> Result<(), proptest::test_runner::TestCaseError> {
        let scanned = classify(line.as_bytes(), Authority::Scanned)
            .0
            .shape(line.as_bytes());
        let parsed = classify(line.as_bytes(), Authority::Parsed)
            .0
            .shape(line.as_bytes());
        proptest::prop_assert_eq!(&scanned, &parsed, "{}", line);
        let (shape, path) = url_shape_and_path(line.as_bytes());
        proptest::prop_assert_eq!(&shape, &scanned, "{}", line);
        let want: &[u8] = &path_from_url(line.as_bytes());
        proptest::prop_assert_eq!(&*path, want, "{}", line);
        Ok(())
    }

    /// Pieces of authorities, ordinary and hostile: what a host, port, user
    /// info or IP literal is made of, and what a parser may refuse.
    const PIECES: &[&str] = &[
        "a",
        "Z",
        "www",
        "example",
        "com",
        "0",
        "9",
        "1",
        "255",
        "256",
        "4294967296",
        "0x",
        "0X1F",
        "-",
        ".",
        "..",
        "xn--",
        "XN--nxasmq6b",
        "xn--a",
        ":",
        "80",
        "65535",
        "65536",
        "0808080",
        "@",
        "user:pass@",
        "[",
        "]",
        "[::1]",
        "[1:2::]",
        "%",
        "%41",
        "%2e",
        "%zz",
        " ",
        "_",
        "~",
        "!",
        "$",
        "&",
        "'",
        "(",
        ")",
        "*",
        "+",
        ",",
        ";",
        "=",
        "|",
        "^",
        "<",
        ">",
        "\"",
        "{",
        "}",
        "`",
        "\\",
        "/",
        "?",
        "#",
        "\u{e9}",
        "\u{df}",
        "\u{ff0e}",
        "\u{3002}",
        "\u{200b}",
        "\u{fffd}",
        "\u{1f600}",
        "\u{ad}",
    ];

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(1500))]

        #[test]
        fn scan_agrees_with_the_parser_on_generated_urls(
            scheme in proptest::sample::select(vec![
                "http://", "https://", "HTTP://", "hTtPs://", "http:///", "https:////",
                "http:\\\\", "http:/", "http:",
            ]),
            pieces in proptest::collection::vec(proptest::sample::select(PIECES), 0..12),
            tail in proptest::sample::select(vec!["", "/", "/a?b#c", "?q", "#f", "\\x", "/%zz"]),
        ) {
            same_shape(&format!("{scheme}{}{tail}", pieces.concat()))?;
        }

        #[test]
        fn read_url_line_sees_the_bytes_of_any_line(
            line in proptest::collection::vec(proptest::sample::select(
                b"/aZ09.-:%#?\\@[]\x00\x1f\x7f\x80\xc3\xa9\xff h".to_vec()), 0..80),
        ) {
            same_bytes(&line)?;
        }

        #[test]
        fn scan_agrees_with_the_parser_on_random_text_after_the_scheme(
            scheme in proptest::sample::select(vec!["http://", "https://"]),
            rest in "\\PC{0,40}",
        ) {
            same_shape(&format!("{scheme}{rest}"))?;
        }
    }

    /// What [`read_url_line`] says of a line's bytes, looked at byte by byte.
    fn same_bytes(line: &[u8]) -> Result<(), proptest::test_runner::TestCaseError> {
        let read = read_url_line(line);
        let text = line.escape_ascii().to_string();
        proptest::prop_assert_eq!(read.has_percent(), line.contains(&b'%'), "{}", text);
        let printable = line.iter().all(|&b| (0x20..=0x7e).contains(&b));
        proptest::prop_assert_eq!(read.is_printable_ascii(), printable, "{}", text);
        proptest::prop_assert_eq!(read.path(), &*path_from_url(line), "{}", text);
        // The buffer pass reads a line of it as the line is read alone (a
        // `\r` last would be taken for a CRLF line end).
        if !line.contains(&b'\n') && !line.ends_with(b"\r") {
            let buffer = [line, b"\n"].concat();
            let scanned = crate::url_lines::url_lines(&buffer).next();
            let Some(scanned) = scanned.filter(|s| s.url() == line) else {
                return Err(proptest::test_runner::TestCaseError::fail(text));
            };
            let again = scanned.read();
            proptest::prop_assert_eq!(again.shape(), read.shape(), "{}", text);
            proptest::prop_assert_eq!(again.is_plain(), read.shape().is_plain(), "{}", text);
            proptest::prop_assert_eq!(again.path(), read.path(), "{}", text);
            proptest::prop_assert_eq!(again.has_percent(), read.has_percent(), "{}", text);
            let printable = read.is_printable_ascii();
            proptest::prop_assert_eq!(again.is_printable_ascii(), printable, "{}", text);
        }
        Ok(())
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(3000))]

        #[test]
        fn the_host_by_lanes_is_the_host_byte_by_byte(
            pieces in proptest::collection::vec(proptest::sample::select(vec![
                "a", "Z", "www", "example", "0", "9", "-", "--", ".", "..", "xn--", "XN--", "xN", "x",
                "n", ":", "80", "/", "\\", "?", "#", "@", "_", "%", " ", "\u{e9}",
                "0123456789abcdef",
            ]), 0..16),
        ) {
            let authority = pieces.concat();
            proptest::prop_assert_eq!(
                scanned_host(authority.as_bytes()),
                scanned_host_bytewise(authority.as_bytes()),
                "{}", &authority
            );
        }
    }

    #[test]
    fn the_host_by_lanes_sees_every_offset_of_its_window() {
        // A host of `a`s up to 40 bytes long, with a dot, two, a `--`, an
        // `xn--` or an odd byte at each offset, ended by each ending or none.
        for len in 0..40 {
            for at in 0..len {
                for odd in [".", "..", "--", "xn--", "1", "_", ":", "/", "@"] {
                    for end in ["", "/x", ":80/", "?", "#", "\\", " "] {
                        let mut host = "a".repeat(len);
                        host.replace_range(at..at + 1, odd);
                        let authority = format!("{host}{end}");
                        assert_eq!(
                            scanned_host(authority.as_bytes()),
                            scanned_host_bytewise(authority.as_bytes()),
                            "{authority}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_scan_sees_every_byte_of_lines_around_its_block_size() {
        // An odd byte at every offset of lines from 0 to 50 bytes: the blocks,
        // the overlapping last block and the padded short line all see it.
        for len in 0..50 {
            for at in 0..len {
                for odd in [b'%', b'#', b'\0', b'\x7f', 0xc3, b'\n'] {
                    let mut line = vec![b'a'; len];
                    line[0] = b'/';
                    line[at] = odd;
                    same_bytes(&line).expect("the same bytes");
                }
            }
            let mut line = vec![b'x'; len];
            if let Some(first) = line.first_mut() {
                *first = b'/';
            }
            same_bytes(&line).expect("the same bytes");
        }
    }

    /// Every corpus file's host (its name) with a sample of its paths, as
    /// `https://` URLs, and each host given odd authorities around it.
    #[test]
    fn scan_agrees_with_the_parser_on_corpus_urls() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/corpus");
        let mut hosts = 0;
        let mut scanned = 0;
        for entry in std::fs::read_dir(&dir).expect("the corpus") {
            let path = entry.expect("a corpus entry").path();
            if path.extension().and_then(|e| e.to_str()) != Some("urls") {
                continue;
            }
            let host = path
                .file_stem()
                .and_then(|s| s.to_str())
                .expect("a UTF-8 file name")
                .to_owned();
            let paths = std::fs::read_to_string(&path).expect("the paths");
            hosts += 1;
            for url_path in paths.lines().step_by(40) {
                let url = format!("https://{host}{url_path}");
                scanned += usize::from(plain_authority(&url.as_bytes()[8..]).is_some());
                same_shape(&url).expect("the same shape");
            }
            for authority in [
                format!("{host}:443"),
                format!("{host}:99999"),
                host.to_uppercase(),
                format!("{host}."),
                format!("user@{host}"),
                format!("xn--{host}"),
                format!("{host}:"),
                format!("[{host}]"),
            ] {
                same_shape(&format!("http://{authority}/robots.txt")).expect("the same shape");
            }
        }
        assert!(hosts > 200, "only {hosts} corpus files");
        // The scan must vouch for the ordinary URLs: were it to send them all
        // to the parser, the agreement above would hold and the speed not.
        assert!(
            scanned > hosts * 40,
            "the scan vouched for only {scanned} URLs"
        );
    }
}
