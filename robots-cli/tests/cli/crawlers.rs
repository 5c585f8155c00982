//! `robots audit` over access logs, and `robots check --fetch --format json`,
//! against scripted servers on 127.0.0.1.
// A test may index: a panic there is a failed test, with its location.
#![allow(clippy::indexing_slicing)]

use robots_loopback::{Reply, Server};
use serde_json::{json, Value};

use crate::support::{robots, robots_ok, Temp};

const ROBOTS: &str =
    "User-agent: *\nDisallow: /private/\nCrawl-delay: 2\n\nUser-agent: GPTBot\nDisallow: /\n";

/// Googlebot's and GPTBot's requests come from addresses in their operators'
/// published ranges (the bundled snapshot: 192.178.4.0/27, 132.196.86.0/24),
/// everyone else's from a documentation address no operator publishes.
fn log_line(second: u32, target: &str, agent: &str) -> String {
    let client = match agent {
        GOOGLEBOT => "192.178.4.1",
        GPTBOT => "132.196.86.5",
        _ => "203.0.113.5",
    };
    format!("{client} - - [28/Nov/2026:10:00:{second:02} +0000] \"GET {target} HTTP/1.1\" 200 10 \"-\" \"{agent}\"\n")
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
        "2 of 2 crawlers requested disallowed URLs: Googlebot (verified) (1), GPTBot (verified) (1)"
    );
    // Tied on violations, Googlebot came sooner than the crawl-delay: it comes first.
    let google = &report["crawlers"][0];
    assert_eq!(google["token"], "Googlebot");
    // Both addresses are in their operators' published ranges.
    assert_eq!(google["verification"], "verified");
    assert_eq!(report["crawlers"][1]["verification"], "verified");
    assert_eq!(
        (
            google["requests"].clone(),
            google["violations"].clone(),
            google["stale_cache"].clone()
        ),
        (json!(2), json!(1), json!(0))
    );
    let example = &google["examples"]["violations"][0];
    assert_eq!(example["url"], "/private/a");
    assert_eq!(example["rule_line"], 2);
    assert_eq!(example["rule"], "Disallow: /private/");
    assert_eq!(example["version"]["since"], Value::Null);
    assert_eq!(
        (
            google["robots_fetches"].clone(),
            google["robots_first_hosts"].clone()
        ),
        (json!(1), json!(1))
    );
    let pace = &google["pace"];
    assert_eq!(
        (
            pace["asked_delay_s"].clone(),
            pace["intervals"].clone(),
            pace["shorter_than_asked"].clone(),
            pace["shorter_share"].clone(),
            pace["median_interval_s"].clone(),
        ),
        (json!(2.0), json!(2), json!(1), json!(0.5), json!(1))
    );
    assert_eq!(report["unchecked_requests"], 0);
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
        text.contains("GPTBot (verified): 1 violation(s), first:"),
        "{text}"
    );
    assert!(
        text.trim_end()
            .ends_with("2 of 2 crawlers requested disallowed URLs: Googlebot (verified) (1), GPTBot (verified) (1)"),
        "{text}"
    );
    let out = robots(
        &["audit", robots_txt.path(), "-", "--format", "csv"],
        log().as_bytes(),
    );
    let csv = String::from_utf8_lossy(&out.stdout);
    assert_eq!(csv.lines().count(), 3, "{csv}");
    assert!(
        csv.starts_with("token,verification,known,requests,robots_fetches,violations,stale_cache"),
        "{csv}"
    );
}

#[test]
fn audit_writes_one_html_page_with_its_charts() {
    let robots_txt = Temp::new("robots.txt", ROBOTS.as_bytes());
    let out = robots(
        &["audit", robots_txt.path(), "-", "--format", "html"],
        log().as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0));
    let page = String::from_utf8_lossy(&out.stdout);
    assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
    assert_eq!(page.matches(r#"data-testid="audit-crawler""#).count(), 2);
    assert!(page.contains(
        r#"data-token="GPTBot" data-verification="verified" data-requests="1" data-violations="1""#
    ));
    assert!(page.contains("<svg "), "no chart");
    assert!(page.contains("Written by robots "));
    // How the senders were verified: the bundled snapshot's range files.
    assert!(
        page.contains(r#"data-testid="audit-verification-sources">senders verified by "#),
        "{page}"
    );
}

/// Stumble 1 of issue 51: a robots.txt for a host no request names left
/// every request unchecked, and the audit said "none of 2 crawlers requested
/// a disallowed URL" and exited 0.
#[test]
fn audit_that_checked_nothing_says_so_and_exits_1() {
    let robots_txt = Temp::new("robots.txt", ROBOTS.as_bytes());
    let log_file = Temp::new("access.log", log().as_bytes());
    let spec = format!("other.org={}", robots_txt.path());
    let out = robots(&["audit", "--robots", &spec, log_file.path()], b"");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.trim_end().ends_with(
            "no crawler request was checked: 3 to hosts no robots.txt was given for (lines naming no host 3)"
        ),
        "{text}"
    );
    assert!(!text.contains("none of"), "{text}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("3 crawler request(s) were not checked")
            && stderr.contains("--allow-unchecked"),
        "{stderr}"
    );
    // Told so, the audit exits 0, and still says it.
    let out = robots(
        &[
            "audit",
            "--robots",
            &spec,
            log_file.path(),
            "--allow-unchecked",
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["unchecked_requests"], 3);
    assert_eq!(report["unchecked"]["no_robots_txt"], 3);
    assert_eq!(report["unchecked_hosts"][0]["requests"], 3);
    assert!(String::from_utf8_lossy(&out.stderr).contains("were not checked"));
}

/// Stumble 11 of issue 51: `/robots.txt` fetches are counted apart, and the
/// human output says requests leave them out.
#[test]
fn audit_counts_robots_txt_fetches_apart_and_says_so() {
    let robots_txt = Temp::new("robots.txt", ROBOTS.as_bytes());
    let out = robots(&["audit", robots_txt.path()], log().as_bytes());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("3 crawler requests (not counting 1 /robots.txt fetches, counted apart)"),
        "{text}"
    );
}

#[test]
fn audit_names_unknown_crawlers_and_addressless_lines_on_stderr() {
    let robots_txt = Temp::new("robots.txt", ROBOTS.as_bytes());
    let mut text = log();
    text.push_str(&log_line(
        8,
        "/x",
        "ExampleScraper/3.1 (+https://scraper.example)",
    ));
    text.push_str(
        &log_line(9, "/y", "ExampleScraper/3.1 (+https://scraper.example)")
            .replace("203.0.113.5", "proxy.example"),
    );
    let out = robots(&["audit", robots_txt.path()], text.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("1 crawler(s) the registry does not know, by requests: ExampleScraper (2)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("1 crawler request(s) carry no client address"),
        "{stderr}"
    );
}

/// The JSON report and the table say how senders were verified (the bundled
/// snapshot's files and dates, DNS not asked), and standard error names, once,
/// the crawlers only reverse DNS could have verified.
#[test]
fn audit_says_how_senders_were_verified() {
    let robots_txt = Temp::new("robots.txt", ROBOTS.as_bytes());
    let yandex = "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)";
    let mut text = log();
    text.push_str(&log_line(8, "/a", yandex));
    text.push_str(&log_line(9, "/b", yandex));
    let log_file = Temp::new("access.log", text.as_bytes());
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
    assert_eq!(out.status.code(), Some(0));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let verification = &report["verification"];
    let ranges = verification["ranges"].as_array().unwrap();
    let google = ranges
        .iter()
        .find(|f| f["file"] == "common-crawlers.json")
        .unwrap();
    assert_eq!(google["origin"], "snapshot");
    assert_eq!(google["operator"], "Google");
    assert!(google["creation_time"].as_str().unwrap().starts_with("20"));
    assert!(verification["snapshot"].as_str().is_some());
    assert_eq!(verification["dns"]["enabled"], false);
    assert_eq!(verification["dns"]["asked"], 0);
    assert_eq!(verification["dns"]["not_asked"], 2);
    assert_eq!(
        verification["dns"]["not_asked_crawlers"],
        json!([{"token": "YandexBot", "requests": 2}])
    );
    assert_eq!(verification["no_client_address"], 0);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.matches("only reverse DNS").count(), 1, "{stderr}");
    assert!(stderr.contains("YandexBot (2)"), "{stderr}");
    // The table says it too.
    let out = robots(&["audit", robots_txt.path(), log_file.path()], b"");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("IP range file(s) (bundled snapshot of")
            && stdout.contains("reverse DNS not asked"),
        "{stdout}"
    );
    // The HTML report lists them in its verification section.
    let out = robots(
        &[
            "audit",
            robots_txt.path(),
            log_file.path(),
            "--format",
            "html",
        ],
        b"",
    );
    let page = String::from_utf8_lossy(&out.stdout);
    assert!(
        page.contains(r#"data-testid="audit-dns-not-asked" data-count="1" data-requests="2""#)
            && page.contains(
                r#"data-testid="audit-dns-not-asked-crawler" data-token="YandexBot" data-requests="2""#
            ),
        "{page}"
    );
}

const OLD: &str = "User-agent: *\nDisallow: /admin/\n";
const NEW: &str = "User-agent: *\nDisallow: /admin/\nDisallow: /blog/\n";

/// Requests 1 hour and 25 hours after the change to NEW, at 2026-11-28T12:00:00Z.
fn versions_log() -> String {
    let line = |day: u32, hour: u32, target: &str| {
        format!("132.196.86.5 - - [{day}/Nov/2026:{hour:02}:00:00 +0000] \"GET {target} HTTP/1.1\" 200 10 \"-\" \"{GPTBOT}\"\n")
    };
    [
        line(28, 11, "/blog/before"),
        line(28, 13, "/blog/cached"),
        line(29, 13, "/blog/late"),
    ]
    .concat()
}

#[test]
fn audit_judges_each_request_by_the_versions_in_force_then() {
    let old = Temp::new("old.txt", OLD.as_bytes());
    let new = Temp::new("new.txt", NEW.as_bytes());
    let log_file = Temp::new("access.log", versions_log().as_bytes());
    let new_spec = format!("{}@2026-11-28T12:00:00Z", new.path());
    let out = robots(
        &[
            "audit",
            "--robots",
            old.path(),
            "--robots",
            &new_spec,
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
    assert_eq!(report["cache_window_s"], 86_400);
    let gpt = &report["crawlers"][0];
    assert_eq!(
        (
            gpt["requests"].clone(),
            gpt["violations"].clone(),
            gpt["stale_cache"].clone()
        ),
        (json!(3), json!(1), json!(1))
    );
    let late = &gpt["examples"]["violations"][0];
    assert_eq!(late["url"], "/blog/late");
    assert_eq!(late["version"]["since"], "2026-11-28T12:00:00Z");
    assert_eq!(
        (late["rule_line"].clone(), late["rule"].clone()),
        (json!(3), json!("Disallow: /blog/"))
    );
    let cached = &gpt["examples"]["stale_cache"][0];
    assert_eq!(cached["url"], "/blog/cached");
    assert_eq!(cached["allowed_by"]["file"], old.path());
    assert_eq!(cached["allowed_by"]["since"], Value::Null);
    // A cache window of an hour: 13:00 is no longer within it.
    let out = robots(
        &[
            "audit",
            "--robots",
            old.path(),
            "--robots",
            &new_spec,
            log_file.path(),
            "--format",
            "json",
            "--cache-window",
            "60m",
        ],
        b"",
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["crawlers"][0]["violations"], 2);
    assert_eq!(report["crawlers"][0]["stale_cache"], 0);
    // The human output shows the stale-cache request with the version that allowed it.
    let out = robots(
        &[
            "audit",
            "--robots",
            old.path(),
            "--robots",
            &new_spec,
            log_file.path(),
        ],
        b"",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("GPTBot (verified): 1 stale-cache request(s), first:"),
        "{text}"
    );
    assert!(
        text.contains(&format!("allowed by {} (no rule)", old.path())),
        "{text}"
    );
    // Only the new version, dated: the first request comes before it, unchecked.
    let out = robots(&["audit", "--robots", &new_spec, log_file.path()], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("1 sent before the first robots.txt version's start"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn audit_reads_a_folder_of_dated_copies() {
    let dir = std::env::temp_dir().join(format!("robots-cli-test-{}-dated", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("shop.example")).unwrap();
    std::fs::write(dir.join("shop.example/2026-11-01T00-00-00Z.txt"), OLD).unwrap();
    std::fs::write(dir.join("shop.example/2026-11-28T12:00:00Z.txt"), NEW).unwrap();
    std::fs::write(dir.join("blog.example.txt"), OLD).unwrap();
    std::fs::write(dir.join("blog.example@2026-11-28T12-00-00Z.txt"), NEW).unwrap();
    let log: String = versions_log()
        .lines()
        .flat_map(|l| {
            [
                format!("shop.example:443 {l}\n"),
                format!("blog.example {l}\n"),
            ]
        })
        .collect();
    let out = robots(
        &[
            "audit",
            "--robots-dir",
            dir.to_str().unwrap(),
            "--format",
            "json",
        ],
        log.as_bytes(),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["robots_versions"].as_array().unwrap().len(), 4);
    let gpt = &report["crawlers"][0];
    assert_eq!(
        (
            gpt["requests"].clone(),
            gpt["violations"].clone(),
            gpt["stale_cache"].clone(),
            gpt["hosts"].clone()
        ),
        (json!(6), json!(2), json!(2), json!(2))
    );
    std::fs::write(dir.join("shop.example/yesterday.txt"), NEW).unwrap();
    let out = robots(
        &["audit", "--robots-dir", dir.to_str().unwrap()],
        log.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("yesterday.txt"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn audit_usage_errors_exit_2() {
    for args in [
        &["audit"][..],
        &["audit", "--robots", "no-equals-sign", "x.log"],
        &["audit", "-"],
        &["audit", "missing-robots.txt", "x.log"],
        &["audit", "--json-field", "colour=x", "r.txt"],
        &["audit", "--robots", "r.txt@2026-13-45T00:00:00Z", "x.log"],
        &["audit", "--robots", "a=", "x.log"],
        &["audit", "--cache-window", "soon", "r.txt"],
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

/// An IIS log and a CloudFront log (the W3C extended format) audit as the
/// same requests in the Combined Log Format do: `auto` reads each from its
/// `#Fields:` line, with the User-Agent decoded (IIS's `+`, CloudFront's
/// `%20` and `%2520`), the host from `cs-host` or `x-host-header`, and the
/// directives counted apart.
#[test]
fn audit_reads_iis_and_cloudfront_logs_as_it_reads_combined_ones() {
    let robots_txt = Temp::new("robots.txt", ROBOTS.as_bytes());
    let iis = [
        "#Software: Microsoft Internet Information Services 10.0\r\n",
        "#Version: 1.0\r\n",
        "#Date: 2026-11-28 10:00:00\r\n",
        "#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status time-taken\r\n",
        &format!("2026-11-28 10:00:00 10.0.0.1 GET /robots.txt - 443 - 192.178.4.1 {} - 200 0 0 5\r\n", GOOGLEBOT.replace(' ', "+")),
        &format!("2026-11-28 10:00:01 10.0.0.1 GET /private/a - 443 - 192.178.4.1 {} - 200 0 0 5\r\n", GOOGLEBOT.replace(' ', "+")),
        &format!("2026-11-28 10:00:05 10.0.0.1 GET /blog x=1 443 - 192.178.4.1 {} - 200 0 0 5\r\n", GOOGLEBOT.replace(' ', "+")),
    ]
    .concat();
    let cloudfront = [
        "#Version: 1.0\n",
        "#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query x-host-header\n",
        &format!(
            "2026-11-28\t10:00:06\tFRA56-C1\t10\t132.196.86.5\tGET\td1.cloudfront.net\t/blog\t200\t-\t{}\t-\texample.com\n",
            GPTBOT.replacen(' ', "%20", 2).replace(' ', "%2520")
        ),
        "2026-11-28\t10:00:07\tFRA56-C1\t10\t203.0.113.5\tGET\td1.cloudfront.net\t/private/b\t200\t-\tMozilla/5.0%20(X11;%20Linux%20x86_64;%20rv:120.0)%20Gecko/20100101%20Firefox/120.0\t-\texample.com\n",
        "not enough fields\n",
    ]
    .concat();
    let iis_file = Temp::new("u_ex261128.log", iis.as_bytes());
    let cloudfront_file = Temp::new("E2ABC.2026-11-28-10.log", cloudfront.as_bytes());
    let audit = |extra: &[&str]| {
        let mut args = vec![
            "audit",
            robots_txt.path(),
            iis_file.path(),
            cloudfront_file.path(),
        ];
        args.extend_from_slice(extra);
        robots_ok(&args, b"")
    };
    let report: Value = serde_json::from_slice(&audit(&["--format", "json"]).stdout).unwrap();
    // As `log()` in the Combined Log Format: the same verdicts.
    assert_eq!(
        report["summary"],
        "2 of 2 crawlers requested disallowed URLs: Googlebot (verified) (1), GPTBot (verified) (1)"
    );
    assert_eq!(
        (
            report["lines"].clone(),
            report["directives"].clone(),
            report["malformed"].clone(),
            report["browser_requests"].clone()
        ),
        (json!(12), json!(6), json!(1), json!(1))
    );
    let google = &report["crawlers"][0];
    assert_eq!(
        (
            google["token"].clone(),
            google["requests"].clone(),
            google["robots_fetches"].clone()
        ),
        (json!("Googlebot"), json!(2), json!(1))
    );
    assert_eq!(google["examples"]["violations"][0]["url"], "/private/a");
    assert_eq!(google["pace"]["median_interval_s"], 1);
    let gptbot = &report["crawlers"][1];
    assert_eq!(gptbot["per_host"][0]["host"], "example.com", "{gptbot}");
    assert_eq!(
        report["malformed_examples"][0]["reason"],
        "not as many fields as the W3C log's #Fields directive names"
    );
    // Told to read W3C, a Combined Log Format line is malformed, and says why.
    let clf = Temp::new("access.log", log().as_bytes());
    let out = robots(
        &[
            "audit",
            robots_txt.path(),
            clf.path(),
            "--log-format",
            "w3c",
            "--format",
            "json",
        ],
        b"",
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["malformed"], 6, "{report}");
    assert_eq!(
        report["malformed_examples"][0]["reason"],
        "a W3C log line before any #Fields directive"
    );
    // The table's count line names the directives.
    let human = String::from_utf8_lossy(&audit(&[]).stdout).into_owned();
    assert!(
        human.contains("12 lines: 3 crawler requests") && human.contains("6 W3C directives"),
        "{human}"
    );
}
