//! The crate's folders are its pipeline: a stage depends only on the stages
//! below it, and robots-core on no crate of this workspace.
//!
//! Every top-level module of `src/` (a folder, or a file beside `lib.rs`) is a
//! node; `crate::X` in its code is an edge to `X`. The code is whole files,
//! less comments, literals and `mod tests` blocks (see `guard`).
//!
//! One level down, in every folder of robots-core and robots-lint, the files
//! form no cycle either ([`no_folder_has_a_file_cycle`]).

// A test may index: a panic there is a failed test, with its location.
#![allow(clippy::indexing_slicing)]

mod guard;

use guard::{code_of_file, crate_paths, find_cycle, folder_graphs, rust_files, Graph};
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

fn lint_src() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../robots-lint/src")
}

/// The cycles of `graphs`, each as a sentence.
fn cycles(graphs: &BTreeMap<String, Graph>) -> Vec<String> {
    graphs
        .iter()
        .filter_map(|(folder, graph)| {
            let cycle = find_cycle(graph)?;
            Some(format!("`{folder}/`: {}", cycle.join(" -> ")))
        })
        .collect()
}

/// In every folder of robots-core and robots-lint, the files (and
/// subfolders) form no cycle: what a file names of its folder, directly
/// (`crate::tables::view::Tables`, `super::view::Tables`) or through what the
/// folder's module re-exports (`crate::tables::Tables`), is below it. A
/// folder's own module file (`mod.rs`, `lib.rs`) is the folder, above its
/// files.
#[test]
fn no_folder_has_a_file_cycle() {
    let (core, unplaced) = folder_graphs(&src());
    assert!(unplaced.is_empty(), "{}", unplaced.join("\n"));
    let (lint, unplaced) = folder_graphs(&lint_src());
    assert!(unplaced.is_empty(), "{}", unplaced.join("\n"));
    // The scan sees real uses (or every check would pass vacuously): every
    // folder, and edges found directly, through `super::` and through a
    // folder's re-exports.
    for folder in [
        "",
        "tables",
        "search",
        "search/anchors",
        "compile",
        "compile/trie",
        "classify",
        "policy",
        "records/values",
    ] {
        assert!(
            core.contains_key(folder),
            "no folder `{folder}`: {:?}",
            core.keys()
        );
    }
    assert!(
        core["tables"]["view"].contains("layout"),
        "{:?}",
        core["tables"]
    );
    assert!(
        core["search"]["decide"].contains("view"),
        "{:?}",
        core["search"]
    );
    assert!(
        core["search"]["view"].contains("best"),
        "{:?}",
        core["search"]
    );
    assert!(
        core["search"]["best"].is_empty(),
        "`best` is a leaf: {:?}",
        core["search"]
    );
    assert!(lint[""]["finding"].contains("size"), "{:?}", lint[""]);
    assert!(
        lint[""]["finding"].contains("code"),
        "through lib.rs: {:?}",
        lint[""]
    );
    let mut found = cycles(&core);
    found.extend(
        cycles(&lint)
            .into_iter()
            .map(|c| format!("robots-lint {c}")),
    );
    assert!(found.is_empty(), "file cycles:\n{}", found.join("\n"));
}

/// Copy the folder `from` to `to`, recursively.
fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("make a folder");
    for entry in fs::read_dir(from).expect("list a folder") {
        let path = entry.expect("a folder entry").path();
        let target = to.join(path.file_name().expect("a name"));
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            fs::copy(&path, &target).expect("copy a file");
        }
    }
}

/// The guard finds a cycle planted in a copy of the sources: `layout.rs`
/// naming `view.rs` (which uses it), as it did through a re-export before.
#[test]
fn a_planted_file_cycle_is_found() {
    let copy = std::env::temp_dir().join(format!("robots-layout-guard-{}", std::process::id()));
    let _ = fs::remove_dir_all(&copy);
    copy_dir(&src(), &copy);
    assert!(
        cycles(&folder_graphs(&copy).0).is_empty(),
        "the copy is clean"
    );
    let layout = copy.join("tables/layout.rs");
    let mut code = fs::read_to_string(&layout).expect("layout.rs");
    code.push_str("\npub use super::view::Tables;\n");
    fs::write(&layout, code).expect("write layout.rs");
    let found = cycles(&folder_graphs(&copy).0);
    // Through a folder's re-export too: `lines.rs` naming `crate::tables::Tables`.
    let lines = copy.join("tables/lines.rs");
    fs::write(
        &layout,
        fs::read_to_string(src().join("tables/layout.rs")).expect("layout.rs"),
    )
    .expect("restore layout.rs");
    let mut code = fs::read_to_string(&lines).expect("lines.rs");
    code.push_str("\nfn planted(t: &crate::tables::Tables<'_>) -> usize { t.rules().len() }\n");
    fs::write(&lines, code).expect("write lines.rs");
    let through_reexport = cycles(&folder_graphs(&copy).0);
    fs::remove_dir_all(&copy).expect("remove the copy");
    assert_eq!(found, ["`tables/`: layout -> view -> layout"], "{found:?}");
    assert_eq!(through_reexport.len(), 1, "{through_reexport:?}");
    assert!(
        through_reexport[0].contains("lines") && through_reexport[0].contains("view"),
        "{through_reexport:?}"
    );
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
