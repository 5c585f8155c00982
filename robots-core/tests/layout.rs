//! The crate's folders are its pipeline: a stage depends only on the stages
//! below it, and robots-core on no crate of this workspace.
//!
//! Every top-level module of `src/` (a folder, or a file beside `lib.rs`) is a
//! node; `crate::X` in its code is an edge to `X`. The code is whole files,
//! less comments, literals and `mod tests` blocks (see `guard`).

// A test may index: a panic there is a failed test, with its location.
#![allow(clippy::indexing_slicing)]

mod guard;

use guard::{code_of_file, crate_paths, find_cycle, rust_files};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The stages, lowest first: a module may use the modules of lower layers,
/// never its own layer's others or a higher one's. The first two layers are
/// the crate's vocabulary (errors, ids, byte helpers, profiles).
const LAYERS: &[&[&str]] = &[
    &["error", "ids", "sort", "swar"],
    &["profile", "encoding"],
    &["parse", "tables"],
    &["group"],
    &["document"],
    &["compile", "search", "records"],
    &["policy"],
    // Questions about a whole policy, asked through its public face.
    &["classify"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// Each module of `src` and the modules its code names.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in rust_files(src) {
        let rel = file.strip_prefix(src).expect("under src");
        let top = rel
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .expect("a utf-8 name");
        let module = top.trim_end_matches(".rs").to_owned();
        if module == "lib" {
            continue;
        }
        let uses: Vec<String> = crate_paths(&code_of_file(&file))
            .into_iter()
            .map(|names| names[0].clone())
            .filter(|used| *used != module)
            .collect();
        graph.entry(module).or_default().extend(uses);
    }
    graph
}

/// Every edge that goes sideways or up the [`LAYERS`], or names a module
/// with no layer, as a sentence.
fn wrong_edges(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut wrong = Vec::new();
    for (module, uses) in graph {
        let Some(from) = layer_of(module) else {
            wrong.push(format!("`{module}` has no layer in LAYERS"));
            continue;
        };
        for used in uses {
            match layer_of(used) {
                None if graph.contains_key(used) => {
                    wrong.push(format!("`{used}` has no layer in LAYERS"));
                }
                None => wrong.push(format!(
                    "`{module}` names `crate::{used}`: use the module path, not the root re-export"
                )),
                Some(to) if to >= from => wrong.push(format!(
                    "`{module}` (layer {from}) uses `{used}` (layer {to}): a stage uses only lower ones"
                )),
                Some(_) => {}
            }
        }
    }
    wrong
}

fn src() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn stages_depend_only_on_lower_stages() {
    let graph = module_graph(&src());
    for stage in ["parse", "group", "compile", "tables", "search", "policy"] {
        assert!(graph.contains_key(stage), "no module `{stage}`: {graph:?}");
    }
    // The scan sees real uses (or every check would pass vacuously).
    assert!(graph["policy"].contains("search"), "{graph:?}");
    assert!(graph["compile"].contains("tables"), "{graph:?}");
    let wrong = wrong_edges(&graph);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    if let Some(cycle) = find_cycle(&graph) {
        panic!("module cycle: {}", cycle.join(" -> "));
    }
}

/// Each submodule of `search` and the submodules its code names
/// (`crate::search::X`, or `super::X` from a file right under `search/`).
fn search_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let dir = src.join("search");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in rust_files(&dir) {
        let rel = file.strip_prefix(&dir).expect("under search");
        let top = rel
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .expect("a utf-8 name");
        let module = top.trim_end_matches(".rs").to_owned();
        if module == "mod" {
            continue;
        }
        let code = code_of_file(&file);
        let mut uses: BTreeSet<String> = crate_paths(&code)
            .into_iter()
            .filter(|names| names.len() > 1 && names[0] == "search")
            .map(|names| names[1].clone())
            .collect();
        if rel.components().count() == 1 {
            for (at, _) in code.match_indices("super::") {
                let name: String = code[at + "super::".len()..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                uses.insert(name);
            }
        }
        let known =
            |name: &String| dir.join(format!("{name}.rs")).is_file() || dir.join(name).is_dir();
        let uses: Vec<String> = uses
            .into_iter()
            .filter(|used| *used != module && known(used))
            .collect();
        graph.entry(module).or_default().extend(uses);
    }
    graph
}

/// The search's parts form no cycle: what a check keeps (`best`) and reads
/// (`view`) are below what orchestrates it (`decide`).
#[test]
fn search_has_no_module_cycle() {
    let graph = search_graph(&src());
    assert!(graph["decide"].contains("view"), "{graph:?}");
    assert!(graph["view"].contains("best"), "{graph:?}");
    assert!(graph["best"].is_empty(), "`best` is a leaf: {graph:?}");
    if let Some(cycle) = find_cycle(&graph) {
        panic!("search module cycle: {}", cycle.join(" -> "));
    }
}

/// The stage order is enforced: an upward or sideways edge is named.
#[test]
fn an_upward_or_sideways_edge_is_refused() {
    let mut graph = module_graph(&src());
    graph.get_mut("tables").unwrap().insert("search".into());
    graph.get_mut("compile").unwrap().insert("search".into());
    let wrong = wrong_edges(&graph);
    assert!(
        wrong.contains(
            &"`tables` (layer 2) uses `search` (layer 5): a stage uses only lower ones".into()
        ),
        "{wrong:?}"
    );
    assert!(
        wrong.contains(
            &"`compile` (layer 5) uses `search` (layer 5): a stage uses only lower ones".into()
        ),
        "{wrong:?}"
    );
}

/// robots-core is the bottom of the workspace: none of its normal
/// dependencies is a crate of this workspace.
#[test]
fn no_workspace_crate_below_robots_core() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    let workspace = fs::read_to_string(root.join("../Cargo.toml")).expect("workspace Cargo.toml");
    let members: Vec<&str> = workspace
        .lines()
        .map(str::trim)
        .filter_map(|l| l.strip_prefix('"')?.strip_suffix("\","))
        .filter_map(|m| m.rsplit('/').next())
        .collect();
    assert!(members.contains(&"robots-core"), "{members:?}");
    let mut section = "";
    let mut below = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
            continue;
        }
        let name = line.split(['=', ' ', '.']).next().unwrap_or_default();
        if section == "[dependencies]" && members.contains(&name) {
            below.push(name.to_owned());
        }
    }
    assert!(below.is_empty(), "robots-core depends on {below:?}");
}
