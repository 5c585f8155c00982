//! `robots_access(body, agent [, profile])`: how much of the site a crawler
//! may fetch, decided exactly over the rules (`Matcher::classify`), never by
//! probing paths.

use super::{signatures, Call, Matchers};
use crate::cache::Bodies;
use crate::output::{struct_type, write_structs, Cell, Field, Kind};
use duckdb::core::DataChunkHandle;
use duckdb::vscalar::{ScalarFunctionSignature, VScalar};
use duckdb::vtab::arrow::WritableVector;
use robots_runtime::classify::{Classification, Witness};
use std::collections::HashMap;
use std::error::Error;

/// The fields of the record: the class (`allowed`, `blocked`, `partial`,
/// `undecided`), a shortest allowed and disallowed path of a `partial`
/// answer with the lines of the rules that decide them (NULL line: no rule
/// matches), and why an answer is `undecided`. As `robots report --format
/// json` gives a crawler's `access`.
pub const ACCESS: &[Field] = &[
    ("kind", Kind::Text),
    ("allowed_path", Kind::Text),
    ("allowed_line", Kind::Int),
    ("disallowed_path", Kind::Text),
    ("disallowed_line", Kind::Int),
    ("reason", Kind::Text),
];

fn witness(w: &Witness<'_>) -> [Cell; 2] {
    [
        Cell::text(&w.path),
        Cell::or_null(w.rule.as_ref(), |r| Cell::int(r.line)),
    ]
}

/// The record of one answer.
pub fn record(answer: &Classification<'_>) -> Vec<Cell> {
    let mut cells = vec![Cell::Text(answer.name().to_owned())];
    match answer {
        Classification::Partial {
            allowed,
            disallowed,
        } => {
            cells.extend(witness(allowed));
            cells.extend(witness(disallowed));
            cells.push(Cell::Null);
        }
        Classification::Undecided(why) => {
            cells.extend([Cell::Null, Cell::Null, Cell::Null, Cell::Null]);
            cells.push(Cell::Text(why.to_string()));
        }
        _ => cells.extend([Cell::Null, Cell::Null, Cell::Null, Cell::Null, Cell::Null]),
    }
    cells
}

/// `robots_access(body, agent [, profile]) -> STRUCT(kind, …)`.
pub struct Access;

impl VScalar for Access {
    type State = ();

    fn invoke(
        _: &(),
        input: &mut DataChunkHandle,
        output: &mut dyn WritableVector,
    ) -> Result<(), Box<dyn Error>> {
        let mut call = Call::new(input, 2)?;
        let mut bodies = Bodies::default();
        let slots = call.body_slots(0, &mut bodies)?;
        let mut matchers = Matchers::new(&bodies.compiled);
        // Classifying explores the rules: once per (body, agent) of the vector.
        let mut answers: HashMap<(usize, &[u8]), Vec<Cell>> = HashMap::new();
        let mut rows = Vec::with_capacity(call.rows());
        for (row, slot) in slots.into_iter().enumerate() {
            let answer = match (slot, call.text(1, row)) {
                (Some(slot), Some(agent)) => match answers.get(&(slot, agent)) {
                    Some(found) => Some(found.clone()),
                    None => matchers.get(slot, agent).map(|matcher| {
                        let cells = record(&matcher.classify());
                        answers.insert((slot, agent), cells.clone());
                        cells
                    }),
                },
                _ => None,
            };
            rows.push(answer);
        }
        write_structs(output, ACCESS, &rows);
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(2, true, || struct_type(ACCESS))
    }
}
