use super::*;
use std::path::PathBuf;

fn run(args: &[&str]) -> Result<Command, Error> {
    let mut argv = vec!["robots"];
    argv.extend_from_slice(args);
    match parse(argv)? {
        Parsed::Run(command, _) => Ok(command),
        Parsed::Print(text) => Err(Error::Usage(format!("printed: {text}"))),
    }
}

fn usage(args: &[&str]) -> String {
    match run(args) {
        Err(Error::Usage(message)) => message,
        other => panic!("{args:?} should be a usage error, got {other:?}"),
    }
}

fn file(name: &str) -> Input {
    Input::File(PathBuf::from(name))
}

#[test]
fn one_line_joins_the_first_paragraph() {
    let msg = "error: the following required arguments were not provided:\n  --robots <FILE>\n\nUsage: robots check --robots <FILE>\n\nFor more information, try '--help'.\n";
    assert_eq!(
        one_line(msg),
        "the following required arguments were not provided: --robots <FILE>"
    );
    assert_eq!(
        one_line("error: unexpected argument '--x' found\n\n  tip: use '-- --x'\n"),
        "unexpected argument '--x' found; tip: use '-- --x'"
    );
}

#[test]
fn profiles_parse_and_default() {
    let base = ["check", "f", "--agent", "a", "/x"];
    let Ok(Command::Check(args)) = run(&base) else {
        panic!("should parse");
    };
    // Unnamed: rfc9309 for a robots.txt, the compiled profile for a policy file.
    assert_eq!(args.profile, None);
    for p in Profile::ALL {
        let mut argv = base.to_vec();
        argv.extend(["--profile", p.name()]);
        let Ok(Command::Check(args)) = run(&argv) else {
            panic!("should parse {p}");
        };
        assert_eq!(args.profile, Some(p));
    }
    let mut argv = base.to_vec();
    argv.extend(["--profile", "nope"]);
    assert!(usage(&argv).contains("nope"));
}

#[test]
fn check_old_and_new_spellings_agree() {
    let Ok(Command::Check(new)) = run(&[
        "check", "r.txt", "--agent", "A", "--format", "json", "/a", "/b",
    ]) else {
        panic!("new spelling");
    };
    let Ok(Command::Check(old)) = run(&[
        "check", "--robots", "r.txt", "--agent", "A", "--json", "/a", "/b",
    ]) else {
        panic!("old spelling");
    };
    for c in [&new, &old] {
        assert_eq!(c.robots, file("r.txt"));
        assert_eq!(c.crawler.agent, b"A");
        assert!(c.crawler.fallbacks.is_empty());
        assert_eq!(c.format, Format::Json);
        assert_eq!(c.urls, Some(vec![b"/a".to_vec(), b"/b".to_vec()]));
    }
    // No URLs: read them from standard input.
    let Ok(Command::Check(c)) = run(&["check", "r.txt", "--agent", "A"]) else {
        panic!("no URLs");
    };
    assert_eq!((c.urls, c.format), (None, Format::Human));
    // The robots.txt from standard input needs URLs as arguments.
    let Ok(Command::Check(c)) = run(&["check", "-", "--agent", "A", "/x"]) else {
        panic!("stdin");
    };
    assert_eq!(c.robots, Input::Stdin);
    assert!(usage(&["check", "-", "--agent", "A"]).contains("arguments"));
    // `--json` and `--format` together are a conflict.
    assert!(
        usage(&["check", "r", "--agent", "A", "--json", "--format", "human"]).contains("--format")
    );
    // FILE is required unless `--robots` names it.
    assert!(usage(&["check", "--agent", "A"]).contains("<FILE>"));
}

#[test]
fn fallbacks_repeat_in_order() {
    let Ok(Command::Check(c)) = run(&[
        "check",
        "r",
        "--agent",
        "Googlebot-Image",
        "--fallback",
        "Googlebot",
        "--fallback",
        "X",
        "/a",
    ]) else {
        panic!("fallbacks");
    };
    let chain: Vec<&[u8]> = c.crawler.chain().collect();
    assert_eq!(chain, [&b"Googlebot-Image"[..], b"Googlebot", b"X"]);
}

#[test]
fn explain_old_and_new_spellings_agree() {
    let Ok(Command::Explain(new)) = run(&["explain", "r.txt", "/u", "--agent", "A"]) else {
        panic!("new");
    };
    let Ok(Command::Explain(old)) = run(&["explain", "--robots", "r.txt", "--agent", "A", "/u"])
    else {
        panic!("old");
    };
    for e in [&new, &old] {
        assert_eq!(
            (e.robots.clone(), e.url.clone()),
            (file("r.txt"), b"/u".to_vec())
        );
    }
    assert!(usage(&["explain", "r.txt", "--agent", "A"]).contains("<URL>"));
    assert!(usage(&["explain", "--robots", "r.txt", "--agent", "A"]).contains("<URL>"));
    assert!(
        usage(&["explain", "--robots", "r.txt", "x", "/u", "--agent", "A"]).contains("--robots")
    );
}

#[test]
fn every_command_takes_format_and_json() {
    let commands: [&[&str]; 7] = [
        &["check", "r", "--agent", "A", "/x"],
        &["lint", "r"],
        &["explain", "r", "/x", "--agent", "A"],
        &["diff", "a", "b", "--agent", "A"],
        &["test", "r", "--assert", "t"],
        &["report", "r"],
        &["fetch", "http://x.test/"],
    ];
    let format = |c: &Command| match c {
        Command::Check(c) => c.format,
        Command::Lint(c) => c.format,
        Command::Explain(c) => c.format,
        Command::Diff(c) => c.format,
        Command::Test(c) => c.format,
        Command::Report(c) => c.format,
        Command::Compile(_) => panic!("compile writes a policy file: it has no --format"),
        Command::Completions(_) => panic!("completions prints a script: it has no --format"),
        Command::Fetch(c) => c.format,
        Command::CheckFetch(c) => c.format,
        Command::Audit(c) => c.format,
        Command::Web(_) => panic!("web serves a page: it has no --format"),
    };
    for base in commands {
        for (extra, want) in [
            (&[][..], Format::Human),
            (&["--format", "json"][..], Format::Json),
            (&["--json"][..], Format::Json),
            (&["--format", "human"][..], Format::Human),
        ] {
            let mut argv = base.to_vec();
            argv.extend_from_slice(extra);
            match run(&argv) {
                Ok(c) => assert_eq!(format(&c), want, "{argv:?}"),
                Err(e) => panic!("{argv:?}: {e}"),
            }
        }
        let mut argv = base.to_vec();
        argv.extend(["--format", "xml"]);
        assert!(usage(&argv).contains("xml"), "{argv:?}");
    }
}

#[test]
fn lint_takes_several_files_and_stdin_once() {
    let Ok(Command::Lint(l)) = run(&["lint", "a.txt", "-", "b.txt", "--deny", "warnings"]) else {
        panic!("lint");
    };
    assert_eq!(l.files, [file("a.txt"), Input::Stdin, file("b.txt")]);
    assert!(l.deny_warnings);
    assert!(usage(&["lint", "-", "-"]).contains("more than once"));
    assert!(usage(&["diff", "-", "-", "--agent", "A"]).contains("more than once"));
    assert!(usage(&["test", "-", "--assert", "-"]).contains("more than once"));
    assert!(usage(&["lint"]).contains("<FILE>"));
}

#[test]
fn report_takes_csv_and_a_path_list() {
    let Ok(Command::Report(r)) = run(&[
        "report",
        "r.txt",
        "--format",
        "csv",
        "--paths",
        "p.txt",
        "--profile",
        "google",
    ]) else {
        panic!("report");
    };
    assert_eq!((r.format, r.profile), (Format::Csv, Profile::Google));
    assert_eq!(r.paths, Some(file("p.txt")));
    // csv is report's only.
    assert!(usage(&["check", "r", "--agent", "A", "--format", "csv"]).contains("csv"));
    assert!(usage(&["report", "-", "--paths", "-"]).contains("more than once"));
}

#[test]
fn check_fetch_takes_every_positional_as_a_url() {
    let Ok(Command::CheckFetch(args)) = run(&[
        "check",
        "--fetch",
        "--agent",
        "Bot",
        "http://a.test/x",
        "http://b.test/y",
    ]) else {
        panic!("should parse");
    };
    assert_eq!(args.crawler.agent, b"Bot");
    assert_eq!(args.profile, FetchProfile::Rfc9309);
    assert_eq!(args.concurrency, DEFAULT_CONCURRENCY);
    assert_eq!(args.timeout, None);
    assert_eq!(
        args.urls,
        Some(vec![
            b"http://a.test/x".to_vec(),
            b"http://b.test/y".to_vec()
        ])
    );
    let Ok(Command::CheckFetch(args)) = run(&[
        "check",
        "--fetch",
        "--agent",
        "Bot",
        "--profile",
        "google",
        "--timeout",
        "2.5",
        "--concurrency",
        "3",
    ]) else {
        panic!("should parse");
    };
    assert_eq!(args.profile, FetchProfile::Google);
    assert_eq!(args.timeout, Some(Duration::from_millis(2500)));
    assert_eq!(args.concurrency, 3);
    assert_eq!(args.urls, None);
}

#[test]
fn check_fetch_usage_errors() {
    let base = ["check", "--fetch", "--agent", "Bot"];
    let with = |more: &[&str]| {
        let mut argv = base.to_vec();
        argv.extend_from_slice(more);
        usage(&argv)
    };
    assert!(with(&["--profile", "draft1996"]).contains("rfc9309 or google"));
    assert!(with(&["--robots", "f"]).contains("cannot be used with"));
    assert!(with(&["--compiled"]).contains("cannot be used with"));
    assert!(with(&["--concurrency", "0"]).contains("--concurrency"));
    assert!(with(&["--timeout", "0"]).contains("seconds"));
    // --timeout and --concurrency belong to --fetch.
    assert!(usage(&["check", "f", "--agent", "a", "--timeout", "1"]).contains("--fetch"));
}

#[test]
fn fetch_flags() {
    let Ok(Command::Fetch(args)) = run(&["fetch", "https://example.com/a"]) else {
        panic!("should parse");
    };
    assert_eq!(args.url, "https://example.com/a");
    assert_eq!(args.agent, None);
    assert_eq!(args.profile, FetchProfile::Rfc9309);
    assert_eq!(args.timeout, Duration::from_secs(10));
    assert_eq!((args.max_bytes, args.user_agent), (None, None));
    assert_eq!(args.format, Format::Human);
    let Ok(Command::Fetch(args)) = run(&[
        "fetch",
        "http://x.test/",
        "--agent",
        "FooBot",
        "--profile",
        "google",
        "--timeout",
        "3",
        "--max-bytes",
        "600000",
        "--user-agent",
        "Foo/1.0",
        "--json",
    ]) else {
        panic!("should parse");
    };
    assert_eq!(args.agent.as_deref(), Some(&b"FooBot"[..]));
    assert_eq!(args.profile, FetchProfile::Google);
    assert_eq!(args.timeout, Duration::from_secs(3));
    assert_eq!(args.max_bytes, Some(600_000));
    assert_eq!(args.user_agent.as_deref(), Some("Foo/1.0"));
    assert_eq!(args.format, Format::Json);
    assert!(usage(&["fetch"]).contains("<URL>"));
    assert!(usage(&["fetch", "http://x.test/", "--profile", "draft1996"]).contains("draft1996"));
}

#[test]
fn compile_takes_an_output_a_profile_and_an_optional_agent() {
    let Ok(Command::Compile(c)) = run(&["compile", "r.txt", "-o", "r.rpol"]) else {
        panic!("should parse");
    };
    assert_eq!(c.robots, Input::File("r.txt".into()));
    assert_eq!(c.output, Input::File("r.rpol".into()));
    assert_eq!((c.profile, c.agent), (Profile::Rfc9309, None));
    let Ok(Command::Compile(c)) = run(&[
        "compile",
        "-",
        "--output",
        "-",
        "--profile",
        "google",
        "--agent",
        "MyBot",
    ]) else {
        panic!("should parse");
    };
    assert_eq!((c.robots, c.output), (Input::Stdin, Input::Stdin));
    assert_eq!(
        (c.profile, c.agent),
        (Profile::Google, Some(b"MyBot".to_vec()))
    );
    assert!(usage(&["compile", "r.txt"]).contains("--output"));
}

/// `--color` goes before or after the subcommand, and is `auto` unless given.
#[test]
fn color_anywhere_auto_by_default() {
    let color = |argv: &[&str]| match parse(std::iter::once("robots").chain(argv.iter().copied())) {
        Ok(Parsed::Run(_, color)) => color,
        other => panic!("{argv:?}: {other:?}"),
    };
    assert_eq!(color(&["lint", "r"]), Color::Auto);
    assert_eq!(color(&["--color", "never", "lint", "r"]), Color::Never);
    assert_eq!(color(&["lint", "r", "--color", "always"]), Color::Always);
    assert_eq!(
        color(&["check", "r", "--agent", "A", "--color=auto", "/x"]),
        Color::Auto
    );
    let err = parse(["robots", "lint", "r", "--color", "sometimes"]).expect_err("not a choice");
    assert!(
        err.to_string()
            .contains("[possible values: auto, always, never]"),
        "{err}"
    );
}

/// `completions SHELL` names a shell clap_complete knows, and the script it
/// prints completes the subcommands.
#[test]
fn completions_for_each_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let Ok(Parsed::Run(Command::Completions(c), _)) = parse(["robots", "completions", shell])
        else {
            panic!("completions {shell}");
        };
        let script = String::from_utf8(completion_script(c.shell)).expect("UTF-8");
        for word in ["check", "lint", "explain", "completions", "--profile"] {
            assert!(script.contains(word), "{shell}: no {word}");
        }
    }
    assert!(parse(["robots", "completions", "tcsh"]).is_err());
}

/// The top-level help ends with examples, the exit statuses and where the docs are.
#[test]
fn top_level_help_has_examples_exit_statuses_and_docs() {
    let Ok(Parsed::Print(help)) = parse(["robots", "--help"]) else {
        panic!("--help prints");
    };
    for part in [
        "Examples:\n  robots check robots.txt --agent Googlebot",
        "Exit status:\n  0  the command did its job",
        "  1  a site owner's \"no\"",
        "  2  a usage or I/O error",
        "Documentation: `robots COMMAND --help`",
        env!("CARGO_PKG_REPOSITORY"),
        "--color <WHEN>",
    ] {
        assert!(help.contains(part), "no {part:?} in:\n{help}");
    }
}

/// `--agent`, `--user-agent-header`, `--fallback`, `--no-fallback`, `--profile`
/// and `--format` are one definition each (flattened): every command that
/// takes them takes them alike, and `report` takes the crawler too.
#[test]
fn the_crawler_arguments_are_one_definition_in_every_command() {
    let crawler = |c: &Command| -> Option<Crawler> {
        match c {
            Command::Check(c) => Some(c.crawler.clone()),
            Command::Explain(c) => Some(c.crawler.clone()),
            Command::Diff(c) => c.crawler.clone(),
            Command::Report(c) => c.crawler.clone(),
            Command::CheckFetch(c) => Some(c.crawler.clone()),
            _ => None,
        }
    };
    let bases: [&[&str]; 5] = [
        &["check", "r", "/x"],
        &["explain", "r", "/x"],
        &["diff", "a", "b"],
        &["report", "r"],
        &["check", "--fetch", "http://x.test/"],
    ];
    for base in bases {
        let with = |more: &[&'static str]| -> Vec<&'static str> {
            let mut argv = base.to_vec();
            argv.extend_from_slice(more);
            argv
        };
        // The registry's chain, then --fallback; --no-fallback drops the registry's.
        let c = run(&with(&["--agent", "Googlebot-Image", "--fallback", "X"]))
            .unwrap_or_else(|e| panic!("{base:?}: {e}"));
        let chain = crawler(&c).expect("a crawler");
        assert_eq!(
            chain.chain().collect::<Vec<_>>(),
            [&b"Googlebot-Image"[..], b"Googlebot", b"X"],
            "{base:?}"
        );
        assert!(
            matches!(chain.notices.as_slice(), [Notice::Note(n)] if n.contains("checking as Googlebot-Image, then Googlebot, then X")),
            "{base:?}: {:?}",
            chain.notices
        );
        let c = run(&with(&[
            "--agent",
            "Googlebot-Image",
            "--no-fallback",
            "--fallback",
            "X",
        ]))
        .unwrap_or_else(|e| panic!("{base:?}: {e}"));
        let chain = crawler(&c).expect("a crawler");
        assert_eq!(
            chain.chain().collect::<Vec<_>>(),
            [&b"Googlebot-Image"[..], b"X"],
            "{base:?}"
        );
        assert!(chain.notices.is_empty(), "{base:?}");
        let c = run(&with(&["--user-agent-header", "Googlebot-Image/1.0"]))
            .unwrap_or_else(|e| panic!("{base:?}: {e}"));
        assert_eq!(crawler(&c).expect("a crawler").agent, b"Googlebot-Image");
        assert!(
            usage(&with(&["--agent", "A", "--user-agent-header", "B/1"]))
                .contains("cannot be used with")
        );
        assert!(usage(&with(&["--agent", "a", "--fallback", ""])).contains("--fallback is empty"));
    }
    // Where the crawler may be left out, --fallback and --no-fallback need one.
    for base in [&["diff", "a", "b"][..], &["report", "r"]] {
        let mut argv = base.to_vec();
        argv.extend(["--fallback", "X"]);
        assert!(usage(&argv).contains("--agent"), "{argv:?}");
        let mut argv = base.to_vec();
        argv.push("--no-fallback");
        assert!(usage(&argv).contains("--agent"), "{argv:?}");
        let Ok(c) = run(base) else { panic!("{base:?}") };
        assert_eq!(crawler(&c), None);
    }
    // Where it may not, it is required.
    assert!(usage(&["check", "r", "/x"]).contains("--agent"));
    assert!(usage(&["explain", "r", "/x"]).contains("--agent"));
}

/// Each command's `--help` keeps its own words for the shared arguments.
#[test]
fn shared_arguments_keep_each_command_s_help() {
    let raw = |command: &str| match parse(["robots", command, "--help"]) {
        Ok(Parsed::Print(text)) => text,
        other => panic!("{command} --help: {other:?}"),
    };
    let help = |command: &str| {
        raw(command)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    for command in [
        "check", "lint", "explain", "diff", "test", "report", "fetch",
    ] {
        assert!(
            !raw(command)
                .lines()
                .any(|l| l.trim_start().starts_with("--json")),
            "{command}: --json stays hidden"
        );
    }
    let check = help("check");
    assert!(
        check.contains("Output: `human` (`allowed<TAB>URL` lines) or `json` (one object per URL"),
        "{check}"
    );
    assert!(
        check.contains(
            "A compiled policy (`robots compile`) keeps the profile it was compiled under"
        ),
        "{check}"
    );
    assert!(check.contains("--no-fallback"), "{check}");
    let diff = help("diff");
    assert!(
        diff.contains("every crawler of the registry is compared"),
        "{diff}"
    );
    assert!(
        diff.contains("The semantics to read both files under [default: rfc9309]"),
        "{diff}"
    );
    let lint = help("lint");
    assert!(
        lint.contains("`sarif` (SARIF 2.1.0 for code scanning)"),
        "{lint}"
    );
    assert!(
        lint.contains("[possible values: human, json, sarif, github]"),
        "{lint}"
    );
    let report = help("report");
    assert!(
        report.contains("[possible values: human, json, csv]"),
        "{report}"
    );
    assert!(
        report.contains("The crawler to report on, known to the registry or not"),
        "{report}"
    );
    let explain = help("explain");
    assert!(
        explain.contains("[possible values: human, json]"),
        "{explain}"
    );
    assert!(
        explain.contains("[possible values: rfc9309, google, draft1996, original1994]"),
        "{explain}"
    );
}
