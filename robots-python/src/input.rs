//! Arguments from Python: robots.txt bodies, agents, URLs, profiles and caps.
//!
//! Everything that crosses from Python is checked here, so a wrong type is a
//! `TypeError` and a wrong value a `ValueError` that names the argument.

use crate::utf8::str_utf8;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString};
use robots_runtime::{Policy, PolicyBuilder, Profile};
use std::borrow::Cow;

/// The bytes of a `str` (UTF-8) or of a `bytes` / `bytearray` argument.
///
/// `what` names the argument in the error message.
pub fn text_bytes<'a>(value: &'a Bound<'_, PyAny>, what: &str) -> PyResult<Cow<'a, [u8]>> {
    if let Ok(s) = value.cast::<PyString>() {
        // Lone surrogates cannot be UTF-8: say which argument held one.
        return str_utf8(s).ok_or_else(|| {
            PyValueError::new_err(format!(
                "{what} is not encodable as UTF-8 (it contains a lone surrogate)"
            ))
        });
    }
    if let Ok(b) = value.cast::<PyBytes>() {
        return Ok(Cow::Borrowed(b.as_bytes()));
    }
    if let Ok(b) = value.cast::<PyByteArray>() {
        return Ok(Cow::Owned(b.to_vec()));
    }
    Err(PyTypeError::new_err(format!(
        "{what} must be str or bytes, not {}",
        type_name(value)
    )))
}

/// The Python type name of `value`, for error messages.
pub fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "object".to_owned())
}

/// Every profile name, default first.
pub fn profile_names() -> Vec<&'static str> {
    Profile::ALL.iter().map(|p| p.name()).collect()
}

/// A profile from its name (`rfc9309`, `google`, `draft1996`, `original1994`).
pub fn profile(name: &str) -> PyResult<Profile> {
    name.parse::<Profile>().map_err(|_| {
        PyValueError::new_err(format!(
            "unknown profile {name:?}: expected one of {}",
            profile_names().join(", ")
        ))
    })
}

/// A policy builder from a profile name and a cap: `None` keeps the profile's
/// default cap (500 KiB, none for `google`).
pub fn builder(profile_name: &str, max_bytes: Option<i128>) -> PyResult<PolicyBuilder> {
    let builder = Policy::builder().profile(profile(profile_name)?);
    match max_bytes {
        None => Ok(builder),
        Some(n) => {
            let n = usize::try_from(n).map_err(|_| {
                PyValueError::new_err(format!(
                    "max_bytes must be None or a non-negative int, not {n}"
                ))
            })?;
            Ok(builder.max_bytes(Some(n)))
        }
    }
}

/// Bytes shown to Python as `str`: UTF-8, with invalid sequences replaced.
pub fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
