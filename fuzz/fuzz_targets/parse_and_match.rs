//! Parse, compile, check and explain arbitrary input under every profile, and
//! assert the invariants of `../invariants.rs` (no panic; `explain` agrees with
//! `check`; the brute-force best candidate is the trie's verdict rule; ...).
//!
//! Input layout: `body 0xFF agent 0xFF url` (see `invariants::split_input`);
//! a plain robots.txt file is a valid input.
#![no_main]

use libfuzzer_sys::fuzz_target;

// Shared by two targets, each of which calls only part of it.
#[allow(dead_code)]
#[path = "../invariants.rs"]
mod invariants;

fuzz_target!(|data: &[u8]| {
    invariants::check_input(data);
});
