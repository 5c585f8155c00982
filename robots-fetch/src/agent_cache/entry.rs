//! What the one-crawler cache keeps per origin, and what that weighs.
//!
//! Only what a crawler's checks and the next fetch need: the crawler's
//! compiled rules (one buffer and its view), the origin to confirm a hit, the
//! answer's lifetime, and the validators of the kept copy. Not the outcome's
//! URLs, nor a policy for every crawler: a crawler holds millions of these.

use crate::lifetime::Lifetime;
use crate::{CachedCopy, FetchReason, Outcome, Previous, Rules, Validators};
use robots_core::records::RequestRate;
use robots_core::Policy;
use std::mem::size_of;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Bytes an origin costs besides its entry and what the entry points to: the
/// `Arc`'s counts, the cache's slot (key, value, state, next link) and its
/// hash index, with the slack of their growth, roughly.
const SLOT_OVERHEAD: usize = 2 * size_of::<usize>() + 64;

/// The crawler's rules for an origin.
#[derive(Debug)]
pub(crate) enum AgentRules {
    /// The crawler's policy, compiled for it alone (it answers as the crawler
    /// whatever agent it is asked about).
    Parsed(Policy),
    /// No restrictions (4xx, too many redirects, …).
    AllowAll,
    /// Nothing may be crawled (unreachable, no good copy).
    DisallowAll,
}

/// What revalidating the kept copy needs, besides the policy itself.
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
    /// `Some` when the rules' policy is also the good copy the next fetch
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
        outcome: Outcome,
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
        // The copy's policy is the rules' (the same `Arc`): dropped here, so
        // that the rules' policy is moved out below, not copied.
        let copy = outcome.copy.map(|copy| KeptCopy {
            validators: (!copy.validators.is_empty()).then(|| Box::new(copy.validators)),
            bytes: copy.bytes,
            truncated: copy.truncated,
        });
        let rules = match outcome.rules {
            Rules::Parsed(policy) => AgentRules::Parsed(
                Arc::try_unwrap(policy).unwrap_or_else(|shared| Policy::clone(&shared)),
            ),
            Rules::AllowAll => AgentRules::AllowAll,
            Rules::DisallowAll => AgentRules::DisallowAll,
        };
        let copy = copy.filter(|_| matches!(rules, AgentRules::Parsed(_)));
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
            AgentRules::Parsed(policy) => policy.heap_bytes(),
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
    pub(crate) fn previous(&self, now: Instant) -> Previous {
        let copy = match (&self.rules, &self.copy) {
            (AgentRules::Parsed(policy), Some(copy)) => Some(CachedCopy {
                policy: Arc::new(policy.clone()),
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
            AgentRules::Parsed(policy) => policy.is_allowed(agent, url),
            AgentRules::AllowAll => true,
            AgentRules::DisallowAll => false,
        }
    }

    /// The crawler's `Crawl-delay` (none under allow-all or disallow-all).
    pub(crate) fn crawl_delay(&self, agent: &[u8]) -> Option<Duration> {
        self.policy().and_then(|p| p.matcher(agent).crawl_delay())
    }

    /// The crawler's `Request-rate` (none under allow-all or disallow-all).
    pub(crate) fn request_rate(&self, agent: &[u8]) -> Option<RequestRate> {
        self.policy().and_then(|p| p.matcher(agent).request_rate())
    }

    /// The crawler's compiled rules, when a file was parsed.
    pub(crate) fn policy(&self) -> Option<&Policy> {
        match &self.rules {
            AgentRules::Parsed(policy) => Some(policy),
            AgentRules::AllowAll | AgentRules::DisallowAll => None,
        }
    }

    /// `"parsed"`, `"allow-all"` or `"disallow-all"`, as [`Rules::name`].
    pub(crate) fn rules_name(&self) -> &'static str {
        match &self.rules {
            AgentRules::Parsed(_) => "parsed",
            AgentRules::AllowAll => "allow-all",
            AgentRules::DisallowAll => "disallow-all",
        }
    }
}
