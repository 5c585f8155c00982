//! The cache weighs an origin by what it really holds: `outcome_heap_bytes` is
//! held to an instrumented global allocator, for small and large files, a
//! truncated body, a revalidated (304) copy, and the outcomes without a policy.
#![cfg(feature = "cache")]

use robots_fetch::outcome_heap_bytes;
use robots_fetch::{Action, FetchProfile, FetchSettings, Outcome, Previous, RobotsFetch};
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// The bytes still allocated after `make` returns, and what it returned.
fn held<T>(make: impl FnOnce() -> T) -> (isize, T) {
    let region = Region::new(GLOBAL);
    let value = make();
    let change = region.change();
    let net = change.bytes_allocated as isize - change.bytes_deallocated as isize;
    (net, value)
}

/// The outcome of a fetch answered with `status`, `headers` and `body`, driven
/// by hand (no network).
fn fetched(previous: Previous, status: u16, headers: &[(&[u8], &[u8])], body: &[u8]) -> Outcome {
    let policy = FetchSettings::new(FetchProfile::Rfc9309);
    let mut fetch =
        RobotsFetch::revalidate("http://127.0.0.1:9/page", &policy, previous).expect("a URL");
    assert!(matches!(fetch.action(), Action::Send(_)));
    fetch.receive_head(status, headers.iter().copied());
    let mut rest = body;
    while let Action::Read { max } = fetch.action() {
        if rest.is_empty() {
            fetch.end_body();
            break;
        }
        let (piece, tail) = rest.split_at(max.min(rest.len()).min(4096));
        fetch.receive_body(piece);
        rest = tail;
    }
    fetch.finish()
}

fn large_file(rules: usize) -> String {
    let mut text = String::from("User-agent: *\n");
    for i in 0..rules {
        text.push_str(&format!("Disallow: /section-{}/page-{i}.html\n", i % 97));
    }
    text
}

/// One test: the allocator's counts are global, so nothing else may run beside it.
#[test]
fn the_weigher_counts_what_the_allocator_sees() {
    let small = "User-agent: *\nDisallow: /private\nCrawl-delay: 2\n".to_owned();
    let large = large_file(10_000);
    let huge = large_file(20_000); // past the 500 KiB limit: truncated
    assert!(huge.len() > 512_000);
    let etag: &[(&[u8], &[u8])] = &[
        (b"etag", b"\"v1\""),
        (b"last-modified", b"Tue, 1 Jul 2025 00:00:00 GMT"),
    ];
    for (name, body) in [("small", &small), ("large", &large), ("huge", &huge)] {
        let (net, outcome) = held(|| fetched(Previous::default(), 200, etag, body.as_bytes()));
        assert!(outcome.rules.policy().is_some(), "{name}");
        assert_eq!(outcome.truncated, name == "huge", "{name}");
        let weighed = outcome_heap_bytes(&outcome) as isize;
        // Exact up to the allocator's view of the strings' and Arc's rounding:
        // nothing the outcome holds is left out, nothing is counted twice.
        assert!(
            (net - weighed).abs() <= 64,
            "{name}: allocator {net}, weigher {weighed}"
        );
        // The policy dominates: a large file's weight tracks its compiled size.
        let policy = outcome.rules.policy().expect("parsed").heap_bytes() as isize;
        assert!(weighed >= policy, "{name}");

        // A 304 keeps the same copy: the new outcome shares it, so what the new
        // outcome adds is only its own strings, while it weighs the whole copy.
        let previous = Previous {
            copy: outcome.copy.clone(),
            ..Previous::default()
        };
        let (net, revalidated) = held(|| fetched(previous, 304, &[], b""));
        assert!(revalidated.rules.policy().is_some(), "{name} 304");
        let weighed = outcome_heap_bytes(&revalidated) as isize;
        assert!(weighed >= policy, "{name} 304: the shared copy is weighed");
        assert!(
            net < weighed,
            "{name} 304: no new policy was allocated ({net})"
        );
    }
    // No policy: a 404 (allow-all) and a 503 (disallow-all) weigh their strings only.
    for status in [404, 503] {
        let (net, outcome) = held(|| fetched(Previous::default(), status, &[], b"oops"));
        assert!(outcome.rules.policy().is_none(), "{status}");
        let weighed = outcome_heap_bytes(&outcome) as isize;
        assert!(
            (net - weighed).abs() <= 64,
            "{status}: allocator {net}, weigher {weighed}"
        );
        assert!(weighed < 256, "{status}: {weighed}");
    }
}
