//! `robots_engine.audit(...)`: which crawlers obey a robots.txt, from access logs.
//!
//! What an audit is run with (the robots.txt files, the profile, how the log
//! is written, whether browsers count) is one [`AuditOptions`], checked once
//! when it is made; the two entry points differ only in where the lines come
//! from (files, or one Spark partition's lines in memory).

use crate::input::builder;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use robots_audit::{Audit, IpRanges, JsonFields, LogFormat, Sites, Verifier};
use robots_runtime::Policy;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The bundled IP ranges, read once per process (a Spark worker audits many
/// partitions).
fn bundled_ranges() -> &'static IpRanges {
    static RANGES: OnceLock<IpRanges> = OnceLock::new();
    RANGES.get_or_init(IpRanges::snapshot)
}

/// How to audit: ``AuditOptions(robots, profile="rfc9309", hosts=None,
/// log_format="auto", json_fields=None, browsers=False, cache_window="24h")``.
/// ``robots`` is the robots.txt of every host (``None`` with ``hosts``, a
/// dict of host to its robots.txt); ``json_fields`` maps ``host``, ``time``,
/// ``target``, ``status``, ``user_agent`` or ``client`` to a JSON log's key
/// (and, as ``robots audit --json-field`` does, reads the log as JSON lines);
/// ``cache_window`` is how long a crawler may keep a robots.txt.
#[pyclass(frozen, module = "robots_engine._native")]
pub struct AuditOptions {
    /// The robots.txt of every host not in `hosts`.
    default: Option<Policy>,
    /// Each host's robots.txt.
    hosts: Vec<(String, Policy)>,
    format: LogFormat,
    browsers: bool,
    /// How long a crawler may keep a robots.txt, in seconds.
    cache_window: u64,
}

#[pymethods]
impl AuditOptions {
    #[new]
    #[pyo3(signature = (robots, profile = "rfc9309", hosts = None, log_format = "auto", json_fields = None, browsers = false, *, cache_window = "24h"))]
    fn new(
        robots: Option<Vec<u8>>,
        profile: &str,
        hosts: Option<HashMap<String, Vec<u8>>>,
        log_format: &str,
        json_fields: Option<HashMap<String, String>>,
        browsers: bool,
        cache_window: &str,
    ) -> PyResult<Self> {
        let cache_window =
            robots_audit::parse_duration(cache_window).map_err(PyValueError::new_err)?;
        let builder = builder(profile, None)?;
        let mut fields = JsonFields::default();
        for (field, key) in json_fields.iter().flatten() {
            fields.prefer(field, key).map_err(PyValueError::new_err)?;
        }
        let format = match log_format {
            "auto" if json_fields.is_some() => LogFormat::Json(fields),
            "auto" => LogFormat::Auto,
            "combined" => LogFormat::Combined,
            "json" => LogFormat::Json(fields),
            "w3c" => LogFormat::W3c,
            other => {
                return Err(PyValueError::new_err(format!(
                    "log_format must be 'auto', 'combined', 'json' or 'w3c', not {other:?}"
                )))
            }
        };
        Ok(AuditOptions {
            default: robots.map(|body| builder.build(&body)),
            hosts: hosts
                .unwrap_or_default()
                .into_iter()
                .map(|(host, body)| (host, builder.build(&body)))
                .collect(),
            format,
            browsers,
            cache_window,
        })
    }
}

impl AuditOptions {
    /// Run an audit: `feed` reads the logs into it. The report's JSON.
    ///
    /// Senders are verified by the operators' published IP ranges as the CLI
    /// bundles them (reverse DNS is the CLI's alone), and the report carries
    /// the `verification` member (which ranges, of which dates, which crawlers
    /// only reverse DNS could verify), as `robots audit --format json` does; a
    /// Spark partition's adds up with the others' in `audit_job.merge`.
    fn run(&self, feed: impl FnOnce(&mut Audit<'_>) -> PyResult<()>) -> PyResult<String> {
        let mut sites = Sites::new();
        if let Some(policy) = &self.default {
            sites.default_policy(policy);
        }
        for (host, policy) in &self.hosts {
            sites.host(host, policy);
        }
        let browsers = self.browsers;
        let identify = move |ua: &[u8]| robots_audit::identity(ua, browsers);
        let verifier = Verifier::new(bundled_ranges().clone());
        let mut audit = Audit::new(sites, &identify, self.format.clone())
            .cache_window(self.cache_window)
            .verify_with(&verifier);
        feed(&mut audit)?;
        let report = audit.finish();
        let mut json = report.to_json();
        if let Some(object) = json.as_object_mut() {
            object.insert(
                "verification".to_owned(),
                verifier.summary(&report).to_json(),
            );
        }
        Ok(json.to_string())
    }
}

/// Audit access log files (plain or gzip); the report as a JSON string
/// (``robots_engine.audit`` turns it into a dict: the shape of ``robots audit
/// --format json``).
#[pyfunction]
pub fn audit_json(
    py: Python<'_>,
    options: PyRef<'_, AuditOptions>,
    logs: Vec<String>,
) -> PyResult<String> {
    let options = &*options;
    py.detach(|| {
        options.run(|audit| {
            for log in &logs {
                let file = std::fs::File::open(log)
                    .map_err(|e| PyOSError::new_err(format!("cannot open {log}: {e}")))?;
                audit
                    .read(log, file)
                    .map_err(|e| PyOSError::new_err(format!("cannot read {log}: {e}")))?;
            }
            Ok(())
        })
    })
}

/// [`audit_json`] over log lines in memory (one Spark partition's).
#[pyfunction]
pub fn audit_lines_json(
    py: Python<'_>,
    options: PyRef<'_, AuditOptions>,
    lines: Vec<Vec<u8>>,
) -> PyResult<String> {
    let options = &*options;
    py.detach(|| {
        options.run(|audit| {
            let joined = lines.join(&b'\n');
            audit
                .read("<lines>", joined.as_slice())
                .map_err(|e| PyOSError::new_err(format!("cannot read the lines: {e}")))
        })
    })
}
