//! `robots diff`: every URL whose verdict changes between two versions of a robots.txt.
//!
//! The URLs come from `--urls FILE` (one per line; blank lines and lines starting
//! with `#` are skipped), or else are derived from the rules of both files
//! ([`robots_lint::diff_paths`]: `/`, `/robots.txt`, and
//! for each rule its literal prefix, its wildcards filled, the path just past a
//! `$`, percent-encoded variants…, each kept once under the profile's
//! comparison, so `/a%3A`, `/a%3a` and `/a:` are one URL under rfc9309),
//! sorted; for files of very many wildcard rules, a bounded share of them (see
//! [`derived`]). The computation is the library's
//! ([`robots_lint::verdict_changes`], [`robots_lint::crawler_diffs`]);
//! this module renders it. The two files are named once, in a header; each
//! change is one line, for review in CI:
//!
//! ```text
//! --- old.txt
//! +++ new.txt
//! - allowed → disallowed  /admin/x  (now line 7 "Disallow: /admin"; was no matching rule)
//! + disallowed → allowed  /shop  (now line 3 "Allow: /shop"; was line 2 "Disallow: /")
//! ```
//!
//! `-` marks a URL the crawler loses, `+` one it gains; a summary line follows.
//! With `--format json`, one object per change: `{"url", "old": V, "new": V}` where `V`
//! is `{"allowed", "reason", "rule": {"line", "directive", "pattern"} | null}`.
//!
//! Without `--agent`, every crawler of the registry (with its documented
//! fallbacks) is compared, and each crawler whose verdicts change gets one line:
//!
//! ```text
//! GPTBot (OpenAI): 12 newly disallowed, 0 newly allowed
//! 1 of 160 crawlers change verdicts over 57 URLs; `--agent TOKEN` lists the URLs
//! ```
//!
//! (with `--format json`, one `{"agent", "operator", "lost", "gained"}` object per
//! such crawler).
//! Exit status: 0 when no verdict changes, 1 when some do.

use crate::derived;
use crate::echo;
use crate::error::Error;
use crate::flags::{Crawler, Diff, Format};
use crate::input;
use crate::json;
use crate::notices;
use crate::output::Streams;
use crate::{EXIT_FAIL, EXIT_OK};
use robots_lint::{crawler_diffs, diff_paths, verdict_changes};
use robots_runtime::document::{parse, ParseOptions};
use robots_runtime::registry::CRAWLERS;
use robots_runtime::{Policy, Reason, Verdict};
use serde_json::{json, Value};

/// Echoed input in human output: cut when long (JSON uses [`echo::whole`]).
fn text(bytes: &[u8]) -> String {
    echo::short(bytes)
}

fn word(allowed: bool) -> &'static str {
    if allowed {
        "allowed"
    } else {
        "disallowed"
    }
}

/// One side of a change, in words: `line 7 "Disallow: /x"`, `no matching rule`, …
/// (the file is named in the header).
fn side(policy: &Policy, verdict: &Verdict, agent: &str) -> String {
    match verdict.rule.and_then(|id| policy.rule(id)) {
        Some(rule) => format!(
            "line {} \"{}\"",
            rule.line,
            text(rule.to_string().as_bytes())
        ),
        None if verdict.reason == Reason::NoGroup => {
            format!("{} to {agent}", verdict.reason.description())
        }
        None => verdict.reason.description().to_owned(),
    }
}

fn side_json(policy: &Policy, verdict: &Verdict) -> Value {
    let rule = match verdict.rule.and_then(|id| policy.rule(id)) {
        Some(r) => {
            json!({"line": r.line, "directive": r.directive.name(), "pattern": echo::whole(r.pattern)})
        }
        None => Value::Null,
    };
    json!({"allowed": verdict.allowed, "reason": verdict.reason.name(), "rule": rule})
}

/// Run `diff`; the exit status.
///
/// # Errors
/// [`Error::Read`] when a file cannot be read, [`Error::Stdout`] when standard
/// output cannot be written.
pub fn run(args: &Diff, io: &mut Streams<'_>) -> Result<i32, Error> {
    let old_body = args.old.read_robots_txt(io)?;
    let new_body = args.new.read_robots_txt(io)?;
    notices::inspect(io, &args.old.name(), &old_body, args.profile);
    notices::inspect(io, &args.new.name(), &new_body, args.profile);
    let old_doc = parse(&old_body, ParseOptions::new(args.profile));
    let new_doc = parse(&new_body, ParseOptions::new(args.profile));
    let (old, new) = (old_doc.compile(), new_doc.compile());
    let urls: Vec<Vec<u8>> = match &args.urls {
        Some(list) => input::lines(&list.read("URL list", io.stdin)?),
        None => {
            let limit = derived::limit(&[&old, &new]);
            let (paths, cut) = diff_paths(&old_doc, &new_doc, limit, args.profile);
            if cut {
                derived::warn_cut(io, limit, "name the URLs that matter with --urls");
            }
            paths
        }
    };
    let json = args.format == Format::Json;
    if !json {
        writeln!(
            io.stdout,
            "--- {}\n+++ {}",
            args.old.name(),
            args.new.name()
        )?;
    }
    let changed = match &args.crawler {
        Some(crawler) => one_crawler(io, crawler, (&old, &new), &urls, json)?,
        None => every_crawler(io, (&old, &new), &urls, json)?,
    };
    io.stdout.flush()?;
    Ok(if changed { EXIT_FAIL } else { EXIT_OK })
}

/// Every change for one crawler, and the summary; whether any verdict changes.
fn one_crawler(
    io: &mut Streams<'_>,
    crawler: &Crawler,
    (old, new): (&Policy, &Policy),
    urls: &[Vec<u8>],
    json: bool,
) -> Result<bool, Error> {
    let agent_text = text(&crawler.agent);
    let (old_m, new_m) = (crawler.matcher(old), crawler.matcher(new));
    let changes = verdict_changes(&old_m, &new_m, urls);
    let out = &mut io.stdout;
    let mut line = Vec::new();
    for change in &changes {
        if json {
            let value = json!({
                "url": echo::whole(&change.url),
                "old": side_json(old, &change.old),
                "new": side_json(new, &change.new),
            });
            line.clear();
            json::write_line(&mut line, &value)?;
            out.write_all(&line)?;
        } else {
            writeln!(
                out,
                "{} {} → {}  {}  (now {}; was {})",
                if change.gained() { '+' } else { '-' },
                word(change.old.allowed),
                word(change.new.allowed),
                text(&change.url),
                side(new, &change.new, &agent_text),
                side(old, &change.old, &agent_text),
            )?;
        }
    }
    let gained = changes.iter().filter(|c| c.gained()).count();
    let lost = changes.len() - gained;
    if !json {
        if changes.is_empty() {
            writeln!(
                out,
                "no verdict changes for {agent_text} over {} URLs",
                urls.len()
            )?;
        } else {
            writeln!(
                out,
                "{} of {} URLs change verdict for {agent_text} ({lost} newly disallowed, {gained} newly allowed)",
                changes.len(),
                urls.len()
            )?;
        }
    }
    Ok(!changes.is_empty())
}

/// One line per registry crawler whose verdicts change, and the summary;
/// whether any does.
fn every_crawler(
    io: &mut Streams<'_>,
    (old, new): (&Policy, &Policy),
    urls: &[Vec<u8>],
    json: bool,
) -> Result<bool, Error> {
    let diffs = crawler_diffs(old, new, urls);
    let out = &mut io.stdout;
    let mut line = Vec::new();
    for d in &diffs {
        if json {
            let value = json!({
                "agent": d.crawler.token,
                "operator": d.crawler.operator,
                "lost": d.lost,
                "gained": d.gained,
            });
            line.clear();
            json::write_line(&mut line, &value)?;
            out.write_all(&line)?;
        } else {
            writeln!(
                out,
                "{} ({}): {} newly disallowed, {} newly allowed",
                d.crawler.token, d.crawler.operator, d.lost, d.gained
            )?;
        }
    }
    if !json {
        if diffs.is_empty() {
            writeln!(
                out,
                "no verdict changes for any of {} crawlers over {} URLs",
                CRAWLERS.len(),
                urls.len()
            )?;
        } else {
            writeln!(
                out,
                "{} of {} crawlers change verdicts over {} URLs; `--agent TOKEN` lists the URLs",
                diffs.len(),
                CRAWLERS.len(),
                urls.len()
            )?;
        }
    }
    Ok(!diffs.is_empty())
}
