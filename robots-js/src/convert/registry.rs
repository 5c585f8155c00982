//! registry `Crawler` -> `{ token, operator, purpose, ai, fallbacks, chain, obeysWildcard, robotsTxt, note, source, checked, verification }`.

use super::object::{array, object};
use robots_runtime::registry::{Crawler, Purpose};
use wasm_bindgen::JsValue;

/// The crawler as a plain object.
pub fn crawler(c: &Crawler) -> JsValue {
    object(&[
        ("token", c.token.into()),
        ("operator", c.operator.into()),
        ("purpose", c.purpose.name().into()),
        ("ai", c.purpose.is_ai().into()),
        (
            "fallbacks",
            array(c.fallbacks.iter(), |f| JsValue::from_str(f)),
        ),
        ("chain", array(c.chain(), JsValue::from_str)),
        ("obeysWildcard", c.obeys_wildcard.into()),
        ("robotsTxt", c.robots_txt.name().into()),
        ("note", c.note.into()),
        ("source", c.source.into()),
        ("checked", c.checked.into()),
        ("verification", c.sourcing.name().into()),
    ])
}

/// A purpose class: `{ name, title, ai }`.
pub fn purpose(p: Purpose) -> JsValue {
    object(&[
        ("name", p.name().into()),
        ("title", p.title().into()),
        ("ai", p.is_ai().into()),
    ])
}
