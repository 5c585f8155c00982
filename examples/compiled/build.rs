//! Compiles `robots.txt` into `$OUT_DIR/robots_policy.rs`; `src/main.rs` includes it.

use robots_codegen::{Builder, Profile};

fn main() -> Result<(), robots_codegen::Error> {
    // Relative to this package's directory. Prints `cargo:rerun-if-changed`, so
    // editing robots.txt reruns this script; a strict build fails on any error
    // finding, each printed as `robots.txt:LINE:COL` with the line.
    Builder::new("robots.txt")
        .profile(Profile::Google)
        .strict(true)
        .write("robots_policy.rs")?;
    Ok(())
}
