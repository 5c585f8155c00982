//! The corpus loop the policy tests share: every file of `testdata/corpus`
//! with its URL list, under every profile, for an unknown crawler and the
//! names of the file a test picks.

use crate::document::{parse, ParseOptions};
use crate::profile::Profile;
use alloc::string::String;
use alloc::vec::Vec;
use alloc::{format, vec};

/// One file, under one profile, for one crawler.
pub(crate) struct Case<'a> {
    /// The file's path, for messages.
    pub(crate) name: &'a str,
    pub(crate) text: &'a [u8],
    /// The file's URL list.
    pub(crate) urls: &'a [&'a [u8]],
    pub(crate) profile: Profile,
    pub(crate) agent: &'a [u8],
}

impl Case<'_> {
    /// Where a failing assertion was: file, profile, crawler and `url`.
    pub(crate) fn at(&self, url: &[u8]) -> String {
        format!(
            "{} [{}] {:?} {:?}",
            self.name,
            self.profile,
            String::from_utf8_lossy(self.agent),
            String::from_utf8_lossy(url)
        )
    }
}

/// The first and the last names a file gives.
pub(crate) fn first_and_last(names: &[Vec<u8>]) -> Vec<Vec<u8>> {
    names
        .first()
        .into_iter()
        .chain(names.last())
        .cloned()
        .collect()
}

/// The first, a middle and the last names a file gives.
pub(crate) fn first_middle_last(names: &[Vec<u8>]) -> Vec<Vec<u8>> {
    let middle = names.get(names.len() / 2);
    names
        .first()
        .into_iter()
        .chain(middle)
        .chain(names.last())
        .cloned()
        .collect()
}

/// Call `each` for every corpus file (in name order), profile, and crawler:
/// `UnknownCrawler`, then those `pick` takes of the names the file gives
/// under the profile. Returns how many cases there were; the corpus is
/// asserted whole (at least 226 files).
pub(crate) fn for_each_case(
    pick: impl Fn(&[Vec<u8>]) -> Vec<Vec<u8>>,
    mut each: impl FnMut(&Case<'_>),
) -> usize {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/corpus");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("corpus")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    paths.sort();
    let (mut files, mut cases) = (0, 0);
    for path in paths {
        let text = std::fs::read(&path).expect("robots.txt");
        let urls = std::fs::read(path.with_extension("urls")).expect("urls");
        let urls: Vec<&[u8]> = urls
            .split(|&b| b == b'\n')
            .filter(|u| !u.is_empty())
            .collect();
        let name = format!("{}", path.display());
        for profile in Profile::ALL {
            let doc = parse(&text, ParseOptions::new(profile));
            let names: Vec<Vec<u8>> = doc.agent_names().map(<[u8]>::to_vec).collect();
            let mut agents = vec![b"UnknownCrawler".to_vec()];
            agents.extend(pick(&names));
            for agent in &agents {
                each(&Case {
                    name: &name,
                    text: &text,
                    urls: &urls,
                    profile,
                    agent,
                });
                cases += 1;
            }
        }
        files += 1;
    }
    assert!(files >= 226, "{files} corpus files");
    cases
}
