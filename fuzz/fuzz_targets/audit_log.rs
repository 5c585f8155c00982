//! `robots audit` over any robots.txt and any log, in every output format:
//! no panic, and a report that accounts for every line (see
//! `audit_invariants.rs`, which robots-cli's tests replay).
#![no_main]

#[path = "../audit_invariants.rs"]
mod audit_invariants;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    audit_invariants::check_audit_input(data, "fuzz");
});
