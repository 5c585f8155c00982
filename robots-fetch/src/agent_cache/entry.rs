//! What the one-crawler cache keeps per origin, and what that weighs.
//!
//! Only what a crawler's checks and the next fetch need: the crawler's rules
//! (as [`CompactRules`], one buffer a check scans, when there are few enough of
//! them, else the compiled policy), its pace when the file sets one, the
//! origin to confirm a hit, the answer's lifetime, and the validators of the
//! kept copy. Not the outcome's URLs, nor a policy for every crawler, nor
//! search tables a few rules do not need: a crawler holds millions of these.

use crate::lifetime::Lifetime;
use crate::machine::outcome::sealed::Sealed;
use crate::{CachedCopy, FetchReason, KeptRules, Outcome, Previous, Rules, Validators};
use robots_core::records::RequestRate;
use robots_core::{CompactOrPolicy, CompactRules, Policy, PolicyBuilder};
use std::mem::size_of;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Bytes an origin costs besides its entry and what the entry points to: the
/// `Arc`'s counts, the cache's slot (key, value, state, next link) and its
/// hash index, with the slack of their growth, roughly.
const SLOT_OVERHEAD: usize = 2 * size_of::<usize>() + 64;

/// The crawler's rules for an origin.
#[derive(Clone, Debug)]
pub(crate) enum AgentRules {
    /// The crawler's rules, scanned by a check (most files), and its
    /// `Crawl-delay` and `Request-rate`, boxed apart and only when its groups
    /// set one (most do not: they pay one pointer).
    Compact(CompactRules, Option<Box<Pace>>),
    /// The crawler's policy, compiled for it alone (it answers as the crawler
    /// whatever agent it is asked about): rules past what
    /// [`CompactRules::of`] accepts. Boxed: the compact entries, most of
    /// them, are not made as large as a policy.
    Parsed(Box<Policy>),
    /// No restrictions (4xx, too many redirects, …).
    AllowAll,
    /// Nothing may be crawled (unreachable, no good copy).
    DisallowAll,
}

/// The crawler's pace, as its groups set it.
#[derive(Clone, Debug)]
pub(crate) struct Pace {
    crawl_delay: Option<Duration>,
    request_rate: Option<RequestRate>,
}

/// What the cache's fetches compile a file into, keep as the good copy and
/// get back on a 304 or through an outage ([`KeptRules`]): the crawler's
/// rules, as the entry keeps them. In an `Arc` while the fetch runs, so that
/// the outcome's rules and its copy share them; the entry takes them out.
#[derive(Clone, Debug)]
pub(crate) enum CrawlerRules {
    /// Rules [`CompactRules`] holds, and the crawler's pace when its groups set one.
    Compact(CompactRules, Option<Box<Pace>>),
    /// Rules past what [`CompactRules`] holds: the crawler's policy, compiled
    /// for it alone (it answers as the crawler whatever agent it is asked about).
    Compiled(Box<Policy>),
}

impl Sealed for Arc<CrawlerRules> {}

impl KeptRules for Arc<CrawlerRules> {
    fn compile(builder: &PolicyBuilder, text: &[u8], agent: Option<&[u8]>) -> Self {
        let Some(agent) = agent else {
            panic!("bug: the one-crawler cache's fetch names no crawler")
        };
        Arc::new(CrawlerRules::compile(builder, text, agent))
    }
}

impl CrawlerRules {
    /// `text`'s rules for the crawler `agent`: compact, read straight from
    /// the file, when [`CompactRules`] holds them; else the one-crawler
    /// policy, its tables built of that same reading.
    fn compile(builder: &PolicyBuilder, text: &[u8], agent: &[u8]) -> CrawlerRules {
        match builder.build_compact_for_agent(text, agent) {
            CompactOrPolicy::Compact {
                rules,
                crawl_delay,
                request_rate,
            } => CrawlerRules::Compact(rules, Pace::of(crawl_delay, request_rate)),
            CompactOrPolicy::Compiled(policy) => {
                CrawlerRules::Compiled(Box::new(policy.policy().clone()))
            }
        }
    }
}

impl Pace {
    /// The pace, boxed, when either is set.
    fn of(crawl_delay: Option<Duration>, request_rate: Option<RequestRate>) -> Option<Box<Pace>> {
        (crawl_delay.is_some() || request_rate.is_some()).then(|| {
            Box::new(Pace {
                crawl_delay,
                request_rate,
            })
        })
    }
}

/// What revalidating the kept copy needs, besides its rules (the entry's own).
#[derive(Debug)]
struct KeptCopy {
    /// `None` when the response had no `ETag` nor `Last-Modified`: nothing to send back.
    validators: Option<Box<Validators>>,
    /// Body bytes the copy was compiled from.
    bytes: usize,
    /// Whether the body was cut at the parse limit.
    truncated: bool,
}

/// One origin's answer.
#[derive(Debug)]
pub(crate) struct OriginEntry {
    /// The origin (`origin_key`): the cache finds entries by its hash, and
    /// this confirms that a hit is the origin asked for.
    pub(crate) origin: Box<str>,
    pub(crate) rules: AgentRules,
    /// `Some` when the rules are also the good copy the next fetch
    /// revalidates or an outage falls back on.
    copy: Option<KeptCopy>,
    pub(crate) reason: FetchReason,
    pub(crate) status: Option<u16>,
    pub(crate) life: Lifetime,
    /// Past this the entry is not used at all (it was made `retain_for` before).
    pub(crate) retain_until: Instant,
    /// Set while one caller revalidates the entry.
    pub(crate) refreshing: AtomicBool,
    /// What it weighs in the cache's byte bound.
    pub(crate) weight: u32,
}

impl OriginEntry {
    /// The entry for `outcome`, fetched for `origin` from `started` to `now`,
    /// after `previous` (whose outage history it carries on).
    pub(crate) fn new(
        origin: &str,
        outcome: Outcome<Arc<CrawlerRules>>,
        previous: Option<&OriginEntry>,
        (started, now): (Instant, Instant),
        stale_window: Duration,
        outage_grace: Duration,
    ) -> OriginEntry {
        let life = Lifetime::of(
            &outcome,
            previous.map(|p| p.life.history()),
            (started, now),
            stale_window,
            outage_grace,
        );
        // The copy's rules are the outcome's (the same `Arc`): dropped here,
        // so that the rules are moved out below, not copied.
        let copy = outcome.copy.map(|copy| KeptCopy {
            validators: (!copy.validators.is_empty()).then(|| Box::new(copy.validators)),
            bytes: copy.bytes,
            truncated: copy.truncated,
        });
        let rules = match outcome.rules {
            Rules::Parsed(kept) => {
                match Arc::try_unwrap(kept).unwrap_or_else(|shared| CrawlerRules::clone(&shared)) {
                    CrawlerRules::Compact(rules, pace) => AgentRules::Compact(rules, pace),
                    CrawlerRules::Compiled(policy) => AgentRules::Parsed(policy),
                }
            }
            Rules::AllowAll => AgentRules::AllowAll,
            Rules::DisallowAll => AgentRules::DisallowAll,
        };
        let copy =
            copy.filter(|_| matches!(rules, AgentRules::Parsed(_) | AgentRules::Compact(..)));
        let mut entry = OriginEntry {
            origin: origin.into(),
            rules,
            copy,
            reason: outcome.reason,
            status: outcome.status,
            retain_until: now.checked_add(life.retain_for).unwrap_or(now),
            life,
            refreshing: AtomicBool::new(false),
            weight: 0,
        };
        entry.weight = u32::try_from(entry.heap_bytes()).unwrap_or(u32::MAX);
        entry
    }

    /// The bytes the entry holds: itself, its origin, its policy, its validators,
    /// and its slot in the cache.
    pub(crate) fn heap_bytes(&self) -> usize {
        let policy = match &self.rules {
            AgentRules::Compact(rules, pace) => {
                rules.heap_bytes() + pace.as_ref().map_or(0, |_| size_of::<Pace>())
            }
            AgentRules::Parsed(policy) => size_of::<Policy>() + policy.heap_bytes(),
            AgentRules::AllowAll | AgentRules::DisallowAll => 0,
        };
        let validators = self
            .copy
            .as_ref()
            .and_then(|c| c.validators.as_deref())
            .map_or(0, |v| {
                size_of::<Validators>()
                    + v.url.capacity()
                    + v.etag.as_ref().map_or(0, String::capacity)
                    + v.last_modified.as_ref().map_or(0, String::capacity)
            });
        SLOT_OVERHEAD + size_of::<OriginEntry>() + self.origin.len() + policy + validators
    }

    /// What the next fetch needs to know of this one.
    pub(crate) fn previous(&self, now: Instant) -> Previous<Arc<CrawlerRules>> {
        let policy = match &self.rules {
            AgentRules::Compact(rules, pace) => {
                Some(CrawlerRules::Compact(rules.clone(), pace.clone()))
            }
            AgentRules::Parsed(policy) => Some(CrawlerRules::Compiled(policy.clone())),
            AgentRules::AllowAll | AgentRules::DisallowAll => None,
        };
        let copy = match (policy, &self.copy) {
            (Some(policy), Some(copy)) => Some(CachedCopy {
                policy: Arc::new(policy),
                validators: copy.validators.as_deref().cloned().unwrap_or_default(),
                bytes: copy.bytes,
                truncated: copy.truncated,
            }),
            _ => None,
        };
        Previous {
            copy,
            failures: self.life.failures,
            outage: self.life.outage(now),
        }
    }

    /// Whether the crawler may fetch `url`; `agent` is the crawler's name.
    pub(crate) fn is_allowed(&self, agent: &[u8], url: &[u8]) -> bool {
        match &self.rules {
            AgentRules::Compact(rules, _) => rules.is_allowed(url),
            AgentRules::Parsed(policy) => policy.is_allowed(agent, url),
            AgentRules::AllowAll => true,
            AgentRules::DisallowAll => false,
        }
    }

    /// The crawler's `Crawl-delay` (none under allow-all or disallow-all).
    pub(crate) fn crawl_delay(&self, agent: &[u8]) -> Option<Duration> {
        match &self.rules {
            AgentRules::Compact(_, pace) => pace.as_ref().and_then(|p| p.crawl_delay),
            AgentRules::Parsed(policy) => policy.matcher(agent).crawl_delay(),
            AgentRules::AllowAll | AgentRules::DisallowAll => None,
        }
    }

    /// The crawler's `Request-rate` (none under allow-all or disallow-all).
    pub(crate) fn request_rate(&self, agent: &[u8]) -> Option<RequestRate> {
        match &self.rules {
            AgentRules::Compact(_, pace) => pace.as_ref().and_then(|p| p.request_rate),
            AgentRules::Parsed(policy) => policy.matcher(agent).request_rate(),
            AgentRules::AllowAll | AgentRules::DisallowAll => None,
        }
    }

    /// The crawler's compiled rules, when a file was parsed and its rules
    /// are past what [`CompactRules`] holds.
    pub(crate) fn policy(&self) -> Option<&Policy> {
        match &self.rules {
            AgentRules::Parsed(policy) => Some(&**policy),
            AgentRules::Compact(..) | AgentRules::AllowAll | AgentRules::DisallowAll => None,
        }
    }

    /// The crawler's rules as a scan reads them, when a file was parsed and
    /// [`CompactRules`] holds them.
    pub(crate) fn compact_rules(&self) -> Option<&CompactRules> {
        match &self.rules {
            AgentRules::Compact(rules, _) => Some(rules),
            AgentRules::Parsed(_) | AgentRules::AllowAll | AgentRules::DisallowAll => None,
        }
    }

    /// `"parsed"`, `"allow-all"` or `"disallow-all"`, as [`Rules::name`].
    pub(crate) fn rules_name(&self) -> &'static str {
        match &self.rules {
            AgentRules::Compact(..) | AgentRules::Parsed(_) => "parsed",
            AgentRules::AllowAll => "allow-all",
            AgentRules::DisallowAll => "disallow-all",
        }
    }
}
