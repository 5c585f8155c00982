//! How long a cached answer lives: fresh, then served stale while one caller
//! revalidates it, then kept only for what the next fetch needs of it. One
//! definition for both caches ([`PolicyCache`](crate::PolicyCache) and
//! [`AgentPolicyCache`](crate::AgentPolicyCache)).

use crate::{Outcome, Rules};
use std::time::{Duration, Instant};

/// An answer's lifetime and the outage history it carries.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lifetime {
    /// Used as is until then.
    pub(crate) fresh_until: Instant,
    /// A good copy is served while being revalidated until then.
    pub(crate) stale_until: Instant,
    /// How long the cache keeps the answer at all, from when it was made.
    pub(crate) retain_for: Duration,
    /// Unreachable outcomes in a row, this one included.
    pub(crate) failures: u32,
    /// When the current outage began.
    pub(crate) outage_since: Option<Instant>,
}

/// What a new answer's lifetime needs of the one before it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct History {
    /// Unreachable outcomes in a row before this fetch.
    pub(crate) failures: u32,
    /// When that outage began.
    pub(crate) outage_since: Option<Instant>,
}

impl Lifetime {
    /// The lifetime of `outcome`, fetched from `started` to `now`, after an
    /// answer with `earlier` history.
    pub(crate) fn of<K>(
        outcome: &Outcome<K>,
        earlier: Option<History>,
        (started, now): (Instant, Instant),
        stale_window: Duration,
        outage_grace: Duration,
    ) -> Lifetime {
        let fresh_until = now.checked_add(outcome.expires_in).unwrap_or(now);
        let unreachable = outcome.reason.is_unreachable();
        let (failures, outage_since) = if unreachable {
            let earlier = earlier.filter(|p| p.failures > 0);
            (
                earlier.map_or(0, |p| p.failures).saturating_add(1),
                earlier.and_then(|p| p.outage_since).or(Some(started)),
            )
        } else {
            (0, None)
        };
        let has_copy = outcome.copy.is_some() && matches!(outcome.rules, Rules::Parsed(_));
        let stale_until = if has_copy {
            fresh_until.checked_add(stale_window).unwrap_or(fresh_until)
        } else {
            fresh_until
        };
        // Kept past expiry when it has something for the next fetch: a copy to
        // revalidate or to bridge an outage, or an outage's history for backoff.
        let retain_for = if !outcome.store {
            Duration::ZERO
        } else if has_copy || unreachable {
            outcome
                .expires_in
                .saturating_add(outage_grace.max(stale_window))
        } else {
            outcome.expires_in
        };
        Lifetime {
            fresh_until,
            stale_until,
            retain_for,
            failures,
            outage_since,
        }
    }

    /// What the next answer's lifetime needs of this one.
    pub(crate) fn history(&self) -> History {
        History {
            failures: self.failures,
            outage_since: self.outage_since,
        }
    }

    /// How long the current outage has lasted at `now` (zero if none).
    pub(crate) fn outage(&self, now: Instant) -> Duration {
        self.outage_since
            .map_or(Duration::ZERO, |since| now.saturating_duration_since(since))
    }
}
