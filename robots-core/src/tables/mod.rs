//! The tables a check reads: their format only (what builds them is
//! [`compile`](crate::compile)).
//!
//! - [`layout`]: every record of a compiled policy, as a check reads them
//!   (with `lines`, the codec of the rules' lines, and `rank`, the order of
//!   rules);
//! - [`view`]: the tables, read from one byte region (the crate's one `unsafe` module);
//! - [`encode`]: all the tables in one buffer, the byte form of a policy;
//! - [`validate`]: the check that a set of tables is a layout the search can rely on.
//!
//! This module is the code generator's view of a policy, not a stable API.

pub mod encode;
pub mod layout;
mod lines;
mod rank;
pub mod validate;
pub mod view;

pub use layout::*;
pub use validate::LayoutError;
