//! `Policy.explain`: the whole decision behind a verdict, as Python objects.
//!
//! These mirror `robots_runtime::explain`: the engine decides which groups
//! applied and how the best rule won, and says so in enums; here each enum is
//! its stable name (a str), and nothing is derived again.

use crate::input::lossy;
use crate::verdict::{directive_name, py_bool, Verdict};
use pyo3::prelude::*;
use robots_runtime::agent::AgentMatch;

/// The whole decision behind one verdict: the path as the profile compares
/// it, which groups applied and why, every matching rule best first, how the
/// first won, and the verdict.
#[pyclass(frozen, module = "robots_engine", get_all)]
#[derive(Clone, Debug)]
pub struct Explanation {
    /// The crawler name the groups were looked up for.
    pub agent: String,
    /// The path as the profile compares it (after URL parsing and normalisation).
    pub path: String,
    /// Why these groups applied: ``"name"`` (groups name the crawler),
    /// ``"any"`` (none does: the ``*`` groups) or ``"none"`` (no group applies).
    pub selection: &'static str,
    /// How the profile combines the groups that qualify: ``"merge-all"`` or
    /// ``"first-record"``.
    pub combining: &'static str,
    /// How a user-agent line names a crawler under the profile: ``"exact"``,
    /// ``"product-token"`` or ``"substring"``.
    pub naming: &'static str,
    /// The groups that applied, in file order.
    pub groups: Vec<AppliedGroup>,
    /// Every rule of those groups that matches the path, best first.
    pub candidates: Vec<Candidate>,
    /// How the first candidate won: ``"no-candidate"``, ``"only-candidate"``,
    /// ``"first-in-file-order"``, ``"longest-match"``, ``"allow-wins-tie"`` or
    /// ``"earlier-line-wins-tie"``.
    pub tie_break: &'static str,
    /// The tie-break in words.
    pub tie_break_description: &'static str,
    /// The verdict, exactly as ``check`` gives it.
    pub verdict: Verdict,
}

impl Explanation {
    /// The Python view of an explanation by `policy`.
    pub fn new(
        policy: &robots_runtime::Policy,
        e: &robots_runtime::explain::Explanation<'_>,
    ) -> Explanation {
        Explanation {
            agent: lossy(&e.agent),
            path: lossy(&e.path),
            selection: e.selection.basis.name(),
            combining: e.selection.combining.name(),
            naming: e.selection.naming.name(),
            groups: e.groups.iter().map(AppliedGroup::new).collect(),
            candidates: e.candidates.iter().map(Candidate::new).collect(),
            tie_break: e.tie_break.name(),
            tie_break_description: e.tie_break.description(),
            verdict: Verdict::new(policy, e.verdict),
        }
    }
}

#[pymethods]
impl Explanation {
    fn __repr__(&self) -> String {
        format!(
            "Explanation(path={:?}, selection={:?}, groups={}, candidates={}, tie_break={:?}, allowed={})",
            self.path,
            self.selection,
            self.groups.len(),
            self.candidates.len(),
            self.tie_break,
            py_bool(self.verdict.allowed)
        )
    }
}

/// A group that applied: its index in ``Policy.groups()``, its first line, and
/// its user-agent lines.
#[pyclass(frozen, module = "robots_engine", get_all)]
#[derive(Clone, Debug)]
pub struct AppliedGroup {
    /// The group's index in ``Policy.groups()``.
    pub index: usize,
    /// 1-based line of its first user-agent line.
    pub line: u32,
    /// Its user-agent lines: ``(line, value)``.
    pub agents: Vec<(u32, String)>,
    /// For each user-agent line, how it relates to the crawler: ``"name"``
    /// (it names it), ``"any"`` (``*``) or ``None`` (it names another crawler).
    pub matches: Vec<Option<&'static str>>,
}

impl AppliedGroup {
    fn new(g: &robots_runtime::explain::AppliedGroup<'_>) -> AppliedGroup {
        AppliedGroup {
            index: g.id.as_usize(),
            line: g.line,
            agents: g.agents.iter().map(|a| (a.line, lossy(a.value))).collect(),
            matches: g
                .agents
                .iter()
                .map(|a| match a.matches {
                    AgentMatch::Name => Some("name"),
                    AgentMatch::Any => Some("any"),
                    AgentMatch::No => None,
                })
                .collect(),
        }
    }
}

#[pymethods]
impl AppliedGroup {
    fn __repr__(&self) -> String {
        format!("AppliedGroup(index={}, line={})", self.index, self.line)
    }
}

/// A rule that matches the path: its line, column, directive, pattern and
/// priority. ``str()`` of it is the robots.txt line (``"Disallow: /x"``).
#[pyclass(frozen, module = "robots_engine", eq)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// 1-based line.
    #[pyo3(get)]
    pub line: u32,
    /// 1-based byte column of the pattern.
    #[pyo3(get)]
    pub column: u32,
    /// ``"allow"`` or ``"disallow"``.
    #[pyo3(get)]
    pub directive: &'static str,
    /// The pattern as written (for Google's derived ``index.htm`` rule, as derived).
    #[pyo3(get)]
    pub pattern: String,
    /// Specificity: the pattern's length in octets.
    #[pyo3(get)]
    pub priority: u32,
    /// Google's ``index.htm`` alias of an ``Allow`` line, not a line of its own.
    #[pyo3(get)]
    pub derived: bool,
    /// The rule as a robots.txt line, as the engine prints it.
    text: String,
}

impl Candidate {
    fn new(rule: &robots_runtime::Rule<'_>) -> Candidate {
        Candidate {
            line: rule.line,
            column: rule.column,
            directive: directive_name(rule.directive),
            pattern: lossy(rule.pattern),
            priority: rule.priority,
            derived: rule.derived,
            text: rule.to_string(),
        }
    }
}

#[pymethods]
impl Candidate {
    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!(
            "Candidate(line={}, directive={:?}, pattern={:?}, priority={})",
            self.line, self.directive, self.pattern, self.priority
        )
    }
}
