//! The conformance harness: every case in `testdata/conformance/*.jsonl`, under
//! its profile(s), through the library API. Reports every failing id at once.

use robots_runtime::{Policy, Profile};
use robots_tests::{body_of, conformance_cases, str_field};
use serde_json::Value;

struct Failures(Vec<String>);

impl Failures {
    fn check(&mut self, id: &str, profile: Profile, got: bool, want: bool) {
        if got != want {
            self.0.push(format!("{id} [{profile}]: got allowed={got}, want {want}"));
        }
    }
    fn finish(self, what: &str, total: usize) {
        assert!(
            self.0.is_empty(),
            "{} of {total} {what} checks failed:\n{}",
            self.0.len(),
            self.0.join("\n")
        );
    }
}

fn verdict(case: &Value, profile: Profile) -> bool {
    let body = body_of(case);
    let policy = Policy::parse(&body, profile);
    policy.is_allowed(str_field(case, "user_agent"), str_field(case, "url"))
}

#[test]
fn google_cases_under_google() {
    let cases = conformance_cases("google_cases.jsonl");
    let mut f = Failures(Vec::new());
    for c in &cases {
        let want = c["allowed"].as_bool().expect("allowed");
        f.check(str_field(c, "id"), Profile::Google, verdict(c, Profile::Google), want);
    }
    f.finish("google_cases", cases.len());
}

#[test]
fn rfc9309_cases_under_rfc9309_and_google() {
    let cases = conformance_cases("rfc9309_cases.jsonl");
    let mut f = Failures(Vec::new());
    for c in &cases {
        let id = str_field(c, "id");
        let want = c["allowed"].as_bool().expect("allowed");
        f.check(id, Profile::Rfc9309, verdict(c, Profile::Google), want);
        let want = c["google_allowed"].as_bool().expect("google_allowed");
        f.check(id, Profile::Google, verdict(c, Profile::Google), want);
    }
    f.finish("rfc9309_cases", cases.len() * 2);
}

#[test]
fn legacy_cases_under_their_profiles_and_google() {
    let cases = conformance_cases("legacy1994_cases.jsonl");
    let mut f = Failures(Vec::new());
    let mut legacy_checked = 0;
    for c in &cases {
        let id = str_field(c, "id");
        let profile = match str_field(c, "legacy_basis") {
            "1994" => Some(Profile::Original1994),
            "1996-draft" => Some(Profile::Draft1996),
            // "1994-strict" is for information only (see the conformance README).
            _ => None,
        };
        if let Some(profile) = profile {
            legacy_checked += 1;
            let want = c["expected_legacy"].as_bool().expect("expected_legacy");
            f.check(id, profile, verdict(c, profile), want);
        }
        let want = c["expected_google"].as_bool().expect("expected_google");
        f.check(id, Profile::Google, verdict(c, Profile::Google), want);
    }
    assert!(legacy_checked >= 48, "only {legacy_checked} legacy cases ran");
    f.finish("legacy", cases.len() + legacy_checked);
}
