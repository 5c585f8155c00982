//! `CrawlerReport` -> the object `robots report --format json` prints (same
//! keys, snake_case, without `file`), plus `derived_cut`.

use super::object::{array, object, opt_number};
use robots_lint::{
    signal_entries, usage_entries, Access, AiRecords, CrawlerReport, CrawlerRow, DerivedSample,
    Tally,
};
use robots_runtime::registry::Purpose;
use wasm_bindgen::JsValue;

fn row(report: &CrawlerReport, r: &CrawlerRow) -> JsValue {
    object(&[
        ("token", r.crawler.token.into()),
        ("operator", r.crawler.operator.into()),
        ("purpose", r.crawler.purpose.name().into()),
        ("chain", array(r.crawler.chain(), JsValue::from_str)),
        (
            "group",
            object(&[
                ("applies", r.applies.name().into()),
                (
                    "token",
                    r.group_token().map_or(JsValue::NULL, JsValue::from_str),
                ),
                ("lines", array(r.lines.iter(), |&l| l.into())),
            ]),
        ),
        ("root_allowed", r.root_allowed.into()),
        ("access", access(&r.access)),
        ("allowed_paths", usize_value(r.allowed)),
        ("allowed_share", (report.share(r) / 100.0).into()),
        (
            "crawl_delay_seconds",
            opt_number(r.crawl_delay.map(|d| d.as_secs_f64())),
        ),
        ("robots_txt", r.crawler.robots_txt.name().into()),
        ("verification", r.crawler.sourcing.name().into()),
        ("ai_records", ai_records(&r.ai, &report.llm_policies)),
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

/// `{ content_signal, content_usage, llm_policies }`, as the CLI's `ai_records`.
fn ai_records(ai: &AiRecords, llm_policies: &[String]) -> JsValue {
    object(&[
        (
            "content_signal",
            ai.content_signal.map_or(JsValue::NULL, |s| {
                object(&entries(s.line, &signal_entries(&s.signals)))
            }),
        ),
        (
            "content_usage",
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
        ("llm_policies", array(llm_policies, |u| u.as_str().into())),
    ])
}

/// `{ kind, allowed_path?, allowed_line?, disallowed_path?, disallowed_line?, reason? }`, as the CLI.
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
            ("allowed_path", allowed.as_str().into()),
            ("allowed_line", line(allowed_line)),
            ("disallowed_path", disallowed.as_str().into()),
            ("disallowed_line", line(disallowed_line)),
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
        ("sample_paths", usize_value(report.sample_paths)),
        ("crawlers", array(report.rows.iter(), |r| row(report, r))),
        (
            "purposes",
            array(Purpose::ALL, |p| tally(p, report.tally(|q| q == p))),
        ),
        ("summary", report.summary().into()),
        (
            "llm_policies",
            array(&report.llm_policies, |u| u.as_str().into()),
        ),
        (
            "derived_cut",
            if derived.cut {
                object(&[("limit", usize_value(derived.limit))])
            } else {
                JsValue::NULL
            },
        ),
    ])
}
