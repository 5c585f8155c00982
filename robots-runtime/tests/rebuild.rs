//! Changing a robots.txt that `robots!` compiled in rebuilds the crate, which
//! then gives the new verdict: the expansion's `include_bytes!` makes cargo
//! track the file.
//!
//! The test builds a scratch crate under cargo's test scratch directory, with
//! its own target directory there, kept between runs so its dependencies are
//! built once.

use std::path::Path;
use std::process::Command;

const MAIN: &str = r#"static POLICY: robots_runtime::Policy = robots_runtime::robots!("robots.txt");

fn main() {
    let verdict = if POLICY.is_allowed("AnyBot", "/page") { "allowed" } else { "disallowed" };
    println!("{verdict}");
}
"#;

fn manifest(runtime: &Path) -> String {
    format!(
        r#"[package]
name = "robots-rebuild-probe"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
robots-runtime = {{ path = {runtime:?}, default-features = false, features = ["macros"] }}

[profile.dev]
debug = false

[workspace]
"#,
        runtime = runtime.display().to_string()
    )
}

fn write(path: &Path, contents: impl AsRef<[u8]>) {
    std::fs::write(path, contents).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
}

/// `cargo run` in the probe crate; its one line of output.
fn run(dir: &Path, target: &Path) -> String {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args(["run", "--quiet", "--offline"])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
        .env("CARGO_TERM_COLOR", "never")
        .output()
        .expect("run cargo");
    assert!(
        output.status.success(),
        "cargo run failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).trim().to_owned()
}

#[test]
fn changed_robots_txt_rebuilds_with_the_new_verdict() {
    let runtime = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("robots-rebuild");
    let dir = scratch.join("probe");
    let target = scratch.join("target");
    std::fs::create_dir_all(dir.join("src")).expect("create the probe crate");
    write(&dir.join("Cargo.toml"), manifest(runtime));
    // The workspace's lock file pins the versions already downloaded (the build is offline).
    if let Some(lock) = runtime.parent().map(|w| w.join("Cargo.lock")) {
        if lock.exists() {
            std::fs::copy(&lock, dir.join("Cargo.lock")).expect("copy Cargo.lock");
        }
    }
    write(&dir.join("src/main.rs"), MAIN);

    let robots = dir.join("robots.txt");
    write(&robots, "User-agent: *\nDisallow: /page\n");
    assert_eq!(run(&dir, &target), "disallowed");

    write(&robots, "User-agent: *\nDisallow: /other\n");
    assert_eq!(run(&dir, &target), "allowed");

    write(&robots, "User-agent: anybot\nDisallow: /\n");
    assert_eq!(run(&dir, &target), "disallowed");
}
