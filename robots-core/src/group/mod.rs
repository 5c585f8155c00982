//! Grouping: which user-agent lines own which rules, and which groups apply to a crawler.
//!
//! - `grouper`: the grouping state machine, line by line, per profile;
//! - `agent`: how a user-agent line names a crawler;
//! - `select`: the one definition of which groups apply, and its compiled index.

pub mod agent;
pub(crate) mod grouper;
pub(crate) mod select;

pub use grouper::{AgentToken, Group, GroupAgent};
