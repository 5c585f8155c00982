//! The conformance expectations (`robots_tests::verdict_expectations`) through
//! `robots check` (run in process): every case must give the expected verdict, in
//! both the plain and the `--json` output. Expectations sharing a body, crawler
//! and profile are checked by one run with several URLs. Every failing id is listed.
// A test may index: a panic there is a failed test, with its location.
#![allow(clippy::indexing_slicing)]

use robots_tests::{failing_expectations, verdict_expectations, Expectation};
use std::collections::HashMap;
use std::ffi::OsString;
use std::path::PathBuf;

/// A robots.txt body under the temp directory, removed on drop.
struct TempFile(PathBuf);

impl TempFile {
    fn new(n: usize, contents: &[u8]) -> TempFile {
        let path = std::env::temp_dir().join(format!(
            "robots-cli-conformance-{}-{n}.txt",
            std::process::id()
        ));
        std::fs::write(&path, contents).expect("write temp file");
        TempFile(path)
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Run `robots check` on one body/agent/profile with `urls`; return stdout or why it failed.
fn run(file: &TempFile, e: &Expectation, urls: &[&str], json: bool) -> Result<Vec<u8>, String> {
    let mut args: Vec<OsString> = vec!["check".into(), "--robots".into(), (&file.0).into()];
    args.extend([
        "--agent".into(),
        OsString::from(&e.agent),
        "--profile".into(),
        e.profile.name().into(),
        // A case names one crawler, as Google's library is given one name:
        // not the registry's fallbacks for it.
        "--no-fallback".into(),
    ]);
    if json {
        args.push("--json".into());
    }
    args.push("--".into());
    args.extend(urls.iter().map(OsString::from));
    let out = crate::support::robots(&args, b"");
    // A case whose agent is written as a header (`FooBot/2.1`, for the legacy
    // readings' substring match) gets the CLI's warning that it is matched as
    // given, an empty one the warning that it names no crawler; anything else
    // on stderr is a failure.
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Google's system tests ask for an empty name: the CLI warns that it names
    // no crawler.
    let unexpected = stderr.lines().any(|l| {
        !l.contains("looks like a whole User-Agent header") && !l.contains("--agent is empty")
    });
    if out.status.code() != Some(0) || unexpected {
        return Err(format!(
            "robots exited {:?}: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim_end()
        ));
    }
    Ok(out.stdout)
}

/// Split plain output into one verdict per URL, checking each line echoes its URL exactly.
/// (URLs may hold any bytes, newlines included, so lines are consumed by the known URLs.)
fn parse_plain(mut out: &[u8], urls: &[&str]) -> Vec<Result<bool, String>> {
    let mut verdicts = Vec::with_capacity(urls.len());
    for url in urls {
        let (allowed, rest) = if let Some(rest) = out.strip_prefix(b"allowed\t") {
            (true, rest)
        } else if let Some(rest) = out.strip_prefix(b"disallowed\t") {
            (false, rest)
        } else {
            verdicts.push(Err(format!(
                "bad output line: {:?}",
                String::from_utf8_lossy(out.split(|&b| b == b'\n').next().unwrap_or_default())
            )));
            out = match out.iter().position(|&b| b == b'\n') {
                Some(at) => &out[at + 1..],
                None => &[],
            };
            continue;
        };
        match rest
            .strip_prefix(url.as_bytes())
            .and_then(|r| r.strip_prefix(b"\n"))
        {
            Some(after) => {
                verdicts.push(Ok(allowed));
                out = after;
            }
            None => {
                verdicts.push(Err(format!("URL not echoed exactly: {url:?}")));
                out = match rest.iter().position(|&b| b == b'\n') {
                    Some(at) => &rest[at + 1..],
                    None => &[],
                };
            }
        }
    }
    if !out.is_empty() {
        let extra = format!(
            "extra output: {:?}",
            String::from_utf8_lossy(out)
                .chars()
                .take(200)
                .collect::<String>()
        );
        for v in &mut verdicts {
            if v.is_ok() {
                *v = Err(extra.clone());
            }
        }
    }
    verdicts
}

/// One verdict per URL from `--json` output.
fn parse_json(out: &[u8], urls: &[&str]) -> Vec<Result<bool, String>> {
    let text = String::from_utf8_lossy(out);
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() != urls.len() {
        let why = format!("{} JSON lines for {} URLs", lines.len(), urls.len());
        return urls.iter().map(|_| Err(why.clone())).collect();
    }
    lines
        .iter()
        .zip(urls)
        .map(|(line, url)| {
            let v: serde_json::Value =
                serde_json::from_str(line).map_err(|e| format!("bad JSON {line:?}: {e}"))?;
            if v["url"] != *url {
                return Err(format!("JSON url {} for {url:?}", v["url"]));
            }
            let allowed = v["allowed"]
                .as_bool()
                .ok_or_else(|| format!("no bool `allowed` in {line}"))?;
            let has_rule = !v["rule"].is_null();
            if has_rule != (v["reason"] == "rule") {
                return Err(format!("rule and reason disagree in {line}"));
            }
            Ok(allowed)
        })
        .collect()
}

#[test]
fn every_verdict_case_passes_through_the_binary() {
    let expectations = verdict_expectations();
    assert!(!expectations.is_empty(), "no conformance expectations");

    // Group by (body, agent, profile), keeping first-appearance order.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut index: HashMap<(&[u8], &str, &str), usize> = HashMap::new();
    for (i, e) in expectations.iter().enumerate() {
        let key = (&e.body[..], &e.agent[..], e.profile.name());
        let g = *index.entry(key).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[g].push(i);
    }

    // The verdict (or the failure) for each expectation, by position.
    let mut results: Vec<Result<bool, String>> = vec![Err("not run".into()); expectations.len()];
    for (n, members) in groups.iter().enumerate() {
        let first = &expectations[members[0]];
        let file = TempFile::new(n, &first.body);
        let urls: Vec<&str> = members.iter().map(|&i| &expectations[i].url[..]).collect();
        let plain = run(&file, first, &urls, false).map(|out| parse_plain(&out, &urls));
        let json = run(&file, first, &urls, true).map(|out| parse_json(&out, &urls));
        for (k, &i) in members.iter().enumerate() {
            results[i] = match (&plain, &json) {
                (Err(why), _) | (_, Err(why)) => Err(why.clone()),
                (Ok(p), Ok(j)) => match (&p[k], &j[k]) {
                    (Err(why), _) => Err(format!("plain: {why}")),
                    (_, Err(why)) => Err(format!("json: {why}")),
                    (Ok(a), Ok(b)) if a != b => {
                        Err(format!("plain says allowed={a}, --json says {b}"))
                    }
                    (Ok(a), Ok(_)) => Ok(*a),
                },
            };
        }
    }

    let failures = failing_expectations(&expectations, |e| {
        expectations
            .iter()
            .position(|x| std::ptr::eq(x, e))
            .map_or_else(|| Err("unknown expectation".into()), |i| results[i].clone())
    });
    assert!(
        failures.is_empty(),
        "{} of {} checks failed through the binary ({} processes x2):\n{}",
        failures.len(),
        expectations.len(),
        groups.len(),
        failures.join("\n")
    );
}
