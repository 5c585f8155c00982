//! Lint arbitrary bytes and print the findings in every format the CLI has
//! (`human`, plain and coloured, `json`, `sarif`, `github`), through
//! `robots lint -` as a user runs it: no input may panic any of them, each
//! exits 0 or 1 (findings or none), and the JSON lines and the SARIF log are
//! well-formed JSON. A finding's span may split a character or an invalid
//! UTF-8 sequence (a partial byte order mark, the 500 KiB cut): the human
//! renderer is where that used to panic.
//!
//! Input layout: the first byte picks the profile (its low two bits); the rest
//! is the robots.txt.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::io::Cursor;

const PROFILES: [&str; 4] = ["rfc9309", "google", "draft1996", "original1994"];

fn lint(body: &[u8], profile: &str, format: &str, color: &str) -> Vec<u8> {
    let args = [
        "robots",
        "lint",
        "-",
        "--profile",
        profile,
        "--format",
        format,
        "--color",
        color,
    ];
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = robots_cli::run(args, &mut Cursor::new(body), &mut out, &mut err);
    assert!(
        status == 0 || status == 1,
        "`lint --format {format}` exited {status}: {}",
        String::from_utf8_lossy(&err)
    );
    out
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, body)) = data.split_first() else {
        return;
    };
    let profile = PROFILES[usize::from(mode & 3)];
    lint(body, profile, "human", "never");
    lint(body, profile, "human", "always");
    lint(body, profile, "github", "never");
    for line in lint(body, profile, "json", "never").split(|&b| b == b'\n') {
        if !line.is_empty() {
            let finding: serde_json::Value = serde_json::from_slice(line).expect("a JSON line");
            assert!(finding["code"].is_string(), "{finding}");
        }
    }
    let sarif: serde_json::Value =
        serde_json::from_slice(&lint(body, profile, "sarif", "never")).expect("a SARIF log");
    assert_eq!(sarif["version"], "2.1.0");
});
