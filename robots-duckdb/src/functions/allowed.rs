//! `robots_allowed`, `robots_explain` and `robots_content_usage`: one answer
//! per (body, agent, url) row.
//!
//! The agent is a product token, read as `robots report` reads a crawler
//! ([`crate::crawler`]: a registry crawler follows its documented fallbacks;
//! any other token is matched as given). `robots_token` turns a whole
//! User-Agent header into its token first.

use super::{signatures, Call, First, Pairs};
use crate::cache::Bodies;
use crate::crawler::Resolution;
use crate::output::{struct_type, write_structs, Cell, Field, Kind};
use crate::vectors::Booleans;
use duckdb::core::{DataChunkHandle, LogicalTypeHandle, LogicalTypeId};
use duckdb::vscalar::{ScalarFunctionSignature, VScalar};
use duckdb::vtab::arrow::WritableVector;
use robots_runtime::explain::TieBreak;
use robots_runtime::{Policy, Reason};
use std::error::Error;
use std::rc::Rc;

/// For each row with a body, an agent and a URL, `answer(policy, resolution,
/// url)`; `None` where an argument is NULL or the body is binary data.
fn per_row<T>(
    input: &DataChunkHandle,
    mut answer: impl FnMut(&Policy, &Resolution, &[u8]) -> Option<T>,
) -> Result<Vec<Option<T>>, Box<dyn Error>> {
    let mut call = Call::new(input, 3)?;
    let pairs = Pairs::new(&mut call, 1)?;
    let mut out = Vec::with_capacity(call.rows());
    for (row, pair) in pairs.rows.iter().enumerate() {
        let found = pair.and_then(|(pair, slot)| {
            let policy = pairs
                .bodies
                .compiled
                .get(slot as usize)?
                .policy
                .as_deref()?;
            answer(policy, pairs.resolution(pair)?, call.text(2, row)?)
        });
        out.push(found);
    }
    Ok(out)
}

/// `robots_allowed(body, agent, url [, profile]) -> BOOLEAN`.
pub struct Allowed;

/// The agent last met with a body slot (its bytes) and what it resolved to there.
type AgentMemo<'a> = (&'a [u8], Option<Rc<Resolution>>);

impl VScalar for Allowed {
    type State = ();

    fn invoke(
        _: &(),
        input: &mut DataChunkHandle,
        output: &mut dyn WritableVector,
    ) -> Result<(), Box<dyn Error>> {
        // The hot path: one pass over the rows, one check a row. A row with
        // the previous row's body (same address, or same key) and agent (same
        // bytes) reuses its resolution, with no lookup. Any other row finds
        // its body's slot (by address, or by key), then the resolution last
        // used with that slot, when its agent has the same bytes (rows out of
        // site order, where nearly every row changes body, pay one lookup
        // and no agent hashing); only a new (body, agent) pair asks the cache.
        let mut call = Call::new(input, 3)?;
        let mut bodies = Bodies::default();
        let mut verdicts: Vec<Option<bool>> = Vec::with_capacity(call.rows());
        // Per slot: the agent last met with that body, and its resolution.
        let mut by_slot: Vec<Option<AgentMemo<'_>>> = Vec::new();
        // The previous row's body and slot.
        let mut last = None;
        for row in 0..call.rows() {
            let slot = call.slot(&mut bodies, row, &mut last)?;
            let (Some(slot), Some(agent), Some(url)) = (slot, call.text(1, row), call.text(2, row))
            else {
                verdicts.push(None);
                continue;
            };
            if by_slot.len() <= slot {
                by_slot.resize_with(slot + 1, || None);
            }
            let memo = by_slot
                .get_mut(slot)
                .ok_or("bug: a body slot past the slots")?;
            let resolution = match memo {
                Some((a, resolution)) if *a == agent => resolution,
                _ => {
                    let found = bodies.compiled.get(slot).and_then(|c| c.resolution(agent));
                    &memo.insert((agent, found)).1
                }
            };
            verdicts.push(resolution.as_ref().map(|r| r.is_allowed(url)));
        }
        Booleans::new(output.flat_vector()).write(&verdicts);
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(3, true, First::BodyOrKey, || {
            LogicalTypeHandle::from(LogicalTypeId::Boolean)
        })
    }
}

/// `selection` when no group applies because the crawler ignores `*` (as
/// `robots report` says in `applies`).
const IGNORES_WILDCARD: &str = "ignores-wildcard";

/// The rows' records as `write_structs` takes them.
fn refs(rows: &[Option<Vec<Cell>>]) -> Vec<Option<&[Cell]>> {
    rows.iter().map(Option::as_deref).collect()
}

/// The fields of `robots_explain`'s record.
pub const EXPLAIN: &[Field] = &[
    ("allowed", Kind::Bool),
    // `rule`, `no-matching-rule`, `no-group`, `robots-txt`, …: as `robots check --format json`.
    ("reason", Kind::Text),
    ("line", Kind::Int),
    ("directive", Kind::Text),
    ("pattern", Kind::Text),
    // The deciding rule as a robots.txt line: `Disallow: /private/`.
    ("rule", Kind::Text),
    // The path as the profile compares it.
    ("path", Kind::Text),
    // Why the groups applied: `name`, `any` or `none`; `ignores-wildcard`
    // for a crawler documented to ignore `*` that no group names.
    ("selection", Kind::Text),
    ("tie_break", Kind::Text),
];

/// `robots_explain(body, agent, url [, profile]) -> STRUCT(...)`: the verdict
/// with the deciding line and rule.
pub struct Explain;

impl VScalar for Explain {
    type State = ();

    fn invoke(
        _: &(),
        input: &mut DataChunkHandle,
        output: &mut dyn WritableVector,
    ) -> Result<(), Box<dyn Error>> {
        let rows = per_row(input, |policy, resolution, url| {
            // The token whose groups apply: its explanation is the chain's.
            let e = policy.explain(&resolution.token, url);
            if resolution.matcher().is_none() {
                // A crawler that ignores `*`, and no group names it: no group
                // applies, every URL is allowed (the path as the profile reads it).
                return Some(vec![
                    Cell::Bool(true),
                    Cell::Text(Reason::NoGroup.name().to_owned()),
                    Cell::Null,
                    Cell::Null,
                    Cell::Null,
                    Cell::Null,
                    Cell::text(&e.path),
                    Cell::Text(IGNORES_WILDCARD.to_owned()),
                    Cell::Text(TieBreak::NoCandidate.name().to_owned()),
                ]);
            }
            let rule = e.verdict.rule.and_then(|id| policy.rule(id));
            Some(vec![
                Cell::Bool(e.verdict.allowed),
                Cell::Text(e.verdict.reason.name().to_owned()),
                Cell::or_null(rule.as_ref(), |r| Cell::int(r.line)),
                Cell::or_null(rule.as_ref(), |r| Cell::Text(r.directive.name().to_owned())),
                Cell::or_null(rule.as_ref(), |r| Cell::text(r.pattern)),
                Cell::or_null(rule.as_ref(), |r| Cell::Text(r.to_string())),
                Cell::text(&e.path),
                Cell::Text(e.selection.basis.name().to_owned()),
                Cell::Text(e.tie_break.name().to_owned()),
            ])
        })?;
        write_structs(output, EXPLAIN, &refs(&rows));
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(3, true, First::BodyOrKey, || struct_type(EXPLAIN))
    }
}

/// The fields of `robots_content_usage`'s record: `true` for `y`, `false`
/// for `n`, NULL where the rule says nothing.
pub const USAGE: &[Field] = &[("train_ai", Kind::Bool), ("search", Kind::Bool)];

/// `robots_content_usage(body, agent, url [, profile]) -> STRUCT(train_ai, search)`:
/// the `Content-Usage` preferences that apply to the URL (draft-ietf-aipref-attach:
/// the rule of the crawler's groups with the longest matching path), NULL when
/// no rule applies or the URL may not be crawled.
pub struct ContentUsage;

impl VScalar for ContentUsage {
    type State = ();

    fn invoke(
        _: &(),
        input: &mut DataChunkHandle,
        output: &mut dyn WritableVector,
    ) -> Result<(), Box<dyn Error>> {
        let rows = per_row(input, |_, resolution, url| {
            // No group applies (a crawler that ignores `*`): no preferences.
            let matcher = resolution.matcher()?;
            // The draft attaches preferences to crawlable paths only.
            if !matcher.is_allowed(url) {
                return None;
            }
            matcher.content_usage(url).map(|prefs| {
                vec![
                    Cell::or_null(prefs.train_ai, Cell::Bool),
                    Cell::or_null(prefs.search, Cell::Bool),
                ]
            })
        })?;
        write_structs(output, USAGE, &refs(&rows));
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(3, true, First::BodyOrKey, || struct_type(USAGE))
    }
}
