//! The answers a check gives, as Python objects.

use crate::input::lossy;
use pyo3::prelude::*;
use robots_runtime::document::Directive;

/// The answer to one check: whether the crawler may fetch the URL, why, and
/// the rule that decided it (its line, column, directive and pattern), if one did.
///
/// A ``Verdict`` is truthy when the URL is allowed.
#[pyclass(frozen, module = "robots_engine", get_all, eq)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the crawler may fetch the URL.
    pub allowed: bool,
    /// Why: ``"rule"``, ``"no-matching-rule"``, ``"no-group"`` or ``"robots-txt"``.
    pub reason: &'static str,
    /// 1-based line of the deciding rule, or ``None`` when no rule decided.
    pub line: Option<u32>,
    /// 1-based byte column of the deciding rule's pattern, or ``None``.
    pub column: Option<u32>,
    /// ``"allow"`` or ``"disallow"``, or ``None``.
    pub directive: Option<&'static str>,
    /// The deciding rule's pattern as written (for Google's derived ``index.htm``
    /// rule, as derived), or ``None``.
    pub pattern: Option<String>,
}

impl Verdict {
    /// The Python view of a verdict of `policy`.
    pub fn new(policy: &robots_runtime::Policy, verdict: robots_runtime::Verdict) -> Verdict {
        let rule = verdict.rule.and_then(|id| policy.rule(id));
        Verdict {
            allowed: verdict.allowed,
            reason: verdict.reason.name(),
            line: rule.map(|r| r.line),
            column: rule.map(|r| r.column),
            directive: rule.map(|r| directive_name(r.directive)),
            pattern: rule.as_ref().map(|r| lossy(r.pattern)),
        }
    }
}

/// The lower-case name of a rule's directive.
pub fn directive_name(directive: Directive) -> &'static str {
    directive.name()
}

#[pymethods]
impl Verdict {
    fn __bool__(&self) -> bool {
        self.allowed
    }

    fn __repr__(&self) -> String {
        match (&self.line, &self.directive, &self.pattern) {
            (Some(line), Some(directive), Some(pattern)) => format!(
                "Verdict(allowed={}, reason={:?}, line={line}, directive={directive:?}, pattern={pattern:?})",
                py_bool(self.allowed),
                self.reason
            ),
            _ => format!(
                "Verdict(allowed={}, reason={:?})",
                py_bool(self.allowed),
                self.reason
            ),
        }
    }
}

pub fn py_bool(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
    }
}

/// A ``Request-rate`` record: at most ``requests`` fetches every ``seconds``
/// seconds, optionally only within a daily window.
#[pyclass(frozen, module = "robots_engine", get_all, eq)]
#[derive(Clone, Debug, PartialEq)]
pub struct RequestRate {
    /// Number of requests allowed per period.
    pub requests: u32,
    /// Length of the period, in seconds.
    pub seconds: f64,
    /// The daily window ``(start, end)`` in minutes after midnight UTC, or ``None``.
    pub window: Option<(u16, u16)>,
}

impl From<robots_runtime::records::RequestRate> for RequestRate {
    fn from(rate: robots_runtime::records::RequestRate) -> RequestRate {
        RequestRate {
            requests: rate.requests,
            seconds: rate.per.as_secs_f64(),
            window: rate.window.map(|w| (w.start, w.end)),
        }
    }
}

#[pymethods]
impl RequestRate {
    fn __repr__(&self) -> String {
        format!(
            "RequestRate(requests={}, seconds={}, window={})",
            self.requests,
            self.seconds,
            match self.window {
                Some((start, end)) => format!("({start}, {end})"),
                None => "None".to_owned(),
            }
        )
    }
}
