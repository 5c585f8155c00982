//! What the site-owner commands share beyond the lint: concrete probe URLs
//! derived from a file's rules, diffs between two versions of a file, and the
//! CI assertion format.

pub(crate) mod assertions;
pub(crate) mod diff;
pub(crate) mod probe;
