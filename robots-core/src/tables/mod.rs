//! The tables a check reads: their layout, and how they are built from rules.
//!
//! - `layout`: every record and table of a compiled policy;
//! - `trie`: the path-compressed prefix trie over rules' first literal segments;
//! - `key_sort`: sorting the trie's keys eight bytes at a time;
//! - `derive`: the tables derived from the tries that make a check cheap;
//! - `validate`: the check that every index and span of a set of tables is in range.
//!
//! This module is the code generator's view of a policy, not a stable API.

pub(crate) mod derive;
pub(crate) mod key_sort;
pub mod layout;
pub(crate) mod trie;
pub mod validate;

pub use layout::*;
pub use validate::LayoutError;
