//! One rule for `*`: a registry crawler documented to ignore `User-agent: *`
//! (Google's AdsBot) obeys no group when none names it, in `check`,
//! `explain` and `diff` as in `report` (`registry::AgentChain`), with or
//! without `--no-fallback`.
// A test may index: a panic there is a failed test, with its location.
#![allow(clippy::indexing_slicing)]

use serde_json::Value;

use crate::support::{robots, text, Temp};

/// Everything disallowed for `*`; AdsBot-Google named by no group.
const ALL_DISALLOWED: &[u8] = b"User-agent: *\nDisallow: /\n";

fn json_lines(stdout: &[u8]) -> Vec<Value> {
    text(stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn check_lets_a_crawler_that_ignores_the_wildcard_fetch_everything() {
    let file = Temp::new("robots.txt", ALL_DISALLOWED);
    let out = robots(
        &["check", file.path(), "--agent", "AdsBot-Google", "--", "/x"],
        b"",
    );
    assert!(
        text(&out.stdout).starts_with("allowed\t"),
        "{}",
        text(&out.stdout)
    );
    // An ordinary crawler obeys `*`.
    let out = robots(
        &["check", file.path(), "--agent", "GPTBot", "--", "/x"],
        b"",
    );
    assert!(
        text(&out.stdout).starts_with("disallowed\t"),
        "{}",
        text(&out.stdout)
    );
    // --no-fallback drops fallbacks, not the registry's word on `*` (as
    // `report --no-fallback`).
    let out = robots(
        &[
            "check",
            file.path(),
            "--agent",
            "AdsBot-Google",
            "--no-fallback",
            "--",
            "/x",
        ],
        b"",
    );
    assert!(
        text(&out.stdout).starts_with("allowed\t"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn check_agrees_with_report_for_every_crawler_that_ignores_the_wildcard() {
    let file = Temp::new("robots.txt", ALL_DISALLOWED);
    let report = robots(&["report", file.path(), "--format", "json"], b"");
    let report: Value = serde_json::from_slice(&report.stdout).expect("report JSON");
    let rows = report["crawlers"].as_array().expect("crawler rows");
    // The rows `report` lets fetch `/` are the crawlers that ignore `*`:
    // `check` must say the same for each.
    let ignoring: Vec<&str> = rows
        .iter()
        .filter(|row| row["root_allowed"] == Value::Bool(true))
        .map(|row| row["token"].as_str().expect("a token"))
        .collect();
    for token in &ignoring {
        let out = robots(&["check", file.path(), "--agent", token, "--", "/"], b"");
        assert!(
            text(&out.stdout).starts_with("allowed\t"),
            "{token}: check says {}, report allowed",
            text(&out.stdout)
        );
    }
    // The registry documents several (Google's ads crawlers among them).
    assert!(ignoring.contains(&"AdsBot-Google"), "{ignoring:?}");
    assert!(ignoring.len() >= 3, "{ignoring:?}");
}

#[test]
fn a_group_that_names_the_crawler_still_applies() {
    let file = Temp::new(
        "robots.txt",
        b"User-agent: *\nDisallow: /\n\nUser-agent: AdsBot-Google\nDisallow: /ads/\n",
    );
    let check = |url: &str| {
        let out = robots(
            &["check", file.path(), "--agent", "AdsBot-Google", "--", url],
            b"",
        );
        text(&out.stdout).starts_with("allowed\t")
    };
    assert!(check("/x"));
    assert!(!check("/ads/x"));
}

#[test]
fn explain_says_no_group_applies() {
    let file = Temp::new("robots.txt", ALL_DISALLOWED);
    let out = robots(
        &[
            "explain",
            file.path(),
            "/x",
            "--agent",
            "AdsBot-Google",
            "--format",
            "json",
        ],
        b"",
    );
    let e: Value = serde_json::from_slice(&out.stdout).expect("explain JSON");
    assert_eq!(e["verdict"]["allowed"], Value::Bool(true), "{e}");
    assert_eq!(e["selection"], "none", "{e}");
    assert_eq!(e["groups"].as_array().map(Vec::len), Some(0), "{e}");
    let out = robots(
        &["explain", file.path(), "/x", "--agent", "AdsBot-Google"],
        b"",
    );
    assert!(
        text(&out.stdout).contains("ignores `*`"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn diff_sees_no_change_for_a_crawler_that_ignores_the_wildcard() {
    let old = Temp::new("old.txt", b"User-agent: *\nAllow: /\n");
    let new = Temp::new("new.txt", ALL_DISALLOWED);
    let urls = Temp::new("urls.txt", b"/x\n");
    let args = |agent: &'static str| {
        vec![
            "diff".to_owned(),
            old.path().to_owned(),
            new.path().to_owned(),
            "--agent".to_owned(),
            agent.to_owned(),
            "--urls".to_owned(),
            urls.path().to_owned(),
            "--format".to_owned(),
            "json".to_owned(),
        ]
    };
    let ads = robots(&args("AdsBot-Google"), b"");
    assert_eq!(ads.status.code(), Some(0), "{}", text(&ads.stdout));
    let gpt = robots(&args("GPTBot"), b"");
    assert_eq!(gpt.status.code(), Some(1), "{}", text(&gpt.stdout));
    assert!(!json_lines(&gpt.stdout).is_empty());
}
