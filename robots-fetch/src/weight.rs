//! How many bytes of memory a cached origin holds: what the cache's bound weighs.

use robots_runtime::fetch::Outcome;

/// Bytes an entry holds besides its policy: the outcome's strings, the entry
/// itself and moka's bookkeeping, roughly.
const ENTRY_OVERHEAD: usize = 512;

/// The heap bytes of a compiled policy built from `body_len` bytes of robots.txt.
///
/// THE ONE PLACE TO SWITCH: this is an estimate from the body length until
/// `Policy::heap_bytes()` exists; then it becomes `policy.heap_bytes()`. The
/// factor was measured with a counting allocator over the corpus
/// (`benches/fetch.rs`, "heap bytes per origin"): compiled tables take about
/// 4 bytes per body byte, plus the text itself.
fn policy_heap_bytes(body_len: usize) -> usize {
    body_len.saturating_mul(5)
}

/// The weight of one cached origin, in bytes (saturating at `u32::MAX`, moka's unit).
pub(crate) fn entry_weight(key: &str, outcome: &Outcome) -> u32 {
    let policy = outcome
        .copy
        .as_ref()
        .map_or(0, |copy| policy_heap_bytes(copy.bytes));
    let strings = outcome.robots_url.len() + outcome.final_url.len() + key.len();
    u32::try_from(ENTRY_OVERHEAD + strings + policy).unwrap_or(u32::MAX)
}
