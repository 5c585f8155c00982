//! [`Tables`]: every table of a compiled policy, read from one byte region.
//!
//! The tables lie one after another in a region of bytes (the byte form's body,
//! or a `static` byte string from the code generator), and the view keeps only
//! the region and where each table ends. A crawler holds one policy per site, so
//! the view's own size is paid a million times: twenty-one `u32` ends take 84
//! bytes where a slice per table would take 352.
//!
//! This is the crate's one module with `unsafe` code: each table is read as a
//! slice of its records with no check, because [`Tables::new`] (or
//! [`Tables::from_static`]) checked once that every table lies inside the region
//! and is a whole number of records. Every record type is plain bytes of
//! alignment one that any bit pattern is valid for (zerocopy's `FromBytes`,
//! `Unaligned` and `Immutable`), so a slice of records at any offset of the
//! region is sound. What the records *say* (indexes, spans) is not trusted by
//! this module: the search reads other tables through bounds-checked indexing,
//! and [`validate`](super::validate) checks untrusted bytes before they are used.

use crate::ids::{NodeId, RuleId, SetId};
use crate::profile::Profile;
use crate::tables::layout::{
    AgentEntry, Anchor, ExtensionRecord, GroupAgentRecord, GroupRecord, Inner, Leaf, NodeRule,
    NodeWild, RuleExtra, RuleFields, RuleRecord, RuleSet, SetRoot, Span, TruncationRecord,
    WildRoot, NONE, U32,
};
use crate::tables::lines::Lines;
use crate::tables::rank::rank;
#[cfg(test)]
use alloc::vec::Vec;
use core::mem::size_of;
use zerocopy::{FromBytes, Immutable, Unaligned};

/// The number of tables in a region.
pub const TABLE_COUNT: usize = 22;

/// Every table of a compiled policy (see the module docs), with the scalars a
/// check needs: the profile and the rule set of crawlers no group names.
///
/// The tables are borrowed: from a policy's own buffer, from serialised bytes,
/// or from `static` data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tables<'a> {
    /// The tables' bytes, one table after another in the order of [`SIZES`].
    region: &'a [u8],
    /// Where each table but the last ends in the region (the last ends with it).
    ends: [u32; TABLE_COUNT - 1],
    /// The record counts of the tables a check reads most (see [`COUNTED`]).
    counts: [u32; COUNTED.len()],
    /// The semantics the tables were compiled under.
    pub profile: Profile,
    /// The rule set of crawlers no group names (`*`), or [`NONE`] (the crate
    /// reads it as a typed set, `any_set_id`).
    pub any_set: u32,
}

/// The tables whose record counts a [`Tables`] keeps, so that reading them
/// takes one load and no arithmetic: `agents` and `node_wild`, whose records
/// are not a power of two bytes, and `rules`, which every check reads
/// (measured: computing its count from the ends cost 1 to 3% of a check's
/// instructions). The others' counts are their lengths divided by their record
/// size: a power of two, or a table few checks read (`wild_roots`). A view
/// keeps three counts, not four, because a crawler holds a million views.
const COUNTED: [usize; 3] = [1, 9, 14];

/// Where table `k`'s count is kept in [`Tables::counts`], if it is.
#[allow(clippy::indexing_slicing)] // `i` runs over `COUNTED`
const fn counted(k: usize) -> Option<usize> {
    let mut i = 0;
    while i < COUNTED.len() {
        if COUNTED[i] == k {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// The counts of the [`COUNTED`] tables of a region cut at `ends`.
#[allow(clippy::indexing_slicing)] // `k` is one of `COUNTED`, table numbers below `TABLE_COUNT`
const fn counts_of(len: usize, ends: &[u32; TABLE_COUNT - 1]) -> [u32; COUNTED.len()] {
    let mut counts = [0u32; COUNTED.len()];
    let mut i = 0;
    while i < COUNTED.len() {
        let k = COUNTED[i];
        let start = if k == 0 { 0 } else { ends[k - 1] as usize };
        let end = if k + 1 < TABLE_COUNT {
            ends[k] as usize
        } else {
            len
        };
        counts[i] = ((end - start) / SIZES[k]) as u32;
        i += 1;
    }
    counts
}

/// Whether `ends` cut a region of `len` bytes into tables of whole records: the
/// invariant every [`Tables`] keeps, which its unchecked reads rely on.
#[allow(clippy::indexing_slicing)] // `k` runs over the tables
const fn ends_fit(len: usize, ends: &[u32; TABLE_COUNT - 1]) -> bool {
    let mut start = 0usize;
    let mut k = 0;
    while k < TABLE_COUNT {
        let end = if k + 1 < TABLE_COUNT {
            ends[k] as usize
        } else {
            len
        };
        if end < start || end > len || (end - start) % SIZES[k] != 0 {
            return false;
        }
        start = end;
        k += 1;
    }
    true
}

macro_rules! tables {
    ($($k:literal $name:ident: $ty:ty, $doc:literal;)*) => {
        /// The size of one record of each table, in region order.
        pub const SIZES: [usize; TABLE_COUNT] = [$(size_of::<$ty>()),*];

        impl<'a> Tables<'a> {
            $(
                #[doc = $doc]
                #[inline(always)]
                pub fn $name(&self) -> &'a [$ty] {
                    self.table::<$ty, $k>()
                }
            )*

            /// Every table's bytes, in region order.
            pub fn parts(&self) -> [&'a [u8]; TABLE_COUNT] {
                [$(self.part($k)),*]
            }

            /// Every table's number of records, in region order.
            pub fn counts(&self) -> [usize; TABLE_COUNT] {
                [$(self.$name().len()),*]
            }
        }
    };
}

tables! {
    0 text: u8, "Every string: patterns, segments, labels, names, record values.";
    1 agents: AgentEntry, "Crawler names and the rule set each selects, in the order the profile resolves them.";
    2 sets: RuleSet, "Rule sets.";
    3 set_roots: SetRoot, "The tries each set walks, with their rule shifts.";
    4 set_groups: U32, "The groups of each set.";
    5 inners: Inner, "Trie nodes with children.";
    6 leaves: Leaf, "Trie nodes without children.";
    7 wide: u8, "The edge blocks of inner nodes with more than eight edges.";
    8 exact: NodeRule, "Nodes whose exact-path rule beats their prefix rule, by node key.";
    9 node_wild: NodeWild, "Nodes with wildcard rules to test, by node key.";
    10 wild_rules: U32, "Wildcard rules tested on trie nodes.";
    11 wild_roots: WildRoot, "The trie roots with anchors, by root.";
    12 anchors: Anchor, "The anchors of the roots.";
    13 anchor_rules: U32, "The rules filed under each anchor.";
    14 rules: RuleRecord, "Rules.";
    15 rule_extras: RuleExtra, "What complex rules' records do not say, in rule order.";
    16 segments: Span, "Literal segments of the rules (ranges of the text).";
    17 groups: GroupRecord, "Groups as written.";
    18 group_agents: GroupAgentRecord, "User-agent lines of the groups.";
    19 extensions: ExtensionRecord, "Extension records.";
    20 truncations: TruncationRecord, "Where the parse cap cut the input: one record if it did, none if not.";
    21 lines: u8, "The rules' lines (see [`Lines`]).";
}

impl<'a> Tables<'a> {
    /// The tables of a policy with no rules and no records.
    pub const EMPTY: Tables<'static> = Tables {
        region: &[],
        ends: [0; TABLE_COUNT - 1],
        counts: [0; COUNTED.len()],
        profile: Profile::Rfc9309,
        any_set: NONE,
    };

    /// The tables of `region`, whose tables have `counts` records each: `None`
    /// if they do not fill the region exactly.
    pub fn new(
        region: &'a [u8],
        counts: &[usize; TABLE_COUNT],
        profile: Profile,
        any_set: u32,
    ) -> Option<Tables<'a>> {
        let mut ends = [0u32; TABLE_COUNT - 1];
        let mut end = 0usize;
        for (k, (&count, &size)) in counts.iter().zip(&SIZES).enumerate() {
            end = end.checked_add(count.checked_mul(size)?)?;
            if let Some(slot) = ends.get_mut(k) {
                *slot = u32::try_from(end).ok()?;
            }
        }
        if end != region.len() || !ends_fit(region.len(), &ends) {
            return None;
        }
        Some(Tables {
            region,
            ends,
            counts: counts_of(region.len(), &ends),
            profile,
            any_set,
        })
    }

    /// The tables of a `static` region, for generated code. Ends that do not cut
    /// the region into whole tables stop the build (a panic in a constant).
    pub const fn from_static(
        region: &'static [u8],
        ends: [u32; TABLE_COUNT - 1],
        profile: Profile,
        any_set: u32,
    ) -> Tables<'static> {
        assert!(
            ends_fit(region.len(), &ends),
            "the table ends do not fit the region"
        );
        Tables {
            region,
            ends,
            counts: counts_of(region.len(), &ends),
            profile,
            any_set,
        }
    }

    /// The rule set of crawlers no group names (`*`), or [`SetId::NONE`].
    #[inline]
    pub(crate) fn any_set_id(&self) -> SetId {
        SetId(self.any_set)
    }

    /// The region: every table's bytes.
    pub fn region(&self) -> &'a [u8] {
        self.region
    }

    /// Where each table but the last ends in the region.
    pub fn ends(&self) -> [u32; TABLE_COUNT - 1] {
        self.ends
    }

    /// The bytes of the tables (the byte form, less its header).
    pub fn byte_len(&self) -> usize {
        self.region.len()
    }

    /// Where table `k` starts and ends in the region.
    #[inline(always)]
    fn bounds(&self, k: usize) -> (usize, usize) {
        let start = match k.checked_sub(1) {
            Some(before) => self.ends.get(before).map_or(0, |&e| e as usize),
            None => 0,
        };
        let end = self.ends.get(k).map_or(self.region.len(), |&e| e as usize);
        (start, end)
    }

    /// Table `k`'s bytes.
    fn part(&self, k: usize) -> &'a [u8] {
        let (start, end) = self.bounds(k);
        self.region.get(start..end).unwrap_or_default()
    }

    /// The region with table `k` replaced by `part`, and the new record counts:
    /// for tests that break one table and expect validation to say so.
    #[cfg(test)]
    pub(crate) fn with_part(&self, k: usize, part: &[u8]) -> (Vec<u8>, [usize; TABLE_COUNT]) {
        let mut region = Vec::new();
        let mut counts = self.counts();
        for (i, bytes) in self.parts().into_iter().enumerate() {
            region.extend_from_slice(if i == k { part } else { bytes });
        }
        counts[k] = part.len() / SIZES[k];
        (region, counts)
    }

    /// Table `K` as its records.
    #[inline(always)]
    #[allow(unsafe_code)]
    fn table<T: FromBytes + Unaligned + Immutable, const K: usize>(&self) -> &'a [T] {
        let (start, end) = self.bounds(K);
        let count = match const { counted(K) } {
            Some(i) => self.counts.get(i).map_or(0, |&n| n as usize),
            None => (end - start) / size_of::<T>(),
        };
        debug_assert!(start <= end && end <= self.region.len());
        debug_assert_eq!((end - start) % size_of::<T>().max(1), 0);
        debug_assert_eq!(count, (end - start) / size_of::<T>());
        // SAFETY: every constructor checked `ends_fit`, so `start..end` lies in
        // the region and holds a whole number of `T`s, and took the kept counts
        // from the same ends: `count` records of `T` fill `start..end`. `T` has
        // alignment one, no padding, no interior mutability, and every bit
        // pattern is a valid `T`. The slice borrows the region for `'a`, as the
        // region does.
        unsafe { core::slice::from_raw_parts(self.region.as_ptr().add(start).cast::<T>(), count) }
    }
}

/// What a check reads of the tables, beyond their records: each read of a
/// record that another record names goes through these, and a number that
/// names nothing is a broken invariant (the compiler writes every table
/// whole, and [`validate`](super::validate) proves the same of bytes from
/// outside), so they panic with a message starting "bug:", never answering
/// "no rule" or "no group" (that would allow what a rule disallows).
impl<'a> Tables<'a> {
    /// The bytes of a span of the text.
    #[inline]
    pub fn bytes(&self, span: Span) -> &'a [u8] {
        span.of(self.text())
    }

    /// The [`RuleExtra`] of `rule`, if it is complex.
    ///
    /// # Panics
    /// With a message starting "bug:" if a complex rule's extra is missing.
    #[inline]
    #[track_caller]
    pub fn extra(&self, rule: &RuleRecord) -> Option<&'a RuleExtra> {
        Some(entry(self.rule_extras(), rule.extra()?, "rule_extras"))
    }

    /// The pattern of rule `id` as written (a range of the text); `None` if
    /// there is no such rule.
    ///
    /// # Panics
    /// With a message starting "bug:" if the rule's extra is missing.
    #[inline]
    pub fn rule_pattern(&self, id: u32) -> Option<Span> {
        let rule = self.rules().get(id as usize)?;
        let len = match self.extra(rule) {
            Some(extra) => extra.len.get(),
            None => rule.short_len(),
        };
        Some(Span::new(rule.pattern.get(), len))
    }

    /// Everything rule `id`'s record and extra say; `None` if there is no
    /// such rule.
    ///
    /// # Panics
    /// With a message starting "bug:" if the rule's extra or line is missing.
    pub fn rule_fields(&self, id: u32) -> Option<RuleFields> {
        let rule = self.rules().get(id as usize)?;
        let (len, column, priority) = match self.extra(rule) {
            Some(extra) => (extra.len.get(), extra.column.get(), extra.priority.get()),
            None => (rule.short_len(), rule.short_column(), rule.short_len()),
        };
        Some(RuleFields {
            line: self.rule_line(id)?,
            column,
            pattern: Span::new(rule.pattern.get(), len),
            priority,
            allow: rule.allow(),
            derived: rule.derived(),
            anchored: rule.anchored(),
        })
    }

    /// The rules' lines, if the `lines` table splits as [`Lines`] says (the
    /// check of [`validate`](super::validate); tables that passed it always do).
    pub fn rule_lines(&self) -> Option<Lines<'a>> {
        Lines::of(self.lines(), self.rules().len())
    }

    /// The 1-based line of rule `id`; `None` if there is no such rule.
    ///
    /// # Panics
    /// With a message starting "bug:" if the `lines` table does not hold it.
    pub fn rule_line(&self, id: u32) -> Option<u32> {
        if id as usize >= self.rules().len() {
            return None;
        }
        match self.rule_lines().and_then(|lines| lines.line(id)) {
            Some(line) => Some(line),
            None => bug_missing("lines", id as usize, self.lines().len()),
        }
    }

    /// The rank of rule `id` (0 for no rule).
    #[inline]
    pub fn rank(&self, id: u32) -> u64 {
        match self.rules().get(id as usize) {
            Some(rule) => self.rank_of(rule, id),
            None => 0,
        }
    }

    /// The rank of `rule`, which is rule `id`.
    #[inline(always)]
    #[track_caller]
    pub(crate) fn rank_of(&self, rule: &RuleRecord, id: u32) -> u64 {
        let priority = match rule.extra() {
            // Its priority is not its length.
            Some(at) => entry(self.rule_extras(), at, "rule_extras").priority.get(),
            None => rule.short_len(),
        };
        rank(self.profile, priority, rule.allow(), id)
    }

    /// The record of rule `id`, a rule the search found in these tables.
    ///
    /// # Panics
    /// With a message starting "bug:" if there is no such rule: every rule
    /// number the tables hold, shifted as a set walks it, names a rule (the
    /// compiler writes them so, and [`validate`](super::validate) proves it of
    /// bytes from outside), so a number past the rules is a broken invariant,
    /// never "no rule" (that would drop a rule, and allow what it disallows).
    #[inline(always)]
    #[track_caller]
    pub(crate) fn found_rule(&self, id: RuleId) -> &'a RuleRecord {
        entry(self.rules(), id.as_usize(), "rules")
    }

    /// The rank of rule `id`, a rule the search found (see [`Tables::found_rule`]).
    #[inline(always)]
    #[track_caller]
    pub(crate) fn found_rank(&self, id: RuleId) -> u64 {
        self.rank_of(self.found_rule(id), id.as_u32())
    }

    /// Rule set `id`, which a crawler's selection names.
    ///
    /// # Panics
    /// With a message starting "bug:" if there is no such set (an agent entry
    /// or the `*` set names only sets of the tables): never "no group".
    #[inline]
    #[track_caller]
    pub(crate) fn found_set(&self, id: SetId) -> &'a RuleSet {
        entry(self.sets(), id.as_usize(), "sets")
    }

    /// Inner node `id`, which a set's roots or an inner node's children name.
    ///
    /// # Panics
    /// With a message starting "bug:" if there is no such node (a walk would
    /// stop short there, and miss the rules below).
    #[inline(always)]
    #[track_caller]
    pub(crate) fn inner(&self, id: NodeId) -> &'a Inner {
        entry(self.inners(), id.as_usize(), "inners")
    }

    /// Leaf `at`, which an inner node's children name.
    ///
    /// # Panics
    /// With a message starting "bug:" if there is no such leaf.
    #[inline(always)]
    #[track_caller]
    pub(crate) fn leaf(&self, at: u32) -> &'a Leaf {
        entry(self.leaves(), at as usize, "leaves")
    }

    /// The anchors of trie root number `at` of `wild_roots`.
    ///
    /// # Panics
    /// With a message starting "bug:" if there is no such root.
    #[inline]
    #[track_caller]
    pub(crate) fn wild_root(&self, at: usize) -> &'a WildRoot {
        entry(self.wild_roots(), at, "wild_roots")
    }

    /// The literal segments of rule `id`: the first (which the trie matches) and
    /// the rest (each after a `*`). `None` if there is no such rule.
    ///
    /// # Panics
    /// With a message starting "bug:" if the rule's extra or its segments are
    /// missing.
    #[inline]
    pub fn rule_segments(&self, id: u32) -> Option<(Span, &'a [Span])> {
        let rule = self.rules().get(id as usize)?;
        Some(self.segments_of(rule, id as usize))
    }

    /// [`Tables::rule_segments`] of rule `id`, a rule the search found (see
    /// [`Tables::found_rule`]).
    #[inline(always)]
    #[track_caller]
    pub(crate) fn found_segments(&self, id: RuleId) -> (Span, &'a [Span]) {
        self.segments_of(self.found_rule(id), id.as_usize())
    }

    /// The segments of `rule`, rule `id`.
    #[inline(always)]
    #[track_caller]
    fn segments_of(&self, rule: &RuleRecord, id: usize) -> (Span, &'a [Span]) {
        let Some(at) = rule.extra() else {
            let len = rule.short_len().saturating_sub(u32::from(rule.anchored()));
            return (Span::new(rule.pattern.get(), len), &[]);
        };
        let extra = entry(self.rule_extras(), at, "rule_extras");
        let start = extra.segments.get() as usize;
        let end = self
            .rule_extras()
            .get(at + 1)
            .map_or(self.segments().len(), |next| next.segments.get() as usize);
        match self.segments().get(start..end) {
            Some([first, rest @ ..]) => (*first, rest),
            // No segments of its own: its one segment is its pattern, less a
            // final `$` (a rule complex for its priority, length or column).
            Some([]) => {
                let len = extra.len.get().saturating_sub(u32::from(rule.anchored()));
                (Span::new(rule.pattern.get(), len), &[])
            }
            None => bug_missing("segments", id, self.segments().len()),
        }
    }
}

/// Entry `at` of `table` (called `name`), which another table names.
///
/// # Panics
/// With a message starting "bug:" if there is none (see the `impl` above).
#[inline(always)]
#[track_caller]
pub(crate) fn entry<'t, T>(table: &'t [T], at: usize, name: &'static str) -> &'t T {
    match table.get(at) {
        Some(found) => found,
        None => bug_missing(name, at, table.len()),
    }
}

#[cold]
#[inline(never)]
#[track_caller]
fn bug_missing(table: &'static str, at: usize, len: usize) -> ! {
    panic!("bug: {table}[{at}] is named, past the {len} {table}")
}

#[cfg(test)]
mod tests {
    use super::{Tables, SIZES, TABLE_COUNT};
    use crate::profile::Profile;
    use crate::tables::layout::NONE;

    /// Counts that do not fill the region, or overflow, make no tables; counts
    /// that do read back, table by table.
    #[test]
    fn counts_must_fill_the_region_exactly() {
        let mut counts = [0usize; TABLE_COUNT];
        counts[0] = 3; // text
        counts[3] = 2; // set_roots
        let len = 3 + 2 * SIZES[3];
        let region = [7u8; 64];
        let t = Tables::new(&region[..len], &counts, Profile::Google, NONE).unwrap();
        assert_eq!(t.text(), &[7, 7, 7]);
        assert_eq!(t.set_roots().len(), 2);
        assert_eq!(t.counts(), counts);
        assert!(Tables::new(&region[..len + 1], &counts, Profile::Google, NONE).is_none());
        assert!(Tables::new(&region[..len - 1], &counts, Profile::Google, NONE).is_none());
        counts[5] = usize::MAX / 2;
        assert!(Tables::new(&region, &counts, Profile::Google, NONE).is_none());
    }
}
