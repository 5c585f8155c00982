//! `robots_engine.report(...)`: what a robots.txt does to every crawler of the
//! known-crawler registry, as `robots report --format json` prints it (one
//! computation and one JSON shape: `robots_lint::CrawlerReport::to_json`).

use crate::input::profile;
use pyo3::prelude::*;
use robots_lint::{derived_sample, CrawlerReport};
use robots_runtime::document::{parse, ParseOptions};

/// The report of ``robots`` under ``profile`` as a JSON string: the sample is
/// ``/`` and the paths derived from the file's rules, plus ``paths``; ``file``
/// names the file in the report (``None``: no ``file`` key).
#[pyfunction]
#[pyo3(signature = (robots, profile_name = "rfc9309", paths = None, file = None))]
pub fn report_json(
    py: Python<'_>,
    robots: Vec<u8>,
    profile_name: &str,
    paths: Option<Vec<Vec<u8>>>,
    file: Option<String>,
) -> PyResult<String> {
    let profile = profile(profile_name)?;
    Ok(py.detach(|| {
        let doc = parse(&robots, ParseOptions::new(profile));
        let policy = doc.compile();
        let mut sample = derived_sample(&doc, &policy).paths;
        sample.extend(paths.unwrap_or_default());
        CrawlerReport::new(&policy, sample)
            .to_json(file.as_deref(), profile)
            .to_string()
    }))
}
