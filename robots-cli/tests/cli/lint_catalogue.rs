//! The lint catalogue, data-driven: every code fires on its fixture
//! (`testdata/lint/<code>.txt`), a clean file stays silent, the real-file corpus
//! lints without a crash and with sensible counts, and every
//! `profile-disagreement` witness holds when re-checked with the real API.
//!
//! A fixture may start with header comments that set how it is linted:
//! `# lint-profile: google` and `# lint-max-bytes: 80`.
// A test may index: a panic there is a failed test, with its location.
#![allow(clippy::indexing_slicing)]

use robots_lint::{lint, lint_with, profile_disagreements, CODES};
use robots_runtime::document::ParseOptions;
use robots_runtime::{Policy, Profile};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

fn lint_dir() -> PathBuf {
    robots_tests::testdata().join("lint")
}

fn read(path: &std::path::Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The value of a `# lint-KEY: value` header line.
fn header<'a>(source: &'a [u8], key: &str) -> Option<&'a str> {
    let prefix = format!("# lint-{key}:");
    source
        .split(|&b| b == b'\n')
        .take_while(|l| l.starts_with(b"#"))
        .filter_map(|l| std::str::from_utf8(l).ok())
        .find_map(|l| l.strip_prefix(&prefix))
        .map(str::trim)
}

fn options_of(source: &[u8]) -> ParseOptions {
    let profile =
        header(source, "profile").map_or(Profile::Rfc9309, |p| p.parse().expect("a profile name"));
    let mut options = ParseOptions::new(profile);
    if let Some(max) = header(source, "max-bytes") {
        options = options.max_bytes(Some(max.parse().expect("a byte count")));
    }
    options
}

#[test]
fn every_code_fires_on_its_fixture() {
    let mut failures = Vec::new();
    for info in CODES {
        let path = lint_dir().join(format!("{}.txt", info.code));
        if !path.exists() {
            failures.push(format!("{}: no fixture {}", info.code, path.display()));
            continue;
        }
        let source = read(&path);
        let findings = lint_with(&source, options_of(&source));
        if !findings.iter().any(|f| f.code == info.code) {
            let fired: BTreeSet<&str> = findings.iter().map(|f| f.code.as_str()).collect();
            failures.push(format!("{}: did not fire (fired: {fired:?})", info.code));
        }
        for f in findings.iter().filter(|f| f.code == info.code) {
            // Two codes are notes in some cases: a disagreement only the legacy
            // profiles see, and a documented token that is no RFC 9309 token.
            if f.severity != info.severity
                && !(matches!(
                    info.code.as_str(),
                    "profile-disagreement" | "invalid-product-token"
                ) && f.severity == robots_lint::Severity::Note)
            {
                failures.push(format!(
                    "{}: reported as {:?}, the catalogue says {:?}",
                    info.code, f.severity, info.severity
                ));
            }
        }
    }
    // Every file of the folder is a fixture of a known code, or the clean file.
    let known: BTreeSet<String> = CODES.iter().map(|c| format!("{}.txt", c.code)).collect();
    for entry in std::fs::read_dir(lint_dir()).expect("list testdata/lint") {
        let path = entry.expect("dir entry").path();
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        if path.is_file() && name != "clean.txt" && !known.contains(&name) {
            failures.push(format!("{name}: a fixture for no known code"));
        }
    }
    assert!(
        failures.is_empty(),
        "failing codes:\n{}",
        failures.join("\n")
    );
}

#[test]
fn the_clean_file_is_clean_under_every_profile() {
    let source = read(&lint_dir().join("clean.txt"));
    let mut failures = Vec::new();
    for profile in Profile::ALL {
        for f in lint(&source, profile) {
            failures.push(format!(
                "{profile}: {}:{}: {} {}",
                f.line, f.column, f.code, f.message
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "findings on clean.txt:\n{}",
        failures.join("\n")
    );
}

#[test]
fn codes_are_unique_kebab_case_and_documented() {
    let readme = String::from_utf8(read(&robots_tests::testdata().join("../README.md")))
        .expect("README is UTF-8");
    let lints = readme
        .split("\n## Lints")
        .nth(1)
        .expect("README has a '## Lints' section");
    let section = lints.split("\n## ").next().unwrap_or_default();
    let mut seen = BTreeSet::new();
    for info in CODES {
        assert!(seen.insert(info.code), "{} listed twice", info.code);
        assert!(
            info.code
                .as_str()
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
            "{} is not kebab-case",
            info.code
        );
        assert!(
            section.contains(&format!("`{}`", info.code)),
            "{} is not in the README's Lints table",
            info.code
        );
    }
}

/// Re-check every witness of `source` under every profile with the public API.
fn check_witnesses(
    name: &str,
    source: &[u8],
    profile: Profile,
    findings: &[robots_lint::Finding],
) -> usize {
    let found = profile_disagreements(source, profile);
    let policies: Vec<Policy> = Profile::ALL
        .iter()
        .map(|&p| Policy::parse(source, p))
        .collect();
    for d in &found {
        assert_eq!(d.verdicts.len(), Profile::ALL.len(), "{name}");
        let mut answers = BTreeSet::new();
        for ((policy, claimed), p) in policies.iter().zip(&d.verdicts).zip(Profile::ALL) {
            assert_eq!(claimed.profile, p, "{name}");
            let real = policy.check(&d.agent, &d.path);
            let line = real.rule.and_then(|id| policy.rule(id)).map(|r| r.line);
            assert_eq!(
                (real.allowed, real.reason, line),
                (claimed.allowed, claimed.reason, claimed.line),
                "{name}: {p} on {:?} for {:?}",
                String::from_utf8_lossy(&d.path),
                String::from_utf8_lossy(&d.agent)
            );
            answers.insert(real.allowed);
        }
        assert_eq!(
            answers.len(),
            2,
            "{name}: not a disagreement: {}",
            d.message()
        );
    }
    // The findings carry the witnesses.
    let messages: BTreeSet<String> = findings
        .iter()
        .filter(|f| f.code == "profile-disagreement")
        .map(|f| f.message.clone())
        .collect();
    let claimed: BTreeSet<String> = found
        .iter()
        .map(robots_lint::Disagreement::message)
        .collect();
    assert_eq!(messages, claimed, "{name}");
    for d in &found {
        let path = String::from_utf8_lossy(&d.path);
        assert!(
            d.message().contains(&format!("`{path}`")),
            "{name}: {}",
            d.message()
        );
    }
    found.len()
}

/// Lines reported as never deciding (shadowed, duplicate, losing a conflict) decide
/// no URL: not the probes, not the corpus URLs, for any crawler the file names.
fn never_decide(
    name: &str,
    source: &[u8],
    profile: Profile,
    findings: &[robots_lint::Finding],
    urls: &[u8],
) {
    let silent: BTreeSet<u32> = findings
        .iter()
        .filter(|f| {
            matches!(
                f.code.as_str(),
                "shadowed-rule" | "duplicate-rule" | "conflicting-rules"
            )
        })
        .map(|f| f.line)
        .collect();
    if silent.is_empty() {
        return;
    }
    let doc = robots_runtime::document::parse(source, ParseOptions::new(profile));
    let policy = doc.compile();
    let mut agents: Vec<Vec<u8>> = vec![b"OtherBot".to_vec()];
    for group in doc.groups() {
        for agent in &group.agents {
            let value = doc.value(&doc.lines()[agent.line]).to_vec();
            if agents.len() < 16 && !agents.contains(&value) {
                agents.push(value);
            }
        }
    }
    let mut paths: Vec<Vec<u8>> = robots_lint::probe_paths(&[&doc], usize::MAX)
        .into_iter()
        .map(|p| p.path)
        .collect();
    paths.extend(urls.split(|&b| b == b'\n').map(<[u8]>::to_vec));
    for agent in &agents {
        let m = policy.matcher(agent);
        for url in &paths {
            if let Some(rule) = m.check(url).rule.and_then(|id| policy.rule(id)) {
                let line = rule.line;
                assert!(
                    !silent.contains(&line),
                    "{name}: {profile}: line {line} was reported as never deciding, but decides {:?} for {:?}",
                    String::from_utf8_lossy(url),
                    String::from_utf8_lossy(agent)
                );
            }
        }
    }
}

#[test]
fn disagreement_witnesses_hold_on_fixtures() {
    let mut total = 0;
    for entry in std::fs::read_dir(lint_dir()).expect("list testdata/lint") {
        let path = entry.expect("dir entry").path();
        if path.is_file() {
            let source = read(&path);
            for profile in Profile::ALL {
                let findings = lint(&source, profile);
                total += check_witnesses(&path.display().to_string(), &source, profile, &findings);
            }
        }
    }
    assert!(total > 0);
}

#[test]
fn corpus_lints_sensibly_and_witnesses_hold() {
    let start = std::time::Instant::now();
    let mut counts: BTreeMap<&'static str, (usize, usize)> = BTreeMap::new();
    let files = robots_tests::corpus_files();
    assert_eq!(files.len(), 226);
    let mut witnesses = 0;
    for (name, path, _) in &files {
        let source = read(path);
        let findings = lint(&source, Profile::Rfc9309);
        let mut codes = BTreeSet::new();
        for f in &findings {
            assert!(
                CODES.iter().any(|c| c.code == f.code),
                "{name}: unknown code {}",
                f.code
            );
            assert!(f.line >= 1 && f.column >= 1, "{name}: {f:?}");
            assert!(
                f.span.start <= f.span.end && f.span.end <= source.len(),
                "{name}: {f:?}"
            );
            counts.entry(f.code.as_str()).or_default().0 += 1;
            codes.insert(f.code.as_str());
        }
        for code in codes {
            counts.entry(code).or_default().1 += 1;
        }
        witnesses += check_witnesses(name, &source, Profile::Rfc9309, &findings);
        let urls = std::fs::read(path.with_extension("urls")).unwrap_or_default();
        never_decide(name, &source, Profile::Rfc9309, &findings, &urls);
    }
    let mut table = String::new();
    for (code, (n, in_files)) in &counts {
        table.push_str(&format!("{code:32} {n:6} findings in {in_files:3} files\n"));
    }
    eprintln!(
        "{table}{witnesses} witnesses re-checked; {} files in {:?}",
        files.len(),
        start.elapsed()
    );
    // Sanity bounds: a code on (nearly) every file would be noise, not a finding.
    for (code, (_, in_files)) in &counts {
        let limit = if *code == "profile-disagreement" {
            files.len()
        } else {
            files.len() / 2
        };
        assert!(
            *in_files <= limit,
            "{code} fires on {in_files} files:\n{table}"
        );
    }
    for required in [
        "duplicate-rule",
        "shadowed-rule",
        "group-joined-by-extension-line",
        "profile-disagreement",
    ] {
        assert!(
            counts.contains_key(required),
            "{required} never fires on the corpus:\n{table}"
        );
    }
}

#[test]
fn corpus_rules_reported_as_never_deciding_never_decide_under_every_profile() {
    for (name, path, _) in robots_tests::corpus_files() {
        let source = read(&path);
        for profile in [Profile::Google, Profile::Draft1996, Profile::Original1994] {
            let findings = lint(&source, profile);
            never_decide(&name, &source, profile, &findings, b"");
        }
    }
}
