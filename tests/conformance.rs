//! The conformance harness, through the library API: every verdict case in
//! `testdata/conformance/*.jsonl` under its profile(s), and every case of
//! `google_other_cases.jsonl` that the engine has a counterpart for. Every failing
//! id is listed, not just the first. (`robots-cli/tests/conformance.rs` runs the
//! same expectations through the built `robots` binary.)

use robots_runtime::Policy;
use robots_tests::{failing_expectations, verdict_expectations};

#[test]
fn every_verdict_case_passes_through_the_api() {
    let expectations = verdict_expectations();
    assert_eq!(expectations.len(), 145 + 2 * 104 + 48 + 49, "case count changed");
    let failures = failing_expectations(&expectations, |e| {
        Ok(Policy::parse(&e.body, e.profile).is_allowed(&e.agent, &e.url))
    });
    assert!(
        failures.is_empty(),
        "{} of {} checks failed:\n{}",
        failures.len(),
        expectations.len(),
        failures.join("\n")
    );
}
