//! The crawler audit for the browser tester: `robots audit` over an access
//! log the user drops on the page, against the robots.txt in its editor, in a
//! worker. The same audit as the CLI's (robots-audit), drawn by the same
//! renderer (robots-audit-html), so the page shows what `--format html` writes.
//!
//! The log is never copied whole into the module: [`audit_log`] pulls it
//! through a JavaScript function, a slice at a time (the worker reads the
//! dropped `File` with `FileReaderSync`), and gzip is read as the CLI reads it.
//! Nothing here panics on input: a failed read is a thrown `Error`.

use robots_audit::{Audit, IpRanges, LogFormat, RobotsVersion, Sites, Verifier};
use robots_core::{Policy, Profile};
use std::io::{self, Read};
use wasm_bindgen::prelude::*;

/// The allocator of the package's module (talc), for the same reasons.
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// How much of the log is asked for at once.
const SLICE: u32 = 1 << 20;

/// A log read through `read(bytes)`, which returns the next bytes (a
/// `Uint8Array`; empty at the end) or throws.
struct Pulled {
    read: js_sys::Function,
    /// What `read` gave and was not copied out yet.
    pending: Vec<u8>,
    at: usize,
}

impl Read for Pulled {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at >= self.pending.len() {
            let chunk = self
                .read
                .call1(&JsValue::NULL, &JsValue::from(SLICE))
                .map_err(|e| io::Error::other(describe(&e)))?;
            let chunk: js_sys::Uint8Array = chunk.dyn_into().map_err(|_| {
                io::Error::other("the log reader returned something other than a Uint8Array")
            })?;
            self.pending = chunk.to_vec();
            self.at = 0;
            if self.pending.is_empty() {
                return Ok(0);
            }
        }
        let rest = self.pending.get(self.at..).unwrap_or_default();
        let n = rest.len().min(buf.len());
        if let (Some(to), Some(from)) = (buf.get_mut(..n), rest.get(..n)) {
            to.copy_from_slice(from);
        }
        self.at += n;
        Ok(n)
    }
}

fn describe(error: &JsValue) -> String {
    error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| String::from("reading the log failed"))
}

fn profile_of(name: &str) -> Result<Profile, JsError> {
    name.parse::<Profile>()
        .map_err(|e| JsError::new(&e.to_string()))
}

/// Audit the log `name`, read through `read`, against `robots` read under
/// `profile`: for every host, or only for `host` (then the other hosts'
/// requests are unchecked, and said so). Returns `{ html, report, lines }`:
/// the report as `robots audit --format html` draws it (without the document
/// around it: the page holds its style), as `--format json` gives it (a
/// string), and the number of lines read.
#[wasm_bindgen(js_name = auditLog)]
pub fn audit_log(
    robots: &[u8],
    profile: &str,
    host: Option<String>,
    name: &str,
    read: js_sys::Function,
) -> Result<JsValue, JsError> {
    let policy = Policy::parse(robots, profile_of(profile)?);
    let host = host.map(|h| h.trim().to_owned()).filter(|h| !h.is_empty());
    let sites = match &host {
        None => Sites::single(&policy),
        Some(host) => {
            let mut sites = Sites::new();
            sites
                .add(Some(host), RobotsVersion::new(&policy, "robots.txt"))
                .map_err(|e| JsError::new(&e.to_string()))?;
            sites
        }
    };
    let identify = |ua: &[u8]| robots_audit::identity(ua, false);
    // The operators' published ranges, as the CLI bundles them; reverse DNS is
    // not available in a page.
    let verifier = Verifier::new(IpRanges::snapshot());
    let mut audit = Audit::new(sites, &identify, LogFormat::Auto).verify_with(&verifier);
    let log = Pulled {
        read,
        pending: Vec::new(),
        at: 0,
    };
    audit
        .read(name, log)
        .map_err(|e| JsError::new(&format!("reading {name}: {e}")))?;
    let report = audit.finish();
    // No DNS here: every crawler only reverse DNS verifies is listed as not asked.
    let summary = verifier.summary(&report);
    let about =
        robots_audit_html::About::new(vec![name.to_owned()], "robots.txt tester (WebAssembly)")
            .with_verification(summary.text())
            .with_dns_not_asked(summary.dns_not_asked);
    let out = js_sys::Object::new();
    let set = |key: &str, value: JsValue| js_sys::Reflect::set(&out, &JsValue::from(key), &value);
    set(
        "html",
        JsValue::from(robots_audit_html::fragment(&report, &about)),
    )
    .and_then(|_| set("report", JsValue::from(report.to_json().to_string())))
    .and_then(|_| set("lines", JsValue::from(report.lines as f64)))
    .map_err(|_| JsError::new("bug: cannot set a member of a new object"))?;
    Ok(out.into())
}

/// The report's style sheet (every rule under `.robots-audit`).
#[wasm_bindgen(js_name = auditStyle)]
pub fn audit_style() -> String {
    robots_audit_html::STYLE.to_owned()
}
