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
    /// `agent` (for [`CrawlerReport::for_chain`]), `sample_paths`, `crawlers`
    /// (one object per crawler; `operator`, `purpose`, `robots_txt` and
    /// `verification` are `null` for a crawler the registry does not list),
    /// `purposes`, `llm_policies`, `licenses` and `summary`.
    ///
    /// ```
    /// use robots_lint::CrawlerReport;
    /// use robots_runtime::{Policy, Profile};
    ///
    /// let robots = "User-agent: GPTBot\nContent-Signal: ai-train=no\nDisallow: /\n\nLLM-Policy: https://example.com/llm.json\nLicense: https://example.com/license.xml\n";
    /// let report = CrawlerReport::new(&Policy::parse(robots, Profile::Rfc9309), vec![b"/".to_vec()]);
    /// let json = report.to_json(Some("robots.txt"), Profile::Rfc9309);
    /// let gptbot = json["crawlers"].as_array().unwrap().iter().find(|c| c["token"] == "GPTBot").unwrap();
    /// assert_eq!(gptbot["access"]["kind"], "blocked");
    /// assert_eq!(gptbot["ai_records"]["content_signal"]["ai-train"], false);
    /// assert_eq!(json["llm_policies"][0], "https://example.com/llm.json");
    /// assert_eq!(json["licenses"][0], "https://example.com/license.xml");
    /// assert_eq!(gptbot["ai_records"]["licenses"][0], "https://example.com/license.xml");
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
            .map(|r| row_json(r, self.sample_paths, self))
            .collect();
        object.insert(String::from("profile"), json!(profile.name()));
        if let Some(agent) = &self.agent {
            object.insert(String::from("agent"), json!(agent));
        }
        object.insert(String::from("sample_paths"), json!(self.sample_paths));
        object.insert(String::from("crawlers"), Value::Array(crawlers));
        object.insert(String::from("purposes"), Value::Array(purposes));
        object.insert(String::from("llm_policies"), json!(self.llm_policies));
        object.insert(String::from("licenses"), json!(self.licenses));
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

/// The `ai_records` object of one crawler: its groups' records, and the
/// file-wide `LLM-Policy` and `License` URLs of `report`.
pub(crate) fn ai_json(ai: &AiRecords, report: &CrawlerReport) -> Value {
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
        "llm_policies": report.llm_policies,
        "licenses": report.licenses,
    })
}

fn row_json(r: &CrawlerRow, sample: usize, report: &CrawlerReport) -> Value {
    let entry = r.crawler;
    json!({
        "token": r.token,
        "operator": entry.map(|c| c.operator),
        "purpose": entry.map(|c| c.purpose.name()),
        "chain": r.chain,
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
        "robots_txt": entry.map(|c| c.robots_txt.name()),
        "verification": entry.map(|c| c.sourcing.name()),
        "ai_records": ai_json(&r.ai, report),
    })
}
