//! [`AgentPolicyCache`]: the rules of one crawler per origin, fetched once,
//! shared by every task, in as few bytes as the rules allow.

mod entry;

use crate::cache::{Claim, Clock, PolicyCacheBuilder};
use crate::{origin_key, Driver, FetchError, FetchReason, FetchSettings, RobotsFetch, UrlCrate};
use entry::OriginEntry;
use quick_cache::sync::Cache;
use quick_cache::{OptionsBuilder, Weighter};
use robots_core::records::RequestRate;
use robots_core::{CompactRules, Policy};
use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A thread-safe cache of one crawler's robots.txt rules, keyed by origin:
/// what [`PolicyCache`](crate::PolicyCache) does, for a crawler that asks as
/// one agent, in a fraction of the memory.
///
/// Each origin's file is read for the crawler alone, in one pass, and only
/// the crawler's rules are kept: as [`CompactRules`] (one buffer, scanned best
/// rule first, usually smaller than the file), read straight from the file
/// without building search tables
/// ([`PolicyBuilder::build_compact_for_agent`](robots_core::PolicyBuilder::build_compact_for_agent)),
/// with its `Crawl-delay` and `Request-rate` when the file sets them; or, for
/// a crawler with more rules than that holds, as the compiled policy (one
/// buffer with its view). Of the fetch's [`Outcome`](crate::Outcome)
/// only what the next fetch needs is kept (the copy's validators, the outage
/// history), and origins are found by a keyed 64-bit hash (the origin kept only
/// to confirm a hit) in a sharded map (quick_cache) whose slot costs a few
/// dozen bytes. `BENCHMARKS.md` ("Memory per cached origin") has the bytes.
///
/// The RFC 9309 behaviour is [`PolicyCache`](crate::PolicyCache)'s, from the
/// same state machine and the same lifetimes: single-flight fetches, expiry per
/// outcome (24 h, `max-age` within bounds, backoff for an unreachable file),
/// negative answers cached, `no-store` answers not kept,
/// stale-while-revalidate (`If-None-Match` / `If-Modified-Since`; a 304
/// re-parses nothing), the last good copy through an outage, and a bound in
/// bytes. An answer past its lifetime is not used; its memory is reclaimed when
/// the origin is asked for again or the bound evicts it.
///
/// ```
/// use robots_fetch::{Action, AgentPolicyCache, Driver, FetchSettings, KeptRules, Outcome, RobotsFetch};
///
/// /// Answers every robots.txt request with the same file (a real crawler
/// /// uses `AsyncFetcher`).
/// struct OneFile;
///
/// impl Driver for OneFile {
///     async fn run<K: KeptRules>(&self, mut fetch: RobotsFetch<K>) -> Outcome<K> {
///         while let Action::Send(_) = fetch.action() {
///             fetch.receive_head(200, []);
///             fetch.receive_body(b"User-agent: *\nDisallow: /private\n\nUser-agent: ExampleBot\nDisallow: /drafts\n");
///             fetch.end_body();
///         }
///         fetch.finish()
///     }
/// }
///
/// # async fn run() -> Result<(), robots_fetch::FetchError> {
/// let cache = AgentPolicyCache::new("ExampleBot", OneFile, FetchSettings::default());
/// assert!(!cache.is_allowed("https://example.com/drafts/1").await?);
/// assert!(cache.is_allowed("https://example.com/private/1").await?); // not ExampleBot's rule
/// let origin = cache.get("https://example.com/").await?;
/// // Only ExampleBot's rule is kept, compact: no compiled policy.
/// assert_eq!(origin.compact_rules().unwrap().rule_count(), 1);
/// assert!(origin.policy().is_none());
/// assert_eq!(cache.origin_count(), 1);
/// # Ok(())
/// # }
/// # block_on(run()).unwrap();
/// # fn block_on<F: std::future::Future>(f: F) -> F::Output {
/// #     tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f)
/// # }
/// ```
pub struct AgentPolicyCache<D> {
    driver: D,
    settings: FetchSettings,
    stale_window: Duration,
    /// The crawler, as it names itself in robots.txt.
    agent: Arc<[u8]>,
    /// Hashes origins to keys: keyed per cache, so that no one can choose
    /// origins that collide (a collision is only a refetch, never a wrong answer).
    hasher: RandomState,
    entries: Cache<u64, Arc<OriginEntry>, ByWeight>,
    clock: Arc<dyn Clock>,
}

/// Weighs an entry by the bytes it holds (computed once, when it is made).
#[derive(Clone, Copy, Debug)]
struct ByWeight;

impl Weighter<u64, Arc<OriginEntry>> for ByWeight {
    fn weight(&self, _: &u64, entry: &Arc<OriginEntry>) -> u64 {
        u64::from(entry.weight)
    }
}

/// The bytes each shard of the map holds at least: an origin's entry must fit
/// a shard (a large file compiles to a few hundred KiB), so a small bound
/// gets few shards.
const SHARD_BYTES: u64 = 8 << 20;

/// The most shards: enough that 8 threads rarely wait on one another.
const MAX_SHARDS: u64 = 64;

/// A rough mean of an origin's weight, for the map's first estimate of how
/// many origins it holds.
const MEAN_ORIGIN_BYTES: u64 = 1024;

impl<D> std::fmt::Debug for AgentPolicyCache<D> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AgentPolicyCache")
            .field("agent", &String::from_utf8_lossy(&self.agent))
            .field("settings", &self.settings)
            .field("stale_window", &self.stale_window)
            .field("origins", &self.entries.len())
            .finish_non_exhaustive()
    }
}

impl<D: Driver> AgentPolicyCache<D> {
    /// A cache for `agent` with the default settings ([`PolicyCacheBuilder::new`]),
    /// fetching with `driver` under `settings`.
    pub fn new(agent: impl AsRef<[u8]>, driver: D, settings: FetchSettings) -> Self {
        PolicyCacheBuilder::new().build_for_agent(agent, driver, settings)
    }

    /// The cache [`PolicyCacheBuilder::build_for_agent`] builds.
    pub(crate) fn with_builder(
        builder: PolicyCacheBuilder,
        agent: &[u8],
        driver: D,
        settings: FetchSettings,
    ) -> Self {
        let bound = builder.max_bytes;
        let shards = (bound / SHARD_BYTES).clamp(1, MAX_SHARDS);
        let origins = usize::try_from(bound / MEAN_ORIGIN_BYTES)
            .unwrap_or(usize::MAX)
            .clamp(32, 1 << 24);
        let options = OptionsBuilder::new()
            .shards(usize::try_from(shards).unwrap_or(1))
            .estimated_items_capacity(origins)
            .weight_capacity(bound)
            .build();
        let entries = match options {
            Ok(options) => Cache::with_options(
                options,
                ByWeight,
                quick_cache::DefaultHashBuilder::default(),
                quick_cache::sync::DefaultLifecycle::default(),
            ),
            Err(e) => panic!("bug: the cache's options are all set: {e:?}"),
        };
        AgentPolicyCache {
            driver,
            settings,
            stale_window: builder.stale_window,
            agent: agent.into(),
            hasher: RandomState::new(),
            entries,
            clock: builder.clock,
        }
    }
}

impl<D> AgentPolicyCache<D> {
    /// The crawler the cache keeps rules for.
    pub fn agent(&self) -> &[u8] {
        &self.agent
    }

    /// The fetch settings.
    pub fn settings(&self) -> &FetchSettings {
        &self.settings
    }

    /// The driver.
    pub fn driver(&self) -> &D {
        &self.driver
    }

    /// Origins held (answers past their lifetime included, until they are
    /// asked for again or evicted).
    pub fn origin_count(&self) -> u64 {
        self.entries.len() as u64
    }

    /// Bytes held, as weighed: each origin's entry, its rules, its
    /// validators and its slot in the map, when the entry was made. (Compact
    /// rules never grow; a compiled policy, kept for a crawler with many
    /// rules, keeps the automata a check of wildcard rules builds later, which
    /// are not weighed: see "Memory per cached origin" in BENCHMARKS.md.)
    pub fn weighted_bytes(&self) -> u64 {
        self.entries.weight()
    }

    /// The key of `origin`.
    fn key_of(&self, origin: &str) -> u64 {
        self.hasher.hash_one(origin)
    }
}

impl<D: Driver> AgentPolicyCache<D> {
    /// The crawler's rules for `url`'s origin: cached, or fetched now.
    ///
    /// # Errors
    /// When `url` is not an absolute http(s) URL with a host.
    pub async fn get(&self, url: &str) -> Result<AgentOriginPolicy, FetchError> {
        Ok(AgentOriginPolicy {
            entry: self.entry(url).await?,
            agent: Arc::clone(&self.agent),
        })
    }

    /// Whether the crawler may fetch `url`, under the robots.txt of `url`'s
    /// origin: the one call a crawler makes per URL.
    ///
    /// # Errors
    /// When `url` is not an absolute http(s) URL with a host.
    pub async fn is_allowed(&self, url: &str) -> Result<bool, FetchError> {
        Ok(self
            .entry(url)
            .await?
            .is_allowed(&self.agent, url.as_bytes()))
    }

    /// The `Crawl-delay` that `url`'s origin sets for the crawler.
    ///
    /// # Errors
    /// When `url` is not an absolute http(s) URL with a host.
    pub async fn crawl_delay(&self, url: &str) -> Result<Option<Duration>, FetchError> {
        Ok(self.entry(url).await?.crawl_delay(&self.agent))
    }

    /// The `Request-rate` that `url`'s origin sets for the crawler.
    ///
    /// # Errors
    /// When `url` is not an absolute http(s) URL with a host.
    pub async fn request_rate(&self, url: &str) -> Result<Option<RequestRate>, FetchError> {
        Ok(self.entry(url).await?.request_rate(&self.agent))
    }

    /// The entry of `url`'s origin: fresh, stale while one caller revalidates
    /// it, or fetched now (once, however many callers ask).
    async fn entry(&self, url: &str) -> Result<Arc<OriginEntry>, FetchError> {
        // Usually a slice of `url` itself: no parse, no allocation per lookup.
        let origin = origin_key(url)?;
        let key = self.key_of(&origin);
        let now = self.clock.now();
        let current = self
            .entries
            .get(&key)
            .filter(|e| *e.origin == *origin && now < e.retain_until);
        if let Some(entry) = &current {
            if now < entry.life.fresh_until {
                return Ok(Arc::clone(entry));
            }
            if now < entry.life.stale_until {
                // Stale-while-revalidate: one caller refreshes, the rest use the copy.
                let Some(_claim) = Claim::take(&entry.refreshing) else {
                    return Ok(Arc::clone(entry));
                };
                let fresh = self.fetch(url, &origin, Some(entry)).await?;
                self.keep(key, &fresh);
                return Ok(fresh);
            }
            // Past its stale window: out, so that the fetch below is single-flight.
            self.entries
                .remove_if(&key, |held| Arc::ptr_eq(held, entry));
        }
        match self.entries.get_value_or_guard_async(&key).await {
            // Fetched by another caller meanwhile.
            Ok(entry) if *entry.origin == *origin && self.clock.now() < entry.life.fresh_until => {
                Ok(entry)
            }
            // Another origin under the same key (or an answer already stale):
            // fetched past the map's single flight, and kept in its place.
            Ok(_) => {
                let fresh = self.fetch(url, &origin, current.as_deref()).await?;
                self.keep(key, &fresh);
                Ok(fresh)
            }
            Err(guard) => {
                let fresh = self.fetch(url, &origin, current.as_deref()).await?;
                // A `no-store` answer is kept for no one: the guard's drop lets
                // the next caller in, to fetch its own.
                if fresh.life.retain_for > Duration::ZERO {
                    let _ = guard.insert(Arc::clone(&fresh));
                }
                Ok(fresh)
            }
        }
    }

    /// Keep `entry` under `key`, unless it is a `no-store` answer.
    fn keep(&self, key: u64, entry: &Arc<OriginEntry>) {
        if entry.life.retain_for > Duration::ZERO {
            self.entries.insert(key, Arc::clone(entry));
        } else {
            self.entries.remove(&key);
        }
    }

    /// Fetch `origin`'s robots.txt for the crawler (revalidating what
    /// `previous` kept), and make the entry that remembers the outcome.
    async fn fetch(
        &self,
        url: &str,
        origin: &str,
        previous: Option<&OriginEntry>,
    ) -> Result<Arc<OriginEntry>, FetchError> {
        let started: Instant = self.clock.now();
        let remembered = previous.map(|p| p.previous(started)).unwrap_or_default();
        let fetch = RobotsFetch::keeping(url, &self.settings, remembered, &UrlCrate)?
            .for_agent(Arc::clone(&self.agent));
        let outcome = self.driver.run(fetch).await;
        Ok(Arc::new(OriginEntry::new(
            origin,
            outcome,
            previous,
            (started, self.clock.now()),
            self.stale_window,
            self.settings.outage_grace(),
        )))
    }
}

/// An origin's answer in an [`AgentPolicyCache`]: the crawler's rules and why.
#[derive(Clone)]
pub struct AgentOriginPolicy {
    entry: Arc<OriginEntry>,
    agent: Arc<[u8]>,
}

impl std::fmt::Debug for AgentOriginPolicy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AgentOriginPolicy")
            .field("origin", &self.entry.origin)
            .field("agent", &String::from_utf8_lossy(&self.agent))
            .field("rules", &self.entry.rules_name())
            .field("reason", &self.entry.reason)
            .finish_non_exhaustive()
    }
}

impl AgentOriginPolicy {
    /// Whether the crawler may fetch `url` (a URL of this origin).
    pub fn is_allowed(&self, url: impl AsRef<[u8]>) -> bool {
        self.entry.is_allowed(&self.agent, url.as_ref())
    }

    /// The crawler's `Crawl-delay` (none under allow-all or disallow-all).
    pub fn crawl_delay(&self) -> Option<Duration> {
        self.entry.crawl_delay(&self.agent)
    }

    /// The crawler's `Request-rate` (none under allow-all or disallow-all).
    pub fn request_rate(&self) -> Option<RequestRate> {
        self.entry.request_rate(&self.agent)
    }

    /// The crawler's compiled rules, when a file was parsed (or its last good
    /// copy stands in) and it has more rules than [`CompactRules`] holds
    /// (else the cache keeps only those: see [`compact_rules`](Self::compact_rules)):
    /// only the groups that apply to the crawler, and the file-wide records.
    /// It answers as the crawler whatever agent it is asked about.
    pub fn policy(&self) -> Option<&Policy> {
        self.entry.policy()
    }

    /// The crawler's rules, when a file was parsed (or its last good copy
    /// stands in) and [`CompactRules`] holds them (at most
    /// [`CompactRules::MAX_RULES`] rules and
    /// [`CompactRules::MAX_TAIL_SEGMENTS`] wildcard segments, as most files
    /// have): what the cache keeps instead of the compiled policy, so
    /// [`policy`](Self::policy) is then `None`. Their rule numbers are those
    /// of the crawler's one-crawler policy (`build_for_agent`).
    pub fn compact_rules(&self) -> Option<&CompactRules> {
        self.entry.compact_rules()
    }

    /// `"parsed"`, `"allow-all"` or `"disallow-all"` (as [`Rules::name`](crate::Rules::name)).
    pub fn rules_name(&self) -> &'static str {
        self.entry.rules_name()
    }

    /// Why the fetch behind this answer ended as it did.
    pub fn reason(&self) -> FetchReason {
        self.entry.reason
    }

    /// The last HTTP status of that fetch, or `None` when no response came.
    pub fn status(&self) -> Option<u16> {
        self.entry.status
    }

    /// The origin, as the cache keys it (`scheme://host[:port]`).
    pub fn origin(&self) -> &str {
        &self.entry.origin
    }

    /// The bytes the cache holds for this origin (what its byte bound weighs).
    pub fn weighted_bytes(&self) -> u64 {
        u64::from(self.entry.weight)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Action, KeptRules, Outcome};
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Serves `Disallow: /<first letter of the host>` to every origin, and counts fetches.
    #[derive(Default)]
    struct ByHost {
        fetches: AtomicUsize,
    }

    impl Driver for ByHost {
        async fn run<K: KeptRules>(&self, mut fetch: RobotsFetch<K>) -> Outcome<K> {
            self.fetches.fetch_add(1, Ordering::SeqCst);
            while let Action::Send(request) = fetch.action() {
                let letter = request.url().trim_start_matches("http://").get(..1);
                let body = format!("User-agent: *\nDisallow: /{}\n", letter.unwrap_or("x"));
                fetch.receive_head(200, []);
                fetch.receive_body(body.as_bytes());
                fetch.end_body();
            }
            fetch.finish()
        }
    }

    fn block_on<F: std::future::Future>(future: F) -> F::Output {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime")
            .block_on(future)
    }

    /// Origins are found by their hash; an entry of another origin under an
    /// origin's key (what a collision would do) is never taken for its answer:
    /// the origin's own file is fetched, and kept in its place.
    #[test]
    fn another_origins_entry_under_the_key_is_not_the_answer() {
        let cache = AgentPolicyCache::new("Bot", ByHost::default(), FetchSettings::default());
        block_on(async {
            let a = cache.entry("http://a.test/").await.unwrap();
            assert!(!a.is_allowed(b"Bot", b"/a"));
            cache.entries.insert(cache.key_of("http://b.test"), a);
            assert!(cache.is_allowed("http://b.test/a").await.unwrap());
            assert!(!cache.is_allowed("http://b.test/b").await.unwrap());
            assert!(!cache.is_allowed("http://b.test/b/1").await.unwrap());
        });
        assert_eq!(cache.driver().fetches.load(Ordering::SeqCst), 2);
    }

    /// Answers each request with the next status of a script: 200 (the file,
    /// with an `ETag`), 304 or 503.
    struct Script {
        file: String,
        statuses: std::sync::Mutex<Vec<u16>>,
    }

    impl Driver for Script {
        async fn run<K: KeptRules>(&self, mut fetch: RobotsFetch<K>) -> Outcome<K> {
            while let Action::Send(_) = fetch.action() {
                let status = self.statuses.lock().expect("statuses").remove(0);
                fetch.receive_head(status, [(&b"etag"[..], &b"\"v1\""[..])]);
                if status == 200 {
                    fetch.receive_body(self.file.as_bytes());
                    fetch.end_body();
                }
            }
            fetch.finish()
        }
    }

    /// The kept copy goes to the state machine as the rules themselves, and
    /// comes back whole through a 304 and then an outage: compact rules with
    /// their pace, and a compiled policy past what compact rules hold.
    #[test]
    fn the_kept_rules_come_back_whole_through_a_304_and_an_outage() {
        let paced = "User-agent: *\nCrawl-delay: 3\nRequest-rate: 1/5\nDisallow: /x\n".to_string();
        let mut many = String::from("User-agent: *\nCrawl-delay: 3\n");
        for i in 0..=CompactRules::MAX_RULES {
            many.push_str(&format!("Disallow: /x{i}\n"));
        }
        for (file, compact) in [(paced, true), (many, false)] {
            let driver = Script {
                file,
                statuses: std::sync::Mutex::new(vec![200, 304, 503]),
            };
            let cache = AgentPolicyCache::new("Bot", driver, FetchSettings::default());
            block_on(async {
                let url = "http://a.test/";
                let first = cache.fetch(url, "http://a.test", None).await.unwrap();
                assert_eq!(first.compact_rules().is_some(), compact);
                assert_eq!(first.policy().is_some(), !compact);
                let mut previous = Arc::clone(&first);
                for reason in [FetchReason::NotModified, FetchReason::Unreachable] {
                    let next = cache
                        .fetch(url, "http://a.test", Some(&previous))
                        .await
                        .unwrap();
                    assert_eq!(next.reason, reason);
                    assert_eq!(next.compact_rules(), first.compact_rules());
                    assert_eq!(
                        next.policy().map(Policy::to_bytes),
                        first.policy().map(Policy::to_bytes)
                    );
                    assert_eq!(next.crawl_delay(b"Bot"), Some(Duration::from_secs(3)));
                    assert_eq!(next.request_rate(b"Bot"), first.request_rate(b"Bot"));
                    assert!(!next.is_allowed(b"Bot", b"/x1") && next.is_allowed(b"Bot", b"/y"));
                    previous = next;
                }
            });
        }
    }

    /// What an entry weighs is what it holds: its rules' heap, its origin,
    /// and the entry and slot around them.
    #[test]
    fn an_entry_weighs_its_rules_and_its_origin() {
        let cache = AgentPolicyCache::new("Bot", ByHost::default(), FetchSettings::default());
        let entry = block_on(cache.entry("http://a.test/")).unwrap();
        let policy = entry.compact_rules().unwrap().heap_bytes();
        let weight = u64::from(entry.weight);
        let fixed = (size_of_val(&*entry) + "http://a.test".len() + policy) as u64;
        assert!(
            weight > fixed && weight < fixed + 128,
            "{weight} vs {fixed}"
        );
        assert_eq!(cache.weighted_bytes(), weight);
    }
}
