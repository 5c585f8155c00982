//! Plain JavaScript objects and arrays built field by field.

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::JsValue;

/// A plain object with these fields, in this order.
pub fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let obj = Object::new();
    for (key, value) in fields {
        // `Reflect.set` on a fresh plain object cannot fail (no setter, not frozen).
        let _ = Reflect::set(&obj, &JsValue::from_str(key), value);
    }
    obj.into()
}

/// An array of `items`.
pub fn array<T>(items: impl IntoIterator<Item = T>, each: impl Fn(T) -> JsValue) -> JsValue {
    items.into_iter().map(each).collect::<Array>().into()
}

/// Bytes as a JS string: UTF-8, invalid sequences replaced by U+FFFD.
pub fn text(bytes: &[u8]) -> JsValue {
    JsValue::from_str(&String::from_utf8_lossy(bytes))
}

/// Record values as one string, each ended by `\n` (UTF-8, invalid sequences
/// replaced by U+FFFD, as [`text`]), which JavaScript splits (api.js `lines`).
/// A value is the rest of one line, so none holds a `\n`. One string crosses
/// the boundary where an array would take three calls a value: a file of 1,293
/// `Sitemap` lines spent half its parse and read in those.
pub fn lines<T: AsRef<[u8]>>(values: impl IntoIterator<Item = T>) -> String {
    let mut out = String::new();
    for value in values {
        out.push_str(&String::from_utf8_lossy(value.as_ref()));
        out.push('\n');
    }
    out
}

/// `Some(n)` as a number, `None` as `null`.
pub fn opt_number(n: Option<f64>) -> JsValue {
    n.map_or(JsValue::NULL, JsValue::from_f64)
}

/// `Some(s)` as a string, `None` as `null`.
#[cfg(feature = "full")]
pub fn opt_str(s: Option<&str>) -> JsValue {
    s.map_or(JsValue::NULL, JsValue::from_str)
}
