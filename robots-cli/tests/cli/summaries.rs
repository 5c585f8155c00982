//! What `lint` and `test` report besides the findings themselves: the same
//! line and column in human and JSON output, a summary line even for a clean
//! file, and assertion files that are empty or have several bad lines.
// A test may index: a panic there is a failed test, with its location.
#![allow(clippy::indexing_slicing)]

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn testdata() -> PathBuf {
    robots_tests::testdata()
}

fn robots(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_robots"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run robots")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The `LINE:COL` of every ` --> FILE:LINE:COL` line of human output.
fn human_places(out: &str) -> Vec<(u64, u64)> {
    out.lines()
        .filter_map(|l| l.trim_start().strip_prefix("--> "))
        .filter_map(|place| {
            let mut parts = place.rsplitn(3, ':');
            let col = parts.next()?.parse().ok()?;
            let line = parts.next()?.parse().ok()?;
            Some((line, col))
        })
        .collect()
}

fn json_places(out: &str) -> Vec<(u64, u64)> {
    out.lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON"))
        .map(|v| {
            (
                v["line"].as_u64().unwrap_or(0),
                v["column"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}

#[test]
fn human_and_json_give_the_same_line_and_column() {
    let dir = std::env::temp_dir().join(format!("robots-cli-columns-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    // Non-ASCII before the subject: byte and character columns differ.
    std::fs::write(
        dir.join("utf8.txt"),
        "User-agent: *\nDisallow: /café/a$b\nDisalow: /é\n",
    )
    .expect("write");
    let mut files: Vec<PathBuf> = vec![
        dir.join("utf8.txt"),
        // Past the 500 KiB cap: file-too-large points into line 19,134.
        testdata().join("corpus/docs.oracle.com.txt"),
    ];
    for entry in std::fs::read_dir(testdata().join("lint")).expect("list fixtures") {
        let path = entry.expect("entry").path();
        if path.is_file() {
            files.push(path);
        }
    }
    let mut failures = Vec::new();
    for file in &files {
        let name = file.to_str().expect("UTF-8 path");
        let human = text(&robots(&["lint", name], &dir).stdout);
        let json = text(&robots(&["lint", name, "--format", "json"], &dir).stdout);
        let (h, j) = (human_places(&human), json_places(&json));
        // Human output shows at most 50 findings of a code: compare what it shows.
        if j.len() <= 50 && h != j {
            failures.push(format!("{name}: human {h:?}, json {j:?}"));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_clean_file_prints_its_summary_line() {
    let dir = testdata().join("lint");
    let out = robots(&["lint", "clean.txt"], &dir);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "clean.txt: 0 errors, 0 warnings, 0 notes\n"
    );
    // JSON prints findings only: nothing for a clean file.
    let out = robots(&["lint", "clean.txt", "--format", "json"], &dir);
    assert!(out.stdout.is_empty());
}

#[test]
fn an_empty_assertion_file_is_an_error() {
    let dir = std::env::temp_dir();
    let asserts = dir.join(format!(
        "robots-cli-empty-asserts-{}.txt",
        std::process::id()
    ));
    std::fs::write(&asserts, "# only comments\n\n").expect("write");
    let robots_txt = testdata().join("lint/site/robots.txt");
    let out = robots(
        &[
            "test",
            robots_txt.to_str().expect("path"),
            "--assert",
            asserts.to_str().expect("path"),
        ],
        &dir,
    );
    let _ = std::fs::remove_file(&asserts);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    let err = text(&out.stderr);
    assert!(err.contains("no assertions"), "{err}");
}

#[test]
fn every_bad_assertion_line_is_reported() {
    let dir = std::env::temp_dir();
    let asserts = dir.join(format!("robots-cli-bad-asserts-{}.txt", std::process::id()));
    std::fs::write(
        &asserts,
        "allow Bot /a\nalow Bot /b\nblock Bot\nallow Bot /c\nmaybe Bot /d\n",
    )
    .expect("write");
    let robots_txt = testdata().join("lint/site/robots.txt");
    let out = robots(
        &[
            "test",
            robots_txt.to_str().expect("path"),
            "--assert",
            asserts.to_str().expect("path"),
        ],
        &dir,
    );
    let name = asserts.display().to_string();
    let _ = std::fs::remove_file(&asserts);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = text(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(
        lines[0].starts_with(&format!("robots: {name}:2:1: ")),
        "{err}"
    );
    assert!(lines[1].starts_with(&format!("robots: {name}:3:")), "{err}");
    assert!(
        lines[2].starts_with(&format!("robots: {name}:5:1: ")),
        "{err}"
    );
}
