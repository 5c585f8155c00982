//! The CLI's integration tests, as one test binary (one link instead of one per
//! file). Most run the tool in process through `robots_cli::run`
//! (`support::robots`); the process-level ones (exit status of the real binary,
//! standard input, broken pipes, the working directory) spawn the built
//! `robots`.
//!
//! A new file of tests here is a module: add `mod NAME;` below.

mod support;

mod audit_accounting;
mod bounded;
mod check;
mod color;
mod compiled;
mod conformance;
mod crawlers;
mod fallback;
mod fetch;
mod layout;
mod lint_catalogue;
mod new_user;
mod notices;
mod report;
mod sarif;
mod shape;
mod site_owner;
mod stumbles;
mod summaries;
mod web;
mod wildcard;
