//! `robots_records`, `robots_lint` and `robots_report`: a list of records
//! per body, computed once per distinct body of a vector (and kept with the
//! compiled body, so a body met again in a later vector is not worked
//! through again either).

use super::{signatures, Call, First};
use crate::cache::{Bodies, Compiled, List};
use crate::output::{list_type, write_lists, Cell, Field, Kind};
use duckdb::core::DataChunkHandle;
use duckdb::vscalar::{ScalarFunctionSignature, VScalar};
use duckdb::vtab::arrow::WritableVector;
use robots_lint::{derived_sample, share, CrawlerReport};
use robots_runtime::document::{parse, Directive, LineKind, ParseOptions, Scope};
use robots_runtime::records::{parse_value, RecordValue};
use std::collections::HashMap;
use std::error::Error;

/// Which list a function gives for a body.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ListKind {
    /// `robots_records`.
    Records,
    /// `robots_lint`.
    Lint,
    /// `robots_report`.
    Report,
}

/// The fields of `robots_records`: every directive line the profile reads,
/// in file order. `group` is the 0-based group of a user-agent, rule or
/// group-scoped line (NULL: file-wide, or before any user-agent line);
/// `valid` whether a record's value parses (always true for user-agent and
/// rule lines).
pub const RECORDS: &[Field] = &[
    ("line", Kind::Int),
    ("directive", Kind::Text),
    ("value", Kind::Text),
    ("group", Kind::Int),
    ("valid", Kind::Bool),
];

/// The fields of `robots_lint`: one finding each, as `robots lint --format json`.
pub const LINT: &[Field] = &[
    ("code", Kind::Text),
    ("severity", Kind::Text),
    ("line", Kind::Int),
    ("column", Kind::Int),
    ("message", Kind::Text),
];

/// The fields of `robots_report`: one registry crawler each, as `robots
/// report --format json` gives it (flattened: `applies` and `group_token`
/// are its `group`, the `access` fields its `access`).
pub const REPORT: &[Field] = &[
    ("token", Kind::Text),
    ("operator", Kind::Text),
    ("purpose", Kind::Text),
    ("applies", Kind::Text),
    ("group_token", Kind::Text),
    ("root_allowed", Kind::Bool),
    ("access", Kind::Text),
    ("allowed_path", Kind::Text),
    ("allowed_line", Kind::Int),
    ("disallowed_path", Kind::Text),
    ("disallowed_line", Kind::Int),
    ("allowed_share", Kind::Double),
    ("crawl_delay_seconds", Kind::Double),
    ("robots_txt", Kind::Text),
];

fn options(compiled: &Compiled) -> ParseOptions {
    ParseOptions::new(compiled.profile)
}

/// The directive lines of a body.
fn records(compiled: &Compiled) -> Vec<Vec<Cell>> {
    let doc = parse(compiled.body(), options(compiled));
    let mut group_of: HashMap<usize, usize> = HashMap::new();
    for (g, group) in doc.groups().iter().enumerate() {
        for line in group
            .agents
            .iter()
            .map(|a| a.line)
            .chain(group.rules.iter().copied())
            .chain(group.records.iter().copied())
        {
            group_of.insert(line, g);
        }
    }
    doc.lines()
        .iter()
        .enumerate()
        .filter_map(|(index, line)| {
            let LineKind::Directive(directive) = line.kind else {
                return None;
            };
            let value = doc.value(line);
            let valid = directive.scope() == Scope::Rule
                || directive == Directive::UserAgent
                || parse_value(directive, value) != RecordValue::Invalid;
            Some(vec![
                Cell::int(line.number),
                Cell::Text(directive.name().to_owned()),
                Cell::text(value),
                Cell::or_null(group_of.get(&index), |&g| {
                    Cell::Int(i32::try_from(g).unwrap_or(i32::MAX))
                }),
                Cell::Bool(valid),
            ])
        })
        .collect()
}

/// The lint findings of a body.
fn lint(compiled: &Compiled) -> Vec<Vec<Cell>> {
    robots_lint::lint_with(compiled.body(), options(compiled))
        .into_iter()
        .map(|f| {
            vec![
                Cell::Text(f.code.as_str().to_owned()),
                Cell::Text(f.severity.name().to_owned()),
                Cell::int(f.line),
                Cell::int(f.column),
                Cell::Text(f.message),
            ]
        })
        .collect()
}

/// The crawler report of a body: `None` for binary data (no robots.txt).
fn report(compiled: &Compiled) -> Option<Vec<Vec<Cell>>> {
    compiled.policy.as_ref()?;
    let doc = parse(compiled.body(), options(compiled));
    let policy = doc.compile();
    let sample = derived_sample(&doc, &policy).paths;
    let report = CrawlerReport::new(&policy, sample);
    let rows = report
        .rows
        .iter()
        .map(|r| {
            let mut cells = vec![
                Cell::Text(r.token.clone()),
                Cell::or_null(r.crawler, |c| Cell::Text(c.operator.to_owned())),
                Cell::or_null(r.crawler, |c| Cell::Text(c.purpose.name().to_owned())),
                Cell::Text(r.applies.name().to_owned()),
                Cell::or_null(r.group_token(), |t| Cell::Text(t.to_owned())),
                Cell::Bool(r.root_allowed),
            ];
            // `robots_access`'s record without its `reason` (no report field).
            cells.extend(super::access::record(&r.access).into_iter().take(5));
            cells.extend([
                Cell::Double(share(r.allowed, report.sample_paths) / 100.0),
                Cell::or_null(r.crawl_delay, |d| Cell::Double(d.as_secs_f64())),
                Cell::or_null(r.crawler, |c| Cell::Text(c.robots_txt.name().to_owned())),
            ]);
            cells
        })
        .collect();
    Some(rows)
}

/// The list `kind` of `compiled`, computed on first use and kept with it.
fn list_of(compiled: &Compiled, kind: ListKind) -> Option<List> {
    compiled.list(kind, || match kind {
        ListKind::Records => Some(records(compiled)),
        ListKind::Lint => Some(lint(compiled)),
        ListKind::Report => report(compiled),
    })
}

/// Run a list function: one list per row, per distinct body once.
fn invoke_list(
    input: &DataChunkHandle,
    output: &mut dyn WritableVector,
    kind: ListKind,
    fields: &[Field],
) -> Result<(), Box<dyn Error>> {
    let mut call = Call::new(input, 1)?;
    let mut bodies = Bodies::default();
    let slots = call.body_slots(&mut bodies)?;
    let lists: Vec<Option<List>> = bodies.compiled.iter().map(|c| list_of(c, kind)).collect();
    let rows: Vec<Option<&[Vec<Cell>]>> = slots
        .iter()
        .map(|slot| {
            slot.and_then(|s| lists.get(s))
                .and_then(Option::as_ref)
                .map(|list| list.as_slice())
        })
        .collect();
    write_lists(output, fields, &rows);
    Ok(())
}

/// `robots_records(body [, profile]) -> LIST(STRUCT(line, directive, value, group, valid))`.
pub struct Records;

impl VScalar for Records {
    type State = ();

    fn invoke(
        _: &(),
        input: &mut DataChunkHandle,
        output: &mut dyn WritableVector,
    ) -> Result<(), Box<dyn Error>> {
        invoke_list(input, output, ListKind::Records, RECORDS)
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(1, true, First::BodyOrKey, || list_type(RECORDS))
    }
}

/// `robots_lint(body [, profile]) -> LIST(STRUCT(code, severity, line, column, message))`.
pub struct Lint;

impl VScalar for Lint {
    type State = ();

    fn invoke(
        _: &(),
        input: &mut DataChunkHandle,
        output: &mut dyn WritableVector,
    ) -> Result<(), Box<dyn Error>> {
        invoke_list(input, output, ListKind::Lint, LINT)
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(1, true, First::BodyOrKey, || list_type(LINT))
    }
}

/// `robots_report(body [, profile]) -> LIST(STRUCT(token, …))`: one record
/// per registry crawler; NULL for binary data.
pub struct Report;

impl VScalar for Report {
    type State = ();

    fn invoke(
        _: &(),
        input: &mut DataChunkHandle,
        output: &mut dyn WritableVector,
    ) -> Result<(), Box<dyn Error>> {
        invoke_list(input, output, ListKind::Report, REPORT)
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(1, true, First::BodyOrKey, || list_type(REPORT))
    }
}
