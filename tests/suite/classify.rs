//! `Matcher::classify` against brute force: every path up to a length over a
//! small alphabet, checked by the matcher itself.
// A test may index: a panic there is a failed test, with its location.
#![allow(clippy::indexing_slicing)]

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use robots_runtime::classify::Classification;
use robots_runtime::{Policy, Profile};

/// The bytes paths are made of: those of the generated patterns, and one more.
const PATH_BYTES: &[u8] = b"/ab%c";

/// Every path `/` followed by up to `len` bytes of [`PATH_BYTES`].
fn paths(len: usize) -> Vec<Vec<u8>> {
    let mut all = vec![b"/".to_vec()];
    let mut frontier = all.clone();
    for _ in 0..len {
        let mut next = Vec::new();
        for path in &frontier {
            for &b in PATH_BYTES {
                let mut longer = path.clone();
                longer.push(b);
                next.push(longer);
            }
        }
        all.extend(next.iter().cloned());
        frontier = next;
    }
    all
}

fn pattern() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("a"),
        Just("b"),
        Just("/"),
        Just("*"),
        Just("ab"),
        Just("%2F"),
        Just("%61"),
    ];
    (vec(piece, 0..4), any::<bool>(), any::<bool>()).prop_map(|(pieces, slash, end)| {
        let mut p = String::new();
        if slash {
            p.push('/');
        }
        p.extend(pieces);
        if end {
            p.push('$');
        }
        p
    })
}

fn robots() -> impl Strategy<Value = String> {
    vec((any::<bool>(), pattern()), 0..5).prop_map(|rules| {
        let mut text = String::from("User-agent: *\n");
        for (allow, p) in rules {
            text.push_str(if allow { "Allow: " } else { "Disallow: " });
            text.push_str(&p);
            text.push('\n');
        }
        text
    })
}

/// Classify and hold the answer to every short path.
fn holds(text: &str, profile: Profile) -> Result<(), TestCaseError> {
    let policy = Policy::parse(text, profile);
    let bot = policy.matcher("bot");
    let answer = bot.classify();
    let verdicts: Vec<(Vec<u8>, bool)> = paths(5)
        .into_iter()
        .filter(|p| !p.starts_with(b"/robots.txt"))
        .map(|p| {
            let allowed = bot.check_path(&p).allowed;
            (p, allowed)
        })
        .collect();
    let any_allowed = verdicts.iter().any(|(_, a)| *a);
    let any_disallowed = verdicts.iter().any(|(_, a)| !*a);
    match &answer {
        Classification::Allowed { rules } => {
            prop_assert!(
                !any_disallowed,
                "{text:?} {profile}: allowed, but {:?}",
                verdicts.iter().find(|(_, a)| !*a)
            );
            prop_assert!(rules
                .iter()
                .all(|r| r.directive == robots_runtime::document::Directive::Allow));
        }
        Classification::Blocked { rules } => {
            prop_assert!(
                !any_allowed,
                "{text:?} {profile}: blocked, but {:?}",
                verdicts.iter().find(|(_, a)| *a)
            );
            prop_assert!(!rules.is_empty());
        }
        Classification::Partial {
            allowed,
            disallowed,
        } => {
            prop_assert!(bot.check_path(&allowed.path).allowed);
            prop_assert!(!bot.check_path(&disallowed.path).allowed);
            prop_assert_eq!(
                bot.check_path(&disallowed.path).rule,
                disallowed.rule.map(|r| r.id)
            );
        }
        other => prop_assert!(false, "{text:?} {profile}: {other:?}"),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(FileFailurePersistence::Off)),
        ..ProptestConfig::default()
    })]

    #[test]
    fn classification_agrees_with_brute_force(text in robots()) {
        for profile in Profile::ALL {
            holds(&text, profile)?;
        }
    }
}

#[test]
fn disallow_all_is_blocked_under_every_profile() {
    for profile in Profile::ALL {
        let policy = Policy::parse("User-agent: *\nDisallow: /\n", profile);
        match policy.matcher("bot").classify() {
            Classification::Blocked { rules } => assert_eq!(rules[0].line, 2),
            other => panic!("{profile}: {other:?}"),
        }
    }
}

#[test]
fn an_allow_of_the_root_only_leaves_it_partial() {
    let policy = Policy::parse("User-agent: *\nDisallow: /\nAllow: /$\n", Profile::Google);
    match policy.matcher("bot").classify() {
        Classification::Partial {
            allowed,
            disallowed,
        } => {
            assert_eq!(allowed.path, "/");
            assert_eq!(allowed.rule.map(|r| r.line), Some(3));
            assert_eq!(disallowed.rule.map(|r| r.line), Some(2));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_wildcard_that_covers_everything_blocks() {
    // `/*` matches every path and outranks `/`, which matches every path too.
    for profile in [Profile::Rfc9309, Profile::Google] {
        let policy = Policy::parse("User-agent: *\nDisallow: /*\nAllow: /\n", profile);
        assert_eq!(
            policy.matcher("bot").classify().name(),
            "blocked",
            "{profile}"
        );
    }
    // In the middle of a pattern, `$` is a byte like any other.
    let policy = Policy::parse(
        "User-agent: *\nDisallow: /*\nAllow: /*.x$y\n",
        Profile::Rfc9309,
    );
    match policy.matcher("bot").classify() {
        Classification::Partial { allowed, .. } => assert!(allowed.path.ends_with(b".x$y")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_deep_exception_is_found() {
    let text = "User-agent: *\nDisallow: /\nAllow: /deep/inside/*/public$\n";
    let policy = Policy::parse(text, Profile::Rfc9309);
    match policy.matcher("bot").classify() {
        Classification::Partial { allowed, .. } => {
            assert!(allowed.path.starts_with(b"/deep/inside/"));
            assert!(allowed.path.ends_with(b"/public"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn many_wildcards_past_the_bound_are_undecided() {
    let mut text = String::from("User-agent: *\nDisallow: /\n");
    for i in 0..24 {
        text.push_str(&format!(
            "Allow: /*{}*{}*{}$\n",
            (b'a' + i) as char,
            (b'a' + (i + 1) % 24) as char,
            i
        ));
    }
    let policy = Policy::parse(&text, Profile::Rfc9309);
    match policy.matcher("bot").classify_within(500) {
        Classification::Undecided(why) => {
            assert!(why.bound >= 500, "{why:?}");
            assert!(why.to_string().contains("states"), "{why}");
        }
        // A witness found before the bound is an exact answer too.
        Classification::Partial { allowed, .. } => assert!(policy.is_allowed("bot", &allowed.path)),
        other => panic!("{other:?}"),
    }
}

/// Each rule's pattern as a path: `*` as one byte, `$` dropped.
fn rule_paths(policy: &Policy) -> Vec<Vec<u8>> {
    policy
        .rules()
        .map(|rule| {
            let mut path: Vec<u8> = rule
                .pattern
                .iter()
                .map(|&b| if b == b'*' { b'x' } else { b })
                .collect();
            if path.last() == Some(&b'$') {
                path.pop();
            }
            if !path.starts_with(b"/") {
                path.insert(0, b'/');
            }
            path
        })
        .collect()
}

#[test]
fn every_corpus_file_is_classified_as_its_own_paths_say() {
    let files = robots_tests::corpus_files();
    assert!(files.len() >= 226);
    let mut answers = std::collections::BTreeMap::<&str, usize>::new();
    let mut failures = Vec::new();
    for (name, txt, urls) in &files {
        let body = std::fs::read(txt).unwrap();
        let urls = std::fs::read(urls).unwrap();
        for profile in Profile::ALL {
            let policy = Policy::parse(&body, profile);
            let mut paths: Vec<Vec<u8>> = urls
                .split(|&b| b == b'\n')
                .filter(|u| !u.is_empty())
                .map(<[u8]>::to_vec)
                .collect();
            paths.extend(rule_paths(&policy));
            let doc = robots_runtime::document::parse(
                &body,
                robots_runtime::document::ParseOptions::new(profile),
            );
            let mut agents = vec!["UnknownCrawler".to_owned()];
            agents.extend(
                doc.agent_names()
                    .next()
                    .map(|n| String::from_utf8_lossy(n).into_owned()),
            );
            for agent in &agents {
                let matcher = policy.matcher(agent);
                let answer = matcher.classify();
                *answers.entry(answer.name()).or_default() += 1;
                let wrong = |want: bool| {
                    paths
                        .iter()
                        .filter(|p| !p.starts_with(b"/robots.txt"))
                        .find(|p| matcher.check(p).allowed != want)
                        .map(|p| String::from_utf8_lossy(p).into_owned())
                };
                let failure = match &answer {
                    Classification::Allowed { .. } => wrong(true),
                    Classification::Blocked { .. } => wrong(false),
                    Classification::Partial {
                        allowed,
                        disallowed,
                    } => (!matcher.check_path(&allowed.path).allowed
                        || matcher.check_path(&disallowed.path).allowed)
                        .then(|| format!("witnesses {allowed:?} {disallowed:?}")),
                    Classification::Undecided(why) => Some(why.to_string()),
                    _ => Some("unknown answer".to_owned()),
                };
                if let Some(failure) = failure {
                    failures.push(format!(
                        "{name} [{profile}] {agent}: {} but {failure}",
                        answer.name()
                    ));
                }
            }
        }
    }
    eprintln!("corpus classifications: {answers:?}");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
