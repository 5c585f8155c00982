//! `robots diff`: every URL whose verdict changes between two versions of a robots.txt.
//!
//! The URLs come from `--urls FILE` (one per line; blank lines and lines starting
//! with `#` are skipped), or else are derived from the rules of both files
//! ([`probe_paths`]: `/`, `/robots.txt`, and for each rule its literal prefix, its
//! wildcards filled, the path just past a `$`, percent-encoded variants…), sorted.
//! Each change is one line, for review in CI:
//!
//! ```text
//! - allowed → disallowed  /admin/x  (now new.txt:7 "Disallow: /admin"; was no matching rule)
//! + disallowed → allowed  /shop  (now new.txt:3 "Allow: /shop"; was old.txt:2 "Disallow: /")
//! ```
//!
//! `-` marks a URL the crawler loses, `+` one it gains; a summary line follows.
//! With `--json`, one object per change: `{"url", "old": V, "new": V}` where `V`
//! is `{"allowed", "reason", "rule": {"line", "directive", "pattern"} | null}`.
//! Exit status: 0 when no verdict changes, 1 when some do.

use crate::cli::{os_bytes, profile_parser};
use crate::error::Error;
use crate::lint::read_file;
use crate::{EXIT_FAIL, EXIT_OK};
use clap::Args;
use robots_runtime::document::{parse, ParseOptions};
use robots_runtime::lint::probe_paths;
use robots_runtime::{Policy, Profile, Reason, Verdict};
use serde_json::{json, Value};
use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;

/// At most this many URLs are derived from the two files' rules.
pub const MAX_DERIVED_URLS: usize = 200_000;

/// Arguments of `robots diff`.
#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The old robots.txt.
    #[arg(value_name = "OLD")]
    pub old: PathBuf,

    /// The new robots.txt.
    #[arg(value_name = "NEW")]
    pub new: PathBuf,

    /// The crawler's name (user-agent), used exactly as given.
    #[arg(long, value_name = "AGENT", value_parser = clap::value_parser!(OsString))]
    pub agent: OsString,

    /// URLs to compare, one per line; without it, URLs are derived from both files' rules.
    #[arg(long, value_name = "FILE")]
    pub urls: Option<PathBuf>,

    /// The semantics to read both files under.
    #[arg(long, value_name = "PROFILE", default_value = "rfc9309", value_parser = profile_parser())]
    pub profile: Profile,

    /// Print one JSON object per change.
    #[arg(long)]
    pub json: bool,
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
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
        Some(rule) => {
            let name = if rule.directive == robots_runtime::document::Directive::Allow {
                "Allow"
            } else {
                "Disallow"
            };
            format!("{file}:{} \"{name}: {}\"", rule.line, text(rule.pattern))
        }
        None => match verdict.reason {
            Reason::NoGroup => format!("no group for {agent}"),
            Reason::RobotsTxt => String::from("/robots.txt is always allowed"),
            _ => String::from("no matching rule"),
        },
    }
}

fn side_json(policy: &Policy, verdict: &Verdict) -> Value {
    let rule = match verdict.rule.and_then(|id| policy.rule(id)) {
        Some(r) => {
            json!({"line": r.line, "directive": r.directive.name(), "pattern": text(r.pattern)})
        }
        None => Value::Null,
    };
    json!({"allowed": verdict.allowed, "reason": verdict.reason.name(), "rule": rule})
}

/// The URLs of a `--urls` file: one per line, skipping blank and `#` lines.
fn url_list(body: &[u8]) -> Vec<Vec<u8>> {
    body.split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .map(|l| l.trim_ascii())
        .filter(|l| !l.is_empty() && !l.starts_with(b"#"))
        .map(<[u8]>::to_vec)
        .collect()
}

/// Run `diff`; the exit status.
///
/// # Errors
/// [`Error::Input`] when a file cannot be read, [`Error::Output`] when stdout cannot be written.
pub fn run(args: &DiffArgs, stdout: &mut dyn Write) -> Result<i32, Error> {
    let old_body = read_file(&args.old, "robots.txt")?;
    let new_body = read_file(&args.new, "robots.txt")?;
    let old_doc = parse(&old_body, ParseOptions::new(args.profile));
    let new_doc = parse(&new_body, ParseOptions::new(args.profile));
    let (old, new) = (old_doc.compile(), new_doc.compile());
    let urls: Vec<Vec<u8>> = match &args.urls {
        Some(path) => url_list(&read_file(path, "URL list")?),
        None => {
            let mut paths: Vec<Vec<u8>> = probe_paths(&[&old_doc, &new_doc], MAX_DERIVED_URLS)
                .into_iter()
                .map(|p| p.path)
                .collect();
            paths.sort();
            paths
        }
    };
    let agent = os_bytes(&args.agent);
    let agent_text = text(&agent);
    let (old_name, new_name) = (
        args.old.display().to_string(),
        args.new.display().to_string(),
    );
    let (old_m, new_m) = (old.matcher(&*agent), new.matcher(&*agent));
    let mut out = Vec::new();
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
        if args.json {
            let value = json!({
                "url": text(url),
                "old": side_json(&old, &before),
                "new": side_json(&new, &after),
            });
            serde_json::to_writer(&mut out, &value).map_err(std::io::Error::from)?;
            out.push(b'\n');
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
    if !args.json {
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
    stdout.write_all(&out)?;
    stdout.flush()?;
    Ok(if changed == 0 { EXIT_OK } else { EXIT_FAIL })
}

#[cfg(test)]
mod tests {
    use super::url_list;

    #[test]
    fn url_lists_skip_blank_and_comment_lines() {
        assert_eq!(
            url_list(b"# urls\n/a\r\n\n  /b  \n#x\nhttps://e.com/c"),
            [b"/a".to_vec(), b"/b".to_vec(), b"https://e.com/c".to_vec()]
        );
    }
}
