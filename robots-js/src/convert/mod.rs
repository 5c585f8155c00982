//! Rust values as JavaScript objects: one module per type, so that a change of
//! a Rust type touches one place.

pub mod classify;
pub mod object;
pub mod records;
pub mod rule;
pub mod signals;

#[cfg(feature = "full")]
pub mod explain;
#[cfg(feature = "full")]
pub mod fetch;
#[cfg(feature = "full")]
pub mod finding;
#[cfg(feature = "full")]
pub mod registry;
#[cfg(feature = "full")]
pub mod report;
#[cfg(feature = "full")]
pub mod verdict;
