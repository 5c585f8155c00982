//! Contract tests for `robots check`, run in process; the exit statuses and a
//! closed pipe also through the built binary.

use serde_json::Value;
use std::ffi::OsString;
use std::io::{Read, Write};
use std::process::{Command, Stdio};

use crate::support::{robots, Output, Temp};

/// Turn raw bytes into an argument (exact on Unix).
fn os(bytes: &[u8]) -> OsString {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        OsString::from_vec(bytes.to_vec())
    }
    #[cfg(not(unix))]
    {
        OsString::from(String::from_utf8_lossy(bytes).into_owned())
    }
}

/// `robots check --robots FILE --agent AGENT` followed by `extra`.
fn check(file: &Temp, agent: &str, extra: &[&str], stdin: &[u8]) -> Output {
    let mut args: Vec<OsString> = vec![
        "check".into(),
        "--robots".into(),
        file.path().into(),
        "--agent".into(),
        agent.into(),
    ];
    args.extend(extra.iter().map(OsString::from));
    robots(&args, stdin)
}

fn stdout_text(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

/// Exit 0, nothing on stderr; return stdout.
fn ok(out: Output) -> String {
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout_text(&out)
}

/// Exit 2, nothing on stdout, exactly one `robots: ` line on stderr; return it.
fn usage_error(out: Output) -> String {
    assert_eq!(out.status.code(), Some(2), "status: {:?}", out.status);
    assert!(
        out.stdout.is_empty(),
        "stdout: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    let err = String::from_utf8(out.stderr).expect("stderr is UTF-8");
    assert!(err.ends_with('\n'), "stderr not a line: {err:?}");
    assert_eq!(err.lines().count(), 1, "stderr not one line: {err:?}");
    assert!(err.starts_with("robots: "), "stderr: {err:?}");
    assert!(!err.contains("error: "), "stderr: {err:?}");
    err.trim_end().to_owned()
}

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad JSON {l:?}: {e}")))
        .collect()
}

const ROBOTS: &[u8] = b"User-agent: *\nDisallow: /robots.txt\nDisallow: /a\nAllow: /a/b\nDisallow: /$\n\nUser-agent: FooBot\nDisallow: /foo\n";

#[test]
fn urls_from_arguments_in_order() {
    let file = Temp::new("robots.txt", ROBOTS);
    let out = ok(check(
        &file,
        "Bot",
        &["/a/c", "/z", "/a/b", "https://example.com/a"],
        b"",
    ));
    assert_eq!(
        out,
        "disallowed\t/a/c\nallowed\t/z\nallowed\t/a/b\ndisallowed\thttps://example.com/a\n"
    );
}

#[test]
fn arguments_win_over_stdin() {
    let file = Temp::new("robots.txt", ROBOTS);
    let out = ok(check(&file, "Bot", &["/z"], b"/a/c\n"));
    assert_eq!(out, "allowed\t/z\n");
}

#[test]
fn urls_from_stdin() {
    let file = Temp::new("robots.txt", ROBOTS);
    // A trailing newline does not make an extra URL.
    let out = ok(check(&file, "Bot", &[], b"/a/c\n/z\n"));
    assert_eq!(out, "disallowed\t/a/c\nallowed\t/z\n");
    // A final line without a newline counts.
    let out = ok(check(&file, "Bot", &[], b"/a/c\n/z"));
    assert_eq!(out, "disallowed\t/a/c\nallowed\t/z\n");
    // No input, no output.
    assert_eq!(ok(check(&file, "Bot", &[], b"")), "");
}

#[test]
fn crlf_stdin() {
    let file = Temp::new("robots.txt", ROBOTS);
    let out = ok(check(&file, "Bot", &[], b"/a/c\r\n/z\r\n/a/b\n/a\r"));
    assert_eq!(
        out,
        "disallowed\t/a/c\nallowed\t/z\nallowed\t/a/b\ndisallowed\t/a\n"
    );
    // Only one `\r` is stripped; the other is a control byte, escaped when
    // echoed, and the line gets a warning.
    let out = check(&file, "Bot", &[], b"/z\r\r\n");
    assert_eq!(stdout_text(&out), "allowed\t/z\\x0d\n");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        err.contains("line 1: `/z\\x0d` holds the control byte"),
        "{err}"
    );
}

#[test]
fn empty_line_is_the_root() {
    let file = Temp::new("robots.txt", ROBOTS);
    // `Disallow: /$` matches only `/`; an empty URL means `/`.
    let out = ok(check(&file, "Bot", &[], b"\n/x\n\r\n/\n"));
    assert_eq!(
        out,
        "disallowed\t\nallowed\t/x\ndisallowed\t\ndisallowed\t/\n"
    );
    // The same through an empty argument.
    let out = ok(check(&file, "Bot", &["--", "", "/x"], b""));
    assert_eq!(out, "disallowed\t\nallowed\t/x\n");
}

#[test]
fn json_fields_and_values() {
    let file = Temp::new("robots.txt", ROBOTS);
    let out = ok(check(
        &file,
        "Bot",
        &["--json", "/a/c", "/a/b", "/z", "/robots.txt", "", "/q\"\\x"],
        b"",
    ));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 6);
    assert_eq!(
        lines[0],
        serde_json::json!({"url": "/a/c", "allowed": false,
            "rule": {"line": 3, "directive": "disallow", "pattern": "/a"}, "reason": "rule", "content_usage": null})
    );
    assert_eq!(
        lines[1],
        serde_json::json!({"url": "/a/b", "allowed": true,
            "rule": {"line": 4, "directive": "allow", "pattern": "/a/b"}, "reason": "rule", "content_usage": null})
    );
    assert_eq!(
        lines[2],
        serde_json::json!({"url": "/z", "allowed": true, "rule": null, "reason": "no-matching-rule", "content_usage": null})
    );
    assert_eq!(
        lines[3],
        serde_json::json!({"url": "/robots.txt", "allowed": true, "rule": null, "reason": "robots-txt", "content_usage": null})
    );
    assert_eq!(
        lines[4],
        serde_json::json!({"url": "", "allowed": false,
            "rule": {"line": 5, "directive": "disallow", "pattern": "/$"}, "reason": "rule", "content_usage": null})
    );
    assert_eq!(lines[5]["url"], "/q\"\\x");

    // No group applies: only a named group, and the crawler is not it.
    let named = Temp::new("robots.txt", b"User-agent: FooBot\nDisallow: /\n");
    let lines = json_lines(&ok(check(&named, "BarBot", &["--json", "/x"], b"")));
    assert_eq!(
        lines,
        [
            serde_json::json!({"url": "/x", "allowed": true, "rule": null, "reason": "no-group", "content_usage": null})
        ]
    );
    let lines = json_lines(&ok(check(&named, "FooBot", &["--json", "/x"], b"/y\n")));
    assert_eq!(lines[0]["allowed"], false);
    assert_eq!(lines[0]["rule"]["line"], 2);

    // From stdin too.
    let lines = json_lines(&ok(check(&file, "Bot", &["--json"], b"/a/c\r\n/z\n")));
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["url"], "/a/c");
    assert_eq!(lines[1]["url"], "/z");
}

#[test]
fn agent_selects_its_group() {
    let file = Temp::new("robots.txt", ROBOTS);
    let out = ok(check(&file, "FooBot", &["/foo", "/a/c"], b""));
    assert_eq!(out, "disallowed\t/foo\nallowed\t/a/c\n");
    // `*` gets the `*` group; so does an empty agent, which names no crawler
    // (as Google's library reads it), with a warning (it was silent, issue 51).
    let out = ok(check(&file, "*", &["/foo", "/a/c"], b""));
    assert_eq!(out, "allowed\t/foo\ndisallowed\t/a/c\n");
    let empty = check(&file, "", &["/foo", "/a/c"], b"");
    assert_eq!(stdout_text(&empty), "allowed\t/foo\ndisallowed\t/a/c\n");
    assert!(
        String::from_utf8_lossy(&empty.stderr).starts_with("robots: warning: --agent is empty"),
        "{}",
        String::from_utf8_lossy(&empty.stderr)
    );
}

#[test]
fn every_profile() {
    let file = Temp::new("robots.txt", ROBOTS);
    let urls = ["/robots.txt", "/a/b", "/a/c", ""];
    // (profile, verdicts for `urls`): the profiles really differ.
    let cases = [
        ("rfc9309", [true, true, false, false]),
        ("google", [false, true, false, false]),
        ("draft1996", [true, false, false, true]),
        ("original1994", [false, false, false, true]),
    ];
    for (profile, want) in cases {
        let mut extra = vec!["--profile", profile, "--json", "--"];
        extra.extend(urls);
        let lines = json_lines(&ok(check(&file, "Bot", &extra, b"")));
        let got: Vec<bool> = lines
            .iter()
            .map(|l| l["allowed"].as_bool().expect("allowed is a bool"))
            .collect();
        assert_eq!(got, want, "profile {profile}");
    }
    // The default is rfc9309.
    let default = ok(check(
        &file,
        "Bot",
        &["--", "/robots.txt", "/a/b", "/a/c", ""],
        b"",
    ));
    let rfc = ok(check(
        &file,
        "Bot",
        &[
            "--profile",
            "rfc9309",
            "--",
            "/robots.txt",
            "/a/b",
            "/a/c",
            "",
        ],
        b"",
    ));
    assert_eq!(default, rfc);
}

#[test]
fn disallowed_verdicts_still_exit_zero() {
    let file = Temp::new("robots.txt", b"User-agent: *\nDisallow: /\n");
    let out = ok(check(&file, "Bot", &["/a", "/b"], b""));
    assert_eq!(out, "disallowed\t/a\ndisallowed\t/b\n");
}

#[test]
fn missing_robots_flag() {
    let err = usage_error(robots(&["check", "--agent", "Bot", "/x"], b""));
    assert!(err.contains("--robots"), "{err}");
}

#[test]
fn missing_agent_flag() {
    let file = Temp::new("robots.txt", ROBOTS);
    let mut args: Vec<OsString> = vec!["check".into(), "--robots".into()];
    args.push(file.path().into());
    let err = usage_error(robots(&args, b""));
    assert!(err.contains("--agent"), "{err}");
}

#[test]
fn missing_robots_file() {
    let path = std::env::temp_dir().join(format!(
        "robots-cli-test-{}-does-not-exist.txt",
        std::process::id()
    ));
    let mut args: Vec<OsString> = vec!["check".into(), "--robots".into()];
    args.push(path.clone().into());
    args.extend(["--agent".into(), "Bot".into(), "/x".into()]);
    let err = usage_error(robots(&args, b""));
    assert!(
        err.starts_with(&format!(
            "robots: cannot read robots.txt '{}': ",
            path.display()
        )),
        "{err}"
    );
    assert!(!err.contains("os error"), "{err}");
}

#[test]
fn robots_path_is_a_directory() {
    let dir = std::env::temp_dir();
    let mut args: Vec<OsString> = vec!["check".into(), "--robots".into()];
    args.push(dir.into());
    args.extend(["--agent".into(), "Bot".into(), "/x".into()]);
    let err = usage_error(robots(&args, b""));
    assert!(err.starts_with("robots: cannot read robots.txt '"), "{err}");
}

#[test]
fn bad_profile() {
    let file = Temp::new("robots.txt", ROBOTS);
    let err = usage_error(check(&file, "Bot", &["--profile", "yahoo", "/x"], b""));
    assert!(err.contains("yahoo"), "{err}");
    assert!(err.contains("rfc9309"), "{err}");
}

#[test]
fn unknown_flag() {
    let file = Temp::new("robots.txt", ROBOTS);
    let err = usage_error(check(&file, "Bot", &["--frobnicate", "/x"], b""));
    assert!(err.contains("--frobnicate"), "{err}");
}

#[test]
fn no_or_unknown_subcommand() {
    usage_error(robots::<&str>(&[], b""));
    let err = usage_error(robots(&["chek"], b""));
    assert!(err.contains("chek"), "{err}");
}

#[test]
fn help_and_version() {
    for args in [&["--help"][..], &["check", "--help"], &["help", "check"]] {
        let out = robots(args, b"");
        let text = ok(out);
        assert!(text.contains("Usage: robots"), "{args:?}: {text}");
    }
    let text = ok(robots(&["check", "--help"], b""));
    for word in ["--robots", "--agent", "--profile", "--json", "original1994"] {
        assert!(text.contains(word), "check --help lacks {word}: {text}");
    }
    let text = ok(robots(&["--version"], b""));
    assert_eq!(text, format!("robots {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn double_dash_before_urls_starting_with_dash() {
    let file = Temp::new("robots.txt", b"User-agent: *\nDisallow: /-\nDisallow: -x\n");
    let out = check(&file, "Bot", &["--", "-x", "/-y", "--json"], b"");
    assert_eq!(
        stdout_text(&out),
        "allowed\t-x\ndisallowed\t/-y\nallowed\t--json\n"
    );
    // `-x` and `--json` are no paths: checked as `/`, and said so.
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        err.contains("argument 1: `-x`") && err.contains("argument 3: `--json`"),
        "{err}"
    );
    // Without `--`, a leading `-` is an option.
    let err = usage_error(check(&file, "Bot", &["-x"], b""));
    assert!(err.contains("'-x'"), "{err}");
}

#[cfg(unix)]
#[test]
fn non_utf8_robots_file_and_urls() {
    let file = Temp::new(
        "robots.txt",
        b"\xef\xbb\xbfUser-agent: *\nDisallow: /caf\xe9\nDisallow: /\xff\xfe/\n# \x80\x81\n",
    );
    let urls: [&[u8]; 4] = [b"/caf\xe9/x", b"/\xff\xfe/y", b"/\xff\xfd", b"/ok"];
    // Invalid UTF-8 is escaped when echoed, never written raw.
    let want: &[u8] =
        b"disallowed\t/caf\\xe9/x\ndisallowed\t/\\xff\\xfe/y\nallowed\t/\\xff\\xfd\nallowed\t/ok\n";

    // Through arguments.
    let mut args: Vec<OsString> = vec!["check".into(), "--robots".into()];
    args.push(file.path().into());
    args.extend(["--agent".into(), "Bot".into(), "--".into()]);
    args.extend(urls.iter().map(|u| os(u)));
    let out = robots(&args, b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, want);

    // Through stdin.
    let stdin: Vec<u8> = urls
        .iter()
        .flat_map(|u| [*u, b"\n"])
        .flatten()
        .copied()
        .collect();
    let out = robots(&args[..5], &stdin);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, want);

    // JSON shows them lossily but stays valid, and keeps the bytes in `url_bytes`.
    let mut json_args = args[..5].to_vec();
    json_args.push("--json".into());
    let out = robots(&json_args, &stdin);
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&stdout_text(&out));
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["url"], "/caf\u{fffd}/x");
    assert_eq!(
        lines[0]["url_bytes"],
        serde_json::json!(b"/caf\xe9/x".to_vec())
    );
    assert_eq!(lines[0]["allowed"], false);
    assert_eq!(lines[0]["rule"]["pattern"], "/caf\u{fffd}");
    assert_eq!(lines[1]["rule"]["line"], 3);

    // A non-UTF-8 agent is used as given.
    let named = Temp::new("robots.txt", b"User-agent: *\nDisallow: /\n");
    let mut args: Vec<OsString> = vec!["check".into(), "--robots".into()];
    args.push(named.path().into());
    args.extend(["--agent".into(), os(b"B\xffot"), "/x".into()]);
    let out = robots(&args, b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, b"disallowed\t/x\n");
}

#[test]
fn a_large_stdin_stream_keeps_count_and_order() {
    const N: usize = 200_000;
    let file = Temp::new(
        "robots.txt",
        b"User-agent: *\nDisallow: /*3$\nAllow: /p1\nDisallow: /p\n",
    );
    let mut input = Vec::with_capacity(N * 10);
    for i in 0..N {
        writeln!(input, "/p{i}").expect("write to Vec");
    }
    let out = check(&file, "Bot", &[], &input);
    let text = ok(out);
    let mut count = 0;
    for (i, line) in text.lines().enumerate() {
        let url = format!("/p{i}");
        let allowed = !url.ends_with('3') && url.starts_with("/p1");
        let want = format!("{}\t{url}", if allowed { "allowed" } else { "disallowed" });
        assert_eq!(line, want, "line {i}");
        count += 1;
    }
    assert_eq!(count, N);
}

#[test]
fn broken_pipe_ends_quietly() {
    let file = Temp::new("robots.txt", b"User-agent: *\nDisallow: /x\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_robots"))
        .arg("check")
        .arg("--robots")
        .arg(file.path())
        .args(["--agent", "Bot"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn robots");
    let mut input = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let line = b"/x/some/rather/long/path/to/fill/the/pipe/quickly\n".repeat(1000);
        // Stops with an error once robots has exited.
        for _ in 0..2000 {
            if input.write_all(&line).is_err() {
                break;
            }
        }
    });
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = [0u8; 64];
    stdout.read_exact(&mut first).expect("some output");
    assert!(first.starts_with(b"disallowed\t/x/"));
    drop(stdout);
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut err)
        .expect("read stderr");
    let status = child.wait().expect("wait");
    writer.join().expect("writer");
    assert_eq!(status.code(), Some(0), "stderr: {err}");
    assert_eq!(err, "");
}

/// The binary's exit statuses, as the shell sees them: `main` hands on what
/// `robots_cli::run` returns (0, 1 for a site-owner "no", 2 for a usage error),
/// with the same output as the in-process runs of the other tests.
#[test]
fn the_binary_exits_with_runs_status() {
    let file = Temp::new("robots.txt", b"User-agent: *\nDisalow: /x\nDisallow: /y\n");
    let cases: [(&[&str], &[u8], i32); 3] = [
        (&["check", file.path(), "--agent", "Bot"], b"/y\n/z\n", 0),
        (&["lint", file.path()], b"", 1),
        (&["check", file.path()], b"", 2),
    ];
    for (args, stdin, status) in cases {
        let process = crate::support::robots_process(None, args, stdin);
        let in_process = robots(args, stdin);
        assert_eq!(process.status.code(), Some(status), "{args:?}");
        assert_eq!(in_process.status.code(), Some(status), "{args:?}");
        assert_eq!(process.stdout, in_process.stdout, "{args:?}");
        assert_eq!(process.stderr, in_process.stderr, "{args:?}");
    }
}

/// `content_usage`: the preferences of the rule with the longest matching path
/// (draft-ietf-aipref-attach), only for a URL the crawler may fetch.
#[test]
fn json_gives_the_content_usage_of_crawlable_urls() {
    let file = Temp::new(
        "robots.txt",
        b"User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /open/ train-ai=y, search=y\nDisallow: /open/private/\n\nUser-agent: Other\nDisallow:\n",
    );
    let lines = json_lines(&ok(check(
        &file,
        "Bot",
        &["--format", "json", "/blog", "/open/data", "/open/private/x"],
        b"",
    )));
    let usage: Vec<&Value> = lines.iter().map(|l| &l["content_usage"]).collect();
    assert_eq!(
        usage,
        [
            &serde_json::json!({"train-ai": false, "search": null}),
            &serde_json::json!({"train-ai": true, "search": true}),
            // Disallowed: the draft gives no preferences to what may not be crawled.
            &Value::Null,
        ]
    );
    // A crawler whose group states none.
    let lines = json_lines(&ok(check(&file, "Other", &["--json", "/blog"], b"")));
    assert_eq!(lines[0]["content_usage"], Value::Null);
    assert_eq!(lines[0]["allowed"], true);
}
