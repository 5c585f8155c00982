//! robots-runtime's integration tests, as one test binary (one link instead of
//! one per file): the `robots!` macro, rebuilds on a changed robots.txt, the
//! sealed facade and the macro's compile errors (trybuild).
//!
//! A new file of tests here is a module: add `mod NAME;` below.

mod macro_static;
mod readme_root;
mod rebuild;
mod sealed;
mod ui;
