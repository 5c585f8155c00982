//! `robots lint --format sarif` against the SARIF 2.1.0 JSON schema, and
//! `--format github` annotations against the JSON findings.
//!
//! The schema is not kept in this repository (its OASIS licence terms are not a
//! plain open-source licence). It is taken at test time from a package
//! registry: the `serde-sarif` crate (MIT) ships it as `src/schema.json`;
//! `cargo info serde-sarif@0.8.0` puts the crate archive in cargo's cache
//! (no build), and `tar` reads the file out of it.
// A test may index: a panic there is a failed test, with its location.
#![allow(clippy::indexing_slicing)]

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

const CRATE: &str = "serde-sarif";
const VERSION: &str = "0.8.0";

fn cargo_home() -> PathBuf {
    std::env::var_os("CARGO_HOME").map_or_else(
        || PathBuf::from(std::env::var_os("HOME").expect("HOME")).join(".cargo"),
        PathBuf::from,
    )
}

/// The cached `.crate` archive of serde-sarif, if cargo has it.
fn cached_crate() -> Option<PathBuf> {
    let cache = cargo_home().join("registry/cache");
    std::fs::read_dir(cache)
        .ok()?
        .filter_map(Result::ok)
        .map(|index| index.path().join(format!("{CRATE}-{VERSION}.crate")))
        .find(|p| p.is_file())
}

/// The `language` pattern as the 2.1.0 schema publishes it.
const BROKEN_LANGUAGE: &str = "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$";

/// Replace every `"pattern": broken` in `schema`; how many were replaced.
fn fix_pattern(schema: &mut Value, broken: &str, fixed: &str) -> usize {
    match schema {
        Value::Object(map) => {
            let mut n = 0;
            for (key, value) in map.iter_mut() {
                if key == "pattern" && value == broken {
                    *value = Value::from(fixed);
                    n += 1;
                } else {
                    n += fix_pattern(value, broken, fixed);
                }
            }
            n
        }
        Value::Array(items) => items
            .iter_mut()
            .map(|v| fix_pattern(v, broken, fixed))
            .sum(),
        _ => 0,
    }
}

/// The SARIF 2.1.0 schema, from the serde-sarif crate archive.
fn schema() -> Value {
    if cached_crate().is_none() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| String::from("cargo"));
        let status = Command::new(cargo)
            .args(["info", &format!("{CRATE}@{VERSION}")])
            .current_dir(std::env::temp_dir())
            .status()
            .expect("run cargo info");
        assert!(status.success(), "cargo info {CRATE}@{VERSION} failed");
    }
    let archive = cached_crate().expect("the serde-sarif archive in cargo's cache");
    let out = Command::new("tar")
        .arg("-xzOf")
        .arg(&archive)
        .arg(format!("{CRATE}-{VERSION}/src/schema.json"))
        .output()
        .expect("run tar");
    assert!(
        out.status.success(),
        "tar: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut schema: Value = serde_json::from_slice(&out.stdout).expect("the schema is JSON");
    // The 2.1.0 schema has one malformed regex, the `language` pattern of
    // `run` and `toolComponent` (an unbalanced `]`), which a validator rejects
    // as a schema. Use the pattern the errata corrected it to (`language` is a
    // property this log never has).
    let fixed = fix_pattern(&mut schema, BROKEN_LANGUAGE, "^[a-zA-Z]{2}(-[a-zA-Z]{2})?$");
    assert_eq!(fixed, 2, "the erratum moved");
    assert_eq!(
        schema["title"], "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema",
        "not the SARIF 2.1.0 schema"
    );
    schema
}

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
fn sarif_output_is_valid_sarif_2_1_0() {
    let validator = jsonschema::draft7::new(&schema()).expect("a valid schema");
    // The check can fail: a log without its version is rejected.
    assert!(!validator.is_valid(&serde_json::json!({"runs": []})));
    let names = fixtures();
    let mut runs: Vec<Vec<&str>> = names.iter().map(|n| vec![n.as_str()]).collect();
    runs.push(names.iter().map(String::as_str).collect());
    let corpus = robots_tests::testdata().join("corpus");
    let big = corpus.join("docs.oracle.com.txt");
    let big = big.to_str().expect("UTF-8 path");
    runs.push(vec![big]);
    let mut failures = Vec::new();
    for files in &runs {
        let mut args = vec!["lint", "--format", "sarif"];
        args.extend(files);
        let out = robots(&args, &lint_dir());
        let log: Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{files:?}: not JSON: {e}"));
        for error in validator.iter_errors(&log) {
            failures.push(format!("{files:?}: {error} at {}", error.instance_path()));
        }
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
    assert!(failures.is_empty(), "{}", failures.join("\n"));
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
