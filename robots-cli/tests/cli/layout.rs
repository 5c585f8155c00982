//! The CLI's module layout, checked from its source: the command modules use
//! `flags` and the shared helpers, never each other, and no two modules import
//! each other, directly or in a longer cycle.
//!
//! A module's dependencies are the `crate::NAME` paths in its code: whole
//! files less comments, literals and `mod tests` blocks (tests may use what
//! they test). The scan is robots-core's layout guard's.

#[path = "../../../robots-core/tests/guard/mod.rs"]
mod guard;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, recursively (but `tests.rs` files).
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    out.extend(guard::rust_files(dir));
}

/// The module a file belongs to: `flags` for `flags/defs.rs`, `commands::check`
/// for `commands/check.rs`, `commands` for `commands/mod.rs`; `None` for the
/// crate root and `main.rs`.
fn module_of(path: &Path) -> Option<String> {
    let rel = path.strip_prefix(src()).ok()?;
    let parts: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    match parts.as_slice() {
        [root] if root == "lib" || root == "main" => None,
        [top, child] if top == "commands" && child != "mod" => Some(format!("commands::{child}")),
        [top, ..] => Some(top.clone()),
        [] => None,
    }
}

/// The code of a file without its comments, literals and test modules.
fn code(path: &Path) -> String {
    guard::code_of_file(path)
}

/// The modules `code` refers to with `crate::` paths (`crate::commands::x` is
/// `commands::x`), among `known`.
fn references(code: &str, known: &BTreeSet<String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for names in guard::crate_paths(code) {
        let first = names.first().cloned().unwrap_or_default();
        let nested = names.get(1).map(|second| format!("{first}::{second}"));
        match nested {
            Some(n) if known.contains(&n) => {
                out.insert(n);
            }
            _ if known.contains(&first) => {
                out.insert(first);
            }
            _ => {}
        }
    }
    out
}

/// Every module and the modules it uses.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let modules: Vec<(String, PathBuf)> = files
        .iter()
        .filter_map(|f| Some((module_of(f)?, f.clone())))
        .collect();
    let known: BTreeSet<String> = modules.iter().map(|(m, _)| m.clone()).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, file) in &modules {
        let uses = references(&code(file), &known);
        let entry = graph.entry(module.clone()).or_default();
        entry.extend(uses.into_iter().filter(|u| u != module));
    }
    graph
}

#[test]
fn the_scan_finds_the_modules_and_their_uses() {
    let graph = graph();
    for module in [
        "flags",
        "error",
        "input",
        "output",
        "json",
        "commands::check",
        "commands::lint",
    ] {
        assert!(graph.contains_key(module), "{module} not found: {graph:?}");
    }
    // The scan sees real uses (or every later check would pass vacuously).
    assert!(graph["commands::check"].contains("flags"), "{graph:?}");
    assert!(graph["flags"].contains("input"), "{graph:?}");
    let known: BTreeSet<String> = ["a", "b", "commands", "commands::x"]
        .map(String::from)
        .into();
    let found = references(
        "use crate::a::{B, C};\nuse crate::commands::x::run;\ncrate::b::f();",
        &known,
    );
    assert_eq!(found, ["a", "b", "commands::x"].map(String::from).into());
}

#[test]
fn commands_use_flags_and_helpers_never_each_other() {
    let mut files = Vec::new();
    rust_files(&src().join("commands"), &mut files);
    let mut failures = Vec::new();
    for file in &files {
        let Some(module) = module_of(file).filter(|m| m.starts_with("commands::")) else {
            continue;
        };
        let code = code(file);
        if code.contains("super::") {
            failures.push(format!("{module} uses `super::` (a sibling command)"));
        }
        for used in &graph()[&module] {
            if used.starts_with("commands") {
                failures.push(format!("{module} uses {used}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn no_module_import_cycles() {
    let graph = graph();
    if let Some(cycle) = guard::find_cycle(&graph) {
        panic!("import cycle: {}", cycle.join(" -> "));
    }
}
