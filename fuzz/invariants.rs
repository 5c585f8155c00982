//! Invariants that must hold for every input, under every profile.
//!
//! Shared, word for word, by the fuzz target (`fuzz_targets/parse_and_match.rs`)
//! and by the regression/property tests (`tests/properties.rs`, which includes
//! this file with `#[path]`). It depends on `robots_runtime` only.

use robots_runtime::__private::encoding::{decode_percent, decode_percent_except_slash};
use robots_runtime::document::Directive;
use robots_runtime::document::{parse, Document, ParseOptions};
use robots_runtime::url::path_from_url;
use robots_runtime::{CompactOrPolicy, CompactRules, Policy, Profile, Reason, RuleId};

/// How many agents and URLs beyond the given ones a single input exercises.
const MAX_DERIVED: usize = 4;

/// Splits a raw fuzz input into a robots.txt body, an agent and a URL.
///
/// The input is `body 0xFF agent 0xFF url` (split at the last two `0xFF`
/// bytes). With one `0xFF` it is `body 0xFF url`; with none, it is all body.
/// Plain robots.txt files are therefore valid seeds.
pub fn split_input(data: &[u8]) -> (&[u8], Option<&[u8]>, Option<&[u8]>) {
    let mut seps = data
        .iter()
        .enumerate()
        .rev()
        .filter(|(_, &b)| b == 0xFF)
        .map(|(i, _)| i);
    match (seps.next(), seps.next()) {
        (Some(last), Some(prev)) => (
            &data[..prev],
            Some(&data[prev + 1..last]),
            Some(&data[last + 1..]),
        ),
        (Some(last), None) => (&data[..last], None, Some(&data[last + 1..])),
        _ => (data, None, None),
    }
}

/// The path a profile compares, computed independently of the engine's checker.
pub fn expected_path(url: &[u8], profile: Profile) -> Vec<u8> {
    let raw = path_from_url(url);
    match profile {
        Profile::Rfc9309 => decode_percent(&raw).into_owned(),
        Profile::Draft1996 => decode_percent_except_slash(&raw).into_owned(),
        // Google's matcher gets the path as a C string: it ends at a NUL.
        Profile::Google => raw.split(|&b| b == 0).next().unwrap_or_default().to_vec(),
        _ => raw.into_owned().into(),
    }
}

/// Checks one (policy, agent, url) triple: the checker, the matcher and the
/// brute-force explanation must agree, and the verdict must be well formed.
///
/// Panics (with the inputs in the message) when an invariant is broken.
pub fn check_one(policy: &Policy, agent: impl AsRef<[u8]>, url: impl AsRef<[u8]>) {
    let (agent, url) = (agent.as_ref(), url.as_ref());
    let profile = policy.profile();
    let ctx = || {
        format!(
            "profile={profile} agent={:?} url={:?}",
            String::from_utf8_lossy(agent),
            String::from_utf8_lossy(url)
        )
    };
    let verdict = policy.check(agent, url);
    let matcher = policy.matcher(agent);
    assert_eq!(
        matcher.check(url),
        verdict,
        "matcher.check != check; {}",
        ctx()
    );
    assert_eq!(
        matcher.is_allowed(url),
        verdict.allowed,
        "is_allowed != check; {}",
        ctx()
    );

    let e = policy.explain(agent, url);
    assert_eq!(
        e.verdict,
        verdict,
        "explain().verdict != check(); {}",
        ctx()
    );
    assert_eq!(
        e.path,
        expected_path(url, profile),
        "explain().path; {}",
        ctx()
    );
    let group_ids: Vec<_> = e.groups.iter().map(|g| g.id).collect();
    assert_eq!(
        group_ids,
        matcher.groups().collect::<Vec<_>>(),
        "explain().groups; {}",
        ctx()
    );
    assert_eq!(
        matcher.has_group(),
        !group_ids.is_empty(),
        "has_group; {}",
        ctx()
    );

    // Every candidate really matches (on its own), and they are sorted best first.
    for c in &e.candidates {
        assert!(
            robots_runtime::__private::rule_matches(policy, c.id, &e.path),
            "candidate {} does not match; {}",
            c.id,
            ctx()
        );
        assert_eq!(Some(*c), policy.rule(c.id), "candidate info; {}", ctx());
    }
    for w in e.candidates.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        match profile {
            // Longest match: more octets first; on a tie, Allow first.
            Profile::Rfc9309 | Profile::Google => assert!(
                a.priority > b.priority
                    || (a.priority == b.priority
                        && (a.directive == Directive::Allow || b.directive == Directive::Disallow)),
                "candidates out of order: {a:?} before {b:?}; {}",
                ctx()
            ),
            // First match: file order.
            _ => assert!(
                a.line <= b.line,
                "candidates out of file order: {a:?} before {b:?}; {}",
                ctx()
            ),
        }
    }

    match verdict.reason {
        Reason::Rule => {
            let id = verdict
                .rule
                .unwrap_or_else(|| panic!("Reason::Rule without a rule; {}", ctx()));
            let best = e.candidates.first().unwrap_or_else(|| {
                panic!(
                    "rule {id} decided but brute force found no candidate; {}",
                    ctx()
                )
            });
            assert_eq!(
                best.id,
                id,
                "trie chose rule {:?}, brute force's best is {:?}; {}",
                policy.rule(id),
                best,
                ctx()
            );
            assert_eq!(
                verdict.allowed,
                policy.rule(id).map(|r| r.directive) == Some(Directive::Allow),
                "allowed disagrees with the deciding rule; {}",
                ctx()
            );
            if profile == Profile::Original1994 {
                assert!(!verdict.allowed, "original1994 has no Allow; {}", ctx());
            }
        }
        Reason::NoMatchingRule => {
            assert!(
                verdict.allowed && verdict.rule.is_none(),
                "{verdict:?}; {}",
                ctx()
            );
            assert!(
                matcher.has_group(),
                "NoMatchingRule without a group; {}",
                ctx()
            );
        }
        Reason::NoGroup => {
            assert!(
                verdict.allowed && verdict.rule.is_none(),
                "{verdict:?}; {}",
                ctx()
            );
            assert!(!matcher.has_group(), "NoGroup with a group; {}", ctx());
        }
        Reason::RobotsTxt => {
            assert!(
                verdict.allowed && verdict.rule.is_none(),
                "{verdict:?}; {}",
                ctx()
            );
            assert!(
                matches!(profile, Profile::Rfc9309 | Profile::Draft1996),
                "RobotsTxt under {profile}"
            );
            let path = &e.path;
            let end = path.iter().position(|&b| b == b'?').unwrap_or(path.len());
            assert_eq!(
                &path[..end],
                b"/robots.txt",
                "RobotsTxt for another path; {}",
                ctx()
            );
        }
        other => panic!("a reason this check does not know: {other:?}; {}", ctx()),
    }
    if e.candidates.is_empty() {
        assert!(
            verdict.rule.is_none(),
            "a rule decided but there are no candidates; {}",
            ctx()
        );
    } else if verdict.reason != Reason::RobotsTxt {
        assert!(
            verdict.rule.is_some(),
            "candidates match but no rule decided; {}",
            ctx()
        );
    }
    // `/robots.txt` is always allowed where the profile says so.
    if matches!(profile, Profile::Rfc9309 | Profile::Draft1996) {
        let end = e
            .path
            .iter()
            .position(|&b| b == b'?')
            .unwrap_or(e.path.len());
        if &e.path[..end] == b"/robots.txt" {
            assert_eq!(verdict.reason, Reason::RobotsTxt, "{}", ctx());
        }
    }
}

/// Agents worth trying for a body: the given one, fixed ones, and up to
/// [`MAX_DERIVED`] user-agent values the file itself names.
fn agents_for(policy: &Policy, agent: Option<&[u8]>) -> Vec<Vec<u8>> {
    let mut agents: Vec<Vec<u8>> = vec![b"Googlebot".to_vec(), b"FooBot/1.0".to_vec()];
    if let Some(a) = agent {
        agents.push(a.to_vec());
    }
    let mut derived = 0;
    'groups: for group in policy.groups() {
        for (_, value) in group.agents {
            if derived == MAX_DERIVED {
                break 'groups;
            }
            agents.push(value.to_vec());
            derived += 1;
        }
    }
    agents
}

/// URLs worth trying for a body: the given one, fixed ones, and paths built
/// from up to [`MAX_DERIVED`] of the file's own rule patterns.
fn urls_for(policy: &Policy, url: Option<&[u8]>) -> Vec<Vec<u8>> {
    let mut urls: Vec<Vec<u8>> = vec![
        Vec::new(),
        b"/".to_vec(),
        b"/robots.txt".to_vec(),
        b"https://example.com/robots.txt?x#y".to_vec(),
    ];
    if let Some(u) = url {
        urls.push(u.to_vec());
    }
    // Spread the picks over the file.
    let step = (policy.rule_count() / MAX_DERIVED).max(1);
    for rule in policy.rules().step_by(step).take(MAX_DERIVED) {
        let pattern = rule.pattern;
        // The pattern itself as a URL path, and with wildcards filled in.
        urls.push(pattern.to_vec());
        let filled: Vec<u8> = pattern
            .iter()
            .filter(|&&b| b != b'$')
            .flat_map(|&b| if b == b'*' { b"x/y".to_vec() } else { vec![b] })
            .collect();
        let mut full = b"https://example.com".to_vec();
        full.extend_from_slice(&filled);
        full.extend_from_slice(b"?q=1#frag");
        urls.push(full);
        urls.push(filled);
    }
    urls
}

/// Every check of the fuzz target, for one raw input, under every profile.
pub fn check_input(data: &[u8]) {
    let (body, agent, url) = split_input(data);
    for profile in Profile::ALL {
        let doc = parse(body, ParseOptions::new(profile));
        let policy = doc.compile();
        // The two ways to build a policy produce the same tables.
        let direct = Policy::parse(body, profile);
        assert_eq!(
            policy.rule_count(),
            direct.rule_count(),
            "rule count differs"
        );
        assert_eq!(
            policy.group_count(),
            doc.groups().len(),
            "group count differs"
        );
        assert_eq!(policy.profile(), profile);
        // Every line report stays inside the input.
        for line in doc.lines() {
            assert!(line.span.start <= line.span.end && line.span.end <= body.len());
            if let Some(v) = &line.value {
                assert!(line.span.start <= v.start && v.start <= v.end && v.end <= line.span.end);
            }
        }

        let agents = agents_for(&policy, agent);
        let urls = urls_for(&policy, url);
        for a in &agents {
            for u in &urls {
                check_one(&policy, a, u);
            }
        }
        // Many paths in one call answer as one at a time, in order (repeated so
        // that several lockstep chunks, and a short last one, are exercised).
        let paths: Vec<Vec<u8>> = urls
            .iter()
            .cycle()
            .take(urls.len() * 3)
            .map(|u| path_from_url(u).into_owned().into())
            .collect();
        for a in &agents {
            let matcher = policy.matcher(a);
            let mut seen = 0;
            matcher.check_paths(&paths, |i, verdict| {
                assert_eq!(i, seen, "check_paths out of order");
                seen += 1;
                assert_eq!(
                    verdict,
                    matcher.check_path(&paths[i]),
                    "check_paths != check_path; agent={a:?} path={:?}",
                    String::from_utf8_lossy(&paths[i])
                );
            });
            assert_eq!(seen, paths.len(), "check_paths skipped paths");
        }
        for u in &urls {
            let v1 = policy.check(&agents[0], u);
            let v2 = direct.check(&agents[0], u);
            assert_eq!(
                v1, v2,
                "Policy::parse and from_document disagree; url={u:?}"
            );
        }

        one_crawler_forms(body, &doc, &policy, &agents, &urls);

        // A capped parse is a well-formed policy too.
        let cap = body.len() / 2;
        let capped = Policy::builder()
            .profile(profile)
            .max_bytes(Some(cap))
            .build(body);
        assert!(
            capped.rule_count() <= policy.rule_count(),
            "a capped parse has more rules"
        );
        for u in urls.iter().take(6) {
            check_one(&capped, &agents[0], u);
        }
    }
}

/// One crawler's policy, in one pass, and the other one-crawler forms, against
/// the two-pass build and the whole policy (`doc` and `policy`: `body` read
/// and compiled under one profile), for each of `agents` on each of `urls`.
pub fn one_crawler_forms(
    body: &[u8],
    doc: &Document<'_>,
    policy: &Policy,
    agents: &[Vec<u8>],
    urls: &[Vec<u8>],
) {
    let profile = policy.profile();
    // The one-pass policy answers as the two-pass `Document::compile_for_agent`
    // and as the whole policy for that crawler. Its rules kept compact (what a
    // cache per origin keeps), read from the policy or straight from the text,
    // and the first verdict in one call answer as it does, rule number and
    // all; a deferred policy answers as the whole one.
    let builder = Policy::builder().profile(profile);
    let deferred = builder.build_deferred(body);
    let decided = |p: &Policy, rule: Option<RuleId>| {
        rule.and_then(|r| p.rule(r))
            .map(|info| (info.line, info.column, info.pattern.to_vec()))
    };
    for a in agents {
        let one = builder.build_for_agent(body, a);
        let two_pass = doc.compile_for_agent(a);
        let compact = CompactRules::of(&one.matcher());
        match builder.build_compact_for_agent(body, a) {
            CompactOrPolicy::Compact { rules, .. } => assert_eq!(
                Some(&rules),
                compact.as_ref(),
                "build_compact_for_agent != CompactRules::of; agent={a:?}"
            ),
            CompactOrPolicy::Compiled(direct) => {
                assert!(
                    compact.is_none(),
                    "build_compact_for_agent declined rules CompactRules::of keeps; agent={a:?}"
                );
                assert_eq!(direct.policy().rule_count(), one.policy().rule_count());
            }
        }
        assert_eq!(
            one.policy().rule_count(),
            two_pass.policy().rule_count(),
            "build_for_agent and compile_for_agent keep different rules; agent={a:?}"
        );
        for u in urls {
            let mine = one.check(u);
            let whole = policy.check(a, u);
            if let Some(compact) = &compact {
                assert_eq!(
                    compact.check(u),
                    mine,
                    "compact != tables; agent={a:?} url={u:?}"
                );
            }
            assert_eq!(
                builder.check_for_agent(body, a, u),
                mine,
                "check_for_agent != build_for_agent; agent={a:?} url={u:?}"
            );
            assert_eq!(
                deferred.policy().check(a, u),
                whole,
                "deferred != built; agent={a:?} url={u:?}"
            );
            assert_eq!(
                mine,
                two_pass.check(u),
                "build_for_agent != compile_for_agent; agent={a:?} url={u:?}"
            );
            assert_eq!(
                (mine.allowed, mine.reason, decided(one.policy(), mine.rule)),
                (whole.allowed, whole.reason, decided(policy, whole.rule)),
                "build_for_agent != the whole policy; agent={a:?} url={u:?}"
            );
        }
    }
}

/// The one-crawler checks alone ([`one_crawler_forms`]), for one raw input
/// under every profile: no brute force, so a fuzzer tries far more inputs a
/// second than [`check_input`] allows.
pub fn check_one_crawler_input(data: &[u8]) {
    let (body, agent, url) = split_input(data);
    for profile in Profile::ALL {
        let doc = parse(body, ParseOptions::new(profile));
        let policy = doc.compile();
        let agents = agents_for(&policy, agent);
        let urls = urls_for(&policy, url);
        one_crawler_forms(body, &doc, &policy, &agents, &urls);
    }
}
