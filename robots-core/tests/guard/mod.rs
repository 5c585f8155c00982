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
