//! Echoing input bytes in output: whole in JSON, cut to 80 bytes plus
//! `… (N bytes)` in human output, so a 16 KB URL or pattern does not flood
//! the terminal. (`check`'s `allowed<TAB>URL` lines are data, echoed exactly,
//! unless they hold bytes a terminal must not get: see [`escaped`].)

use robots_lint::shorten;
use std::borrow::Cow;
use std::fmt::Write;

/// The bytes as text (lossy UTF-8), whole: for JSON.
pub fn whole(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The bytes as text (lossy UTF-8), cut when long: for human output.
pub fn short(bytes: &[u8]) -> String {
    shorten(&String::from_utf8_lossy(bytes)).into_owned()
}

/// The bytes as they may go to a terminal: unchanged when they are UTF-8
/// without control characters; otherwise every control character and invalid
/// byte is written `\xNN` (`\u{NNNN}` for a control character past ASCII) and
/// every `\` as `\\`, so the escaped text reads back unambiguously.
pub fn escaped(bytes: &[u8]) -> Cow<'_, [u8]> {
    // Printable ASCII, nearly every URL, is proved in one pass that vectorises
    // (no early exit); only other bytes need their characters decoded.
    let printable_ascii = bytes
        .iter()
        .fold(0u8, |odd, &b| odd | u8::from(b.wrapping_sub(0x20) >= 0x5f))
        == 0;
    let plain = printable_ascii
        || std::str::from_utf8(bytes).is_ok_and(|text| !text.chars().any(char::is_control));
    if plain {
        return Cow::Borrowed(bytes);
    }
    let mut out = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                c if c.is_ascii_control() => {
                    let _ = write!(out, "\\x{:02x}", u32::from(c));
                }
                c if c.is_control() => {
                    let _ = write!(out, "\\u{{{:04x}}}", u32::from(c));
                }
                c => out.push(c),
            }
        }
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02x}");
        }
    }
    Cow::Owned(out.into_bytes())
}

/// `text` in a table cell of at most `max` characters: cut, with `…` last,
/// when longer (the whole value is in the JSON and CSV output).
pub fn cell(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminal_unsafe_bytes_are_escaped_and_plain_text_is_not() {
        let plain = escaped(b"/caf\xc3\xa9\\x");
        assert!(
            matches!(plain, Cow::Borrowed(b"/caf\xc3\xa9\\x")),
            "{plain:?}"
        );
        assert_eq!(&*escaped(b"/a\0b"), br"/a\x00b");
        assert_eq!(&*escaped(b"/\xff\\\x1b["), br"/\xff\\\x1b[");
        assert_eq!(&*escaped("/\u{85}".as_bytes()), br"/\u{0085}");
    }

    #[test]
    fn long_text_is_cut_on_a_character_boundary() {
        assert_eq!(short(b"/a"), "/a");
        let long = "é".repeat(60); // 120 bytes
        let cut = short(long.as_bytes());
        assert_eq!(cut, format!("{}… (120 bytes)", "é".repeat(40)));
        assert_eq!(whole(long.as_bytes()), long);
        assert_eq!(whole(b"/\xff"), "/\u{fffd}");
        assert_eq!(
            cell("Bibliothèque nationale de France", 16),
            "Bibliothèque na…"
        );
        assert_eq!(cell("Google", 16), "Google");
        assert_eq!(cell("abc", 3), "abc");
    }
}
