//! A deferred policy (`PolicyBuilder::build_deferred`) is the policy
//! `PolicyBuilder::build` gives, over the real-file corpus under every
//! profile: the same tables byte for byte once built, the same verdicts, and
//! the same sitemaps, truncation and profile before anything is built.

use robots_runtime::{Policy, Profile};
use std::path::PathBuf;

const PROFILES: [Profile; 4] = [
    Profile::Rfc9309,
    Profile::Google,
    Profile::Draft1996,
    Profile::Original1994,
];

/// Crawlers the corpus's files name, and one no file names.
const AGENTS: [&str; 4] = ["Googlebot", "Bingbot", "GPTBot", "NoSuchBot"];

/// Every corpus file: its robots.txt and its URL paths.
fn corpus() -> Vec<(PathBuf, Vec<u8>, Vec<String>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/corpus");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|txt| {
            let text = std::fs::read(&txt).unwrap_or_else(|e| panic!("{}: {e}", txt.display()));
            let urls = std::fs::read_to_string(txt.with_extension("urls"))
                .unwrap_or_default()
                .lines()
                .filter(|l| !l.is_empty())
                .map(String::from)
                .collect();
            (txt, text, urls)
        })
        .collect()
}

#[test]
fn a_deferred_policy_answers_as_the_built_one_over_the_corpus() {
    let files = corpus();
    assert!(
        files.len() > 200,
        "the corpus is there: {} files",
        files.len()
    );
    let mut verdicts = 0usize;
    for (path, text, urls) in &files {
        for profile in PROFILES {
            let builder = Policy::builder().profile(profile);
            let built = builder.build(text);
            let deferred = builder.build_deferred(text);
            let name = path.display();

            // What the read answers, before any table is built.
            assert_eq!(deferred.profile(), built.profile(), "{name} {profile:?}");
            assert_eq!(
                deferred.truncation(),
                built.truncation(),
                "{name} {profile:?}"
            );
            assert!(
                deferred.sitemaps().eq(built.sitemaps()),
                "{name} {profile:?}: sitemaps"
            );
            assert!(!deferred.is_built(), "{name}: read only");

            // Every URL of the file (a sample of the large ones), for crawlers
            // named and not, through the first-need build.
            let step = urls.len() / 500 + 1;
            for agent in AGENTS {
                for url in urls.iter().step_by(step) {
                    assert_eq!(
                        deferred.check(agent, url),
                        built.check(agent, url),
                        "{name} {profile:?} {agent} {url}"
                    );
                    verdicts += 1;
                }
            }
            assert!(deferred.is_built(), "{name}: a check builds the tables");
            // The same tables, byte for byte, built by reference and by value.
            let bytes = built.to_bytes();
            assert!(deferred.to_bytes() == bytes, "{name} {profile:?}: tables");
            let by_value = builder.build_deferred(text).into_policy();
            assert!(
                by_value.to_bytes() == bytes,
                "{name} {profile:?}: into_policy"
            );
        }
    }
    assert!(verdicts > 100_000, "{verdicts} verdicts compared");
}
