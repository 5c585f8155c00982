//! Shared by the fetch tests: robots.txt bodies and assertions on outcomes.
#![allow(dead_code)]

use robots_fetch::{FetchReason, Outcome};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A small file: `/private` is disallowed, the rest allowed.
pub const FILE: &str = "User-agent: *\nDisallow: /private\n";

/// A body of `size` bytes: a rule before `limit`, comment filler, and a rule just past it.
pub fn big_file(limit: usize, size: usize) -> Vec<u8> {
    let mut body = b"User-agent: *\nDisallow: /before-limit\n".to_vec();
    while body.len() < limit - 40 {
        body.extend_from_slice(b"# filler line to reach the parse limit\n");
    }
    body.resize(limit + 10, b'#');
    body.extend_from_slice(b"\nDisallow: /after-limit\n");
    while body.len() < size {
        body.extend_from_slice(b"# more filler after the limit, never read\n");
    }
    body
}

/// Assert the outcome's rules and reason, with the outcome in the message.
#[track_caller]
pub fn assert_outcome(outcome: &Outcome, rules: &str, reason: FetchReason) {
    assert_eq!(
        (outcome.rules.name(), outcome.reason),
        (rules, reason),
        "outcome: {outcome:#?}"
    );
}

/// A clock the test moves by hand: answers' lifetimes pass without sleeping.
pub struct ManualClock {
    start: Instant,
    elapsed_ms: AtomicU64,
}

impl ManualClock {
    pub fn new() -> Arc<ManualClock> {
        Arc::new(ManualClock {
            start: Instant::now(),
            elapsed_ms: AtomicU64::new(0),
        })
    }

    pub fn advance(&self, by: Duration) {
        let ms = u64::try_from(by.as_millis()).expect("a short step");
        self.elapsed_ms.fetch_add(ms, Ordering::SeqCst);
    }
}

#[cfg(feature = "cache")]
impl robots_fetch::Clock for ManualClock {
    fn now(&self) -> Instant {
        self.start + Duration::from_millis(self.elapsed_ms.load(Ordering::SeqCst))
    }
}
