//! `robots_token(user_agent_header)`: the product token a robots.txt names
//! for the crawler that sends the header, as the engine reads it
//! (`robots_registry::token_of_header`): a registry crawler's token when the
//! header has one of its documented forms, else the first RFC 9110 product
//! token that is no browser boilerplate; NULL for a browser's header.

use super::{signatures, Call, First};
use duckdb::core::{DataChunkHandle, Inserter, LogicalTypeHandle, LogicalTypeId};
use duckdb::vscalar::{ScalarFunctionSignature, VScalar};
use duckdb::vtab::arrow::WritableVector;
use robots_runtime::registry::token_of_header;
use std::error::Error;

/// `robots_token(header) -> VARCHAR`.
pub struct Token;

impl VScalar for Token {
    type State = ();

    fn invoke(
        _: &(),
        input: &mut DataChunkHandle,
        output: &mut dyn WritableVector,
    ) -> Result<(), Box<dyn Error>> {
        let call = Call::new(input, 1)?;
        let mut out = output.flat_vector();
        for row in 0..call.rows() {
            match call.text(0, row).and_then(token_of_header) {
                // A VARCHAR holds UTF-8 only: a BLOB header's stray bytes become U+FFFD.
                Some(found) => out.insert(row, &*String::from_utf8_lossy(found.token)),
                None => out.set_null(row),
            }
        }
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(1, false, First::Text, || {
            LogicalTypeHandle::from(LogicalTypeId::Varchar)
        })
    }
}
