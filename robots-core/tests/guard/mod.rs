//! The source scan behind the layout guards (robots-core's and robots-cli's
//! `tests/layout.rs`): which modules a crate's code names with `crate::`
//! paths, and whether that graph has a cycle.
//!
//! A file's code is read whole, less its comments, the contents of its string
//! and character literals, and its `mod tests { ... }` blocks (tests may reach
//! any module). A file named `tests.rs` is a test module of its own and is
//! skipped.
// A test may index: a panic there is a failed test, with its location.
#![allow(clippy::indexing_slicing, dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// `source` without comments, without the contents of string and character
/// literals (a `"crate::x"` in a message is not a use), and without its
/// `mod tests { ... }` blocks.
pub fn code_of(source: &str) -> String {
    without_test_modules(&strip(source))
}

/// Comments removed and literals emptied; everything else, newlines
/// included, kept as it is.
fn strip(source: &str) -> String {
    let b = source.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                // Block comments nest.
                let mut depth = 0;
                while i < b.len() {
                    if b[i..].starts_with(b"/*") {
                        depth += 1;
                        i += 2;
                    } else if b[i..].starts_with(b"*/") {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        if b[i] == b'\n' {
                            out.push(b'\n');
                        }
                        i += 1;
                    }
                }
            }
            b'r' if raw_string_hashes(&b[i..]).is_some()
                && !b[..i]
                    .last()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_') =>
            {
                let hashes = raw_string_hashes(&b[i..]).unwrap_or(0);
                i += 2 + hashes; // r, hashes, quote
                let close = format!("\"{}", "#".repeat(hashes)).into_bytes();
                while i < b.len() && !b[i..].starts_with(&close) {
                    i += 1;
                }
                i += close.len();
                out.extend_from_slice(b"\"\"");
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                out.extend_from_slice(b"\"\"");
            }
            b'\'' => {
                // A character literal (`'x'`, `'\n'`, `'\u{..}'`), or a lifetime.
                let end = if b.get(i + 1) == Some(&b'\\') {
                    b[i + 2..]
                        .iter()
                        .position(|&c| c == b'\'')
                        .map(|p| i + 2 + p)
                } else {
                    let len = std::str::from_utf8(&b[i + 1..(i + 5).min(b.len())])
                        .ok()
                        .or_else(|| std::str::from_utf8(&b[i + 1..(i + 2).min(b.len())]).ok())
                        .and_then(|s| s.chars().next())
                        .map_or(1, char::len_utf8);
                    (b.get(i + 1 + len) == Some(&b'\'')).then_some(i + 1 + len)
                };
                match end {
                    Some(end) => {
                        out.extend_from_slice(b"' '");
                        i = end + 1;
                    }
                    None => {
                        out.push(b'\'');
                        i += 1;
                    }
                }
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// How many `#`s a raw string starting at `b` (`r"`, `r#"`, ...) has.
fn raw_string_hashes(b: &[u8]) -> Option<usize> {
    let hashes = b[1..].iter().take_while(|&&c| c == b'#').count();
    (b.first() == Some(&b'r') && b.get(1 + hashes) == Some(&b'"')).then_some(hashes)
}

/// `code` (already stripped) without its `mod tests { ... }` blocks.
fn without_test_modules(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = find_word(rest, "mod tests") {
        let after = &rest[at + "mod tests".len()..];
        let body = after.trim_start();
        if !body.starts_with('{') {
            // `mod tests;`: its file is `tests.rs`, skipped by name.
            out.push_str(&rest[..at + "mod tests".len()]);
            rest = after;
            continue;
        }
        out.push_str(&rest[..at]);
        let open = rest.len() - body.len();
        let mut depth = 0;
        let mut end = rest.len();
        for (k, c) in rest[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The first place `word` occurs in `text` with no identifier character
/// right before or after it.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    text.match_indices(word).map(|(at, _)| at).find(|&at| {
        !ident(text[..at].chars().next_back()) && !ident(text[at + word.len()..].chars().next())
    })
}

/// The `crate::` paths of `code`, each as its names (`crate::a::b::C` is
/// `["a", "b", "C"]`; a group `crate::a::{b, c}` gives `["a"]`).
pub fn crate_paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for at in code.match_indices("crate::").map(|(at, _)| at) {
        // `$crate::` and `my_crate::` are not this crate's paths.
        if code[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$')
        {
            continue;
        }
        let rest = &code[at + "crate::".len()..];
        let path: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
            .collect();
        let names: Vec<String> = path
            .split("::")
            .take_while(|n| !n.is_empty())
            .map(str::to_owned)
            .collect();
        if !names.is_empty() {
            out.push(names);
        }
    }
    out
}

/// Every `.rs` file under `dir`, recursively, but `tests.rs` files.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).expect("list a source folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs")
                && path.file_stem().is_some_and(|s| s != "tests")
            {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The code of the file at `path` ([`code_of`]).
pub fn code_of_file(path: &Path) -> String {
    code_of(&fs::read_to_string(path).expect("read a source file"))
}

/// A cycle of `graph`, if it has one, as the modules along it (the first
/// repeated at the end).
pub fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
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
fn comments_literals_and_test_modules_are_not_code() {
    let source = r##"//! see crate::policy
use crate::parse::Directive; // crate::lint
/* crate::fetch /* nested crate::x */ still crate::y */
const S: &str = "crate::search";
const R: &str = r#"crate::group " crate::records"#;
const C: char = '"'; const D: char = '\''; fn f<'a>(x: &'a str) -> &'a str { x }
use crate::tables::{layout, view};
#[cfg(test)]
mod tests { use crate::lint; fn g() { if true { crate::compile::x(); } } }
fn after() { crate::document::y(); }
"##;
    let found: BTreeSet<String> = crate_paths(&code_of(source))
        .into_iter()
        .map(|names| names[0].clone())
        .collect();
    let want: BTreeSet<String> = ["parse", "tables", "document"].map(String::from).into();
    assert_eq!(found, want);
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

/// A module's path from its crate's root, for a file under `src`:
/// `src/a/b.rs` and `src/a/b/mod.rs` are `["a", "b"]`; `src/lib.rs` is `[]`.
pub fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).expect("a file under src");
    let mut names: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_str().expect("a utf-8 name").to_owned())
        .collect();
    let last = names.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && !(names.is_empty() && stem == "lib") {
        names.push(stem.to_owned());
    }
    names
}

/// `code` without the modules a `#[cfg(test)]` (or `#[cfg(all(test, …))]`)
/// attribute puts before them, whatever their name (tests may reach any module).
fn without_cfg_test_modules(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    loop {
        let at = ["#[cfg(test)]", "#[cfg(all(test"]
            .iter()
            .filter_map(|attr| rest.find(attr))
            .min();
        let Some(at) = at else { break };
        // The item after the attribute (and any others): a `mod NAME {`?
        let after = &rest[at..];
        let item_start = after.find(']').map_or(after.len(), |i| i + 1);
        let mut item = after[item_start..].trim_start();
        while item.starts_with("#[") {
            item = item[item.find(']').map_or(item.len(), |i| i + 1)..].trim_start();
        }
        let words: Vec<&str> = item.splitn(3, char::is_whitespace).collect();
        let is_mod_block = words.first() == Some(&"mod")
            && words
                .get(2)
                .is_some_and(|w| w.trim_start().starts_with('{'))
            || words.first() == Some(&"mod") && words.get(1).is_some_and(|w| w.ends_with('{'));
        if !is_mod_block {
            out.push_str(&rest[..at + 1]);
            rest = &rest[at + 1..];
            continue;
        }
        out.push_str(&rest[..at]);
        let open = rest.len() - item.len() + item.find('{').expect("a block");
        let mut depth = 0;
        let mut end = rest.len();
        for (k, c) in rest[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The code of a file as the folder guard reads it: [`code_of`], and without
/// any `#[cfg(test)]` module.
pub fn folder_code_of_file(path: &Path) -> String {
    without_cfg_test_modules(&code_of_file(path))
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The path tree at `at` of `code` (a path, `::{…}` groups expanded, `::*`
/// kept as `*`), each path appended to `prefix`; where the tree ends.
fn use_tree(code: &[u8], mut at: usize, prefix: &[String], out: &mut Vec<Vec<String>>) -> usize {
    let skip_space = |mut at: usize| {
        while code.get(at).is_some_and(u8::is_ascii_whitespace) {
            at += 1;
        }
        at
    };
    let mut path = prefix.to_vec();
    loop {
        at = skip_space(at);
        match code.get(at) {
            Some(b'{') => {
                at += 1;
                loop {
                    at = skip_space(at);
                    match code.get(at) {
                        Some(b'}') => return at + 1,
                        Some(b',') => at += 1,
                        None => return at,
                        Some(_) => at = use_tree(code, at, &path, out),
                    }
                }
            }
            Some(b'*') => {
                path.push("*".to_owned());
                out.push(path);
                return at + 1;
            }
            _ => {}
        }
        let start = at;
        while code.get(at).copied().is_some_and(is_ident) {
            at += 1;
        }
        let name = String::from_utf8_lossy(&code[start..at]).into_owned();
        if name.is_empty() {
            if path.len() > prefix.len() || !prefix.is_empty() {
                out.push(path);
            }
            return at.max(start + 1);
        }
        // `self` in a group: the group's own path.
        if name != "self" || path.len() != prefix.len() || prefix.is_empty() {
            path.push(name);
        }
        let next = skip_space(at);
        if code.get(next..next + 2) == Some(b"::") {
            at = next + 2;
            continue;
        }
        out.push(path);
        return at;
    }
}

/// Every path `code` names from its own crate (`crate::…`, `super::…`,
/// `self::…`, use groups expanded), as absolute module paths, for code in
/// the module at `module`.
pub fn used_paths(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let bytes = code.as_bytes();
    let mut trees = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let starts_path = ["crate::", "super::", "self::"]
            .iter()
            .any(|k| bytes[at..].starts_with(k.as_bytes()));
        let before = at.checked_sub(1).map(|i| bytes[i]);
        let after_path = at >= 2 && &bytes[at - 2..at] == b"::";
        if starts_path && !before.is_some_and(|c| is_ident(c) || c == b'$') && !after_path {
            at = use_tree(bytes, at, &[], &mut trees);
        } else {
            at += 1;
        }
    }
    let mut out = Vec::new();
    for tree in trees {
        let mut names = tree.into_iter().peekable();
        let mut path: Vec<String> = match names.peek().map(String::as_str) {
            Some("crate") => {
                names.next();
                Vec::new()
            }
            _ => module.to_vec(),
        };
        while let Some(name) = names.next_if(|n| n == "super" || n == "self") {
            if name == "super" {
                path.pop();
            }
        }
        path.extend(names);
        out.push(path);
    }
    out
}

/// Whether `code` defines an item called `name` (at any depth: a module's
/// own items).
fn defines(code: &str, name: &str) -> bool {
    [
        "fn", "struct", "enum", "const", "static", "trait", "type", "union", "mod",
    ]
    .iter()
    .any(|kind| {
        code.match_indices(&format!("{kind} {name}"))
            .any(|(at, m)| {
                let before = code[..at].chars().next_back();
                let after = code[at + m.len()..].chars().next();
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                    && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
            })
    }) || code.contains(&format!("macro_rules! {name}"))
}

/// A folder's files (and subfolders) as a graph: an edge from one to each
/// other it names, directly or through what the folder's own module
/// re-exports.
pub type Graph = BTreeMap<String, BTreeSet<String>>;

/// The graph of every folder under `src` (`src` itself included), by the
/// folder's path from `src` (`""` for `src`), and the names each folder's
/// files use from the folder that the guard cannot place (neither a file of
/// it, nor re-exported by its module file, nor defined there).
pub fn folder_graphs(src: &Path) -> (BTreeMap<String, Graph>, Vec<String>) {
    let files = rust_files(src);
    let mut dirs: Vec<PathBuf> = vec![src.to_path_buf()];
    let mut i = 0;
    while i < dirs.len() {
        for entry in fs::read_dir(&dirs[i]).expect("list a source folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                dirs.push(path);
            }
        }
        i += 1;
    }
    let mut graphs = BTreeMap::new();
    let mut unplaced = Vec::new();
    for dir in dirs {
        let folder: Vec<String> = dir
            .strip_prefix(src)
            .expect("under src")
            .components()
            .map(|c| c.as_os_str().to_str().expect("a utf-8 name").to_owned())
            .collect();
        // The folder's own module file: `lib.rs`, `mod.rs`, or `NAME.rs` beside it.
        let face = if folder.is_empty() {
            dir.join("lib.rs")
        } else if dir.join("mod.rs").is_file() {
            dir.join("mod.rs")
        } else {
            dir.with_extension("rs")
        };
        let face_code = if face.is_file() {
            folder_code_of_file(&face)
        } else {
            String::new()
        };
        // What the face imports (and so re-exports to its files): name -> path.
        let mut imported: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let mut globs: Vec<Vec<String>> = Vec::new();
        let mut face_uses = String::new();
        for (at, _) in face_code.match_indices("use ") {
            let before = face_code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let end = face_code[at..]
                .find(';')
                .map_or(face_code.len(), |e| at + e);
            let tree = &face_code[at + 4..end];
            // Relative to the face: a bare first name is a module of the folder.
            let tree = if ["crate::", "super::", "self::", "::"]
                .iter()
                .any(|k| tree.trim_start().starts_with(k))
            {
                tree.trim_start().to_owned()
            } else {
                format!("self::{}", tree.trim_start())
            };
            face_uses.push_str(&tree);
            face_uses.push(';');
        }
        for path in used_paths(&face_uses, &folder) {
            match path.last().map(String::as_str) {
                Some("*") => globs.push(path[..path.len() - 1].to_vec()),
                Some(name) => {
                    imported.insert(name.to_owned(), path.clone());
                }
                None => {}
            }
        }
        let nodes: BTreeSet<String> = fs::read_dir(&dir)
            .expect("list a source folder")
            .map(|e| e.expect("a folder entry").path())
            .filter_map(|p| {
                let name = p.file_name()?.to_str()?.to_owned();
                if p.is_dir() {
                    Some(name)
                } else {
                    let stem = name.strip_suffix(".rs")?;
                    (!["mod", "lib", "tests"].contains(&stem)).then(|| stem.to_owned())
                }
            })
            .collect();
        let node_of = |path: &[String]| -> Option<String> {
            if path.len() <= folder.len() || path[..folder.len()] != folder[..] {
                return None;
            }
            Some(path[folder.len()].clone())
        };
        let mut graph: Graph = nodes.iter().map(|n| (n.clone(), BTreeSet::new())).collect();
        for file in &files {
            let module = module_path(src, file);
            if module.len() <= folder.len() || module[..folder.len()] != folder[..] {
                continue;
            }
            let from = module[folder.len()].clone();
            if !nodes.contains(&from) {
                continue;
            }
            for path in used_paths(&folder_code_of_file(file), &module) {
                let Some(name) = node_of(&path) else { continue };
                let to = if nodes.contains(&name) {
                    Some(name.clone())
                } else if let Some(target) = imported.get(&name) {
                    node_of(target).filter(|n| nodes.contains(n))
                } else {
                    globs
                        .iter()
                        .filter_map(|glob| {
                            let child = node_of(glob).filter(|n| nodes.contains(n))?;
                            let file = dir.join(format!("{child}.rs"));
                            let file = if file.is_file() {
                                file
                            } else {
                                dir.join(&child).join("mod.rs")
                            };
                            (file.is_file() && defines(&folder_code_of_file(&file), &name))
                                .then_some(child)
                        })
                        .next()
                };
                match to {
                    Some(to) if to != from => {
                        graph.entry(from.clone()).or_default().insert(to);
                    }
                    Some(_) => {}
                    None if name == "*" || defines(&face_code, &name) => {}
                    None => unplaced.push(format!(
                        "{}: `{}` names `{name}` of `{}`, which the guard cannot place",
                        file.display(),
                        path.join("::"),
                        folder.join("/")
                    )),
                }
            }
        }
        graphs.insert(folder.join("/"), graph);
    }
    unplaced.sort();
    unplaced.dedup();
    (graphs, unplaced)
}
