//! Grouping: which user-agent lines own which rules and records, per profile.

use crate::agent::agent_name;
use crate::directive::{Directive, Scope};
use crate::profile::Profile;
use crate::report::{LineKind, LineReport};
use alloc::vec::Vec;
use core::ops::Range;

/// How a user-agent line names crawlers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AgentToken {
    /// `*`: every crawler no other group names.
    Any,
    /// A name, as a byte range of the input. Under `google` it is the value cut at
    /// the first byte outside `[A-Za-z_-]`; under the other profiles the whole value.
    Named(Range<usize>),
}

/// One user-agent line of a group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupAgent {
    /// Index of the line in [`Document::lines`](crate::Document::lines).
    pub line: usize,
    /// What the line names.
    pub token: AgentToken,
}

/// A group: user-agent lines and the rules and records that follow them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Group {
    /// The user-agent lines.
    pub agents: Vec<GroupAgent>,
    /// Indexes of the rule lines (allow/disallow) in file order.
    pub rules: Vec<usize>,
    /// Indexes of the group-scoped extension lines (crawl-delay, request-rate, visit-time, comment).
    pub records: Vec<usize>,
}

/// The grouping of a whole file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Structure {
    pub groups: Vec<Group>,
    pub orphans: Vec<usize>,
    pub file_records: Vec<usize>,
}

fn agent_token(input: &[u8], value: Range<usize>, profile: Profile) -> AgentToken {
    match agent_name(&input[value.clone()], profile) {
        None => AgentToken::Any,
        Some(name) => AgentToken::Named(value.start..value.start + name.len()),
    }
}

/// Group the lexed lines under `profile`.
pub(crate) fn group(input: &[u8], lines: &[LineReport], profile: Profile) -> Structure {
    let mut out = Structure::default();
    let mut current: Option<usize> = None;
    let mut after_rule = false;
    for (index, line) in lines.iter().enumerate() {
        let directive = match line.kind {
            LineKind::Directive(d) => d,
            LineKind::Empty if profile.blank_line_ends_record() => {
                current = None;
                after_rule = false;
                continue;
            }
            _ => continue,
        };
        // The 1994 standard has no Allow field: it is an unknown line there.
        if directive == Directive::Allow && profile == Profile::Original1994 {
            continue;
        }
        match directive.scope() {
            Scope::Rule if directive == Directive::UserAgent => {
                let value = line.value.clone().unwrap_or(line.span.end..line.span.end);
                let at = match current {
                    Some(g) if !after_rule => g,
                    _ => {
                        out.groups.push(Group::default());
                        after_rule = false;
                        out.groups.len() - 1
                    }
                };
                current = Some(at);
                out.groups[at].agents.push(GroupAgent {
                    line: index,
                    token: agent_token(input, value, profile),
                });
            }
            Scope::Rule => match current {
                Some(g) => {
                    out.groups[g].rules.push(index);
                    after_rule = true;
                }
                None => out.orphans.push(index),
            },
            Scope::Group => match current {
                Some(g) => out.groups[g].records.push(index),
                None => out.orphans.push(index),
            },
            Scope::File => out.file_records.push(index),
            Scope::Unsupported => {}
        }
    }
    out
}
