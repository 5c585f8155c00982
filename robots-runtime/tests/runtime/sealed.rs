//! The facade is sealed: nothing in the crate root or its named modules builds
//! a `Policy` from raw tables, names the table layout, or alters what a check
//! hands out. Only `__private` (doc-hidden, not public API, for generated code)
//! reaches the tables; each case here must fail to compile, with the error in
//! the `.stderr` beside it.
//!
//! After an intended change of the messages: `TRYBUILD=overwrite cargo test -p robots-runtime --test sealed`,
//! then read the new `.stderr` files before committing them.

#[test]
fn sealed() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/sealed/*.rs");
}

/// The one way in that does exist is `__private`, and it is hidden from the docs.
#[test]
fn the_way_in_is_private_and_hidden() {
    // Static tables (as generated code has them) make a policy; bytes from
    // anywhere else go through the checked `from_bytes`.
    let policy: &'static robots_runtime::Policy = Box::leak(Box::new(
        robots_runtime::Policy::parse("User-agent: *\nDisallow: /x\n", Default::default()),
    ));
    let tables: &'static _ = Box::leak(Box::new(*robots_runtime::__private::tables(policy)));
    let again = robots_runtime::__private::policy(tables);
    assert_eq!(again.check("bot", "/x"), policy.check("bot", "/x"));
    let lib = include_str!("../../src/lib.rs");
    let private = lib.find("pub mod __private").expect("a __private module");
    assert!(
        lib[..private].trim_end().ends_with("#[doc(hidden)]"),
        "__private must be #[doc(hidden)]"
    );
}
