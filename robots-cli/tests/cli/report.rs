//! `robots report` and the registry, run in process: every registry
//! entry on a generated robots.txt that names it, the report's numbers against
//! `robots check` on the same paths, and the output formats.

use robots_lint::probe_paths;
use robots_runtime::document::{parse, ParseOptions};
use robots_runtime::registry::{Purpose, Sourcing, CRAWLERS, RETIRED};
use robots_runtime::Profile;
use serde_json::Value;

use crate::support::{robots, robots_ok, Temp};

fn report_json(file: &str, extra: &[&str]) -> Value {
    let mut args = vec!["report", file, "--format", "json"];
    args.extend_from_slice(extra);
    let out = robots_ok(&args, b"");
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
    // A crawler that ignores `*` (YandexMobileBot, by Yandex's page) and is
    // named by no group is allowed everywhere; every other one is partly blocked.
    let ignoring = |ai_side: bool| {
        CRAWLERS
            .iter()
            .filter(|c| !c.obeys_wildcard)
            .filter(|c| {
                if ai_side {
                    c.purpose.is_ai()
                } else {
                    c.purpose == Purpose::Search
                }
            })
            .count()
    };
    let (ai_free, search_free) = (ignoring(true), ignoring(false));
    assert!(
        text.ends_with(&format!("summary: blocks 3 of {ai} AI crawlers fully ({} partly); allows {search_free} of {search} search engines everywhere (0 blocked fully, {} partly)\n", ai - 3 - ai_free, search - search_free)),
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

/// The fixture of the AI-era records: `*`, GPTBot and ClaudeBot, Googlebot
/// and bingbot groups that each say something else.
fn ai_fixture() -> String {
    format!(
        "{}/../testdata/report/ai-records.txt",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn report_json_gives_each_crawler_the_ai_records_of_its_groups() {
    let report = report_json(&ai_fixture(), &[]);
    let llm = serde_json::json!(["https://example.com/llm-policy.json"]);
    // File-wide: the one valid URL, at the top and on every crawler.
    assert_eq!(report["llm_policies"], llm);
    // CCBot has no group of its own: the `*` group's records.
    let star = &row(&report, "CCBot")["ai_records"];
    assert_eq!(
        star["content_signal"],
        serde_json::json!({"line": 3, "search": true, "ai-input": true, "ai-train": false})
    );
    assert_eq!(
        star["content_usage"],
        serde_json::json!([
            {"line": 4, "path": null, "train-ai": false, "search": true},
            {"line": 5, "path": "/open/", "train-ai": true, "search": null},
        ])
    );
    assert_eq!(star["llm_policies"], llm);
    // RSL's `License` is file-wide too: the valid URL only, everywhere.
    let licenses = serde_json::json!(["https://example.com/license.xml"]);
    assert_eq!(report["licenses"], licenses);
    assert_eq!(star["licenses"], licenses);
    assert_eq!(row(&report, "GPTBot")["ai_records"]["licenses"], licenses);
    // GPTBot and ClaudeBot: their group's first valid Content-Signal (line 10,
    // not line 11), no Content-Usage, none of `*`'s.
    for token in ["GPTBot", "ClaudeBot"] {
        let ai = &row(&report, token)["ai_records"];
        assert_eq!(
            ai["content_signal"],
            serde_json::json!({"line": 10, "search": null, "ai-input": false, "ai-train": false}),
            "{token}"
        );
        assert_eq!(ai["content_usage"], serde_json::json!([]), "{token}");
    }
    // Googlebot's group states none; Googlebot-Image obeys it, not `*`.
    for token in ["Googlebot", "Googlebot-Image"] {
        let ai = &row(&report, token)["ai_records"];
        assert_eq!(ai["content_signal"], Value::Null, "{token}");
        assert_eq!(ai["content_usage"], serde_json::json!([]), "{token}");
    }
    // bingbot: an invalid Content-Signal is no signal; one path-scoped usage rule.
    let bing = &row(&report, "bingbot")["ai_records"];
    assert_eq!(bing["content_signal"], Value::Null);
    assert_eq!(
        bing["content_usage"],
        serde_json::json!([{"line": 19, "path": "/docs/", "train-ai": null, "search": true}])
    );
}

#[test]
fn report_ai_records_agree_with_the_matchers_for_every_crawler() {
    let body = std::fs::read(ai_fixture()).expect("the fixture");
    let report = report_json(&ai_fixture(), &[]);
    let policy = robots_runtime::Policy::parse(&body, Profile::Rfc9309);
    for crawler in CRAWLERS {
        let chain: Vec<&str> = crawler.chain().collect();
        let r = row(&report, crawler.token);
        let signal = &r["ai_records"]["content_signal"];
        // A crawler that ignores `*` and has no group gets no records.
        let matcher = policy.matcher_chain(&chain);
        let ignores = policy.chain_choice(&chain).is_none() && !crawler.obeys_wildcard;
        match matcher.content_signals().filter(|_| !ignores) {
            None => assert_eq!(*signal, Value::Null, "{}", crawler.token),
            Some(s) => {
                assert_eq!(
                    signal["search"],
                    serde_json::json!(s.search),
                    "{}",
                    crawler.token
                );
                assert_eq!(
                    signal["ai-input"],
                    serde_json::json!(s.ai_input),
                    "{}",
                    crawler.token
                );
                assert_eq!(
                    signal["ai-train"],
                    serde_json::json!(s.ai_train),
                    "{}",
                    crawler.token
                );
            }
        }
        // The usage rules listed decide a URL as the matcher does: the
        // longest matching path (a rule without a path matches every path).
        for url in ["/", "/open/x", "/docs/a", "/private/"] {
            let listed = r["ai_records"]["content_usage"].as_array().expect("a list");
            let best = listed
                .iter()
                .filter(|u| u["path"].as_str().map_or(true, |p| url.starts_with(p)))
                .max_by_key(|u| u["path"].as_str().map_or(0, str::len));
            let expected = if ignores {
                None
            } else {
                matcher.content_usage(url)
            };
            assert_eq!(
                best.map(|u| (u["train-ai"].as_bool(), u["search"].as_bool())),
                expected.map(|p| (p.train_ai, p.search)),
                "{} {url}",
                crawler.token
            );
        }
    }
}

#[test]
fn report_table_and_csv_show_the_ai_records() {
    let out = robots(&["report", &ai_fixture()], b"");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("LLM-Policy (every crawler): https://example.com/llm-policy.json"),
        "{text}"
    );
    assert!(
        text.contains("License (every crawler): https://example.com/license.xml"),
        "{text}"
    );
    assert!(
        !text.contains("License (every crawler): license.xml"),
        "{text}"
    );
    let line_of = |token: &str| {
        text.lines()
            .find(|l| l.split_whitespace().next() == Some(token))
            .unwrap_or_else(|| panic!("no row for {token}:\n{text}"))
            .to_owned()
    };
    assert!(
        line_of("CCBot").contains("CS search=y ai-input=y ai-train=n · CU train-ai=n search=y +1")
    );
    assert!(line_of("GPTBot").contains("CS ai-input=n ai-train=n"));
    assert!(!line_of("GPTBot").contains("CU"));
    assert!(line_of("bingbot").contains("CU +1"));
    assert!(!line_of("Googlebot").contains("CS"));
    assert!(text.contains("ai prefs: CS = Content-Signal, CU = Content-Usage"));

    let out = robots(&["report", &ai_fixture(), "--format", "csv"], b"");
    let mut reader = csv::Reader::from_reader(out.stdout.as_slice());
    let header = reader.headers().expect("a header").clone();
    let column = |name: &str| header.iter().position(|h| h == name).expect(name);
    let (signal, usage, llm, licenses) = (
        column("content_signal"),
        column("content_usage"),
        column("llm_policies"),
        column("licenses"),
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("a row")).collect();
    let csv_row = |token: &str| rows.iter().find(|r| &r[0] == token).expect(token);
    assert_eq!(
        &csv_row("CCBot")[signal],
        "search=yes, ai-input=yes, ai-train=no"
    );
    assert_eq!(
        &csv_row("CCBot")[usage],
        "train-ai=n, search=y | /open/ train-ai=y"
    );
    assert_eq!(&csv_row("GPTBot")[signal], "ai-input=no, ai-train=no");
    assert_eq!(&csv_row("Googlebot")[usage], "");
    assert_eq!(&csv_row("bingbot")[usage], "/docs/ search=y");
    assert_eq!(
        &csv_row("GPTBot")[llm],
        "https://example.com/llm-policy.json"
    );
    assert_eq!(
        &csv_row("CCBot")[licenses],
        "https://example.com/license.xml"
    );
}

#[test]
fn a_file_without_ai_records_reports_none() {
    let file = Temp::new("plain.txt", b"User-agent: *\nDisallow: /x\n");
    let report = report_json(file.path(), &[]);
    assert_eq!(report["llm_policies"], serde_json::json!([]));
    assert_eq!(report["licenses"], serde_json::json!([]));
    for crawler in report["crawlers"].as_array().expect("crawlers") {
        assert_eq!(crawler["ai_records"]["content_signal"], Value::Null);
        assert_eq!(
            crawler["ai_records"]["content_usage"],
            serde_json::json!([])
        );
    }
    let out = robots(&["report", file.path()], b"");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("ai prefs: CS"), "{text}");
    assert!(!text.contains("LLM-Policy"), "{text}");
    assert!(!text.contains("License"), "{text}");
}

#[test]
fn report_table_shows_what_every_path_gets_from_content_usage() {
    let cell = |body: &str| {
        let file = Temp::new("usage.txt", body.as_bytes());
        let out = robots(&["report", file.path()], b"");
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let row = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some("CCBot"))
            .unwrap_or_else(|| panic!("no CCBot row:\n{text}"))
            .to_owned();
        row
    };
    // Two rules of one path: an `n` wins, whichever comes last.
    let row =
        cell("User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: train-ai=y\nAllow: /\n");
    assert!(row.contains("CU train-ai=n"), "{row}");
    // A `/` rule outranks a path-less one for every path; the others are counted.
    let row = cell("User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: / train-ai=y\nContent-Usage: /a/ search=n\nAllow: /\n");
    assert!(row.contains("CU train-ai=y +1"), "{row}");
}

#[test]
fn report_json_and_csv_say_how_far_each_registry_entry_was_checked() {
    let report = report_json(&ai_fixture(), &[]);
    let out = robots(&["report", &ai_fixture(), "--format", "csv"], b"");
    let mut reader = csv::Reader::from_reader(out.stdout.as_slice());
    let header = reader.headers().expect("a header").clone();
    let column = header
        .iter()
        .position(|h| h == "verification")
        .expect("a verification column");
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("a row")).collect();
    let mut levels = std::collections::BTreeSet::new();
    for crawler in CRAWLERS {
        let name = crawler.sourcing.name();
        assert_eq!(
            row(&report, crawler.token)["verification"],
            name,
            "{}",
            crawler.token
        );
        let csv_row = rows
            .iter()
            .find(|r| &r[0] == crawler.token)
            .expect(crawler.token);
        assert_eq!(&csv_row[column], name, "{}", crawler.token);
        levels.insert(name);
    }
    // The registry has entries at both levels (operator, secondary), and the
    // report tells them apart.
    let every: std::collections::BTreeSet<&str> = Sourcing::ALL.iter().map(|v| v.name()).collect();
    assert_eq!(levels, every);
    assert_eq!(levels.len(), 2, "{levels:?}");
    assert_eq!(row(&report, "Googlebot")["verification"], "operator");
}
