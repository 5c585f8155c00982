//! robots-fetch's integration tests, as one test binary (one link instead of
//! one per file). `tests/weight.rs` stays a binary of its own: it installs a
//! counting global allocator, which must see no other test's allocations.
//!
//! A new file of tests here is a module: add `mod NAME;` below.

mod support;

mod agent_cache;
mod blocking;
mod cache;
mod faults;
mod state_machine;
