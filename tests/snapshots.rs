//! One reviewed verdict table per robots.txt: every corpus file with its own URL
//! list, and every distinct body of the conformance set with its cases' URLs.
//! Each table covers an unknown crawler, `*` and the crawlers the file names.
//!
//! Three engines must produce the very same snapshot: the run-time engine
//! (`Policy::parse`), the build.rs generator and the `robots!` macro (both
//! compiled in by `tests/build.rs`). If one differs, the test fails with a diff.

use robots_runtime::{Policy, Profile};
use robots_tests::{conformance_bodies, corpus_urls, table_agents, verdict_table};

mod compiled {
    include!(concat!(env!("OUT_DIR"), "/static_policies.rs"));
}

/// The compiled-in policy named `name` in `table`.
fn find(table: &'static [(&str, &'static Policy)], name: &str) -> &'static Policy {
    table
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, p)| *p)
        .unwrap_or_else(|| panic!("{name} was not compiled in by tests/build.rs"))
}

/// Assert one snapshot, `name`, from the run-time, build.rs and macro policies.
fn assert_all_agree(
    name: &str,
    [runtime, built, expanded]: [&Policy; 3],
    body: &[u8],
    urls: &[Vec<u8>],
) {
    let agents = table_agents(body, Profile::Rfc9309);
    insta::allow_duplicates! {
        for policy in [runtime, built, expanded] {
            insta::assert_snapshot!(name, verdict_table(policy, &agents, urls));
        }
    }
}

#[test]
fn corpus_verdict_tables() {
    insta::glob!("../testdata/corpus", "*.txt", |path| {
        let body = std::fs::read(path).expect("read robots.txt");
        let urls = corpus_urls(&path.with_extension("urls"));
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("file name");
        let runtime = Policy::parse(&body, Profile::Rfc9309);
        let built = find(compiled::CORPUS_BUILT, name);
        let expanded = find(compiled::CORPUS_MACRO, name);
        assert_all_agree(
            "corpus_verdict_tables",
            [&runtime, built, expanded],
            &body,
            &urls,
        );
    });
}

#[test]
fn conformance_verdict_tables() {
    let bodies = conformance_bodies();
    assert!(bodies.len() > 50, "only {} distinct bodies", bodies.len());
    assert_eq!(bodies.len(), compiled::BODIES_BUILT.len());
    for (name, body, urls) in bodies {
        let runtime = Policy::parse(&body, Profile::Rfc9309);
        let built = find(compiled::BODIES_BUILT, &name);
        let expanded = find(compiled::BODIES_MACRO, &name);
        insta::with_settings!({ snapshot_suffix => name.as_str() }, {
            assert_all_agree(
                "conformance_verdict_tables",
                [&runtime, built, expanded],
                &body,
                &urls,
            );
        });
    }
}
