//! Compiles the test policies statically, through the build.rs API
//! (`robots_codegen::Builder`) and through the `robots!` macro, so the agreement
//! tests can prove both give the run-time engine's verdicts.
//!
//! Writes `$OUT_DIR/static_policies.rs`, which defines `(name, &Policy)` tables:
//! - `CORPUS_BUILT`: every corpus file under `rfc9309`, through the build.rs API
//!   only (the digest snapshot and the whole-corpus differential test). The
//!   macro is a second front end on the same generator
//!   (`robots_codegen::policy_expr`), and expanding 40 MB of tables through it
//!   was three quarters of the test's compile time: it is checked on the
//!   curated and random files instead;
//! - `CURATED_BUILT`, `CURATED_MACRO`: the curated conformance bodies and corpus
//!   files under every profile, both ways, named `<name>/<profile>` (the
//!   reviewed snapshots);
//!
//! and `$OUT_DIR/random_policies.rs`, which defines `RANDOM_BUILT` and
//! `RANDOM_MACRO`: random robots.txt files (seeded, so every build writes the
//! same ones) for the differential test, under every profile, whose bytes are in
//! `$OUT_DIR/random/<name>.txt`.

#[path = "testdata.rs"]
#[allow(dead_code)]
mod testdata;

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use robots_codegen::{Builder, Profile};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The profile the whole corpus is compiled in under.
const CORPUS_PROFILE: Profile = Profile::Rfc9309;

fn fail(what: &str, err: impl std::fmt::Display) -> ! {
    panic!("tests/build.rs: {what}: {err}")
}

/// Write `bytes` to `file` unless it already holds them, dated to the epoch.
///
/// The files written here are inputs the generator reports with
/// `cargo:rerun-if-changed`, and cargo counts a file as changed when it is newer
/// than this script's last start. Rewriting one on every run would rerun this
/// script (and rebuild every test) on every cargo command; and a file written for
/// the first time, in a fresh `OUT_DIR`, would still be newer than the run that
/// wrote it, and cost one needless rebuild of every test. Its content comes from
/// `testdata/`, which is watched itself, so its own date says nothing.
fn write_unless_same(file: &Path, bytes: &[u8]) {
    if std::fs::read(file).is_ok_and(|old| old == bytes) {
        return;
    }
    std::fs::write(file, bytes).unwrap_or_else(|e| fail(&format!("write {}", file.display()), e));
    std::fs::File::options()
        .write(true)
        .open(file)
        .and_then(|f| f.set_modified(std::time::SystemTime::UNIX_EPOCH))
        .unwrap_or_else(|e| fail(&format!("date {}", file.display()), e));
}

fn emit(out: &mut String, table: &str, prefix: &str, entries: &[(String, String)]) {
    for (i, (_, expr)) in entries.iter().enumerate() {
        let _ = writeln!(
            out,
            "static {prefix}_{i}: ::robots_runtime::Policy = {expr};"
        );
    }
    let _ = writeln!(
        out,
        "pub static {table}: &[(&str, &::robots_runtime::Policy)] = &["
    );
    for (i, (name, _)) in entries.iter().enumerate() {
        let _ = writeln!(out, "    ({name:?}, &{prefix}_{i}),");
    }
    out.push_str("];\n");
}

/// Compile `file` under `profile` with the build.rs API into `$OUT_DIR/generated`;
/// returns the initializer expression that includes it.
fn built_by_builder(file: &Path, generated: &str, profile: Profile) -> String {
    Builder::new(file)
        .profile(profile)
        // Much of the corpus is broken on purpose: no cargo:warning per error.
        .warn(false)
        .write(generated)
        .unwrap_or_else(|e| fail(&format!("generating {}", file.display()), e));
    format!("include!(concat!(env!(\"OUT_DIR\"), \"/{generated}\"))")
}

/// Compile `file` both ways under `profile`; returns the (build.rs, macro) initializer expressions.
fn both_ways(file: &Path, generated: &str, profile: Profile) -> (String, String) {
    let built = built_by_builder(file, generated, profile);
    let path = file.to_str().unwrap_or_else(|| fail("path", "not UTF-8"));
    let expanded = format!("::robots_runtime::robots!({path:?}, profile = {profile})");
    (built, expanded)
}

/// A random robots.txt line: user-agent lines, rules over a small alphabet (so
/// rules overlap and wildcards matter), extension records, blank lines, junk.
fn random_line() -> impl Strategy<Value = String> {
    let pattern = proptest::string::string_regex("[/*][/a-c*$%2F?=.]{0,7}|")
        .unwrap_or_else(|e| fail("regex", e));
    proptest::prop_oneof![
        3 => proptest::sample::select(vec!["*", "FooBot", "foobot/1.0", "BarBot", "* x", "Foo"]).prop_map(|a| format!("User-agent: {a}")),
        6 => (proptest::bool::ANY, pattern).prop_map(|(allow, p)| format!("{}: {p}", if allow { "Allow" } else { "Disallow" })),
        1 => proptest::sample::select(vec!["", "# note", "Crawl-delay: 2", "Sitemap: https://e.x/s.xml", "Disalow: /a", "disallow /b", "Allow: /c/index.html"]).prop_map(str::to_owned),
    ]
}

/// The random files: same seed, same files, on every build.
fn random_files() -> Vec<String> {
    let config = Config {
        cases: 1,
        ..Config::default()
    };
    let mut runner =
        TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &[7; 32]));
    let file = proptest::collection::vec(random_line(), 0..24).prop_map(|lines| lines.join("\n"));
    (0..48)
        .map(|_| {
            file.new_tree(&mut runner)
                .unwrap_or_else(|e| fail("random file", e))
                .current()
        })
        .collect()
}

fn main() {
    let out_dir =
        PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_else(|| fail("env", "OUT_DIR unset")));
    println!("cargo:rerun-if-changed=testdata.rs");
    let data = testdata::testdata();
    println!(
        "cargo:rerun-if-changed={}",
        data.join("conformance").display()
    );

    let mut corpus_built = Vec::new();
    let (mut curated_built, mut curated_macro) = (Vec::new(), Vec::new());
    let mut compile_curated = |name: &str, file: &Path| {
        for profile in Profile::ALL {
            let generated = format!("curated_{}_{profile}.rs", curated_built.len() / 4);
            let (built, expanded) = both_ways(file, &generated, profile);
            curated_built.push((format!("{name}/{profile}"), built));
            curated_macro.push((format!("{name}/{profile}"), expanded));
        }
    };
    for (i, (name, txt, _)) in testdata::corpus_files().iter().enumerate() {
        let txt = txt
            .canonicalize()
            .unwrap_or_else(|e| fail("canonicalize", e));
        let generated = format!("corpus_{i}.rs");
        corpus_built.push((
            name.clone(),
            built_by_builder(&txt, &generated, CORPUS_PROFILE),
        ));
        if testdata::CURATED_CORPUS.contains(&name.as_str()) {
            compile_curated(name, &txt);
        }
    }

    let bodies_dir = out_dir.join("bodies");
    std::fs::create_dir_all(&bodies_dir).unwrap_or_else(|e| fail("mkdir", e));
    for body in testdata::conformance_bodies() {
        if !testdata::CURATED_BODIES.contains(&body.name.as_str()) {
            continue;
        }
        let file = bodies_dir.join(format!("{}.txt", body.name));
        write_unless_same(&file, &body.body);
        compile_curated(&body.name, &file);
    }

    let random_dir = out_dir.join("random");
    std::fs::create_dir_all(&random_dir).unwrap_or_else(|e| fail("mkdir", e));
    let (mut random_built, mut random_macro) = (Vec::new(), Vec::new());
    for (i, body) in random_files().iter().enumerate() {
        let file = random_dir.join(format!("{i}.txt"));
        write_unless_same(&file, body.as_bytes());
        for profile in Profile::ALL {
            let name = format!("{i}/{profile}");
            let (built, expanded) = both_ways(&file, &format!("random_{i}_{profile}.rs"), profile);
            random_built.push((name.clone(), built));
            random_macro.push((name, expanded));
        }
    }

    let mut src = String::from("// Generated by tests/build.rs.\n");
    emit(&mut src, "CORPUS_BUILT", "CB", &corpus_built);
    emit(&mut src, "CURATED_BUILT", "KB", &curated_built);
    emit(&mut src, "CURATED_MACRO", "KM", &curated_macro);
    std::fs::write(out_dir.join("static_policies.rs"), src).unwrap_or_else(|e| fail("write", e));
    let mut src = String::from("// Generated by tests/build.rs.\n");
    emit(&mut src, "RANDOM_BUILT", "RB", &random_built);
    emit(&mut src, "RANDOM_MACRO", "RM", &random_macro);
    std::fs::write(out_dir.join("random_policies.rs"), src).unwrap_or_else(|e| fail("write", e));
}
