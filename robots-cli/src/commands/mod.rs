//! One module per subcommand. Each takes the plain values [`crate::flags`]
//! parsed and the process's [`Streams`](crate::output::Streams); none uses
//! another (`robots-cli/tests/layout.rs` checks it).

pub mod audit;
pub mod check;
#[cfg(feature = "fetch")]
pub mod check_fetch;
pub mod compile;
pub mod completions;
pub mod diff;
pub mod explain;
#[cfg(feature = "fetch")]
pub mod fetch;
pub mod lint;
pub mod report;
pub mod test;
pub mod web;
