//! The blocking driver (ureq) against scripted loopback servers.
#![cfg(feature = "ureq")]

use crate::support::{assert_outcome, big_file, FILE};
use robots_fetch::BlockingFetcher;
use robots_fetch::{FetchReason, FetchSettings, Outcome};
use robots_loopback::{After, Body, Reply, Server};
use std::time::Duration;

const LIMIT: usize = 500 * 1024;

fn fetch_with(policy: &FetchSettings, url: &str) -> Outcome {
    BlockingFetcher::new(policy)
        .expect("client")
        .fetch(url)
        .expect("a fetchable URL")
}

fn fetch(url: &str) -> Outcome {
    fetch_with(&FetchSettings::default(), url)
}

#[test]
fn statuses_map_as_rfc_9309_says() {
    for (status, rules, reason) in [
        (200, "parsed", FetchReason::Ok),
        (404, "allow-all", FetchReason::Unavailable),
        (403, "allow-all", FetchReason::Unavailable),
        (429, "disallow-all", FetchReason::RateLimited),
        (500, "disallow-all", FetchReason::Unreachable),
        (503, "disallow-all", FetchReason::Unreachable),
    ] {
        let server = Server::route("/robots.txt", Reply::new(status, FILE));
        let outcome = fetch(&server.url("/private"));
        assert_outcome(&outcome, rules, reason);
        assert_eq!(outcome.status, Some(status));
    }
}

#[test]
fn redirects_are_followed_by_the_state_machine() {
    let other = Server::route("/file.txt", Reply::ok(FILE));
    let target = other.url("/file.txt");
    let first = Server::http(move |seen| match seen.path.as_str() {
        "/robots.txt" => Reply::redirect(301, "/hop"),
        "/hop" => Reply::redirect(302, &target),
        _ => Reply::new(404, ""),
    });
    let outcome = fetch(&first.url("/"));
    assert_outcome(&outcome, "parsed", FetchReason::Ok);
    assert_eq!(outcome.redirects, 2);
    assert_eq!(outcome.final_url, other.url("/file.txt"));
    assert!(!outcome.is_allowed("Bot", first.url("/private")));
    let looping = Server::http(|_| Reply::redirect(302, "/robots.txt?again"));
    let outcome = fetch(&looping.url("/"));
    assert_outcome(&outcome, "allow-all", FetchReason::RedirectLoop);
}

#[test]
fn a_10_mb_body_and_a_lying_content_length_stop_at_the_limit() {
    let server = Server::route("/robots.txt", Reply::ok(big_file(LIMIT, 10 << 20)));
    let outcome = fetch(&server.url("/"));
    assert_outcome(&outcome, "parsed", FetchReason::Ok);
    assert_eq!((outcome.bytes, outcome.truncated), (LIMIT, true));
    assert!(!outcome.is_allowed("Bot", server.url("/before-limit")));
    assert!(outcome.is_allowed("Bot", server.url("/after-limit")));
    let mut raw = b"HTTP/1.1 200 OK\r\nContent-Length: 10000000000\r\n\r\n".to_vec();
    raw.extend_from_slice(&big_file(LIMIT, 1 << 20));
    let liar = Server::raw(raw, After::Hold(Duration::from_secs(30)));
    let outcome = fetch(&liar.url("/"));
    assert_outcome(&outcome, "parsed", FetchReason::Ok);
    assert_eq!((outcome.bytes, outcome.truncated), (LIMIT, true));
}

#[test]
fn broken_connections_disallow_all() {
    let policy = FetchSettings::default().with_timeout(Duration::from_millis(500));
    let stall = Server::route(
        "/robots.txt",
        Reply::ok("").body(Body::Stall(
            "User-agent: *\n".into(),
            Duration::from_secs(30),
        )),
    );
    assert_outcome(
        &fetch_with(&policy, &stall.url("/")),
        "disallow-all",
        FetchReason::Timeout,
    );
    let cut = Server::route(
        "/robots.txt",
        Reply::ok("").body(Body::BreakOff("User-agent: *\n".into())),
    );
    assert_outcome(
        &fetch(&cut.url("/")),
        "disallow-all",
        FetchReason::NetworkError,
    );
    let reset = Server::reset();
    assert_outcome(
        &fetch(&reset.url("/")),
        "disallow-all",
        FetchReason::NetworkError,
    );
}

#[test]
fn gzip_and_brotli_bodies_are_decoded() {
    for (encoding, body) in [
        ("gzip", robots_loopback::gzip(FILE.as_bytes())),
        ("br", robots_loopback::brotli(FILE.as_bytes())),
    ] {
        let server = Server::route(
            "/robots.txt",
            Reply::ok(body).header("Content-Encoding", encoding),
        );
        let outcome = fetch(&server.url("/"));
        assert_outcome(&outcome, "parsed", FetchReason::Ok);
        assert_eq!(outcome.bytes, FILE.len(), "{encoding}");
        assert!(
            !outcome.is_allowed("Bot", server.url("/private")),
            "{encoding}"
        );
    }
}
