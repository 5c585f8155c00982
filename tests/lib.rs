//! Shared helpers for the workspace tests: where the bundled test data lives and how to read it.
#![forbid(unsafe_code)]

use base64::Engine as _;
use serde_json::Value;
use std::path::PathBuf;

/// The repository's `testdata/` directory.
pub fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata")
}

/// Every case of one conformance file, in order.
pub fn conformance_cases(file: &str) -> Vec<Value> {
    let path = testdata().join("conformance").join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad case in {file}: {e}")))
        .collect()
}

/// The exact robots.txt bytes of a case object (`robots_txt`, or `robots_txt_b64` when null).
pub fn body_of(obj: &Value) -> Vec<u8> {
    match obj.get("robots_txt") {
        Some(Value::String(s)) => s.as_bytes().to_vec(),
        _ => {
            let b64 = obj
                .get("robots_txt_b64")
                .and_then(Value::as_str)
                .unwrap_or_else(|| panic!("case without a body: {obj}"));
            base64::engine::general_purpose::STANDARD
                .decode(b64)
                .unwrap_or_else(|e| panic!("bad base64: {e}"))
        }
    }
}

/// A string field of a case.
pub fn str_field<'a>(obj: &'a Value, key: &str) -> &'a str {
    obj.get(key)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("case lacks string field {key}: {obj}"))
}

/// The corpus files: (site name, robots.txt path, urls path), sorted by name.
pub fn corpus_files() -> Vec<(String, PathBuf, PathBuf)> {
    let dir = testdata().join("corpus");
    let mut out: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .map(|p| {
            let name = p
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let urls = p.with_extension("urls");
            (name, p, urls)
        })
        .collect();
    out.sort();
    out
}
