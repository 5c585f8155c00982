//! One reviewed verdict table per robots.txt: every corpus file with its own URL
//! list, and every distinct body of the conformance set with its cases' URLs.
//! Each table covers an unknown crawler, `*` and the crawlers the file names.
//!
//! The run-time engine writes the table here; the `robots!` macro and the build.rs
//! generator must reproduce the very same snapshots (see `static_agreement.rs`).

use robots_runtime::{Policy, Profile};
use robots_tests::{conformance_bodies, corpus_urls, table_agents, verdict_table};

#[test]
fn corpus_verdict_tables() {
    insta::glob!("../testdata/corpus", "*.txt", |path| {
        let body = std::fs::read(path).expect("read robots.txt");
        let urls = corpus_urls(&path.with_extension("urls"));
        let policy = Policy::parse(&body, Profile::Rfc9309);
        let agents = table_agents(&body, Profile::Rfc9309);
        insta::assert_snapshot!(verdict_table(&policy, &agents, &urls));
    });
}

#[test]
fn conformance_verdict_tables() {
    let bodies = conformance_bodies();
    assert!(bodies.len() > 50, "only {} distinct bodies", bodies.len());
    for (name, body, urls) in bodies {
        let policy = Policy::parse(&body, Profile::Rfc9309);
        let agents = table_agents(&body, Profile::Rfc9309);
        insta::with_settings!({ snapshot_suffix => name }, {
            insta::assert_snapshot!(verdict_table(&policy, &agents, &urls));
        });
    }
}
