//! How many bytes of memory a cached origin holds: what the cache's bound weighs.

use crate::Outcome;
use robots_core::Policy;
use std::mem::size_of;
use std::sync::Arc;

/// Bytes an entry holds besides its policy and its strings: the entry itself,
/// the `Arc`s around it, moka's bookkeeping, and the per-crawler matchers built
/// on demand after the entry is weighed (a few dozen bytes each, at most
/// [`MAX_AGENTS`](crate::cache::MAX_AGENTS) of them), roughly.
const ENTRY_OVERHEAD: usize = 1024;

/// The heap bytes an [`Outcome`] keeps alive: its distinct compiled policies
/// ([`Policy::heap_bytes`], what each really allocated, plus its `Arc`), its
/// URLs and its validators. What [`PolicyCache`](crate::PolicyCache) weighs an
/// origin by (with a fixed allowance for the entry around it).
///
/// ```
/// use robots_fetch::outcome_heap_bytes;
/// use robots_fetch::{Action, FetchSettings, RobotsFetch};
/// let body = b"User-agent: *\nDisallow: /private\n";
/// let mut fetch = RobotsFetch::new("http://127.0.0.1:9/", &FetchSettings::default()).unwrap();
/// fetch.receive_head(200, []);
/// fetch.receive_body(body);
/// fetch.end_body();
/// let outcome = fetch.finish();
/// let policy = outcome.rules.policy().unwrap();
/// assert!(outcome_heap_bytes(&outcome) > policy.heap_bytes());
/// ```
pub fn outcome_heap_bytes(outcome: &Outcome) -> usize {
    policy_bytes(outcome) + string_bytes(outcome)
}

/// The heap bytes the distinct policies of `outcome` hold: its rules' policy and
/// its kept copy's, counted once when they are the same `Arc` (as after a 2xx).
fn policy_bytes(outcome: &Outcome) -> usize {
    let rules = outcome.rules.policy();
    let copy = outcome.copy.as_ref().map(|copy| &copy.policy);
    // The `Arc`'s allocation: two counts and the policy, then what it holds.
    let heap =
        |policy: &Arc<Policy>| 2 * size_of::<usize>() + size_of::<Policy>() + policy.heap_bytes();
    match (rules, copy) {
        (Some(a), Some(b)) if Arc::ptr_eq(a, b) => heap(a),
        (a, b) => a.map_or(0, heap) + b.map_or(0, heap),
    }
}

/// The heap bytes of an outcome's strings (URLs and validators).
fn string_bytes(outcome: &Outcome) -> usize {
    let validators = outcome.copy.as_ref().map_or(0, |copy| {
        let v = &copy.validators;
        v.url.capacity()
            + v.etag.as_ref().map_or(0, String::capacity)
            + v.last_modified.as_ref().map_or(0, String::capacity)
    });
    outcome.robots_url.capacity()
        + outcome.final_url.capacity()
        + outcome.body_prefix.capacity()
        + validators
}

/// The weight of one cached origin, in bytes (saturating at `u32::MAX`, moka's unit).
pub(crate) fn entry_weight(key: &str, outcome: &Outcome) -> u32 {
    let bytes = ENTRY_OVERHEAD + key.len() + outcome_heap_bytes(outcome);
    u32::try_from(bytes).unwrap_or(u32::MAX)
}
