//! The CLI's module layout, checked from its source: the command modules use
//! `flags` and the shared helpers, never each other, and no two modules import
//! each other, directly or in a longer cycle.
//!
//! A module's dependencies are the `crate::NAME` paths in its code (test modules
//! after `#[cfg(test)]` are left out: they may use what they test).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("list src") {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
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

/// The code of a file without its test modules.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("read source");
    match text.find("#[cfg(test)]") {
        Some(at) => text[..at].to_owned(),
        None => text,
    }
}

/// The modules `code` refers to with `crate::` paths (`crate::commands::x` is
/// `commands::x`), among `known`.
fn references(code: &str, known: &BTreeSet<String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        let path: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
            .collect();
        let mut names = path.split("::");
        let first = names.next().unwrap_or_default().to_owned();
        let nested = names.next().map(|second| format!("{first}::{second}"));
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
    // Depth-first search; a module met again while on the path closes a cycle.
    fn visit<'g>(
        m: &'g str,
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<&'g str>,
        done: &mut BTreeSet<&'g str>,
        cycles: &mut Vec<String>,
    ) {
        if let Some(at) = path.iter().position(|p| *p == m) {
            let mut cycle: Vec<&str> = path[at..].to_vec();
            cycle.push(m);
            cycles.push(cycle.join(" -> "));
            return;
        }
        if !done.insert(m) {
            return;
        }
        path.push(m);
        for next in graph.get(m).into_iter().flatten() {
            visit(next, graph, path, done, cycles);
        }
        path.pop();
    }
    let mut cycles = Vec::new();
    let mut done = BTreeSet::new();
    for m in graph.keys() {
        visit(m, &graph, &mut Vec::new(), &mut done, &mut cycles);
    }
    assert!(cycles.is_empty(), "import cycles:\n{}", cycles.join("\n"));
}
