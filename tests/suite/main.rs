//! The workspace-level tests (conformance, corpus, properties, agreement with
//! the peer engines, serialisation, chains, the API), as one test binary: one
//! link instead of one per file. `heap.rs` stays a binary of its own: it
//! installs a counting global allocator, which must see no other test's
//! allocations.
//!
//! A new file of tests here is a module: add `mod NAME;` below.

mod agreement;
mod api;
mod chains;
mod classify;
mod conformance;
mod corpus;
mod properties;
mod serialize;
mod static_differential;
