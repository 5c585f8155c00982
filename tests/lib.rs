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

/// The agents a verdict table covers for a file: an unknown crawler, `*`, and the
/// first few crawlers the file names (as written, distinct, case-insensitively).
pub fn table_agents(body: &[u8], profile: Profile) -> Vec<String> {
    let doc =
        robots_runtime::document::parse(body, robots_runtime::document::ParseOptions::new(profile));
    let mut agents = vec!["UnknownCrawler".to_owned(), "*".to_owned()];
    for agent in doc.groups().iter().flat_map(|g| &g.agents) {
        if agents.len() >= 6 {
            break;
        }
        let value = doc.value(&doc.lines()[agent.line]);
        let name = String::from_utf8_lossy(value).trim().to_owned();
        if name.is_empty() || name.contains(char::is_whitespace) || name.contains('*') {
            continue;
        }
        if !agents.iter().any(|a| a.eq_ignore_ascii_case(&name)) {
            agents.push(name);
        }
    }
    agents
}

/// One verdict cell: `A`llowed or `D`isallowed, then the deciding rule's line, or
/// `-` (no rule matched), `.` (no group applies) or `r` (`/robots.txt` is always allowed).
pub fn verdict_cell(policy: &robots_runtime::Policy, verdict: robots_runtime::Verdict) -> String {
    use robots_runtime::Reason;
    let head = if verdict.allowed { 'A' } else { 'D' };
    match (verdict.reason, verdict.rule.and_then(|r| policy.rule(r))) {
        (Reason::Rule, Some(rule)) if rule.derived => format!("{head}{}i", rule.line),
        (Reason::Rule, Some(rule)) => format!("{head}{}", rule.line),
        (Reason::NoGroup, _) => format!("{head}."),
        (Reason::RobotsTxt, _) => format!("{head}r"),
        _ => format!("{head}-"),
    }
}

/// The verdict table of a policy: a header naming the agents, then one line per
/// URL with one cell per agent (see [`verdict_cell`]).
pub fn verdict_table(
    policy: &robots_runtime::Policy,
    agents: &[String],
    urls: &[Vec<u8>],
) -> String {
    use std::fmt::Write as _;
    let mut out = format!("profile: {}\n", policy.profile());
    for (i, agent) in agents.iter().enumerate() {
        let _ = writeln!(out, "agent {}: {agent}", i + 1);
    }
    let matchers: Vec<_> = agents.iter().map(|a| policy.matcher(a)).collect();
    for url in urls {
        out.push_str(&String::from_utf8_lossy(url));
        for m in &matchers {
            out.push(' ');
            out.push_str(&verdict_cell(policy, m.check(url)));
        }
        out.push('\n');
    }
    out
}
