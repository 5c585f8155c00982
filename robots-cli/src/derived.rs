//! The paths `report` and `diff` derive from a file's own rules, and how many
//! of them a run checks.
//!
//! A check costs a trie walk plus, at worst, a test of every wildcard rule that
//! can apply (rules whose literals are too short to look up, such as
//! `/*a*b*c`, are tested one by one). A file derives a few paths per rule, so
//! checking them all against a file of many such rules would cost the square
//! of its size. The paths checked are therefore bounded so that paths ×
//! wildcard rules stays under 2·10⁸ ([`sample_limit`]): every file of the corpus stays more
//! than ten times below it (the largest, `www.unesco.org`, derives 7,483 paths
//! for 2,599 wildcard rules), and a hostile one is cut to the first paths in
//! file order, with a warning.

use crate::output::Streams;
use robots_lint::sample_limit;
use robots_runtime::Policy;

/// How many derived paths may be checked against `policies`.
pub fn limit(policies: &[&Policy]) -> usize {
    sample_limit(policies)
}

/// Say on stderr that only the first `limit` derived paths were checked, and
/// what to do instead (`instead`).
pub fn warn_cut(io: &mut Streams<'_>, limit: usize, instead: &str) {
    io.warn(&format!(
        "only the first {limit} paths derived from the rules are checked (the file has \
         many wildcard rules, and a path may have to be tested against each); {instead}"
    ));
}
