//! `diff`: what changes between two versions of a robots.txt, computed by the
//! same library functions as `robots diff` (`robots_lint::diff_paths`,
//! `verdict_changes`, `crawler_diffs`).
//!
//! The answer holds both of the CLI's views: the URLs whose verdict changes for
//! one crawler (`robots diff --agent TOKEN --fallback …`), and one entry per
//! registry crawler whose verdicts change (`robots diff` without `--agent`),
//! over the same URLs.

use crate::convert::object::{array, object, text};
use crate::convert::verdict::verdict;
use crate::options::builder;
use robots_lint::{crawler_diffs, diff_paths, sample_limit, verdict_changes, CrawlerDiff};
use robots_runtime::document::parse;
use robots_runtime::{Policy, Verdict};
use wasm_bindgen::prelude::*;

/// Counts are far below 2^53: exact as numbers.
#[allow(clippy::cast_precision_loss)]
fn count(n: usize) -> JsValue {
    JsValue::from_f64(n as f64)
}

/// One side of a change: `{ allowed, reason, rule }`, the rule as the file has it.
fn side(policy: &Policy, v: &Verdict) -> JsValue {
    let rule = v.rule.and_then(|id| policy.rule(id));
    verdict(v, rule.as_ref())
}

fn crawler(d: &CrawlerDiff) -> JsValue {
    object(&[
        ("agent", d.crawler.token.into()),
        ("operator", d.crawler.operator.into()),
        ("lost", count(d.lost)),
        ("gained", count(d.gained)),
    ])
}

/// The changes between `old` and `new` (strings or bytes) read under `profile`:
/// `{ urls, changes: [{ url, old, new }], crawlers: [{ agent, operator, lost,
/// gained }], derived_cut: { limit } | null }`.
///
/// `chain` is the crawler of `changes` (its token, then its fallbacks), which
/// obeys the `*` groups when no group names it only if `obeys_wildcard`. The
/// URLs are `urls` when `derive` is false, else the paths derived from both
/// files' rules, as `robots diff` derives them without `--urls`.
#[wasm_bindgen(js_name = diffRaw)]
// The fields of api.js's `diff` options object, each a plain value across the
// boundary (the glue converts no object); api.js checks and names them.
#[allow(clippy::too_many_arguments)]
pub fn diff_raw(
    old: &[u8],
    new: &[u8],
    profile: &str,
    max_bytes: Option<f64>,
    chain: Vec<String>,
    obeys_wildcard: bool,
    urls: Vec<String>,
    derive: bool,
) -> Result<JsValue, JsError> {
    let options = builder(profile, max_bytes)?.options();
    let (old_doc, new_doc) = (parse(old, options), parse(new, options));
    let (old_policy, new_policy) = (old_doc.compile(), new_doc.compile());
    let mut derived_cut = JsValue::NULL;
    let urls: Vec<Vec<u8>> = if derive {
        let limit = sample_limit(&[&old_policy, &new_policy]);
        let (paths, cut) = diff_paths(&old_doc, &new_doc, limit, options.profile);
        if cut {
            derived_cut = object(&[("limit", count(limit))]);
        }
        paths
    } else {
        urls.into_iter().map(String::into_bytes).collect()
    };
    let changes = verdict_changes(
        &old_policy.matcher_obeying(&chain, obeys_wildcard),
        &new_policy.matcher_obeying(&chain, obeys_wildcard),
        &urls,
    );
    let crawlers = crawler_diffs(&old_policy, &new_policy, &urls);
    Ok(object(&[
        ("urls", count(urls.len())),
        (
            "changes",
            array(changes.iter(), |c| {
                object(&[
                    ("url", text(&c.url)),
                    ("old", side(&old_policy, &c.old)),
                    ("new", side(&new_policy, &c.new)),
                ])
            }),
        ),
        ("crawlers", array(crawlers.iter(), crawler)),
        ("derivedCut", derived_cut),
    ]))
}
