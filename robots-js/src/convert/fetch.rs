//! fetch `Action` and `Outcome` as plain objects.

use super::object::{array, object, opt_number};
use robots_fetch::{Action, Outcome};
use wasm_bindgen::JsValue;

/// `{ kind: "done" }`.
pub fn done() -> JsValue {
    object(&[("kind", "done".into())])
}

/// `{ kind: "send", url, headers: [[name, value]] }`, `{ kind: "read", max }` or `done`.
pub fn action(a: &Action<'_>) -> JsValue {
    match a {
        Action::Send(request) => object(&[
            ("kind", "send".into()),
            ("url", request.url().into()),
            (
                "headers",
                array(request.headers(), |(n, v)| {
                    js_sys::Array::of2(&n.into(), &v.into()).into()
                }),
            ),
        ]),
        Action::Read { max } => {
            // A limit far below 2^53: exact.
            #[allow(clippy::cast_precision_loss)]
            let max = *max as f64;
            object(&[("kind", "read".into()), ("max", max.into())])
        }
        _ => done(),
    }
}

/// `{ rules, reason, unreachable, expiresInMs, store, status, robotsUrl,
/// finalUrl, redirects, bytes, truncated, cached }`.
pub fn outcome(o: &Outcome) -> JsValue {
    #[allow(clippy::cast_precision_loss)]
    let bytes = o.bytes as f64;
    object(&[
        ("rules", o.rules.name().into()),
        ("reason", o.reason.name().into()),
        ("unreachable", o.reason.is_unreachable().into()),
        ("expiresInMs", (o.expires_in.as_secs_f64() * 1000.0).into()),
        ("store", o.store.into()),
        ("status", opt_number(o.status.map(f64::from))),
        ("robotsUrl", o.robots_url.as_str().into()),
        ("finalUrl", o.final_url.as_str().into()),
        ("redirects", o.redirects.into()),
        ("bytes", bytes.into()),
        ("truncated", o.truncated.into()),
        ("cached", o.copy.is_some().into()),
    ])
}
