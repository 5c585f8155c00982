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
//! `status` is `null` when no response came. The exit status is 0 whatever the
//! outcome, 2 on a usage error. `--agent` is the product token (it only goes
//! into the default `User-Agent` header here); `--user-agent` replaces the whole
//! header, by default `robots/<version>` followed by the agent.

use crate::cli::os_bytes;
use crate::error::Error;
use crate::EXIT_OK;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::Args;
use robots_fetch::AsyncFetcher;
use robots_runtime::fetch::{FetchPolicy, FetchProfile, Outcome};
use serde_json::json;
use std::ffi::OsString;
use std::io::Write;
use std::time::Duration;

/// Arguments of `robots fetch`.
#[derive(Debug, Args)]
pub struct FetchArgs {
    /// Any URL of the origin whose robots.txt to fetch (absolute http or https).
    #[arg(value_name = "URL")]
    pub url: String,

    /// The crawler's product token (goes into the default User-Agent header).
    #[arg(long, value_name = "AGENT", value_parser = clap::value_parser!(OsString))]
    pub agent: Option<OsString>,

    /// How HTTP outcomes map to a policy.
    #[arg(long, value_name = "PROFILE", default_value = "rfc9309", value_parser = fetch_profile_parser())]
    pub profile: FetchProfile,

    /// The time limit of the whole fetch, redirects included, in seconds.
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = seconds)]
    pub timeout: Duration,

    /// Body bytes to read and parse (at least 512000, RFC 9309's 500 KiB).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(usize))]
    pub max_bytes: Option<usize>,

    /// The whole User-Agent header (default: `robots/<version>` and the agent).
    #[arg(long, value_name = "STRING")]
    pub user_agent: Option<String>,

    /// Print one JSON object instead of lines.
    #[arg(long)]
    pub json: bool,
}

/// Accepts exactly the fetch profile names.
pub(crate) fn fetch_profile_parser() -> impl TypedValueParser<Value = FetchProfile> {
    PossibleValuesParser::new(FetchProfile::ALL.map(FetchProfile::name))
        .try_map(|name| name.parse::<FetchProfile>())
}

/// A positive number of seconds, fractions allowed.
pub(crate) fn seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(secs) if secs > 0.0 && secs.is_finite() && secs <= 86_400.0 => {
            Ok(Duration::from_secs_f64(secs))
        }
        _ => Err(format!(
            "'{text}' is not a number of seconds between 0 and 86400"
        )),
    }
}

/// The default User-Agent header: `robots/<version>`, then the agent if any.
pub(crate) fn default_user_agent(agent: Option<&[u8]>) -> String {
    let base = concat!("robots/", env!("CARGO_PKG_VERSION"));
    match agent.map(String::from_utf8_lossy) {
        Some(agent) if !agent.trim().is_empty() => format!("{base} {}", agent.trim()),
        _ => base.to_owned(),
    }
}

/// A tokio runtime on this thread, for one command.
pub(crate) fn runtime() -> Result<tokio::runtime::Runtime, Error> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::input("cannot start the async runtime", e))
}

/// The HTTP client.
pub(crate) fn client() -> Result<AsyncFetcher, Error> {
    AsyncFetcher::new()
        .map_err(|e| Error::input("cannot set up the HTTP client", std::io::Error::other(e)))
}

/// Run `robots fetch`.
///
/// # Errors
/// [`Error::Usage`] when URL is not an absolute http(s) URL; [`Error::Output`]
/// when standard output cannot be written.
pub fn run(args: &FetchArgs, stdout: &mut dyn Write) -> Result<i32, Error> {
    let agent = args.agent.as_deref().map(os_bytes);
    let mut policy = FetchPolicy::new(args.profile)
        .with_timeout(args.timeout)
        .with_user_agent(
            args.user_agent
                .clone()
                .unwrap_or_else(|| default_user_agent(agent.as_deref())),
        );
    if let Some(max) = args.max_bytes {
        policy = policy.with_max_bytes(max);
    }
    let fetcher = client()?;
    let outcome = runtime()?
        .block_on(fetcher.fetch(&args.url, &policy))
        .map_err(|e| Error::Usage(format!("cannot fetch a robots.txt for '{}': {e}", args.url)))?;
    let mut line = Vec::new();
    if args.json {
        serde_json::to_writer(&mut line, &outcome_json(&outcome)).map_err(std::io::Error::from)?;
        line.push(b'\n');
    } else {
        write_lines(&mut line, &outcome)?;
    }
    stdout.write_all(&line)?;
    stdout.flush()?;
    Ok(EXIT_OK)
}

/// The outcome as the JSON object of the contract (see the module docs).
pub fn outcome_json(outcome: &Outcome) -> serde_json::Value {
    json!({
        "robots_url": outcome.robots_url,
        "final_url": outcome.final_url,
        "status": outcome.status,
        "redirects": outcome.redirects,
        "outcome": outcome.rules.name(),
        "reason": outcome.reason.name(),
        "bytes": outcome.bytes,
        "truncated": outcome.truncated,
        "expires_in_s": outcome.expires_in.as_secs(),
    })
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
    writeln!(out, "bytes: {}", outcome.bytes)?;
    writeln!(out, "truncated: {}", outcome.truncated)?;
    writeln!(out, "expires_in_s: {}", outcome.expires_in.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_and_user_agents() {
        assert_eq!(seconds("2.5"), Ok(Duration::from_millis(2500)));
        assert!(seconds("0").is_err() && seconds("x").is_err() && seconds("inf").is_err());
        assert_eq!(
            default_user_agent(None),
            concat!("robots/", env!("CARGO_PKG_VERSION"))
        );
        assert_eq!(
            default_user_agent(Some(b"FooBot")),
            concat!("robots/", env!("CARGO_PKG_VERSION"), " FooBot")
        );
    }
}
