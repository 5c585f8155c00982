//! Structure: how the lines group, whatever the rules say.
//!
//! `multiple-wildcard-groups`, `empty-group` and `group-joined-by-extension-line`
//! (`duplicate-rule` needs compiled patterns and lives with the semantics).

use crate::findings::finding::{Finding, Severity};
use crate::lossy;
use crate::Code;
use alloc::format;
use alloc::vec::Vec;
use robots_core::document::{parse, Document, ParseOptions};
use robots_core::group::AgentToken;
use robots_core::parse::Directive;
use robots_core::parse::{LineKind, LineReport};
use robots_core::profile::Profile;

/// Append the structure findings of `doc`.
pub(crate) fn findings(doc: &Document<'_>, out: &mut Vec<Finding>) {
    multiple_wildcard_groups(doc, out);
    empty_groups(doc, out);
    joined_groups(doc, out);
}

fn value_span(line: &LineReport) -> core::ops::Range<usize> {
    line.value.clone().unwrap_or(line.span.clone())
}

fn multiple_wildcard_groups(doc: &Document<'_>, out: &mut Vec<Finding>) {
    let mut first: Option<u32> = None;
    for group in doc.groups() {
        let Some(agent) = group.agents.iter().find(|a| a.token == AgentToken::Any) else {
            continue;
        };
        let line = &doc.lines()[agent.line];
        match first {
            None => first = Some(line.number),
            Some(first) => out.push(
                Finding::at(
                    Code::MultipleWildcardGroups,
                    Severity::Warning,
                    line,
                    value_span(line),
                    format!(
                        "a second group for `*` (the first starts at line {first}): rfc9309 and google merge them, draft1996 and original1994 read only the first"
                    ),
                )
                .with_help("put every rule for `*` in one group"),
            ),
        }
    }
}

fn empty_groups(doc: &Document<'_>, out: &mut Vec<Finding>) {
    for group in doc.groups() {
        if !group.rules.is_empty() || !group.records.is_empty() {
            continue;
        }
        let Some(first) = group.agents.first() else {
            continue;
        };
        let line = &doc.lines()[first.line];
        let names: Vec<_> = group
            .agents
            .iter()
            .map(|a| lossy(doc.value(&doc.lines()[a.line])))
            .collect();
        let shown = names.get(..3.min(names.len())).unwrap_or_default();
        let mut who = format!("`{}`", shown.join("`, `"));
        if names.len() > shown.len() {
            who.push_str(&format!(" and {} more", names.len() - shown.len()));
        }
        let any = group.agents.iter().any(|a| a.token == AgentToken::Any);
        let consequence = if any {
            "every crawler without a group of its own may fetch everything"
        } else {
            "these crawlers may fetch everything, and do not fall back to the `*` group"
        };
        let help = if doc.profile() == Profile::Original1994 {
            "original1994 has no `Allow`: only `Disallow` lines are rules there; add `Disallow:` (empty) to allow everything explicitly"
        } else {
            "add the rules meant for these crawlers, `Disallow:` (empty) to allow everything explicitly, or delete the lines"
        };
        out.push(
            Finding::at(
                Code::EmptyGroup,
                Severity::Warning,
                line,
                value_span(line),
                format!("the group for {who} has no rules: {consequence}"),
            )
            .with_help(help),
        );
    }
}

/// Whether a line between two user-agent lines is one a reader might think ends a group.
fn joins(line: &LineReport) -> bool {
    match line.kind {
        LineKind::Directive(d) => d != Directive::UserAgent,
        LineKind::Unknown => true,
        _ => false,
    }
}

fn joined_groups(doc: &Document<'_>, out: &mut Vec<Finding>) {
    // The trap is in the RFC 9309 / Google grouping, whatever the profile linted.
    let rfc;
    let grouped = match doc.profile() {
        Profile::Rfc9309 | Profile::Google => doc,
        _ => {
            rfc = parse(
                doc.source(),
                ParseOptions::new(Profile::Rfc9309).max_bytes(doc.options().max_bytes),
            );
            &rfc
        }
    };
    let lines = grouped.lines();
    for group in grouped.groups() {
        for pair in group.agents.windows(2) {
            let (a, b) = (pair[0].line, pair[1].line);
            let Some(joining) = lines
                .get(a + 1..b)
                .and_then(|ls| ls.iter().find(|l| joins(l)))
            else {
                continue;
            };
            let key = lossy(grouped.slice(joining.key.clone().unwrap_or(joining.span.clone())));
            let (first, second) = (&lines[a], &lines[b]);
            let Some(report) = super::rules::line_of(doc, joining.number) else {
                continue;
            };
            out.push(
                Finding::at(
                    Code::GroupJoinedByExtensionLine,
                    Severity::Warning,
                    report,
                    report.key.clone().unwrap_or(report.span.clone()),
                    format!(
                        "`{key}` does not end the group of `User-agent: {}` (line {}): under rfc9309 and google, `User-agent: {}` (line {}) joins the same group and the rules below apply to both",
                        lossy(grouped.value(first)),
                        first.number,
                        lossy(grouped.value(second)),
                        second.number
                    ),
                )
                .with_help(format!(
                    "only an `Allow`/`Disallow` line ends a group: give line {}'s crawler its own rules (`Disallow:` with no value allows everything), or put the user-agent lines together",
                    first.number
                )),
            );
        }
    }
}
