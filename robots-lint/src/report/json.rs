//! The report as JSON: the object `robots report --format json` prints and
//! `robots_engine.report` returns (the README documents its shape).

use super::records::{signal_entries, usage_entries, AiRecords};
use super::{share, Access, CrawlerReport, CrawlerRow};
use alloc::string::String;
use alloc::vec::Vec;
use robots_core::Profile;
use robots_registry::Purpose;
use serde_json::{json, Map, Value};

impl CrawlerReport {
    /// The report as one JSON object: `file` (when given), `profile`,
    /// `sample_paths`, `crawlers` (one object per crawler), `purposes`,
    /// `llm_policies` and `summary`.
    ///
    /// ```
    /// use robots_lint::CrawlerReport;
    /// use robots_runtime::{Policy, Profile};
    ///
    /// let robots = "User-agent: GPTBot\nContent-Signal: ai-train=no\nDisallow: /\n\nLLM-Policy: https://example.com/llm.json\n";
    /// let report = CrawlerReport::new(&Policy::parse(robots, Profile::Rfc9309), vec![b"/".to_vec()]);
    /// let json = report.to_json(Some("robots.txt"), Profile::Rfc9309);
    /// let gptbot = json["crawlers"].as_array().unwrap().iter().find(|c| c["token"] == "GPTBot").unwrap();
    /// assert_eq!(gptbot["access"]["kind"], "blocked");
    /// assert_eq!(gptbot["ai_records"]["content_signal"]["ai-train"], false);
    /// assert_eq!(json["llm_policies"][0], "https://example.com/llm.json");
    /// ```
    pub fn to_json(&self, file: Option<&str>, profile: Profile) -> Value {
        let purposes: Vec<Value> = Purpose::ALL
            .into_iter()
            .map(|p| {
                let t = self.tally(|q| q == p);
                json!({
                    "purpose": p.name(),
                    "crawlers": t.total,
                    "blocked": t.blocked,
                    "partly": t.partly,
                    "allowed": t.allowed,
                    "undecided": t.undecided,
                })
            })
            .collect();
        let mut object = Map::new();
        if let Some(file) = file {
            object.insert(String::from("file"), json!(file));
        }
        let crawlers: Vec<Value> = self
            .rows
            .iter()
            .map(|r| row_json(r, self.sample_paths, &self.llm_policies))
            .collect();
        object.insert(String::from("profile"), json!(profile.name()));
        object.insert(String::from("sample_paths"), json!(self.sample_paths));
        object.insert(String::from("crawlers"), Value::Array(crawlers));
        object.insert(String::from("purposes"), Value::Array(purposes));
        object.insert(String::from("llm_policies"), json!(self.llm_policies));
        object.insert(String::from("summary"), json!(self.summary()));
        Value::Object(object)
    }
}

fn access_json(access: &Access) -> Value {
    match access {
        Access::Partial {
            allowed,
            allowed_line,
            disallowed,
            disallowed_line,
        } => json!({
            "kind": "partial",
            "allowed_path": allowed,
            "allowed_line": allowed_line,
            "disallowed_path": disallowed,
            "disallowed_line": disallowed_line,
        }),
        Access::Undecided(why) => json!({"kind": "undecided", "reason": why}),
        other => json!({"kind": other.name()}),
    }
}

/// `{"line": 4, "search": true, "ai-input": null, "ai-train": false}`: the
/// vocabulary's own keys, `null` for what the record leaves unstated.
fn entries_json(line: u32, entries: &[(&str, Option<bool>)]) -> Map<String, Value> {
    let mut object = Map::new();
    object.insert(String::from("line"), json!(line));
    for (key, value) in entries {
        object.insert(String::from(*key), json!(value));
    }
    object
}

/// The `ai_records` object of one crawler.
pub(crate) fn ai_json(ai: &AiRecords, llm_policies: &[String]) -> Value {
    let signal = ai
        .content_signal
        .map(|s| Value::Object(entries_json(s.line, &signal_entries(&s.signals))));
    let usage: Vec<Value> = ai
        .content_usage
        .iter()
        .map(|u| {
            let mut object = entries_json(u.line, &usage_entries(&u.prefs));
            object.insert(String::from("path"), json!(u.path));
            Value::Object(object)
        })
        .collect();
    json!({
        "content_signal": signal,
        "content_usage": usage,
        "llm_policies": llm_policies,
    })
}

fn row_json(r: &CrawlerRow, sample: usize, llm_policies: &[String]) -> Value {
    json!({
        "token": r.crawler.token,
        "operator": r.crawler.operator,
        "purpose": r.crawler.purpose.name(),
        "chain": r.crawler.chain().collect::<Vec<_>>(),
        "group": {
            "applies": r.applies.name(),
            "token": r.group_token(),
            "lines": r.lines,
        },
        "root_allowed": r.root_allowed,
        "access": access_json(&r.access),
        "allowed_paths": r.allowed,
        "allowed_share": share(r.allowed, sample) / 100.0,
        "crawl_delay_seconds": r.crawl_delay.map(|d| d.as_secs_f64()),
        "robots_txt": r.crawler.robots_txt.name(),
        "verification": r.crawler.sourcing.name(),
        "ai_records": ai_json(&r.ai, llm_policies),
    })
}
