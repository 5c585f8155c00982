//! Parsing lines: bytes in, what each line was out. It never fails.
//!
//! The groups come next ([`group`](crate::group)); [`document`](crate::document)
//! puts the two together.
//!
//! - `lex`: lines, keys and values, as a profile's parser reads them;
//! - `directive`: what a key names (with typos and prefixes where a profile accepts them);
//! - `report`: what each line was ([`LineReport`]);

pub(crate) mod directive;
pub(crate) mod lex;
pub(crate) mod report;

pub use directive::{classify_key, Directive, KeyMatch, Scope};

pub use report::{LineKind, LineReport, Truncation};
