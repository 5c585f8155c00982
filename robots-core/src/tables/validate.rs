//! The check that a set of tables is a policy layout the search can rely on.
//!
//! Every index and [`Span`] must be in range of the table it names, the per-node
//! tables must have one entry a node, and every trie edge must lead to a node
//! with a non-empty label (so that each step of a walk reads at least one byte of
//! the path, and no walk can go round in circles). The compiler's tables pass by
//! construction (a debug build checks each one); the code generator checks before
//! it writes a policy out; tables from anywhere else must pass before a search
//! reads them. The check reads each entry once: time linear in the tables.

use crate::tables::layout::{Span, Tables, NONE};
use alloc::format;
use alloc::string::String;
use core::fmt;

/// Why tables are not a valid policy layout: which table, which entry, what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutError {
    table: &'static str,
    entry: usize,
    problem: String,
}

impl LayoutError {
    fn new(table: &'static str, entry: usize, problem: String) -> LayoutError {
        LayoutError {
            table,
            entry,
            problem,
        }
    }

    /// The table with the bad entry.
    pub fn table(&self) -> &'static str {
        self.table
    }

    /// The index of the bad entry in it.
    pub fn entry(&self) -> usize {
        self.entry
    }
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{}]: {}", self.table, self.entry, self.problem)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for LayoutError {}

impl From<LayoutError> for crate::error::Error {
    fn from(e: LayoutError) -> Self {
        crate::error::Error::new(
            crate::error::ErrorKind::InvalidLayout,
            format!("invalid policy tables: {e}"),
        )
    }
}

/// Checks of one table's entries, each naming the table and entry when it fails.
struct Entries {
    table: &'static str,
}

impl Entries {
    fn span(&self, entry: usize, what: &str, span: Span, len: usize) -> Result<(), LayoutError> {
        // An empty span reads nothing, wherever it starts.
        let end = u64::from(span.start) + u64::from(span.len);
        if span.len == 0 || end <= len as u64 {
            Ok(())
        } else {
            Err(self.error(
                entry,
                format!("{what} {}..{end} is past the end ({len})", span.start),
            ))
        }
    }

    fn index(&self, entry: usize, what: &str, id: u32, len: usize) -> Result<(), LayoutError> {
        if (id as usize) < len {
            Ok(())
        } else {
            Err(self.error(entry, format!("{what} {id} is out of range ({len})")))
        }
    }

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

    fn error(&self, entry: usize, problem: String) -> LayoutError {
        LayoutError::new(self.table, entry, problem)
    }
}

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

impl Tables {
    /// Check that every index and span is in range, that the per-node tables
    /// agree with the nodes, and that every trie edge leads to a node with a
    /// non-empty label; see the module docs.
    pub fn validate(&self) -> Result<(), LayoutError> {
        self.validate_sizes()?;
        self.validate_records()?;
        self.validate_tries()?;
        self.validate_pair_indexes()
    }

    /// Every table is addressable by a `u32`, and the per-node tables have one entry a node.
    fn validate_sizes(&self) -> Result<(), LayoutError> {
        let sizes = [
            ("text", self.text.len()),
            ("agents", self.agents.len()),
            ("sets", self.sets.len()),
            ("set_roots", self.set_roots.len()),
            ("set_groups", self.set_groups.len()),
            ("nodes", self.nodes.len()),
            ("edge_bytes", self.edge_bytes.len()),
            ("edge_targets", self.edge_targets.len()),
            ("wild_rules", self.wild_rules.len()),
            ("slot_words", self.slot_words.len()),
            ("slot_starts", self.slot_starts.len()),
            ("wild_candidates", self.wild_candidates.len()),
            ("rules", self.rules.len()),
            ("segments", self.segments.len()),
            ("groups", self.groups.len()),
            ("group_agents", self.group_agents.len()),
            ("extensions", self.extensions.len()),
        ];
        for (table, len) in sizes {
            if len >= NONE as usize {
                return Err(LayoutError::new(table, len, format!("{len} entries")));
            }
        }
        let nodes = self.nodes.len();
        let per_node = [
            ("walk_nodes", self.walk_nodes.len()),
            ("best_prefix", self.best_prefix.len()),
            ("best_exact", self.best_exact.len()),
        ];
        for (table, len) in per_node {
            if len != nodes {
                let problem = format!("{len} entries for {nodes} nodes");
                return Err(LayoutError::new(table, len, problem));
            }
        }
        if self.root_wild.len() != self.set_roots.len() {
            let problem = format!(
                "{} entries for {} set roots",
                self.root_wild.len(),
                self.set_roots.len()
            );
            return Err(LayoutError::new("root_wild", 0, problem));
        }
        if self.edge_bytes.len() != self.edge_targets.len() {
            let problem = format!("{} edge bytes", self.edge_bytes.len());
            return Err(LayoutError::new("edge_targets", 0, problem));
        }
        if self.wide_edges.len() % 256 != 0 {
            let problem = format!("{} bytes: not whole 256-byte blocks", self.wide_edges.len());
            return Err(LayoutError::new("wide_edges", 0, problem));
        }
        let any = Entries { table: "any_set" };
        any.index_or_none(0, "set", self.any_set, self.sets.len())
    }

    /// Agents, sets, rules, segments, groups and records refer to what exists.
    fn validate_records(&self) -> Result<(), LayoutError> {
        let (text, rules, groups) = (self.text.len(), self.rules.len(), self.groups.len());
        each("agents", &self.agents, |e, i, a| {
            e.span(i, "name", a.name, text)?;
            e.index_or_none(i, "set", a.set, self.sets.len())
        })?;
        each("sets", &self.sets, |e, i, s| {
            e.span(i, "roots", s.roots, self.set_roots.len())?;
            e.span(i, "groups", s.groups, self.set_groups.len())
        })?;
        each("set_roots", &self.set_roots, |e, i, &root| {
            e.index(i, "root", root, self.nodes.len())
        })?;
        each("set_groups", &self.set_groups, |e, i, &g| {
            e.index(i, "group", g, groups)
        })?;
        each("rules", &self.rules, |e, i, r| {
            e.span(i, "pattern", r.pattern, text)?;
            e.span(i, "segments", r.segments, self.segments.len())?;
            if r.segments.len == 0 {
                return Err(e.error(i, "no segments".into()));
            }
            e.index(i, "group", r.group, groups)
        })?;
        each("segments", &self.segments, |e, i, &s| {
            e.span(i, "segment", s, text)
        })?;
        each("groups", &self.groups, |e, i, g| {
            e.span(i, "agents", g.agents, self.group_agents.len())?;
            e.span(i, "rules", g.rules, rules)
        })?;
        each("group_agents", &self.group_agents, |e, i, a| {
            e.span(i, "value", a.value, text)
        })?;
        each("extensions", &self.extensions, |e, i, r| {
            e.span(i, "value", r.value, text)?;
            e.index_or_none(i, "group", r.group, groups)
        })
    }

    /// Trie nodes, their walk records and best rules, edges and wildcard lists.
    fn validate_tries(&self) -> Result<(), LayoutError> {
        let (nodes, rules) = (self.nodes.len(), self.rules.len());
        each("nodes", &self.nodes, |e, i, n| {
            e.span(i, "label", n.label, self.text.len())?;
            e.span(i, "edges", n.edges, self.edge_bytes.len())?;
            e.span(i, "wild", n.wild, self.wild_rules.len())?;
            e.index_or_none(i, "prefix rule", n.prefix_rule, rules)?;
            e.index_or_none(i, "exact rule", n.exact_rule, rules)?;
            for &child in n.edges.of(&self.edge_targets) {
                e.index(i, "edge target", child, nodes)?;
                let label = self.nodes.get(child as usize).map_or(0, |c| c.label.len);
                if label == 0 {
                    return Err(e.error(i, format!("edge to node {child}, whose label is empty")));
                }
            }
            Ok(())
        })?;
        each("wild_rules", &self.wild_rules, |e, i, &r| {
            e.index(i, "rule", r, rules)
        })?;
        for (table, best) in [
            ("best_prefix", &self.best_prefix),
            ("best_exact", &self.best_exact),
        ] {
            each(table, best, |e, i, &r| e.index_or_none(i, "rule", r, rules))?;
        }
        each("walk_nodes", &self.walk_nodes, |e, i, w| {
            let Some(n) = self.nodes.get(i) else {
                return Err(e.error(i, "no node".into()));
            };
            let agrees = w.edge_start == n.edges.start
                && u32::from(w.edge_count) == n.edges.len
                && w.label_len == n.label.len
                && w.has_wild == (n.wild.len != 0);
            if !agrees {
                return Err(e.error(i, "does not agree with its node".into()));
            }
            if w.edge_count > 8 {
                // Each byte's entry is a position among the node's edges.
                let block = usize::try_from(w.edges).ok().and_then(|b| {
                    let start = b.checked_mul(256)?;
                    self.wide_edges.get(start..start.checked_add(256)?)
                });
                let Some(block) = block else {
                    return Err(e.error(i, format!("edge block {} is past the end", w.edges)));
                };
                if block.iter().any(|&at| u16::from(at) >= w.edge_count) {
                    return Err(e.error(i, "edge block names a position past the edges".into()));
                }
            }
            if w.first_child != NONE {
                let children = n.edges.of(&self.edge_targets).iter();
                let consecutive = children
                    .zip(w.first_child..)
                    .all(|(&target, expected)| target == expected);
                if !consecutive {
                    return Err(e.error(i, "children are not numbered consecutively".into()));
                }
            }
            Ok(())
        })
    }

    /// Each set root's pair index: its slot bitmap and slot starts, and candidates.
    fn validate_pair_indexes(&self) -> Result<(), LayoutError> {
        let rules = self.rules.len();
        each("wild_candidates", &self.wild_candidates, |e, i, c| {
            e.index(i, "rule", c.rule, rules)
        })?;
        each("root_wild", &self.root_wild, |e, i, index| {
            e.span(i, "words", index.words, self.slot_words.len())?;
            e.span(i, "slots", index.slots, self.slot_starts.len())?;
            if index.slots.len == 0 {
                return Ok(());
            }
            if u64::from(index.slots.len) != u64::from(index.words.len) * 64 + 1 {
                return Err(e.error(i, "slot count does not match its bitmap".into()));
            }
            let starts = index.slots.of(&self.slot_starts);
            let ordered = starts.windows(2).all(|w| w.first() <= w.get(1));
            let last = starts.last().copied().unwrap_or(0);
            if !ordered || last as usize > self.wild_candidates.len() {
                return Err(e.error(i, "slot starts are out of order or range".into()));
            }
            Ok(())
        })
    }
}
