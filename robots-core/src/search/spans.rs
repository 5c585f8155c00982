//! A verdict without search tables: a crawler's rules tested one by one from
//! the spans of their literal segments, the highest-ranked match deciding.
//!
//! This is what the tables' search finds, by the reference matcher that
//! explanations use (a rule's first segment a prefix of the path, the rest
//! placed leftmost, see [`segments`](super::segments)). It serves the first
//! verdict of a file just parsed, where building the tries and their search
//! tables would cost as much as the parse: a scan over the few rules of one
//! crawler costs far less than that.
//!
//! Time: a rule of one segment costs at most that segment's length; each
//! later segment of a wildcard rule up to the path's length.
//! [`span_work`] counts the latter in advance, so that a caller can build the
//! tables instead when a scan would cost more than a budget linear in the input.

use crate::ids::{index, RuleId};
use crate::profile::Profile;
use crate::search::segments::tail_matches_fast;
use crate::search::verdict::{Reason, Verdict};
use crate::search::view::is_robots_txt;

/// One rule as the scan reads it.
pub(crate) struct SpanRule<'r, Tail> {
    /// The first literal segment: a prefix of every path the rule matches.
    pub(crate) first: &'r [u8],
    /// The segments after the first (a `*` before each).
    pub(crate) tail: Tail,
    /// A final `$`.
    pub(crate) anchored: bool,
    /// `Allow` (true) or `Disallow`.
    pub(crate) allow: bool,
    /// The rule's rank: the highest matching rule decides (ranks are distinct).
    pub(crate) rank: u64,
}

/// The most a scan's wildcard segments may cost, in bytes of path looked at,
/// for `input_len` bytes of robots.txt and a path of `path_len`: past it, the
/// caller builds the tables (linear in the input) instead.
pub(crate) fn span_budget(input_len: usize, path_len: usize) -> usize {
    input_len
        .saturating_add(path_len)
        .saturating_mul(8)
        .saturating_add(1 << 16)
}

/// What a scan's wildcard segments may cost at most, in bytes of path: each
/// segment after a rule's first is searched for in at most the whole path.
pub(crate) fn span_work(tail_segments: usize, path_len: usize) -> usize {
    tail_segments.saturating_mul(path_len)
}

/// The verdict for `path` (already in the form the profile compares: see
/// [`normalize_path`](super::segments::normalize_path)) of a crawler to
/// which groups apply (`has_group`) holding `rules`, rule `n` of them being
/// the `n`th: what [`View::decide`](super::view::View) answers from the tables.
pub(crate) fn decide_by_spans<'r, Tail>(
    profile: Profile,
    has_group: bool,
    path: &[u8],
    rules: impl Iterator<Item = SpanRule<'r, Tail>>,
) -> Verdict
where
    Tail: ExactSizeIterator<Item = &'r [u8]>,
{
    if profile.robots_txt_always_allowed() && is_robots_txt(path) {
        return Verdict::without_rule(Reason::RobotsTxt);
    }
    if !has_group {
        return Verdict::without_rule(Reason::NoGroup);
    }
    // (rank, rule number, allow) of the best match so far.
    let mut best: Option<(u64, usize, bool)> = None;
    for (n, rule) in rules.enumerate() {
        if best.is_some_and(|(rank, _, _)| rule.rank <= rank) {
            continue;
        }
        let Some(rest) = path.strip_prefix(rule.first) else {
            continue;
        };
        if tail_matches_fast(rest, rule.tail, rule.anchored) {
            best = Some((rule.rank, n, rule.allow));
        }
    }
    match best {
        None => Verdict::without_rule(Reason::NoMatchingRule),
        Some((_, n, allowed)) => Verdict {
            allowed,
            rule: Some(RuleId(index(n))),
            reason: Reason::Rule,
        },
    }
}
