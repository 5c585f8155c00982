//! `robots test`: check a robots.txt against a file of assertions, for CI.
//!
//! The assertion format is [`robots_lint::parse_assertion_file`]'s: one
//! `allow|block AGENT URL` per line, `#` comments. Every assertion that does not
//! hold is printed with the line that decided it:
//!
//! ```text
//! asserts.txt:4:1: expected `allow FooBot /private/x`, but it is disallowed by robots.txt:7 "Disallow: /private"
//! ```
//!
//! then a summary line. Exit status: 0 when every assertion holds, 1 when one
//! does not, 2 for an assertion file that does not parse (every bad line, as
//! `FILE:LINE:COL: …`) or has no assertion.
//! `--format json` prints one object per assertion instead, with its verdict.
//! A file that is no robots.txt (an HTML page, binary, UTF-16) fails (exit 1)
//! without checking, unless `--allow-errors`.

use crate::echo;
use crate::error::Error;
use crate::flags::{Format, Test};
use crate::json;
use crate::notices;
use crate::output::Streams;
use crate::{EXIT_FAIL, EXIT_OK};
use robots_lint::parse_assertion_file;
use robots_lint::shorten_quoted;
use robots_runtime::{Policy, Reason};
use serde_json::{json, Value};

/// Run `test`; the exit status.
///
/// # Errors
/// [`Error::Read`] when a file cannot be read, [`Error::Invalid`] when the
/// assertion file does not parse, [`Error::Stdout`] when standard output cannot
/// be written.
pub fn run(args: &Test, io: &mut Streams<'_>) -> Result<i32, Error> {
    let source = args.robots.read_robots_txt(io)?;
    let reading = notices::inspect(io, &args.robots.name(), &source, args.profile);
    let body = args.asserts.read("assertions", io.stdin)?;
    let asserts_name = args.asserts.name();
    let file_name = args.robots.name();
    let assertions = match parse_assertion_file(&body) {
        Ok(assertions) => assertions,
        Err(errors) => {
            // Every bad line, one `robots: FILE:LINE:COL: …` line each; the last is the error.
            let mut messages: Vec<String> = errors
                .iter()
                .map(|e| format!("{asserts_name}:{e}"))
                .collect();
            let last = messages.pop().unwrap_or_default();
            for m in &messages {
                io.report(&Error::Invalid(m.clone()));
            }
            return Err(Error::Invalid(last));
        }
    };
    if let (Some(kind), false) = (reading.not_robots, args.allow_errors) {
        // A CI job must not pass against a 404 page served as robots.txt.
        writeln!(
            io.stdout,
            "{file_name} is {}, not a robots.txt: no assertion checked (pass --allow-errors to check them anyway)",
            kind.describe()
        )?;
        io.stdout.flush()?;
        return Ok(EXIT_FAIL);
    }
    let policy = Policy::parse(&source, args.profile);
    let out = &mut io.stdout;
    let json = args.format == Format::Json;
    let mut line = Vec::new();
    let mut failed = 0usize;
    for a in &assertions {
        let verdict = a.check(&policy);
        let holds = a.holds(&verdict);
        if !holds {
            failed += 1;
        }
        if json {
            line.clear();
            json::write_line(&mut line, &assertion_json(&policy, a, &verdict, holds))?;
            out.write_all(&line)?;
        } else if !holds {
            writeln!(
                out,
                "{asserts_name}:{}:{}: {}",
                a.line,
                a.column,
                shorten_quoted(&a.failure(&policy, &verdict, &file_name))
            )?;
        }
    }
    let total = assertions.len();
    if !json {
        writeln!(out, "{}", summary(failed, total))?;
    }
    out.flush()?;
    Ok(if failed == 0 { EXIT_OK } else { EXIT_FAIL })
}

/// The summary line: `all 3 assertions hold`, `the 1 assertion holds`, `1 of 3
/// assertions failed`, `the 1 assertion failed`.
fn summary(failed: usize, total: usize) -> String {
    match (failed, total) {
        (0, 1) => String::from("the 1 assertion holds"),
        (0, _) => format!("all {total} assertions hold"),
        (_, 1) => String::from("the 1 assertion failed"),
        _ => format!("{failed} of {total} assertions failed"),
    }
}

/// One assertion as JSON: where it is, what it expects, whether it holds, and the verdict.
fn assertion_json(
    policy: &Policy,
    a: &robots_lint::Assertion<'_>,
    verdict: &robots_runtime::Verdict,
    holds: bool,
) -> Value {
    let text = echo::whole;
    let rule = match verdict.rule.and_then(|id| policy.rule(id)) {
        Some(r) if verdict.reason == Reason::Rule => {
            json!({"line": r.line, "directive": r.directive.name(), "pattern": text(r.pattern)})
        }
        _ => Value::Null,
    };
    json!({
        "line": a.line,
        "column": a.column,
        "expect": a.expect.name(),
        "agent": text(a.agent),
        "url": text(a.url),
        "holds": holds,
        "verdict": {"allowed": verdict.allowed, "reason": verdict.reason.name(), "rule": rule},
    })
}
