//! `robots diff`: every URL whose verdict changes between two versions of a robots.txt.
//!
//! The URLs come from `--urls FILE` (one per line; blank lines and lines starting
//! with `#` are skipped), or else are derived from the rules of both files
//! ([`probe_paths`](robots_lint::probe_paths): `/`, `/robots.txt`, and
//! for each rule its literal prefix, its wildcards filled, the path just past a
//! `$`, percent-encoded variants…), sorted; for files of very many wildcard
//! rules, a bounded share of them (see [`derived`]).
//! Each change is one line, for review in CI:
//!
//! ```text
//! - allowed → disallowed  /admin/x  (now new.txt:7 "Disallow: /admin"; was no rule matches)
//! + disallowed → allowed  /shop  (now new.txt:3 "Allow: /shop"; was old.txt:2 "Disallow: /")
//! ```
//!
//! `-` marks a URL the crawler loses, `+` one it gains; a summary line follows.
//! With `--format json`, one object per change: `{"url", "old": V, "new": V}` where `V`
//! is `{"allowed", "reason", "rule": {"line", "directive", "pattern"} | null}`.
//! Exit status: 0 when no verdict changes, 1 when some do.

use crate::derived;
use crate::echo;
use crate::error::Error;
use crate::flags::{Diff, Format};
use crate::input;
use crate::json;
use crate::notices;
use crate::output::Streams;
use crate::{EXIT_FAIL, EXIT_OK};
use robots_runtime::document::{parse, ParseOptions};
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

/// One side of a change, in words: `new.txt:7 "Disallow: /x"`, `no matching rule`, …
fn side(policy: &Policy, verdict: &Verdict, file: &str, agent: &str) -> String {
    match verdict.rule.and_then(|id| policy.rule(id)) {
        Some(rule) => format!(
            "{file}:{} \"{}\"",
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
    let old_body = args.old.read_robots_txt(io.stdin)?;
    let new_body = args.new.read_robots_txt(io.stdin)?;
    notices::inspect(io, &args.old.name(), &old_body, args.profile);
    notices::inspect(io, &args.new.name(), &new_body, args.profile);
    let old_doc = parse(&old_body, ParseOptions::new(args.profile));
    let new_doc = parse(&new_body, ParseOptions::new(args.profile));
    let (old, new) = (old_doc.compile(), new_doc.compile());
    let urls: Vec<Vec<u8>> = match &args.urls {
        Some(list) => input::lines(&list.read("URL list", io.stdin)?),
        None => {
            // Each file's own first: a cut must not leave out the new file's rules.
            let limit = derived::limit(&[&old, &new]);
            let (mut paths, old_cut) = derived::paths(&[&old_doc], limit);
            let (new_paths, new_cut) = derived::paths(&[&new_doc], limit);
            if old_cut || new_cut {
                derived::warn_cut(io, limit, "name the URLs that matter with --urls");
            }
            paths.extend(new_paths);
            paths.sort();
            paths.dedup();
            paths
        }
    };
    let agent_text = text(&args.crawler.agent);
    let (old_name, new_name) = (args.old.name(), args.new.name());
    let chain = args.crawler.chain();
    let (old_m, new_m) = (old.matcher_chain(chain.clone()), new.matcher_chain(chain));
    let json = args.format == Format::Json;
    let out = &mut io.stdout;
    let mut line = Vec::new();
    let (mut lost, mut gained) = (0usize, 0usize);
    for url in &urls {
        let (before, after) = (old_m.check(url), new_m.check(url));
        if before.allowed == after.allowed {
            continue;
        }
        if after.allowed {
            gained += 1;
        } else {
            lost += 1;
        }
        if json {
            let value = json!({
                "url": echo::whole(url),
                "old": side_json(&old, &before),
                "new": side_json(&new, &after),
            });
            line.clear();
            json::write_line(&mut line, &value)?;
            out.write_all(&line)?;
        } else {
            writeln!(
                out,
                "{} {} → {}  {}  (now {}; was {})",
                if after.allowed { '+' } else { '-' },
                word(before.allowed),
                word(after.allowed),
                text(url),
                side(&new, &after, &new_name, &agent_text),
                side(&old, &before, &old_name, &agent_text),
            )?;
        }
    }
    let changed = lost + gained;
    if !json {
        if changed == 0 {
            writeln!(
                out,
                "no verdict changes for {agent_text} over {} URLs",
                urls.len()
            )?;
        } else {
            writeln!(
                out,
                "{changed} of {} URLs change verdict for {agent_text} ({lost} newly disallowed, {gained} newly allowed)",
                urls.len()
            )?;
        }
    }
    out.flush()?;
    Ok(if changed == 0 { EXIT_OK } else { EXIT_FAIL })
}
