//! `Verdict` -> `{ allowed, reason, rule }`.

use super::object::object;
use super::rule::rule;
use robots_runtime::{Rule, Verdict};
use wasm_bindgen::JsValue;

/// The verdict as a plain object; `decided` is the rule its id names, if any.
pub fn verdict(v: &Verdict, decided: Option<&Rule<'_>>) -> JsValue {
    object(&[
        ("allowed", v.allowed.into()),
        ("reason", v.reason.name().into()),
        ("rule", decided.map_or(JsValue::NULL, rule)),
    ])
}
