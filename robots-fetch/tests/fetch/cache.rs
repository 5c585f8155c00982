//! `PolicyCache` over the reqwest driver against loopback origins: single-flight,
//! expiry per outcome, negative caching, revalidation, outages, the byte bound.
#![cfg(all(feature = "reqwest", feature = "cache"))]

use crate::support::{assert_outcome, ManualClock, FILE};
use robots_fetch::{AsyncFetcher, FetchReason, FetchSettings, PolicyCache, PolicyCacheBuilder};
use robots_loopback::{Reply, Server};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

fn cache(policy: FetchSettings) -> Arc<PolicyCache<AsyncFetcher>> {
    Arc::new(PolicyCache::new(
        AsyncFetcher::new().expect("client"),
        policy,
    ))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn ten_thousand_urls_over_fifty_origins_from_eight_tasks_fetch_fifty_times() {
    let servers: Arc<Vec<Server>> = Arc::new(
        (0..50)
            .map(|_| {
                // Slow enough that many tasks ask for an origin while its fetch is in flight.
                Server::route(
                    "/robots.txt",
                    Reply::ok(FILE).body(robots_loopback::Body::Chunks(
                        vec![FILE.into()],
                        Duration::from_millis(20),
                    )),
                )
            })
            .collect(),
    );
    let cache = cache(FetchSettings::default());
    let mut tasks = Vec::new();
    for task in 0..8 {
        let (cache, servers) = (Arc::clone(&cache), Arc::clone(&servers));
        tasks.push(tokio::spawn(async move {
            let mut verdicts = (0, 0);
            for i in 0..1250 {
                let n = task * 1250 + i;
                let server = &servers[n % 50];
                let path = if n % 3 == 0 {
                    format!("/private/{n}")
                } else {
                    format!("/page/{n}")
                };
                let allowed = cache.is_allowed("Bot", &server.url(&path)).await.unwrap();
                assert_eq!(allowed, n % 3 != 0, "{path}");
                if allowed {
                    verdicts.0 += 1;
                } else {
                    verdicts.1 += 1;
                }
            }
            verdicts
        }));
    }
    let mut total = (0, 0);
    for task in tasks {
        let (allowed, disallowed) = task.await.unwrap();
        total = (total.0 + allowed, total.1 + disallowed);
    }
    assert_eq!(total.0 + total.1, 10_000);
    let fetches: usize = servers.iter().map(Server::hits).sum();
    assert_eq!(fetches, 50);
    assert!(servers.iter().all(|s| s.hits() == 1));
    // Exact without any maintenance call first.
    assert_eq!(cache.origin_count().await, 50);
}

#[tokio::test]
async fn max_age_is_one_fetch_and_no_store_is_a_fetch_per_lookup() {
    let kept = Server::route(
        "/robots.txt",
        Reply::ok(FILE).header("Cache-Control", "max-age=3600"),
    );
    let unkept = Server::route(
        "/robots.txt",
        Reply::ok(FILE).header("Cache-Control", "no-store"),
    );
    let cache = cache(FetchSettings::default());
    for _ in 0..3 {
        assert!(!cache
            .is_allowed("Bot", &kept.url("/private"))
            .await
            .unwrap());
        assert!(!cache
            .is_allowed("Bot", &unkept.url("/private"))
            .await
            .unwrap());
    }
    assert_eq!(kept.hits(), 1);
    assert_eq!(unkept.hits(), 3);
    let entry = cache.get(&kept.url("/")).await.unwrap();
    assert_outcome(entry.outcome(), "parsed", FetchReason::Ok);
    assert_eq!(entry.outcome().expires_in, Duration::from_secs(3600));
}

#[tokio::test]
async fn unreachable_and_unavailable_answers_are_cached_too() {
    let down = Server::route("/robots.txt", Reply::new(503, ""));
    let missing = Server::route("/robots.txt", Reply::new(404, ""));
    let cache = cache(FetchSettings::default());
    for _ in 0..100 {
        assert!(!cache.is_allowed("Bot", &down.url("/x")).await.unwrap());
        assert!(cache.is_allowed("Bot", &missing.url("/x")).await.unwrap());
    }
    assert_eq!((down.hits(), missing.hits()), (1, 1));
    let entry = cache.get(&down.url("/")).await.unwrap();
    assert_outcome(entry.outcome(), "disallow-all", FetchReason::Unreachable);
}

#[tokio::test]
async fn an_expired_copy_is_revalidated_once_while_served_stale() {
    let server = Server::http(|seen| {
        if seen.header("if-none-match") == Some("\"v1\"") {
            Reply::new(304, "").header("Cache-Control", "max-age=3600")
        } else {
            Reply::ok(FILE)
                .header("ETag", "\"v1\"")
                .header("Cache-Control", "max-age=1")
        }
    });
    let policy =
        FetchSettings::default().with_ttl_bounds(Duration::ZERO, Duration::from_secs(86_400));
    let clock = ManualClock::new();
    let cache = PolicyCacheBuilder::new()
        .clock(clock.clone())
        .build(AsyncFetcher::new().unwrap(), policy);
    let first = cache.get(&server.url("/")).await.unwrap();
    assert_outcome(first.outcome(), "parsed", FetchReason::Ok);
    // Still fresh a moment before its second is up: no request.
    clock.advance(Duration::from_millis(900));
    assert!(!cache
        .is_allowed("Bot", &server.url("/private"))
        .await
        .unwrap());
    assert_eq!(server.hits(), 1);
    clock.advance(Duration::from_millis(200));
    let second = cache.get(&server.url("/")).await.unwrap();
    assert_outcome(second.outcome(), "parsed", FetchReason::NotModified);
    let same = Arc::ptr_eq(
        first.rules().policy().unwrap(),
        second.rules().policy().unwrap(),
    );
    assert!(same, "a 304 re-parses nothing");
    for _ in 0..10 {
        assert!(!cache
            .is_allowed("Bot", &server.url("/private"))
            .await
            .unwrap());
    }
    assert_eq!(server.hits(), 2);
    assert_eq!(server.seen()[1].header("if-none-match"), Some("\"v1\""));
}

#[tokio::test]
async fn a_5xx_after_a_good_copy_keeps_the_copy_in_the_cache() {
    let failing = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&failing);
    let server = Server::http(move |_| {
        if flag.load(Ordering::SeqCst) {
            Reply::new(500, "User-agent: *\nAllow: /\n")
        } else {
            Reply::ok(FILE).header("Cache-Control", "max-age=1")
        }
    });
    let policy =
        FetchSettings::default().with_ttl_bounds(Duration::ZERO, Duration::from_secs(86_400));
    let clock = ManualClock::new();
    let cache = PolicyCacheBuilder::new()
        .stale_window(Duration::ZERO)
        .clock(clock.clone())
        .build(AsyncFetcher::new().unwrap(), policy);
    assert!(!cache
        .is_allowed("Bot", &server.url("/private"))
        .await
        .unwrap());
    failing.store(true, Ordering::SeqCst);
    clock.advance(Duration::from_millis(1100));
    let entry = cache.get(&server.url("/")).await.unwrap();
    assert_outcome(entry.outcome(), "parsed", FetchReason::Unreachable);
    assert_eq!(entry.outcome().status, Some(500));
    assert!(!entry.is_allowed("Bot", server.url("/private")));
    assert!(entry.is_allowed("Bot", server.url("/public")));
    assert_eq!(server.hits(), 2);
}

#[tokio::test]
async fn crawl_delay_and_request_rate_per_origin() {
    let slow = Server::route(
        "/robots.txt",
        Reply::ok("User-agent: *\nCrawl-delay: 2.5\nRequest-rate: 3/60s\nDisallow: /private\n"),
    );
    let plain = Server::route("/robots.txt", Reply::ok(FILE));
    let cache = cache(FetchSettings::default());
    assert_eq!(
        cache.crawl_delay("Bot", &slow.url("/a")).await.unwrap(),
        Some(Duration::from_millis(2500))
    );
    let rate = cache
        .request_rate("Bot", &slow.url("/a"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!((rate.requests, rate.per), (3, Duration::from_secs(60)));
    assert_eq!(
        cache.crawl_delay("Bot", &plain.url("/a")).await.unwrap(),
        None
    );
    assert_eq!(slow.hits() + plain.hits(), 2);
}

#[tokio::test]
async fn bad_urls_are_errors_not_fetches() {
    let cache = cache(FetchSettings::default());
    for url in [
        "/relative",
        "mailto:x@example.com",
        "ftp://127.0.0.1/",
        "http://",
    ] {
        assert!(cache.is_allowed("Bot", url).await.is_err(), "{url}");
    }
}

#[tokio::test]
async fn the_byte_bound_evicts() {
    let mut file = String::from("User-agent: *\n");
    for i in 0..5_000 {
        file.push_str(&format!("Disallow: /section-{}/page-{i}.html\n", i % 97));
    }
    // Room for about five compiled copies: the bound weighs real heap bytes.
    let policy_heap =
        robots_runtime::Policy::parse(&file, robots_runtime::Profile::Rfc9309).heap_bytes() as u64;
    let bound = 5 * policy_heap;
    let servers: Vec<Server> = (0..20)
        .map(|_| Server::route("/robots.txt", Reply::ok(file.clone())))
        .collect();
    let cache = PolicyCacheBuilder::new()
        .max_bytes(bound)
        .build(AsyncFetcher::new().unwrap(), FetchSettings::default());
    for server in &servers {
        cache.get(&server.url("/")).await.unwrap();
    }
    let (bytes, origins) = (cache.weighted_bytes().await, cache.origin_count().await);
    assert!(bytes <= bound, "{bytes} > {bound}");
    assert!((1..=5).contains(&origins), "{origins}");
}

/// Matchers are kept per agent (up to a few): every agent, kept or not, and
/// every spelling of the origin (parsed or sliced from the URL) gets the answer
/// the policy itself gives, from one fetch.
#[tokio::test]
async fn kept_matchers_answer_as_the_policy_for_every_agent_and_spelling() {
    let file = "User-agent: a\nDisallow: /a\n\nUser-agent: b\nDisallow: /b\n\n\
                User-agent: *\nDisallow: /all\nCrawl-delay: 3\n";
    let server = Server::route("/robots.txt", Reply::ok(file));
    let cache = cache(FetchSettings::default());
    let policy = robots_runtime::Policy::parse(file, robots_runtime::Profile::Rfc9309);
    let agents = ["a", "b", "c", "d", "e", "f", "A", "b-bot"];
    let origin = server.url("");
    let origin = origin.trim_end_matches('/');
    let upper = origin.replace("http://", "HTTP://");
    for round in 0..3 {
        for agent in agents {
            for path in ["/a/1", "/b/1", "/all", "/x"] {
                for base in [origin, upper.as_str()] {
                    let url = format!("{base}{path}");
                    let got = cache.is_allowed(agent, &url).await.unwrap();
                    assert_eq!(
                        got,
                        policy.is_allowed(agent, path),
                        "round {round}, {agent} {url}"
                    );
                }
            }
            let delay = cache.crawl_delay(agent, origin).await.unwrap();
            assert_eq!(delay, policy.matcher(agent).crawl_delay(), "{agent}");
        }
    }
    assert_eq!(server.hits(), 1);
}
