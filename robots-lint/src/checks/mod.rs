//! The whole-file checks, each over a parsed document: the crawlers it names
//! against the registry, how its lines group, what its rules decide (proven on
//! the compiled patterns, with the rule tables they share), and where the four
//! profiles disagree.

pub(crate) mod agents;
pub(crate) mod disagreement;
pub(crate) mod rules;
pub(crate) mod semantics;
pub(crate) mod structure;
