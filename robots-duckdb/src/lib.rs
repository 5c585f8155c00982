//! The robots engine as a DuckDB extension: robots.txt verdicts, exact access
//! classes, records, lint findings and the crawler report as SQL functions.
//!
//! ```sql
//! SET allow_unsigned_extensions = true;  -- or start DuckDB with -unsigned
//! LOAD 'robots-duckdb/dist/robots.duckdb_extension';
//! SELECT robots_allowed(body, 'GPTBot', url) FROM pages JOIN robots USING (host);
//! ```
//!
//! The functions ([`functions`]) are vectorised: each call gets a vector of
//! rows, and each distinct body of the vector is parsed once ([`cache`]). The
//! library is built on DuckDB's C extension API through the `duckdb` crate's
//! `loadable-extension` feature: nothing of DuckDB is compiled in, every call
//! goes through the function table DuckDB hands the extension at `LOAD`.
//! `build.sh` appends the metadata footer DuckDB reads before loading.

#![deny(unsafe_code)]

mod cache;
mod crawler;
pub mod functions;
mod output;
mod registry;
mod vectors;

use duckdb::Connection;
use std::error::Error;

/// The entry point DuckDB calls at `LOAD` (`robots_init_c_api`, made by the
/// macro): register the functions. The C API version is the oldest whose
/// functions the extension calls; DuckDB loads it from that version on.
#[allow(unsafe_code)]
mod entry {
    use super::{Connection, Error};
    use duckdb_loadable_macros::duckdb_entrypoint_c_api;

    #[duckdb_entrypoint_c_api(ext_name = "robots", min_duckdb_version = "v1.2.0")]
    pub fn init(con: Connection) -> Result<(), Box<dyn Error>> {
        super::functions::register(&con)?;
        Ok(())
    }
}
