//! `robots_compile(body [, profile])`: a key to the body compiled once, for
//! the keyed forms of the other functions ([`crate::registry`] says what a
//! key is and how long it lasts).
//!
//! ```sql
//! CREATE TABLE p AS SELECT host, robots_compile(body) AS k FROM robots;
//! SELECT robots_allowed(p.k, 'GPTBot', u.url) FROM urls u JOIN p USING (host);
//! ```

use super::{signatures, Call, First};
use crate::cache::FastMap;
use crate::registry;
use crate::vectors::Keys;
use duckdb::core::{DataChunkHandle, LogicalTypeHandle, LogicalTypeId};
use duckdb::vscalar::{ScalarFunctionSignature, VScalar};
use duckdb::vtab::arrow::WritableVector;
use robots_runtime::Profile;
use std::error::Error;

/// `robots_compile(body [, profile]) -> UBIGINT`.
pub struct Compile;

impl VScalar for Compile {
    type State = ();

    fn invoke(
        _: &(),
        input: &mut DataChunkHandle,
        output: &mut dyn WritableVector,
    ) -> Result<(), Box<dyn Error>> {
        let mut call = Call::new(input, 1)?;
        let mut keys = Vec::with_capacity(call.rows());
        // Rows that share a value share an address: one registry lookup each.
        let mut seen: FastMap<(usize, usize, Profile), u64> = FastMap::default();
        for row in 0..call.rows() {
            let (Some(body), Some(profile)) = (call.text(0, row), call.profile(row)?) else {
                keys.push(None);
                continue;
            };
            let address = (body.as_ptr() as usize, body.len(), profile);
            let key = match seen.get(&address) {
                Some(&key) => key,
                None => {
                    let key = registry::compile(body, profile)?;
                    seen.insert(address, key);
                    key
                }
            };
            keys.push(Some(key));
        }
        Keys::new(output.flat_vector()).write(&keys);
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(1, true, First::Text, || {
            LogicalTypeHandle::from(LogicalTypeId::UBigint)
        })
    }
}
