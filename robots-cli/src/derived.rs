//! The paths `report` and `diff` derive from a file's own rules, and how many
//! of them a run checks.
//!
//! A check costs a trie walk plus, at worst, a test of every wildcard rule that
//! can apply (rules whose literals are too short to look up, such as
//! `/*a*b*c`, are tested one by one). A file derives a few paths per rule, so
//! checking them all against a file of many such rules would cost the square
//! of its size. The paths checked are therefore bounded so that paths ×
//! wildcard rules stays under [`WORK`]: every file of the corpus stays more
//! than ten times below it (the largest, `www.unesco.org`, derives 7,483 paths
//! for 2,599 wildcard rules), and a hostile one is cut to the first paths in
//! file order, with a warning.

use crate::output::Streams;
use robots_lint::probe_paths;
use robots_runtime::document::Document;
use robots_runtime::Policy;

/// The bound on derived paths × wildcard rules.
const WORK: usize = 200_000_000;

/// Whatever the rules, at least this many paths are derived.
const MIN_PATHS: usize = 1_024;

/// And at most this many.
const MAX_PATHS: usize = 200_000;

/// How many derived paths may be checked against `policies`.
pub fn limit(policies: &[&Policy]) -> usize {
    let wildcards: usize = policies
        .iter()
        .map(|p| p.rules().filter(|r| r.pattern.contains(&b'*')).count())
        .sum();
    (WORK / wildcards.max(1)).clamp(MIN_PATHS, MAX_PATHS)
}

/// The paths derived from `docs` (see [`probe_paths`]), at most `limit` of
/// them, and whether there were more.
pub fn paths(docs: &[&Document<'_>], limit: usize) -> (Vec<Vec<u8>>, bool) {
    let mut paths: Vec<Vec<u8>> = probe_paths(docs, limit.saturating_add(1))
        .into_iter()
        .map(|p| p.path)
        .collect();
    let cut = paths.len() > limit;
    paths.truncate(limit);
    (paths, cut)
}

/// Say on stderr that only the first `limit` derived paths were checked, and
/// what to do instead (`instead`).
pub fn warn_cut(io: &mut Streams<'_>, limit: usize, instead: &str) {
    io.warn(&format!(
        "only the first {limit} paths derived from the rules are checked (the file has \
         many wildcard rules, and a path may have to be tested against each); {instead}"
    ));
}
