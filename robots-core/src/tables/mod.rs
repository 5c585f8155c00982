//! The tables a check reads: their format only (what builds them is
//! [`compile`](crate::compile)).
//!
//! - [`layout`]: every record of a compiled policy, as a check reads them;
//! - `lines`: the codec of the rules' lines ([`Lines`]); `rank`: the order of
//!   rules ([`rank()`]);
//! - [`view`]: the tables, read from one byte region (the crate's one `unsafe`
//!   module), and the reads of one record through another, which panic with
//!   "bug:" when a record names nothing;
//! - [`encode`]: all the tables in one buffer, the byte form of a policy;
//! - [`validate`]: the check that a set of tables is a layout the search can rely on.
//!
//! This module is the code generator's view of a policy, not a stable API.

pub mod encode;
pub mod layout;
pub(crate) mod lines;
pub(crate) mod rank;
pub mod validate;
pub mod view;

pub use layout::*;
pub use lines::{LineEscape, Lines, LINE_BLOCK, LINE_ESCAPE};
pub use rank::rank;
pub use validate::LayoutError;
pub use view::{Tables, SIZES, TABLE_COUNT};
