//! Changing a robots.txt that `robots!` compiled in rebuilds the crate, which
//! then sees the new verdict: the expansion's `include_bytes!` makes cargo
//! track the file.
//!
//! The test builds a scratch crate whose `robots!` call asserts a verdict
//! (`assert_text`), so the crate compiles only while the robots.txt gives that
//! verdict. Changing the file must turn a passing `cargo check` into a failing
//! one naming the new deciding rule, and back.
//!
//! The scratch crate shares trybuild's target directory and builds as trybuild
//! builds the `ui` and `sealed` cases (the same `--target`, rustflags and
//! features), so the dependencies those tests compile are compiled once for all
//! three, and this test only compiles the scratch crate itself.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const MAIN: &str = r#"static POLICY: robots_runtime::Policy = robots_runtime::robots!(
    "robots.txt",
    assert_text = "block AnyBot /page",
);

fn main() {
    let _ = &POLICY;
}
"#;

/// The features of robots-runtime this test was built with: trybuild builds
/// its cases with the same ones.
fn features() -> Vec<&'static str> {
    [
        ("default", cfg!(feature = "default")),
        ("fetch", cfg!(feature = "fetch")),
        ("lint", cfg!(feature = "lint")),
        ("macros", cfg!(feature = "macros")),
        ("std", cfg!(feature = "std")),
    ]
    .into_iter()
    .filter_map(|(name, on)| on.then_some(name))
    .collect()
}

fn manifest(runtime: &Path) -> String {
    format!(
        r#"[package]
name = "robots-rebuild-probe"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
robots-runtime = {{ path = {runtime:?}, default-features = false, features = {features:?} }}

[workspace]
"#,
        runtime = runtime.display().to_string(),
        features = features(),
    )
}

fn write(path: &Path, contents: impl AsRef<[u8]>) {
    std::fs::write(path, contents).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
}

/// The host's target triple, which trybuild passes as `--target`.
fn host_triple() -> String {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let output = Command::new(rustc)
        .arg("-vV")
        .output()
        .expect("run rustc -vV");
    let text = String::from_utf8_lossy(&output.stdout);
    text.lines()
        .find_map(|line| line.strip_prefix("host: "))
        .expect("rustc -vV names the host")
        .to_owned()
}

/// trybuild's target directory: `<target>/tests/trybuild`, where `<target>` is
/// the directory this test binary was built in (`CARGO_TARGET_TMPDIR` is its
/// `tmp/`).
fn trybuild_target_dir() -> PathBuf {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    tmp.parent().unwrap_or(tmp).join("tests").join("trybuild")
}

/// `cargo check` of the probe crate, built the way trybuild builds its cases'
/// dependencies.
fn check(dir: &Path, target_dir: &Path, triple: &str) -> Output {
    // trybuild's rustflags (its `rustflags.rs`); with `--target`, they apply to
    // the target's crates and not to the proc-macro and its dependencies.
    let rustflags = r#"["--cfg", "trybuild", "--verbose", "-A", "dead_code"]"#;
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    Command::new(cargo)
        .args(["check", "--quiet", "--offline", "--target", triple])
        .arg(format!("--config=build.rustflags={rustflags}"))
        .arg(format!("--config=target.{triple}.rustflags={rustflags}"))
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target_dir)
        .env("CARGO_INCREMENTAL", "0")
        .env("CARGO_TERM_COLOR", "never")
        .env_remove("RUSTFLAGS")
        .output()
        .expect("run cargo")
}

fn assert_builds(output: &Output) {
    assert!(
        output.status.success(),
        "cargo check failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

fn assert_fails_naming(output: &Output, rule: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !output.status.success(),
        "cargo check passed, but the robots.txt no longer blocks /page"
    );
    assert!(
        stderr.contains("expected `block AnyBot /page`") && stderr.contains(rule),
        "the failure does not name the new verdict ({rule}):\n{stderr}"
    );
}

#[test]
fn changed_robots_txt_rebuilds_with_the_new_verdict() {
    let runtime = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("robots-rebuild-probe");
    let target_dir = trybuild_target_dir();
    let triple = host_triple();
    std::fs::create_dir_all(dir.join("src")).expect("create the probe crate");
    write(&dir.join("Cargo.toml"), manifest(runtime));
    // The workspace's lock file pins the versions already downloaded (the build
    // is offline), as trybuild's copy of it does.
    if let Some(lock) = runtime.parent().map(|w| w.join("Cargo.lock")) {
        if lock.exists() {
            std::fs::copy(&lock, dir.join("Cargo.lock")).expect("copy Cargo.lock");
        }
    }
    write(&dir.join("src/main.rs"), MAIN);

    let robots = dir.join("robots.txt");
    write(&robots, "User-agent: *\nDisallow: /page\n");
    assert_builds(&check(&dir, &target_dir, &triple));

    write(&robots, "User-agent: *\nDisallow: /other\nAllow: /page\n");
    assert_fails_naming(
        &check(&dir, &target_dir, &triple),
        "allowed by robots.txt:3 \"Allow: /page\"",
    );

    write(&robots, "User-agent: anybot\nDisallow: /\n");
    assert_builds(&check(&dir, &target_dir, &triple));

    write(&robots, "User-agent: anybot\nDisallow: /private\n");
    assert_fails_naming(&check(&dir, &target_dir, &triple), "no rule matches");
}
