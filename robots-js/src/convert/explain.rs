//! `Explanation` -> `{ agent, path, selection, groups, candidates, tieBreak, verdict }`.

use super::object::{array, object, text};
use super::rule::rule;
use super::verdict::verdict;
use robots_runtime::agent::AgentMatch;
use robots_runtime::explain::{AgentLine, AppliedGroup, Explanation};
use wasm_bindgen::JsValue;

/// A group that applied: `{ id, line, agents: [{ line, value, matches }] }`,
/// `matches` being `name`, `any` or `no`.
fn group(g: &AppliedGroup<'_>) -> JsValue {
    object(&[
        ("id", g.id.as_u32().into()),
        ("line", g.line.into()),
        ("agents", array(g.agents.iter(), agent_line)),
    ])
}

fn agent_line(a: &AgentLine<'_>) -> JsValue {
    let matches = match a.matches {
        AgentMatch::Name => "name",
        AgentMatch::Any => "any",
        AgentMatch::No => "no",
    };
    object(&[
        ("line", a.line.into()),
        ("value", text(a.value)),
        ("matches", matches.into()),
    ])
}

/// The explanation as a plain object: the path as compared, the groups that
/// applied, every matching rule best first, and the verdict.
pub fn explanation(e: &Explanation<'_>) -> JsValue {
    let decided = e
        .verdict
        .rule
        .and_then(|id| e.candidates.iter().find(|r| r.id == id));
    let selection = object(&[
        ("basis", e.selection.basis.name().into()),
        ("combining", e.selection.combining.name().into()),
        ("naming", e.selection.naming.name().into()),
    ]);
    object(&[
        ("agent", text(&e.agent)),
        ("path", text(&e.path)),
        ("selection", selection),
        ("groups", array(e.groups.iter(), group)),
        ("candidates", array(e.candidates.iter(), rule)),
        ("tieBreak", e.tie_break.name().into()),
        ("verdict", verdict(&e.verdict, decided)),
    ])
}
