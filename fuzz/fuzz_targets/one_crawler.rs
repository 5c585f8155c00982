//! The one-crawler forms of a policy against each other and the whole policy,
//! for arbitrary input under every profile (`../invariants.rs`,
//! `check_one_crawler_input`): the one-pass build, the two-pass build, the
//! compact rules (from the tables and straight from the text), the first
//! verdict in one call, and the deferred policy. Without the brute force of
//! `parse_and_match`, so many more inputs a second.
//!
//! Input layout: `body 0xFF agent 0xFF url`, as `parse_and_match` reads it.
#![no_main]

use libfuzzer_sys::fuzz_target;

// Shared by two targets, each of which calls only part of it.
#[allow(dead_code)]
#[path = "../invariants.rs"]
mod invariants;

fuzz_target!(|data: &[u8]| {
    invariants::check_one_crawler_input(data);
});
