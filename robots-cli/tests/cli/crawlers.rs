//! `robots audit` over access logs, and `robots check --fetch --format json`,
//! against scripted servers on 127.0.0.1.
// A test may index: a panic there is a failed test, with its location.
#![allow(clippy::indexing_slicing)]

use robots_loopback::{Reply, Server};
use serde_json::{json, Value};

use crate::support::{robots, Temp};

const ROBOTS: &str =
    "User-agent: *\nDisallow: /private/\nCrawl-delay: 2\n\nUser-agent: GPTBot\nDisallow: /\n";

fn log_line(second: u32, target: &str, agent: &str) -> String {
    format!("203.0.113.5 - - [28/Nov/2026:10:00:{second:02} +0000] \"GET {target} HTTP/1.1\" 200 10 \"-\" \"{agent}\"\n")
}

const GOOGLEBOT: &str = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const GPTBOT: &str = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)";

fn log() -> String {
    [
        log_line(0, "/robots.txt", GOOGLEBOT),
        log_line(1, "/private/a", GOOGLEBOT),
        log_line(5, "/blog", GOOGLEBOT),
        log_line(6, "/blog", GPTBOT),
        log_line(
            7,
            "/private/b",
            "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0",
        ),
        "broken\n".to_owned(),
    ]
    .concat()
}

#[test]
fn audit_json_names_who_disobeyed_and_how() {
    let robots_txt = Temp::new("robots.txt", ROBOTS.as_bytes());
    let log_file = Temp::new("access.log", log().as_bytes());
    let out = robots(
        &[
            "audit",
            robots_txt.path(),
            log_file.path(),
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["lines"], 6);
    assert_eq!(report["malformed"], 1);
    assert_eq!(report["browser_requests"], 1);
    assert_eq!(
        report["summary"],
        "2 of 2 crawlers requested disallowed URLs: Googlebot (1), GPTBot (1)"
    );
    // Tied on disallowed requests, Googlebot broke the crawl-delay too: it comes first.
    let google = &report["crawlers"][0];
    assert_eq!(google["token"], "Googlebot");
    assert_eq!(google["violations"][0]["url"], "/private/a");
    assert_eq!(google["violations"][0]["rule_line"], 2);
    assert_eq!(google["violations"][0]["rule"], "Disallow: /private/");
    assert_eq!(
        (
            google["robots_fetches"].clone(),
            google["robots_first_hosts"].clone()
        ),
        (json!(1), json!(1))
    );
    assert_eq!(
        (
            google["min_interval"].clone(),
            google["delay_breaks"].clone()
        ),
        (json!(1), json!(1))
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("skipped 1 malformed line(s), first:") && stderr.contains(":6 ("),
        "{stderr}"
    );
}

#[test]
fn audit_reads_stdin_and_prints_a_table_and_csv() {
    let robots_txt = Temp::new("robots.txt", ROBOTS.as_bytes());
    let out = robots(&["audit", robots_txt.path()], log().as_bytes());
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("crawler"), "{text}");
    assert!(
        text.contains("GPTBot: 1 disallowed request(s), first:"),
        "{text}"
    );
    assert!(
        text.trim_end()
            .ends_with("2 of 2 crawlers requested disallowed URLs: Googlebot (1), GPTBot (1)"),
        "{text}"
    );
    let out = robots(
        &["audit", robots_txt.path(), "-", "--format", "csv"],
        log().as_bytes(),
    );
    let csv = String::from_utf8_lossy(&out.stdout);
    assert_eq!(csv.lines().count(), 3, "{csv}");
    assert!(csv.starts_with("token,known,requests,disallowed"), "{csv}");
}

#[test]
fn audit_usage_errors_exit_2() {
    for args in [
        &["audit"][..],
        &["audit", "--robots", "no-equals-sign", "x.log"],
        &["audit", "-"],
        &["audit", "missing-robots.txt", "x.log"],
        &["audit", "--json-field", "colour=x", "r.txt"],
    ] {
        let out = robots(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn check_fetch_json_says_what_decided_each_verdict() {
    let up = Server::route(
        "/robots.txt",
        Reply::ok("User-agent: *\nDisallow: /private\n"),
    );
    let down = Server::route("/robots.txt", Reply::new(503, ""));
    let gone = Server::route("/robots.txt", Reply::new(404, ""));
    let urls = [
        up.url("/private/x"),
        up.url("/public"),
        down.url("/public"),
        gone.url("/x"),
        "/relative".to_owned(),
    ];
    let args: Vec<&str> = ["check", "--fetch", "--agent", "Bot", "--format", "json"]
        .into_iter()
        .chain(urls.iter().map(String::as_str))
        .collect();
    let out = robots(&args, b"");
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<Value> = out
        .stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[0]["allowed"], false);
    assert_eq!(lines[0]["decided_by"], "rule");
    assert_eq!(
        lines[0]["rule"],
        json!({"line": 2, "directive": "disallow", "pattern": "/private"})
    );
    assert_eq!(lines[0]["fetch"]["reason"], "ok");
    assert_eq!(lines[1]["decided_by"], "no-rule");
    // Disallowed by a 503, not by a rule: the two are told apart.
    assert_eq!(lines[2]["allowed"], false);
    assert_eq!(lines[2]["decided_by"], "fetch");
    assert_eq!(lines[2]["fetch"]["reason"], "unreachable");
    assert_eq!(lines[2]["fetch"]["status"], 503);
    assert_eq!(lines[2]["rule"], Value::Null);
    assert_eq!(
        (lines[3]["allowed"].clone(), lines[3]["decided_by"].clone()),
        (json!(true), json!("fetch"))
    );
    assert_eq!(
        lines[4],
        json!({"url": "/relative", "error": "not an absolute URL"})
    );
}
