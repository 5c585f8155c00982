//! `robots report` and the registry, run in process: every registry
//! entry on a generated robots.txt that names it, the report's numbers against
//! `robots check` on the same paths, and the output formats.

use robots_lint::probe_paths;
use robots_runtime::document::{parse, ParseOptions};
use robots_runtime::registry::{Purpose, CRAWLERS, RETIRED};
use robots_runtime::Profile;
use serde_json::Value;

use crate::support::{robots, Temp};

fn report_json(file: &str, extra: &[&str]) -> Value {
    let mut args = vec!["report", file, "--format", "json"];
    args.extend_from_slice(extra);
    let out = robots(&args, b"");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

fn row<'v>(report: &'v Value, token: &str) -> &'v Value {
    report["crawlers"]
        .as_array()
        .expect("crawlers")
        .iter()
        .find(|r| r["token"] == token)
        .unwrap_or_else(|| panic!("no row for {token}"))
}

fn findings(file: &str) -> Vec<Value> {
    let out = robots(&["lint", file, "--format", "json"], b"");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect()
}

#[test]
fn every_registry_crawler_on_a_file_that_names_it() {
    let mut failures = Vec::new();
    for (n, crawler) in CRAWLERS.iter().enumerate() {
        let body = format!(
            "User-agent: *\nAllow: /\n\nUser-agent: {}\nDisallow: /\n",
            crawler.token
        );
        let file = Temp::new(&format!("entry-{n}.txt"), body.as_bytes());
        let report = report_json(file.path(), &[]);
        for other in CRAWLERS {
            let r = row(&report, other.token);
            // Blocked: the crawler itself, and those that fall back to its token.
            let named = other.token == crawler.token
                || (other
                    .fallbacks
                    .iter()
                    .any(|f| f.eq_ignore_ascii_case(crawler.token))
                    && !other.token.eq_ignore_ascii_case(crawler.token));
            // (A crawler that ignores `*` is allowed anyway: `*` allows everything here.)
            if r["root_allowed"] != Value::Bool(!named) {
                failures.push(format!(
                    "file naming {}: {} root_allowed {}",
                    crawler.token, other.token, r["root_allowed"]
                ));
            }
        }
        let own = row(&report, crawler.token);
        if own["group"]["applies"] != "own" || own["group"]["lines"] != serde_json::json!([4]) {
            failures.push(format!("{}: group {}", crawler.token, own["group"]));
        }
        // The lint knows the token: no misspelled, retired or unknown agent.
        let codes: Vec<String> = findings(file.path())
            .iter()
            .filter_map(|f| f["code"].as_str().map(String::from))
            .filter(|c| c.ends_with("-agent"))
            .collect();
        if !codes.is_empty() {
            failures.push(format!("{}: {codes:?}", crawler.token));
        }
        // The same token with a space in it is a misspelling of it.
        let mut chars = crawler.token.chars();
        let first: String = chars.by_ref().take(2).collect();
        let spaced = format!("{first} {}", chars.collect::<String>());
        let typo = Temp::new(
            &format!("typo-{n}.txt"),
            format!("User-agent: {spaced}\nDisallow: /\n").as_bytes(),
        );
        let meant = findings(typo.path())
            .iter()
            .find(|f| f["code"] == "misspelled-agent")
            .and_then(|f| f["message"].as_str().map(String::from));
        if !meant
            .as_deref()
            .is_some_and(|m| m.contains(&format!("did you mean `{}`?", crawler.token)))
        {
            failures.push(format!("{spaced}: {meant:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_retired_token_names_its_replacement() {
    let mut failures = Vec::new();
    for (n, retired) in RETIRED.iter().enumerate() {
        let file = Temp::new(
            &format!("retired-{n}.txt"),
            format!("User-agent: {}\nDisallow: /\n", retired.token).as_bytes(),
        );
        let found = findings(file.path());
        let f = found.iter().find(|f| f["code"] == "retired-agent");
        let message = f.and_then(|f| f["message"].as_str()).unwrap_or_default();
        let help = f.and_then(|f| f["help"].as_str()).unwrap_or_default();
        if !message.contains(&format!("`{}` is retired", retired.token)) {
            failures.push(format!("{}: {message:?}", retired.token));
        }
        for now in retired.replaced_by {
            if !help.contains(&format!("User-agent: {now}")) {
                failures.push(format!("{}: help {help:?} lacks {now}", retired.token));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The sample the report uses: `/` and the file's own rule paths (not
/// `/robots.txt`), plus the `--paths` list.
fn sample(body: &[u8], profile: Profile, extra: &[&str]) -> Vec<String> {
    let doc = parse(body, ParseOptions::new(profile));
    let mut paths: Vec<String> = probe_paths(&[&doc], 200_000)
        .into_iter()
        .map(|p| String::from_utf8(p.path).expect("UTF-8 probe"))
        .filter(|p| p != "/robots.txt")
        .collect();
    paths.extend(extra.iter().map(|s| (*s).to_owned()));
    paths.sort();
    paths.dedup();
    paths
}

#[test]
fn the_numbers_agree_with_robots_check_on_the_same_paths() {
    let corpus = robots_tests::testdata().join("corpus");
    let mut bodies: Vec<(String, Vec<u8>)> = [
        "ai.robots.txt-repo.txt",
        "cz.pinterest.com.txt",
        "elpais.com.txt",
    ]
    .iter()
    .map(|f| {
        (
            (*f).to_owned(),
            std::fs::read(corpus.join(f)).expect("corpus file"),
        )
    })
    .collect();
    bodies.push((
        String::from("crafted.txt"),
        b"User-agent: *\nDisallow: /private/\nCrawl-delay: 4\n\nUser-agent: Googlebot\nDisallow: /nogoogle/\n\nUser-agent: msnbot\nDisallow: /old/\n\nUser-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\nAllow: /public/\n\nUser-agent: AdsBot-Google\nDisallow: /ads/\n".to_vec(),
    ));
    let extra = ["/", "/a/b", "/public/x", "/private/y", "/nogoogle/z"];
    let list = Temp::new("paths.txt", extra.join("\n").as_bytes());
    let mut compared = 0;
    for (name, body) in &bodies {
        let file = Temp::new(name, body);
        for profile in [Profile::Rfc9309, Profile::Google] {
            let report = report_json(
                file.path(),
                &["--paths", list.path(), "--profile", profile.name()],
            );
            let paths = sample(body, profile, &extra);
            assert_eq!(report["sample_paths"], paths.len(), "{name} {profile}");
            let stdin = paths.join("\n") + "\n";
            for crawler in CRAWLERS.iter().step_by(3) {
                let r = row(&report, crawler.token);
                if r["group"]["applies"] == "ignores-wildcard" {
                    assert_eq!(r["allowed_paths"], paths.len());
                    continue;
                }
                let mut args = vec![
                    "check",
                    file.path(),
                    "--profile",
                    profile.name(),
                    "--agent",
                    crawler.token,
                ];
                for f in crawler.fallbacks {
                    args.extend(["--fallback", f]);
                }
                let out = robots(&args, stdin.as_bytes());
                let text = String::from_utf8_lossy(&out.stdout).into_owned();
                let allowed = text.lines().filter(|l| l.starts_with("allowed\t")).count();
                assert_eq!(text.lines().count(), paths.len());
                assert_eq!(
                    r["allowed_paths"], allowed,
                    "{name} {profile} {}",
                    crawler.token
                );
                let root = text.lines().any(|l| l == "allowed\t/");
                assert_eq!(
                    r["root_allowed"], root,
                    "{name} {profile} {}",
                    crawler.token
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 100, "{compared}");
}

#[test]
fn human_output_groups_by_purpose_and_sums_up() {
    let file = Temp::new(
        "human.txt",
        b"User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nUser-agent: ClaudeBot\nUser-agent: CCBot\nDisallow: /\n",
    );
    let out = robots(&["report", file.path()], b"");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let ai = CRAWLERS.iter().filter(|c| c.purpose.is_ai()).count();
    let search = CRAWLERS
        .iter()
        .filter(|c| c.purpose == Purpose::Search)
        .count();
    assert!(
        text.ends_with(&format!("summary: blocks 3 of {ai} AI crawlers fully ({} partly); allows {} of {search} search engines everywhere (0 blocked fully, {} partly)\n", ai - 3, 0, search)),
        "{text}"
    );
    for purpose in Purpose::ALL {
        assert!(
            text.contains(&format!("\n{} (", purpose.title())),
            "{}: {text}",
            purpose.title()
        );
    }
    // Columns line up: every table line of a section starts its group column at the same place.
    let gpt = text
        .lines()
        .find(|l| l.trim_start().starts_with("GPTBot "))
        .expect("GPTBot row");
    let claude = text
        .lines()
        .find(|l| l.trim_start().starts_with("ClaudeBot "))
        .expect("ClaudeBot row");
    assert_eq!(
        gpt.find("its own"),
        claude.find("its own"),
        "{gpt}\n{claude}"
    );
    assert!(gpt.contains("blocked") && gpt.contains("0.0%"), "{gpt}");

    let csv = robots(&["report", file.path(), "--format", "csv"], b"");
    let csv = String::from_utf8_lossy(&csv.stdout).into_owned();
    assert_eq!(csv.lines().count(), CRAWLERS.len() + 1);
    assert!(csv.starts_with("token,operator,purpose,group,"), "{csv}");
    assert!(
        csv.contains("\nGPTBot,OpenAI,ai-training,own,GPTBot,4,false,blocked,0,"),
        "{csv}"
    );
}
