//! The workload: every real robots.txt in `testdata/corpus` with its 2,000 URL paths,
//! checked for the first crawler the file names and for an unknown crawler.

use robots_runtime::document::{parse, ParseOptions};
use robots_runtime::Profile;
use std::path::{Path, PathBuf};

/// The crawler no corpus file names: it falls to the `*` group.
pub const UNKNOWN_AGENT: &str = "UnknownCrawler";

/// The origin prefixed to a path where an engine wants a full URL.
pub const ORIGIN: &str = "https://example.com";

/// One corpus file and its URL paths.
#[derive(Clone, Debug)]
pub struct Site {
    /// The file name without `.txt`.
    pub name: String,
    /// The robots.txt bytes, unchanged.
    pub body: Vec<u8>,
    /// The body as text for engines that take `&str` (lossy: invalid UTF-8 becomes U+FFFD).
    pub body_str: String,
    /// The 2,000 URL paths (all of them are UTF-8).
    pub paths: Vec<String>,
    /// The same paths as full URLs (`https://example.com/...`).
    pub urls: Vec<String>,
    /// The first crawler the file names (its product token under the `google` profile).
    pub named_agent: Option<String>,
}

impl Site {
    /// The agents the workload checks for: the named one (if the file names one), then the unknown one.
    pub fn agents(&self) -> Vec<&str> {
        let mut agents: Vec<&str> = self.named_agent.iter().map(String::as_str).collect();
        agents.push(UNKNOWN_AGENT);
        agents
    }

    /// How many checks the whole workload makes on this file.
    pub fn checks(&self) -> usize {
        self.paths.len() * self.agents().len()
    }
}

/// `testdata/corpus` of the workspace.
pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/corpus")
}

/// The first crawler a file names, as Google reads it (the product token), if any.
pub fn first_named_agent(body: &[u8]) -> Option<String> {
    let doc = parse(body, ParseOptions::new(Profile::Google));
    let name = doc.agent_names().next()?;
    Some(String::from_utf8_lossy(name).into_owned())
}

/// Every corpus file, sorted by name.
///
/// # Panics
/// If the corpus cannot be read: the benchmarks have nothing to measure then.
pub fn load() -> Vec<Site> {
    let dir = corpus_dir();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            Some(name.strip_suffix(".txt")?.to_owned())
        })
        .filter(|name| dir.join(format!("{name}.urls")).exists())
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| load_site(&dir, name))
        .collect()
}

/// The corpus files named in `names` (those the corpus has), sorted by name;
/// every file if `names` is empty. For the tools that re-time a few files.
pub fn load_only(names: &[String]) -> Vec<Site> {
    if names.is_empty() {
        return load();
    }
    let mut names: Vec<&String> = names.iter().collect();
    names.sort();
    names.dedup();
    names
        .into_iter()
        .filter_map(|name| named_site(name))
        .collect()
}

/// The corpus file `name` (for the tools that study one file), or `None` if
/// the corpus has no such file.
pub fn named_site(name: &str) -> Option<Site> {
    let dir = corpus_dir();
    let exists = |ext: &str| dir.join(format!("{name}.{ext}")).exists();
    (exists("txt") && exists("urls")).then(|| load_site(&dir, name.to_owned()))
}

/// One corpus file of `dir` (`NAME.txt` and its paths, `NAME.urls`).
///
/// # Panics
/// If either file cannot be read.
pub fn load_site(dir: &Path, name: String) -> Site {
    let body = std::fs::read(dir.join(format!("{name}.txt"))).expect("read robots.txt");
    let urls = std::fs::read(dir.join(format!("{name}.urls"))).expect("read urls");
    let paths: Vec<String> = urls
        .split(|&b| b == b'\n')
        .filter(|u| !u.is_empty())
        .map(|u| String::from_utf8_lossy(u).into_owned())
        .collect();
    let urls = paths.iter().map(|p| format!("{ORIGIN}{p}")).collect();
    Site {
        named_agent: first_named_agent(&body),
        body_str: String::from_utf8_lossy(&body).into_owned(),
        name,
        body,
        paths,
        urls,
    }
}

/// The file whose size is the median of the corpus (by bytes).
pub fn median_site(sites: &[Site]) -> &Site {
    let mut by_size: Vec<&Site> = sites.iter().collect();
    by_size.sort_by_key(|s| (s.body.len(), s.name.clone()));
    by_size[by_size.len() / 2]
}

/// The value of every `Allow` and `Disallow` line of `body` (any group),
/// comment cut and spaces trimmed, in file order: a rough reading, without
/// the engine, for the benchmarks that look at a file's patterns.
pub fn rule_values(body: &[u8]) -> impl Iterator<Item = &[u8]> {
    body.split(|&b| b == b'\n').filter_map(|line| {
        let line = line.split(|&b| b == b'#').next().unwrap_or_default();
        let colon = line.iter().position(|&b| b == b':')?;
        let (key, value) = line.split_at(colon);
        let key = String::from_utf8_lossy(key).trim().to_ascii_lowercase();
        (key == "allow" || key == "disallow")
            .then(|| value.get(1..).unwrap_or_default().trim_ascii())
    })
}
