//! `robots_access(body, agent [, profile])`: how much of the site a crawler
//! may fetch, decided exactly over the rules (`Matcher::classify`), never by
//! probing paths.

use super::{signatures, Call, Pairs};
use crate::output::{struct_type, write_structs, Cell, Field, Kind};
use duckdb::core::DataChunkHandle;
use duckdb::vscalar::{ScalarFunctionSignature, VScalar};
use duckdb::vtab::arrow::WritableVector;
use robots_runtime::classify::{Classification, Witness};
use std::error::Error;
use std::rc::Rc;

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
        let pairs = Pairs::new(&mut call, 0, 1)?;
        // Classifying explores the rules: once per (body, agent), kept with
        // the pair's resolution. A crawler that ignores `*` and that no group
        // names may fetch everything, as `robots report` says.
        let answers: Vec<Rc<Vec<Cell>>> = pairs
            .resolved
            .iter()
            .map(|r| {
                r.access(|matcher| match matcher {
                    Some(m) => record(&m.classify()),
                    None => record(&Classification::Allowed { rules: Vec::new() }),
                })
            })
            .collect();
        let rows: Vec<Option<&[Cell]>> = pairs
            .rows
            .iter()
            .map(|pair| {
                let (pair, _) = (*pair)?;
                answers.get(pair as usize).map(|cells| cells.as_slice())
            })
            .collect();
        write_structs(output, ACCESS, &rows);
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(2, true, || struct_type(ACCESS))
    }
}
