//! Profiles and caps from JavaScript arguments.

use crate::quote::quoted;
use robots_runtime::{Policy, PolicyBuilder, Profile};
use wasm_bindgen::JsError;

/// Every profile name, default first.
pub fn profile_names() -> String {
    Profile::ALL
        .iter()
        .map(|p| p.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A profile from its name; an `Error` naming the choices otherwise.
pub fn profile(name: &str) -> Result<Profile, JsError> {
    name.parse::<Profile>().map_err(|_| {
        JsError::new(&format!(
            "unknown profile {}: expected one of {}",
            quoted(name),
            profile_names()
        ))
    })
}

/// A builder from a profile name and a cap: `None` (JS `null`/`undefined`)
/// keeps the profile's default; a cap must be a non-negative whole number.
pub fn builder(profile_name: &str, max_bytes: Option<f64>) -> Result<PolicyBuilder, JsError> {
    let builder = Policy::builder().profile(profile(profile_name)?);
    match max_bytes {
        None => Ok(builder),
        Some(n) if n.is_finite() && n >= 0.0 && n.fract() == 0.0 => {
            // Saturating: a cap past usize::MAX is no cap at all.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let cap = n as usize;
            Ok(builder.max_bytes(Some(cap)))
        }
        // api.js (`maxBytesOf`) refuses such a cap first, with its value; the
        // value is not printed here, since formatting an `f64` (Grisu and
        // Dragon4 with their tables) adds 6 KB to the gzipped module.
        Some(_) => Err(JsError::new(
            "maxBytes must be null or a non-negative integer",
        )),
    }
}
