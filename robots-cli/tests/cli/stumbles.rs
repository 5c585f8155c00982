//! What a new user stumbled on (issue 51), each held by a test that fails on
//! the behaviour the issue reproduced: one rule for fallbacks in every
//! command, exact access for any crawler, README counts and examples that
//! come from the data, a report that fits a terminal, the exit statuses as
//! `--help` gives them, a text file under `--compiled`, the `test` summary in
//! the singular, an empty `--agent`, one wording for `misspelled-directive`,
//! `check --fetch` writing its JSON as `check` does, and lint help that names
//! no source path.
// A test may index: a panic there is a failed test, with its location.
#![allow(clippy::indexing_slicing)]

use crate::support::{robots, text, Output, Temp};
use robots_loopback::{Reply, Server};
use robots_runtime::registry::{Sourcing, CRAWLERS, RETIRED};
use serde_json::Value;
use std::path::Path;

fn out(o: &Output) -> String {
    text(&o.stdout)
}

fn err(o: &Output) -> String {
    text(&o.stderr)
}

fn json_lines(o: &Output) -> Vec<Value> {
    out(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn repo() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn readme() -> String {
    std::fs::read_to_string(repo().join("README.md")).expect("README.md")
}

/// Googlebot's group and a `*` group: which one a crawler gets shows.
const FAMILY: &[u8] = b"User-agent: Googlebot\nDisallow: /g/\n\nUser-agent: *\nDisallow: /star/\n";

// ---- 3. One rule for fallbacks --------------------------------------------

/// `check --agent Googlebot-Image` follows the registry's chain, as `report`
/// does, and says so; `--no-fallback` asks for the one token.
#[test]
fn check_follows_the_documented_chain_as_report_does_and_says_so() {
    let file = Temp::new("robots.txt", FAMILY);
    let check = |more: &[&str]| {
        let mut args = vec!["check", file.path(), "--agent", "Googlebot-Image"];
        args.extend_from_slice(more);
        args.extend(["/g/x", "/star/x"]);
        robots(&args, b"")
    };
    let followed = check(&[]);
    assert_eq!(followed.status.code(), Some(0), "{}", err(&followed));
    assert_eq!(out(&followed), "disallowed\t/g/x\nallowed\t/star/x\n");
    assert!(
        err(&followed).contains("checking as Googlebot-Image, then Googlebot (--no-fallback checks `Googlebot-Image` alone)"),
        "{}",
        err(&followed)
    );
    let alone = check(&["--no-fallback"]);
    assert_eq!(out(&alone), "allowed\t/g/x\ndisallowed\t/star/x\n");
    assert_eq!(err(&alone), "");
    // Naming the documented fallback yourself: the same chain, nothing to say.
    let named = check(&["--fallback", "Googlebot"]);
    assert_eq!(out(&named), out(&followed));
    assert_eq!(err(&named), "");

    // `report` says the same of Googlebot-Image, whole and with --agent.
    let report: Value =
        serde_json::from_slice(&robots(&["report", file.path(), "--format", "json"], b"").stdout)
            .expect("JSON");
    let row = report["crawlers"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|c| c["token"] == "Googlebot-Image")
        .expect("a row for Googlebot-Image");
    assert_eq!(row["group"]["applies"], "fallback");
    assert_eq!(row["group"]["token"], "Googlebot");
    let one: Value = serde_json::from_slice(
        &robots(
            &[
                "report",
                file.path(),
                "--agent",
                "Googlebot-Image",
                "--format",
                "json",
            ],
            b"",
        )
        .stdout,
    )
    .expect("JSON");
    assert_eq!(one["crawlers"][0]["group"], row["group"]);
    assert_eq!(one["crawlers"][0]["access"], row["access"]);

    // explain and diff follow it too; explain shows the chain.
    let explain = robots(
        &["explain", file.path(), "/g/x", "--agent", "Googlebot-Image"],
        b"",
    );
    assert!(
        out(&explain).contains(
            "chain:      Googlebot-Image (no group) → Googlebot (named: its groups apply)"
        ),
        "{}",
        out(&explain)
    );
    let empty = Temp::new("empty.txt", b"");
    let diff = robots(
        &[
            "diff",
            file.path(),
            empty.path(),
            "--agent",
            "Googlebot-Image",
            "--format",
            "json",
        ],
        b"",
    );
    let urls: Vec<String> = json_lines(&diff)
        .iter()
        .filter_map(|v| v["url"].as_str().map(str::to_owned))
        .collect();
    assert!(urls.iter().any(|u| u.starts_with("/g/")), "{urls:?}");
    assert!(!urls.iter().any(|u| u.starts_with("/star/")), "{urls:?}");

    // A policy compiled for Googlebot-Image alone holds no Googlebot group:
    // check says so and how to go on, rather than answer with `*`'s.
    let compiled = Temp::new("one.rpol", b"");
    let o = robots(
        &[
            "compile",
            file.path(),
            "-o",
            compiled.path(),
            "--agent",
            "Googlebot-Image",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let o = robots(
        &[
            "check",
            compiled.path(),
            "--agent",
            "Googlebot-Image",
            "/g/x",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("pass --no-fallback to check `Googlebot-Image` alone"),
        "{}",
        err(&o)
    );
    let o = robots(
        &[
            "check",
            compiled.path(),
            "--agent",
            "Googlebot-Image",
            "--no-fallback",
            "/g/x",
        ],
        b"",
    );
    assert_eq!(out(&o), "allowed\t/g/x\n");
}

/// `check --fetch` follows the same chain.
#[test]
fn check_fetch_follows_the_documented_chain() {
    let server = Server::route("/robots.txt", Reply::ok(FAMILY.to_vec()));
    let run = |more: &[&str]| {
        let mut args = vec!["check", "--fetch", "--agent", "Googlebot-Image"];
        args.extend_from_slice(more);
        let url = server.url("/g/x");
        args.push(&url);
        let o = robots(&args, b"");
        out(&o).split('\t').next().unwrap_or_default().to_owned()
    };
    assert_eq!(run(&[]), "disallowed");
    assert_eq!(run(&["--no-fallback"]), "allowed");
}

// ---- 4. Exact classes for any crawler -------------------------------------

#[test]
fn report_agent_gives_exact_access_for_a_crawler_the_registry_does_not_know() {
    let file = Temp::new(
        "robots.txt",
        b"User-agent: *\nDisallow: /private/\nCrawl-delay: 2\n",
    );
    let json = robots(
        &[
            "report",
            file.path(),
            "--agent",
            "ExampleBot",
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(json.status.code(), Some(0), "{}", err(&json));
    let report: Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(report["agent"], "ExampleBot");
    let rows = report["crawlers"].as_array().expect("crawlers");
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    assert_eq!(row["token"], "ExampleBot");
    assert_eq!(row["operator"], Value::Null);
    assert_eq!(row["chain"], serde_json::json!(["ExampleBot"]));
    assert_eq!(row["group"]["applies"], "wildcard");
    assert_eq!(row["access"]["kind"], "partial");
    assert_eq!(row["access"]["disallowed_path"], "/private/");
    assert_eq!(row["crawl_delay_seconds"], 2.0);
    assert_eq!(
        report["summary"],
        "ExampleBot may fetch some paths: `/` is allowed, `/private/` is not"
    );

    let human = robots(&["report", file.path(), "--agent", "ExampleBot"], b"");
    let table = out(&human);
    assert!(
        table.starts_with(&format!(
            "{} under rfc9309: ExampleBot (not in the registry), ",
            file.path()
        )),
        "{table}"
    );
    assert!(table.contains("partial (/private/ blocked)"), "{table}");
    assert!(table.contains("\nnot in the registry\n"), "{table}");
    let csv = robots(
        &[
            "report",
            file.path(),
            "--agent",
            "ExampleBot",
            "--format",
            "csv",
        ],
        b"",
    );
    let lines: Vec<String> = out(&csv).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[1].starts_with("ExampleBot,,,wildcard,"),
        "{}",
        lines[1]
    );

    // A registry crawler asked by name: its registry facts come along.
    let gpt: Value = serde_json::from_slice(
        &robots(
            &[
                "report",
                file.path(),
                "--agent",
                "gptbot",
                "--format",
                "json",
            ],
            b"",
        )
        .stdout,
    )
    .expect("JSON");
    assert_eq!(gpt["crawlers"][0]["token"], "GPTBot");
    assert_eq!(gpt["crawlers"][0]["operator"], "OpenAI");
}

// ---- 5. README counts and the report example come from the data -----------

/// The number just before `before` in `text` (`174` in `lists 174 crawlers`).
fn number_before(text: &str, before: &str) -> usize {
    let at = text
        .find(before)
        .unwrap_or_else(|| panic!("README has no {before:?}"));
    let digits: String = text[..at]
        .chars()
        .rev()
        .skip_while(|c| *c == ' ')
        .take_while(char::is_ascii_digit)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("no number before {before:?}"))
}

#[test]
fn readme_counts_are_the_data() {
    let readme = readme();
    let flat = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(
        number_before(&flat, "crawlers and fetchers and"),
        CRAWLERS.len(),
        "the registry's size"
    );
    assert_eq!(
        number_before(&flat, "retired or renamed tokens"),
        RETIRED.len(),
        "the retired tokens"
    );
    assert_eq!(
        number_before(&flat, "of them: the search engines"),
        CRAWLERS.len(),
        "the crawlers `robots report` covers"
    );
    // The verification table: crawlers and retired tokens per level.
    for (level, verification) in [
        ("operator", Sourcing::Operator),
        ("secondary", Sourcing::Secondary),
    ] {
        let row = readme
            .lines()
            .find(|l| l.starts_with(&format!("| `{level}` |")))
            .unwrap_or_else(|| panic!("no `{level}` row"));
        let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
        let crawlers = CRAWLERS
            .iter()
            .filter(|c| c.sourcing == verification)
            .count();
        let retired = RETIRED
            .iter()
            .filter(|r| r.sourcing == verification)
            .count();
        assert_eq!(
            cells[cells.len() - 2..],
            [crawlers.to_string(), retired.to_string()],
            "{level}"
        );
    }
    // The corpus: every mention of its size.
    let corpus = std::fs::read_dir(repo().join("testdata/corpus"))
        .expect("testdata/corpus")
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "txt"))
        .count();
    for phrase in [
        "real robots.txt files",
        "files of `testdata/corpus`",
        "corpus files under",
    ] {
        assert_eq!(number_before(&flat, phrase), corpus, "{phrase}");
    }
    // The candidates the registry leaves out.
    let candidates = std::fs::read_to_string(repo().join("robots-registry/candidates.toml"))
        .expect("candidates.toml");
    let sections = |name: &str| candidates.lines().filter(|l| l.trim() == name).count();
    assert_eq!(
        number_before(&flat, "crawlers (15 of Yandex"),
        sections("[[crawler]]")
    );
    assert_eq!(
        number_before(&flat, "retired tokens the datasets list"),
        sections("[[retired]]")
    );
}

/// The README's report example is `robots report`'s output on the file it
/// names, line for line (the `…` lines stand for the rest).
#[test]
fn readme_report_example_is_the_real_output() {
    let readme = readme();
    let start = readme
        .find("  ```text\n  examples/site/robots.txt under rfc9309:")
        .expect("the README's report example (on examples/site/robots.txt)");
    let block = &readme[start + "  ```text\n".len()..];
    let block = &block[..block.find("  ```").expect("end of the example")];
    // Run from the repository root, as the README's commands are.
    let real =
        crate::support::robots_process(Some(repo()), &["report", "examples/site/robots.txt"], b"");
    assert!(real.status.success(), "{}", text(&real.stderr));
    let real = text(&real.stdout);
    let mut shown = 0;
    for line in block.lines() {
        let line = line.strip_prefix("  ").unwrap_or(line);
        if line.trim() == "…" {
            continue;
        }
        assert!(
            real.lines().any(|l| l == line),
            "README line {line:?} is not in the output:\n{real}"
        );
        shown += 1;
    }
    assert!(shown >= 5, "the example shows the table: {block}");
}

// ---- 7. lint --color always resets what it styles ------------------------

#[test]
fn lint_color_always_ends_every_styled_line_reset() {
    let file = Temp::new(
        "robots.txt",
        b"User-agent: *\nDisalow: /x\nCrawl-delay: soon\nUser-agent: NoSuchBotAbc\n",
    );
    let o = robots(&["--color", "always", "lint", file.path()], b"");
    let styled = out(&o);
    assert!(styled.contains("\x1b["), "coloured: {styled}");
    let mut locations = 0;
    for line in styled.lines().filter(|l| l.contains('\x1b')) {
        let last = &line[line.rfind('\x1b').unwrap_or(0)..];
        assert!(
            last.starts_with("\x1b[0m"),
            "a line leaves its style on: {:?}",
            line
        );
        locations += usize::from(line.contains("--> "));
    }
    assert!(locations >= 3, "{styled}");
    // The location itself is the finding's line and byte column, as uncoloured.
    let plain = out(&robots(&["--color", "never", "lint", file.path()], b""));
    let strip = |l: &str| {
        let mut text = String::new();
        let mut rest = l;
        while let Some(at) = rest.find('\x1b') {
            text.push_str(&rest[..at]);
            rest = rest[at..].find('m').map_or("", |m| &rest[at + m + 1..]);
        }
        text.push_str(rest);
        text
    };
    let unstyled: Vec<String> = styled.lines().map(strip).collect();
    assert_eq!(unstyled, plain.lines().collect::<Vec<_>>());
}

// ---- 8. A report that fits a terminal --------------------------------------

#[test]
fn the_human_report_fits_120_columns() {
    let example = repo().join("examples/site/robots.txt");
    let out = robots(&["report", example.to_str().expect("UTF-8")], b"");
    let table = text(&out.stdout);
    // The table, its headings and legends; the summary is one sentence, which
    // a terminal wraps.
    let widest = table
        .lines()
        .filter(|l| !l.starts_with("summary: "))
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0);
    assert!(widest <= 120, "{widest} columns:\n{table}");
    // What was cut from the table is whole in the JSON.
    let header = table
        .lines()
        .find(|l| l.trim_start().starts_with("crawler"))
        .expect("a header line");
    for column in [
        "operator",
        "group",
        "access",
        "sample",
        "crawl-delay",
        "robots.txt",
    ] {
        assert!(header.contains(column), "{header}");
    }
    assert!(
        table.contains("robots.txt: "),
        "the legend of the robots.txt column:\n{table}"
    );
}

// ---- 10. Exit statuses: the README says what --help says ------------------

#[test]
fn readme_exit_statuses_are_the_help_s() {
    let help = out(&robots(&["--help"], b""));
    let from = help
        .find("Exit status:")
        .expect("--help has the exit statuses");
    let block = &help[from..];
    let block = &block[..block.find("\n\n").unwrap_or(block.len())];
    let readme = readme();
    assert!(
        readme.contains(&format!("```text\n{block}\n```")),
        "README does not quote --help's exit statuses:\n{block}"
    );
    // And says nowhere that a closed standard output is an error.
    let flat = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        !flat.contains("standard output closed…"),
        "README puts a closed stdout under exit 2"
    );
    // (`check::broken_pipe_ends_quietly` holds the binary to it: exit 0.)
}

// ---- 12. A text file under --compiled -------------------------------------

#[test]
fn compiled_on_a_text_file_says_it_is_no_policy_not_a_damaged_one() {
    let file = Temp::new("plain.txt", b"User-agent: *\nDisallow: /x\n");
    let o = robots(
        &["check", file.path(), "--compiled", "--agent", "a", "/x"],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
    let e = err(&o);
    assert!(!e.contains("damaged"), "{e}");
    assert!(e.contains("is not a compiled policy file"), "{e}");
    assert!(e.contains("it is robots.txt text; drop --compiled"), "{e}");
    let html = Temp::new("page.html", b"<!DOCTYPE html><html><body>x</body></html>\n");
    let o = robots(
        &["check", html.path(), "--compiled", "--agent", "a", "/x"],
        b"",
    );
    assert!(err(&o).contains("it is an HTML page"), "{}", err(&o));
}

// ---- 13. The test summary agrees in number --------------------------------

#[test]
fn test_summary_agrees_in_number() {
    let file = Temp::new("robots.txt", b"User-agent: *\nDisallow: /x\n");
    let summary = |asserts: &[u8]| {
        let a = Temp::new("asserts.txt", asserts);
        let o = robots(&["test", file.path(), "--assert", a.path()], b"");
        out(&o).lines().last().unwrap_or_default().to_owned()
    };
    assert_eq!(summary(b"block * /x\n"), "the 1 assertion holds");
    assert_eq!(summary(b"allow * /x\n"), "the 1 assertion failed");
    assert_eq!(
        summary(b"block * /x\nallow * /y\n"),
        "all 2 assertions hold"
    );
    assert_eq!(
        summary(b"allow * /x\nallow * /y\n"),
        "1 of 2 assertions failed"
    );
}

// ---- 14. An empty --agent -------------------------------------------------

/// An empty `--agent` names no crawler: checked as Google's library reads it
/// (only the `*` groups), never in silence; an empty `--fallback` means
/// nothing and is refused.
#[test]
fn an_empty_agent_is_never_silent_and_an_empty_fallback_is_refused() {
    let file = Temp::new("robots.txt", b"User-agent: *\nDisallow: /x\n");
    for args in [
        vec!["check", file.path(), "--agent", "", "/x"],
        vec!["check", file.path(), "--agent", "  ", "/x"],
        vec!["explain", file.path(), "/x", "--agent", ""],
        vec!["diff", file.path(), file.path(), "--agent", ""],
        vec!["report", file.path(), "--agent", ""],
    ] {
        let o = robots(&args, b"");
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", err(&o));
        assert!(
            err(&o).starts_with("robots: warning: --agent is empty: it names no crawler"),
            "{args:?}: {}",
            err(&o)
        );
    }
    let o = robots(&["check", file.path(), "--agent", "", "/x"], b"");
    assert_eq!(out(&o), "disallowed\t/x\n");
    let o = robots(
        &["check", file.path(), "--agent", "a", "--fallback", "", "/x"],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("--fallback is empty"), "{}", err(&o));
    assert!(o.stdout.is_empty());
}

// ---- 15. One wording for misspelled-directive -----------------------------

#[test]
fn misspelled_directive_reads_alike_under_every_profile() {
    let file = Temp::new("robots.txt", b"User-agent: *\nDisalow: /tmp\n");
    let finding = |profile: &str| {
        let o = robots(
            &[
                "lint",
                file.path(),
                "--profile",
                profile,
                "--format",
                "json",
            ],
            b"",
        );
        json_lines(&o)
            .into_iter()
            .find(|f| f["code"] == "misspelled-directive")
            .unwrap_or_else(|| panic!("{profile}: no misspelled-directive"))
    };
    let (rfc, google) = (finding("rfc9309"), finding("google"));
    assert_eq!(rfc["message"], google["message"]);
    assert_eq!(rfc["help"], google["help"]);
    assert_eq!(rfc["message"], "`Disalow` is a misspelling of `disallow`");
    // A misspelling no crawler reads says so instead.
    let file = Temp::new("robots.txt", b"User-agent: *\nDisallw: /tmp\n");
    let o = robots(&["lint", file.path(), "--format", "json"], b"");
    let help = json_lines(&o)
        .into_iter()
        .find(|f| f["code"] == "misspelled-directive")
        .map(|f| f["help"].clone());
    if let Some(help) = help {
        let help = help.as_str().unwrap_or_default().to_owned();
        assert!(help.starts_with("write `disallow`"), "{help}");
    }
}

// ---- 18. check --fetch writes JSON as check does --------------------------

/// The keys of a JSON object's top level, in the order written (a parsed
/// `Value` sorts them).
fn top_level_keys(line: &str) -> Vec<String> {
    let mut keys = Vec::new();
    let (mut depth, mut want_key) = (0usize, false);
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                let mut string = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => string.extend(chars.next()),
                        '"' => break,
                        c => string.push(c),
                    }
                }
                if depth == 1 && want_key {
                    keys.push(string);
                    want_key = false;
                }
            }
            '{' | '[' => {
                depth += 1;
                want_key = depth == 1 && c == '{';
            }
            '}' | ']' => depth = depth.saturating_sub(1),
            ',' if depth == 1 => want_key = true,
            _ => {}
        }
    }
    keys
}

#[test]
fn check_fetch_json_orders_members_as_check_does() {
    let body = b"User-agent: *\nDisallow: /private\n";
    let server = Server::route("/robots.txt", Reply::ok(body.to_vec()));
    let url = server.url("/private/x");
    let fetched = robots(
        &[
            "check", "--fetch", "--agent", "Bot", "--format", "json", &url,
        ],
        b"",
    );
    let file = Temp::new("robots.txt", body);
    let local = robots(
        &[
            "check",
            file.path(),
            "--agent",
            "Bot",
            "--format",
            "json",
            &url,
        ],
        b"",
    );
    let (fetched, local) = (out(&fetched), out(&local));
    let fetched_keys = top_level_keys(fetched.trim());
    let local_keys = top_level_keys(local.trim());
    assert_eq!(
        local_keys,
        ["url", "allowed", "rule", "reason", "content_usage"],
        "{local}"
    );
    assert_eq!(fetched_keys[..5], local_keys[..], "{fetched}");
    assert_eq!(fetched_keys[5..], ["decided_by", "fetch"], "{fetched}");
    // The members both have are the same values.
    let (f, l): (Value, Value) = (
        serde_json::from_str(&fetched).expect("JSON"),
        serde_json::from_str(&local).expect("JSON"),
    );
    for key in ["url", "allowed", "rule", "reason", "content_usage"] {
        assert_eq!(f[key], l[key], "{key}");
    }
}

#[test]
fn top_level_keys_reads_only_the_top_level() {
    assert_eq!(
        top_level_keys(r#"{"a":1,"b":{"c":"x\"y","d":[1,{"e":2}]},"f":"g,h"}"#),
        ["a", "b", "f"]
    );
}

// ---- 19. unknown-agent's help and the README -------------------------------

#[test]
fn unknown_agent_help_names_no_source_path_and_the_readme_says_once_per_token() {
    let file = Temp::new(
        "robots.txt",
        b"User-agent: NoSuchBotAbc\nUser-agent: NoSuchBotXyz\nDisallow: /\n\nUser-agent: nosuchbotabc\nDisallow: /x\n",
    );
    let o = robots(&["lint", file.path(), "--format", "json"], b"");
    let unknown: Vec<Value> = json_lines(&o)
        .into_iter()
        .filter(|f| f["code"] == "unknown-agent")
        .collect();
    // Once per token (ignoring case), on its first line.
    let lines: Vec<u64> = unknown.iter().filter_map(|f| f["line"].as_u64()).collect();
    assert_eq!(lines, [1, 2]);
    for f in &unknown {
        let help = f["help"].as_str().unwrap_or_default();
        assert!(
            !help.contains("crawlers.toml") && !help.contains("robots-registry/"),
            "{help}"
        );
        assert!(help.contains("robots report"), "{help}");
    }
    let row = readme()
        .lines()
        .find(|l| l.starts_with("| `unknown-agent` |"))
        .expect("the Lints table's unknown-agent row")
        .to_owned();
    assert!(row.contains("once per token"), "{row}");
    assert!(!row.contains("once per file"), "{row}");
}
