//! `robots_engine.lint`: the engine's findings, as Python objects.

use crate::input::{builder, text_bytes};
use pyo3::exceptions::PyDeprecationWarning;
use pyo3::prelude::*;

/// One lint finding: a stable kebab-case ``code``, a ``severity``
/// (``"error"``, ``"warning"`` or ``"note"``), the 1-based ``line`` and byte
/// ``column``, a ``message``, and an optional ``help``. (``col`` is the
/// deprecated name of ``column``.)
#[pyclass(frozen, module = "robots_engine", get_all)]
#[derive(Clone, Debug)]
pub struct Finding {
    /// The stable code, such as ``"missing-colon"``.
    pub code: &'static str,
    /// ``"error"``, ``"warning"`` or ``"note"``.
    pub severity: &'static str,
    /// 1-based line.
    pub line: u32,
    /// 1-based byte column.
    pub column: u32,
    /// What is wrong.
    pub message: String,
    /// How to fix it, when there is a suggestion.
    pub help: Option<String>,
}

#[pymethods]
impl Finding {
    /// Deprecated: ``column`` (reading ``col`` warns with a ``DeprecationWarning``).
    #[getter]
    fn col(&self, py: Python<'_>) -> PyResult<u32> {
        let category = py.get_type::<PyDeprecationWarning>();
        PyErr::warn(
            py,
            category.as_any(),
            c"Finding.col is deprecated: use Finding.column",
            1,
        )?;
        Ok(self.column)
    }

    fn __repr__(&self) -> String {
        format!(
            "Finding({}:{}: {} [{}] {:?})",
            self.line, self.column, self.severity, self.code, self.message
        )
    }
}

/// Lint a robots.txt: every finding, sorted by position.
///
/// ``body`` is bytes or str; ``profile`` as for ``Policy``. Any bytes are accepted.
#[pyfunction]
#[pyo3(signature = (body, profile = "rfc9309", max_bytes = None))]
pub fn lint(
    py: Python<'_>,
    body: &Bound<'_, PyAny>,
    profile: &str,
    max_bytes: Option<i128>,
) -> PyResult<Vec<Finding>> {
    let options = builder(profile, max_bytes)?.options();
    let body = text_bytes(body, "body")?;
    let findings = py.detach(|| robots_lint::lint_with(&body, options));
    Ok(findings
        .into_iter()
        .map(|f| Finding {
            code: f.code.as_str(),
            severity: f.severity.name(),
            line: f.line,
            column: f.column,
            message: f.message,
            help: f.help,
        })
        .collect())
}
