//! The `robots-engine` npm package: the robots engine compiled to WebAssembly.
//!
//! This crate is the Rust side of the package: thin `wasm-bindgen` exports over
//! `robots-runtime`'s public API. The package's JavaScript layer (`js/`) checks
//! argument types (a wrong type is a `TypeError`), adds `FinalizationRegistry`
//! clean-up, the robots-parser drop-in, `fetchRobots` and `PolicyCache`.
//!
//! Every conversion from a Rust type to a JavaScript object lives in one module
//! of [`convert`], one per type. Nothing here can panic on input: every value
//! that comes from JavaScript is checked and a bad one is a thrown `Error`.

mod batch;
mod convert;
#[cfg(feature = "full")]
mod diff;
#[cfg(feature = "full")]
mod fetch;
mod known;
#[cfg(feature = "full")]
mod lint;
mod options;
mod policy;
mod quote;

#[cfg(feature = "full")]
pub use fetch::{FetchMachine, FetchOutcome};
pub use policy::{Matcher, Policy};

/// The module's allocator: talc rather than Rust's default dlmalloc. Compiling
/// a policy makes and drops many small vectors (for a 1 KB file, a quarter of
/// the time went to dlmalloc); talc takes them faster, in less code.
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// Not public API: the WebAssembly memory's size in bytes, for the tests that
/// check a long-running loop does not leak.
#[wasm_bindgen::prelude::wasm_bindgen(js_name = __memoryBytes)]
pub fn memory_bytes() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        // Pages of 64 KiB; at most 2^16 of them: exact as f64.
        #[allow(clippy::cast_precision_loss)]
        let bytes = (core::arch::wasm32::memory_size(0) * 65536) as f64;
        bytes
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0.0
    }
}
