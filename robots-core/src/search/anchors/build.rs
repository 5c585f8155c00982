//! Building a root's automaton from its anchors: the filter, the short
//! anchors, and the finder that fits their number.

use super::{Finder, Grams, RootAutomaton, Shorts, Table};
use crate::ids::RuleId;
use crate::swar::common_prefix;
use crate::tables::layout::{Anchor, WildRoot};
use crate::tables::view::Tables;
use aho_corasick::packed;
use alloc::vec::Vec;

impl RootAutomaton {
    /// Anchors shorter than this, if there are at most [`Shorts::MAX`] of them
    /// (and others), are searched for on their own: the filter's stride follows
    /// its shortest anchor, and the search for a few anchors reads eight bytes a
    /// step.
    pub(crate) const SHORT_BELOW: usize = 4;

    /// Roots with up to this many anchors for [`Table`] get a packed searcher
    /// in front of the filter. With more, Teddy's buckets (8 or 16 of them)
    /// each hold several anchors and its candidates are checked one anchor at
    /// a time: measured on the corpus, it then costs more than the filter.
    pub(crate) const PACKED_MAX: usize = 16;

    /// The longest filter stride behind which a packed searcher is built. A
    /// longer stride (anchors of six bytes or more) reads a path's grams at
    /// few positions, which costs less than the packed searcher's call.
    pub(crate) const PACKED_STRIDE_MAX: usize = 3;

    /// What finds the anchors of `root`.
    pub(crate) fn build(t: &Tables<'_>, root: &WildRoot) -> RootAutomaton {
        let anchors = root.anchors.of(t.anchors());
        // Each anchor's rules are rules of the tables (`found_rank` panics
        // with "bug:" on one past them), best first.
        let tops: Vec<u64> = anchors
            .iter()
            .map(|a| {
                a.rules
                    .of(t.anchor_rules())
                    .first()
                    .map_or(0, |id| t.found_rank(RuleId(id.get())))
            })
            .collect();
        let top = tops.iter().copied().max().unwrap_or(0);
        let literals: Vec<&[u8]> = anchors.iter().map(|a| t.bytes(a.literal)).collect();
        let numbers: Vec<u32> = (0..literals.len())
            .filter_map(|i| u32::try_from(i).ok())
            .collect();
        let missing = |tops, top| RootAutomaton {
            grams: Grams::of(&[]),
            finder: Finder::Missing,
            short: Shorts::of(&[]),
            tops,
            top,
            packed: None,
        };
        if numbers.len() != literals.len() {
            return missing(tops, top);
        }
        if literals.len() > Finder::TABLE_MAX {
            return RootAutomaton {
                grams: Grams::of(&literals),
                finder: Finder::automaton(&literals),
                short: Shorts::of(&[]),
                tops,
                top,
                packed: None,
            };
        }
        let is_short = |l: &&[u8]| l.len() < RootAutomaton::SHORT_BELOW;
        let shorts = literals.iter().filter(|l| is_short(l)).count();
        let split = shorts <= Shorts::MAX
            && shorts < literals.len()
            && literals.iter().all(|l| l.len() >= 2);
        let (mut long, mut long_numbers, mut short) = (Vec::new(), Vec::new(), Vec::new());
        for ((&literal, &number), anchor) in literals.iter().zip(&numbers).zip(anchors) {
            if split && is_short(&literal) {
                short.push((number, literal, rules_start(t, anchor)));
            } else {
                long.push(literal);
                long_numbers.push(number);
            }
        }
        match Table::of(&long, &long_numbers) {
            Some(table) => {
                let grams = Grams::of(&long);
                RootAutomaton {
                    packed: RootAutomaton::packed(&long, &grams),
                    grams,
                    finder: Finder::Table(table),
                    short: Shorts::of(&short),
                    tops,
                    top,
                }
            }
            None => RootAutomaton {
                grams: Grams::of(&literals),
                finder: Finder::automaton(&literals),
                short: Shorts::of(&[]),
                tops,
                top,
                packed: None,
            },
        }
    }

    /// aho-corasick's packed searcher over `anchors` (which `grams` filters),
    /// if there are at most [`RootAutomaton::PACKED_MAX`], the filter's stride
    /// is short enough for it to pay, and the crate has one for this CPU (none
    /// without SSSE3 or NEON, or without `std` to detect them).
    pub(crate) fn packed(anchors: &[&[u8]], grams: &Grams) -> Option<packed::Searcher> {
        // aho-corasick has a packed searcher (Teddy) for x86_64 with `std` and
        // for aarch64 only: anywhere else (WebAssembly) it always answers
        // `None`, after sorting the anchors into its pattern set for nothing.
        const HAS_TEDDY: bool = cfg!(any(
            all(feature = "std", target_arch = "x86_64"),
            target_arch = "aarch64"
        ));
        if !HAS_TEDDY
            || anchors.len() > RootAutomaton::PACKED_MAX
            || grams.stride > RootAutomaton::PACKED_STRIDE_MAX
        {
            return None;
        }
        // Leftmost-first: the first match is where the scan starts.
        packed::Config::new()
            .match_kind(packed::MatchKind::LeftmostFirst)
            .builder()
            .extend(anchors)
            .build()
    }

    /// Where the first anchor of `hay` may start, with the offsets (bit `k`:
    /// `k` bytes before) at which the finder should look (see
    /// [`Grams::next`]); `None` if no anchor is in it.
    #[inline]
    pub(crate) fn first_pass(&self, hay: &[u8]) -> Option<(usize, u8)> {
        match &self.packed {
            Some(packed) if hay.len() >= packed.minimum_len() => {
                // An anchor starts there (the only one: they are prefix-free),
                // and none before: the scan looks it up and goes on after it.
                let first = packed.find(hay)?;
                Some((first.start(), 1))
            }
            _ => self.grams.next(hay, 0),
        }
    }

    pub(crate) fn memory_usage(&self) -> usize {
        size_of::<RootAutomaton>()
            + size_of::<[u8; Grams::SIZE]>()
            + self.finder.memory_usage()
            + self.tops.capacity() * size_of::<u64>()
            + self
                .packed
                .as_ref()
                .map_or(0, packed::Searcher::memory_usage)
    }
}

/// The first bytes, eight at most, that every rule filed under `anchor`
/// starts with. Eight at most also keeps the work a rule's constant: tables
/// from bytes may point many rules at one long segment.
///
/// # Panics
/// With a message starting "bug:" if a rule filed there is not one of the
/// tables' (see [`Tables::found_rule`]).
pub(crate) fn rules_start<'t>(t: &Tables<'t>, anchor: &Anchor) -> &'t [u8] {
    let mut common: Option<&'t [u8]> = None;
    for id in anchor.rules.of(t.anchor_rules()) {
        let (first, _) = t.found_segments(RuleId(id.get()));
        let bytes = first.of(t.text());
        let bytes = bytes.get(..8).unwrap_or(bytes);
        common = Some(match common {
            Some(before) => before
                .get(..common_prefix(before, bytes))
                .unwrap_or_default(),
            None => bytes,
        });
    }
    common.unwrap_or_default()
}
