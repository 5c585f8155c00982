//! `robots_allowed`, `robots_explain` and `robots_content_usage`: one answer
//! per (body, agent, url) row.
//!
//! The agent is matched exactly as given, as `robots check --agent` does
//! (`robots_token` turns a whole User-Agent header into its token first).

use super::{signatures, Call, Matchers};
use crate::cache::Bodies;
use crate::output::{struct_type, write_structs, Cell, Field, Kind};
use crate::vectors::Booleans;
use duckdb::core::{DataChunkHandle, LogicalTypeHandle, LogicalTypeId};
use duckdb::vscalar::{ScalarFunctionSignature, VScalar};
use duckdb::vtab::arrow::WritableVector;
use robots_runtime::{Matcher, Policy};
use std::error::Error;

/// For each row with a body, an agent and a URL, `answer(policy, matcher,
/// agent, url)`; `None` where an argument is NULL or the body is binary data.
fn per_row<T>(
    input: &DataChunkHandle,
    mut answer: impl FnMut(&Policy, Matcher<'_>, &[u8], &[u8]) -> Option<T>,
) -> Result<Vec<Option<T>>, Box<dyn Error>> {
    let mut call = Call::new(input, 3)?;
    let mut bodies = Bodies::default();
    let slots = call.body_slots(0, &mut bodies)?;
    let mut matchers = Matchers::new(&bodies.compiled);
    let mut out = Vec::with_capacity(call.rows());
    for (row, slot) in slots.into_iter().enumerate() {
        let found = match (slot, call.text(1, row), call.text(2, row)) {
            (Some(slot), Some(agent), Some(url)) => {
                let policy = bodies.compiled.get(slot).and_then(|c| c.policy.as_ref());
                match (policy, matchers.get(slot, agent)) {
                    (Some(policy), Some(matcher)) => answer(policy, matcher, agent, url),
                    _ => None,
                }
            }
            _ => None,
        };
        out.push(found);
    }
    Ok(out)
}

/// `robots_allowed(body, agent, url [, profile]) -> BOOLEAN`.
pub struct Allowed;

impl VScalar for Allowed {
    type State = ();

    fn invoke(
        _: &(),
        input: &mut DataChunkHandle,
        output: &mut dyn WritableVector,
    ) -> Result<(), Box<dyn Error>> {
        let verdicts = per_row(input, |_, matcher, _, url| Some(matcher.is_allowed(url)))?;
        Booleans::new(output.flat_vector()).write(&verdicts);
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(3, true, || LogicalTypeHandle::from(LogicalTypeId::Boolean))
    }
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
    // Why the groups applied: `name`, `any` or `none`.
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
        let rows = per_row(input, |policy, _, agent, url| {
            let e = policy.explain(agent, url);
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
        write_structs(output, EXPLAIN, &rows);
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(3, true, || struct_type(EXPLAIN))
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
        let rows = per_row(input, |_, matcher, _, url| {
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
        write_structs(output, USAGE, &rows);
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(3, true, || struct_type(USAGE))
    }
}
