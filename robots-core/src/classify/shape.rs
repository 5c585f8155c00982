//! The rules of a crawler's groups, as the exploration reads them.

use crate::ids::index;
use crate::policy::Matcher;
use alloc::vec::Vec;

/// One rule: its literal bytes with the places of its `*`s, whether it ends in
/// `$`, its rank (the higher decides) and its verdict.
pub(crate) struct RuleShape {
    /// The rule's number in the tables.
    pub(crate) id: u32,
    /// The pattern's literal bytes, `*`s left out.
    bytes: Vec<u8>,
    /// Positions in `bytes` where a `*` stands (before the byte there).
    stars: Vec<usize>,
    /// `bytes.len()`.
    pub(crate) len: usize,
    pub(crate) anchored: bool,
    pub(crate) rank: u64,
    pub(crate) allow: bool,
}

impl RuleShape {
    /// A rule of pattern `segments` joined by `*`s.
    #[cfg_attr(robots_size, optimize(size))]
    pub(crate) fn new(id: u32, segments: &[&[u8]], anchored: bool, rank: u64, allow: bool) -> Self {
        let mut bytes = Vec::new();
        let mut stars = Vec::new();
        for (i, segment) in segments.iter().enumerate() {
            if i > 0 {
                stars.push(bytes.len());
            }
            bytes.extend_from_slice(segment);
        }
        stars.dedup();
        // Held for the whole classification: exactly their size.
        bytes.shrink_to_fit();
        stars.shrink_to_fit();
        RuleShape {
            id,
            len: bytes.len(),
            bytes,
            stars,
            anchored,
            rank,
            allow,
        }
    }

    /// The literal byte at `pos`, if the pattern has one there.
    #[cfg_attr(robots_size, optimize(size))]
    pub(crate) fn byte_at(&self, pos: usize) -> Option<u8> {
        self.bytes.get(pos).copied()
    }

    /// Whether a `*` stands at `pos` (any bytes may be read there).
    #[cfg_attr(robots_size, optimize(size))]
    pub(crate) fn star_at(&self, pos: usize) -> bool {
        self.stars.binary_search(&pos).is_ok()
    }

    /// The literal bytes (for the alphabet).
    #[cfg_attr(robots_size, optimize(size))]
    pub(crate) fn literal(&self) -> &[u8] {
        &self.bytes
    }
}

/// The rules of the groups that apply to `matcher`'s crawler.
#[cfg_attr(robots_size, optimize(size))]
pub(crate) fn rules_of(matcher: &Matcher<'_>) -> Vec<RuleShape> {
    let t = matcher.tables;
    let count: usize = matcher
        .group_numbers()
        .iter()
        .filter_map(|g| t.groups().get(g.get() as usize))
        .map(|group| group.rules.len.get() as usize)
        .sum();
    let mut shapes = Vec::with_capacity(count);
    for g in matcher.group_numbers() {
        let Some(group) = t.groups().get(g.get() as usize) else {
            panic!(
                "bug: a rule set names group {} of {}",
                g.get(),
                t.groups().len()
            );
        };
        for id in group.rules.range() {
            let id = index(id);
            let (Some(rule), Some((first, tail))) =
                (t.rules().get(id as usize), t.rule_segments(id))
            else {
                panic!(
                    "bug: group {} names rule {id} of {}",
                    g.get(),
                    t.rules().len()
                );
            };
            let text = t.text();
            let segments: Vec<&[u8]> = core::iter::once(first.of(text))
                .chain(tail.iter().map(|s| s.of(text)))
                .collect();
            shapes.push(RuleShape::new(
                id,
                &segments,
                rule.anchored(),
                t.rank(id),
                rule.allow(),
            ));
        }
    }
    shapes
}

impl RuleShape {
    /// How many `*`s the pattern has.
    #[cfg_attr(robots_size, optimize(size))]
    pub(crate) fn stars(&self) -> usize {
        self.stars.len()
    }
}
