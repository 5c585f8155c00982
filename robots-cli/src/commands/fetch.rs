//! `robots fetch`: fetch one origin's robots.txt the RFC 9309 way and print the outcome.
//!
//! ```text
//! robots fetch URL [--agent A] [--profile rfc9309|google] [--timeout SECS]
//!                  [--max-bytes N] [--user-agent STRING] [--json]
//! ```
//!
//! The robots.txt of URL's scheme, host and port is fetched (redirects followed
//! up to 5 hops, the body read up to the limit) and the outcome printed, as
//! `name: value` lines or with `--json` as one object:
//!
//! ```text
//! {"robots_url":"https://example.com/robots.txt","final_url":"https://example.com/robots.txt","status":200,"redirects":0,"outcome":"parsed","reason":"ok","bytes":1234,"truncated":false,"expires_in_s":86400}
//! ```
//!
//! `status` is `null` when no response came. Two more members appear when they
//! have something to say:
//!
//! - `warnings`: a list of lines, when the body is no robots.txt (an HTML page,
//!   UTF-16 or UTF-32 text, binary data). The outcome stays as RFC 9309 reads the
//!   body (`parsed`, usually with no rules); the warning also goes to stderr.
//! - `detail`: why no response came, when none did (`connection-refused`,
//!   `connection-reset`, `dns`, `tls`, `timeout` or `network`); the human output
//!   says it in words on a `detail:` line.
//!
//! The exit status is 0 whatever the outcome, 2 on a usage error. `--agent` is the product token (it only goes
//! into the default `User-Agent` header here); `--user-agent` replaces the whole
//! header, by default `robots/<version>` followed by the agent.

use crate::error::Error;
use crate::flags::{Fetch, Format};
use crate::http::{client, default_user_agent, runtime};
use crate::output::Streams;
use crate::EXIT_OK;
use robots_fetch::{FetchSettings, Outcome};
use robots_lint::sniff;
use serde_json::json;
use std::io::Write;

/// Run `robots fetch`.
///
/// # Errors
/// [`Error::Usage`] when URL is not an absolute http(s) URL; [`Error::Stdout`]
/// when standard output cannot be written.
pub fn run(args: &Fetch, io: &mut Streams<'_>) -> Result<i32, Error> {
    let user_agent = args
        .user_agent
        .clone()
        .unwrap_or_else(|| default_user_agent(args.agent.as_deref()));
    let mut settings = FetchSettings::new(args.profile)
        .with_timeout(args.timeout)
        .with_user_agent(user_agent)
        .with_body_prefix(SNIFF_BYTES);
    if let Some(max) = args.max_bytes {
        settings = settings.with_max_bytes(max);
    }
    let fetcher = client()?;
    let outcome = runtime()?
        .block_on(fetcher.fetch(&args.url, &settings))
        .map_err(|e| Error::Usage(format!("cannot fetch a robots.txt for '{}': {e}", args.url)))?;
    let warnings = body_warnings(&outcome);
    for warning in &warnings {
        io.warn(warning);
    }
    let mut text = Vec::new();
    if args.format == Format::Json {
        serde_json::to_writer(&mut text, &outcome_json(&outcome, &warnings))
            .map_err(Error::Json)?;
        text.push(b'\n');
    } else {
        write_lines(&mut text, &outcome).map_err(Error::Stdout)?;
    }
    io.stdout.write_all(&text)?;
    io.stdout.flush()?;
    Ok(EXIT_OK)
}

/// How much of the body the sniffing reads (`robots_lint::sniff` looks at no more).
const SNIFF_BYTES: usize = 1024;

/// What the body is when it is no robots.txt, as warning lines (none for a
/// robots.txt, or when no body was read).
fn body_warnings(outcome: &Outcome) -> Vec<String> {
    sniff(&outcome.body_prefix)
        .map(|kind| {
            format!(
                "{} served {}, not a robots.txt: crawlers find no rules in it",
                outcome.final_url,
                kind.describe()
            )
        })
        .into_iter()
        .collect()
}

/// The outcome as the JSON object of the contract (see the module docs).
fn outcome_json(outcome: &Outcome, warnings: &[String]) -> serde_json::Value {
    let mut object = json!({
        "robots_url": outcome.robots_url,
        "final_url": outcome.final_url,
        "status": outcome.status,
        "redirects": outcome.redirects,
        "outcome": outcome.rules.name(),
        "reason": outcome.reason.name(),
        "bytes": outcome.bytes,
        "truncated": outcome.truncated,
        "expires_in_s": outcome.expires_in.as_secs(),
    });
    if let Some(fields) = object.as_object_mut() {
        if !warnings.is_empty() {
            fields.insert("warnings".into(), json!(warnings));
        }
        if let Some(failure) = outcome.failure {
            fields.insert("detail".into(), json!(failure.name()));
        }
    }
    object
}

/// The outcome as `name: value` lines.
fn write_lines(out: &mut Vec<u8>, outcome: &Outcome) -> std::io::Result<()> {
    let status = outcome
        .status
        .map_or_else(|| "none".to_owned(), |s| s.to_string());
    writeln!(out, "robots_url: {}", outcome.robots_url)?;
    writeln!(out, "final_url: {}", outcome.final_url)?;
    writeln!(out, "status: {status}")?;
    writeln!(out, "redirects: {}", outcome.redirects)?;
    writeln!(out, "outcome: {}", outcome.rules.name())?;
    writeln!(out, "reason: {}", outcome.reason.name())?;
    if let Some(failure) = outcome.failure {
        writeln!(out, "detail: {failure}")?;
    }
    writeln!(out, "bytes: {}", outcome.bytes)?;
    writeln!(out, "truncated: {}", outcome.truncated)?;
    writeln!(out, "expires_in_s: {}", outcome.expires_in.as_secs())
}
