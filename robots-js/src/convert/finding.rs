//! lint `Finding` -> `{ code, severity, line, column, message, help, span }`.

use super::object::{object, opt_str};
use robots_lint::Finding;
use wasm_bindgen::JsValue;

/// The finding as a plain object (`help` is `null` when there is no suggestion).
pub fn finding(f: &Finding) -> JsValue {
    object(&[
        ("code", f.code.as_str().into()),
        ("severity", f.severity.name().into()),
        ("line", f.line.into()),
        ("column", f.column.into()),
        ("message", f.message.as_str().into()),
        ("help", opt_str(f.help.as_deref())),
        ("span", span(f)),
    ])
}

/// The byte range `[start, end)` of the finding in the text.
#[allow(clippy::cast_precision_loss)]
fn span(f: &Finding) -> JsValue {
    js_sys::Array::of2(
        &JsValue::from_f64(f.span.start as f64),
        &JsValue::from_f64(f.span.end as f64),
    )
    .into()
}

/// `NotRobotsTxt` -> `"html"`, `"utf16"`, `"utf32"` or `"binary"`.
pub fn not_robots_txt(kind: robots_lint::NotRobotsTxt) -> &'static str {
    use robots_lint::NotRobotsTxt;
    #[allow(unreachable_patterns)]
    match kind {
        NotRobotsTxt::Html => "html",
        NotRobotsTxt::Utf16 => "utf16",
        NotRobotsTxt::Utf32 => "utf32",
        NotRobotsTxt::Binary => "binary",
        // A kind added later: its lint code names it.
        _ => kind.code().as_str(),
    }
}
