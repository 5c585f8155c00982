//! The conformance harness, through the library API: every verdict case in
//! `testdata/conformance/*.jsonl` under its profile(s), and every case of
//! `google_other_cases.jsonl` that the engine has a counterpart for. Every failing
//! id is listed, not just the first. (`robots-cli/tests/conformance.rs` runs the
//! same expectations through the built `robots` binary.)

use robots_runtime::Policy;
use robots_tests::{failing_expectations, verdict_expectations};

#[test]
fn every_verdict_case_passes_through_the_api() {
    let expectations = verdict_expectations();
    assert_eq!(
        expectations.len(),
        145 + 2 * 104 + 48 + 49,
        "case count changed"
    );
    let failures = failing_expectations(&expectations, |e| {
        Ok(Policy::parse(&e.body, e.profile).is_allowed(&e.agent, &e.url))
    });
    assert!(
        failures.is_empty(),
        "{} of {} checks failed:\n{}",
        failures.len(),
        expectations.len(),
        failures.join("\n")
    );
}

mod google_other {
    use robots_runtime::__private::encoding::google_escape;
    use robots_runtime::agent::is_valid_product_token;
    use robots_runtime::document::Directive;
    use robots_runtime::document::{parse, Document, LineKind, LineReport, ParseOptions};
    use robots_runtime::url::path_from_url;
    use robots_runtime::Profile;
    use robots_tests::{body_of, conformance_cases, str_field};
    use serde_json::{json, Map, Value};

    /// Google's reporter tag for a line.
    fn tag(line: &LineReport) -> &'static str {
        match line.kind {
            LineKind::Directive(Directive::UserAgent) => "UserAgent",
            LineKind::Directive(Directive::Allow) => "Allow",
            LineKind::Directive(Directive::Disallow) => "Disallow",
            LineKind::Directive(Directive::Sitemap) => "Sitemap",
            LineKind::Directive(d) if d.google_unused() => "Unused",
            _ => "Unknown",
        }
    }

    fn is_google_valid(line: &LineReport) -> bool {
        matches!(line.kind, LineKind::Directive(d) if d.google_valid())
    }

    /// The fields Google's reporters expose, computed from our line report.
    fn reported(doc: &Document<'_>, key: &str, stats: bool, input: &Value) -> Value {
        let lines = doc.lines();
        match key {
            "valid_directives" => json!(lines.iter().filter(|l| is_google_valid(l)).count()),
            "unknown_directives" => json!(lines
                .iter()
                .filter(|l| l.has_directive() && !is_google_valid(l))
                .count()),
            // The stats reporter only sees lines that carry a directive; the
            // parsing reporter sees every line.
            "last_line_seen" if stats => json!(lines
                .iter()
                .filter(|l| l.has_directive())
                .map(|l| l.number)
                .max()
                .unwrap_or(0)),
            "last_line_seen" => json!(lines.last().map_or(0, |l| l.number)),
            "parse_results_size" => json!(lines.len()),
            "sitemap" => json!(lines
                .iter()
                .rev()
                .find(|l| l.kind == LineKind::Directive(Directive::Sitemap))
                .map(|l| String::from_utf8_lossy(doc.value(l)).into_owned())),
            "line_num" | "tag_name" | "is_typo" | "metadata" => {
                let n = input["line_num"].as_u64().unwrap_or(0);
                let Some(line) = lines.iter().find(|l| u64::from(l.number) == n) else {
                    return Value::Null;
                };
                match key {
                    "line_num" => json!(line.number),
                    "tag_name" => json!(tag(line)),
                    "is_typo" => json!(line.accepted_typo),
                    _ => json!({
                        "is_empty": line.kind == LineKind::Empty,
                        "has_comment": line.has_comment,
                        "is_comment": line.kind == LineKind::Comment,
                        "has_directive": line.has_directive(),
                        "is_acceptable_typo": line.accepted_typo,
                        "is_line_too_long": line.too_long,
                        "is_missing_colon_separator": line.missing_colon,
                    }),
                }
            }
            other => panic!("unmapped reporter field {other}"),
        }
    }

    fn actual(case: &Value) -> Value {
        let input = &case["input"];
        let text = |v: &Value| v.as_str().unwrap_or("").as_bytes().to_vec();
        match str_field(case, "function") {
            "RobotsMatcher::IsValidUserAgentToObey" => json!(is_valid_product_token(&text(input))),
            "GetPathParamsQuery" => json!(String::from_utf8_lossy(&path_from_url(&text(input)))),
            "MaybeEscapePattern" => json!(String::from_utf8_lossy(&google_escape(&text(input)))),
            f @ ("ParseRobotsTxt+RobotsStatsReporter" | "ParseRobotsTxt+RobotsParsingReporter") => {
                let body = body_of(input);
                let doc = parse(&body, ParseOptions::new(Profile::Google));
                let stats = f.ends_with("StatsReporter");
                let Value::Object(expected) = &case["expected"] else {
                    panic!("expected an object: {case}");
                };
                let mut out = Map::new();
                for key in expected.keys() {
                    out.insert(key.clone(), reported(&doc, key, stats, input));
                }
                Value::Object(out)
            }
            other => panic!("no counterpart for {other}"),
        }
    }

    #[test]
    fn every_google_other_case_passes() {
        let cases = conformance_cases("google_other_cases.jsonl");
        assert_eq!(cases.len(), 85);
        let failures: Vec<String> = cases
            .iter()
            .filter_map(|case| {
                let got = actual(case);
                (got != case["expected"]).then(|| {
                    format!(
                        "{}: got {got}, want {}",
                        str_field(case, "id"),
                        case["expected"]
                    )
                })
            })
            .collect();
        assert!(
            failures.is_empty(),
            "{} failed:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
}
