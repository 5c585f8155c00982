//! From a User-Agent header to the crawler's robots.txt token, and from a
//! token to the chain of tokens it obeys: the engine's one definition
//! (`robots_runtime::registry::token_of_header`, `family_chain`), for the Python
//! drop-ins and for callers.

use crate::input::text_bytes;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use robots_runtime::registry;

/// `bytes` as the caller's type: a `str` argument gets a `str` back.
pub fn same_type<'py>(
    py: Python<'py>,
    like: &Bound<'py, PyAny>,
    bytes: &[u8],
) -> Bound<'py, PyAny> {
    if like.is_instance_of::<PyString>() {
        PyString::new(py, &String::from_utf8_lossy(bytes)).into_any()
    } else {
        PyBytes::new(py, bytes).into_any()
    }
}

/// The token a robots.txt names for the crawler that sends ``header`` (a
/// whole User-Agent header, or a bare name), or ``None`` when it holds none
/// (a browser's header): a registry crawler's token when the header has one
/// of its documented forms, else the first RFC 9110 product token that is no
/// browser boilerplate (``Mozilla``, ``AppleWebKit``, ``compatible``, …).
/// Returns ``str`` for a ``str`` argument and ``bytes`` for ``bytes``.
#[pyfunction]
pub fn crawler_token<'py>(
    py: Python<'py>,
    header: &Bound<'py, PyAny>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let bytes = text_bytes(header, "header")?;
    Ok(registry::token_of_header(&bytes).map(|found| same_type(py, header, found.token)))
}

/// The registry crawler's token for ``header`` when it has a documented form
/// or names a registry crawler by its product token, else ``None``.
#[pyfunction]
pub fn known_crawler(header: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
    let bytes = text_bytes(header, "header")?;
    Ok(registry::token_of_header(&bytes).and_then(|found| found.crawler.map(|c| c.token)))
}

/// The tokens a crawler obeys, in order, when no group names those before:
/// ``token``, the fallbacks its registry entry documents (``Googlebot-Image``
/// → ``Googlebot``), then, with ``dash_prefixes``, each prefix of ``token``
/// before a ``-``, longest first. Pass it to ``Policy.matcher_chain``.
#[pyfunction]
#[pyo3(signature = (token, dash_prefixes = false))]
pub fn family_chain<'py>(
    py: Python<'py>,
    token: &Bound<'py, PyAny>,
    dash_prefixes: bool,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let bytes = text_bytes(token, "token")?;
    Ok(registry::family_chain(&bytes, dash_prefixes)
        .into_iter()
        .map(|t| same_type(py, token, t))
        .collect())
}

/// Whether ``agent`` is plainly a whole User-Agent header rather than a
/// product token: it holds ``/`` followed by a digit, or ``(``.
#[pyfunction]
pub fn looks_like_header(agent: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(registry::looks_like_header(&text_bytes(agent, "agent")?))
}
