//! `Explanation` -> `{ path, groups, candidates, verdict }`.

use super::object::{array, object, text};
use super::rule::{group, rule};
use super::verdict::verdict;
use robots_runtime::explain::Explanation;
use wasm_bindgen::JsValue;

/// The explanation as a plain object: the path as compared, the groups that
/// applied, every matching rule best first, and the verdict.
pub fn explanation(e: &Explanation<'_>) -> JsValue {
    let decided = e
        .verdict
        .rule
        .and_then(|id| e.candidates.iter().find(|r| r.id == id));
    object(&[
        ("path", text(&e.path)),
        ("groups", array(e.groups.iter(), group)),
        ("candidates", array(e.candidates.iter(), rule)),
        ("verdict", verdict(&e.verdict, decided)),
    ])
}
