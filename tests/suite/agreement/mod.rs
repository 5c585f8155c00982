//! The engines agree: the run-time engine (`Policy::parse`), the build.rs
//! generator (`robots_codegen::Builder`) and the `robots!` macro, both compiled
//! in by `tests/build.rs`, and the byte form (`Policy::to_bytes`, then
//! `Policy::from_bytes`, which reads it through `PolicyRef::from_bytes`) of both
//! a run-time and a compiled-in policy.
//!
//! - **Reviewed snapshots** (`snapshots/`), which the engines must produce
//!   byte for byte (`insta::allow_duplicates!`):
//!   - `curated@<name>`: a few dozen small files (conformance bodies and corpus
//!     files), each printed with line numbers, then every crawler and URL with
//!     its verdict and deciding rule under each profile; from every engine;
//!   - `corpus_digest`: one line per corpus file: per crawler, how many of its
//!     2,000 URLs are allowed and disallowed, and a hash of the verdict bits;
//!     from the run-time engine, build.rs and both byte forms (the macro, a
//!     second front end on the same generator, is not run on 40 MB of tables:
//!     see `tests/build.rs`).
//! - **A differential test** over the whole corpus, which stores nothing: the
//!   build.rs policies give the run-time verdict (rule and reason included) for
//!   every URL and crawler. `tests/corpus.rs` checks the run-time verdicts
//!   against brute force (every rule tried on its own) under every profile, and
//!   `tests/static_differential.rs` the macro and build.rs on random files.

mod render;

use render::{agents_for, curated_snapshot, verdict_digest};
use robots_runtime::{Policy, Profile};
use robots_tests::{conformance_bodies, corpus_files, corpus_urls, CURATED_BODIES, CURATED_CORPUS};
use std::borrow::Cow;

mod compiled {
    include!(concat!(env!("OUT_DIR"), "/static_policies.rs"));
}

/// Where a policy comes from.
#[derive(Clone, Copy, Debug)]
enum Engine {
    /// `Policy::parse` on the bytes, now.
    Runtime,
    /// Compiled in through `robots_codegen::Builder` (a build script).
    BuildRs,
    /// Compiled in through `robots!`.
    Macro,
    /// The run-time policy written with `to_bytes` and loaded with `from_bytes`.
    RuntimeBytes,
    /// The build.rs policy written with `to_bytes` and loaded with `from_bytes`.
    BuildRsBytes,
}

/// Every engine that can give a policy for `set`.
fn engines(set: Compiled) -> &'static [Engine] {
    match set {
        Compiled::Curated => &[
            Engine::Runtime,
            Engine::BuildRs,
            Engine::Macro,
            Engine::RuntimeBytes,
            Engine::BuildRsBytes,
        ],
        Compiled::Corpus => &[
            Engine::Runtime,
            Engine::BuildRs,
            Engine::RuntimeBytes,
            Engine::BuildRsBytes,
        ],
    }
}

/// `policy` through its byte form.
fn reloaded(policy: &Policy) -> Policy {
    Policy::from_bytes(policy.to_bytes()).expect("a policy loads the bytes it wrote")
}

/// The files `tests/build.rs` compiled in.
#[derive(Clone, Copy, Debug)]
enum Compiled {
    /// The curated files under every profile, keyed `<name>/<profile>`, both ways.
    Curated,
    /// Every corpus file under [`CORPUS_PROFILE`], keyed by name, through build.rs only.
    Corpus,
}

/// The profile the whole corpus is compiled in under (see `tests/build.rs`).
const CORPUS_PROFILE: Profile = Profile::Rfc9309;

/// A policy from `engine`: parsed from `body` under `profile`, or the one
/// `tests/build.rs` compiled in as `key` in `set`.
fn policy_of(
    engine: Engine,
    set: Compiled,
    key: &str,
    body: &[u8],
    profile: Profile,
) -> Cow<'static, Policy> {
    let table = match (engine, set) {
        (Engine::Runtime, _) => return Cow::Owned(Policy::parse(body, profile)),
        (Engine::RuntimeBytes, _) => {
            return Cow::Owned(reloaded(&Policy::parse(body, profile)));
        }
        (Engine::BuildRsBytes, _) => {
            let built = policy_of(Engine::BuildRs, set, key, body, profile);
            return Cow::Owned(reloaded(&built));
        }
        (Engine::BuildRs, Compiled::Curated) => compiled::CURATED_BUILT,
        (Engine::Macro, Compiled::Curated) => compiled::CURATED_MACRO,
        (Engine::BuildRs, Compiled::Corpus) => compiled::CORPUS_BUILT,
        (Engine::Macro, Compiled::Corpus) => panic!("the corpus is compiled in by build.rs only"),
    };
    let policy = table
        .iter()
        .find(|(name, _)| *name == key)
        .map(|(_, policy)| *policy)
        .unwrap_or_else(|| panic!("{key} was not compiled in by tests/build.rs"));
    assert_eq!(policy.profile(), profile, "{key}");
    Cow::Borrowed(policy)
}

/// Assert the snapshot `curated@<name>` from each engine in turn.
fn assert_curated(name: &str, body: &[u8], agents: &[String], urls: &[Vec<u8>]) {
    insta::with_settings!({ snapshot_suffix => name, omit_expression => true }, {
        insta::allow_duplicates! {
            for &engine in engines(Compiled::Curated) {
                let policies: Vec<_> = Profile::ALL
                    .iter()
                    .map(|&profile| {
                        let key = format!("{name}/{profile}");
                        (profile, policy_of(engine, Compiled::Curated, &key, body, profile))
                    })
                    .collect();
                let policies: Vec<_> = policies.iter().map(|(profile, p)| (*profile, &**p)).collect();
                insta::assert_snapshot!("curated", curated_snapshot(body, &policies, agents, urls));
            }
        }
    });
}

#[test]
fn curated_conformance_bodies() {
    let bodies = conformance_bodies();
    let mut seen = 0;
    for body in bodies
        .iter()
        .filter(|b| CURATED_BODIES.contains(&b.name.as_str()))
    {
        let agents = agents_for(&body.body, &body.agents);
        assert_curated(&body.name, &body.body, &agents, &body.urls);
        seen += 1;
    }
    assert_eq!(seen, CURATED_BODIES.len(), "a curated body is missing");
}

/// Every 80th URL of a curated corpus file: 25 of its 2,000.
const CORPUS_URL_STRIDE: usize = 80;

#[test]
fn curated_corpus_files() {
    let files = corpus_files();
    for name in CURATED_CORPUS {
        let (_, txt, urls) = files
            .iter()
            .find(|(n, _, _)| n == name)
            .unwrap_or_else(|| panic!("curated corpus file {name} is not bundled"));
        let body = std::fs::read(txt).expect("read robots.txt");
        let urls: Vec<Vec<u8>> = corpus_urls(urls)
            .into_iter()
            .step_by(CORPUS_URL_STRIDE)
            .collect();
        assert_curated(name, &body, &agents_for(&body, &[]), &urls);
    }
}

/// The digest table of the whole corpus, from one engine's policies.
fn corpus_digest(engine: Engine) -> String {
    let mut out = format!(
        "Every corpus file under {CORPUS_PROFILE}; per crawler, allowed/disallowed of the \
         file's URLs, then the FNV-1a hash of the verdict bits (1 = allowed, URL order).\n"
    );
    for (name, txt, urls) in corpus_files() {
        let body = std::fs::read(&txt).expect("read robots.txt");
        let urls = corpus_urls(&urls);
        let policy = policy_of(engine, Compiled::Corpus, &name, &body, CORPUS_PROFILE);
        let digests: Vec<String> = agents_for(&body, &[])
            .iter()
            .map(|agent| verdict_digest(&policy, agent, &urls))
            .collect();
        out.push_str(&format!("{name}  {}\n", digests.join("  ")));
    }
    out
}

#[test]
fn corpus_digest_table() {
    let files = corpus_files();
    assert!(files.len() >= 226, "corpus has {} files", files.len());
    assert_eq!(compiled::CORPUS_BUILT.len(), files.len());
    insta::with_settings!({ omit_expression => true }, {
        insta::allow_duplicates! {
            for &engine in engines(Compiled::Corpus) {
                insta::assert_snapshot!("corpus_digest", corpus_digest(engine));
            }
        }
    });
}

/// Every corpus file, every URL, every crawler the digest covers: the build.rs
/// policies give the run-time verdict, deciding rule and reason included.
#[test]
fn compiled_in_corpus_gives_the_runtime_verdicts() {
    let mut checks = 0usize;
    let mut failures = Vec::new();
    for (name, txt, urls) in corpus_files() {
        let body = std::fs::read(&txt).expect("read robots.txt");
        let urls = corpus_urls(&urls);
        let runtime = policy_of(
            Engine::Runtime,
            Compiled::Corpus,
            &name,
            &body,
            CORPUS_PROFILE,
        );
        let built = policy_of(
            Engine::BuildRs,
            Compiled::Corpus,
            &name,
            &body,
            CORPUS_PROFILE,
        );
        if built.rule_count() != runtime.rule_count()
            || built.group_count() != runtime.group_count()
            || !built.sitemaps().eq(runtime.sitemaps())
        {
            failures.push(format!("{name}: rules, groups or sitemaps differ"));
        }
        for agent in agents_for(&body, &[]) {
            let (want, got) = (runtime.matcher(&agent), built.matcher(&agent));
            if got.crawl_delay() != want.crawl_delay() {
                failures.push(format!("{name} {agent}: crawl-delay differs"));
            }
            for url in &urls {
                checks += 1;
                let (g, w) = (got.check(url), want.check(url));
                if g != w && failures.len() < 50 {
                    failures.push(format!(
                        "{name} {agent} {}: build.rs {g:?}, run time {w:?}",
                        url.escape_ascii()
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checks >= 226 * 2000, "only {checks} checks ran");
}
