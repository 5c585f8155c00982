//! Differential check of the compile-time path: random robots.txt files
//! (generated, seeded, by `tests/build.rs`) compiled in through the build.rs API
//! and through `robots!`, under every profile, against the run-time engine on
//! the same bytes, for random crawlers and random URLs.

use proptest::prelude::*;
use robots_runtime::{Policy, Profile};

mod compiled {
    include!(concat!(env!("OUT_DIR"), "/random_policies.rs"));
}

/// (bytes, profile, build.rs policy, macro policy) for every random file and profile.
fn cases() -> Vec<(Vec<u8>, Profile, &'static Policy, &'static Policy)> {
    let dir = std::path::Path::new(env!("OUT_DIR")).join("random");
    compiled::RANDOM_BUILT
        .iter()
        .zip(compiled::RANDOM_MACRO)
        .map(|((name, built), (macro_name, expanded))| {
            assert_eq!(name, macro_name);
            let (file, profile) = name.split_once('/').expect("name is file/profile");
            let bytes = std::fs::read(dir.join(format!("{file}.txt"))).expect("random file");
            (bytes, profile.parse().expect("profile"), *built, *expanded)
        })
        .collect()
}

#[test]
fn every_profile_of_every_random_file_is_compiled_in() {
    let cases = cases();
    assert_eq!(cases.len(), 48 * Profile::ALL.len());
    let rules: usize = cases.iter().map(|(_, _, b, _)| b.rule_count()).sum();
    assert!(
        rules > 300,
        "the random files should have rules; got {rules}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn static_policies_give_the_runtime_verdicts(
        pick in any::<prop::sample::Index>(),
        agent in prop::sample::select(vec!["FooBot", "foobot", "Foo", "BarBot/2", "Other", "*", ""]),
        paths in prop::collection::vec("/[/a-c*$%2Ff?=.#]{0,11}", 1..16),
    ) {
        let cases = cases();
        let (bytes, profile, built, expanded) = &cases[pick.index(cases.len())];
        let runtime = Policy::parse(bytes, *profile);
        for path in &paths {
            let want = runtime.check(agent, path);
            prop_assert_eq!(built.check(agent, path), want, "build.rs, {} {:?}", profile, path);
            prop_assert_eq!(expanded.check(agent, path), want, "macro, {} {:?}", profile, path);
        }
        prop_assert_eq!(built.matcher(agent).crawl_delay(), runtime.matcher(agent).crawl_delay());
        prop_assert_eq!(built.sitemaps().count(), runtime.sitemaps().count());
    }
}
