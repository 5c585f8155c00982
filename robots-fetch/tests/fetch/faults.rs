//! The async driver (reqwest) against scripted loopback servers: every status
//! class, redirects, limits, broken connections, encodings, caching headers.
#![cfg(feature = "reqwest")]
// A test may index: a panic there is a failed test, with its location.
#![allow(clippy::indexing_slicing)]

use crate::support::{assert_outcome, big_file, FILE};
use robots_fetch::{AsyncFetcher, Driver};
use robots_fetch::{FetchReason, FetchSettings, Outcome, Previous, RobotsFetch};
use robots_loopback::{After, Body, Reply, Server};
use std::sync::Arc;
use std::time::Duration;

const LIMIT: usize = 500 * 1024;

async fn fetch_with(policy: &FetchSettings, url: &str) -> Outcome {
    let fetcher = AsyncFetcher::new().expect("client");
    fetcher.fetch(url, policy).await.expect("a fetchable URL")
}

async fn fetch(url: &str) -> Outcome {
    fetch_with(&FetchSettings::default(), url).await
}

#[tokio::test]
async fn a_200_is_parsed_and_obeyed() {
    let server = Server::route("/robots.txt", Reply::ok(FILE));
    let outcome = fetch(&server.url("/some/page?q=1")).await;
    assert_outcome(&outcome, "parsed", FetchReason::Ok);
    assert_eq!(outcome.status, Some(200));
    assert_eq!(outcome.robots_url, server.url("/robots.txt"));
    assert_eq!(outcome.bytes, FILE.len());
    assert_eq!(outcome.expires_in, Duration::from_secs(86_400));
    assert!(!outcome.is_allowed("Bot", server.url("/private/x")));
    assert!(outcome.is_allowed("Bot", server.url("/public")));
    assert_eq!(server.hits(), 1);
    let seen = &server.seen()[0];
    assert_eq!(seen.path, "/robots.txt");
    assert!(seen.header("user-agent").unwrap().starts_with("robots/"));
    assert!(seen.header("accept").unwrap().starts_with("text/plain"));
    assert!(seen.header("accept-encoding").unwrap().contains("gzip"));
}

#[tokio::test]
async fn every_status_class() {
    let cases: &[(u16, &str, FetchReason)] = &[
        (204, "parsed", FetchReason::Ok),
        (400, "allow-all", FetchReason::Unavailable),
        (401, "allow-all", FetchReason::Unavailable),
        (403, "allow-all", FetchReason::Unavailable),
        (404, "allow-all", FetchReason::Unavailable),
        (410, "allow-all", FetchReason::Unavailable),
        (429, "disallow-all", FetchReason::RateLimited),
        (500, "disallow-all", FetchReason::Unreachable),
        (502, "disallow-all", FetchReason::Unreachable),
        (503, "disallow-all", FetchReason::Unreachable),
        (504, "disallow-all", FetchReason::Unreachable),
        (300, "allow-all", FetchReason::BadRedirect),
    ];
    for &(status, rules, reason) in cases {
        // Every body allows everything: a 5xx body must never be read as rules.
        let server = Server::route(
            "/robots.txt",
            Reply::new(status, "User-agent: *\nAllow: /\n"),
        );
        let outcome = fetch(&server.url("/")).await;
        assert_outcome(&outcome, rules, reason);
        assert_eq!(outcome.status, Some(status));
        if rules == "disallow-all" {
            assert_eq!(outcome.bytes, 0, "a {status} body is never read");
            assert_eq!(
                outcome.expires_in,
                Duration::from_secs(60),
                "retried after a minute"
            );
        }
    }
}

#[tokio::test]
async fn auth_errors_can_disallow_all() {
    let policy = FetchSettings::default().with_auth_errors_disallow(true);
    for status in [401, 403] {
        let server = Server::route("/robots.txt", Reply::new(status, ""));
        assert_outcome(
            &fetch_with(&policy, &server.url("/")).await,
            "disallow-all",
            FetchReason::Forbidden,
        );
    }
}

/// A server with a redirect chain: `/robots.txt` → `/r1` → … → `/r{hops}` → the file.
fn chain(hops: usize) -> Server {
    Server::http(move |seen| {
        let step = match seen.path.as_str() {
            "/robots.txt" => 0,
            path => path
                .trim_start_matches("/r")
                .parse::<usize>()
                .unwrap_or(usize::MAX),
        };
        if step < hops {
            // Alternate relative and absolute locations, and the redirect codes.
            let code = [301, 302, 303, 307, 308][step % 5];
            if step % 2 == 0 {
                Reply::redirect(code, &format!("/r{}", step + 1))
            } else {
                Reply::redirect(code, &format!("r{}", step + 1))
            }
        } else if step == hops {
            Reply::ok(FILE)
        } else {
            Reply::new(404, "")
        }
    })
}

#[tokio::test]
async fn redirect_chains_of_one_to_five_hops_are_followed() {
    for hops in 1..=5 {
        let server = chain(hops);
        let outcome = fetch(&server.url("/page")).await;
        assert_outcome(&outcome, "parsed", FetchReason::Ok);
        assert_eq!(usize::from(outcome.redirects), hops);
        assert_eq!(outcome.final_url, server.url(&format!("/r{hops}")));
        assert_eq!(outcome.robots_url, server.url("/robots.txt"));
        assert!(!outcome.is_allowed("Bot", server.url("/private")));
        assert_eq!(server.hits(), hops + 1);
    }
}

#[tokio::test]
async fn six_hops_are_too_many_and_loops_are_caught() {
    let server = chain(6);
    let outcome = fetch(&server.url("/")).await;
    assert_outcome(&outcome, "allow-all", FetchReason::TooManyRedirects);
    assert_eq!(outcome.redirects, 5);
    assert_eq!(server.hits(), 6, "the sixth Location is not requested");

    let looping = Server::http(|seen| match seen.path.as_str() {
        "/robots.txt" => Reply::redirect(302, "/a"),
        "/a" => Reply::redirect(302, "/b"),
        _ => Reply::redirect(302, "/robots.txt"),
    });
    let outcome = fetch(&looping.url("/")).await;
    assert_outcome(&outcome, "allow-all", FetchReason::RedirectLoop);
    assert_eq!(looping.hits(), 3);
}

#[tokio::test]
async fn a_redirect_to_another_port_is_followed_for_the_original_origin() {
    let other = Server::route("/moved.txt", Reply::ok(FILE));
    let target = other.url("/moved.txt");
    let first = Server::route("/robots.txt", Reply::redirect(301, &target));
    let outcome = fetch(&first.url("/x")).await;
    assert_outcome(&outcome, "parsed", FetchReason::Ok);
    assert_eq!(outcome.robots_url, first.url("/robots.txt"));
    assert_eq!(outcome.final_url, target);
    assert_eq!((first.hits(), other.hits()), (1, 1));
    assert!(!outcome.is_allowed("Bot", first.url("/private")));
}

#[tokio::test]
async fn a_10_mb_body_is_read_up_to_the_limit_only() {
    let body = big_file(LIMIT, 10 << 20);
    let server = Server::route("/robots.txt", Reply::ok(body));
    let outcome = fetch(&server.url("/")).await;
    assert_outcome(&outcome, "parsed", FetchReason::Ok);
    assert!(outcome.truncated);
    assert_eq!(outcome.bytes, LIMIT);
    assert!(!outcome.is_allowed("Bot", server.url("/before-limit")));
    assert!(outcome.is_allowed("Bot", server.url("/after-limit")));
    // A larger configured limit reads the rule past 500 KiB.
    let policy = FetchSettings::default().with_max_bytes(LIMIT * 2);
    let outcome = fetch_with(&policy, &server.url("/")).await;
    assert_eq!(outcome.bytes, LIMIT * 2);
    assert!(!outcome.is_allowed("Bot", server.url("/after-limit")));
}

#[tokio::test]
async fn a_content_length_claiming_gigabytes_is_not_believed() {
    let mut raw =
        b"HTTP/1.1 200 OK\r\nContent-Length: 10000000000\r\nConnection: close\r\n\r\n".to_vec();
    raw.extend_from_slice(&big_file(LIMIT, 2 << 20));
    let server = Server::raw(raw, After::Hold(Duration::from_secs(30)));
    let outcome = fetch(&server.url("/")).await;
    assert_outcome(&outcome, "parsed", FetchReason::Ok);
    assert!(outcome.truncated);
    assert_eq!(outcome.bytes, LIMIT);
    assert!(!outcome.is_allowed("Bot", server.url("/before-limit")));
}

#[tokio::test]
async fn a_content_length_shorter_than_the_body_ends_the_body() {
    let raw = b"HTTP/1.1 200 OK\r\nContent-Length: 27\r\nConnection: close\r\n\r\nUser-agent: *\nDisallow: /a\nDisallow: /b\n";
    let server = Server::raw(&raw[..], After::Close);
    let outcome = fetch(&server.url("/")).await;
    assert_outcome(&outcome, "parsed", FetchReason::Ok);
    assert_eq!(outcome.bytes, 27);
    assert!(!outcome.is_allowed("Bot", server.url("/a")));
    assert!(outcome.is_allowed("Bot", server.url("/b")));
}

#[tokio::test]
async fn a_content_length_longer_than_the_body_is_a_broken_connection() {
    let raw = b"HTTP/1.1 200 OK\r\nContent-Length: 5000\r\nConnection: close\r\n\r\nUser-agent: *\nAllow: /\n";
    let server = Server::raw(&raw[..], After::Close);
    let outcome = fetch(&server.url("/")).await;
    assert_outcome(&outcome, "disallow-all", FetchReason::NetworkError);
    assert_eq!(outcome.status, None);
}

#[tokio::test]
async fn a_body_that_stalls_past_the_timeout() {
    let reply = Reply::ok("").body(Body::Stall(
        "User-agent: *\nAllow: /\n".into(),
        Duration::from_secs(30),
    ));
    let server = Server::route("/robots.txt", reply);
    let policy = FetchSettings::default().with_timeout(Duration::from_millis(500));
    let outcome = fetch_with(&policy, &server.url("/")).await;
    assert_outcome(&outcome, "disallow-all", FetchReason::Timeout);
    // A server that never answers at all.
    let silent = Server::raw(Vec::new(), After::Hold(Duration::from_secs(30)));
    let outcome = fetch_with(&policy, &silent.url("/")).await;
    assert_outcome(&outcome, "disallow-all", FetchReason::Timeout);
}

#[tokio::test]
async fn a_connection_closed_mid_body() {
    let reply = Reply::ok("").body(Body::BreakOff("User-agent: *\nAllow: /\n".into()));
    let server = Server::route("/robots.txt", reply);
    let outcome = fetch(&server.url("/")).await;
    assert_outcome(&outcome, "disallow-all", FetchReason::NetworkError);
}

#[tokio::test]
async fn a_connection_reset_or_refused_before_any_response() {
    let server = Server::reset();
    let outcome = fetch(&server.url("/")).await;
    assert_outcome(&outcome, "disallow-all", FetchReason::NetworkError);
    assert_eq!(outcome.status, None);
    assert!(server.hits() >= 1);
    // Nobody listens on a port that was just released.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let outcome = fetch(&format!("http://127.0.0.1:{port}/")).await;
    assert_outcome(&outcome, "disallow-all", FetchReason::NetworkError);
}

#[tokio::test]
async fn gzip_and_brotli_bodies_are_decoded() {
    for (encoding, body) in [
        ("gzip", robots_loopback::gzip(FILE.as_bytes())),
        ("br", robots_loopback::brotli(FILE.as_bytes())),
    ] {
        let server = Server::route(
            "/robots.txt",
            Reply::ok(body).header("Content-Encoding", encoding),
        );
        let outcome = fetch(&server.url("/")).await;
        assert_outcome(&outcome, "parsed", FetchReason::Ok);
        assert_eq!(outcome.bytes, FILE.len(), "{encoding}: the decoded length");
        assert!(
            !outcome.is_allowed("Bot", server.url("/private")),
            "{encoding}"
        );
    }
    // A compressed bomb is read only up to the limit, decoded.
    let bomb = robots_loopback::gzip(&vec![b'#'; 20 << 20]);
    let server = Server::route(
        "/robots.txt",
        Reply::ok(bomb).header("Content-Encoding", "gzip"),
    );
    let outcome = fetch(&server.url("/")).await;
    assert_outcome(&outcome, "parsed", FetchReason::Ok);
    assert_eq!((outcome.bytes, outcome.truncated), (LIMIT, true));
}

#[tokio::test]
async fn an_html_error_page_with_200_has_no_rules() {
    let page = "<!DOCTYPE html>\n<html><head><title>Oops</title></head>\n<body><p>Disallow: nothing here</p></body></html>\n";
    let server = Server::route(
        "/robots.txt",
        Reply::ok(page).header("Content-Type", "text/html"),
    );
    let outcome = fetch(&server.url("/")).await;
    assert_outcome(&outcome, "parsed", FetchReason::Ok);
    assert_eq!(outcome.rules.policy().unwrap().rule_count(), 0);
    assert!(outcome.is_allowed("Bot", server.url("/anything")));
}

#[tokio::test]
async fn cache_control_max_age_and_no_store() {
    let server = Server::route(
        "/robots.txt",
        Reply::ok(FILE).header("Cache-Control", "public, max-age=120"),
    );
    let outcome = fetch(&server.url("/")).await;
    assert_outcome(&outcome, "parsed", FetchReason::Ok);
    assert_eq!(outcome.expires_in, Duration::from_secs(120));
    assert!(outcome.store);
    let server = Server::route(
        "/robots.txt",
        Reply::ok(FILE).header("Cache-Control", "no-store"),
    );
    let outcome = fetch(&server.url("/")).await;
    assert_outcome(&outcome, "parsed", FetchReason::Ok);
    assert_eq!((outcome.store, outcome.expires_in), (false, Duration::ZERO));
    assert!(outcome.copy.is_none());
}

#[tokio::test]
async fn etag_revalidation_keeps_the_copy_without_a_reparse() {
    let server = Server::http(|seen| {
        if seen.header("if-none-match") == Some("\"v1\"") {
            Reply::new(304, "").header("Cache-Control", "max-age=600")
        } else {
            Reply::ok(FILE)
                .header("ETag", "\"v1\"")
                .header("Last-Modified", "Wed, 21 Oct 2015 07:28:00 GMT")
        }
    });
    let fetcher = AsyncFetcher::new().unwrap();
    let policy = FetchSettings::default();
    let first = fetcher.fetch(&server.url("/"), &policy).await.unwrap();
    assert_outcome(&first, "parsed", FetchReason::Ok);
    let copy = first.copy.clone().expect("a copy to keep");
    let previous = Previous {
        copy: Some(copy.clone()),
        ..Previous::default()
    };
    let again = RobotsFetch::revalidate(&server.url("/"), &policy, previous).unwrap();
    let second = fetcher.run(again).await;
    assert_outcome(&second, "parsed", FetchReason::NotModified);
    assert_eq!(second.status, Some(304));
    assert_eq!(second.expires_in, Duration::from_secs(600));
    assert!(
        Arc::ptr_eq(second.rules.policy().unwrap(), &copy.policy),
        "not re-parsed"
    );
    let seen = server.seen();
    assert_eq!(seen[1].header("if-none-match"), Some("\"v1\""));
    assert_eq!(
        seen[1].header("if-modified-since"),
        Some("Wed, 21 Oct 2015 07:28:00 GMT")
    );
}

#[tokio::test]
async fn a_5xx_after_a_good_copy_keeps_the_copy() {
    let good = Server::route("/robots.txt", Reply::ok(FILE));
    let first = fetch(&good.url("/")).await;
    let previous = Previous {
        copy: first.copy.clone(),
        ..Previous::default()
    };
    let failing = Server::route("/robots.txt", Reply::new(503, "down"));
    // The same copy, now served by a failing origin (the copy is what matters).
    let mut previous = previous;
    if let Some(copy) = previous.copy.as_mut() {
        copy.validators.url = failing.url("/robots.txt");
    }
    let again =
        RobotsFetch::revalidate(&failing.url("/"), &FetchSettings::default(), previous).unwrap();
    let outcome = AsyncFetcher::new().unwrap().run(again).await;
    assert_outcome(&outcome, "parsed", FetchReason::Unreachable);
    assert_eq!(outcome.status, Some(503));
    assert!(!outcome.is_allowed("Bot", failing.url("/private")));
    assert!(outcome.is_allowed("Bot", failing.url("/public")));
    assert_eq!(outcome.expires_in, Duration::from_secs(60));
}

/// A refused connection and a timeout end as before (network error, timeout),
/// and the outcome says which failure it was.
#[tokio::test]
async fn a_failure_carries_its_detail() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free loopback port")
        .port();
    let outcome = fetch(&format!("http://127.0.0.1:{port}/")).await;
    assert_outcome(&outcome, "disallow-all", FetchReason::NetworkError);
    assert_eq!(
        outcome.failure,
        Some(robots_fetch::Failure::ConnectionRefused)
    );
    assert_eq!(outcome.status, None);

    let silent = Server::raw(Vec::new(), After::Hold(Duration::from_secs(30)));
    let policy = FetchSettings::default().with_timeout(Duration::from_millis(300));
    let outcome = fetch_with(&policy, &silent.url("/")).await;
    assert_outcome(&outcome, "disallow-all", FetchReason::Timeout);
    assert_eq!(outcome.failure, Some(robots_fetch::Failure::Timeout));

    // A response, even a failing one, has no failure detail.
    let server = Server::route("/robots.txt", Reply::new(503, ""));
    assert_eq!(fetch(&server.url("/")).await.failure, None);
}
