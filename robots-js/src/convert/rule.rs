//! `Rule` -> `{ line, column, directive, pattern, group, derived }`.

use super::object::{object, text};
use robots_runtime::Rule;
use wasm_bindgen::JsValue;

/// The rule as a plain object.
pub fn rule(rule: &Rule<'_>) -> JsValue {
    object(&[
        ("line", rule.line.into()),
        ("column", rule.column.into()),
        ("directive", rule.directive.name().into()),
        ("pattern", text(rule.pattern)),
        ("group", rule.group.as_u32().into()),
        ("derived", rule.derived.into()),
    ])
}

/// `GroupInfo` -> `{ id, line, agents: [{ line, value }] }`.
pub fn group(group: &robots_runtime::GroupInfo<'_>) -> JsValue {
    object(&[
        ("id", group.id.as_u32().into()),
        ("line", group.line.into()),
        (
            "agents",
            super::object::array(group.agents.iter(), |(line, value)| {
                object(&[("line", (*line).into()), ("value", text(value))])
            }),
        ),
    ])
}
