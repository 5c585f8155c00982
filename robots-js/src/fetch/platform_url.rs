//! The JavaScript engine's WHATWG `URL` class as the fetch machine's URL parser.
//!
//! Native builds of robots-fetch parse with the `url` crate, which implements
//! the same standard. Here the platform's parser does it: the `url` crate and
//! its IDNA code stay out of the `.wasm`, and Unicode hosts get the platform's
//! full IDNA. The answers are the same: robots-js's node tests hold this parser
//! to testdata/fetch-urls.json, as robots-fetch's tests hold the url crate.
//!
//! Chromium's `URL` is laxer than the standard in two ways the machine sees:
//! it escapes a forbidden character in a host (`http://a b/` has the host
//! `a%20b`), which the machine refuses as an invalid URL, as everywhere else;
//! and it takes `xn--` labels that are not valid punycode (`http://xn--a.example/`),
//! which no DNS name can be: the fetch then ends as a network error, where
//! Node and the url crate call the URL invalid.

use robots_fetch::{ParsedUrl, UrlParser};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// `URL` (a global in Node and in every browser).
    #[wasm_bindgen(js_name = URL)]
    type WhatwgUrl;

    #[wasm_bindgen(catch, constructor, js_class = "URL")]
    fn new(input: &str) -> Result<WhatwgUrl, JsValue>;

    #[wasm_bindgen(catch, constructor, js_class = "URL")]
    fn new_with_base(input: &str, base: &str) -> Result<WhatwgUrl, JsValue>;

    // Read as values, not `String`: whatever a getter gives or throws is an
    // answer, never a trap.
    #[wasm_bindgen(catch, structural, method, getter, js_class = "URL")]
    fn href(this: &WhatwgUrl) -> Result<JsValue, JsValue>;

    #[wasm_bindgen(catch, structural, method, getter, js_class = "URL")]
    fn protocol(this: &WhatwgUrl) -> Result<JsValue, JsValue>;

    #[wasm_bindgen(catch, structural, method, getter, js_class = "URL")]
    fn host(this: &WhatwgUrl) -> Result<JsValue, JsValue>;
}

/// The platform's `URL`, for `RobotsFetch::with_parser` and `origin_key_with`.
#[derive(Debug)]
pub struct PlatformUrl;

impl UrlParser for PlatformUrl {
    fn parse(&self, input: &str, base: Option<&str>) -> Result<ParsedUrl, String> {
        let url = match base {
            None => WhatwgUrl::new(input),
            Some(base) => WhatwgUrl::new_with_base(input, base),
        }
        .map_err(|thrown| {
            format!(
                "the platform's URL parser rejects it ({})",
                words_of(&thrown)
            )
        })?;
        let part = |value: Result<JsValue, JsValue>, name: &str| {
            value
                .ok()
                .and_then(|v| v.as_string())
                .ok_or_else(|| format!("the platform's URL has no {name} for it"))
        };
        let href = part(url.href(), "href")?;
        let protocol = part(url.protocol(), "protocol")?;
        let host = part(url.host(), "host")?;
        let scheme = protocol.strip_suffix(':').unwrap_or(&protocol).to_owned();
        Ok(ParsedUrl::new(href, scheme, host))
    }
}

/// What a thrown value says: an error's `message`, a thrown string, else that
/// it gave no reason.
fn words_of(thrown: &JsValue) -> String {
    js_sys::Reflect::get(thrown, &JsValue::from_str("message"))
        .ok()
        .and_then(|message| message.as_string())
        .or_else(|| thrown.as_string())
        .unwrap_or_else(|| String::from("no reason given"))
}
