//! [`PolicyCache`]: one robots.txt policy per origin, fetched once, shared by every task.

use crate::lifetime::Lifetime;
use crate::recent::Recent;
use crate::weight::entry_weight;
use crate::AgentPolicyCache;
use crate::Driver;
use crate::{origin_key, FetchError, FetchSettings, Outcome, Previous, RobotsFetch, Rules};
use moka::future::Cache;
use robots_core::records::RequestRate;
use robots_core::{Matcher, Policy};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

/// A thread-safe cache of robots.txt policies keyed by origin (scheme, host and
/// port, as RFC 9309 section 2.3 scopes a file), over any [`Driver`].
///
/// - **Single-flight**: any number of concurrent lookups of one origin cause one fetch.
/// - **Expiry per outcome**: an answer lives as long as its [`Outcome`] says
///   (24 h, `max-age` within bounds, a retry delay for an unreachable file);
///   negative answers (disallow-all while unreachable, allow-all after a 404) are
///   cached too; `no-store` answers are not kept.
/// - **Stale-while-revalidate**: once a good copy expires, one caller revalidates
///   it (`If-None-Match` / `If-Modified-Since`; a 304 re-parses nothing) while the
///   others go on with the copy, for up to the stale window (1 h by default).
/// - **A memory bound in bytes**: entries are weighed by the heap their policy
///   holds, not counted (256 MiB by default).
///
/// ```no_run
/// use robots_fetch::{AsyncFetcher, FetchSettings, PolicyCacheBuilder};
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// let cache = PolicyCacheBuilder::new()
///     .max_bytes(64 << 20)
///     .build(AsyncFetcher::new()?, FetchSettings::default());
/// if cache.is_allowed("ExampleBot", "https://example.com/page").await? {
///     let delay = cache.crawl_delay("ExampleBot", "https://example.com/page").await?;
///     println!("crawl, then wait {delay:?}");
/// }
/// # Ok(())
/// # }
/// ```
pub struct PolicyCache<D> {
    driver: D,
    policy: FetchSettings,
    stale_window: Duration,
    entries: Cache<String, Arc<Entry>>,
    /// The hot path's memo of moka's entries (see `recent.rs`).
    recent: Recent<Entry>,
    /// What "now" is when an answer's lifetime is set and checked.
    clock: Arc<dyn Clock>,
}

/// The time source of a [`PolicyCache`]: when an answer was fetched, when it
/// goes stale, how long an outage has lasted. The system clock by default;
/// tests inject a clock they move by hand instead of sleeping.
///
/// (moka's own housekeeping, which drops entries long past their use, keeps
/// the system clock: it never decides an answer, only frees memory.)
#[doc(hidden)]
pub trait Clock: Send + Sync + 'static {
    /// The current instant.
    fn now(&self) -> Instant;
}

/// [`Instant::now`].
pub(crate) struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Instant {
        Instant::now()
    }
}

impl<D> std::fmt::Debug for PolicyCache<D> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PolicyCache")
            .field("policy", &self.policy)
            .field("stale_window", &self.stale_window)
            .field("origins", &self.entries.entry_count())
            .finish_non_exhaustive()
    }
}

/// Settings of a [`PolicyCache`].
#[derive(Clone)]
pub struct PolicyCacheBuilder {
    pub(crate) max_bytes: u64,
    pub(crate) stale_window: Duration,
    pub(crate) clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for PolicyCacheBuilder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PolicyCacheBuilder")
            .field("max_bytes", &self.max_bytes)
            .field("stale_window", &self.stale_window)
            .finish_non_exhaustive()
    }
}

impl Default for PolicyCacheBuilder {
    fn default() -> Self {
        PolicyCacheBuilder {
            max_bytes: 256 << 20,
            stale_window: Duration::from_secs(60 * 60),
            clock: Arc::new(SystemClock),
        }
    }
}

impl PolicyCacheBuilder {
    /// The default settings: 256 MiB, a one-hour stale window.
    pub fn new() -> Self {
        PolicyCacheBuilder::default()
    }

    /// The most heap the cached policies may hold, in bytes (256 MiB by default).
    #[must_use]
    pub fn max_bytes(mut self, bytes: u64) -> Self {
        self.max_bytes = bytes;
        self
    }

    /// How long after expiry a good copy is still served while one caller
    /// revalidates it (1 h by default; zero turns stale-while-revalidate off).
    #[must_use]
    pub fn stale_window(mut self, window: Duration) -> Self {
        self.stale_window = window;
        self
    }

    /// The time source answers' lifetimes are measured on (the system clock by
    /// default): for tests that move time by hand.
    #[doc(hidden)]
    #[must_use]
    pub fn clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.clock = clock;
        self
    }

    /// A cache for one crawler, `agent`, fetching with `driver` under
    /// `settings`: it keeps per origin only the rules that apply to `agent`,
    /// a fraction of what [`build`](Self::build)'s cache keeps (see
    /// [`AgentPolicyCache`]).
    pub fn build_for_agent<D: Driver>(
        self,
        agent: impl AsRef<[u8]>,
        driver: D,
        settings: FetchSettings,
    ) -> AgentPolicyCache<D> {
        AgentPolicyCache::with_builder(self, agent.as_ref(), driver, settings)
    }

    /// The cache, fetching with `driver` under `settings`.
    pub fn build<D: Driver>(self, driver: D, settings: FetchSettings) -> PolicyCache<D> {
        let entries = Cache::builder()
            .max_capacity(self.max_bytes)
            .weigher(|key: &String, entry: &Arc<Entry>| entry_weight(key, &entry.outcome))
            .expire_after(Retention)
            .build();
        PolicyCache {
            driver,
            policy: settings,
            stale_window: self.stale_window,
            entries,
            recent: Recent::new(),
            clock: self.clock,
        }
    }
}

impl<D: Driver> PolicyCache<D> {
    /// A cache with the default settings, fetching with `driver` under `settings`.
    pub fn new(driver: D, settings: FetchSettings) -> Self {
        PolicyCacheBuilder::default().build(driver, settings)
    }
}

impl<D> PolicyCache<D> {
    /// The fetch settings.
    pub fn settings(&self) -> &FetchSettings {
        &self.policy
    }

    /// The driver.
    pub fn driver(&self) -> &D {
        &self.driver
    }

    /// Origins held. The cache counts lazily (moka applies inserts, evictions
    /// and expiries in batches), so this runs the pending work first: the count
    /// is exact for every lookup that finished before the call.
    ///
    /// ```
    /// # #[cfg(feature = "reqwest")]
    /// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// use robots_fetch::{AsyncFetcher, FetchSettings, PolicyCache};
    /// let cache = PolicyCache::new(AsyncFetcher::new()?, FetchSettings::default());
    /// assert_eq!(cache.origin_count().await, 0);
    /// # Ok(())
    /// # }
    /// ```
    pub async fn origin_count(&self) -> u64 {
        self.entries.run_pending_tasks().await;
        self.entries.entry_count()
    }

    /// Bytes held, as weighed: exact in the same way as [`origin_count`](Self::origin_count).
    pub async fn weighted_bytes(&self) -> u64 {
        self.entries.run_pending_tasks().await;
        self.entries.weighted_size()
    }
}

impl<D: Driver> PolicyCache<D> {
    /// The policy of `url`'s origin: cached, or fetched now.
    ///
    /// # Errors
    /// When `url` is not an absolute http(s) URL with a host.
    pub async fn get(&self, url: &str) -> Result<OriginPolicy, FetchError> {
        // Usually a slice of `url` itself: no parse, no allocation per lookup.
        let key = origin_key(url)?;
        if let Some(entry) = self.recent.get(&key) {
            if self.clock.now() < entry.life.fresh_until && !touch_moka() {
                return Ok(OriginPolicy(entry));
            }
        }
        let policy = self.get_from_moka(url, key.as_ref()).await?;
        // A `no-store` answer is moka's for no time at all: never memoised.
        if policy.0.outcome.store {
            self.recent.remember(&key, &policy.0);
        }
        Ok(policy)
    }

    /// [`PolicyCache::get`] past the memo: moka's entry, revalidated or fetched if due.
    async fn get_from_moka(&self, url: &str, key: &str) -> Result<OriginPolicy, FetchError> {
        let current = self.entries.get(key).await;
        let now = self.clock.now();
        if let Some(entry) = &current {
            if now < entry.life.fresh_until {
                return Ok(OriginPolicy(Arc::clone(entry)));
            }
            if now < entry.life.stale_until {
                // Stale-while-revalidate: one caller refreshes, the rest use the copy.
                let Some(_claim) = Claim::take(&entry.refreshing) else {
                    return Ok(OriginPolicy(Arc::clone(entry)));
                };
                let fetch = RobotsFetch::revalidate(url, &self.policy, entry.previous(now))?;
                let fresh = self.run(fetch, Some(entry)).await;
                self.entries
                    .insert(key.to_owned(), Arc::clone(&fresh))
                    .await;
                return Ok(OriginPolicy(fresh));
            }
        }
        let previous = current
            .as_ref()
            .map_or_else(Previous::default, |e| e.previous(now));
        let fetch = RobotsFetch::revalidate(url, &self.policy, previous)?;
        let entry = self
            .entries
            .entry(key.to_owned())
            .or_insert_with_if(self.run(fetch, current.as_deref()), |entry| {
                self.clock.now() >= entry.life.fresh_until
            })
            .await;
        Ok(OriginPolicy(entry.into_value()))
    }

    /// Whether `agent` may fetch `url`, under the robots.txt of `url`'s origin:
    /// the one call a crawler makes per URL.
    ///
    /// # Errors
    /// When `url` is not an absolute http(s) URL with a host.
    pub async fn is_allowed(&self, agent: impl AsRef<[u8]>, url: &str) -> Result<bool, FetchError> {
        Ok(self.get(url).await?.is_allowed(agent, url))
    }

    /// The `Crawl-delay` that `url`'s origin sets for `agent`.
    ///
    /// # Errors
    /// When `url` is not an absolute http(s) URL with a host.
    pub async fn crawl_delay(
        &self,
        agent: impl AsRef<[u8]>,
        url: &str,
    ) -> Result<Option<Duration>, FetchError> {
        Ok(self.get(url).await?.crawl_delay(agent))
    }

    /// The `Request-rate` that `url`'s origin sets for `agent`.
    ///
    /// # Errors
    /// When `url` is not an absolute http(s) URL with a host.
    pub async fn request_rate(
        &self,
        agent: impl AsRef<[u8]>,
        url: &str,
    ) -> Result<Option<RequestRate>, FetchError> {
        Ok(self.get(url).await?.request_rate(agent))
    }

    /// Fetch, and make the entry that remembers the outcome.
    async fn run(&self, fetch: RobotsFetch, previous: Option<&Entry>) -> Arc<Entry> {
        let started = self.clock.now();
        let outcome = self.driver.run(fetch).await;
        Arc::new(Entry::new(
            outcome,
            previous,
            (started, self.clock.now()),
            self.stale_window,
            self.policy.outage_grace(),
        ))
    }
}

/// An origin's cached answer: the rules and the outcome they came from.
#[derive(Clone, Debug)]
pub struct OriginPolicy(Arc<Entry>);

impl OriginPolicy {
    /// The rules for the origin.
    pub fn rules(&self) -> &Rules {
        &self.0.outcome.rules
    }

    /// The fetch outcome (reason, status, URLs, bytes, expiry as fetched).
    pub fn outcome(&self) -> &Outcome {
        &self.0.outcome
    }

    /// Whether `agent` may fetch `url` (a URL of this origin).
    pub fn is_allowed(&self, agent: impl AsRef<[u8]>, url: impl AsRef<[u8]>) -> bool {
        match &self.0.outcome.rules {
            Rules::Parsed(_) => self
                .0
                .with_matcher(agent.as_ref(), |m| m.is_allowed(url.as_ref()))
                .unwrap_or(true),
            rules => rules.is_allowed(agent, url),
        }
    }

    /// The `Crawl-delay` for `agent` (none under allow-all or disallow-all).
    pub fn crawl_delay(&self, agent: impl AsRef<[u8]>) -> Option<Duration> {
        // A closure, not `Matcher::crawl_delay`: the path names one lifetime of
        // `Matcher`, and `with_matcher` hands it a matcher of any.
        #[allow(clippy::redundant_closure_for_method_calls)]
        self.0
            .with_matcher(agent.as_ref(), |m| m.crawl_delay())
            .flatten()
    }

    /// The `Request-rate` for `agent` (none under allow-all or disallow-all).
    pub fn request_rate(&self, agent: impl AsRef<[u8]>) -> Option<RequestRate> {
        // A closure, not `Matcher::request_rate`: the path names one lifetime of
        // `Matcher`, and `with_matcher` hands it a matcher of any.
        #[allow(clippy::redundant_closure_for_method_calls)]
        self.0
            .with_matcher(agent.as_ref(), |m| m.request_rate())
            .flatten()
    }
}

/// Whether this memo hit should go on to moka anyway: one in 64 per thread
/// does, so that moka's eviction policy still sees which origins are in use
/// (recency and frequency), and a hot origin is not evicted as idle.
fn touch_moka() -> bool {
    thread_local! {
        static HITS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    }
    HITS.with(|hits| {
        let n = hits.get().wrapping_add(1);
        hits.set(n);
        n % 64 == 0
    })
}

/// Crawlers whose matchers an entry keeps. A crawler asks as one or a few
/// agents; past this, matchers are resolved per call and not kept.
pub(crate) const MAX_AGENTS: usize = 4;

/// What a kept matcher borrows from: the policy, and the agent it was resolved for.
struct MatcherOwner {
    agent: Box<[u8]>,
    policy: Arc<Policy>,
}

self_cell::self_cell!(
    /// One crawler's matcher, resolved once and kept beside the policy it reads.
    struct AgentMatcher {
        owner: MatcherOwner,
        #[covariant]
        dependent: Matcher,
    }
);

impl std::fmt::Debug for AgentMatcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AgentMatcher")
            .field(
                "agent",
                &String::from_utf8_lossy(&self.borrow_owner().agent),
            )
            .finish_non_exhaustive()
    }
}

impl AgentMatcher {
    fn resolve(agent: &[u8], policy: &Arc<Policy>) -> AgentMatcher {
        let owner = MatcherOwner {
            agent: agent.into(),
            policy: Arc::clone(policy),
        };
        AgentMatcher::new(owner, |owner| owner.policy.matcher(&owner.agent))
    }
}

/// What the cache keeps per origin.
#[derive(Debug)]
struct Entry {
    outcome: Outcome,
    /// How long it is fresh, served stale, kept; the outage it carries.
    life: Lifetime,
    /// Set while one caller revalidates the entry.
    refreshing: AtomicBool,
    /// The matchers of the crawlers that asked, resolved once each (a lookup
    /// then costs one uncontended read lock and a short scan).
    matchers: RwLock<Vec<AgentMatcher>>,
}

impl Entry {
    fn new(
        outcome: Outcome,
        previous: Option<&Entry>,
        fetched: (Instant, Instant),
        stale_window: Duration,
        outage_grace: Duration,
    ) -> Self {
        let life = Lifetime::of(
            &outcome,
            previous.map(|p| p.life.history()),
            fetched,
            stale_window,
            outage_grace,
        );
        Entry {
            outcome,
            life,
            refreshing: AtomicBool::new(false),
            matchers: RwLock::new(Vec::new()),
        }
    }

    /// `f` of `agent`'s matcher under the parsed policy; `None` under allow-all
    /// or disallow-all. The matcher is resolved on the first call per agent and
    /// kept (up to [`MAX_AGENTS`]).
    fn with_matcher<T>(&self, agent: &[u8], f: impl FnOnce(&Matcher<'_>) -> T) -> Option<T> {
        let policy = self.outcome.rules.policy()?;
        if let Ok(kept) = self.matchers.read() {
            if let Some(m) = kept.iter().find(|m| &*m.borrow_owner().agent == agent) {
                return Some(f(m.borrow_dependent()));
            }
        }
        let resolved = AgentMatcher::resolve(agent, policy);
        let answer = f(resolved.borrow_dependent());
        if let Ok(mut kept) = self.matchers.write() {
            let known = kept.iter().any(|m| &*m.borrow_owner().agent == agent);
            if !known && kept.len() < MAX_AGENTS {
                kept.push(resolved);
            }
        }
        Some(answer)
    }

    /// What the next fetch needs to know of this one.
    fn previous(&self, now: Instant) -> Previous {
        Previous {
            copy: self.outcome.copy.clone(),
            failures: self.life.failures,
            outage: self.life.outage(now),
        }
    }
}

/// moka keeps each entry as long as the entry says.
struct Retention;

impl moka::Expiry<String, Arc<Entry>> for Retention {
    fn expire_after_create(&self, _: &String, entry: &Arc<Entry>, _: Instant) -> Option<Duration> {
        Some(entry.life.retain_for)
    }

    fn expire_after_update(
        &self,
        _: &String,
        entry: &Arc<Entry>,
        _: Instant,
        _: Option<Duration>,
    ) -> Option<Duration> {
        Some(entry.life.retain_for)
    }
}

/// The right to revalidate an entry; given back when dropped, even if the
/// revalidating future is cancelled.
pub(crate) struct Claim<'a>(&'a AtomicBool);

impl<'a> Claim<'a> {
    pub(crate) fn take(flag: &'a AtomicBool) -> Option<Self> {
        flag.compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire)
            .ok()
            .map(|_| Claim(flag))
    }
}

impl Drop for Claim<'_> {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Release);
    }
}
