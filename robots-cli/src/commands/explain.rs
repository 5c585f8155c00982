//! `robots explain`: the whole decision behind one verdict.
//!
//! Built on [`Policy::explain`](robots_runtime::PolicyRef::explain): the path as the profile compares it, the groups
//! that applied and which user-agent line selected each, every rule that matches
//! (best first, with its priority), the tie-break between the top two, and the
//! verdict. When the parsing cap cut the file and the whole file would answer
//! otherwise, it says which rule past the cut would decide (`cut off:`).
//! `--format json` prints the same as one JSON object. Exit status 0 whatever
//! the verdict.

use crate::echo;
use crate::error::Error;
use crate::flags::{Explain, Format};
use crate::json;
use crate::notices;
use crate::output::Streams;
use crate::EXIT_OK;
use robots_runtime::agent::AgentMatch;
use robots_runtime::explain::{ChainChoice, Combining, Explanation, SelectionBasis, TieBreak};
use robots_runtime::{Policy, Profile, Reason, Rule};
use serde_json::{json, Value};
use std::collections::BTreeSet;

/// How `robots explain --json` spells an [`AgentMatch`].
fn match_json(m: AgentMatch) -> Value {
    match m {
        AgentMatch::Name => json!("name"),
        AgentMatch::Any => json!("any"),
        AgentMatch::No => Value::Null,
    }
}

/// Echoed input in human output: cut when long (JSON uses [`echo::whole`]).
fn text(bytes: &[u8]) -> String {
    echo::short(bytes)
}

/// `Disallow: /x`, cut when long.
fn rule_line(rule: &Rule<'_>) -> String {
    text(rule.to_string().as_bytes())
}

/// How the top candidate beat the second, or why there was no contest.
fn tie_break(profile: Profile, e: &Explanation<'_>) -> String {
    let how = e.tie_break.description();
    match (e.tie_break, e.candidates.first(), e.candidates.get(1)) {
        (TieBreak::NoCandidate, ..) => {
            let why = e.verdict.reason.description();
            match e.verdict.reason {
                Reason::RobotsTxt => format!("none: {why} under {profile}"),
                Reason::NoGroup => format!("none: {why}, so everything is allowed"),
                _ => format!("none: {why}, so the URL is allowed"),
            }
        }
        (TieBreak::FirstInFileOrder, Some(a), Some(b)) => format!(
            "{how} under {profile} (line {} before line {})",
            a.line, b.line
        ),
        (TieBreak::LongestMatch, Some(a), Some(b)) => {
            format!("{how} ({} octets against {})", a.priority, b.priority)
        }
        (TieBreak::AllowWinsTie, Some(a), _) => {
            format!("equal length ({} octets): `Allow` wins the tie", a.priority)
        }
        (TieBreak::EarlierLineWinsTie, Some(a), _) => format!(
            "equal length ({} octets) and directive: the earlier line wins",
            a.priority
        ),
        (TieBreak::OnlyCandidate, ..) => format!("none: {how}"),
        _ => how.to_owned(),
    }
}

fn verdict_text(profile: Profile, e: &Explanation<'_>) -> String {
    let word = if e.verdict.allowed {
        "allowed"
    } else {
        "disallowed"
    };
    let why = e.verdict.reason.description();
    match (e.verdict.reason, e.candidates.first()) {
        (Reason::Rule, Some(c)) => format!("{word} by line {} `{}`", c.line, rule_line(c)),
        (Reason::RobotsTxt, _) => format!("{word}: {why} under {profile}"),
        _ => format!("{word}: {why}"),
    }
}

/// The chain in words: `Googlebot-Image (no group) → Googlebot (named: its groups apply)`.
fn chain_text(chain: &ChainChoice) -> String {
    let parts: Vec<String> = chain
        .tokens
        .iter()
        .enumerate()
        .map(|(i, t)| match chain.chosen {
            Some(m) if m == i => format!("{} (named: its groups apply)", text(t)),
            Some(m) if i > m => format!("{} (not consulted)", text(t)),
            _ => format!("{} (no group)", text(t)),
        })
        .collect();
    let tail = if chain.chosen.is_none() {
        " → `*` (no token is named)"
    } else {
        ""
    };
    format!("{}{tail}", parts.join(" → "))
}

/// What the whole file says about the URL, when the parsing cap changed the answer.
struct CutOff {
    allowed: bool,
    reason: Reason,
    /// The deciding rule of the whole file: line, directive name, pattern,
    /// and the rule as a line.
    rule: Option<(u32, &'static str, Vec<u8>, String)>,
    /// The first line the cap left out.
    first_ignored_line: u32,
}

impl CutOff {
    fn describe(&self) -> String {
        let word = if self.allowed {
            "allowed"
        } else {
            "disallowed"
        };
        let why = match &self.rule {
            Some((line, .., rule)) if *line >= self.first_ignored_line => format!(
                "line {line} `{}`, past the parsing cap, would decide: {word}",
                text(rule.as_bytes())
            ),
            Some((line, ..)) => format!(
                "read whole, the file gives {word} (by line {line}; lines past the cap change the groups)"
            ),
            None => format!(
                "read whole, the file gives {word} ({})",
                self.reason.description()
            ),
        };
        format!(
            "{why}; the cap cut the file at line {}",
            self.first_ignored_line
        )
    }
}

/// The verdict of the whole, uncut file, when it differs from `e`'s (the
/// allowance or the deciding line).
fn cut_off(
    body: &[u8],
    profile: Profile,
    chain: &[&[u8]],
    obeys_wildcard: bool,
    url: &[u8],
    e: &Explanation<'_>,
    first_ignored_line: u32,
) -> Option<CutOff> {
    let whole = Policy::builder()
        .profile(profile)
        .max_bytes(None)
        .build(body);
    let verdict = whole
        .matcher_obeying(chain.iter().copied(), obeys_wildcard)
        .check(url);
    let rule = verdict.rule.and_then(|id| whole.rule(id));
    let cut_line = e
        .verdict
        .rule
        .and_then(|id| e.candidates.iter().find(|c| c.id == id))
        .map(|c| c.line);
    if verdict.allowed == e.verdict.allowed && rule.map(|r| r.line) == cut_line {
        return None;
    }
    Some(CutOff {
        allowed: verdict.allowed,
        reason: verdict.reason,
        rule: rule.map(|r| {
            (
                r.line,
                r.directive.name(),
                r.pattern.to_vec(),
                r.to_string(),
            )
        }),
        first_ignored_line,
    })
}

/// Which groups applied, and why, in words.
fn selection(profile: Profile, e: &Explanation<'_>) -> String {
    let who = text(&e.agent);
    let n = e.groups.len();
    match (e.selection.basis, e.selection.combining) {
        (SelectionBasis::Named, Combining::FirstRecord) => {
            format!("the first record whose user-agent is part of `{who}` applies ({profile})")
        }
        (SelectionBasis::Named, _) if n == 1 => {
            format!("1 group names `{who}`; it applies (the `*` groups do not)")
        }
        (SelectionBasis::Named, _) => format!(
            "{n} groups name `{who}`; {profile} merges every group that names the crawler (the `*` groups do not apply)"
        ),
        (SelectionBasis::Wildcard, Combining::FirstRecord) => {
            format!("no record names `{who}`; the first `*` record applies ({profile})")
        }
        (SelectionBasis::Wildcard, _) if n == 1 => {
            format!("no group names `{who}`; the `*` group applies")
        }
        (SelectionBasis::Wildcard, _) => {
            format!("no group names `{who}`; the {n} `*` groups apply, merged")
        }
        _ => format!("no group names `{who}` and there is no `*` group"),
    }
}

/// Run `explain`; the exit status (always 0).
///
/// # Errors
/// [`Error::Read`] when the file cannot be read, [`Error::Stdout`] when standard
/// output cannot be written.
pub fn run(args: &Explain, io: &mut Streams<'_>) -> Result<i32, Error> {
    let body = args.robots.read_robots_txt(io).map_err(|e| {
        e.with_hint_if_missing(
            "the robots.txt comes first: `robots explain FILE URL --agent AGENT`, or name it with `--robots FILE`",
        )
    })?;
    let profile = args.profile;
    let reading = notices::inspect(io, &args.robots.name(), &body, profile);
    let policy = Policy::parse(&body, profile);
    let chain: Vec<&[u8]> = args.crawler.chain().collect();
    let url = &args.url;
    let e = policy.explain_obeying(&chain, args.crawler.obeys_wildcard, url);
    let matched = e.selection.chain.as_ref().and_then(|c| c.chosen);
    let cut_off = reading.truncation.as_ref().and_then(|t| {
        cut_off(
            &body,
            profile,
            &chain,
            args.crawler.obeys_wildcard,
            url,
            &e,
            t.first_ignored_line,
        )
    });
    // A crawler the registry documents as ignoring `*`, named by no group:
    // no group applies, whether or not the file has `*` groups (as `report`).
    let ignores_wildcard = !args.crawler.obeys_wildcard && matched.is_none();
    let why = if ignores_wildcard {
        format!(
            "no group names `{}`, and the registry documents that it ignores `*`: no group applies",
            text(&e.agent)
        )
    } else {
        selection(profile, &e)
    };
    // The groups that did not apply, by first line (a set: a file of thousands
    // of `*` groups applies them all).
    let applied: BTreeSet<_> = e.groups.iter().map(|g| g.id).collect();
    let others: Vec<u32> = policy
        .groups()
        .filter(|group| !applied.contains(&group.id))
        .map(|group| group.line)
        .collect();
    let out = &mut io.stdout;
    if args.format == Format::Json {
        let groups: Vec<Value> = e
            .groups
            .iter()
            .map(|g| {
                json!({
                    "line": g.line,
                    "agents": g.agents.iter().map(|a| json!({
                        "line": a.line,
                        "value": echo::whole(a.value),
                        "matches": match_json(a.matches),
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
                    "pattern": echo::whole(c.pattern),
                    "priority": c.priority,
                    "derived": c.derived,
                })
            })
            .collect();
        let rule = match (e.verdict.reason, e.candidates.first()) {
            (Reason::Rule, Some(c)) => json!({
                "line": c.line,
                "directive": c.directive.name(),
                "pattern": echo::whole(c.pattern),
            }),
            _ => Value::Null,
        };
        let value = json!({
            "agent": echo::whole(&args.crawler.agent),
            "chain": chain.iter().map(|t| echo::whole(t)).collect::<Vec<_>>(),
            "matched": matched.and_then(|i| chain.get(i)).map(|t| echo::whole(t)),
            "url": echo::whole(url),
            "profile": profile.name(),
            "path": echo::whole(&e.path),
            "selection": e.selection.basis.name(),
            "groups": groups,
            "other_groups": others,
            "candidates": candidates,
            "tie_break": tie_break(profile, &e),
            "tie_break_kind": e.tie_break.name(),
            "cut_off": cut_off.as_ref().map(|c| json!({
                "allowed": c.allowed,
                "reason": c.reason.name(),
                "rule": c.rule.as_ref().map(|(line, directive, pattern, _)| json!({
                    "line": line, "directive": directive, "pattern": echo::whole(pattern),
                })),
            })),
            "verdict": {
                "allowed": e.verdict.allowed,
                "reason": e.verdict.reason.name(),
                "rule": rule,
            },
        });
        let mut line = Vec::new();
        json::write_line(&mut line, &value)?;
        out.write_all(&line)?;
    } else {
        writeln!(out, "agent:      {}", text(&args.crawler.agent))?;
        if let Some(chain) = e.selection.chain.as_ref().filter(|c| c.tokens.len() > 1) {
            writeln!(out, "chain:      {}", chain_text(chain))?;
        }
        writeln!(out, "url:        {}", text(url))?;
        writeln!(
            out,
            "path:       {}  (as {profile} compares it)",
            text(&e.path)
        )?;
        writeln!(out, "groups:     {why}")?;
        for g in &e.groups {
            writeln!(out, "  group at line {}:", g.line)?;
            for a in &g.agents {
                let mark = match a.matches {
                    AgentMatch::Name => format!("  <- names `{}`", text(&e.agent)),
                    AgentMatch::Any => String::from("  <- `*`"),
                    AgentMatch::No => String::new(),
                };
                writeln!(
                    out,
                    "    line {:<5} User-agent: {}{mark}",
                    a.line,
                    text(a.value)
                )?;
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
        if let Some(c) = &cut_off {
            writeln!(out, "cut off:    {}", c.describe())?;
        }
    }
    out.flush()?;
    Ok(EXIT_OK)
}
