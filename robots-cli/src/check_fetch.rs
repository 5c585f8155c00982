//! `robots check --fetch`: each URL judged against its own origin's robots.txt.
//!
//! URLs come from the arguments or standard input (one per line), each an
//! absolute http(s) URL. Every origin's robots.txt is fetched once per run (a
//! [`PolicyCache`]), origins concurrently: up to `--concurrency` URLs are looked
//! up at once, in input order, and lines come out in input order:
//!
//! ```text
//! allowed<TAB>URL
//! disallowed<TAB>URL
//! error<TAB>URL<TAB>reason
//! ```
//!
//! An error line (a URL that is not absolute http(s)) does not stop the run.
//! Exit status: 0 when every URL got a verdict, 1 when any got an error line.

use crate::cli::{os_bytes, CheckArgs};
use crate::error::Error;
use crate::fetch::{client, default_user_agent, runtime};
use crate::{EXIT_FAIL, EXIT_OK};
use futures_util::stream::{self, StreamExt};
use robots_fetch::{AsyncFetcher, PolicyCache};
use robots_runtime::fetch::{FetchPolicy, FetchProfile};
use robots_runtime::Profile;
use std::io::{BufRead, Write};

/// URLs looked up at once when `--concurrency` is not given.
pub const DEFAULT_CONCURRENCY: usize = 64;

/// Run `check --fetch`.
///
/// # Errors
/// [`Error::Usage`] for a profile that is not a fetch profile; [`Error::Input`]
/// when standard input cannot be read; [`Error::Output`] when standard output
/// cannot be written.
pub fn run(
    args: &CheckArgs,
    stdin: &mut dyn BufRead,
    stdout: &mut dyn Write,
) -> Result<i32, Error> {
    let profile = match args.policy.profile {
        Profile::Rfc9309 => FetchProfile::Rfc9309,
        Profile::Google => FetchProfile::Google,
        other => {
            return Err(Error::Usage(format!(
                "--fetch reads robots.txt under rfc9309 or google, not {other}"
            )))
        }
    };
    let agent = args.policy.agent_bytes();
    let mut policy = FetchPolicy::new(profile).with_user_agent(default_user_agent(Some(&agent)));
    if let Some(timeout) = args.timeout {
        policy = policy.with_timeout(timeout);
    }
    let urls = read_urls(args, stdin)?;
    let cache = PolicyCache::new(client()?, policy);
    let concurrency = args.concurrency.map_or(DEFAULT_CONCURRENCY, usize::from);
    runtime()?.block_on(judge_all(&cache, &agent, &urls, concurrency, stdout))
}

/// The URLs, from the arguments or else from standard input.
fn read_urls(args: &CheckArgs, stdin: &mut dyn BufRead) -> Result<Vec<Vec<u8>>, Error> {
    if !args.urls.is_empty() {
        return Ok(args.urls.iter().map(|u| os_bytes(u).into_owned()).collect());
    }
    let mut urls = Vec::new();
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = stdin
            .read_until(b'\n', &mut line)
            .map_err(|e| Error::input("cannot read URLs from standard input", e))?;
        if n == 0 {
            return Ok(urls);
        }
        let url = line.strip_suffix(b"\n").unwrap_or(&line);
        urls.push(url.strip_suffix(b"\r").unwrap_or(url).to_vec());
    }
}

/// What one URL gets.
enum Judgement {
    Verdict(bool),
    Error(String),
}

/// Judge every URL, `concurrency` at a time, and print the lines in input order.
async fn judge_all(
    cache: &PolicyCache<AsyncFetcher>,
    agent: &[u8],
    urls: &[Vec<u8>],
    concurrency: usize,
    stdout: &mut dyn Write,
) -> Result<i32, Error> {
    let mut judgements = stream::iter(urls)
        .map(|url| judge(cache, agent, url))
        .buffered(concurrency.max(1));
    let mut status = EXIT_OK;
    let mut line = Vec::with_capacity(512);
    for url in urls {
        let Some(judgement) = judgements.next().await else {
            break;
        };
        line.clear();
        match judgement {
            Judgement::Verdict(allowed) => {
                line.extend_from_slice(if allowed {
                    b"allowed\t"
                } else {
                    b"disallowed\t"
                });
                line.extend_from_slice(url);
            }
            Judgement::Error(reason) => {
                status = EXIT_FAIL;
                line.extend_from_slice(b"error\t");
                line.extend_from_slice(url);
                line.push(b'\t');
                line.extend_from_slice(reason.as_bytes());
            }
        }
        line.push(b'\n');
        stdout.write_all(&line)?;
    }
    stdout.flush()?;
    Ok(status)
}

/// One URL's verdict under its origin's robots.txt.
async fn judge(cache: &PolicyCache<AsyncFetcher>, agent: &[u8], url: &[u8]) -> Judgement {
    let Ok(text) = std::str::from_utf8(url) else {
        return Judgement::Error("not valid UTF-8".to_owned());
    };
    match cache.is_allowed(agent, text).await {
        Ok(allowed) => Judgement::Verdict(allowed),
        Err(e) => Judgement::Error(e.to_string()),
    }
}
