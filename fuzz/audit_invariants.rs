//! What `robots audit` must hold for any robots.txt and any log, checked by
//! the `audit_log` fuzz target and replayed by robots-cli's tests (they
//! include this file with `#[path]`).
//!
//! Input layout: the first byte picks the options, the bytes up to the first
//! `0xFF` after it are the robots.txt, the rest is the log (plain or gzip, as
//! a user's file may be). The audit runs through `robots_cli::run` as a user
//! runs it, in every output format. Besides "no panic" and an exit status of
//! 0 or 1, its JSON report must account for every line of the log ("never
//! silent"):
//! - each non-blank line is counted once, as malformed, a W3C directive, a
//!   browser's request or one crawler's request or `/robots.txt` fetch;
//! - `lines` is the log's number of non-blank lines (for a plain log);
//! - the unchecked requests are the sum of their reasons and of each
//!   crawler's unchecked requests;
//! - a crawler's violations, stale-cache and unchecked requests are among its
//!   requests, and its hosts, statuses and timeline count no more requests
//!   than it sent (its hosts exactly as many);
//! - each example names a line of the log.
// Indexing a JSON value by key gives `Null` for a missing key, never a
// panic; the one slice is cut at a position `position` found in it.
#![allow(dead_code, clippy::indexing_slicing)]

use std::io::Cursor;
use std::path::PathBuf;

const PROFILES: [&str; 4] = ["rfc9309", "google", "draft1996", "original1994"];
const LOG_FORMATS: [&str; 4] = ["auto", "combined", "json", "w3c"];
/// The longest line the audit reads (`robots_audit::MAX_LINE`).
const MAX_LINE: usize = 64 * 1024;

/// The options the first byte picks.
struct Options {
    profile: &'static str,
    log_format: &'static str,
    browsers: bool,
    no_cache_window: bool,
    /// The robots.txt given for one host only (`example.com=FILE`), so that
    /// other hosts' requests are unchecked.
    one_host: bool,
}

impl Options {
    fn of(mode: u8) -> Options {
        Options {
            profile: PROFILES[usize::from(mode & 3)],
            log_format: LOG_FORMATS[usize::from((mode >> 2) & 3)],
            browsers: mode & 16 != 0,
            no_cache_window: mode & 32 != 0,
            one_host: mode & 64 != 0,
        }
    }
}

/// Runs the audit of `log` against the robots.txt at `robots` in `format`;
/// returns its standard output, or `None` when the log is not readable: a
/// gzip stream that is not one (exit status 2, and the reason on standard
/// error).
fn audit(
    options: &Options,
    robots: &str,
    log: &[u8],
    format: &str,
    color: &str,
) -> Option<Vec<u8>> {
    let robots = if options.one_host {
        format!("example.com={robots}")
    } else {
        robots.to_owned()
    };
    let mut args = vec![
        "robots",
        "audit",
        "--robots",
        &robots,
        "--profile",
        options.profile,
        "--log-format",
        options.log_format,
        "--format",
        format,
        "--color",
        color,
    ];
    if options.browsers {
        args.push("--browsers");
    }
    if options.no_cache_window {
        args.extend(["--cache-window", "0s"]);
    }
    args.push("-");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = robots_cli::run(
        args.iter().copied(),
        &mut Cursor::new(log),
        &mut out,
        &mut err,
    );
    if status == 2 && is_gzip(log) {
        let err = String::from_utf8_lossy(&err);
        assert!(
            err.contains("cannot read the log"),
            "exit 2 without saying why: {err}"
        );
        return None;
    }
    assert!(
        status == 0 || status == 1,
        "`audit --format {format}` exited {status}: {}",
        String::from_utf8_lossy(&err)
    );
    Some(out)
}

fn is_gzip(log: &[u8]) -> bool {
    log.starts_with(&[0x1f, 0x8b])
}

/// The records of a CSV text: its line ends outside quoted fields.
fn csv_records(csv: &[u8]) -> usize {
    let mut quoted = false;
    let mut records = 0;
    for &b in csv {
        match b {
            b'"' => quoted = !quoted,
            b'\n' if !quoted => records += 1,
            _ => {}
        }
    }
    assert!(!quoted, "a CSV field is left open");
    records
}

/// The log's lines as the audit splits them: at `\n`, the last one without
/// it too (an empty log has none).
fn log_lines(log: &[u8]) -> impl Iterator<Item = &[u8]> {
    let log = log.strip_suffix(b"\n").unwrap_or(log);
    (!log.is_empty())
        .then(|| log.split(|&b| b == b'\n'))
        .into_iter()
        .flatten()
}

/// The lines the audit counts: those that are not blank, and any longer than it reads.
fn counted_lines(log: &[u8]) -> u64 {
    log_lines(log)
        .filter(|line| line.len() > MAX_LINE || !line.iter().all(u8::is_ascii_whitespace))
        .count() as u64
}

fn number(value: &serde_json::Value, what: &str) -> u64 {
    value
        .as_u64()
        .unwrap_or_else(|| panic!("{what} is not a count: {value}"))
}

fn sum(values: &serde_json::Value, what: &str, count: impl Fn(&serde_json::Value) -> u64) -> u64 {
    values
        .as_array()
        .unwrap_or_else(|| panic!("{what} is not a list: {values}"))
        .iter()
        .map(count)
        .sum()
}

/// Every count of the JSON report adds up, and every line of the log is in it.
fn check_report(report: &serde_json::Value, log: &[u8]) {
    let lines = number(&report["lines"], "lines");
    let plain = !is_gzip(log);
    if plain {
        assert_eq!(lines, counted_lines(log), "lines counted: {report}");
    }
    let crawlers = &report["crawlers"];
    let crawler_lines = sum(crawlers, "crawlers", |c| {
        number(&c["requests"], "requests") + number(&c["robots_fetches"], "robots_fetches")
    });
    assert_eq!(
        lines,
        number(&report["malformed"], "malformed")
            + number(&report["directives"], "directives")
            + number(&report["browser_requests"], "browser_requests")
            + crawler_lines,
        "a line is neither malformed, a directive, a browser's nor a crawler's: {report}"
    );
    let unchecked = number(&report["unchecked_requests"], "unchecked_requests");
    let reasons = &report["unchecked"];
    assert_eq!(
        unchecked,
        ["no_robots_txt", "before_first_version", "no_time"]
            .iter()
            .map(|reason| number(&reasons[reason], reason))
            .sum::<u64>(),
        "unchecked requests by reason: {report}"
    );
    assert_eq!(
        unchecked,
        sum(crawlers, "crawlers", |c| number(
            &c["unchecked"],
            "unchecked"
        )),
        "unchecked requests by crawler: {report}"
    );
    let last_line = if plain {
        log_lines(log).count() as u64
    } else {
        u64::MAX
    };
    for example in report["malformed_examples"]
        .as_array()
        .into_iter()
        .flatten()
    {
        let line = number(&example["line"], "a malformed line's number");
        assert!(
            (1..=last_line).contains(&line),
            "{example} in a log of {last_line} lines"
        );
    }
    for crawler in crawlers.as_array().into_iter().flatten() {
        let requests = number(&crawler["requests"], "requests");
        let fetches = number(&crawler["robots_fetches"], "robots_fetches");
        let judged = number(&crawler["violations"], "violations")
            + number(&crawler["stale_cache"], "stale_cache")
            + number(&crawler["unchecked"], "unchecked");
        assert!(judged <= requests, "more judged than requested: {crawler}");
        let per_host = &crawler["per_host"];
        assert_eq!(
            (requests, fetches),
            (
                sum(per_host, "per_host", |h| number(&h["requests"], "requests")),
                sum(per_host, "per_host", |h| number(
                    &h["robots_fetches"],
                    "robots_fetches"
                )),
            ),
            "a crawler's hosts: {crawler}"
        );
        let statuses: u64 = crawler["statuses"]
            .as_object()
            .unwrap_or_else(|| panic!("statuses is not an object: {crawler}"))
            .values()
            .map(|n| number(n, "a status's count"))
            .sum();
        assert!(statuses <= requests + fetches, "statuses: {crawler}");
        let timeline = sum(&crawler["timeline"], "timeline", |bucket| {
            number(&bucket[1], "a time bucket's requests")
        });
        assert!(timeline <= requests + fetches, "timeline: {crawler}");
        for kind in ["violations", "stale_cache"] {
            for example in crawler["examples"][kind].as_array().into_iter().flatten() {
                let line = number(&example["line"], "an example's line");
                assert!(
                    (1..=last_line).contains(&line),
                    "{example} in a log of {last_line} lines"
                );
            }
        }
    }
}

/// A file for the robots.txt, one per process (the fuzzer runs inputs one
/// after the other; the tests give each thread its own name).
fn robots_file(tag: &str) -> PathBuf {
    std::env::temp_dir().join(format!(
        "robots-audit-fuzz-{}-{tag}.txt",
        std::process::id()
    ))
}

/// Checks one fuzz input (layout in the module's documentation); `tag` names
/// the caller's robots.txt file apart from other threads'.
pub fn check_audit_input(data: &[u8], tag: &str) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let (robots, log) = match rest.iter().position(|&b| b == 0xFF) {
        Some(at) => (&rest[..at], &rest[at + 1..]),
        None => (rest, &[][..]),
    };
    let options = Options::of(mode);
    let path = robots_file(tag);
    std::fs::write(&path, robots).expect("writing the robots.txt to a temporary file");
    let name = path.to_str().expect("a temporary path in UTF-8");
    if let Some(json) = audit(&options, name, log, "json", "never") {
        let report: serde_json::Value = serde_json::from_slice(&json).expect("the report is JSON");
        check_report(&report, log);
        let crawlers = report["crawlers"].as_array().map_or(0, Vec::len);
        let csv = audit(&options, name, log, "csv", "never").expect("read as the JSON run read it");
        assert_eq!(
            csv_records(&csv),
            crawlers + 1,
            "CSV: a header and a row per crawler"
        );
        audit(&options, name, log, "human", "never");
        audit(&options, name, log, "human", "always");
        let html =
            audit(&options, name, log, "html", "never").expect("read as the JSON run read it");
        assert!(
            html.starts_with(b"<!DOCTYPE html>"),
            "the HTML report is a page"
        );
    }
    let _ = std::fs::remove_file(&path);
}
