//! `robots_access(body, agent [, profile])`: how much of the site a crawler
//! may fetch, decided exactly over the rules (`Matcher::classify`), never by
//! probing paths: `robots report`'s row for the crawler
//! (`CrawlerReport::for_chain` over the crawler's chain, so `Googlebot-Image`
//! follows `Googlebot`'s group where none names it, and a crawler that
//! ignores `*` may fetch everything where no group names it).

use super::{signatures, Call, First, Pairs};
use crate::output::{struct_type, write_structs, Cell, Field, Kind};
use duckdb::core::DataChunkHandle;
use duckdb::vscalar::{ScalarFunctionSignature, VScalar};
use duckdb::vtab::arrow::WritableVector;
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

/// The record of one crawler's access, as `robots report` computes it.
pub fn record(access: &robots_lint::Access) -> Vec<Cell> {
    use robots_lint::Access;
    let mut cells = vec![Cell::Text(access.name().to_owned())];
    match access {
        Access::Partial {
            allowed,
            allowed_line,
            disallowed,
            disallowed_line,
        } => cells.extend([
            Cell::Text(allowed.clone()),
            Cell::or_null(*allowed_line, Cell::int),
            Cell::Text(disallowed.clone()),
            Cell::or_null(*disallowed_line, Cell::int),
            Cell::Null,
        ]),
        Access::Undecided(why) => {
            cells.extend([Cell::Null, Cell::Null, Cell::Null, Cell::Null]);
            cells.push(Cell::Text(why.clone()));
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
        let pairs = Pairs::new(&mut call, 1)?;
        // Classifying explores the rules: once per (body, agent), kept with
        // the pair's resolution (`robots report`'s row for the crawler).
        let answers: Vec<Rc<Vec<Cell>>> = pairs.resolved.iter().map(|r| r.access(record)).collect();
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
        signatures(2, true, First::BodyOrKey, || struct_type(ACCESS))
    }
}
