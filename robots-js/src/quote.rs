//! A string quoted for a message, as `{:?}` would show it for most text.
//!
//! `{:?}` on a `str` links core's Unicode tables (printable characters,
//! grapheme extenders) into the module: 3 KB of the gzipped `.wasm` for four
//! error messages. [`quoted`] escapes what must not reach a terminal or a log
//! raw (quotes, backslashes, control characters, and the invisible and
//! direction-changing format characters) and keeps the rest as written.

use std::fmt::Write;

/// `text` in double quotes: `"` and `\` escaped, `\n`, `\r` and `\t` as such,
/// other control characters and the invisible format characters (zero-width
/// spaces and joiners, direction marks, embeddings, overrides and isolates,
/// the byte order mark) as `\u{…}`.
pub fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() || is_invisible_format(c) => {
                // Writing to a String cannot fail.
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Format characters that show nothing, or reorder what follows them.
fn is_invisible_format(c: char) -> bool {
    matches!(
        c,
        '\u{ad}'
            | '\u{200b}'..='\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{feff}'
    )
}
