//! The plain text the agreement snapshots hold: what a reviewer reads.

use robots_runtime::{Policy, Profile, Reason, Verdict};
use std::fmt::Write as _;

/// A crawler that no robots.txt names: it gets the `*` group, or no group.
pub const UNKNOWN_AGENT: &str = "UnknownCrawler";

/// At most this many crawlers per file: the unknown one, then those the file
/// (or its conformance cases) names.
const MAX_AGENTS: usize = 6;

/// The lines of `body` as RFC 9309 ends them (LF, CR or CRLF), terminators dropped.
pub fn lines_of(body: &[u8]) -> Vec<&[u8]> {
    let mut lines = Vec::new();
    let mut rest = body;
    while !rest.is_empty() {
        let Some(end) = rest.iter().position(|&b| b == b'\n' || b == b'\r') else {
            lines.push(rest);
            break;
        };
        let (line, tail) = rest.split_at(end);
        lines.push(line);
        rest = match tail {
            [b'\r', b'\n', after @ ..] | [_, after @ ..] => after,
            [] => tail,
        };
    }
    lines
}

/// The crawlers a file names on its `User-agent` lines (read here, not by the
/// engine under test): each value up to a `#`, trimmed, in file order, distinct
/// case-insensitively; `*` and values with spaces are left out.
fn named_agents(body: &[u8]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for line in lines_of(body) {
        let text = String::from_utf8_lossy(line);
        let Some((key, value)) = text.split_once(':') else {
            continue;
        };
        if !key.trim().eq_ignore_ascii_case("user-agent") {
            continue;
        }
        let value = value.split('#').next().unwrap_or("").trim();
        let plain = !value.is_empty() && !value.contains(char::is_whitespace) && value != "*";
        if plain && !names.iter().any(|n| n.eq_ignore_ascii_case(value)) {
            names.push(value.to_owned());
        }
    }
    names
}

/// The crawlers a verdict table covers: the unknown one, then `given` (exactly
/// as given), then the file's own names, up to six in all.
pub fn agents_for(body: &[u8], given: &[String]) -> Vec<String> {
    let mut agents = vec![UNKNOWN_AGENT.to_owned()];
    for agent in given {
        if !agents.contains(agent) {
            agents.push(agent.clone());
        }
    }
    for name in named_agents(body) {
        if !agents.iter().any(|a| a.eq_ignore_ascii_case(&name)) {
            agents.push(name);
        }
    }
    agents.truncate(MAX_AGENTS);
    agents
}

/// Text as a reviewer should see it: printable ASCII as is, other bytes escaped;
/// quoted when empty or when it holds a space.
fn shown(text: &[u8]) -> String {
    let escaped = text.escape_ascii().to_string();
    if escaped.is_empty() || escaped.contains(' ') {
        format!("\"{escaped}\"")
    } else {
        escaped
    }
}

/// A verdict and why: `allowed (rule at line 7: Allow /x)`.
pub fn outcome(policy: &Policy, verdict: Verdict) -> String {
    let word = if verdict.allowed {
        "allowed"
    } else {
        "disallowed"
    };
    let why = match verdict.reason {
        Reason::Rule => match verdict.rule.and_then(|id| policy.rule(id)) {
            Some(rule) => format!(
                "rule at line {}: {:?} {}{}",
                rule.line,
                rule.directive,
                rule.pattern.escape_ascii(),
                if rule.derived {
                    ", Google's index.htm alias"
                } else {
                    ""
                }
            ),
            None => format!("rule {:?}, which the policy does not have", verdict.rule),
        },
        Reason::NoMatchingRule => "no rule matched".to_owned(),
        Reason::NoGroup => "no group applies".to_owned(),
        Reason::RobotsTxt => "/robots.txt is always allowed".to_owned(),
        other => other.name().to_owned(),
    };
    format!("{word} ({why})")
}

/// The reviewed text of one curated file: the file with line numbers, then for
/// every crawler and URL its verdict and deciding rule under every profile, on
/// one line when all four profiles agree, else one line per outcome.
pub fn curated_snapshot(
    body: &[u8],
    policies: &[(Profile, &Policy)],
    agents: &[String],
    urls: &[Vec<u8>],
) -> String {
    let mut out = format!("robots.txt ({} bytes):\n", body.len());
    for (number, line) in lines_of(body).iter().enumerate() {
        let _ = writeln!(out, "{:>4} | {}", number + 1, line.escape_ascii());
    }
    out.push_str("\nverdicts (agent url => verdict), under every profile unless split:\n");
    for agent in agents {
        for url in urls {
            let mut outcomes: Vec<(String, Vec<Profile>)> = Vec::new();
            for &(profile, policy) in policies {
                let text = outcome(policy, policy.check(agent, url));
                match outcomes.iter_mut().find(|(t, _)| *t == text) {
                    Some((_, profiles)) => profiles.push(profile),
                    None => outcomes.push((text, vec![profile])),
                }
            }
            let head = format!("{} {}", shown(agent.as_bytes()), shown(url));
            if let [(text, _)] = outcomes.as_slice() {
                let _ = writeln!(out, "{head} => {text}");
                continue;
            }
            let _ = writeln!(out, "{head}");
            for (text, profiles) in outcomes {
                let names: Vec<String> = profiles.iter().map(ToString::to_string).collect();
                let _ = writeln!(out, "    {} => {text}", names.join(", "));
            }
        }
    }
    out
}

/// One crawler's digest: `allowed/disallowed` over `urls`, and the 64-bit FNV-1a
/// hash of the verdict bits (1 = allowed, in URL order, eight to a byte).
pub fn verdict_digest(policy: &Policy, agent: &str, urls: &[Vec<u8>]) -> String {
    use std::hash::Hasher as _;
    let matcher = policy.matcher(agent);
    let bits: Vec<bool> = urls.iter().map(|u| matcher.check(u).allowed).collect();
    let allowed = bits.iter().filter(|&&b| b).count();
    let mut hasher = fnv::FnvHasher::default();
    for chunk in bits.chunks(8) {
        let byte = chunk
            .iter()
            .enumerate()
            .fold(0u8, |acc, (i, &bit)| acc | (u8::from(bit) << i));
        hasher.write_u8(byte);
    }
    format!(
        "{} {allowed}/{} {:016x}",
        shown(agent.as_bytes()),
        bits.len() - allowed,
        hasher.finish()
    )
}
