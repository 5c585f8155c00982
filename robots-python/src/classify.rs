//! `Policy.classify(agent)`: whether a crawler may fetch every path, none or
//! some, decided exactly over the rules.

use crate::input::lossy;
use crate::verdict::directive_name;
use pyo3::prelude::*;
use robots_runtime::classify::{Classification as Answer, Witness};
use robots_runtime::Rule;

/// How much of a site a crawler may fetch, decided over the rules (never by
/// sampling paths).
///
/// ``kind`` is ``"allowed"`` (every path), ``"blocked"`` (none, but
/// ``/robots.txt`` under rfc9309 and draft1996), ``"partial"`` or
/// ``"undecided"`` (the rules' wildcards would take more than the bound to
/// explore; ``reason`` says so). For ``"partial"``, ``allowed_path`` and
/// ``disallowed_path`` are shortest witnesses, with the lines of the rules that
/// decide them (``None``: no rule matches). ``rules`` lists the deciding rules
/// of an ``"allowed"`` or ``"blocked"`` answer as ``(line, directive, pattern)``.
#[pyclass(frozen, module = "robots_engine", get_all)]
#[derive(Clone, Debug)]
pub struct Classification {
    pub kind: &'static str,
    pub rules: Vec<(u32, &'static str, String)>,
    pub allowed_path: Option<String>,
    pub allowed_line: Option<u32>,
    pub disallowed_path: Option<String>,
    pub disallowed_line: Option<u32>,
    pub reason: Option<String>,
}

#[pymethods]
impl Classification {
    fn __repr__(&self) -> String {
        match self.kind {
            "partial" => format!(
                "Classification(kind='partial', allowed_path={:?}, disallowed_path={:?})",
                self.allowed_path.as_deref().unwrap_or_default(),
                self.disallowed_path.as_deref().unwrap_or_default()
            ),
            kind => format!("Classification(kind={kind:?}, rules={})", self.rules.len()),
        }
    }
}

fn rule_tuple(rule: &Rule<'_>) -> (u32, &'static str, String) {
    (
        rule.line,
        directive_name(rule.directive),
        lossy(rule.pattern),
    )
}

fn witness(w: &Witness<'_>) -> (Option<String>, Option<u32>) {
    (Some(lossy(&w.path)), w.rule.map(|r| r.line))
}

/// The Python view of an answer.
pub fn classification(answer: &Answer<'_>) -> Classification {
    let mut c = Classification {
        kind: answer.name(),
        rules: Vec::new(),
        allowed_path: None,
        allowed_line: None,
        disallowed_path: None,
        disallowed_line: None,
        reason: None,
    };
    match answer {
        Answer::Allowed { rules } | Answer::Blocked { rules } => {
            c.rules = rules.iter().map(rule_tuple).collect();
        }
        Answer::Partial {
            allowed,
            disallowed,
        } => {
            (c.allowed_path, c.allowed_line) = witness(allowed);
            (c.disallowed_path, c.disallowed_line) = witness(disallowed);
        }
        Answer::Undecided(why) => c.reason = Some(why.to_string()),
        _ => c.reason = Some(String::from("an answer this version does not know")),
    }
    c
}
