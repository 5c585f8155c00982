//! What a new user tripped on (issue 38), held by the built binary: a
//! robots.txt that begins `ROBOTPOL` is text to every command; `check` says
//! which URL lines it read oddly; Googlebot's 500 KiB is announced under
//! `google`; `diff` is quiet and covers every crawler; SARIF and the README
//! agree on columns.
// A test may index: a panic there is a failed test, with its location.
#![allow(clippy::indexing_slicing)]

use crate::support::{robots, text, Output, Temp};
use robots_loopback::{Reply, Server};
use robots_runtime::{Policy, Profile};
use serde_json::Value;

/// Google reads this as text, and `/a` is disallowed.
const POLICY_LIKE: &[u8] = b"ROBOTPOL\nUser-agent: *\nDisallow: /a\n";

fn stdout(out: &Output) -> String {
    text(&out.stdout)
}

fn stderr(out: &Output) -> String {
    text(&out.stderr)
}

fn status(out: &Output) -> Option<i32> {
    out.status.code()
}

fn json_lines(out: &Output) -> Vec<Value> {
    stdout(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

// ---- 1. Text is text ----------------------------------------------------

#[test]
fn policy_like_text_is_a_robots_txt_to_check_with_a_note() {
    let file = Temp::new("robots.txt", POLICY_LIKE);
    for profile in ["google", "rfc9309"] {
        let out = robots(
            &[
                "check",
                file.path(),
                "--agent",
                "Bot",
                "--profile",
                profile,
                "/a",
                "/b",
            ],
            b"",
        );
        assert_eq!(status(&out), Some(0), "{}", stderr(&out));
        assert_eq!(stdout(&out), "disallowed\t/a\nallowed\t/b\n");
        let err = stderr(&out);
        assert!(err.contains("begins like a compiled policy file"), "{err}");
        assert!(err.contains("read as robots.txt text"), "{err}");
    }
}

#[test]
fn compiled_forces_the_byte_form_with_its_errors() {
    let file = Temp::new("robots.txt", POLICY_LIKE);
    let out = robots(
        &["check", file.path(), "--compiled", "--agent", "Bot", "/a"],
        b"",
    );
    assert_eq!(status(&out), Some(2));
    assert!(
        stderr(&out).contains("damaged policy file"),
        "{}",
        stderr(&out)
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn a_real_policy_file_still_loads_and_a_damaged_one_is_text_unless_forced() {
    let policy = Policy::parse("User-agent: *\nDisallow: /p\n", Profile::Google).to_bytes();
    let good = Temp::new("good.rpol", &policy);
    let out = robots(&["check", good.path(), "--agent", "Bot", "/p"], b"");
    assert_eq!(
        (status(&out), stdout(&out)),
        (Some(0), "disallowed\t/p\n".into())
    );
    assert!(out.stderr.is_empty(), "{}", stderr(&out));
    let forced = robots(
        &["check", good.path(), "--compiled", "--agent", "Bot", "/p"],
        b"",
    );
    assert_eq!(stdout(&forced), "disallowed\t/p\n");

    let mut damaged = policy.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 0x55;
    let bad = Temp::new("bad.rpol", &damaged);
    let out = robots(&["check", bad.path(), "--agent", "Bot", "/p"], b"");
    assert_eq!(status(&out), Some(0));
    assert!(
        stderr(&out).contains("is not a valid one"),
        "{}",
        stderr(&out)
    );
    let forced = robots(
        &["check", bad.path(), "--compiled", "--agent", "Bot", "/p"],
        b"",
    );
    assert_eq!(status(&forced), Some(2));
    assert!(stderr(&forced).contains("checksum"), "{}", stderr(&forced));
}

#[test]
fn every_command_reads_policy_like_text_as_a_robots_txt() {
    let file = Temp::new("robots.txt", POLICY_LIKE);
    let empty = Temp::new("empty.txt", b"");
    let asserts = Temp::new("asserts.txt", b"block * /a\nallow * /b\n");
    let path = file.path();

    let explain = robots(
        &[
            "explain",
            path,
            "/a",
            "--agent",
            "Bot",
            "--profile",
            "google",
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(status(&explain), Some(0), "{}", stderr(&explain));
    assert_eq!(
        json_lines(&explain)[0]["verdict"]["allowed"],
        Value::Bool(false)
    );

    let diff = robots(&["diff", path, empty.path(), "--agent", "Bot"], b"");
    assert_eq!(status(&diff), Some(1), "{}", stderr(&diff));
    assert!(
        stdout(&diff).contains("disallowed → allowed  /a "),
        "{}",
        stdout(&diff)
    );

    let test = robots(
        &[
            "test",
            path,
            "--assert",
            asserts.path(),
            "--profile",
            "google",
        ],
        b"",
    );
    assert_eq!(status(&test), Some(0), "{}{}", stdout(&test), stderr(&test));

    let report = robots(&["report", path, "--format", "json"], b"");
    assert_eq!(status(&report), Some(0), "{}", stderr(&report));

    let lint = robots(&["lint", path, "--format", "json"], b"");
    assert!(matches!(status(&lint), Some(0 | 1)), "{}", stderr(&lint));
    assert!(
        !stderr(&lint).contains("not a robots.txt"),
        "{}",
        stderr(&lint)
    );
    let codes: Vec<Value> = json_lines(&lint)
        .iter()
        .map(|f| f["code"].clone())
        .collect();
    assert!(
        codes.contains(&Value::from("unknown-directive")),
        "{codes:?}"
    );

    let out = Temp::new("out.rpol", b"");
    let compile = robots(
        &["compile", path, "-o", out.path(), "--profile", "google"],
        b"",
    );
    assert_eq!(status(&compile), Some(0), "{}", stderr(&compile));
    let check = robots(&["check", out.path(), "--agent", "Bot", "/a"], b"");
    assert_eq!(stdout(&check), "disallowed\t/a\n");

    for args in [
        &["lint", path][..],
        &["report", path],
        &["explain", path, "/a", "--agent", "B"],
    ] {
        let err = stderr(&robots(args, b""));
        assert!(
            err.contains("begins like a compiled policy file"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn fetching_commands_never_sniff() {
    let server = Server::route("/robots.txt", Reply::ok(POLICY_LIKE.to_vec()));
    let out = robots(
        &[
            "check",
            "--fetch",
            "--agent",
            "Bot",
            "--profile",
            "google",
            &server.url("/a"),
            &server.url("/b"),
        ],
        b"",
    );
    assert_eq!(status(&out), Some(0), "{}", stderr(&out));
    let lines: Vec<String> = stdout(&out)
        .lines()
        .map(|l| l.split('\t').take(2).collect::<Vec<_>>().join("\t"))
        .collect();
    assert_eq!(
        lines,
        [
            format!("disallowed\t{}", server.url("/a")),
            format!("allowed\t{}", server.url("/b"))
        ]
    );
    let fetch = robots(&["fetch", &server.url("/"), "--json"], b"");
    let fetched: Value = serde_json::from_str(&stdout(&fetch)).expect("JSON");
    assert_eq!(fetched["outcome"], Value::from("parsed"), "{fetched}");
}

// ---- 2. check says what it read oddly -----------------------------------

const ODD_LINES: &[(&[u8], &str)] = &[
    (b"http://[::1", "whose host does not parse"),
    (b"ftp://host/x", "is not an http(s) URL (scheme ftp)"),
    (b"not a url at all", "neither a path"),
    (b"%zz/private", "not followed by two hex digits"),
    (b"/a\0b", "control byte \\x00"),
    (b"/x\xff", "is not UTF-8"),
];

fn odd_input() -> Vec<u8> {
    let mut input = b"/plain\nhttps://example.com/ok\n\n".to_vec();
    for (line, _) in ODD_LINES {
        input.extend_from_slice(line);
        input.push(b'\n');
    }
    input
}

const ROBOTS: &[u8] = b"User-agent: *\nDisallow: /x\nDisallow: /private\nDisallow: /a\n";

#[test]
fn odd_url_lines_keep_their_verdicts_and_get_numbered_warnings() {
    let file = Temp::new("robots.txt", ROBOTS);
    for profile in [Profile::Google, Profile::Rfc9309] {
        let out = robots(
            &[
                "check",
                file.path(),
                "--agent",
                "Bot",
                "--profile",
                profile.name(),
            ],
            &odd_input(),
        );
        assert_eq!(status(&out), Some(0), "{}", stderr(&out));
        // Verdicts exactly as the library gives them.
        let policy = Policy::parse(ROBOTS, profile);
        let words: Vec<String> = stdout(&out)
            .lines()
            .map(|l| l.split('\t').next().unwrap_or("").to_owned())
            .collect();
        let expected: Vec<&str> = odd_input()
            .split(|&b| b == b'\n')
            .take(3 + ODD_LINES.len())
            .map(|url| {
                if policy.is_allowed("Bot", url) {
                    "allowed"
                } else {
                    "disallowed"
                }
            })
            .collect();
        assert_eq!(words, expected);
        let err = stderr(&out);
        let warnings: Vec<&str> = err
            .lines()
            .filter(|l| l.contains("warning: line"))
            .collect();
        assert_eq!(warnings.len(), ODD_LINES.len(), "{err}");
        for (i, ((_, says), warning)) in ODD_LINES.iter().zip(&warnings).enumerate() {
            assert!(warning.contains(&format!("line {}:", i + 4)), "{warning}");
            assert!(warning.contains(says), "{warning}");
            assert!(warning.contains("checked as the path `"), "{warning}");
        }
        assert!(
            err.contains(
                "`ftp://host/x` is not an http(s) URL (scheme ftp); checked as the path `/x`"
            ),
            "{err}"
        );
    }
}

#[test]
fn unprintable_bytes_are_escaped_never_echoed_raw() {
    let file = Temp::new("robots.txt", ROBOTS);
    let out = robots(
        &["check", file.path(), "--agent", "Bot"],
        b"/a\0b\n/x\xff\\\n/caf\xc3\xa9\n",
    );
    assert!(
        !out.stdout.contains(&0) && !out.stdout.contains(&0xff),
        "{:?}",
        out.stdout
    );
    assert!(
        !out.stderr.contains(&0) && !out.stderr.contains(&0xff),
        "{:?}",
        out.stderr
    );
    assert_eq!(
        stdout(&out),
        "disallowed\t/a\\x00b\ndisallowed\t/x\\xff\\\\\nallowed\t/café\n"
    );
}

#[test]
fn json_keeps_the_url_lossless_and_carries_the_warning() {
    let file = Temp::new("robots.txt", ROBOTS);
    let out = robots(
        &["check", file.path(), "--agent", "Bot", "--format", "json"],
        &odd_input(),
    );
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3 + ODD_LINES.len());
    for plain in &lines[..3] {
        assert!(
            plain.get("warning").is_none() && plain.get("url_bytes").is_none(),
            "{plain}"
        );
    }
    for ((url, says), line) in ODD_LINES.iter().zip(&lines[3..]) {
        let warning = line["warning"].as_str().unwrap_or_default();
        assert!(warning.contains(says), "{line}");
        // The URL's bytes, exactly: the string when it is UTF-8, else url_bytes.
        let bytes: Vec<u8> = match line.get("url_bytes") {
            Some(array) => array
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_u64)
                .map(|b| b as u8)
                .collect(),
            None => line["url"].as_str().unwrap_or_default().as_bytes().to_vec(),
        };
        assert_eq!(bytes, url.to_vec(), "{line}");
    }
    assert_eq!(lines[3 + 5]["url"], Value::from("/x\u{fffd}"));
}

#[test]
fn strict_urls_turns_warnings_into_error_lines_and_exit_1() {
    let file = Temp::new("robots.txt", ROBOTS);
    let out = robots(
        &["check", file.path(), "--agent", "Bot", "--strict-urls"],
        &odd_input(),
    );
    assert_eq!(status(&out), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        &lines[..3],
        [
            "allowed\t/plain",
            "allowed\thttps://example.com/ok",
            "allowed\t"
        ]
    );
    for (i, ((_, says), line)) in ODD_LINES.iter().zip(&lines[3..]).enumerate() {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 3, "{line}");
        assert_eq!(fields[0], "error");
        assert!(
            fields[2].starts_with(&format!("line {}: ", i + 4)) && fields[2].contains(says),
            "{line}"
        );
    }
    assert!(lines[3 + 4].contains("/a\\x00b"), "{text}");
    let plain = robots(
        &["check", file.path(), "--agent", "Bot", "--strict-urls"],
        b"/x\nhttps://e.com/y\n",
    );
    assert_eq!(status(&plain), Some(0));
}

#[test]
fn warnings_are_bounded_then_counted() {
    let file = Temp::new("robots.txt", ROBOTS);
    let input: Vec<u8> = (0..25)
        .flat_map(|i| format!("ftp://h/{i}\n").into_bytes())
        .collect();
    let out = robots(&["check", file.path(), "--agent", "Bot"], &input);
    assert_eq!(stdout(&out).lines().count(), 25);
    let err = stderr(&out);
    assert_eq!(
        err.lines().filter(|l| l.contains("warning: line")).count(),
        10,
        "{err}"
    );
    assert!(err.contains("15 more URLs did not read plainly"), "{err}");
}

#[test]
fn url_arguments_are_named_by_position() {
    let file = Temp::new("robots.txt", ROBOTS);
    let out = robots(
        &[
            "check",
            file.path(),
            "--agent",
            "Bot",
            "--",
            "/ok",
            "ftp://h/x",
        ],
        b"",
    );
    assert!(
        stderr(&out).contains("argument 2: `ftp://h/x`"),
        "{}",
        stderr(&out)
    );
}

// ---- 3. Google's 500 KiB ------------------------------------------------

/// A file of more than 500 KiB whose last rule (past the cut) disallows `/late`.
fn big_file() -> (Vec<u8>, u32) {
    let mut body = b"User-agent: *\n".to_vec();
    let mut lines = 1u32;
    while body.len() <= 600 * 1024 {
        body.extend_from_slice(b"Disallow: /filler/path/that/takes/some/room\n");
        lines += 1;
    }
    body.extend_from_slice(b"Disallow: /late\n");
    // Line numbers are 1-based; the cut falls inside line 1 + 512000 / 44 + 1.
    let cut_line = u32::try_from(1 + (512_000 - 14) / 44 + 1).unwrap_or(0);
    assert!(lines > cut_line);
    (body, cut_line)
}

#[test]
fn google_profile_announces_where_googlebot_stops_reading() {
    let (body, cut_line) = big_file();
    let file = Temp::new("big.txt", &body);
    let empty = Temp::new("empty.txt", b"User-agent: *\n");
    let asserts = Temp::new("asserts.txt", b"block * /late\n");
    let expected = format!(
        "Googlebot reads only the first 512000 bytes, so it stops reading at line {cut_line}"
    );
    let runs: Vec<Vec<&str>> = vec![
        vec![
            "check",
            file.path(),
            "--agent",
            "Bot",
            "--profile",
            "google",
            "/late",
        ],
        vec![
            "explain",
            file.path(),
            "/late",
            "--agent",
            "Bot",
            "--profile",
            "google",
        ],
        vec![
            "diff",
            empty.path(),
            file.path(),
            "--agent",
            "Bot",
            "--profile",
            "google",
        ],
        vec![
            "test",
            file.path(),
            "--assert",
            asserts.path(),
            "--profile",
            "google",
        ],
    ];
    for args in &runs {
        let out = robots(args, b"");
        let err = stderr(&out);
        assert!(err.contains(&expected), "{args:?}: {err}");
    }
    // The verdicts do not change: google reads the whole file, as Google's library does.
    let check = robots(&runs[0], b"");
    assert_eq!(stdout(&check), "disallowed\t/late\n");
    assert_eq!(status(&robots(&runs[3], b"")), Some(0));
    // Under rfc9309, its own cap says it (once), not Googlebot's.
    let rfc = robots(&["check", file.path(), "--agent", "Bot", "/late"], b"");
    assert_eq!(stdout(&rfc), "allowed\t/late\n");
    assert!(!stderr(&rfc).contains("Googlebot"), "{}", stderr(&rfc));
    // A small file: nothing said.
    let small = robots(
        &[
            "check",
            empty.path(),
            "--agent",
            "Bot",
            "--profile",
            "google",
            "/",
        ],
        b"",
    );
    assert!(small.stderr.is_empty(), "{}", stderr(&small));
}

#[test]
fn lint_reports_file_too_large_under_every_profile() {
    let (body, cut_line) = big_file();
    let file = Temp::new("big.txt", &body);
    for profile in Profile::ALL {
        let out = robots(
            &[
                "lint",
                file.path(),
                "--profile",
                profile.name(),
                "--format",
                "json",
            ],
            b"",
        );
        let large: Vec<Value> = json_lines(&out)
            .into_iter()
            .filter(|f| f["code"] == "file-too-large")
            .collect();
        assert_eq!(large.len(), 1, "{profile}: {large:?}");
        assert_eq!(large[0]["line"], Value::from(cut_line), "{profile}");
    }
}

// ---- 5. diff --------------------------------------------------------------

#[test]
fn diff_names_files_once_and_keeps_each_path_once_under_the_profile() {
    let old = Temp::new(
        "old.txt",
        b"User-agent: *\nDisallow: /wiki/Special%3ASearch\n",
    );
    let changed = Temp::new("changed.txt", b"User-agent: *\nDisallow: /\n");
    let out = robots(&["diff", old.path(), changed.path(), "--agent", "Bot"], b"");
    assert_eq!(status(&out), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], format!("--- {}", old.path()));
    assert_eq!(lines[1], format!("+++ {}", changed.path()));
    for line in &lines[2..] {
        assert!(
            !line.contains(old.path()) && !line.contains(changed.path()),
            "{line}"
        );
    }
    // `/wiki/Special%3ASearch`, `%3a` and `:` are one path under rfc9309.
    let special = lines.iter().filter(|l| l.contains("/wiki/Special")).count();
    assert_eq!(special, 0, "{text}");
    let flipped = Temp::new("flipped.txt", b"User-agent: *\nAllow: /\n");
    let out = robots(&["diff", old.path(), flipped.path(), "--agent", "Bot"], b"");
    let text = stdout(&out);
    let special: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("/wiki/Special"))
        .collect();
    assert_eq!(special.len(), 1, "{text}");
    assert!(
        special[0]
            .contains("now line 2 \"Allow: /\"; was line 2 \"Disallow: /wiki/Special%3ASearch\""),
        "{text}"
    );
}

#[test]
fn diff_without_agent_summarises_every_registry_crawler() {
    let old = Temp::new("old.txt", b"User-agent: *\nDisallow: /private\n");
    let new = Temp::new("new.txt", b"User-agent: *\nDisallow: /private\n\nUser-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n");
    let out = robots(&["diff", old.path(), new.path()], b"");
    assert_eq!(status(&out), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2 + 2 + 1, "{text}");
    assert!(
        lines[2..4]
            .iter()
            .any(|l| l.starts_with("GPTBot (OpenAI): ")
                && l.contains(" newly disallowed, 0 newly allowed")),
        "{text}"
    );
    assert!(
        lines[2..4].iter().any(|l| l.starts_with("CCBot (")),
        "{text}"
    );
    assert!(
        lines[4].starts_with("2 of ") && lines[4].contains("crawlers change verdicts"),
        "{text}"
    );
    let json = robots(&["diff", old.path(), new.path(), "--format", "json"], b"");
    let agents: Vec<Value> = json_lines(&json)
        .iter()
        .map(|v| v["agent"].clone())
        .collect();
    assert_eq!(agents.len(), 2);
    assert!(agents.contains(&Value::from("GPTBot")));
    let same = robots(&["diff", old.path(), old.path()], b"");
    assert_eq!(status(&same), Some(0));
    assert!(
        stdout(&same).contains("no verdict changes for any of"),
        "{}",
        stdout(&same)
    );
}

// ---- 6. SARIF columns ---------------------------------------------------

#[test]
fn sarif_columns_are_utf16_as_declared_and_the_readme_says_so() {
    let source = "User-agent: *\nDisallow: /café/😀$x\n";
    let file = Temp::new("robots.txt", source.as_bytes());
    let json = robots(&["lint", file.path(), "--format", "json"], b"");
    let sarif = robots(&["lint", file.path(), "--format", "sarif"], b"");
    let findings = json_lines(&json);
    let log: Value = serde_json::from_slice(&sarif.stdout).expect("SARIF JSON");
    let run = &log["runs"][0];
    assert_eq!(run["columnKind"], Value::from("utf16CodeUnits"));
    let dollar = findings
        .iter()
        .position(|f| f["code"] == "dollar-not-at-end")
        .expect("dollar-not-at-end");
    let byte_column = findings[dollar]["column"].as_u64().unwrap_or(0) as usize;
    let line = source.lines().nth(1).unwrap_or_default();
    let utf16 = line[..byte_column - 1].encode_utf16().count() + 1;
    assert!(
        utf16 < byte_column,
        "the finding lies after multi-byte characters"
    );
    let region = &run["results"][dollar]["locations"][0]["physicalLocation"]["region"];
    assert_eq!(region["startColumn"], Value::from(utf16), "{region}");

    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("README");
    let flat = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        !flat.contains("byte columns in every format"),
        "the README claims byte columns for SARIF too"
    );
    assert!(
        flat.contains("columns count UTF-16 code units"),
        "the README does not say SARIF counts UTF-16 units"
    );
}
