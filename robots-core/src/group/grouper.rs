//! Grouping: which user-agent lines own which rules and records, per profile.

use crate::group::agent::agent_name;
use crate::parse::directive::{Directive, Scope};
use crate::parse::report::{LineKind, LineReport};
use crate::profile::Profile;
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
    /// Index of the line in [`Document::lines`](crate::document::Document::lines).
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

#[allow(clippy::indexing_slicing)] // `value` is a range the lexer found in `input`
fn agent_token(input: &[u8], value: Range<usize>, profile: Profile) -> AgentToken {
    match agent_name(&input[value.clone()], profile) {
        None => AgentToken::Any,
        Some(name) => AgentToken::Named(value.start..value.start + name.len()),
    }
}

/// What a line does to the grouping.
pub(crate) enum Step {
    /// A user-agent line: of a new group, or of the open one.
    Agent { new_group: bool, token: AgentToken },
    /// A rule line of the open group.
    Rule,
    /// A group-scoped record line of the open group.
    Record,
    /// A rule or group-scoped line before any group.
    Orphan,
    /// A file-wide record line.
    File,
    /// Nothing to group.
    Skip,
}

/// The grouping state machine, one line at a time: [`group`] and the compiler's
/// one-pass path share it.
pub(crate) struct Grouper {
    profile: Profile,
    open: bool,
    after_rule: bool,
}

impl Grouper {
    pub fn new(profile: Profile) -> Self {
        Grouper {
            profile,
            open: false,
            after_rule: false,
        }
    }

    /// Read the next line. Inlined: the one-pass compiler calls it for every
    /// line, and most lines take a short path through it.
    #[inline]
    pub fn step(&mut self, input: &[u8], line: &LineReport) -> Step {
        let profile = self.profile;
        let directive = match line.kind {
            LineKind::Directive(d) => d,
            LineKind::Empty if profile.blank_line_ends_record() => {
                self.open = false;
                self.after_rule = false;
                return Step::Skip;
            }
            _ => return Step::Skip,
        };
        // The 1994 standard has no Allow field: it is an unknown line there.
        if directive == Directive::Allow && profile == Profile::Original1994 {
            return Step::Skip;
        }
        match directive.scope() {
            Scope::Rule if directive == Directive::UserAgent => {
                let value = line.value.clone().unwrap_or(line.span.end..line.span.end);
                let new_group = !self.open || self.after_rule;
                self.open = true;
                self.after_rule = false;
                Step::Agent {
                    new_group,
                    token: agent_token(input, value, profile),
                }
            }
            Scope::Rule if self.open => {
                self.after_rule = true;
                Step::Rule
            }
            Scope::Group if self.open => Step::Record,
            Scope::Rule | Scope::Group => Step::Orphan,
            Scope::File => Step::File,
            Scope::Unsupported => Step::Skip,
        }
    }
}

/// Group the lexed lines under `profile`.
pub(crate) fn group(input: &[u8], lines: &[LineReport], profile: Profile) -> Structure {
    let mut out = Structure::default();
    let mut grouper = Grouper::new(profile);
    for (index, line) in lines.iter().enumerate() {
        match grouper.step(input, line) {
            Step::Agent { new_group, token } => {
                if new_group || out.groups.is_empty() {
                    out.groups.push(Group::default());
                }
                if let Some(g) = out.groups.last_mut() {
                    g.agents.push(GroupAgent { line: index, token });
                }
            }
            Step::Rule => {
                if let Some(g) = out.groups.last_mut() {
                    g.rules.push(index);
                }
            }
            Step::Record => {
                if let Some(g) = out.groups.last_mut() {
                    g.records.push(index);
                }
            }
            Step::Orphan => out.orphans.push(index),
            Step::File => out.file_records.push(index),
            Step::Skip => {}
        }
    }
    out
}
