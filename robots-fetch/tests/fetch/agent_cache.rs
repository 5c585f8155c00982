//! `AgentPolicyCache` over the reqwest driver against loopback origins: the
//! RFC 9309 behaviour of `PolicyCache` (single-flight, expiry per outcome,
//! negative caching, revalidation, outages, the byte bound), and answers equal
//! to the every-crawler policy's for the crawler, on the corpus too.
#![cfg(all(feature = "reqwest", feature = "cache"))]

use crate::support::{ManualClock, FILE};
use robots_fetch::{
    Action, AgentPolicyCache, AsyncFetcher, Driver, FetchReason, FetchSettings, KeptRules, Outcome,
    PolicyCache, PolicyCacheBuilder, RobotsFetch,
};
use robots_loopback::{Reply, Server};
use robots_runtime::document::{parse, ParseOptions};
use robots_runtime::Profile;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

fn cache(agent: &str, settings: FetchSettings) -> Arc<AgentPolicyCache<AsyncFetcher>> {
    Arc::new(AgentPolicyCache::new(
        agent,
        AsyncFetcher::new().expect("client"),
        settings,
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
    let cache = cache("Bot", FetchSettings::default());
    let mut tasks = Vec::new();
    for task in 0..8 {
        let (cache, servers) = (Arc::clone(&cache), Arc::clone(&servers));
        tasks.push(tokio::spawn(async move {
            let mut allowed_count = 0;
            for i in 0..1250 {
                let n = task * 1250 + i;
                let server = &servers[n % 50];
                let path = if n % 3 == 0 {
                    format!("/private/{n}")
                } else {
                    format!("/page/{n}")
                };
                let allowed = cache.is_allowed(&server.url(&path)).await.unwrap();
                assert_eq!(allowed, n % 3 != 0, "{path}");
                allowed_count += usize::from(allowed);
            }
            allowed_count
        }));
    }
    let mut allowed = 0;
    for task in tasks {
        allowed += task.await.unwrap();
    }
    assert_eq!(allowed, (0..10_000).filter(|n| n % 3 != 0).count());
    assert!(servers.iter().all(|s| s.hits() == 1));
    assert_eq!(cache.origin_count(), 50);
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
    let cache = cache("Bot", FetchSettings::default());
    for _ in 0..3 {
        assert!(!cache.is_allowed(&kept.url("/private")).await.unwrap());
        assert!(!cache.is_allowed(&unkept.url("/private")).await.unwrap());
    }
    assert_eq!((kept.hits(), unkept.hits()), (1, 3));
    assert_eq!(cache.origin_count(), 1, "the no-store answer is not kept");
    let entry = cache.get(&kept.url("/")).await.unwrap();
    assert_eq!(
        (entry.rules_name(), entry.reason(), entry.status()),
        ("parsed", FetchReason::Ok, Some(200))
    );
}

#[tokio::test]
async fn unreachable_and_unavailable_answers_are_cached_too() {
    let down = Server::route("/robots.txt", Reply::new(503, ""));
    let missing = Server::route("/robots.txt", Reply::new(404, ""));
    let cache = cache("Bot", FetchSettings::default());
    for _ in 0..100 {
        assert!(!cache.is_allowed(&down.url("/x")).await.unwrap());
        assert!(cache.is_allowed(&missing.url("/x")).await.unwrap());
    }
    assert_eq!((down.hits(), missing.hits()), (1, 1));
    let entry = cache.get(&down.url("/")).await.unwrap();
    assert_eq!(
        (entry.rules_name(), entry.reason()),
        ("disallow-all", FetchReason::Unreachable)
    );
    assert_eq!(
        cache.get(&missing.url("/")).await.unwrap().rules_name(),
        "allow-all"
    );
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
    let settings =
        FetchSettings::default().with_ttl_bounds(Duration::ZERO, Duration::from_secs(86_400));
    let clock = ManualClock::new();
    let cache = PolicyCacheBuilder::new()
        .clock(clock.clone())
        .build_for_agent("Bot", AsyncFetcher::new().unwrap(), settings);
    let first = cache.get(&server.url("/")).await.unwrap();
    assert_eq!(first.reason(), FetchReason::Ok);
    // Still fresh a moment before its second is up: no request.
    clock.advance(Duration::from_millis(900));
    assert!(!cache.is_allowed(&server.url("/private")).await.unwrap());
    assert_eq!(server.hits(), 1);
    clock.advance(Duration::from_millis(200));
    let second = cache.get(&server.url("/")).await.unwrap();
    assert_eq!(
        (second.rules_name(), second.reason(), second.status()),
        ("parsed", FetchReason::NotModified, Some(304))
    );
    // The 304 keeps the compact rules the first answer held.
    assert_eq!(second.compact_rules(), first.compact_rules());
    assert!(second.compact_rules().is_some() && second.policy().is_none());
    for _ in 0..10 {
        assert!(!cache.is_allowed(&server.url("/private")).await.unwrap());
        assert!(cache.is_allowed(&server.url("/public")).await.unwrap());
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
    let settings =
        FetchSettings::default().with_ttl_bounds(Duration::ZERO, Duration::from_secs(86_400));
    let clock = ManualClock::new();
    let cache = PolicyCacheBuilder::new()
        .stale_window(Duration::ZERO)
        .clock(clock.clone())
        .build_for_agent("Bot", AsyncFetcher::new().unwrap(), settings);
    assert!(!cache.is_allowed(&server.url("/private")).await.unwrap());
    failing.store(true, Ordering::SeqCst);
    clock.advance(Duration::from_millis(1100));
    let entry = cache.get(&server.url("/")).await.unwrap();
    assert_eq!(
        (entry.rules_name(), entry.reason(), entry.status()),
        ("parsed", FetchReason::Unreachable, Some(500))
    );
    assert!(entry.compact_rules().is_some() && entry.policy().is_none());
    assert!(!entry.is_allowed(server.url("/private")));
    assert!(entry.is_allowed(server.url("/public")));
    assert_eq!(server.hits(), 2);
    // The outage's retry comes after its backoff, not on every lookup.
    for _ in 0..10 {
        assert!(!cache.is_allowed(&server.url("/private")).await.unwrap());
    }
    assert_eq!(server.hits(), 2);
}

#[tokio::test]
async fn crawl_delay_and_request_rate_are_the_crawlers() {
    let file = "User-agent: *\nCrawl-delay: 2.5\nRequest-rate: 3/60s\nDisallow: /private\n\n\
                User-agent: FastBot\nCrawl-delay: 0.5\nDisallow: /slow\n";
    let slow = Server::route("/robots.txt", Reply::ok(file));
    let plain = Server::route("/robots.txt", Reply::ok(FILE));
    let any = cache("Bot", FetchSettings::default());
    assert_eq!(
        any.crawl_delay(&slow.url("/a")).await.unwrap(),
        Some(Duration::from_millis(2500))
    );
    let rate = any.request_rate(&slow.url("/a")).await.unwrap().unwrap();
    assert_eq!((rate.requests, rate.per), (3, Duration::from_secs(60)));
    assert_eq!(any.crawl_delay(&plain.url("/a")).await.unwrap(), None);
    let fast = cache("FastBot", FetchSettings::default());
    assert_eq!(
        fast.crawl_delay(&slow.url("/a")).await.unwrap(),
        Some(Duration::from_millis(500))
    );
    assert_eq!(fast.request_rate(&slow.url("/a")).await.unwrap(), None);
    assert!(fast.is_allowed(&slow.url("/private")).await.unwrap());
    assert!(!fast.is_allowed(&slow.url("/slow")).await.unwrap());
    assert_eq!(slow.hits() + plain.hits(), 3);
}

#[tokio::test]
async fn bad_urls_are_errors_not_fetches() {
    let cache = cache("Bot", FetchSettings::default());
    for url in [
        "/relative",
        "mailto:x@example.com",
        "ftp://127.0.0.1/",
        "http://",
    ] {
        assert!(cache.is_allowed(url).await.is_err(), "{url}");
    }
    assert_eq!(cache.origin_count(), 0);
}

#[tokio::test]
async fn the_byte_bound_evicts() {
    let mut file = String::from("User-agent: *\n");
    for i in 0..5_000 {
        file.push_str(&format!("Disallow: /section-{}/page-{i}.html\n", i % 97));
    }
    let servers: Vec<Server> = (0..20)
        .map(|_| Server::route("/robots.txt", Reply::ok(file.clone())))
        .collect();
    // Room for about five origins: the bound weighs what each really holds.
    let origin = cache("Bot", FetchSettings::default())
        .get(&servers[0].url("/"))
        .await
        .unwrap();
    // Past what compact rules hold: the compiled policy is kept.
    assert!(origin.compact_rules().is_none());
    assert_eq!(origin.policy().unwrap().rule_count(), 5_000);
    let one = origin.weighted_bytes();
    assert!(
        one > file.len() as u64 / 2,
        "{one} bytes for {}",
        file.len()
    );
    let bound = 5 * one + one / 2;
    let cache = PolicyCacheBuilder::new().max_bytes(bound).build_for_agent(
        "Bot",
        AsyncFetcher::new().unwrap(),
        FetchSettings::default(),
    );
    for server in &servers {
        assert!(!cache
            .is_allowed(&server.url("/section-3/page-3.html"))
            .await
            .unwrap());
    }
    let (bytes, origins) = (cache.weighted_bytes(), cache.origin_count());
    assert!(bytes <= bound, "{bytes} > {bound}");
    assert!((1..=5).contains(&origins), "{origins}");
}

/// Each crawler's cache answers as the every-crawler policy does for it, for
/// named, unnamed and differently spelled crawlers, and every spelling of the
/// origin, from one fetch per cache.
#[tokio::test]
async fn answers_are_the_every_crawler_policys_for_the_crawler() {
    let file = "User-agent: a\nDisallow: /a\n\nUser-agent: b\nDisallow: /b\nCrawl-delay: 1\n\n\
                User-agent: *\nDisallow: /all\nCrawl-delay: 3\n";
    let server = Server::route("/robots.txt", Reply::ok(file));
    let policy = robots_runtime::Policy::parse(file, Profile::Rfc9309);
    let origin = server.url("");
    let origin = origin.trim_end_matches('/');
    let upper = origin.replace("http://", "HTTP://");
    let agents = ["a", "b", "c", "A", "b-bot"];
    for agent in agents {
        let cache = cache(agent, FetchSettings::default());
        for path in ["/a/1", "/b/1", "/all", "/x"] {
            for base in [origin, upper.as_str()] {
                let url = format!("{base}{path}");
                let got = cache.is_allowed(&url).await.unwrap();
                assert_eq!(got, policy.is_allowed(agent, path), "{agent} {url}");
            }
        }
        let delay = cache.crawl_delay(origin).await.unwrap();
        assert_eq!(delay, policy.matcher(agent).crawl_delay(), "{agent}");
        assert_eq!(cache.origin_count(), 1);
    }
    assert_eq!(server.hits(), agents.len());
}

/// Serves robots.txt files from memory: origin `http://o<N>.test` gets file `N`.
struct Files(Arc<Vec<Vec<u8>>>);

impl Driver for Files {
    async fn run<K: KeptRules>(&self, mut fetch: RobotsFetch<K>) -> Outcome<K> {
        while let Action::Send(request) = fetch.action() {
            let n: Option<usize> = request
                .url()
                .strip_prefix("http://o")
                .and_then(|rest| rest.split('.').next())
                .and_then(|n| n.parse().ok());
            match n.and_then(|n| self.0.get(n)) {
                Some(body) => {
                    fetch.receive_head(200, []);
                    fetch.receive_body(body);
                    fetch.end_body();
                }
                None => fetch.receive_head(404, []),
            }
        }
        fetch.finish()
    }
}

/// On every corpus file, for the crawler each file names first and for one it
/// does not name, the one-crawler cache answers each of the file's URL paths
/// as the every-crawler cache does, and keeps fewer bytes.
#[tokio::test]
async fn on_the_corpus_the_one_crawler_cache_answers_as_the_every_crawler_cache() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/corpus");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    names.sort();
    assert!(names.len() > 100, "{} corpus files", names.len());
    let bodies: Arc<Vec<Vec<u8>>> =
        Arc::new(names.iter().map(|p| std::fs::read(p).unwrap()).collect());
    let every = PolicyCache::new(Files(Arc::clone(&bodies)), FetchSettings::default());
    let (mut checked, mut one_bytes, mut every_bytes) = (0usize, 0u64, 0u64);
    for (n, path) in names.iter().enumerate() {
        let urls = std::fs::read_to_string(path.with_extension("urls")).unwrap_or_default();
        let origin = format!("http://o{n}.test");
        let policy = every.get(&origin).await.unwrap();
        let document = parse(&bodies[n], ParseOptions::new(Profile::Rfc9309));
        let named = document
            .agent_names()
            .next()
            .map(|a| String::from_utf8_lossy(a).into_owned());
        for agent in named.iter().map(String::as_str).chain(["UnknownCrawler"]) {
            let one =
                AgentPolicyCache::new(agent, Files(Arc::clone(&bodies)), FetchSettings::default());
            for line in urls.lines().take(200) {
                let url = format!("{origin}{line}");
                assert_eq!(
                    one.is_allowed(&url).await.unwrap(),
                    every.is_allowed(agent, &url).await.unwrap(),
                    "{} for {agent}: {line}",
                    path.display()
                );
                checked += 1;
            }
            assert_eq!(
                one.crawl_delay(&origin).await.unwrap(),
                every.crawl_delay(agent, &origin).await.unwrap()
            );
            assert_eq!(
                one.request_rate(&origin).await.unwrap(),
                every.request_rate(agent, &origin).await.unwrap()
            );
            if agent == "UnknownCrawler" {
                one_bytes += one.weighted_bytes();
            }
        }
        every_bytes += robots_fetch::outcome_heap_bytes(policy.outcome()) as u64;
    }
    assert!(checked > 10_000, "{checked} checks");
    assert!(one_bytes < every_bytes, "{one_bytes} ≥ {every_bytes}");
}
