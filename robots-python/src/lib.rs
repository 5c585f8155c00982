//! `robots_engine._native`: the robots engine as a CPython extension module.
//!
//! Every class here is a thin owner of a `robots_runtime` value: a [`policy::Policy`]
//! holds the compiled policy behind an `Arc` (checks take no lock and may run on
//! many threads), a [`policy::Matcher`] holds the policy and one crawler's name,
//! and batches ([`urls`]) are copied or mapped out of Python objects while the
//! GIL is held, then checked with the GIL released.
//!
//! The Python package (`python/robots_engine`) re-exports these classes and adds
//! the drop-in layers for protego, urllib.robotparser, Scrapy and Spark.

mod agents;
mod audit;
mod classify;
mod crawler;
mod explain;
mod groups;
mod input;
mod lint;
mod policy;
mod records;
mod report;
mod urls;
mod utf8;
mod verdict;

use pyo3::prelude::*;

/// The native module. Python code imports it through `robots_engine`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<policy::Policy>()?;
    m.add_class::<policy::Matcher>()?;
    m.add_class::<verdict::Verdict>()?;
    m.add_class::<explain::Explanation>()?;
    m.add_class::<explain::AppliedGroup>()?;
    m.add_class::<explain::Candidate>()?;
    m.add_class::<verdict::RequestRate>()?;
    m.add_class::<lint::Finding>()?;
    m.add_class::<classify::Classification>()?;
    m.add_class::<audit::AuditOptions>()?;
    m.add_function(wrap_pyfunction!(audit::audit_json, m)?)?;
    m.add_function(wrap_pyfunction!(audit::audit_lines_json, m)?)?;
    m.add_function(wrap_pyfunction!(lint::lint, m)?)?;
    m.add_function(wrap_pyfunction!(report::report_json, m)?)?;
    m.add_function(wrap_pyfunction!(records::records, m)?)?;
    m.add_function(wrap_pyfunction!(records::sniff, m)?)?;
    m.add_function(wrap_pyfunction!(policy::allowed_by_key, m)?)?;
    m.add_function(wrap_pyfunction!(agents::crawler_token, m)?)?;
    m.add_function(wrap_pyfunction!(agents::known_crawler, m)?)?;
    m.add_function(wrap_pyfunction!(agents::family_chain, m)?)?;
    m.add_function(wrap_pyfunction!(agents::looks_like_header, m)?)?;
    m.add("PROFILES", input::profile_names())?;
    // The crate's version, which maturin also gives the wheel (pyproject's `dynamic`).
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add(
        "DEFAULT_MAX_BYTES",
        robots_runtime::document::DEFAULT_MAX_BYTES,
    )?;
    Ok(())
}
