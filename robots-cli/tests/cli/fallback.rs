//! `--fallback`: the chain cases of `testdata/conformance/chain_cases.jsonl`
//! in process under every profile (`check`), and `explain`
//! saying which token of the chain matched.
// A test may index: a panic there is a failed test, with its location.
#![allow(clippy::indexing_slicing)]

use robots_runtime::Profile;
use robots_tests::{body_of, conformance_cases, str_field};
use serde_json::Value;

use crate::support::{robots, Temp};

fn chain_of(case: &Value) -> Vec<String> {
    case["chain"]
        .as_array()
        .expect("a chain")
        .iter()
        .map(|t| t.as_str().expect("a token").to_owned())
        .collect()
}

/// `--agent FIRST --fallback SECOND … --no-fallback`: the case's chain
/// exactly, without the registry's documented fallbacks.
fn crawler_args(chain: &[String]) -> Vec<&str> {
    let mut args = vec!["--agent", chain[0].as_str(), "--no-fallback"];
    for t in &chain[1..] {
        args.extend(["--fallback", t.as_str()]);
    }
    args
}

#[test]
fn check_follows_every_chain_case_under_every_profile() {
    let mut failures = Vec::new();
    for case in &conformance_cases("chain_cases.jsonl") {
        let id = str_field(case, "id");
        let file = Temp::new("robots.txt", &body_of(case));
        let chain = chain_of(case);
        for profile in Profile::ALL {
            let want = case["allowed"][profile.name()]
                .as_bool()
                .expect("a verdict");
            let mut args = vec!["check", file.path(), "--profile", profile.name()];
            args.extend(crawler_args(&chain));
            args.extend(["--", str_field(case, "url")]);
            let out = robots(&args, b"");
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            let got = text.starts_with("allowed\t");
            if out.status.code() != Some(0) || got != want {
                failures.push(format!(
                    "{id} [{profile}]: {text:?} {}",
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn explain_names_the_token_that_matched() {
    let file = Temp::new(
        "robots.txt",
        b"User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /private/\n",
    );
    let args = [
        "explain",
        file.path(),
        "/photos/x.jpg",
        "--agent",
        "Googlebot-Image",
        "--fallback",
        "Googlebot",
    ];
    let out = robots(&args, b"");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        text.contains(
            "chain:      Googlebot-Image (no group) → Googlebot (named: its groups apply)"
        ),
        "{text}"
    );
    assert!(text.contains("verdict:    allowed"), "{text}");

    let mut json_args = args.to_vec();
    json_args.push("--json");
    let v: Value = serde_json::from_slice(&robots(&json_args, b"").stdout).expect("JSON");
    assert_eq!(v["matched"], "Googlebot");
    assert_eq!(
        v["chain"],
        serde_json::json!(["Googlebot-Image", "Googlebot"])
    );
    assert_eq!(v["verdict"]["allowed"], true);

    // No token named: the `*` group, and the chain says so.
    let out = robots(
        &[
            "explain",
            file.path(),
            "/x",
            "--agent",
            "A",
            "--fallback",
            "B",
        ],
        b"",
    );
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        text.contains("chain:      A (no group) → B (no group) → `*` (no token is named)"),
        "{text}"
    );
    assert!(text.contains("verdict:    disallowed"), "{text}");
}

#[test]
fn diff_follows_the_chain() {
    let old = Temp::new(
        "robots.txt",
        b"User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /a/\n",
    );
    let new = Temp::new(
        "robots.txt",
        b"User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /b/\n",
    );
    let out = robots(
        &[
            "diff",
            old.path(),
            new.path(),
            "--agent",
            "Googlebot-Image",
            "--fallback",
            "Googlebot",
            "--format",
            "json",
        ],
        b"",
    );
    let changed: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let urls: Vec<&str> = changed.iter().filter_map(|v| v["url"].as_str()).collect();
    assert!(urls.contains(&"/a/") && urls.contains(&"/b/"), "{urls:?}");
    // Without the fallback (`--no-fallback`: Googlebot-Image alone) the `*`
    // group decides both: nothing changes.
    let out = robots(
        &[
            "diff",
            old.path(),
            new.path(),
            "--agent",
            "Googlebot-Image",
            "--no-fallback",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    // By default Googlebot-Image follows Googlebot, as the registry documents.
    let out = robots(
        &["diff", old.path(), new.path(), "--agent", "Googlebot-Image"],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
}
