//! `robots_engine.records` and `robots_engine.sniff`: a robots.txt's
//! directive lines as rows, and whether a body is a robots.txt at all (for
//! the SQL functions of `robots_engine.spark`, which give the rows the DuckDB
//! extension's `robots_records` gives, and no verdict for binary data).

use crate::input::{lossy, profile, text_bytes};
use pyo3::prelude::*;
use robots_lint::{sniff as sniff_body, NotRobotsTxt};
use robots_runtime::document::{parse, Directive, LineKind, ParseOptions, Scope};
use robots_runtime::records::{parse_value, RecordValue};
use std::collections::HashMap;

/// One directive line: `(line, directive, value, group, valid)`.
type DirectiveLine = (u32, &'static str, String, Option<usize>, bool);

/// Every directive line the profile reads, in file order, as ``(line,
/// directive, value, group, valid)``: ``group`` is the 0-based group of a
/// user-agent, rule or group-scoped line (``None``: file-wide, or before any
/// user-agent line), ``valid`` whether a record's value parses (always
/// ``True`` for user-agent and rule lines).
#[pyfunction]
#[pyo3(signature = (body, profile_name = "rfc9309"))]
pub fn records(
    py: Python<'_>,
    body: &Bound<'_, PyAny>,
    profile_name: &str,
) -> PyResult<Vec<DirectiveLine>> {
    let options = ParseOptions::new(profile(profile_name)?);
    let body = text_bytes(body, "body")?;
    Ok(py.detach(|| {
        let doc = parse(&body, options);
        let mut group_of: HashMap<usize, usize> = HashMap::new();
        for (g, group) in doc.groups().iter().enumerate() {
            let lines = group.agents.iter().map(|a| a.line);
            for line in lines
                .chain(group.rules.iter().copied())
                .chain(group.records.iter().copied())
            {
                group_of.insert(line, g);
            }
        }
        doc.lines()
            .iter()
            .enumerate()
            .filter_map(|(index, line)| {
                let LineKind::Directive(directive) = line.kind else {
                    return None;
                };
                let value = doc.value(line);
                let valid = directive.scope() == Scope::Rule
                    || directive == Directive::UserAgent
                    || parse_value(directive, value) != RecordValue::Invalid;
                Some((
                    line.number,
                    directive.name(),
                    lossy(value),
                    group_of.get(&index).copied(),
                    valid,
                ))
            })
            .collect()
    }))
}

/// What ``body`` is when it is no robots.txt: ``"html"``, ``"utf-16"``,
/// ``"utf-32"`` or ``"binary"`` (control bytes at its start, as a gzip or an
/// image has; ``"other"`` for a kind this version does not name), else ``None``. Reads at most its first 1,024 bytes.
#[pyfunction]
pub fn sniff(body: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
    let body = text_bytes(body, "body")?;
    Ok(sniff_body(&body).map(|found| match found {
        NotRobotsTxt::Html => "html",
        NotRobotsTxt::Utf16 => "utf-16",
        NotRobotsTxt::Utf32 => "utf-32",
        NotRobotsTxt::Binary => "binary",
        // A kind this version does not name yet: still no robots.txt.
        _ => "other",
    }))
}
