//! `robots_engine.audit(...)`: which crawlers obey a robots.txt, from access logs.

use crate::input::builder;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use robots_audit::{Audit, JsonFields, LogFormat, Sites};
use std::collections::HashMap;

/// Where the log lines come from.
enum Logs {
    /// Files (plain or gzip).
    Files(Vec<String>),
    /// Lines in memory (a Spark partition's).
    Lines(Vec<Vec<u8>>),
}

/// Audit access logs against robots.txt files; the report as a JSON string
/// (``robots_engine.audit`` turns it into a dict: the shape of ``robots audit
/// --format json``).
#[pyfunction]
#[pyo3(signature = (robots, logs, profile = "rfc9309", hosts = None, log_format = "auto", json_fields = None, browsers = false))]
#[allow(clippy::too_many_arguments)]
pub fn audit_json(
    py: Python<'_>,
    robots: Option<Vec<u8>>,
    logs: Vec<String>,
    profile: &str,
    hosts: Option<HashMap<String, Vec<u8>>>,
    log_format: &str,
    json_fields: Option<HashMap<String, String>>,
    browsers: bool,
) -> PyResult<String> {
    run(
        py,
        robots,
        Logs::Files(logs),
        profile,
        hosts,
        log_format,
        json_fields,
        browsers,
    )
}

/// [`audit_json`] over log lines in memory (one Spark partition's).
#[pyfunction]
#[pyo3(signature = (robots, lines, profile = "rfc9309", hosts = None, log_format = "auto", json_fields = None, browsers = false))]
#[allow(clippy::too_many_arguments)]
pub fn audit_lines_json(
    py: Python<'_>,
    robots: Option<Vec<u8>>,
    lines: Vec<Vec<u8>>,
    profile: &str,
    hosts: Option<HashMap<String, Vec<u8>>>,
    log_format: &str,
    json_fields: Option<HashMap<String, String>>,
    browsers: bool,
) -> PyResult<String> {
    run(
        py,
        robots,
        Logs::Lines(lines),
        profile,
        hosts,
        log_format,
        json_fields,
        browsers,
    )
}

#[allow(clippy::too_many_arguments)]
fn run(
    py: Python<'_>,
    robots: Option<Vec<u8>>,
    logs: Logs,
    profile: &str,
    hosts: Option<HashMap<String, Vec<u8>>>,
    log_format: &str,
    json_fields: Option<HashMap<String, String>>,
    browsers: bool,
) -> PyResult<String> {
    let builder = builder(profile, None)?;
    let default = robots.map(|body| builder.build(&body));
    let hosts: Vec<(String, robots_runtime::Policy)> = hosts
        .unwrap_or_default()
        .into_iter()
        .map(|(host, body)| (host, builder.build(&body)))
        .collect();
    let mut fields = JsonFields::default();
    for (field, key) in json_fields.unwrap_or_default() {
        fields.prefer(&field, &key).map_err(PyValueError::new_err)?;
    }
    let format = match log_format {
        "auto" => LogFormat::Auto,
        "combined" => LogFormat::Combined,
        "json" => LogFormat::Json(fields),
        other => {
            return Err(PyValueError::new_err(format!(
                "log_format must be 'auto', 'combined' or 'json', not {other:?}"
            )))
        }
    };
    py.detach(|| {
        let mut sites = Sites::new();
        if let Some(policy) = &default {
            sites.default_policy(policy);
        }
        for (host, policy) in &hosts {
            sites.host(host, policy);
        }
        let identify = |ua: &[u8]| robots_audit::identity(ua, browsers);
        let mut audit = Audit::new(sites, &identify, format);
        match &logs {
            Logs::Files(files) => {
                for log in files {
                    let file = std::fs::File::open(log)
                        .map_err(|e| PyOSError::new_err(format!("cannot open {log}: {e}")))?;
                    audit
                        .read(log, file)
                        .map_err(|e| PyOSError::new_err(format!("cannot read {log}: {e}")))?;
                }
            }
            Logs::Lines(lines) => {
                let joined = lines.join(&b'\n');
                audit
                    .read("<lines>", joined.as_slice())
                    .map_err(|e| PyOSError::new_err(format!("cannot read the lines: {e}")))?;
            }
        }
        Ok(audit.finish().to_json().to_string())
    })
}
