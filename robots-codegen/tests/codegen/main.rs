//! robots-codegen's integration tests, as one test binary (one link instead of
//! one per file).
//!
//! A new file of tests here is a module: add `mod NAME;` below.

mod assertions;
mod generate;
