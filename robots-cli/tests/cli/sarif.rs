//! `robots lint --format sarif`: every result names a rule of its run and
//! agrees with the JSON findings; `--format github` annotations against the
//! JSON findings.
//!
//! The log's validity against the SARIF 2.1.0 JSON schema is checked by
//! `.ci/test_sarif.py` (run by `.ci/run`), with Python's `jsonschema`.
// A test may index: a panic there is a failed test, with its location.
#![allow(clippy::indexing_slicing)]

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn lint_dir() -> PathBuf {
    robots_tests::testdata().join("lint")
}

fn robots(args: &[&str], dir: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_robots"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run robots")
}

fn fixtures() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(lint_dir())
        .expect("list fixtures")
        .filter_map(Result::ok)
        .filter(|e| e.path().is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn sarif_results_name_the_rules_of_their_run() {
    let names = fixtures();
    let mut runs: Vec<Vec<&str>> = names.iter().map(|n| vec![n.as_str()]).collect();
    runs.push(names.iter().map(String::as_str).collect());
    let corpus = robots_tests::testdata().join("corpus");
    let big = corpus.join("docs.oracle.com.txt");
    let big = big.to_str().expect("UTF-8 path");
    runs.push(vec![big]);
    for files in &runs {
        let mut args = vec!["lint", "--format", "sarif"];
        args.extend(files);
        let out = robots(&args, &lint_dir());
        let log: Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{files:?}: not JSON: {e}"));
        assert_eq!(log["version"], "2.1.0", "{files:?}");
        // Every result names a rule of the run, at the index given, with a level.
        let rules = log["runs"][0]["tool"]["driver"]["rules"]
            .as_array()
            .expect("rules");
        for result in log["runs"][0]["results"].as_array().expect("results") {
            let index = result["ruleIndex"].as_u64().expect("ruleIndex") as usize;
            assert_eq!(rules[index]["id"], result["ruleId"], "{files:?}");
            assert!(rules[index]["help"]["text"]
                .as_str()
                .is_some_and(|t| !t.is_empty()));
            assert!(["error", "warning", "note"].contains(&result["level"].as_str().unwrap_or("")));
        }
    }
}

#[test]
fn sarif_results_match_the_json_findings() {
    for name in fixtures() {
        let sarif: Value = serde_json::from_slice(
            &robots(&["lint", &name, "--format", "sarif"], &lint_dir()).stdout,
        )
        .expect("SARIF");
        let json = robots(&["lint", &name, "--format", "json"], &lint_dir());
        let findings: Vec<Value> = String::from_utf8_lossy(&json.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .collect();
        let results = sarif["runs"][0]["results"].as_array().expect("results");
        assert_eq!(results.len(), findings.len(), "{name}");
        for (r, f) in results.iter().zip(&findings) {
            assert_eq!(r["ruleId"], f["code"], "{name}");
            assert_eq!(r["level"], f["severity"], "{name}");
            let region = &r["locations"][0]["physicalLocation"]["region"];
            assert_eq!(region["startLine"], f["line"], "{name}");
            assert_eq!(
                r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
                name.as_str()
            );
        }
    }
}

#[test]
fn github_annotations_carry_each_finding() {
    for name in fixtures() {
        let gh = robots(&["lint", &name, "--format", "github"], &lint_dir());
        let json = robots(&["lint", &name, "--format", "json"], &lint_dir());
        assert_eq!(gh.status.code(), json.status.code(), "{name}");
        let findings: Vec<Value> = String::from_utf8_lossy(&json.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .collect();
        let text = String::from_utf8_lossy(&gh.stdout).into_owned();
        let annotations: Vec<&str> = text.lines().filter(|l| l.starts_with("::")).collect();
        assert_eq!(annotations.len(), findings.len().min(50), "{name}");
        for (a, f) in annotations.iter().zip(&findings) {
            let command = match f["severity"].as_str() {
                Some("error") => "error",
                Some("warning") => "warning",
                _ => "notice",
            };
            let head = format!(
                "::{command} file={},line={},col={},title=robots {}::",
                name.replace(',', "%2C").replace(':', "%3A"),
                f["line"],
                f["column"],
                f["code"].as_str().unwrap_or_default()
            );
            assert!(a.starts_with(&head), "{a}\nwant {head}");
        }
        assert!(
            text.lines()
                .last()
                .is_some_and(|l| l.starts_with(&format!("{name}: "))),
            "{text}"
        );
    }
}
