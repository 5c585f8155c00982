//! Shared helpers for the workspace tests: where the bundled test data lives and how to read it.
#![forbid(unsafe_code)]

#[path = "testdata.rs"]
mod testdata;

pub use testdata::*;

use robots_runtime::Profile;
use serde_json::Value;

/// One verdict the conformance data expects: a body, a crawler, a URL, a profile and the answer.
#[derive(Clone, Debug)]
pub struct Expectation {
    /// The case id, with the field it comes from when a case carries several (`#google`).
    pub id: String,
    /// The profile the expectation holds under.
    pub profile: Profile,
    /// The exact robots.txt bytes.
    pub body: Vec<u8>,
    /// The crawler, exactly as given.
    pub agent: String,
    /// The URL (empty means `/`).
    pub url: String,
    /// Whether the URL must be allowed.
    pub allowed: bool,
}

fn bool_field(obj: &Value, key: &str) -> bool {
    obj.get(key)
        .and_then(Value::as_bool)
        .unwrap_or_else(|| panic!("case lacks bool field {key}: {obj}"))
}

/// Every verdict expectation of the conformance set, each under its profile:
/// - `google_cases`: `allowed` under `google`;
/// - `rfc9309_cases`: `allowed` under `rfc9309`, `google_allowed` under `google`;
/// - `legacy1994_cases`: `expected_legacy` under `original1994` (basis `1994`) or
///   `draft1996` (basis `1996-draft`; `1994-strict` is for information only), and
///   `expected_google` under `google`.
pub fn verdict_expectations() -> Vec<Expectation> {
    let mut out = Vec::new();
    let mut push = |case: &Value, suffix: &str, profile: Profile, field: &str| {
        out.push(Expectation {
            id: format!("{}{suffix}", str_field(case, "id")),
            profile,
            body: body_of(case),
            agent: str_field(case, "user_agent").to_owned(),
            url: str_field(case, "url").to_owned(),
            allowed: bool_field(case, field),
        });
    };
    for case in conformance_cases("google_cases.jsonl") {
        push(&case, "", Profile::Google, "allowed");
    }
    for case in conformance_cases("rfc9309_cases.jsonl") {
        push(&case, "", Profile::Rfc9309, "allowed");
        push(&case, "#google", Profile::Google, "google_allowed");
    }
    for case in conformance_cases("legacy1994_cases.jsonl") {
        match str_field(&case, "legacy_basis") {
            "1994" => push(&case, "", Profile::Original1994, "expected_legacy"),
            "1996-draft" => push(&case, "", Profile::Draft1996, "expected_legacy"),
            _ => {}
        }
        push(&case, "#google", Profile::Google, "expected_google");
    }
    out
}

/// Run `engine` on every expectation; return one line per failing id.
pub fn failing_expectations(
    expectations: &[Expectation],
    mut engine: impl FnMut(&Expectation) -> Result<bool, String>,
) -> Vec<String> {
    expectations
        .iter()
        .filter_map(|e| match engine(e) {
            Ok(got) if got == e.allowed => None,
            Ok(got) => Some(format!(
                "{} [{}]: got allowed={got}, want {}",
                e.id, e.profile, e.allowed
            )),
            Err(why) => Some(format!("{} [{}]: {why}", e.id, e.profile)),
        })
        .collect()
}
