//! The tables a check reads: their layout, how they are built from rules, and
//! their byte form.
//!
//! - `staging`: the compiler's working records (rules, groups, trie nodes);
//! - `trie`: the path-compressed prefix trie over rules' first literal segments;
//! - `key_sort`: sorting the trie's keys eight bytes at a time;
//! - `derive`: the search tables derived from the tries;
//! - [`layout`]: every record of a compiled policy, as a check reads them;
//! - [`view`]: the tables, read from one byte region (the crate's one `unsafe` module);
//! - [`encode`]: all the tables in one buffer, the byte form of a policy;
//! - [`validate`]: the check that a set of tables is a layout the search can rely on.
//!
//! This module is the code generator's view of a policy, not a stable API.

pub(crate) mod derive;
pub mod encode;
pub(crate) mod key_sort;
pub mod layout;
pub(crate) mod staging;
pub(crate) mod trie;
pub mod validate;
pub mod view;

pub use layout::*;
pub use validate::LayoutError;
