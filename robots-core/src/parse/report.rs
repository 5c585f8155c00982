//! The line-level report: what each line of a robots.txt was.

use crate::parse::directive::Directive;
use core::ops::Range;

/// What a line was, as the profile's parser read it.
///
/// New kinds may be added (hence `#[non_exhaustive]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LineKind {
    /// Nothing but whitespace.
    Empty,
    /// Only a `#` comment.
    Comment,
    /// A directive the profile accepted (possibly an accepted typo or colon-less line: see the flags).
    Directive(Directive),
    /// `key: value` with a key the engine does not know, or one the profile does not accept.
    Unknown,
    /// Not `key: value` at all: no separator, an empty key, or more than two words without a colon.
    Invalid,
}

/// One line of the input and what the parser made of it.
///
/// Offsets are byte offsets into the input given to [`parse`](crate::parse);
/// they are enough to render `file:line:col` and a caret excerpt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineReport {
    /// 1-based line number. LF, CR and CRLF each end one line.
    pub number: u32,
    /// Byte range of the line's content, without its line end.
    pub span: Range<usize>,
    /// What the line was.
    pub kind: LineKind,
    /// Byte range of the key, when the line has one.
    pub key: Option<Range<usize>>,
    /// Byte range of the value (possibly empty), when the line has a key.
    pub value: Option<Range<usize>>,
    /// The directive the key names or resembles, whether or not the profile accepted it.
    pub resembles: Option<Directive>,
    /// The line has a `#` comment.
    pub has_comment: bool,
    /// The key is a misspelling the profile accepted (Google's typo list).
    pub accepted_typo: bool,
    /// Whitespace stood in for the missing `:` between key and value.
    pub missing_colon: bool,
    /// The line was longer than the profile's line limit and was cut.
    pub too_long: bool,
}

impl LineReport {
    /// 1-based byte column of the value (or of the line start when there is none).
    pub fn value_column(&self) -> u32 {
        let at = self.value.as_ref().map_or(self.span.start, |v| v.start);
        column(self.span.start, at)
    }

    /// 1-based byte column of the key (or of the line start when there is none).
    pub fn key_column(&self) -> u32 {
        let at = self.key.as_ref().map_or(self.span.start, |k| k.start);
        column(self.span.start, at)
    }

    /// Whether the line carries `key: value` (known or unknown key).
    pub fn has_directive(&self) -> bool {
        matches!(self.kind, LineKind::Directive(_) | LineKind::Unknown)
    }
}

fn column(line_start: usize, at: usize) -> u32 {
    u32::try_from(at.saturating_sub(line_start) + 1).unwrap_or(u32::MAX)
}

/// Where the parsing cap cut the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Truncation {
    /// The cap in bytes; everything from this offset on was ignored.
    pub max_bytes: usize,
    /// The input's real length.
    pub input_len: usize,
    /// The number of the first line that was not (wholly) read.
    pub first_ignored_line: u32,
}
