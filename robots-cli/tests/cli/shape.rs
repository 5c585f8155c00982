//! One shape for every subcommand: the robots.txt named positionally (`-` for
//! standard input), `--format` everywhere with `--json` as its alias, the old
//! `--robots FILE` still accepted, `lint` over several files, and errors that
//! say what failed. Run against the built binary in `testdata/lint/`.

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn lint_dir() -> PathBuf {
    robots_tests::testdata().join("lint")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8")
}

fn json_lines(bytes: &[u8]) -> Vec<Value> {
    text(bytes)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}")))
        .collect()
}

/// Run `robots` with `args` in `testdata/lint/`, feeding `stdin`.
fn robots(args: &[&str], stdin: &[u8]) -> Output {
    crate::support::robots_process(Some(&lint_dir()), args, stdin)
}

fn site_robots() -> Vec<u8> {
    std::fs::read(lint_dir().join("site/robots.txt")).expect("read site/robots.txt")
}

/// Same status, stdout and stderr.
fn assert_same(a: &Output, b: &Output, what: &str) {
    assert_eq!(a.status.code(), b.status.code(), "{what}");
    assert_eq!(text(&a.stdout), text(&b.stdout), "{what}");
    assert_eq!(text(&a.stderr), text(&b.stderr), "{what}");
}

#[test]
fn check_and_explain_take_the_file_positionally_or_with_the_old_flag() {
    let urls = ["/private/press/kit.html", "/public", "/robots.txt"];
    let mut new = vec!["check", "site/robots.txt", "--agent", "SomeBot"];
    new.extend(urls);
    let mut old = vec!["check", "--robots", "site/robots.txt", "--agent", "SomeBot"];
    old.extend(urls);
    let (new, old) = (robots(&new, b""), robots(&old, b""));
    assert_eq!(new.status.code(), Some(0));
    assert_eq!(text(&new.stdout).lines().count(), 3);
    assert_same(&new, &old, "check");

    let new = robots(
        &[
            "explain",
            "site/robots.txt",
            "/private/press/kit.html",
            "--agent",
            "SomeBot",
        ],
        b"",
    );
    let old = robots(
        &[
            "explain",
            "--robots",
            "site/robots.txt",
            "--agent",
            "SomeBot",
            "/private/press/kit.html",
        ],
        b"",
    );
    assert_eq!(new.status.code(), Some(0));
    assert!(text(&new.stdout).contains("verdict:"));
    assert_same(&new, &old, "explain");
}

#[test]
fn json_is_format_json_everywhere() {
    let cases: [&[&str]; 5] = [
        &[
            "check",
            "site/robots.txt",
            "--agent",
            "SomeBot",
            "/private/x",
            "/public",
        ],
        &["lint", "duplicate-rule.txt", "shadowed-rule.txt"],
        &[
            "explain",
            "site/robots.txt",
            "/private/x",
            "--agent",
            "SomeBot",
        ],
        &[
            "diff",
            "site/robots.txt",
            "site/robots.new.txt",
            "--agent",
            "SomeBot",
        ],
        &[
            "test",
            "site/robots.txt",
            "--assert",
            "site/asserts-failing.txt",
        ],
    ];
    for args in cases {
        let mut format = args.to_vec();
        format.extend(["--format", "json"]);
        let mut alias = args.to_vec();
        alias.push("--json");
        let (format, alias) = (robots(&format, b""), robots(&alias, b""));
        assert_same(&format, &alias, args[0]);
        assert!(
            !json_lines(&format.stdout).is_empty(),
            "{}: no JSON",
            args[0]
        );
        // The human output is not JSON.
        let human = robots(args, b"");
        assert!(
            text(&human.stdout)
                .lines()
                .any(|l| serde_json::from_str::<Value>(l).is_err()),
            "{}",
            args[0]
        );
    }
}

#[test]
fn test_json_has_one_object_per_assertion() {
    let out = robots(
        &[
            "test",
            "site/robots.txt",
            "--assert",
            "site/asserts-failing.txt",
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out.stdout);
    let human = robots(
        &[
            "test",
            "site/robots.txt",
            "--assert",
            "site/asserts-failing.txt",
        ],
        b"",
    );
    let summary = text(&human.stdout);
    let failed = lines.iter().filter(|v| v["holds"] == false).count();
    assert!(failed > 0);
    assert!(
        summary.ends_with(&format!("{failed} of {} assertions failed\n", lines.len())),
        "{summary}"
    );
    for v in &lines {
        for key in [
            "line", "column", "expect", "agent", "url", "holds", "verdict",
        ] {
            assert!(v.get(key).is_some(), "{key}: {v}");
        }
    }
}

#[test]
fn a_dash_reads_the_robots_txt_from_stdin() {
    let body = site_robots();
    let from_file = robots(
        &[
            "check",
            "site/robots.txt",
            "--agent",
            "SomeBot",
            "/private/x",
            "/public",
        ],
        b"",
    );
    let from_stdin = robots(
        &["check", "-", "--agent", "SomeBot", "/private/x", "/public"],
        &body,
    );
    assert_same(&from_file, &from_stdin, "check");
    assert_eq!(
        text(&from_stdin.stdout),
        "disallowed\t/private/x\nallowed\t/public\n"
    );

    let from_file = robots(
        &[
            "explain",
            "site/robots.txt",
            "/private/x",
            "--agent",
            "SomeBot",
        ],
        b"",
    );
    let from_stdin = robots(&["explain", "-", "/private/x", "--agent", "SomeBot"], &body);
    assert_same(&from_file, &from_stdin, "explain");

    let from_file = robots(
        &[
            "diff",
            "site/robots.txt",
            "site/robots.new.txt",
            "--agent",
            "SomeBot",
        ],
        b"",
    );
    let from_stdin = robots(
        &["diff", "-", "site/robots.new.txt", "--agent", "SomeBot"],
        &body,
    );
    assert_eq!(from_stdin.status.code(), from_file.status.code());
    // The same changes; only the name of the old file, in the header, differs.
    assert_eq!(
        text(&from_stdin.stdout),
        text(&from_file.stdout).replace("--- site/robots.txt\n", "--- <stdin>\n")
    );

    let from_stdin = robots(&["test", "-", "--assert", "site/asserts.txt"], &body);
    assert_eq!(from_stdin.status.code(), Some(0));
    assert_eq!(text(&from_stdin.stdout), "all 6 assertions hold\n");

    // Lint names standard input `<stdin>`.
    let dup = std::fs::read(lint_dir().join("duplicate-rule.txt")).expect("read fixture");
    let out = robots(&["lint", "-", "--format", "json"], &dup);
    let lines = json_lines(&out.stdout);
    assert!(!lines.is_empty());
    assert!(lines.iter().all(|v| v["file"] == "<stdin>"), "{lines:?}");

    // Standard input is read once: check's URLs must then be arguments.
    let out = robots(&["check", "-", "--agent", "SomeBot"], &body);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).starts_with("robots: "),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn lint_takes_several_files() {
    let files = [
        "duplicate-rule.txt",
        "clean.txt",
        "misspelled-directive.txt",
    ];
    let mut args = vec!["lint"];
    args.extend(files);
    let all = robots(&args, b"");
    // An error in any file fails the run.
    assert_eq!(all.status.code(), Some(1));
    let mut alone = String::new();
    for f in files {
        alone.push_str(&text(&robots(&["lint", f], b"").stdout));
    }
    assert_eq!(text(&all.stdout), alone);

    args.extend(["--format", "json"]);
    let lines = json_lines(&robots(&args, b"").stdout);
    let named: std::collections::BTreeSet<&str> =
        lines.iter().filter_map(|v| v["file"].as_str()).collect();
    assert_eq!(
        named,
        ["duplicate-rule.txt", "misspelled-directive.txt"].into()
    );

    // A file that cannot be read is reported; the others are still linted.
    let out = robots(
        &[
            "lint",
            "duplicate-rule.txt",
            "no-such-file.txt",
            "shadowed-rule.txt",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stdout),
        text(&robots(&["lint", "duplicate-rule.txt"], b"").stdout)
            + &text(&robots(&["lint", "shadowed-rule.txt"], b"").stdout)
    );
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("robots: cannot read robots.txt 'no-such-file.txt': "),
        "{err}"
    );
}

#[test]
fn errors_say_what_failed() {
    // A URL where the file belongs: the read error names it and says how to fix it.
    let out = robots(&["check", "--agent", "Bot", "/x"], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("robots: cannot read robots.txt '/x': "),
        "{err}"
    );
    assert!(err.contains("robots check FILE"), "{err}");

    let out = robots(&["test", "site/robots.txt", "--assert", "nope.txt"], b"");
    assert!(text(&out.stderr).starts_with("robots: cannot read assertions 'nope.txt': "));
    let out = robots(
        &[
            "diff",
            "site/robots.txt",
            "site/robots.txt",
            "--agent",
            "x",
            "--urls",
            "nope.txt",
        ],
        b"",
    );
    assert!(text(&out.stderr).starts_with("robots: cannot read URL list 'nope.txt': "));
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_stdout_is_named() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("open /dev/full");
    let out = Command::new(env!("CARGO_BIN_EXE_robots"))
        .args(["check", "site/robots.txt", "--agent", "SomeBot", "/x"])
        .current_dir(lint_dir())
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .expect("run robots");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("robots: cannot write to standard output: "),
        "{err}"
    );
    assert!(!err.contains("os error"), "{err}");
}
