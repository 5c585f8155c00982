//! `robots explain`: the whole decision behind one verdict.
//!
//! Built on [`Policy::explain`](robots_runtime::Policy::explain): the path as the profile compares it, the groups
//! that applied and which user-agent line selected each, every rule that matches
//! (best first, with its priority), the tie-break between the top two, and the
//! verdict. `--json` prints the same as one JSON object. Exit status 0 whatever
//! the verdict.

use crate::cli::{os_bytes, PolicyArgs};
use crate::error::Error;
use crate::EXIT_OK;
use clap::Args;
use robots_runtime::agent::{agent_match, AgentMatch};
use robots_runtime::explain::Explanation;
use robots_runtime::{Profile, Reason, Rule};
use serde_json::{json, Value};
use std::ffi::OsString;
use std::io::Write;

/// Arguments of `robots explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The robots.txt, the crawler and the profile.
    #[command(flatten)]
    pub policy: PolicyArgs,

    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,

    /// The URL (full URL or path) to explain.
    #[arg(value_name = "URL", value_parser = clap::value_parser!(OsString))]
    pub url: OsString,
}

/// How `robots explain --json` spells an [`AgentMatch`].
fn match_json(m: AgentMatch) -> Value {
    match m {
        AgentMatch::Name => json!("name"),
        AgentMatch::Any => json!("any"),
        AgentMatch::No => Value::Null,
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn rule_line(c: &Rule<'_>) -> String {
    let name = if c.directive == robots_runtime::document::Directive::Allow {
        "Allow"
    } else {
        "Disallow"
    };
    format!("{name}: {}", text(c.pattern))
}

/// Why the top candidate beat the second, or why there was no contest.
pub fn tie_break(profile: Profile, e: &Explanation<'_>) -> String {
    match (e.candidates.first(), e.candidates.get(1)) {
        (None, _) => match e.verdict.reason {
            Reason::RobotsTxt => format!("none: /robots.txt is always allowed under {profile}"),
            Reason::NoGroup => String::from("none: no group applies, so everything is allowed"),
            _ => String::from("none: no rule matches, so the URL is allowed"),
        },
        (Some(_), None) => String::from("none: only one rule matches"),
        (Some(a), Some(b)) if profile.first_match_wins() => format!(
            "the first matching line in file order wins under {profile} (line {} before line {})",
            a.line, b.line
        ),
        (Some(a), Some(b)) if a.priority > b.priority => format!(
            "the longest match wins ({} octets against {})",
            a.priority, b.priority
        ),
        (Some(a), Some(b)) if a.directive != b.directive => {
            format!("equal length ({} octets): `Allow` wins the tie", a.priority)
        }
        (Some(a), Some(_)) => format!(
            "equal length ({} octets) and directive: the earlier line wins",
            a.priority
        ),
    }
}

fn verdict_text(profile: Profile, e: &Explanation<'_>) -> String {
    let word = if e.verdict.allowed {
        "allowed"
    } else {
        "disallowed"
    };
    match (e.verdict.reason, e.candidates.first()) {
        (Reason::Rule, Some(c)) => format!("{word} by line {} `{}`", c.line, rule_line(c)),
        (Reason::RobotsTxt, _) => format!("{word}: /robots.txt is always allowed under {profile}"),
        (Reason::NoGroup, _) => format!("{word}: no group applies"),
        _ => format!("{word}: no rule matches"),
    }
}

/// Which groups applied, and why, in words.
fn selection(profile: Profile, agent: &[u8], e: &Explanation<'_>) -> (&'static str, String) {
    let who = text(agent);
    let named = e.groups.iter().any(|g| {
        g.agents
            .iter()
            .any(|(_, v)| agent_match(profile, v, agent) == AgentMatch::Name)
    });
    let n = e.groups.len();
    if e.groups.is_empty() {
        (
            "none",
            format!("no group names `{who}` and there is no `*` group"),
        )
    } else if named && profile.first_match_wins() {
        (
            "name",
            format!("the first record whose user-agent is part of `{who}` applies ({profile})"),
        )
    } else if named && n == 1 {
        (
            "name",
            format!("1 group names `{who}`; it applies (the `*` groups do not)"),
        )
    } else if named {
        (
            "name",
            format!("{n} groups name `{who}`; {profile} merges every group that names the crawler (the `*` groups do not apply)"),
        )
    } else if profile.first_match_wins() {
        (
            "any",
            format!("no record names `{who}`; the first `*` record applies ({profile})"),
        )
    } else if n == 1 {
        (
            "any",
            format!("no group names `{who}`; the `*` group applies"),
        )
    } else {
        (
            "any",
            format!("no group names `{who}`; the {n} `*` groups apply, merged"),
        )
    }
}

/// Run `explain`; the exit status (always 0).
///
/// # Errors
/// [`Error::Input`] when the file cannot be read, [`Error::Output`] when stdout cannot be written.
pub fn run(args: &ExplainArgs, stdout: &mut dyn Write) -> Result<i32, Error> {
    let policy = args.policy.load()?;
    let agent = args.policy.agent_bytes();
    let url = os_bytes(&args.url);
    let e = policy.explain(&*agent, &*url);
    let profile = args.policy.profile;
    let (kind, why) = selection(profile, &agent, &e);
    // The groups that did not apply, by first line.
    let others: Vec<u32> = policy
        .groups()
        .filter(|group| !e.groups.iter().any(|g| g.id == group.id))
        .map(|group| group.line)
        .collect();
    let mut out = Vec::new();
    if args.json {
        let groups: Vec<Value> = e
            .groups
            .iter()
            .map(|g| {
                json!({
                    "line": g.line,
                    "agents": g.agents.iter().map(|(line, v)| json!({
                        "line": line,
                        "value": text(v),
                        "matches": match_json(agent_match(profile, v, &agent)),
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        let candidates: Vec<Value> = e
            .candidates
            .iter()
            .map(|c| {
                json!({
                    "line": c.line,
                    "column": c.column,
                    "directive": c.directive.name(),
                    "pattern": text(c.pattern),
                    "priority": c.priority,
                    "derived": c.derived,
                })
            })
            .collect();
        let rule = match (e.verdict.reason, e.candidates.first()) {
            (Reason::Rule, Some(c)) => json!({
                "line": c.line,
                "directive": c.directive.name(),
                "pattern": text(c.pattern),
            }),
            _ => Value::Null,
        };
        let value = json!({
            "agent": text(&agent),
            "url": text(&url),
            "profile": profile.name(),
            "path": text(&e.path),
            "selection": kind,
            "groups": groups,
            "other_groups": others,
            "candidates": candidates,
            "tie_break": tie_break(profile, &e),
            "verdict": {
                "allowed": e.verdict.allowed,
                "reason": e.verdict.reason.name(),
                "rule": rule,
            },
        });
        serde_json::to_writer(&mut out, &value).map_err(std::io::Error::from)?;
        out.push(b'\n');
    } else {
        writeln!(out, "agent:      {}", text(&agent))?;
        writeln!(out, "url:        {}", text(&url))?;
        writeln!(
            out,
            "path:       {}  (as {profile} compares it)",
            text(&e.path)
        )?;
        writeln!(out, "groups:     {why}")?;
        for g in &e.groups {
            writeln!(out, "  group at line {}:", g.line)?;
            for (line, v) in &g.agents {
                let mark = match agent_match(profile, v, &agent) {
                    AgentMatch::Name => format!("  <- names `{}`", text(&agent)),
                    AgentMatch::Any => String::from("  <- `*`"),
                    AgentMatch::No => String::new(),
                };
                writeln!(out, "    line {line:<5} User-agent: {}{mark}", text(v))?;
            }
        }
        if !others.is_empty() {
            let shown: Vec<String> = others.iter().take(10).map(u32::to_string).collect();
            let more = if others.len() > shown.len() {
                ", …"
            } else {
                ""
            };
            writeln!(
                out,
                "  not applied: {} other group(s), at line(s) {}{more}",
                others.len(),
                shown.join(", ")
            )?;
        }
        if e.candidates.is_empty() {
            writeln!(out, "candidates: none")?;
        } else {
            writeln!(out, "candidates: (best first)")?;
            for (i, c) in e.candidates.iter().enumerate() {
                let mark = if i == 0 && e.verdict.reason == Reason::Rule {
                    "  <- decides"
                } else {
                    ""
                };
                let derived = if c.derived {
                    " (Google's index.htm alias)"
                } else {
                    ""
                };
                writeln!(
                    out,
                    "    line {:<5} {}  priority {}{derived}{mark}",
                    c.line,
                    rule_line(c),
                    c.priority
                )?;
            }
        }
        writeln!(out, "tie-break:  {}", tie_break(profile, &e))?;
        writeln!(out, "verdict:    {}", verdict_text(profile, &e))?;
    }
    stdout.write_all(&out)?;
    stdout.flush()?;
    Ok(EXIT_OK)
}
