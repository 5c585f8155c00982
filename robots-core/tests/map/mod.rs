//! Reading `ARCHITECTURE.md`, the repository's map, to hold it to the code:
//! the paths it names, the crates it lists, the stage table.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The file endings of a bare file name the map names (`lex.rs`), as opposed
/// to an identifier in backticks (`Directive::ALL`, `no_std`).
const FILE_ENDINGS: &[&str] = &[
    ".rs", ".md", ".toml", ".lock", ".js", ".mjs", ".cjs", ".ts", ".py", ".pyi", ".sh", ".json",
    ".html", ".css", ".txt", ".yml", ".yaml",
];

/// Folders that hold what builds and installs make, never a crate of the
/// repository (as `.gitignore` lists them).
const BUILT: &[&str] = &[
    "target",
    "node_modules",
    "pkg",
    "pkg-audit",
    "dist",
    "test-results",
    "corpus",
    "artifacts",
    "__pycache__",
];

/// The repository's top folder.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("robots-core is in the repository")
        .to_path_buf()
}

/// A path the map names, with the line it is on.
#[derive(Debug, PartialEq, Eq)]
pub struct Named {
    pub line: usize,
    /// From the repository's top, as the map means it (a folder ends with `/`).
    pub path: String,
}

/// Whether the text between two backticks is a path: it has a `/` (from the
/// top) or is a file name with a known ending; not a URL, a command line or
/// an absolute path such as `/robots.txt` (a path on a web site).
fn path_like(token: &str) -> bool {
    !token.is_empty()
        && !token.contains([' ', ':', '*', '{', '<', '"', '\''])
        && !token.starts_with('/')
        && !token.starts_with('-')
        && (token.contains('/') || FILE_ENDINGS.iter().any(|end| token.ends_with(end)))
}

/// The texts between pairs of backticks on `line`.
fn backticked(line: &str) -> impl Iterator<Item = &str> {
    line.split('`').skip(1).step_by(2)
}

/// Every path `map` names: one with a `/` is from the top; a bare file name is
/// in the folder the heading above it names (the first folder, a path ending
/// with `/`, in backticks on the heading), or at the top under a heading that
/// names none.
pub fn named_paths(map: &str) -> Vec<Named> {
    let mut folder = String::new();
    let mut named = Vec::new();
    for (i, line) in map.lines().enumerate() {
        if line.starts_with('#') {
            folder = backticked(line)
                .find(|t| path_like(t) && t.ends_with('/'))
                .unwrap_or_default()
                .to_owned();
        }
        for token in backticked(line).filter(|t| path_like(t)) {
            let path = if token.contains('/') {
                token.to_owned()
            } else {
                format!("{folder}{token}")
            };
            named.push(Named { line: i + 1, path });
        }
    }
    named
}

/// The paths of `named` that do not exist under `root` (a folder must be a
/// folder), each as a sentence with its line.
pub fn missing(root: &Path, named: &[Named]) -> Vec<String> {
    named
        .iter()
        .filter(|n| {
            let at = root.join(n.path.trim_end_matches('/'));
            if n.path.ends_with('/') {
                !at.is_dir()
            } else {
                !at.exists()
            }
        })
        .map(|n| format!("line {}: `{}` does not exist", n.line, n.path))
        .collect()
}

/// Every folder under `root` that holds a crate or a package (a
/// `Cargo.toml`, `package.json` or `pyproject.toml`), as `path/`, less the
/// repository's own top (the workspace manifest) and what builds make.
pub fn package_folders(root: &Path) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).expect("list a folder") {
            let path = entry.expect("a folder entry").path();
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            if path.is_dir() {
                if !name.starts_with('.') && !BUILT.contains(&name) {
                    stack.push(path);
                }
            } else if matches!(name, "Cargo.toml" | "package.json" | "pyproject.toml")
                && dir != root
            {
                let rel = dir.strip_prefix(root).expect("under the top");
                found.insert(format!("{}/", rel.to_str().expect("a utf-8 path")));
            }
        }
    }
    found
}

/// Every folder under `src`, as `prefix` + its path + `/`.
pub fn folders(src: &Path, prefix: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).expect("list a folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                let rel = path.strip_prefix(src).expect("under src");
                found.insert(format!("{prefix}{}/", rel.to_str().expect("a utf-8 path")));
                stack.push(path);
            }
        }
    }
    found
}

/// The rows of the map's stage table, `| layer | `robots-core/src/X` | … |`,
/// as layers of module names (`X` less its `.rs` or `/`), in table order.
pub fn stage_table(map: &str) -> Vec<Vec<String>> {
    let mut layers: Vec<Vec<String>> = Vec::new();
    for line in map.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let [_, layer, stage, ..] = cells[..] else {
            continue;
        };
        let Ok(layer) = layer.parse::<usize>() else {
            continue;
        };
        let Some(module) = stage
            .strip_prefix("`robots-core/src/")
            .and_then(|s| s.strip_suffix('`'))
        else {
            continue;
        };
        let module = module.trim_end_matches('/').trim_end_matches(".rs");
        while layers.len() <= layer {
            layers.push(Vec::new());
        }
        layers[layer].push(module.to_owned());
    }
    layers
}

/// The sections of `text` under the headings `titles` (each from its heading
/// line to the next heading of its level or above), one after another.
pub fn sections(text: &str, titles: &[&str]) -> String {
    let mut out = String::new();
    let mut inside = false;
    for line in text.lines() {
        if line.starts_with("# ") || line.starts_with("## ") {
            inside = titles.contains(&line.trim_end());
        }
        if inside {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}
