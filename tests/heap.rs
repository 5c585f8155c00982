//! `heap_bytes()` says what a policy holds on the heap: measured by an
//! instrumented global allocator, the bytes a policy keeps allocated once it is
//! built (and everything its parse needed is freed) are exactly the bytes it
//! reports, for small policies (one buffer), large ones (the compiler's
//! vectors), loaded ones and one-crawler ones.

use robots_runtime::{Policy, Profile};
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// The bytes still allocated after `make` returns, and what it returned.
fn held<T>(make: impl FnOnce() -> T) -> (isize, T) {
    let region = Region::new(GLOBAL);
    let value = make();
    let change = region.change();
    // Reallocations are in both sums already (growth allocated, shrinking freed).
    let net = change.bytes_allocated as isize - change.bytes_deallocated as isize;
    (net, value)
}

fn large_file() -> String {
    let mut text = String::from("User-agent: *\n");
    for i in 0..20_000 {
        text.push_str(&format!(
            "Disallow: /section-{}/page-{i}.html\nAllow: /*/{i}/keep$\n",
            i % 97
        ));
    }
    text
}

/// One test: the allocator's counts are global, so nothing else may run beside it.
#[test]
fn heap_bytes() {
    heap_bytes_is_what_the_allocator_sees();
    heap_bytes_follows_the_file();
}

fn heap_bytes_is_what_the_allocator_sees() {
    let small =
        "User-agent: *\nDisallow: /private\nCrawl-delay: 2\nSitemap: https://a/s.xml\n".to_owned();
    let large = large_file();
    for (name, text) in [("small", &small), ("large", &large)] {
        for profile in [Profile::Google, Profile::Rfc9309] {
            let (net, policy) = held(|| Policy::parse(text, profile));
            assert!(net > 0, "{name}: {net}");
            assert_eq!(policy.heap_bytes() as isize, net, "{name} [{profile}]");

            let bytes = policy.to_bytes();
            let (net, loaded) = held(|| Policy::from_bytes(bytes.clone()).expect("its own bytes"));
            assert_eq!(loaded.heap_bytes() as isize, net, "{name} loaded");

            let (net, mine) = held(|| {
                Policy::builder()
                    .profile(profile)
                    .build_for_agent(text, "MyBot")
            });
            assert_eq!(mine.heap_bytes() as isize, net, "{name} one crawler");
        }
    }
    // A compiled-in policy holds nothing.
    static STATIC: Policy = robots_runtime::robots!(text = "User-agent: *\nDisallow: /x\n");
    assert_eq!(STATIC.heap_bytes(), 0);
}

/// The figure grows with the file, and a small file's policy is small.
fn heap_bytes_follows_the_file() {
    let large = large_file();
    let policy = Policy::parse(&large, Profile::Google);
    assert!(policy.heap_bytes() > large.len() / 2);
    assert!(policy.heap_bytes() < 4 * large.len());
    let tiny = Policy::parse("User-agent: *\nDisallow: /x\n", Profile::Google);
    assert!(tiny.heap_bytes() < 1024, "{}", tiny.heap_bytes());
}
