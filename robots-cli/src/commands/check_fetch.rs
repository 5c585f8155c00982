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
//! With `--format json`, one object per URL instead, its members in the order
//! `check --format json` writes them (one writer, [`crate::json::open_verdict`]),
//! then how the fetch went:
//!
//! ```text
//! {"url":"https://a.example/x","allowed":false,"rule":null,"reason":"disallow-all","content_usage":null,
//!  "decided_by":"fetch","fetch":{"reason":"unreachable","status":503,"robots_url":"https://a.example/robots.txt"}}
//! ```
//!
//! `decided_by` is `rule` (a rule of the fetched file), `no-rule` (the file has
//! no rule for the URL) or `fetch` (the fetch outcome: allow-all after a 4xx,
//! disallow-all after a 5xx or a network failure, the `reason` `allow-all` or
//! `disallow-all`). An error is `{"url":…,"error":"reason"}`.
//!
//! The crawler follows its chain in every fetched file, as `check` does (its
//! token, the registry's documented fallbacks, any `--fallback`).
//!
//! An error line (a URL that is not absolute http(s)) does not stop the run.
//! Exit status: 0 when every URL got a verdict, 1 when any got an error line.

use crate::error::Error;
use crate::flags::{CheckFetch, Crawler, Format};
use crate::http::{client, default_user_agent, runtime};
use crate::json::{self, RuleRef};
use crate::output::{Stdout, Streams};
use crate::style;
use crate::{EXIT_FAIL, EXIT_OK};
use futures_util::stream::{self, StreamExt};
use robots_fetch::{AsyncFetcher, OriginPolicy, PolicyCache};
use robots_runtime::fetch::{FetchSettings, Rules};
use robots_runtime::records::UsagePrefs;
use serde_json::{json, Value};
use std::io::BufRead;

/// Run `check --fetch`.
///
/// # Errors
/// [`Error::Read`] when standard input cannot be read or the HTTP client cannot
/// be set up; [`Error::Stdout`] when standard output cannot be written.
pub fn run(args: &CheckFetch, io: &mut Streams<'_>) -> Result<i32, Error> {
    let mut policy = FetchSettings::new(args.profile)
        .with_user_agent(default_user_agent(Some(&args.crawler.agent)));
    if let Some(timeout) = args.timeout {
        policy = policy.with_timeout(timeout);
    }
    let urls = match &args.urls {
        Some(urls) => urls.clone(),
        None => read_urls(io.stdin)?,
    };
    let cache = PolicyCache::new(client()?, policy);
    runtime()?.block_on(judge_all(
        &cache,
        &args.crawler,
        &urls,
        args.concurrency,
        args.format,
        &mut io.stdout,
    ))
}

/// The URLs of standard input, one per line (LF or CRLF).
fn read_urls(stdin: &mut dyn BufRead) -> Result<Vec<Vec<u8>>, Error> {
    let mut urls = Vec::new();
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = stdin
            .read_until(b'\n', &mut line)
            .map_err(|e| Error::read("URLs from standard input", e))?;
        if n == 0 {
            return Ok(urls);
        }
        let url = line.strip_suffix(b"\n").unwrap_or(&line);
        urls.push(url.strip_suffix(b"\r").unwrap_or(url).to_vec());
    }
}

/// What one URL gets.
enum Judgement {
    Verdict(Decision),
    Error(String),
}

/// A verdict and what decided it.
struct Decision {
    allowed: bool,
    /// The fetch outcome as JSON (`reason`, `status`, `robots_url`).
    fetch: Value,
    /// `rule`, `no-rule` or `fetch`.
    decided_by: &'static str,
    /// The verdict's reason: a `Reason` name, or `allow-all` / `disallow-all`.
    reason: &'static str,
    /// The deciding rule: line, directive and pattern.
    rule: Option<(u32, &'static str, Vec<u8>)>,
    /// The Content-Usage preferences for an allowed URL, as `check` gives them.
    usage: Option<UsagePrefs>,
}

/// Judge every URL, `concurrency` at a time, and print the lines in input order.
async fn judge_all(
    cache: &PolicyCache<AsyncFetcher>,
    crawler: &Crawler,
    urls: &[Vec<u8>],
    concurrency: usize,
    format: Format,
    stdout: &mut Stdout<'_>,
) -> Result<i32, Error> {
    let mut judgements = stream::iter(urls)
        .map(|url| judge(cache, crawler, url))
        .buffered(concurrency.max(1));
    let mut status = EXIT_OK;
    let mut line = Vec::with_capacity(512);
    for url in urls {
        let Some(judgement) = judgements.next().await else {
            break;
        };
        line.clear();
        if matches!(judgement, Judgement::Error(_)) {
            status = EXIT_FAIL;
        }
        if format == Format::Json {
            match &judgement {
                Judgement::Verdict(d) => {
                    let rule = d.rule.as_ref().map(|(line, directive, pattern)| RuleRef {
                        line: *line,
                        directive,
                        pattern: pattern.as_slice(),
                    });
                    json::open_verdict(&mut line, url, d.allowed, rule, d.reason)?;
                    json::write_content_usage(&mut line, d.usage)?;
                    json::member(&mut line, "decided_by", &Value::from(d.decided_by))?;
                    json::member(&mut line, "fetch", &d.fetch)?;
                    json::close(&mut line, None)?;
                }
                Judgement::Error(reason) => json::write_url_error(&mut line, url, reason)?,
            }
            stdout.write_all(&line)?;
            continue;
        }
        match judgement {
            Judgement::Verdict(Decision { allowed, .. }) => {
                style::verdict(&mut line, allowed, stdout.color());
                line.push(b'\t');
                line.extend_from_slice(url);
            }
            Judgement::Error(reason) => {
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
async fn judge(cache: &PolicyCache<AsyncFetcher>, crawler: &Crawler, url: &[u8]) -> Judgement {
    let Ok(text) = std::str::from_utf8(url) else {
        return Judgement::Error("not valid UTF-8".to_owned());
    };
    match cache.get(text).await {
        Ok(origin) => Judgement::Verdict(decide(&origin, crawler, text)),
        Err(e) => Judgement::Error(e.to_string()),
    }
}

/// The verdict of `url` under `origin`'s answer, and what decided it.
fn decide(origin: &OriginPolicy, crawler: &Crawler, url: &str) -> Decision {
    let outcome = origin.outcome();
    let fetch = json!({
        "reason": outcome.reason.name(),
        "status": outcome.status,
        "robots_url": outcome.robots_url,
    });
    let by_fetch = |allowed: bool, reason: &'static str| Decision {
        allowed,
        fetch: fetch.clone(),
        decided_by: "fetch",
        reason,
        rule: None,
        usage: None,
    };
    match origin.rules() {
        Rules::Parsed(policy) => {
            let matcher = crawler.matcher(policy);
            let verdict = matcher.check(url);
            let rule = verdict.rule.and_then(|id| policy.rule(id));
            let usage = if verdict.allowed {
                matcher.content_usage(url)
            } else {
                None
            };
            Decision {
                allowed: verdict.allowed,
                fetch,
                decided_by: if rule.is_some() { "rule" } else { "no-rule" },
                reason: verdict.reason.name(),
                rule: rule.map(|r| (r.line, r.directive.name(), r.pattern.to_vec())),
                usage,
            }
        }
        Rules::AllowAll => by_fetch(true, "allow-all"),
        Rules::DisallowAll => by_fetch(false, "disallow-all"),
    }
}
