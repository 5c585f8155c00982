//! The crate's folders are its pipeline: no stage may depend on a later one.
//!
//! Every top-level module of `src/` (a folder, or a file beside `lib.rs`) is a
//! node; `crate::X` in its code (not its comments or tests) is an edge to `X`.
//! The graph must have no cycle, so a newcomer can read the stages in order.
// A test may index: a panic there is a failed test, with its location.
#![allow(clippy::indexing_slicing)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The code of a source file, without comments and without its test module
/// (tests may reach any stage).
fn code_of(source: &str) -> String {
    let end = ["#[cfg(test)]", "#[cfg(all(test"]
        .iter()
        .filter_map(|marker| source.find(marker))
        .min()
        .unwrap_or(source.len());
    source[..end]
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The top-level modules `code` refers to as `crate::X`.
fn references(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            out.insert(name);
        }
    }
    out
}

fn collect(dir: &Path, module: &str, graph: &mut BTreeMap<String, BTreeSet<String>>) {
    for entry in fs::read_dir(dir).expect("source folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            collect(&path, module, graph);
        } else if path.extension().is_some_and(|e| e == "rs")
            && path.file_stem().is_some_and(|s| s != "tests")
        {
            let code = code_of(&fs::read_to_string(&path).expect("source file"));
            let deps = graph.entry(module.to_owned()).or_default();
            deps.extend(references(&code).into_iter().filter(|d| d != module));
        }
    }
}

fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph = BTreeMap::new();
    for entry in fs::read_dir(&src).expect("src") {
        let path = entry.expect("entry").path();
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("utf-8 name")
            .to_owned();
        if name == "lib" {
            continue;
        }
        if path.is_dir() {
            collect(&path, &name, &mut graph);
        } else {
            let code = code_of(&fs::read_to_string(&path).expect("source file"));
            let deps = graph.entry(name.clone()).or_default();
            deps.extend(references(&code).into_iter().filter(|d| *d != name));
        }
    }
    // Only edges between modules (crate-root re-exports such as `crate::Policy`
    // name a module's item through `lib.rs`; they are not allowed either).
    graph
}

/// A cycle of the graph, if it has one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = stack.iter().position(|n| n == node) {
            let mut cycle = stack[at..].to_vec();
            cycle.push(node.to_owned());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, stack, done) {
                return Some(cycle);
            }
        }
        stack.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[test]
fn stages_depend_only_on_earlier_stages() {
    let graph = module_graph();
    for stage in ["parse", "group", "compile", "tables", "search", "policy"] {
        assert!(graph.contains_key(stage), "no module `{stage}`: {graph:?}");
    }
    // Every reference names a module, not an item re-exported at the crate root.
    for (module, deps) in &graph {
        for dep in deps {
            assert!(
                graph.contains_key(dep),
                "`{module}` names `crate::{dep}`: use the module path, not the root re-export"
            );
        }
    }
    if let Some(cycle) = find_cycle(&graph) {
        panic!("module cycle: {}", cycle.join(" -> "));
    }
}

#[test]
fn the_cycle_finder_finds_cycles() {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    graph.entry("a".into()).or_default().insert("b".into());
    graph.entry("b".into()).or_default().insert("c".into());
    graph.entry("c".into()).or_default();
    assert_eq!(find_cycle(&graph), None);
    graph.entry("c".into()).or_default().insert("a".into());
    assert_eq!(
        find_cycle(&graph),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
}

#[test]
fn comments_and_tests_are_not_code() {
    let source = "//! see crate::policy\nuse crate::parse::Directive;\n#[cfg(test)]\nmod tests { use crate::lint; }\n";
    assert_eq!(
        references(&code_of(source)),
        BTreeSet::from(["parse".to_owned()])
    );
}
