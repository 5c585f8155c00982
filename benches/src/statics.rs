//! Ours, compiled in: every corpus file as a `static Policy` written by `robots-codegen`
//! from `build.rs` (feature `static-engine`, on by default once the code generator exists).

use robots_runtime::Policy;

/// Whether the static policies are built into this binary.
pub const AVAILABLE: bool = cfg!(feature = "static-engine");

#[cfg(feature = "static-engine")]
mod generated {
    // The generated expressions carry helpers a given policy may not use.
    #![allow(dead_code)]
    // `build.rs` writes `static P0: Policy = include!(…)` per corpus file and
    // `pub static POLICIES: &[(&str, &Policy)]`, sorted by file name.
    include!(concat!(env!("OUT_DIR"), "/statics.rs"));
}

/// The compiled-in policy of the corpus file `name` (without `.txt`), if built.
pub fn policy(name: &str) -> Option<&'static Policy> {
    #[cfg(feature = "static-engine")]
    {
        let all = generated::POLICIES;
        all.binary_search_by(|(n, _)| (*n).cmp(name))
            .ok()
            .map(|i| all[i].1)
    }
    #[cfg(not(feature = "static-engine"))]
    {
        let _ = name;
        None
    }
}
