//! Contract tests for `robots fetch` and `robots check --fetch`, run in process
//! against scripted servers on 127.0.0.1.

use crate::support::{robots, Output};
use robots_loopback::{Reply, Server};
use serde_json::{json, Value};

const FILE: &str = "User-agent: *\nDisallow: /private\n";

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn json_of(output: &Output) -> Value {
    let text = stdout(output);
    assert_eq!(text.lines().count(), 1, "one object: {text}");
    serde_json::from_str(&text).expect("JSON")
}

#[test]
fn fetch_json_is_the_contract_object() {
    let server = Server::route(
        "/robots.txt",
        Reply::ok(FILE).header("Cache-Control", "max-age=600"),
    );
    let out = robots(&["fetch", &server.url("/some/page"), "--json"], b"");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        json_of(&out),
        json!({
            "robots_url": server.url("/robots.txt"),
            "final_url": server.url("/robots.txt"),
            "status": 200,
            "redirects": 0,
            "outcome": "parsed",
            "reason": "ok",
            "bytes": FILE.len(),
            "truncated": false,
            "expires_in_s": 600,
        })
    );
    let seen = server.seen();
    assert_eq!(
        seen[0].header("user-agent"),
        Some(concat!("robots/", env!("CARGO_PKG_VERSION")))
    );
}

#[test]
fn fetch_reports_every_outcome_with_exit_0() {
    let redirect_target = Server::route("/r.txt", Reply::ok(FILE));
    let target = redirect_target.url("/r.txt");
    let cases = [
        (
            Server::route("/robots.txt", Reply::new(404, "")),
            "allow-all",
            "unavailable",
            json!(404),
        ),
        (
            Server::route("/robots.txt", Reply::new(503, "")),
            "disallow-all",
            "unreachable",
            json!(503),
        ),
        (
            Server::route("/robots.txt", Reply::new(429, "")),
            "disallow-all",
            "rate-limited",
            json!(429),
        ),
        (
            Server::reset(),
            "disallow-all",
            "network-error",
            Value::Null,
        ),
        (
            Server::http(|_| Reply::redirect(302, "/robots.txt?x")),
            "allow-all",
            "redirect-loop",
            json!(302),
        ),
        (
            Server::route("/robots.txt", Reply::redirect(301, &target)),
            "parsed",
            "ok",
            json!(200),
        ),
    ];
    for (server, outcome, reason, status) in cases {
        let out = robots(&["fetch", &server.url("/"), "--json"], b"");
        assert_eq!(out.status.code(), Some(0));
        let object = json_of(&out);
        assert_eq!(
            (object["outcome"].as_str(), object["reason"].as_str()),
            (Some(outcome), Some(reason))
        );
        assert_eq!(object["status"], status);
    }
    let out = robots(&["fetch", &redirect_target.url("/"), "--json"], b"");
    assert_eq!(json_of(&out)["redirects"], json!(0));
}

/// A body that is no robots.txt is reported, on stderr and as `warnings`, while
/// the outcome stays what RFC 9309 makes of it (parsed, with no rules).
#[test]
fn fetch_warns_about_html_utf16_and_binary_bodies() {
    let html =
        b"<!DOCTYPE html>\n<html><head><title>Not Found</title></head><body>Sorry</body></html>\n"
            .to_vec();
    let mut utf16 = vec![0xff, 0xfe];
    for unit in "User-agent: *\nDisallow: /x\n".encode_utf16() {
        utf16.extend_from_slice(&unit.to_le_bytes());
    }
    let binary = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01".to_vec();
    for (body, what) in [
        (html, "an HTML page"),
        (utf16, "UTF-16 text"),
        (binary, "binary data"),
    ] {
        let server = Server::route("/robots.txt", Reply::ok(body));
        let warning = format!(
            "{} served {what}, not a robots.txt: crawlers find no rules in it",
            server.url("/robots.txt")
        );
        let out = robots(&["fetch", &server.url("/"), "--json"], b"");
        assert_eq!(out.status.code(), Some(0));
        let object = json_of(&out);
        assert_eq!(
            (object["outcome"].as_str(), object["reason"].as_str()),
            (Some("parsed"), Some("ok")),
            "{object}"
        );
        assert_eq!(object["warnings"], json!([warning]), "{what}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(&format!("robots: warning: {warning}")),
            "{stderr}"
        );
        let out = robots(&["fetch", &server.url("/")], b"");
        assert!(
            stdout(&out).contains("outcome: parsed\n"),
            "{}",
            stdout(&out)
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(&format!("robots: warning: {warning}")),
            "{stderr}"
        );
    }
}

/// A failed connection says why: here a port nothing listens on.
#[test]
fn fetch_names_a_refused_connection() {
    // A port that was just free on the loopback address: nothing listens on it now.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free loopback port")
        .port();
    let url = format!("http://127.0.0.1:{port}/page");
    let out = robots(&["fetch", &url, "--json"], b"");
    assert_eq!(out.status.code(), Some(0));
    let object = json_of(&out);
    assert_eq!(
        (object["reason"].as_str(), object["detail"].as_str()),
        (Some("network-error"), Some("connection-refused")),
        "{object}"
    );
    assert_eq!(object["status"], Value::Null);
    assert!(object.get("warnings").is_none(), "{object}");
    let out = robots(&["fetch", &url], b"");
    let text = stdout(&out);
    assert!(
        text.contains("reason: network-error\ndetail: connection refused\n"),
        "{text}"
    );
}

#[test]
fn fetch_options_reach_the_request_and_the_limit() {
    let mut body = FILE.as_bytes().to_vec();
    body.resize(800_000, b'#');
    let server = Server::route("/robots.txt", Reply::ok(body));
    let out = robots(
        &[
            "fetch",
            &server.url("/"),
            "--agent",
            "FooBot",
            "--profile",
            "google",
            "--max-bytes",
            "600000",
            "--timeout",
            "5",
            "--json",
        ],
        b"",
    );
    let object = json_of(&out);
    assert_eq!(
        (object["bytes"].clone(), object["truncated"].clone()),
        (json!(600_000), json!(true))
    );
    assert_eq!(
        server.seen()[0].header("user-agent"),
        Some(concat!("robots/", env!("CARGO_PKG_VERSION"), " FooBot"))
    );
    let out = robots(
        &[
            "fetch",
            &server.url("/"),
            "--user-agent",
            "Custom/1.0",
            "--max-bytes",
            "1",
        ],
        b"",
    );
    assert_eq!(server.seen()[1].header("user-agent"), Some("Custom/1.0"));
    // Human output: name: value lines; the limit never goes below 500 KiB.
    let text = stdout(&out);
    assert!(text.contains("outcome: parsed\n"), "{text}");
    assert!(text.contains("bytes: 512000\n"), "{text}");
    assert!(text.contains("truncated: true\n"), "{text}");
}

#[test]
fn fetch_usage_errors_exit_2() {
    for args in [
        &["fetch", "ftp://example.com/"][..],
        &["fetch", "/relative"],
        &["fetch", "http://127.0.0.1:1/", "--profile", "draft1996"],
        &["fetch", "http://127.0.0.1:1/", "--timeout", "0"],
        &["fetch"],
    ] {
        let out = robots(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with("robots: ") && err.lines().count() == 1,
            "{err}"
        );
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn check_fetch_judges_each_url_against_its_own_origin() {
    let a = Server::route("/robots.txt", Reply::ok(FILE));
    let b = Server::route("/robots.txt", Reply::new(503, ""));
    let c = Server::route("/robots.txt", Reply::new(404, ""));
    let urls = [
        a.url("/private/x"),
        a.url("/public"),
        b.url("/public"),
        "/relative/path".to_owned(),
        c.url("/private/x"),
        "mailto:someone@example.com".to_owned(),
    ];
    let args: Vec<&str> = ["check", "--fetch", "--agent", "Bot"]
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
    assert_eq!(
        stdout(&out),
        format!(
            "disallowed\t{}\nallowed\t{}\ndisallowed\t{}\nerror\t/relative/path\tnot an absolute URL\nallowed\t{}\nerror\tmailto:someone@example.com\tnot an http or https URL\n",
            urls[0], urls[1], urls[2], urls[4]
        )
    );
    assert_eq!((a.hits(), b.hits(), c.hits()), (1, 1, 1));
    // The same from standard input, with no errors: exit 0.
    let input = format!("{}\r\n{}\n", urls[0], urls[1]);
    let out = robots(
        &[
            "check",
            "--fetch",
            "--agent",
            "Bot",
            "--timeout",
            "3",
            "--concurrency",
            "2",
        ],
        input.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        format!("disallowed\t{}\nallowed\t{}\n", urls[0], urls[1])
    );
}

#[test]
fn check_fetch_fetches_each_of_fifty_origins_once_for_ten_thousand_urls() {
    let servers: Vec<Server> = (0..50)
        .map(|_| Server::route("/robots.txt", Reply::ok(FILE)))
        .collect();
    let mut input = String::new();
    let mut expected = String::new();
    for n in 0..10_000 {
        let path = if n % 3 == 0 {
            format!("/private/{n}")
        } else {
            format!("/page/{n}")
        };
        let url = servers[(n * 7) % 50].url(&path);
        input.push_str(&url);
        input.push('\n');
        expected.push_str(if n % 3 == 0 {
            "disallowed\t"
        } else {
            "allowed\t"
        });
        expected.push_str(&url);
        expected.push('\n');
    }
    let out = robots(
        &["check", "--fetch", "--agent", "Bot", "--concurrency", "8"],
        input.as_bytes(),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout(&out) == expected, "verdicts differ");
    assert_eq!(servers.iter().map(Server::hits).sum::<usize>(), 50);
    assert!(servers.iter().all(|s| s.hits() == 1));
}

#[test]
fn check_fetch_usage_errors_exit_2() {
    for args in [
        &[
            "check",
            "--fetch",
            "--agent",
            "Bot",
            "--robots",
            "x.txt",
            "http://a.example/",
        ][..],
        &[
            "check",
            "--fetch",
            "--agent",
            "Bot",
            "--profile",
            "draft1996",
            "http://a.example/",
        ],
        &["check", "--agent", "Bot", "--timeout", "3", "/x"],
        &["check", "--agent", "Bot", "/x"],
        &["check", "--fetch", "http://a.example/"],
        &["explain", "--agent", "Bot", "/x"],
    ] {
        let out = robots(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    // Without --fetch the robots.txt file is required, as it always was.
    let out = robots(&["check", "--agent", "Bot"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "robots: the following required arguments were not provided: <FILE>\n"
    );
}
