//! The check that a set of tables is a policy layout the search can rely on.
//!
//! Every index and [`Span`] must be in range of the table it names, every trie
//! edge must lead to a node (the children of a node are numbered consecutively,
//! inside their tables), every non-root node must have a non-empty label (so
//! that each step of a walk reads at least one byte of the path, and no walk can
//! go round in circles), the side tables must be sorted by node, and every
//! directive number must name a directive; each root's anchors are short, in
//! byte order and none a prefix of another; and every rule number a trie
//! holds, shifted as each set that walks it shifts it, names a rule. The compiler's tables pass by
//! construction (a debug build checks each one); the code generator checks
//! before it writes a policy out; bytes from anywhere else are checked before a
//! search reads them. The check reads each entry once: time linear in the tables.

use crate::tables::layout::{
    Inner, Label, Leaf, Span, ANCHOR_MAX_LEN, DIRECTIVE_COUNT, LEAF_KEY, LEAF_RESERVED, NODE_EXACT,
    NODE_FULL, NODE_INDEXED, NODE_WILD, NONE, RULE_COUNT_MAX, SHAPE_RESERVED,
};
use crate::tables::lines::LINE_ESCAPE;
use crate::tables::view::Tables;
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// Why bytes or tables are not a valid policy: which table, which entry, what is wrong.
///
/// Boxed, so that a check's `Result<(), LayoutError>` is one word: the checks
/// run once per entry of every table, and a wide result costs each of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutError(Box<Problem>);

#[derive(Clone, Debug, PartialEq, Eq)]
struct Problem {
    table: &'static str,
    entry: usize,
    problem: String,
}

impl LayoutError {
    #[cold]
    #[cfg_attr(robots_size, optimize(size))]
    fn new(table: &'static str, entry: usize, problem: String) -> LayoutError {
        LayoutError(Box::new(Problem {
            table,
            entry,
            problem,
        }))
    }

    /// A problem with the header of serialised bytes.
    #[cfg_attr(robots_size, optimize(size))]
    pub(crate) fn header(problem: String) -> LayoutError {
        LayoutError::new("header", 0, problem)
    }

    /// The table with the bad entry (`header` for the byte form's header).
    #[cfg_attr(robots_size, optimize(size))]
    pub fn table(&self) -> &'static str {
        self.0.table
    }

    /// The index of the bad entry in it.
    #[cfg_attr(robots_size, optimize(size))]
    pub fn entry(&self) -> usize {
        self.0.entry
    }
}

impl fmt::Display for LayoutError {
    #[cfg_attr(robots_size, optimize(size))]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Problem {
            table,
            entry,
            problem,
        } = &*self.0;
        if *table == "header" {
            f.write_str(problem)
        } else {
            write!(f, "{table}[{entry}]: {problem}")
        }
    }
}

#[cfg(feature = "std")]
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
impl std::error::Error for LayoutError {}

impl From<LayoutError> for crate::error::Error {
    #[cfg_attr(robots_size, optimize(size))]
    fn from(e: LayoutError) -> Self {
        crate::error::Error::new(
            crate::error::ErrorKind::InvalidLayout,
            format!("invalid policy: {e}"),
        )
    }
}

/// Checks of one table's entries, each naming the table and entry when it fails.
struct Entries {
    table: &'static str,
}

impl Entries {
    #[cfg_attr(robots_size, optimize(size))]
    fn span(&self, entry: usize, what: &str, span: Span, len: usize) -> Result<(), LayoutError> {
        // An empty span reads nothing, wherever it starts.
        let end = u64::from(span.start.get()) + u64::from(span.len.get());
        if span.len.get() == 0 || end <= len as u64 {
            Ok(())
        } else {
            Err(self.error(
                entry,
                format!("{what} {}..{end} is past the end ({len})", span.start.get()),
            ))
        }
    }

    #[cfg_attr(robots_size, optimize(size))]
    fn index(&self, entry: usize, what: &str, id: u32, len: usize) -> Result<(), LayoutError> {
        if (id as usize) < len {
            Ok(())
        } else {
            Err(self.error(entry, format!("{what} {id} is out of range ({len})")))
        }
    }

    #[cfg_attr(robots_size, optimize(size))]
    fn index_or_none(
        &self,
        entry: usize,
        what: &str,
        id: u32,
        len: usize,
    ) -> Result<(), LayoutError> {
        if id == NONE {
            Ok(())
        } else {
            self.index(entry, what, id, len)
        }
    }

    #[cfg_attr(robots_size, optimize(size))]
    fn error(&self, entry: usize, problem: String) -> LayoutError {
        LayoutError::new(self.table, entry, problem)
    }
}

#[cfg_attr(robots_size, optimize(size))]
fn each<T>(
    table: &'static str,
    items: &[T],
    mut check: impl FnMut(&Entries, usize, &T) -> Result<(), LayoutError>,
) -> Result<(), LayoutError> {
    let entries = Entries { table };
    items
        .iter()
        .enumerate()
        .try_for_each(|(i, item)| check(&entries, i, item))
}

impl Tables<'_> {
    /// Check that every index and span is in range, that every trie edge leads to
    /// a node with a non-empty label, and that the side tables are sorted; see
    /// the module docs.
    ///
    /// # Errors
    /// A [`LayoutError`] saying which table is out of order or out of range.
    #[cfg_attr(robots_size, optimize(size))]
    pub fn validate(&self) -> Result<(), LayoutError> {
        self.validate_sizes()?;
        self.validate_records()?;
        self.validate_nodes()?;
        self.validate_anchors()?;
        self.validate_indexed()?;
        self.validate_shifts()
    }

    /// Every table is addressable by a `u32`.
    #[cfg_attr(robots_size, optimize(size))]
    fn validate_sizes(&self) -> Result<(), LayoutError> {
        let sizes = [
            ("text", self.text().len()),
            ("agents", self.agents().len()),
            ("sets", self.sets().len()),
            ("set_roots", self.set_roots().len()),
            ("set_groups", self.set_groups().len()),
            ("inners", self.inners().len()),
            ("leaves", self.leaves().len()),
            ("wide", self.wide().len()),
            ("wild_rules", self.wild_rules().len()),
            ("wild_roots", self.wild_roots().len()),
            ("anchors", self.anchors().len()),
            ("anchor_rules", self.anchor_rules().len()),
            ("rules", self.rules().len()),
            ("segments", self.segments().len()),
            ("groups", self.groups().len()),
            ("group_agents", self.group_agents().len()),
            ("extensions", self.extensions().len()),
        ];
        for (table, len) in sizes {
            if len >= (LEAF_KEY as usize).min(NONE as usize) {
                return Err(LayoutError::new(table, len, format!("{len} entries")));
            }
        }
        let truncations = self.truncations().len();
        if truncations > 1 {
            return Err(LayoutError::new(
                "truncations",
                truncations,
                format!("{truncations} entries (a file is cut once at most)"),
            ));
        }
        let any = Entries { table: "any_set" };
        any.index_or_none(0, "set", self.any_set, self.sets().len())
    }

    /// Agents, sets, rules, segments, groups and records refer to what exists.
    #[cfg_attr(robots_size, optimize(size))]
    fn validate_records(&self) -> Result<(), LayoutError> {
        let (text, rules, groups) = (self.text().len(), self.rules().len(), self.groups().len());
        each("agents", self.agents(), |e, i, a| {
            e.span(i, "name", a.name, text)?;
            e.index_or_none(i, "set", a.set.get(), self.sets().len())?;
            if a.any > 1 {
                return Err(e.error(i, format!("`any` is {}", a.any)));
            }
            Ok(())
        })?;
        // Each set lists its groups once each, in file order, and the lists
        // follow one another: records are looked up in them by binary search,
        // and checking them all here reads each entry once.
        let mut previous_groups = 0;
        each("sets", self.sets(), |e, i, s| {
            e.span(i, "roots", s.roots, self.set_roots().len())?;
            e.span(i, "groups", s.groups, self.set_groups().len())?;
            if s.groups.start.get() < previous_groups {
                return Err(e.error(i, "group lists overlap or are out of order".into()));
            }
            previous_groups = s.groups.start.get() + s.groups.len.get();
            let list = s.groups.of(self.set_groups());
            if !list
                .windows(2)
                .all(|pair| matches!(pair, [a, b] if a.get() < b.get()))
            {
                return Err(e.error(i, "groups not in file order".into()));
            }
            Ok(())
        })?;
        // A shift lies within the rules; that every shifted rule number of
        // its trie does too is proved once the tries are checked
        // (`validate_shifts`).
        each("set_roots", self.set_roots(), |e, i, root| {
            e.index(i, "root", root.root.get(), self.inners().len())?;
            match root.shift.get() {
                0 => Ok(()),
                shift => e.index(i, "shift", shift, rules),
            }
        })?;
        each("set_groups", self.set_groups(), |e, i, g| {
            e.index(i, "group", g.get(), groups)
        })?;
        self.validate_rules()?;
        each("segments", self.segments(), |e, i, &s| {
            e.span(i, "segment", s, text)
        })?;
        let mut previous_rules = 0;
        each("groups", self.groups(), |e, i, g| {
            e.span(i, "agents", g.agents, self.group_agents().len())?;
            e.span(i, "rules", g.rules, rules)?;
            // Rules are in group order, so a rule's group can be found by its number.
            if g.rules.len.get() != 0 {
                if g.rules.start.get() < previous_rules {
                    return Err(e.error(i, "rules out of group order".into()));
                }
                previous_rules = g.rules.start.get() + g.rules.len.get();
            }
            Ok(())
        })?;
        each("group_agents", self.group_agents(), |e, i, a| {
            e.span(i, "value", a.value, text)
        })?;
        each("extensions", self.extensions(), |e, i, r| {
            e.span(i, "value", r.value, text)?;
            e.index_or_none(i, "group", r.group.get(), groups)?;
            if r.directive >= DIRECTIVE_COUNT {
                return Err(e.error(i, format!("directive number {}", r.directive)));
            }
            Ok(())
        })
    }

    /// Rules: each complex rule names the next extra (so every extra belongs
    /// to exactly one rule, in rule order), patterns lie in the text, and the
    /// extras' segments are in order.
    #[cfg_attr(robots_size, optimize(size))]
    fn validate_rules(&self) -> Result<(), LayoutError> {
        let text = self.text().len();
        if self.rules().len() > RULE_COUNT_MAX {
            return Err(LayoutError::new(
                "rules",
                self.rules().len(),
                format!("{} rules (at most {RULE_COUNT_MAX})", self.rules().len()),
            ));
        }
        let mut previous_segments = 0;
        each("rule_extras", self.rule_extras(), |e, i, x| {
            let start = x.segments.get();
            if start < previous_segments || start as usize > self.segments().len() {
                return Err(e.error(i, format!("segments start {start} out of order or range")));
            }
            previous_segments = start;
            Ok(())
        })?;
        let mut extras = 0;
        each("rules", self.rules(), |e, i, r| {
            let len = match r.extra() {
                Some(at) => {
                    let Some(extra) = self.rule_extras().get(at).filter(|_| at == extras) else {
                        return Err(
                            e.error(i, format!("extra {at} is not the next one ({extras})"))
                        );
                    };
                    extras += 1;
                    extra.len.get()
                }
                None => r.short_len(),
            };
            let pattern = Span::new(r.pattern.get(), len);
            e.span(i, "pattern", pattern, text)?;
            if r.anchored() && pattern.len.get() == 0 {
                return Err(e.error(i, "an anchored rule with an empty pattern".into()));
            }
            Ok(())
        })?;
        self.validate_lines()?;
        if extras != self.rule_extras().len() {
            return Err(LayoutError::new(
                "rule_extras",
                extras,
                format!(
                    "{} extras for {extras} complex rules",
                    self.rule_extras().len()
                ),
            ));
        }
        Ok(())
    }

    /// Rule lines: the table splits into a byte for each rule, a base for each
    /// block of rules and whole escapes, and there is one escape, in rule
    /// order, for each rule whose byte says it has one.
    #[cfg_attr(robots_size, optimize(size))]
    fn validate_lines(&self) -> Result<(), LayoutError> {
        let rules = self.rules().len();
        let Some(lines) = self.rule_lines() else {
            let problem = format!(
                "{} bytes do not hold the lines of {rules} rules",
                self.lines().len()
            );
            return Err(LayoutError::new("lines", self.lines().len(), problem));
        };
        let mut next = 0usize;
        each("lines", lines.escapes, |e, i, x| {
            let rule = x.rule.get() as usize;
            if rule < next || lines.offsets.get(rule) != Some(&LINE_ESCAPE) {
                return Err(e.error(
                    i,
                    format!("escape of rule {rule} out of order or not escaped"),
                ));
            }
            next = rule + 1;
            Ok(())
        })?;
        let escaped = lines.offsets.iter().filter(|&&b| b == LINE_ESCAPE).count();
        if escaped != lines.escapes.len() {
            let problem = format!(
                "{} escapes for {escaped} escaped lines",
                lines.escapes.len()
            );
            return Err(LayoutError::new("lines", escaped, problem));
        }
        Ok(())
    }

    /// Inner nodes and leaves, their labels, edges and best rules, and the side
    /// tables of exact rules and wildcard lists.
    #[cfg_attr(robots_size, optimize(size))]
    fn validate_nodes(&self) -> Result<(), LayoutError> {
        let rules = self.rules().len();
        let (inners, leaves) = (self.inners().len(), self.leaves().len());
        each("inners", self.inners(), |e, i, n| {
            self.validate_label(e, i, n.label())?;
            if n.shape.get() & SHAPE_RESERVED != 0 {
                return Err(e.error(i, "unknown shape bits".into()));
            }
            e.index_or_none(i, "best rule", n.best.get(), rules)?;
            let (count, inner) = (n.edge_count(), n.inner_count());
            if inner > count || count > 256 {
                return Err(e.error(i, format!("{inner} inner of {count} children")));
            }
            let first_inner = n.first_inner.get() as usize;
            let first_leaf = n.first_leaf.get() as usize;
            // Children come after their parent, so a walk only ever goes forward.
            if inner != 0 && (first_inner <= i || first_inner + inner > inners) {
                return Err(e.error(i, "inner children out of range".into()));
            }
            if count > inner && first_leaf + (count - inner) > leaves {
                return Err(e.error(i, "leaf children out of range".into()));
            }
            if count > 8 {
                self.validate_wide(e, i, n)?;
            } else if n.flags() & NODE_FULL != 0 {
                return Err(e.error(i, "a full node with at most eight edges".into()));
            }
            Ok(())
        })?;
        // Every inner node but a root is someone's child: a non-empty label.
        let mut is_root = alloc::vec![false; inners];
        for root in self.set_roots() {
            if let Some(slot) = is_root.get_mut(root.root.get() as usize) {
                *slot = true;
            }
        }
        each("inners", self.inners(), |e, i, n| {
            let root = is_root.get(i).copied().unwrap_or(false);
            if !root && n.label().is_empty() {
                return Err(e.error(i, "an inner node with an empty label".into()));
            }
            Ok(())
        })?;
        each("leaves", self.leaves(), |e, i, n| {
            if n.info.get() & LEAF_RESERVED != 0 {
                return Err(e.error(i, "unknown leaf bits".into()));
            }
            e.index(i, "rule", n.rule().as_u32(), rules)
        })?;
        let node_exists = |key: u32| {
            if key & LEAF_KEY != 0 {
                ((key & !LEAF_KEY) as usize) < leaves
            } else {
                (key as usize) < inners
            }
        };
        let flagged = |key: u32, flag: u32| {
            let field = if key & LEAF_KEY != 0 {
                self.leaves()
                    .get((key & !LEAF_KEY) as usize)
                    .map(Leaf::flags)
            } else {
                self.inners().get(key as usize).map(Inner::flags)
            };
            field.is_some_and(|f| f & flag != 0)
        };
        let mut previous = None;
        each("exact", self.exact(), |e, i, x| {
            let key = x.node.get();
            if !node_exists(key) || !flagged(key, NODE_EXACT) || previous >= Some(key) {
                return Err(e.error(i, format!("node key {key}: not a flagged node in order")));
            }
            previous = Some(key);
            e.index(i, "rule", x.rule.get(), rules)
        })?;
        let mut previous = None;
        each("node_wild", self.node_wild(), |e, i, w| {
            let key = w.node.get();
            if !node_exists(key) || !flagged(key, NODE_WILD) || previous >= Some(key) {
                return Err(e.error(i, format!("node key {key}: not a flagged node in order")));
            }
            previous = Some(key);
            e.span(i, "rules", w.rules, self.wild_rules().len())
        })?;
        each("wild_rules", self.wild_rules(), |e, i, r| {
            e.index(i, "rule", r.get(), rules)
        })?;
        // The converse: every flagged node has its entry (each entry is a
        // distinct flagged node, so equal counts make it one each). A check
        // reads a flagged node's entry as there (a missing one is a bug).
        let flagged_count = |flag: u32| {
            let inner = self.inners().iter().filter(|n| n.flags() & flag != 0);
            let leaf = self.leaves().iter().filter(|n| n.flags() & flag != 0);
            inner.count() + leaf.count()
        };
        for (table, flag, entries) in [
            ("exact", NODE_EXACT, self.exact().len()),
            ("node_wild", NODE_WILD, self.node_wild().len()),
        ] {
            let flagged = flagged_count(flag);
            if flagged != entries {
                let problem = format!("{entries} entries for {flagged} flagged nodes");
                return Err(LayoutError::new(table, entries, problem));
            }
        }
        Ok(())
    }

    /// Every rule number a trie holds, shifted as each set that walks it
    /// shifts it, names a rule: a check reads them as rules (a number past the
    /// rules is a bug there, see [`Tables::found_rule`]). The highest rule of
    /// each node's subtree is found in one pass from the last node to the
    /// first (children come after their parents), counting a node's best
    /// rule, its exact and wildcard rules, a leaf's rule and a root's anchored
    /// rules.
    #[cfg_attr(robots_size, optimize(size))]
    fn validate_shifts(&self) -> Result<(), LayoutError> {
        if self.set_roots().iter().all(|r| r.shift.get() == 0) {
            // Every rule number was checked against the rules as it is.
            return Ok(());
        }
        let (inners, leaves) = (self.inners(), self.leaves());
        // The highest rule plus one (0: none) of each inner node's subtree,
        // and of each leaf.
        let mut inner_top = alloc::vec![0u32; inners.len()];
        let mut leaf_top: Vec<u32> = leaves.iter().map(|l| l.rule().as_u32() + 1).collect();
        let mut raise = |key: u32, rule: u32| {
            let slot = if key & LEAF_KEY != 0 {
                leaf_top.get_mut((key & !LEAF_KEY) as usize)
            } else {
                inner_top.get_mut(key as usize)
            };
            if let Some(top) = slot {
                *top = (*top).max(rule.saturating_add(1));
            }
        };
        for x in self.exact() {
            raise(x.node.get(), x.rule.get());
        }
        for w in self.node_wild() {
            for rule in w.rules.of(self.wild_rules()) {
                raise(w.node.get(), rule.get());
            }
        }
        for w in self.wild_roots() {
            for anchor in w.anchors.of(self.anchors()) {
                for rule in anchor.rules.of(self.anchor_rules()) {
                    raise(w.root.get(), rule.get());
                }
            }
        }
        for (i, n) in inners.iter().enumerate().rev() {
            let best = n.best.get();
            let mut top = if best == NONE { 0 } else { best + 1 };
            let (count, inner) = (n.edge_count(), n.inner_count());
            let first_inner = n.first_inner.get() as usize;
            let first_leaf = n.first_leaf.get() as usize;
            // In range and after `i`: checked with the nodes.
            for child in first_inner..first_inner + inner {
                top = top.max(inner_top.get(child).copied().unwrap_or(0));
            }
            for child in first_leaf..first_leaf + (count - inner) {
                top = top.max(leaf_top.get(child).copied().unwrap_or(0));
            }
            if let Some(slot) = inner_top.get_mut(i) {
                *slot = (*slot).max(top);
            }
        }
        let rules = self.rules().len() as u64;
        each("set_roots", self.set_roots(), |e, i, root| {
            let top = inner_top
                .get(root.root.get() as usize)
                .copied()
                .unwrap_or(0);
            let shift = root.shift.get();
            if top != 0 && u64::from(top - 1) + u64::from(shift) >= rules {
                return Err(e.error(
                    i,
                    format!(
                        "rule {} of its trie, shifted by {shift}, is past the {rules} rules",
                        top - 1
                    ),
                ));
            }
            Ok(())
        })
    }

    /// A label in the text lies inside it.
    #[cfg_attr(robots_size, optimize(size))]
    fn validate_label(&self, e: &Entries, i: usize, label: Label) -> Result<(), LayoutError> {
        match label {
            Label::Long(span) => e.span(i, "label", span, self.text().len()),
            Label::Inline(_) => Ok(()),
        }
    }

    /// A wide node's block lies inside `wide`, and names only its own children.
    #[cfg_attr(robots_size, optimize(size))]
    fn validate_wide(&self, e: &Entries, i: usize, n: &Inner) -> Result<(), LayoutError> {
        let count = u16::try_from(n.edge_count()).unwrap_or(u16::MAX);
        let full = n.flags() & NODE_FULL != 0;
        let at = usize::try_from(n.edges.get()).unwrap_or(usize::MAX);
        let block = self.wide().get(at..).and_then(|rest| {
            let (&lo, &hi) = (rest.first()?, rest.get(1)?);
            let entries = usize::from(hi.checked_sub(lo)?) + 1;
            rest.get(2..2 + entries).map(|map| (lo, hi, map))
        });
        let Some((lo, hi, map)) = block else {
            return Err(e.error(i, format!("wide block at {at} is past the end")));
        };
        if full && (lo != 0 || hi != 255 || count != 256) {
            return Err(e.error(i, "a full node without 256 edges".into()));
        }
        let limit = if full { count - 1 } else { count };
        if map.iter().any(|&entry| u16::from(entry) > limit) {
            return Err(e.error(i, "wide block names a position past the edges".into()));
        }
        Ok(())
    }

    /// Every trie root with a node flagged [`NODE_INDEXED`] (whose wildcard
    /// rules are filed under its root's anchors) has anchors: a check reads
    /// them as there. Which nodes lie below a root is found in one pass from
    /// the last node to the first (children come after their parents).
    #[cfg_attr(robots_size, optimize(size))]
    fn validate_indexed(&self) -> Result<(), LayoutError> {
        let (inners, leaves) = (self.inners(), self.leaves());
        let indexed = |flags: u32| flags & NODE_INDEXED != 0;
        if !inners.iter().any(|n| indexed(n.flags())) && !leaves.iter().any(|n| indexed(n.flags()))
        {
            return Ok(());
        }
        let mut below = alloc::vec![false; inners.len()];
        for (i, n) in inners.iter().enumerate().rev() {
            let (count, inner) = (n.edge_count(), n.inner_count());
            let first_inner = n.first_inner.get() as usize;
            let first_leaf = n.first_leaf.get() as usize;
            // In range and after `i`: checked with the nodes.
            let any = indexed(n.flags())
                || (first_inner..first_inner + inner)
                    .any(|c| below.get(c).copied().unwrap_or(false))
                || (first_leaf..first_leaf + (count - inner))
                    .any(|c| leaves.get(c).is_some_and(|l| indexed(l.flags())));
            if let Some(slot) = below.get_mut(i) {
                *slot = any;
            }
        }
        each("set_roots", self.set_roots(), |e, i, root| {
            let at = root.root.get();
            let has_indexed = below.get(at as usize).copied().unwrap_or(false);
            let anchored = self
                .wild_roots()
                .binary_search_by_key(&at, |w| w.root.get())
                .is_ok();
            if has_indexed && !anchored {
                return Err(e.error(
                    i,
                    format!("root {at} has indexed wildcard rules but no anchors"),
                ));
            }
            Ok(())
        })
    }

    /// Each root's anchors: roots in order, each with its own run of anchors (so
    /// that building every root's automaton reads each anchor once); every anchor
    /// short and not empty, in byte order within its root and none a prefix of the
    /// next (so none is a prefix of another: a search finds at most one at each
    /// position, and a position reports a bounded number); rules in range.
    #[cfg_attr(robots_size, optimize(size))]
    fn validate_anchors(&self) -> Result<(), LayoutError> {
        let (rules, text) = (self.rules().len(), self.text().len());
        let mut previous_root = None;
        let mut previous_end = 0u64;
        each("wild_roots", self.wild_roots(), |e, i, w| {
            let root = w.root.get();
            e.index(i, "root", root, self.inners().len())?;
            if previous_root >= Some(root) {
                return Err(e.error(i, format!("root {root} out of order")));
            }
            previous_root = Some(root);
            e.span(i, "anchors", w.anchors, self.anchors().len())?;
            if u64::from(w.anchors.start.get()) < previous_end {
                return Err(e.error(i, "anchors shared with another root".into()));
            }
            previous_end = u64::from(w.anchors.start.get()) + u64::from(w.anchors.len.get());
            Ok(())
        })?;
        each("anchors", self.anchors(), |e, i, a| {
            e.span(i, "literal", a.literal, text)?;
            let len = a.literal.len.get();
            if len == 0 || len > ANCHOR_MAX_LEN {
                return Err(e.error(i, format!("a literal of {len} bytes")));
            }
            e.span(i, "rules", a.rules, self.anchor_rules().len())
        })?;
        each("wild_roots", self.wild_roots(), |e, i, w| {
            let anchors = w.anchors.of(self.anchors());
            let ordered = anchors.windows(2).all(|pair| match pair {
                [a, b] => {
                    let (a, b) = (self.bytes(a.literal), self.bytes(b.literal));
                    a < b && !b.starts_with(a)
                }
                _ => true,
            });
            if ordered {
                Ok(())
            } else {
                Err(e.error(i, "anchors out of order, or one a prefix of another".into()))
            }
        })?;
        each("anchor_rules", self.anchor_rules(), |e, i, r| {
            e.index(i, "rule", r.get(), rules)
        })
    }
}
