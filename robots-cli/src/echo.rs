//! Echoing input bytes in output: whole in JSON, cut to 80 bytes plus
//! `… (N bytes)` in human output, so a 16 KB URL or pattern does not flood
//! the terminal. (`check`'s `allowed<TAB>URL` lines are data, echoed exactly.)

use robots_lint::shorten;

/// The bytes as text (lossy UTF-8), whole: for JSON.
pub fn whole(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The bytes as text (lossy UTF-8), cut when long: for human output.
pub fn short(bytes: &[u8]) -> String {
    shorten(&String::from_utf8_lossy(bytes)).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_on_a_character_boundary() {
        assert_eq!(short(b"/a"), "/a");
        let long = "é".repeat(60); // 120 bytes
        let cut = short(long.as_bytes());
        assert_eq!(cut, format!("{}… (120 bytes)", "é".repeat(40)));
        assert_eq!(whole(long.as_bytes()), long);
        assert_eq!(whole(b"/\xff"), "/\u{fffd}");
    }
}
