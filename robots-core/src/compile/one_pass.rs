//! Compiling in one pass: each line is lexed, grouped and compiled as it is read,
//! without keeping the lines (what a [`Document`](crate::document::Document) keeps).

use crate::compile::builder::{Builder, OpenGroup};
use crate::compile::Gathered;
use crate::document::ParseOptions;
use crate::group::grouper::{AgentToken, Grouper, Step};
use crate::group::select::{groups_of_agent, select, Judge, Selection};
use crate::ids::{index, FileGroup, GroupId};
use crate::parse::lex::lex_each_unless;
use crate::parse::{Directive, LineKind, LineReport};
use crate::sort::sort_by_packed;
use alloc::vec::Vec;
use core::cell::Cell;

/// A record line kept for later: its directive, line number and value.
type Record = (Directive, u32, core::ops::Range<usize>);

/// The same as `compile(&parse(input, options), only)` for every crawler,
/// in one pass over the input without keeping its lines: each line is lexed,
/// grouped and compiled as it is read. A group's rules and user-agent lines go
/// straight into the tables (its user-agent lines all come before its first
/// rule); its records wait for the group's end, the file-wide ones for the file's.
///
/// With `only`, the rules of the groups that cannot apply to that crawler are not
/// compiled. Whether a group applies is only certain at the
/// file's end (a group naming the crawler may follow a `*` group), so each group
/// is judged as its rules start, by what came before; if the file's end proves a
/// judgement wrong, what was compiled too early is dropped.
///
/// With `rules_only` (and `only`), only what a verdict reads is kept: the
/// crawler's rules, numbered and ranked as its policy numbers them, in
/// builder tables sized for them alone; no user-agent lines, no records, no
/// group records (see [`Gathered::rules_only`]).
pub(crate) fn gather(
    input: &[u8],
    options: ParseOptions,
    only: Option<&[u8]>,
    rules_only: bool,
) -> Gathered {
    let profile = options.profile;
    let rules_only = rules_only && only.is_some();
    let mut b = if rules_only {
        Builder::for_rules(profile)
    } else {
        Builder::new(profile, input)
    };
    let mut judge = only.map(|agent| Judge::new(profile, agent));
    let mut grouper = Grouper::new(profile);
    let mut agents: Vec<(FileGroup, AgentToken)> = Vec::new();
    let mut open: Option<OpenGroup> = None;
    let mut records: Vec<Record> = Vec::new();
    let mut file_records: Vec<Record> = Vec::new();
    let value = |line: &LineReport| {
        line.value
            .clone()
            .and_then(|v| input.get(v))
            .unwrap_or_default()
    };
    let record = |line: &LineReport| match line.kind {
        LineKind::Directive(d) => Some((d, line.number, line.value.clone().unwrap_or(0..0))),
        _ => None,
    };
    // A group's records, kept or not as its rules are (judged now if it has none).
    let flush = |b: &mut Builder,
                 open: OpenGroup,
                 records: &mut Vec<Record>,
                 judge: &mut Option<Judge<'_>>| {
        let group = b.current_group();
        if !records.is_empty() && !judge.as_mut().map_or(true, Judge::keeps_group) {
            records.clear();
        }
        for (directive, number, range) in records.drain(..) {
            b.add_extension(
                directive,
                number,
                Some(group),
                input.get(range).unwrap_or_default(),
            );
        }
        b.close_group(open);
    };
    // With `rules_only`, the lines of a group judged not to apply, after its
    // first rule, wait unread for the next group (see `lex_each_unless`): what
    // they hold (rules, records) is not kept, and they start no group.
    let skipping = Cell::new(false);
    let (_, truncation) = lex_each_unless(
        input,
        profile,
        options.max_bytes,
        || skipping.get(),
        |line| {
            if line.kind == LineKind::Empty && profile.blank_line_ends_record() {
                skipping.set(false);
            }
            match grouper.step(input, &line) {
                Step::Agent { new_group, token } => {
                    skipping.set(false);
                    if new_group || open.is_none() {
                        if let Some(previous) = open.take() {
                            flush(&mut b, previous, &mut records, &mut judge);
                        }
                        open = Some(b.open_group(line.number));
                        if let Some(judge) = judge.as_mut() {
                            judge.open_group(b.current_group());
                        }
                    }
                    if let Some(judge) = judge.as_mut() {
                        judge.agent(input, &token);
                    }
                    agents.push((b.current_group(), token));
                    if !rules_only {
                        b.add_agent(&line, value(&line));
                    }
                }
                Step::Rule => {
                    if judge.as_mut().map_or(true, Judge::keeps_group) {
                        b.add_rule_line(&line, b.current_group(), value(&line));
                    } else if rules_only {
                        skipping.set(true);
                    }
                }
                Step::Record | Step::File if rules_only => {}
                Step::Record => records.extend(record(&line)),
                Step::File => file_records.extend(record(&line)),
                Step::Orphan | Step::Skip => {}
            }
        },
    );
    if let Some(last) = open.take() {
        flush(&mut b, last, &mut records, &mut judge);
    }
    for (directive, number, range) in file_records {
        b.add_extension(
            directive,
            number,
            None,
            input.get(range).unwrap_or_default(),
        );
    }
    let Some((agent, judge)) = only.zip(judge) else {
        let selection = select(input, agents.iter().map(|(g, t)| (*g, t)), profile);
        return Gathered {
            profile,
            builder: b,
            selection,
            kept: None,
            truncation,
            rules_only: false,
        };
    };
    // One crawler needs no table of names (the builder reads none then).
    let mut kept = groups_of_agent(input, agents.iter().map(|(g, t)| (*g, t)), agent, profile);
    sort_by_packed(&mut kept, |g| u128::from(g.0));
    let applies = |g: &FileGroup| kept.binary_search(g).is_ok();
    if judge.skipped_any(applies) {
        // A group judged not to apply does (the judgement never errs this way; if it
        // did, its rules would be missing): parse again in two passes.
        return super::gather_document(&crate::document::parse(input, options), only);
    }
    let kept = if rules_only {
        b.keep_rules_of(&kept);
        (0..kept.len()).map(|g| GroupId(index(g))).collect()
    } else {
        b.keep_groups(&kept, agent)
    };
    Gathered {
        profile,
        builder: b,
        selection: Selection::default(),
        kept: Some(kept),
        truncation,
        rules_only,
    }
}
