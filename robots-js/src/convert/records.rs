//! Records: `Request-rate`, `Visit-time` and the generic `Record`.

use super::object::{object, opt_number, text};
use super::signals::{content_signals, usage_prefs};
use robots_runtime::records::{parse_content_usage, Record, RecordValue, RequestRate, TimeWindow};
use wasm_bindgen::JsValue;

/// `{ requests, seconds, window: [start, end] | null }` (minutes after midnight UTC).
pub fn request_rate(rate: &RequestRate) -> JsValue {
    object(&[
        ("requests", rate.requests.into()),
        ("seconds", rate.per.as_secs_f64().into()),
        ("window", rate.window.as_ref().map_or(JsValue::NULL, window)),
    ])
}

/// `[start, end]`, minutes after midnight UTC.
pub fn window(w: &TimeWindow) -> JsValue {
    js_sys::Array::of2(&w.start.into(), &w.end.into()).into()
}

/// `{ directive, line, group, value, valid, parsed }`: `parsed` is the typed
/// value (seconds for `crawl-delay`, `{ requests, seconds, window }`,
/// `[start, end]`, `{ search, 'ai-input', 'ai-train' }` for `content-signal`,
/// `{ path, prefs: { 'train-ai', search } }` for `content-usage`), or `null`
/// for a text value (sitemap, host, LLM-Policy, …) and an invalid one.
pub fn record(r: &Record<'_>) -> JsValue {
    let (kind, parsed) = match &r.parsed {
        RecordValue::CrawlDelay(d) => ("crawlDelay", JsValue::from_f64(d.as_secs_f64())),
        RecordValue::RequestRate(rate) => ("requestRate", request_rate(rate)),
        RecordValue::VisitTime(w) => ("visitTime", window(w)),
        RecordValue::ContentSignal(s) => ("contentSignal", content_signals(s)),
        RecordValue::ContentUsage(prefs) => {
            // The path is not part of the typed value: read it from the text.
            let path = parse_content_usage(r.value)
                .ok()
                .and_then(|u| u.path)
                .map_or(JsValue::NULL, text);
            (
                "contentUsage",
                object(&[("path", path), ("prefs", usage_prefs(prefs))]),
            )
        }
        RecordValue::Text => ("text", JsValue::NULL),
        RecordValue::Invalid => ("invalid", JsValue::NULL),
        // `RecordValue` is `#[non_exhaustive]`: a kind added later needs a
        // directive, which `known.rs` stops at build time until it is typed
        // here. Until then its value is the text alone, never a guess.
        _ => ("unknown", JsValue::NULL),
    };
    object(&[
        ("directive", r.directive.name().into()),
        ("line", r.line.into()),
        ("group", opt_number(r.group.map(|g| f64::from(g.as_u32())))),
        ("value", text(r.value)),
        ("valid", (kind != "invalid").into()),
        ("parsed", parsed),
    ])
}

/// `Truncation` -> `{ maxBytes, inputLen, firstIgnoredLine }`.
#[allow(clippy::cast_precision_loss)]
pub fn truncation(t: &robots_runtime::document::Truncation) -> JsValue {
    object(&[
        ("maxBytes", JsValue::from_f64(t.max_bytes as f64)),
        ("inputLen", JsValue::from_f64(t.input_len as f64)),
        ("firstIgnoredLine", t.first_ignored_line.into()),
    ])
}
