//! What a user sees when `robots!` fails: each case in `tests/ui/*.rs` with its
//! expected compiler output in the `.stderr` beside it.
//!
//! After an intended change of the messages: `TRYBUILD=overwrite cargo test -p robots-runtime --test ui`,
//! then read the new `.stderr` files before committing them.

#[test]
fn ui() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/*.rs");
}
