//! Serialised policies: every policy's byte form loads back, in place or owned,
//! and answers exactly as the policy that wrote it (every verdict and deciding
//! rule, the records, the truncation) over the whole corpus and the conformance
//! bodies, under every profile, for every crawler and for one; and bytes that
//! are not a policy this build wrote give an error, never a panic or a wrong read.

use proptest::prelude::*;
use robots_runtime::{AgentPolicy, ErrorKind, Policy, PolicyRef, Profile, Verdict};
use robots_tests::{conformance_bodies, corpus_files, corpus_urls};

/// A verdict with its deciding rule as written (ids are per policy).
fn answer(policy: &PolicyRef<'_>, v: Verdict) -> (bool, &'static str, Option<(u32, String)>) {
    let rule = v
        .rule
        .and_then(|id| policy.rule(id))
        .map(|r| (r.line, r.pattern.to_string()));
    (v.allowed, v.reason.name(), rule)
}

fn owned_answer(policy: &Policy, v: Verdict) -> (bool, &'static str, Option<(u32, String)>) {
    let rule = v
        .rule
        .and_then(|id| policy.rule(id))
        .map(|r| (r.line, r.pattern.to_string()));
    (v.allowed, v.reason.name(), rule)
}

fn agents_of(body: &[u8], profile: Profile) -> Vec<Vec<u8>> {
    let doc =
        robots_runtime::document::parse(body, robots_runtime::document::ParseOptions::new(profile));
    let mut agents = vec![b"UnknownBot".to_vec(), b"*".to_vec(), b"Googlebot".to_vec()];
    agents.extend(doc.agent_names().take(4).map(<[u8]>::to_vec));
    agents
}

/// `policy` written and read back three ways agrees with itself on `urls`.
fn assert_round_trip(name: &str, body: &[u8], profile: Profile, urls: &[Vec<u8>]) {
    let policy = Policy::parse(body, profile);
    let bytes = policy.to_bytes();
    let loaded =
        PolicyRef::from_bytes(&bytes).unwrap_or_else(|e| panic!("{name} [{profile}]: {e}"));
    let owned = Policy::from_bytes(bytes.clone()).unwrap_or_else(|e| panic!("{name}: {e}"));
    // Written again, the same bytes.
    assert_eq!(owned.to_bytes(), bytes, "{name} [{profile}]");
    assert_eq!(loaded.profile(), profile);
    assert_eq!(loaded.truncation(), policy.truncation(), "{name}");
    assert_eq!(loaded.rule_count(), policy.rule_count(), "{name}");
    assert!(
        loaded.records().eq(policy.records()),
        "{name} [{profile}]: records"
    );
    assert!(loaded.sitemaps().eq(policy.sitemaps()), "{name}: sitemaps");
    assert!(loaded.groups().eq(policy.groups()), "{name}: groups");
    for agent in agents_of(body, profile) {
        let (a, b, c) = (
            policy.matcher(&agent),
            loaded.matcher(&agent),
            owned.matcher(&agent),
        );
        assert_eq!(a.crawl_delay(), b.crawl_delay(), "{name}: crawl-delay");
        for url in urls {
            let want = owned_answer(&policy, a.check(url));
            assert_eq!(
                answer(&loaded, b.check(url)),
                want,
                "{name} [{profile}] {url:?}"
            );
            assert_eq!(
                owned_answer(&owned, c.check(url)),
                want,
                "{name} [{profile}] {url:?}"
            );
        }
        // One crawler: its byte form keeps the crawler.
        let mine = Policy::builder()
            .profile(profile)
            .build_for_agent(body, &agent);
        let again =
            AgentPolicy::from_bytes(mine.to_bytes()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(again.agent(), mine.agent());
        for url in urls.iter().take(50) {
            assert_eq!(
                again.check(url),
                mine.check(url),
                "{name} [{profile}] one crawler {url:?}"
            );
        }
    }
}

#[test]
fn the_corpus_round_trips_under_every_profile() {
    let files = corpus_files();
    assert!(files.len() > 200, "{} corpus files", files.len());
    for (name, txt, urls) in files {
        let body = std::fs::read(&txt).expect("corpus file");
        // Every 8th URL keeps the test quick; the conformance bodies take them all.
        let urls: Vec<Vec<u8>> = corpus_urls(&urls).into_iter().step_by(8).collect();
        for profile in Profile::ALL {
            assert_round_trip(&name, &body, profile, &urls);
        }
    }
}

#[test]
fn the_conformance_bodies_round_trip_under_every_profile() {
    let bodies = conformance_bodies();
    assert!(bodies.len() > 100, "{} bodies", bodies.len());
    for robots_tests::ConformanceBody {
        name,
        body,
        mut urls,
        ..
    } in bodies
    {
        urls.extend([
            b"/".to_vec(),
            b"/robots.txt".to_vec(),
            b"/index.html".to_vec(),
        ]);
        for profile in Profile::ALL {
            assert_round_trip(&name, &body, profile, &urls);
        }
    }
}

/// The byte form has the magic, version and checksum it says it has, and every
/// cut of it is refused.
#[test]
fn truncated_and_foreign_bytes_are_refused() {
    let body = b"User-agent: *\nDisallow: /private\nAllow: /private/ok\nSitemap: https://a/s.xml\n";
    let bytes = Policy::parse(body, Profile::Google).to_bytes();
    assert_eq!(&bytes[..8], b"ROBOTPOL");
    for cut in 0..bytes.len() {
        let err = PolicyRef::from_bytes(&bytes[..cut]).expect_err("a cut policy");
        assert_eq!(err.kind(), ErrorKind::InvalidLayout);
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(PolicyRef::from_bytes(&longer).is_err());
    for foreign in [&b""[..], b"User-agent: *\nDisallow: /\n", &[0u8; 4096]] {
        assert!(PolicyRef::from_bytes(foreign).is_err());
    }
    // A newer format version is named in the error.
    let mut newer = bytes.clone();
    newer[8] = 99;
    let message = PolicyRef::from_bytes(&newer)
        .expect_err("newer")
        .to_string();
    assert!(message.contains("version 99"), "{message}");
}

/// Flipping any one byte is caught by the checksum.
#[test]
fn every_flipped_byte_is_caught() {
    let mut body = String::from("User-agent: *\n");
    for i in 0..40 {
        body.push_str(&format!("Disallow: /{i}/*.pdf$\nAllow: /{i}/ok\n"));
    }
    let bytes = Policy::parse(&body, Profile::Rfc9309).to_bytes();
    for at in 0..bytes.len() {
        let mut broken = bytes.clone();
        broken[at] ^= 0x5a;
        assert!(PolicyRef::from_bytes(&broken).is_err(), "byte {at}");
    }
}

fn arb_body() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop::sample::select(vec![
        &b"User-agent: "[..],
        b"Allow: ",
        b"Disallow: ",
        b"Crawl-delay: 2\n",
        b"Sitemap: https://a/s.xml\n",
        b"*",
        b"$",
        b"/",
        b"/a",
        b"/b/",
        b"index.html",
        b"%2F",
        b"%c3%a9",
        b"\n",
        b"\n",
        b"FooBot",
        b"x",
        b"#c",
        b"\xff",
    ]);
    prop::collection::vec(piece, 0..60).prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Bytes altered anywhere, with the checksum made to match again, are
    /// either refused or read as a policy whose every answer is well formed:
    /// no panic, and a verdict's rule is one of the policy's rules.
    #[test]
    fn altered_bytes_with_a_matching_checksum_never_panic(
        body in arb_body(),
        profile in prop::sample::select(Profile::ALL.to_vec()),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6),
        paths in prop::collection::vec("[/a-z*$%?]{0,12}", 1..8),
    ) {
        let mut bytes = Policy::parse(&body, profile).to_bytes();
        for (at, value) in edits {
            let at = at.index(bytes.len());
            bytes[at] = value;
        }
        robots_runtime::__private::seal(&mut bytes);
        if let Ok(policy) = PolicyRef::from_bytes(&bytes) {
            for agent in ["FooBot", "other", "*"] {
                let m = policy.matcher(agent);
                let _ = m.crawl_delay();
                for path in &paths {
                    let v = m.check(path);
                    if let Some(id) = v.rule {
                        prop_assert!(policy.rule(id).is_some());
                    }
                    let e = policy.explain(agent, path);
                    prop_assert_eq!(e.verdict.allowed, v.allowed);
                }
            }
            let _ = policy.records().count();
            let _ = policy.groups().count();
        }
    }

    /// Any policy's byte form loads back and answers as the policy.
    #[test]
    fn random_policies_round_trip(
        body in arb_body(),
        profile in prop::sample::select(Profile::ALL.to_vec()),
        paths in prop::collection::vec("[/a-z*$%?]{0,12}", 1..8),
    ) {
        let policy = Policy::parse(&body, profile);
        let bytes = policy.to_bytes();
        let loaded = PolicyRef::from_bytes(&bytes).expect("its own bytes");
        for path in &paths {
            for agent in ["FooBot", "other"] {
                prop_assert_eq!(
                    answer(&loaded, loaded.check(agent, path)),
                    owned_answer(&policy, policy.check(agent, path))
                );
            }
        }
    }
}
