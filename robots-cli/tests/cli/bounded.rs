//! Human output stays readable whatever the input: echoed patterns, URLs and
//! witnesses are cut to 80 bytes plus `… (N bytes)` (JSON keeps them whole),
//! and `lint` prints at most 50 findings of one code per file, then
//! `… and N more`. And the work stays bounded: `report` and `diff` check a
//! bounded share of the paths a file of many wildcard rules derives.

use serde_json::Value;
use std::io::Write;

use crate::support::{robots, text, Temp};

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

/// `count` distinct rules `Disallow: /*a*b*c*d` (one-byte literals, which no
/// index can look up: a path may be tested against each).
fn unindexable(count: usize) -> String {
    let mut body = String::from("User-agent: *\n");
    for i in 0..count {
        let mut rest = i;
        let mut pattern = String::from("/");
        for _ in 0..4 {
            pattern.push('*');
            let digit = (rest % 36) as u8;
            pattern.push(char::from(if digit < 26 {
                b'a' + digit
            } else {
                b'0' + digit - 26
            }));
            rest /= 36;
        }
        body.push_str(&format!("Disallow: {pattern}\n"));
    }
    body
}

#[test]
fn report_and_diff_check_a_bounded_share_of_derived_paths() {
    use robots_lint::probe_paths;
    use robots_runtime::document::{parse, ParseOptions};
    use robots_runtime::Profile;
    let body = unindexable(30_000);
    let derived = probe_paths(
        &[&parse(body.as_bytes(), ParseOptions::new(Profile::Google))],
        usize::MAX,
    )
    .len();
    let file = Temp::new("unindexable.txt", body.as_bytes());
    let out = robots(
        &[
            "report",
            file.path(),
            "--profile",
            "google",
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let sample = report["sample_paths"].as_u64().expect("sample_paths") as usize;
    assert!(
        sample >= 1_024 && 2 * sample < derived,
        "{sample} of {derived}"
    );
    assert!(
        text(&out.stderr).contains("only the first"),
        "{}",
        text(&out.stderr)
    );
    let base = Temp::new("base.txt", b"User-agent: *\nDisallow: /a\n");
    let out = robots(
        &[
            "diff",
            file.path(),
            base.path(),
            "--agent",
            "x",
            "--profile",
            "google",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("only the first"));
    let changes = text(&out.stdout)
        .lines()
        .filter(|l| l.starts_with("- ") || l.starts_with("+ "))
        .count();
    assert!(
        changes > 0 && 2 * changes < derived,
        "{changes} of {derived}"
    );
}

/// The corpus file with the most derived paths × wildcard rules is checked
/// whole, with no warning.
#[test]
fn report_checks_every_derived_path_of_a_real_file() {
    use robots_lint::probe_paths;
    use robots_runtime::document::{parse, ParseOptions};
    use robots_runtime::Profile;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../testdata/corpus/www.unesco.org.txt"
    );
    let body = std::fs::read(path).expect("corpus file");
    let derived = probe_paths(
        &[&parse(&body, ParseOptions::new(Profile::Rfc9309))],
        usize::MAX,
    )
    .into_iter()
    .filter(|p| p.path != b"/robots.txt")
    .count();
    let out = robots(&["report", path, "--format", "json"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        !text(&out.stderr).contains("only the first"),
        "{}",
        text(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(report["sample_paths"].as_u64(), Some(derived as u64));
}
