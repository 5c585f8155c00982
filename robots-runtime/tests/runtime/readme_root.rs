//! README's list of what the crate root holds is the crate root: every public
//! item and module of `src/lib.rs` is named in that sentence, and the sentence
//! names nothing else.

use std::collections::BTreeSet;

/// The names the crate root makes public: `pub use` items (the last segment, or
/// the `as` name), `pub mod` modules and the macro, less `__private`.
fn root_names(lib: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut lines = lib.lines();
    while let Some(line) = lines.next() {
        // Items of the nested modules are indented; the root's are not.
        if line.starts_with(char::is_whitespace) {
            continue;
        }
        if let Some(rest) = line.strip_prefix("pub mod ") {
            let name = rest.trim_end_matches(['{', ' ', ';']);
            if name != "__private" {
                names.insert(name.to_owned());
            }
        } else if let Some(mut rest) = line.strip_prefix("pub use ").map(str::to_owned) {
            while !rest.ends_with(';') {
                match lines.next() {
                    Some(more) => rest.push_str(more.trim()),
                    None => break,
                }
            }
            let rest = rest.trim_end_matches(';');
            if let Some((_, alias)) = rest.split_once(" as ") {
                names.insert(alias.trim().to_owned());
            } else if let Some((_, list)) = rest.split_once('{') {
                for name in list.trim_end_matches('}').split(',') {
                    let name = name.trim();
                    if !name.is_empty() {
                        names.insert(name.to_owned());
                    }
                }
            } else if let Some(last) = rest.rsplit("::").next() {
                names.insert(last.to_owned());
            }
        }
    }
    names
}

/// The backquoted identifiers of README's sentence about the crate root.
fn readme_names(readme: &str) -> BTreeSet<String> {
    let start = readme
        .find("The crate root holds only")
        .expect("README says what the crate root holds");
    let end = start
        + readme[start..]
            .find("The default features")
            .expect("the sentence ends before the features");
    let sentence = &readme[start..end];
    sentence
        .split('`')
        .skip(1)
        .step_by(2)
        .map(|name| name.trim_end_matches('!').to_owned())
        .filter(|name| name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .collect()
}

#[test]
fn readme_names_every_root_item_and_nothing_else() {
    let lib = include_str!("../../src/lib.rs");
    let readme = include_str!("../../../README.md");
    let root = root_names(lib);
    // The scan sees the root (or the comparison would pass on nothing).
    for name in [
        "Policy",
        "OwnedMatcher",
        "bstr",
        "classify",
        "registry",
        "robots",
    ] {
        assert!(root.contains(name), "{name} not found in lib.rs: {root:?}");
    }
    let said: BTreeSet<String> = readme_names(readme)
        .into_iter()
        // `BStr` is named as what `bstr` lets code name, not as a root item.
        .filter(|name| name != "BStr")
        .collect();
    assert_eq!(
        root.difference(&said).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "README's crate-root sentence leaves these out"
    );
    assert_eq!(
        said.difference(&root).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "README's crate-root sentence names what the root does not hold"
    );
}
