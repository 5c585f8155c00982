//! The compiler's tables written as the [`crate::tables::layout`] a
//! check reads: the builder's records as they are, and its rules (see
//! [`CompiledRule`]) as little-endian records, each
//! rule in eight bytes, with an extra record only for the rules whose priority,
//! segments, length or column the eight bytes cannot say (see
//! [`RuleRecord`](layout::RuleRecord)), and its line in a byte past a base
//! (see [`Lines`](crate::tables::lines::Lines)).

use crate::compile::builder::{Builder, CompiledRule};
use crate::compile::derive::SearchTables;
use crate::ids::{index, GroupId};
use crate::tables::encode::TableVecs;
use crate::tables::layout::{
    self, RuleExtra, RULE_ALLOW, RULE_ANCHORED, RULE_COLUMN_MAX, RULE_COLUMN_SHIFT, RULE_COMPLEX,
    RULE_DERIVED, RULE_LEN_MAX, U32,
};
use alloc::vec::Vec;

// An extension record's directive number is read back as one of these.
const _: () = assert!(crate::parse::Directive::ALL.len() == layout::DIRECTIVE_COUNT as usize);

/// Every table of the compiled policy, as the search reads them.
pub(crate) fn tables(
    b: Builder,
    agents: Vec<layout::AgentEntry>,
    sets: Vec<layout::RuleSet>,
    set_groups: &[GroupId],
    search: SearchTables,
) -> TableVecs {
    let RuleTables {
        rules,
        extras: rule_extras,
        segments,
    } = rule_tables(&b);
    TableVecs {
        text: b.text.0,
        agents,
        sets,
        set_roots: search.set_roots,
        set_groups: set_groups.iter().map(|g| U32::new(g.as_u32())).collect(),
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
        groups: b.groups,
        group_agents: b.group_agents,
        extensions: b.extensions,
        lines: crate::tables::lines::Lines::encode(&b.rules, |r: &CompiledRule| r.line),
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
        let plain = layout::Span::new(
            r.pattern.start.get(),
            r.pattern.len.get().saturating_sub(u32::from(r.anchored)),
        );
        // A rule whose only segment is its pattern (without a final `$`), whose
        // priority is its length, and whose length and column fit, says all in
        // its record: most rules.
        let implicit_segments = mine == [plain];
        let complex = !implicit_segments
            || r.priority != r.pattern.len.get()
            || r.pattern.len.get() >= RULE_LEN_MAX
            || r.column >= RULE_COLUMN_MAX;
        let mut info = if r.allow { RULE_ALLOW } else { 0 }
            | if r.derived { RULE_DERIVED } else { 0 }
            | if r.anchored { RULE_ANCHORED } else { 0 };
        if complex {
            info |= RULE_COMPLEX | index(out.extras.len());
            out.extras.push(RuleExtra {
                priority: U32::new(r.priority),
                segments: U32::new(index(out.segments.len())),
                len: r.pattern.len,
                column: U32::new(r.column),
            });
            if !implicit_segments {
                out.segments.extend_from_slice(mine);
            }
        } else {
            info |= r.pattern.len.get() | r.column << RULE_COLUMN_SHIFT;
        }
        out.rules.push(layout::RuleRecord {
            pattern: r.pattern.start,
            info: U32::new(info),
        });
    }
    out
}
