//! The compiler's records ([`staging`](crate::tables::staging)) written as the
//! [`layout`](crate::tables::layout) a check reads: little-endian records, each
//! rule's segments left out when its only segment is its pattern (most rules).

use crate::compile::builder::Builder;
use crate::tables::derive::SearchTables;
use crate::tables::encode::TableVecs;
use crate::tables::layout::{
    self, index, RULE_ALLOW, RULE_ANCHORED, RULE_COLUMN_MASK, RULE_DERIVED, U32,
};
use crate::tables::staging;
use alloc::vec::Vec;

fn span(s: staging::Span) -> layout::Span {
    layout::Span::new(s.start, s.len)
}

/// Every table of the compiled policy, as the search reads them.
pub(crate) fn tables(
    b: Builder,
    agents: &[staging::AgentEntry],
    sets: &[staging::RuleSet],
    set_groups: &[u32],
    search: SearchTables,
) -> TableVecs {
    let mut segments = Vec::new();
    let rules = b
        .rules
        .iter()
        .map(|r| {
            let mine = r.segments.of(&b.segments);
            let plain = staging::Span {
                start: r.pattern.start,
                len: r.pattern.len.saturating_sub(u32::from(r.anchored)),
            };
            let start = index(segments.len());
            // A rule whose only segment is its pattern (without a final `$`)
            // needs no entry: the search finds the segment from the pattern.
            if mine != [plain] {
                segments.extend(mine.iter().map(|&s| span(s)));
            }
            let flags = if r.allow { RULE_ALLOW } else { 0 }
                | if r.derived { RULE_DERIVED } else { 0 }
                | if r.anchored { RULE_ANCHORED } else { 0 };
            layout::RuleRecord {
                line: U32::new(r.line),
                column: U32::new(r.column.min(RULE_COLUMN_MASK) | flags),
                pattern: span(r.pattern),
                priority: U32::new(r.priority),
                segments: U32::new(start),
            }
        })
        .collect();
    TableVecs {
        text: b.text.0,
        agents: agents
            .iter()
            .map(|a| layout::AgentEntry {
                name: span(a.name),
                set: U32::new(a.set),
                any: u8::from(a.any),
            })
            .collect(),
        sets: sets
            .iter()
            .map(|s| layout::RuleSet {
                roots: span(s.roots),
                groups: span(s.groups),
            })
            .collect(),
        set_roots: search.set_roots,
        set_groups: set_groups.iter().map(|&g| U32::new(g)).collect(),
        inners: search.inners,
        leaves: search.leaves,
        wide: search.wide,
        exact: search.exact,
        node_wild: search.node_wild,
        wild_rules: search.wild_rules,
        wild_roots: search.wild_roots,
        anchors: search.anchors,
        anchor_rules: search.anchor_rules,
        rules,
        segments,
        groups: b
            .groups
            .iter()
            .map(|g| layout::GroupRecord {
                line: U32::new(g.line),
                agents: span(g.agents),
                rules: span(g.rules),
            })
            .collect(),
        group_agents: b
            .group_agents
            .iter()
            .map(|a| layout::GroupAgentRecord {
                line: U32::new(a.line),
                value: span(a.value),
            })
            .collect(),
        extensions: b
            .extensions
            .iter()
            .map(|e| layout::ExtensionRecord {
                directive: e.directive.code(),
                line: U32::new(e.line),
                group: U32::new(e.group),
                value: span(e.value),
            })
            .collect(),
    }
}
