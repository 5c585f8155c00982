//! Load arbitrary bytes as a serialised policy (`PolicyRef::from_bytes`,
//! `Policy::from_bytes`): it must never panic, and whatever it accepts must
//! answer every question without panicking, with well-formed verdicts.
//!
//! Input layout: the first byte picks a mode.
//! - even: the rest is a robots.txt; it is compiled and serialised, and the
//!   serialised bytes round-trip (same answers); then the input's tail is XORed
//!   into the bytes and the checksum made to match, so mutations reach the
//!   checks behind the checksum;
//! - odd: the rest is loaded as it is (the header and checksum must hold).
#![no_main]

use libfuzzer_sys::fuzz_target;
use robots_runtime::{Policy, PolicyRef, Profile};

const PATHS: [&str; 6] = [
    "/",
    "/a",
    "/a/b?c",
    "/robots.txt",
    "/%41*$",
    "/xyz/index.html",
];

/// Ask `policy` everything; every verdict must name a rule of the policy.
fn exercise(policy: &PolicyRef<'_>) {
    for agent in ["FooBot", "other", "*"] {
        let m = policy.matcher(agent);
        let _ = (
            m.crawl_delay(),
            m.request_rate(),
            m.visit_time(),
            m.has_group(),
        );
        for path in PATHS {
            let v = m.check(path);
            if let Some(id) = v.rule {
                assert!(policy.rule(id).is_some(), "verdict names no rule");
            }
            assert_eq!(policy.explain(agent, path).verdict.allowed, v.allowed);
        }
        let mut seen = 0;
        m.check_paths(&PATHS, |_, _| seen += 1);
        assert_eq!(seen, PATHS.len());
    }
    let _ = (
        policy.records().count(),
        policy.groups().count(),
        policy.rules().count(),
    );
    let _ = (
        policy.sitemaps().count(),
        policy.host(),
        policy.truncation(),
    );
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    if mode % 2 == 1 {
        if let Ok(policy) = PolicyRef::from_bytes(rest) {
            exercise(&policy);
            let owned = Policy::from_bytes(rest.to_vec()).expect("accepted once, accepted twice");
            assert_eq!(owned.to_bytes().len(), rest.len());
        }
        return;
    }
    let profile = Profile::ALL[usize::from(mode / 2) % Profile::ALL.len()];
    let (body, noise) = rest.split_at(rest.len() / 2);
    let policy = Policy::parse(body, profile);
    let bytes = policy.to_bytes();
    let loaded = PolicyRef::from_bytes(&bytes).expect("a policy's own bytes load");
    for path in PATHS {
        assert_eq!(
            loaded.check("FooBot", path).allowed,
            policy.check("FooBot", path).allowed
        );
    }
    let mut mutated = bytes.clone();
    for (i, &x) in noise.iter().enumerate() {
        if let Some(b) = mutated.get_mut((i * 131 + usize::from(x)) % bytes.len().max(1)) {
            *b ^= x;
        }
    }
    robots_runtime::__private::seal(&mut mutated);
    if let Ok(policy) = PolicyRef::from_bytes(&mutated) {
        exercise(&policy);
    }
});
