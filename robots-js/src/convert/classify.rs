//! `Classification` -> `{ access, rules, allowed, disallowed, undecided }`.
//!
//! Every answer has the same keys, so that a caller can read any of them
//! without checking the kind first:
//! - `access`: `'allowed'`, `'blocked'`, `'partial'` or `'undecided'`;
//! - `rules`: the deciding rules of an `allowed` or `blocked` answer (else `[]`);
//! - `allowed` / `disallowed`: `{ path, rule }` witnesses of a `partial`
//!   answer (else `null`; `rule` is `null` when no rule matches the path);
//! - `undecided`: `{ reason, visited, bound, rules, stars }` (else `null`).

use super::object::{array, object, text};
use super::rule::rule;
use robots_runtime::classify::{Classification, Undecided, Witness};
use wasm_bindgen::JsValue;

/// The answer as a plain object.
pub fn classification(answer: &Classification<'_>) -> JsValue {
    let none = || JsValue::from(js_sys::Array::new());
    let (rules, allowed, disallowed, undecided) = match answer {
        Classification::Allowed { rules } | Classification::Blocked { rules } => (
            array(rules, rule),
            JsValue::NULL,
            JsValue::NULL,
            JsValue::NULL,
        ),
        Classification::Partial {
            allowed,
            disallowed,
        } => (none(), witness(allowed), witness(disallowed), JsValue::NULL),
        Classification::Undecided(why) => {
            (none(), JsValue::NULL, JsValue::NULL, undecided_object(why))
        }
        // A later engine's answer this build does not know: say so, never guess.
        _ => (
            none(),
            JsValue::NULL,
            JsValue::NULL,
            object(&[(
                "reason",
                "an answer this version of the package does not know".into(),
            )]),
        ),
    };
    object(&[
        ("access", answer.name().into()),
        ("rules", rules),
        ("allowed", allowed),
        ("disallowed", disallowed),
        ("undecided", undecided),
    ])
}

/// `{ path, rule }`.
fn witness(w: &Witness<'_>) -> JsValue {
    object(&[
        ("path", text(&w.path)),
        ("rule", w.rule.as_ref().map_or(JsValue::NULL, rule)),
    ])
}

/// `{ reason, visited, bound, rules, stars }`.
#[allow(clippy::cast_precision_loss)]
fn undecided_object(why: &Undecided) -> JsValue {
    object(&[
        ("reason", why.to_string().into()),
        ("visited", JsValue::from_f64(why.visited as f64)),
        ("bound", JsValue::from_f64(why.bound as f64)),
        ("rules", JsValue::from_f64(why.rules as f64)),
        ("stars", JsValue::from_f64(why.stars as f64)),
    ])
}
