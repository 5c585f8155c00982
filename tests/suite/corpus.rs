//! Every real robots.txt in `testdata/corpus`, with its 2,000 URLs, under every
//! profile, for a named agent of the file and an unknown one. The trie matcher's
//! verdict is checked against brute force (each rule tested on its own) for
//! every URL of small policies and a sample of the large ones.

use robots_runtime::document::{parse, ParseOptions};
use robots_runtime::{Policy, Profile, Reason};
use robots_tests::corpus_files;

/// The first named agent of a file, as the profile reads it, if any.
fn first_named_agent(body: &[u8], profile: Profile) -> Option<String> {
    let doc = parse(body, ParseOptions::new(profile));
    let name = doc.agent_names().next()?;
    Some(String::from_utf8_lossy(name).into_owned())
}

#[test]
fn every_corpus_file_checks_and_agrees_with_brute_force() {
    let files = corpus_files();
    assert!(files.len() >= 226, "corpus has {} files", files.len());
    let mut checks = 0usize;
    let mut cross_checked = 0usize;
    let mut failures = Vec::new();
    for (name, txt, urls) in &files {
        let body = std::fs::read(txt).expect("read robots.txt");
        let urls = std::fs::read(urls).expect("read urls");
        let urls: Vec<&[u8]> = urls
            .split(|&b| b == b'\n')
            .filter(|u| !u.is_empty())
            .collect();
        assert_eq!(urls.len(), 2000, "{name}: url count");
        for profile in Profile::ALL {
            let policy = Policy::parse(&body, profile);
            let mut agents = vec!["UnknownCrawler".to_owned()];
            agents.extend(first_named_agent(&body, profile));
            for agent in &agents {
                let matcher = policy.matcher(agent);
                // Many paths in one call: the verdicts of one at a time.
                let mut batch = Vec::with_capacity(urls.len());
                matcher.check_paths(&urls, |i, verdict| batch.push((i, verdict)));
                let single: Vec<_> = urls
                    .iter()
                    .enumerate()
                    .map(|(i, url)| (i, matcher.check_path(url)))
                    .collect();
                if batch != single && failures.len() < 50 {
                    failures.push(format!(
                        "{name} [{profile}] agent={agent}: check_paths differs from check_path"
                    ));
                }
                // Brute force costs one test per rule: sample the largest policies.
                let stride = if policy.rule_count() > 5_000 { 50 } else { 1 };
                for (i, url) in urls.iter().enumerate() {
                    let verdict = matcher.check(url);
                    checks += 1;
                    if i % stride != 0 {
                        continue;
                    }
                    cross_checked += 1;
                    let e = policy.explain(agent, url);
                    let best = e.candidates.first().map(|c| c.id);
                    let consistent = e.verdict == verdict
                        && match verdict.reason {
                            Reason::Rule => best == verdict.rule,
                            Reason::NoMatchingRule | Reason::NoGroup => best.is_none(),
                            Reason::RobotsTxt => verdict.allowed,
                            _ => false,
                        };
                    if !consistent && failures.len() < 50 {
                        failures.push(format!(
                            "{name} [{profile}] agent={agent} url={}: verdict {verdict:?}, brute force best {best:?}",
                            String::from_utf8_lossy(url)
                        ));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checks >= 226 * 4 * 2000, "only {checks} checks ran");
    assert!(
        cross_checked > checks / 2,
        "only {cross_checked} cross-checked"
    );
}

#[test]
fn the_parsing_cap_applies_to_the_largest_files() {
    let files = corpus_files();
    let (_, big, _) = files
        .iter()
        .find(|(n, _, _)| n == "www.xuexi.cn")
        .expect("the 3.7 MB file is bundled");
    let body = std::fs::read(big).expect("read");
    assert!(body.len() > 3_000_000);
    let capped = parse(&body, ParseOptions::new(Profile::Rfc9309));
    let t = capped.truncation().expect("rfc9309 caps at 500 KiB");
    assert_eq!(t.max_bytes, 500 * 1024);
    assert_eq!(t.input_len, body.len());
    assert!(capped.lines().iter().all(|l| l.span.end <= 500 * 1024));
    let google = parse(&body, ParseOptions::new(Profile::Google));
    assert!(
        google.truncation().is_none(),
        "google has no cap by default"
    );
    assert!(google.lines().len() > capped.lines().len());
}
