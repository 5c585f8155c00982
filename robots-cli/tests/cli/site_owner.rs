//! Contract tests for the site-owner commands (`lint`, `explain`, `diff`, `test`),
//! run against the built binary from `testdata/lint/`, so the file names in the
//! output are short and stable. Outputs are insta snapshots (`tests/snapshots/`).

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

fn lint_dir() -> PathBuf {
    robots_tests::testdata().join("lint")
}

/// Run `robots` with `args` in `testdata/lint/`.
fn robots(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_robots"))
        .args(args)
        .current_dir(lint_dir())
        .output()
        .expect("run robots")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("stderr is UTF-8")
}

/// The exit status, stdout and stderr, for a snapshot.
fn transcript(out: &Output) -> String {
    format!(
        "status: {}\n--- stdout\n{}--- stderr\n{}",
        out.status.code().unwrap_or(-1),
        stdout(out),
        stderr(out)
    )
}

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}")))
        .collect()
}

// ---- lint

#[test]
fn lint_human_output() {
    for fixture in [
        "group-joined-by-extension-line.txt",
        "shadowed-rule.txt",
        "misspelled-directive.txt",
        "profile-disagreement.txt",
    ] {
        let out = robots(&["lint", fixture]);
        insta::assert_snapshot!(
            format!("lint_human_{}", fixture.trim_end_matches(".txt")),
            transcript(&out)
        );
    }
}

#[test]
fn lint_json_output() {
    for fixture in ["duplicate-rule.txt", "group-joined-by-extension-line.txt"] {
        let out = robots(&["lint", fixture, "--format", "json"]);
        let text = stdout(&out);
        for v in json_lines(&text) {
            let object = v.as_object().expect("an object");
            // `file` names the file, as `lint` takes several.
            assert_eq!(object.len(), 7, "{v}");
            assert_eq!(object["file"], fixture, "{v}");
            for key in [
                "code", "severity", "file", "line", "column", "message", "help",
            ] {
                assert!(object.contains_key(key), "{key}: {v}");
            }
        }
        for line in text.lines() {
            assert!(line.starts_with("{\"code\":"), "{line}");
        }
        insta::assert_snapshot!(
            format!("lint_json_{}", fixture.trim_end_matches(".txt")),
            transcript(&out)
        );
    }
}

#[test]
fn lint_exit_statuses() {
    let status = |args: &[&str]| robots(args).status.code();
    // Clean: only the summary line the README promises, success.
    let clean = robots(&["lint", "clean.txt"]);
    assert_eq!(clean.status.code(), Some(0));
    assert_eq!(stdout(&clean), "clean.txt: 0 errors, 0 warnings, 0 notes\n");
    assert!(clean.stderr.is_empty());
    assert_eq!(
        status(&["lint", "clean.txt", "--deny", "warnings"]),
        Some(0)
    );
    // Errors fail.
    assert_eq!(status(&["lint", "misspelled-directive.txt"]), Some(1));
    assert_eq!(
        status(&["lint", "misspelled-directive.txt", "--format", "json"]),
        Some(1)
    );
    // Warnings fail only when denied.
    assert_eq!(status(&["lint", "duplicate-rule.txt"]), Some(0));
    assert_eq!(
        status(&["lint", "duplicate-rule.txt", "--deny", "warnings"]),
        Some(1)
    );
    // Notes never fail.
    let notes = robots(&["lint", "profile-disagreement.txt", "--format", "json"]);
    assert!(json_lines(&stdout(&notes))
        .iter()
        .all(|v| v["severity"] == "note"));
    assert_eq!(
        status(&["lint", "profile-disagreement.txt", "--deny", "warnings"]),
        Some(0)
    );
    // The profile changes the reading: a misspelling Google accepts is still reported.
    assert_eq!(
        status(&[
            "lint",
            "misspelled-directive.txt",
            "--profile",
            "google",
            "--format",
            "json"
        ]),
        Some(1)
    );
}

#[test]
fn lint_usage_errors_are_one_line_with_status_2() {
    for args in [
        &["lint"][..],
        &["lint", "no-such-file.txt"],
        &["lint", "clean.txt", "--format", "xml"],
        &["lint", "clean.txt", "--deny", "errors"],
        &["lint", "clean.txt", "--profile", "bing"],
    ] {
        let out = robots(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = stderr(&out);
        assert!(err.starts_with("robots: "), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    let out = robots(&["lint", "no-such-file.txt"]);
    assert!(stderr(&out).starts_with("robots: cannot read robots.txt 'no-such-file.txt': "));
}

// ---- explain

#[test]
fn explain_output() {
    let cases: [(&str, &[&str]); 5] = [
        (
            "explain_merged_named_groups",
            &[
                "--agent",
                "ExampleBot",
                "https://example.com/search/about?x=1",
            ],
        ),
        (
            "explain_star_group_tie_break",
            &["--agent", "SomeBot", "/private/press/kit.html"],
        ),
        ("explain_no_rule", &["--agent", "SomeBot", "/public"]),
        (
            "explain_first_match_draft1996",
            &[
                "--agent",
                "SomeBot",
                "--profile",
                "draft1996",
                "/private/press/kit.html",
            ],
        ),
        ("explain_robots_txt", &["--agent", "SomeBot", "/robots.txt"]),
    ];
    for (name, extra) in cases {
        let mut args = vec!["explain", "--robots", "site/robots.txt"];
        args.extend_from_slice(extra);
        let out = robots(&args);
        assert_eq!(out.status.code(), Some(0), "{name}");
        insta::assert_snapshot!(name, transcript(&out));
    }
}

#[test]
fn explain_json() {
    let out = robots(&[
        "explain",
        "--robots",
        "site/robots.txt",
        "--agent",
        "SomeBot",
        "--json",
        "/private/press/kit.pdf",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let v = json_lines(&stdout(&out));
    assert_eq!(v.len(), 1);
    // The longer `Allow: /private/press/` beats `Disallow: /*.pdf$`.
    assert_eq!(v[0]["verdict"]["allowed"], true);
    assert_eq!(v[0]["verdict"]["rule"]["line"], 4);
    assert_eq!(v[0]["candidates"].as_array().map(Vec::len), Some(3));
    insta::assert_snapshot!(
        "explain_json",
        serde_json::to_string_pretty(&v[0]).expect("pretty")
    );
}

#[test]
fn explain_usage_errors() {
    for args in [
        &["explain", "--robots", "site/robots.txt", "--agent", "x"][..],
        &["explain", "--robots", "nope.txt", "--agent", "x", "/"],
        &["explain", "--agent", "x", "/"],
    ] {
        let out = robots(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&out).lines().count(), 1, "{args:?}");
    }
}

// ---- diff

#[test]
fn diff_derived_urls() {
    let out = robots(&[
        "diff",
        "site/robots.txt",
        "site/robots.new.txt",
        "--agent",
        "SomeBot",
    ]);
    assert_eq!(out.status.code(), Some(1));
    insta::assert_snapshot!("diff_derived", transcript(&out));
    // A crawler with its own, unchanged group sees no change.
    let same = robots(&[
        "diff",
        "site/robots.txt",
        "site/robots.new.txt",
        "--agent",
        "ExampleBot",
    ]);
    assert_eq!(same.status.code(), Some(0), "{}", transcript(&same));
    assert!(stdout(&same)
        .lines()
        .nth(2)
        .is_some_and(|l| l.starts_with("no verdict changes for ExampleBot over ")));
}

#[test]
fn diff_url_list_and_json() {
    let out = robots(&[
        "diff",
        "site/robots.txt",
        "site/robots.new.txt",
        "--agent",
        "SomeBot",
        "--urls",
        "site/urls.txt",
    ]);
    assert_eq!(out.status.code(), Some(1));
    insta::assert_snapshot!("diff_url_list", transcript(&out));
    let json = robots(&[
        "diff",
        "site/robots.txt",
        "site/robots.new.txt",
        "--agent",
        "SomeBot",
        "--urls",
        "site/urls.txt",
        "--json",
    ]);
    assert_eq!(json.status.code(), Some(1));
    let lines = json_lines(&stdout(&json));
    assert_eq!(lines.len(), 2);
    insta::assert_snapshot!("diff_json", stdout(&json));
}

#[test]
fn diff_identical_files_and_usage_errors() {
    let out = robots(&[
        "diff",
        "site/robots.txt",
        "site/robots.txt",
        "--agent",
        "SomeBot",
    ]);
    assert_eq!(out.status.code(), Some(0));
    // The header naming both files, and the summary.
    assert_eq!(stdout(&out).lines().count(), 3);
    let json = robots(&[
        "diff",
        "site/robots.txt",
        "site/robots.txt",
        "--agent",
        "x",
        "--json",
    ]);
    assert_eq!(json.status.code(), Some(0));
    assert!(json.stdout.is_empty());
    for args in [
        &["diff", "site/robots.txt", "--agent", "x"][..],
        &["diff", "site/robots.txt", "nope.txt", "--agent", "x"],
        &[
            "diff",
            "site/robots.txt",
            "site/robots.txt",
            "--agent",
            "x",
            "--urls",
            "nope.txt",
        ],
    ] {
        let out = robots(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&out).lines().count(), 1, "{args:?}");
    }
}

// ---- test (assertions)

#[test]
fn assertions_that_hold() {
    let out = robots(&["test", "site/robots.txt", "--assert", "site/asserts.txt"]);
    assert_eq!(out.status.code(), Some(0), "{}", transcript(&out));
    assert_eq!(stdout(&out), "all 6 assertions hold\n");
}

#[test]
fn assertions_that_break_name_the_deciding_line() {
    let out = robots(&[
        "test",
        "site/robots.txt",
        "--assert",
        "site/asserts-failing.txt",
    ]);
    assert_eq!(out.status.code(), Some(1));
    insta::assert_snapshot!("test_failing", transcript(&out));
    // The same assertions under another profile: the reading changes the answer.
    let out = robots(&[
        "test",
        "site/robots.new.txt",
        "--assert",
        "site/asserts.txt",
        "--profile",
        "original1994",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", transcript(&out));
}

#[test]
fn assertion_files_that_do_not_parse() {
    let out = robots(&[
        "test",
        "site/robots.txt",
        "--assert",
        "site/asserts-bad.txt",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        stderr(&out),
        "robots: site/asserts-bad.txt:2:1: expected `allow` or `block`, found `alow`\n"
    );
    let out = robots(&["test", "site/robots.txt", "--assert", "nope.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("robots: cannot read assertions 'nope.txt': "));
}

#[test]
fn help_lists_the_commands() {
    let out = robots(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    for command in ["check", "lint", "explain", "diff", "test"] {
        assert!(text.contains(&format!("  {command} ")), "{command}: {text}");
    }
}
