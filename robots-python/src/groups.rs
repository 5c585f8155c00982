//! The groups of a robots.txt as the profile reads them, for the adapters that
//! must show them (urllib.robotparser's `str(parser)`).

use crate::input::lossy;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use robots_runtime::document::{Document, LineKind, ParseOptions};

/// One dict per group: `line`, `agents`, `rules`, `records`.
pub fn groups<'py>(
    py: Python<'py>,
    body: &[u8],
    options: ParseOptions,
) -> PyResult<Bound<'py, PyList>> {
    let doc = robots_runtime::document::parse(body, options);
    let lines = doc.lines();
    let line_of = |index: usize| lines.get(index);
    let out = PyList::empty(py);
    for group in doc.groups() {
        let entry = PyDict::new(py);
        let agents: Vec<String> = group
            .agents
            .iter()
            .filter_map(|a| line_of(a.line))
            .map(|l| lossy(doc.value(l)))
            .collect();
        let first_line = group
            .agents
            .first()
            .and_then(|a| line_of(a.line))
            .map_or(0, |l| l.number);
        entry.set_item("line", first_line)?;
        entry.set_item("agents", agents)?;
        entry.set_item("rules", described(&doc, &group.rules))?;
        entry.set_item("records", described(&doc, &group.records))?;
        out.append(entry)?;
    }
    Ok(out)
}

/// `(line, directive, value)` for each line index that is a directive.
fn described(doc: &Document<'_>, indexes: &[usize]) -> Vec<(u32, String, String)> {
    indexes
        .iter()
        .filter_map(|&i| doc.lines().get(i))
        .filter_map(|line| match line.kind {
            LineKind::Directive(d) => {
                Some((line.number, d.name().to_owned(), lossy(doc.value(line))))
            }
            _ => None,
        })
        .collect()
}
