//! `lint`, `report` and the registry listing.

use crate::convert::object::array;
use crate::convert::{finding, registry, report};
use crate::options::builder;
use robots_lint::{derived_sample, lint_with, CrawlerReport};
use robots_runtime::document::parse;
use robots_runtime::registry::{Purpose, CRAWLERS};
use wasm_bindgen::prelude::*;

/// Every finding about `text` (string or bytes), sorted by position.
#[wasm_bindgen(js_name = lintRaw)]
pub fn lint_raw(text: &[u8], profile: &str, max_bytes: Option<f64>) -> Result<JsValue, JsError> {
    let options = builder(profile, max_bytes)?.options();
    Ok(array(lint_with(text, options).iter(), finding::finding))
}

/// What `text` does to every crawler of the registry (`robots report`), or,
/// with a `chain` (a token, then its fallbacks), to that one crawler, known
/// to the registry or not (`robots report --agent`).
#[wasm_bindgen(js_name = reportRaw)]
pub fn report_raw(
    text: &[u8],
    profile: &str,
    max_bytes: Option<f64>,
    paths: Vec<String>,
    chain: Vec<String>,
) -> Result<JsValue, JsError> {
    let options = builder(profile, max_bytes)?.options();
    let doc = parse(text, options);
    let policy = doc.compile();
    let derived = derived_sample(&doc, &policy);
    let mut sample = derived.paths.clone();
    sample.extend(paths.into_iter().map(String::into_bytes));
    let name = policy.profile().name();
    let crawler_report = if chain.is_empty() {
        CrawlerReport::new(&policy, sample)
    } else {
        CrawlerReport::for_chain(&policy, sample, &chain)
    };
    Ok(report::report(name, &crawler_report, &derived))
}

/// Every crawler of the registry, in registry order.
#[wasm_bindgen(js_name = crawlers)]
pub fn crawlers() -> JsValue {
    array(CRAWLERS.iter(), registry::crawler)
}

/// The purpose classes, in the order reports list them.
#[wasm_bindgen(js_name = purposes)]
pub fn purposes() -> JsValue {
    array(Purpose::ALL, registry::purpose)
}

/// The registry's chain for `token` (its own token, then its documented
/// fallbacks) when the registry knows it, else `[token]`.
#[wasm_bindgen(js_name = crawlerChain)]
pub fn crawler_chain(token: &str) -> Vec<String> {
    robots_runtime::registry::crawler(token).map_or_else(
        || vec![token.to_owned()],
        |c| c.chain().map(str::to_owned).collect(),
    )
}

/// Whether `token` obeys the `*` groups when no group names it: false only for
/// a registry crawler documented to ignore `*` (as `robots check --agent` and
/// `robots report` follow it).
#[wasm_bindgen(js_name = crawlerObeysWildcard)]
pub fn crawler_obeys_wildcard(token: &str) -> bool {
    robots_runtime::registry::AgentChain::of(token).obeys_wildcard
}

/// The crawler token of a whole User-Agent header, as `robots check
/// --user-agent-header` reads it (a registry crawler's documented header gives
/// its token, else the first product token that is no browser boilerplate),
/// or `undefined` for a header that holds none (a browser's).
#[wasm_bindgen(js_name = tokenOfHeader)]
pub fn token_of_header(header: &str) -> Option<String> {
    robots_lint::token_of_header(header.as_bytes())
        .map(|t| String::from_utf8_lossy(t.token).into_owned())
}

/// Whether `agent` is plainly a whole User-Agent header rather than a
/// product token (`/` then a digit, or `(`), as the CLI warns.
#[wasm_bindgen(js_name = looksLikeHeader)]
pub fn looks_like_header(agent: &str) -> bool {
    robots_lint::looks_like_header(agent.as_bytes())
}

/// The package's version.
#[wasm_bindgen(js_name = version)]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

/// What `text` is when it is not a robots.txt at all: `"html"`, `"utf16"`,
/// `"utf32"` or `"binary"`; `undefined` for text.
#[wasm_bindgen(js_name = sniffRaw)]
pub fn sniff_raw(text: &[u8]) -> Option<String> {
    robots_lint::sniff(text).map(|kind| crate::convert::finding::not_robots_txt(kind).to_owned())
}
