//! `CrawlerReport` -> the object `robots report --format json` prints, with
//! its keys in camelCase as everywhere in the package (`rootAllowed`,
//! `allowedShare`, `aiRecords`…; the AI-preference vocabularies' own keys,
//! `ai-train` and the like, stay as the drafts spell them), without `file`,
//! plus `derivedCut`.

use super::object::{array, object, opt_number};
use robots_lint::{
    signal_entries, usage_entries, Access, AiRecords, CrawlerReport, CrawlerRow, DerivedSample,
    Tally,
};
use robots_runtime::registry::Purpose;
use wasm_bindgen::JsValue;

fn row(report: &CrawlerReport, r: &CrawlerRow) -> JsValue {
    let entry = r.crawler;
    let or_null = |value: Option<&str>| value.map_or(JsValue::NULL, JsValue::from_str);
    object(&[
        ("token", r.token.as_str().into()),
        ("operator", or_null(entry.map(|c| c.operator))),
        ("purpose", or_null(entry.map(|c| c.purpose.name()))),
        ("chain", array(&r.chain, |t| t.as_str().into())),
        (
            "group",
            object(&[
                ("applies", r.applies.name().into()),
                ("token", or_null(r.group_token())),
                ("lines", array(r.lines.iter(), |&l| l.into())),
            ]),
        ),
        ("rootAllowed", r.root_allowed.into()),
        ("access", access(&r.access)),
        ("allowedPaths", usize_value(r.allowed)),
        ("allowedShare", (report.share(r) / 100.0).into()),
        (
            "crawlDelaySeconds",
            opt_number(r.crawl_delay.map(|d| d.as_secs_f64())),
        ),
        ("robotsTxt", or_null(entry.map(|c| c.robots_txt.name()))),
        ("verification", or_null(entry.map(|c| c.sourcing.name()))),
        ("aiRecords", ai_records(&r.ai, report)),
    ])
}

/// `line`, then `<key>: true | false | null` for each of an AI-era record's keys.
fn entries<'a>(line: u32, entries: &[(&'a str, Option<bool>)]) -> Vec<(&'a str, JsValue)> {
    let mut fields: Vec<(&str, JsValue)> = vec![("line", line.into())];
    fields.extend(
        entries
            .iter()
            .map(|&(key, value)| (key, value.map_or(JsValue::NULL, JsValue::from))),
    );
    fields
}

/// `{ contentSignal, contentUsage, llmPolicies, licenses }`, as the CLI's
/// `ai_records` (the last two file-wide, from `report`).
fn ai_records(ai: &AiRecords, report: &CrawlerReport) -> JsValue {
    object(&[
        (
            "contentSignal",
            ai.content_signal.map_or(JsValue::NULL, |s| {
                object(&entries(s.line, &signal_entries(&s.signals)))
            }),
        ),
        (
            "contentUsage",
            array(ai.content_usage.iter(), |u| {
                let mut fields = entries(u.line, &usage_entries(&u.prefs));
                // A rule for every path has a null `path`, as in the CLI.
                fields.push((
                    "path",
                    u.path.as_deref().map_or(JsValue::NULL, JsValue::from),
                ));
                object(&fields)
            }),
        ),
        (
            "llmPolicies",
            array(&report.llm_policies, |u| u.as_str().into()),
        ),
        ("licenses", array(&report.licenses, |u| u.as_str().into())),
    ])
}

/// `{ kind, allowedPath?, allowedLine?, disallowedPath?, disallowedLine?, reason? }`, as the CLI's `access`.
fn access(a: &Access) -> JsValue {
    let line = |l: &Option<u32>| l.map_or(JsValue::NULL, JsValue::from);
    match a {
        Access::Partial {
            allowed,
            allowed_line,
            disallowed,
            disallowed_line,
        } => object(&[
            ("kind", "partial".into()),
            ("allowedPath", allowed.as_str().into()),
            ("allowedLine", line(allowed_line)),
            ("disallowedPath", disallowed.as_str().into()),
            ("disallowedLine", line(disallowed_line)),
        ]),
        Access::Undecided(why) => object(&[
            ("kind", "undecided".into()),
            ("reason", why.as_str().into()),
        ]),
        other => object(&[("kind", other.name().into())]),
    }
}

fn tally(p: Purpose, t: Tally) -> JsValue {
    object(&[
        ("purpose", p.name().into()),
        ("crawlers", usize_value(t.total)),
        ("blocked", usize_value(t.blocked)),
        ("partly", usize_value(t.partly)),
        ("allowed", usize_value(t.allowed)),
        ("undecided", usize_value(t.undecided)),
    ])
}

/// Counts are far below 2^53: exact as numbers.
#[allow(clippy::cast_precision_loss)]
fn usize_value(n: usize) -> JsValue {
    JsValue::from_f64(n as f64)
}

/// The report as a plain object; `derived` says whether the derived paths were cut.
pub fn report(profile: &str, report: &CrawlerReport, derived: &DerivedSample) -> JsValue {
    object(&[
        ("profile", profile.into()),
        ("samplePaths", usize_value(report.sample_paths)),
        ("crawlers", array(report.rows.iter(), |r| row(report, r))),
        (
            "purposes",
            array(Purpose::ALL, |p| tally(p, report.tally(|q| q == p))),
        ),
        ("summary", report.summary().into()),
        (
            "llmPolicies",
            array(&report.llm_policies, |u| u.as_str().into()),
        ),
        ("licenses", array(&report.licenses, |u| u.as_str().into())),
        (
            "agent",
            report
                .agent
                .as_deref()
                .map_or(JsValue::NULL, JsValue::from_str),
        ),
        (
            "derivedCut",
            if derived.cut {
                object(&[("limit", usize_value(derived.limit))])
            } else {
                JsValue::NULL
            },
        ),
    ])
}
