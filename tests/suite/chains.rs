//! Fallback chains (`Policy::matcher_chain`): the cases of
//! `testdata/conformance/chain_cases.jsonl` under every profile, a chain of one
//! against the plain matcher on every conformance expectation, and chains over
//! the whole corpus against a selection made independently from `explain` and
//! the profile's agent match.
// A test may index: a panic there is a failed test, with its location.
#![allow(clippy::indexing_slicing)]

use robots_runtime::agent::AgentMatch;
use robots_runtime::{Policy, Profile};
use robots_tests::{
    body_of, conformance_cases, corpus_files, corpus_urls, str_field, verdict_expectations,
};
use serde_json::Value;

#[test]
fn every_chain_case_passes_under_every_profile() {
    let cases = conformance_cases("chain_cases.jsonl");
    assert!(cases.len() >= 15, "{} cases", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let id = str_field(case, "id");
        let body = body_of(case);
        let url = str_field(case, "url");
        let chain: Vec<&str> = case["chain"]
            .as_array()
            .unwrap_or_else(|| panic!("{id}: no chain"))
            .iter()
            .map(|t| {
                t.as_str()
                    .unwrap_or_else(|| panic!("{id}: a token is not a string"))
            })
            .collect();
        for profile in Profile::ALL {
            let want = case["allowed"][profile.name()]
                .as_bool()
                .unwrap_or_else(|| panic!("{id}: no verdict for {profile}"));
            let want_token = match &case["token"][profile.name()] {
                Value::Null => None,
                v => Some(v.as_u64().unwrap_or_else(|| panic!("{id}: bad token")) as usize),
            };
            let policy = Policy::parse(&body, profile);
            let got = policy.matcher_chain(&chain).is_allowed(url);
            if got != want {
                failures.push(format!("{id} [{profile}]: allowed={got}, want {want}"));
            }
            let token = policy.chain_choice(&chain);
            if token != want_token {
                failures.push(format!(
                    "{id} [{profile}]: token {token:?}, want {want_token:?}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_chain_of_one_is_the_plain_matcher_on_every_expectation() {
    let mut failures = Vec::new();
    for e in verdict_expectations() {
        let policy = Policy::parse(&e.body, e.profile);
        let (chain, plain) = (
            policy.matcher_chain([&e.agent]).check(&e.url),
            policy.matcher(&e.agent).check(&e.url),
        );
        if chain != plain {
            failures.push(format!(
                "{} [{}]: chain {chain:?}, matcher {plain:?}",
                e.id, e.profile
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Whether some group names `agent`, found from the explanation: a group that
/// applied has a user-agent line that names it (not only `*`).
fn named_by_a_group(policy: &Policy, agent: &str) -> bool {
    policy
        .explain(agent, "/")
        .groups
        .iter()
        .any(|g| g.agents.iter().any(|a| a.matches == AgentMatch::Name))
}

/// The first few crawlers a file names (as written, distinct case-insensitively),
/// skipping values no crawler could send (empty, with a space, or with `*`).
fn named_tokens(body: &[u8], profile: Profile) -> Vec<String> {
    use robots_runtime::document::{parse, ParseOptions};
    let doc = parse(body, ParseOptions::new(profile));
    let mut names: Vec<String> = Vec::new();
    for agent in doc.groups().iter().flat_map(|g| &g.agents) {
        let value = doc.value(&doc.lines()[agent.line]);
        let name = String::from_utf8_lossy(value).trim().to_owned();
        if name.is_empty() || name.contains(char::is_whitespace) || name.contains('*') {
            continue;
        }
        if !names.iter().any(|a| a.eq_ignore_ascii_case(&name)) {
            names.push(name);
        }
    }
    names
}

#[test]
fn corpus_chains_agree_with_an_independent_selection() {
    let mut checked = 0usize;
    let mut failures = Vec::new();
    for (name, robots, urls) in corpus_files() {
        let body = std::fs::read(&robots).expect("read corpus file");
        let urls: Vec<Vec<u8>> = corpus_urls(&urls).into_iter().take(100).collect();
        for profile in Profile::ALL {
            let policy = Policy::parse(&body, profile);
            // Tokens the file names (a few), Googlebot, and one nobody names.
            let mut tokens: Vec<String> = named_tokens(&body, profile)
                .into_iter()
                .filter(|a| a != "*")
                .take(4)
                .collect();
            tokens.extend(["Googlebot".to_owned(), "NoSuchCrawlerAnywhere".to_owned()]);
            for a in &tokens {
                for b in &tokens {
                    let chain = [a.as_str(), b.as_str()];
                    let pick = chain.iter().position(|t| named_by_a_group(&policy, t));
                    let reference = match pick {
                        Some(i) => policy.matcher(chain[i]),
                        None => policy.matcher("NoSuchCrawlerAnywhere"),
                    };
                    if policy.chain_choice(chain) != pick {
                        failures.push(format!(
                            "{name} [{profile}] {chain:?}: choice {:?}, want {pick:?}",
                            policy.chain_choice(chain)
                        ));
                        continue;
                    }
                    let matcher = policy.matcher_chain(chain);
                    for url in &urls {
                        checked += 1;
                        let (got, want) = (matcher.check(url), reference.check(url));
                        if got != want {
                            failures.push(format!(
                                "{name} [{profile}] {chain:?} {}: {got:?}, want {want:?}",
                                String::from_utf8_lossy(url)
                            ));
                            break;
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 100_000, "only {checked} checks");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
