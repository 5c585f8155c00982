//! Human output stays readable whatever the input: echoed patterns, URLs and
//! witnesses are cut to 80 bytes plus `… (N bytes)` (JSON keeps them whole),
//! and `lint` prints at most 50 findings of one code per file, then
//! `… and N more`.

use serde_json::Value;
use std::io::Write;

mod support;
use support::{robots, text, Temp};

/// The longest line of `output`, in characters.
fn widest(output: &str) -> usize {
    output.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

/// Wider than any message, far narrower than the 16 KB echoes.
const WIDE: usize = 400;

#[test]
fn lint_prints_at_most_fifty_findings_of_a_code_per_file() {
    let mut body = b"User-agent: *\nDisallow: /private/\n".to_vec();
    for i in 0..500 {
        writeln!(body, "please do not crawl {i}").expect("write to Vec");
    }
    let file = Temp::new("many.txt", &body);
    let out = robots(&["lint", file.path()], b"");
    let human = text(&out.stdout);
    assert_eq!(
        human.matches("warning[unknown-directive]").count(),
        50,
        "{human}"
    );
    assert!(
        human.contains("… and 450 more unknown-directive findings"),
        "{human}"
    );
    // The summary still counts them all, and JSON lists them all.
    assert!(
        human.ends_with(": 0 errors, 500 warnings, 0 notes\n"),
        "{human}"
    );
    let json = robots(&["lint", file.path(), "--format", "json"], b"");
    let count = text(&json.stdout)
        .lines()
        .filter(|l| l.contains("\"unknown-directive\""))
        .count();
    assert_eq!(count, 500);
}

#[test]
fn lint_cuts_long_witnesses_in_human_output_only() {
    // A long literal path that the profiles decide differently: its witness URL is long.
    let long = "a".repeat(16_000);
    let body = format!("User-agent: *\nDisallow: /{long}$\nAllow: /{long}\n");
    let file = Temp::new("witness.txt", body.as_bytes());
    let out = robots(&["lint", file.path()], b"");
    let human = text(&out.stdout);
    assert!(
        widest(&human) <= WIDE,
        "a line of {} characters",
        widest(&human)
    );
    assert!(
        human.contains("… (16001 bytes)") || human.contains("bytes)`"),
        "{human}"
    );
    let json = robots(&["lint", file.path(), "--json"], b"");
    let whole = text(&json.stdout).lines().any(|l| {
        let v: Value = serde_json::from_str(l).expect("JSON");
        v["message"].as_str().unwrap_or_default().contains(&long)
    });
    assert!(whole, "JSON keeps the long text whole");
}

#[test]
fn explain_diff_and_test_cut_long_urls() {
    let long_path = format!("/private/{}", "x".repeat(16_000));
    let robots_txt = Temp::new("r.txt", b"User-agent: *\nDisallow: /private/\n");
    let explained = robots(
        &["explain", robots_txt.path(), &long_path, "--agent", "Bot"],
        b"",
    );
    let human = text(&explained.stdout);
    assert!(
        widest(&human) <= WIDE,
        "explain: a line of {}",
        widest(&human)
    );
    assert!(human.contains("… (16009 bytes)"), "{human}");
    let json = robots(
        &[
            "explain",
            robots_txt.path(),
            &long_path,
            "--agent",
            "Bot",
            "--json",
        ],
        b"",
    );
    let v: Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(v["url"].as_str().map(str::len), Some(long_path.len()));

    let old = Temp::new("old.txt", b"User-agent: *\nDisallow:\n");
    let urls = Temp::new("urls.txt", format!("{long_path}\n").as_bytes());
    let diff = robots(
        &[
            "diff",
            old.path(),
            robots_txt.path(),
            "--agent",
            "Bot",
            "--urls",
            urls.path(),
        ],
        b"",
    );
    let human = text(&diff.stdout);
    assert_eq!(diff.status.code(), Some(1), "{human}");
    assert!(widest(&human) <= WIDE, "diff: a line of {}", widest(&human));

    let asserts = Temp::new("asserts.txt", format!("allow Bot {long_path}\n").as_bytes());
    let test = robots(
        &["test", robots_txt.path(), "--assert", asserts.path()],
        b"",
    );
    let human = text(&test.stdout);
    assert_eq!(test.status.code(), Some(1), "{human}");
    assert!(widest(&human) <= WIDE, "test: a line of {}", widest(&human));
}
