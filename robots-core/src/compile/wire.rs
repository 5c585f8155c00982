//! The compiler's records ([`staging`](crate::compile::staging)) written as the
//! [`layout`](crate::tables::layout) a check reads: little-endian records, each
//! rule in eight bytes, with an extra record only for the rules whose priority,
//! segments, length or column the eight bytes cannot say (see
//! [`RuleRecord`](layout::RuleRecord)), and its line in a byte past a base
//! (see [`Lines`](layout::Lines)).

use crate::compile::builder::Builder;
use crate::compile::derive::SearchTables;
use crate::compile::staging;
use crate::tables::encode::TableVecs;
use crate::tables::layout::{
    self, index, RuleExtra, RULE_ALLOW, RULE_ANCHORED, RULE_COLUMN_MAX, RULE_COLUMN_SHIFT,
    RULE_COMPLEX, RULE_DERIVED, RULE_LEN_MAX, U32,
};
use alloc::vec::Vec;

// An extension record's directive number is read back as one of these.
const _: () = assert!(crate::parse::Directive::ALL.len() == layout::DIRECTIVE_COUNT as usize);

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
    let RuleTables {
        rules,
        extras: rule_extras,
        segments,
    } = rule_tables(&b);
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
        rule_extras,
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
        lines: layout::Lines::encode(&b.rules, |r| r.line),
    }
}

/// The rule tables of the layout: records, the extras of complex rules, and
/// the segments that are not a rule's pattern alone.
struct RuleTables {
    rules: Vec<layout::RuleRecord>,
    extras: Vec<RuleExtra>,
    segments: Vec<layout::Span>,
}

fn rule_tables(b: &Builder) -> RuleTables {
    let mut out = RuleTables {
        rules: Vec::with_capacity(b.rules.len()),
        extras: Vec::new(),
        segments: Vec::new(),
    };
    for r in &b.rules {
        let mine = r.segments.of(&b.segments);
        let plain = staging::Span {
            start: r.pattern.start,
            len: r.pattern.len.saturating_sub(u32::from(r.anchored)),
        };
        // A rule whose only segment is its pattern (without a final `$`), whose
        // priority is its length, and whose length and column fit, says all in
        // its record: most rules.
        let implicit_segments = mine == [plain];
        let complex = !implicit_segments
            || r.priority != r.pattern.len
            || r.pattern.len >= RULE_LEN_MAX
            || r.column >= RULE_COLUMN_MAX;
        let mut info = if r.allow { RULE_ALLOW } else { 0 }
            | if r.derived { RULE_DERIVED } else { 0 }
            | if r.anchored { RULE_ANCHORED } else { 0 };
        if complex {
            info |= RULE_COMPLEX | index(out.extras.len());
            out.extras.push(RuleExtra {
                priority: U32::new(r.priority),
                segments: U32::new(index(out.segments.len())),
                len: U32::new(r.pattern.len),
                column: U32::new(r.column),
            });
            if !implicit_segments {
                out.segments.extend(mine.iter().map(|&s| span(s)));
            }
        } else {
            info |= r.pattern.len | r.column << RULE_COLUMN_SHIFT;
        }
        out.rules.push(layout::RuleRecord {
            pattern: U32::new(r.pattern.start),
            info: U32::new(info),
        });
    }
    out
}
