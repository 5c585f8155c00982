//! Reading the bundled test data: shared by the test library and the build
//! script that compiles every test policy statically (so it depends on no
//! crate of this workspace).

use base64::Engine as _;
use serde_json::Value;
use std::path::{Path, PathBuf};

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

/// The URL list of a corpus file (one path per line).
pub fn corpus_urls(urls_path: &Path) -> Vec<Vec<u8>> {
    let bytes = std::fs::read(urls_path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", urls_path.display()));
    bytes
        .split(|&b| b == b'\n')
        .filter(|u| !u.is_empty())
        .map(<[u8]>::to_vec)
        .collect()
}

/// Every distinct robots.txt body of the conformance set, with a stable name
/// (the id of its first case) and the URLs its cases check, in first-seen order.
pub fn conformance_bodies() -> Vec<(String, Vec<u8>, Vec<Vec<u8>>)> {
    let mut out: Vec<(String, Vec<u8>, Vec<Vec<u8>>)> = Vec::new();
    for file in [
        "google_cases.jsonl",
        "rfc9309_cases.jsonl",
        "legacy1994_cases.jsonl",
    ] {
        for case in conformance_cases(file) {
            let body = body_of(&case);
            let url = str_field(&case, "url").as_bytes().to_vec();
            match out.iter_mut().find(|(_, b, _)| *b == body) {
                Some((_, _, urls)) => {
                    if !urls.contains(&url) {
                        urls.push(url);
                    }
                }
                None => {
                    let name: String = str_field(&case, "id")
                        .chars()
                        .map(|c| {
                            if c.is_ascii_alphanumeric() || c == '.' {
                                c
                            } else {
                                '_'
                            }
                        })
                        .collect();
                    out.push((name, body, vec![url]));
                }
            }
        }
    }
    out
}
