//! `profile-disagreement`: a concrete URL that the four profiles do not decide alike.
//!
//! The file is read under every profile (each with its default parsing cap).
//! Candidate URLs are the [probe paths](crate::probe_paths) of its rules;
//! candidate crawlers are the names its user-agent lines suggest (one per
//! distinct choice of groups across the profiles, among the first
//! [`MAX_PROBE_NAMES`] names) and one crawler it does not name. Every
//! pair is checked under every profile with [`Policy::check`](robots_core::PolicyRef::check): the work is at
//! most [`MAX_PROBES`] × [`MAX_PROBE_AGENTS`] × 4 checks per file.

use super::rules::line_of;
use crate::findings::finding::{Finding, Severity};
use crate::grouping::{push_new, sort_by_key};
use crate::lossy;
use crate::tools::probe::{probe_paths, Probe, MAX_PROBES};
use crate::Code;
use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use robots_core::document::{parse, Document, ParseOptions};
use robots_core::group::agent::product_token_prefix;
use robots_core::group::AgentToken;
use robots_core::parse::Directive;
use robots_core::parse::LineKind;
use robots_core::policy::Matcher;
use robots_core::policy::Policy;
use robots_core::profile::Profile;
use robots_core::{Reason, Verdict};

/// At most this many crawlers are tried per file (the unnamed one included).
pub const MAX_PROBE_AGENTS: usize = 32;

/// At most this many of the names a file's user-agent lines suggest are tried
/// for a new choice of groups. Trying one resolves it under every profile, and
/// under the substring profiles that reads every user-agent line: without a
/// bound, a file of many names that share a choice (one group naming thousands
/// of crawlers) would cost the square of its lines.
pub const MAX_PROBE_NAMES: usize = 8 * MAX_PROBE_AGENTS;

/// At most this many disagreements are reported per file (warnings first).
pub const MAX_DISAGREEMENTS: usize = 8;

/// Distinct disagreements collected before choosing which to report.
const MAX_COLLECTED: usize = 256;

/// How one profile decides a witness.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ProfileVerdict {
    /// The profile.
    pub profile: Profile,
    /// Its verdict.
    pub allowed: bool,
    /// Why.
    pub reason: Reason,
    /// The 1-based line of the deciding rule, when a rule decided.
    pub line: Option<u32>,
}

impl ProfileVerdict {
    fn of(profile: Profile, policy: &Policy, verdict: &Verdict) -> ProfileVerdict {
        ProfileVerdict {
            profile,
            allowed: verdict.allowed,
            reason: verdict.reason,
            line: verdict.rule.and_then(|id| policy.rule(id)).map(|r| r.line),
        }
    }

    /// `disallowed (line 3)`, `allowed (no matching rule)`, …
    pub fn describe(&self) -> String {
        let verdict = if self.allowed {
            "allowed"
        } else {
            "disallowed"
        };
        let why = match self.line {
            Some(line) => format!("line {line}"),
            None => String::from(self.reason.description()),
        };
        format!("{verdict} ({why})")
    }
}

/// A witness that the profiles disagree: a crawler, a URL, and each profile's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Disagreement {
    /// The crawler, as checked.
    pub agent: Vec<u8>,
    /// Whether the file names the crawler (else it stands for every crawler it does not name).
    pub named: bool,
    /// The witness URL (a path; checking it as a URL checks exactly this path).
    pub path: Vec<u8>,
    /// One verdict per profile, in [`Profile::ALL`] order.
    pub verdicts: Vec<ProfileVerdict>,
    /// The line the finding points at: the deciding rule under the linted
    /// profile, else under another profile, else the rule the probe came from.
    pub line: u32,
    /// [`Severity::Warning`] when `rfc9309` and `google` disagree (except on
    /// `/robots.txt` and on raw non-ASCII paths), else [`Severity::Note`].
    pub severity: Severity,
    /// What probably causes it.
    pub hints: Vec<&'static str>,
}

impl Disagreement {
    /// The finding's message.
    pub fn message(&self) -> String {
        let who = if self.named {
            format!("`{}`", lossy(&self.agent))
        } else {
            format!(
                "`{}` (a crawler the file does not name)",
                lossy(&self.agent)
            )
        };
        let verdicts: Vec<String> = self
            .verdicts
            .iter()
            .map(|v| format!("{} {}", v.profile, v.describe()))
            .collect();
        format!(
            "profiles disagree on `{}` for {who}: {}",
            lossy(&self.path),
            verdicts.join(", ")
        )
    }
}

/// A crawler name no group names under any profile, to stand for all of them.
fn unknown_agent(policies: &[Policy]) -> Vec<u8> {
    const CANDIDATES: [&[u8]; 5] = [b"OtherBot", b"Qzxq", b"Zzq", b"Jq", b"X"];
    CANDIDATES
        .iter()
        .find(|c| {
            policies
                .iter()
                .all(|p| p.matcher(c).groups().eq(p.matcher("*").groups()))
        })
        .map_or_else(|| b"*".to_vec(), |c| c.to_vec())
}

/// The crawlers to try: the unnamed one, then each [name](crawler_names) the
/// file's user-agent lines suggest whose choice of groups (under all profiles)
/// is new, among the first [`MAX_PROBE_NAMES`] distinct names.
fn probe_agents(doc: &Document<'_>, policies: &[Policy]) -> Vec<(Vec<u8>, bool)> {
    let signature = |agent: &[u8]| -> Vec<Vec<u32>> {
        policies
            .iter()
            .map(|p| super::rules::group_numbers(&p.matcher(agent)))
            .collect()
    };
    let unknown = unknown_agent(policies);
    // One per crawler tried (at most MAX_PROBE_AGENTS): a list.
    let mut signatures = alloc::vec![signature(&unknown)];
    let mut out = alloc::vec![(unknown, false)];
    let mut names = BTreeSet::new();
    for agent in doc.groups().iter().flat_map(|g| &g.agents) {
        if out.len() >= MAX_PROBE_AGENTS || names.len() >= MAX_PROBE_NAMES {
            break;
        }
        if agent.token == AgentToken::Any {
            continue;
        }
        for name in crawler_names(doc.value(&doc.lines()[agent.line])) {
            if out.len() < MAX_PROBE_AGENTS
                && names.len() < MAX_PROBE_NAMES
                && names.insert(name.to_ascii_lowercase())
                && push_new(&mut signatures, signature(name))
            {
                out.push((name.to_vec(), true));
            }
        }
    }
    out
}

/// The names a crawler matching a user-agent value would plausibly call itself:
/// the value up to the first blank or `/` (`Googlebot/2.1` → `Googlebot`,
/// `MJ12bot` as is), and its product-token prefix when that ends at a character
/// that is neither a letter nor a digit (`Mediapartners-Google*` →
/// `Mediapartners-Google`, but not `MJ12bot` → `MJ`).
fn crawler_names(value: &[u8]) -> Vec<&[u8]> {
    let end = value
        .iter()
        .position(|&b| b == b'/' || b.is_ascii_whitespace())
        .unwrap_or(value.len());
    let name = value.get(..end).unwrap_or_default();
    let mut out = Vec::new();
    if !name.is_empty() && name != b"*" {
        out.push(name);
    }
    let token = product_token_prefix(name);
    let cut_at = name.get(token.len()).copied();
    if !token.is_empty() && cut_at.is_some_and(|b| !b.is_ascii_alphanumeric()) {
        out.push(token);
    }
    out
}

fn is_robots_txt(path: &[u8]) -> bool {
    path.split(|&b| b == b'?').next() == Some(b"/robots.txt")
}

/// The groups a matcher picked, comparable across profiles: each group's first
/// line and how many user-agent lines it has.
fn selection(policy: &Policy, matcher: &Matcher<'_>) -> Vec<(u32, u32)> {
    matcher
        .groups()
        .filter_map(|g| policy.group(g))
        .map(|g| (g.line, u32::try_from(g.agents.len()).unwrap_or(u32::MAX)))
        .collect()
}

fn hints(
    docs: &[Document<'_>],
    policies: &[Policy],
    matchers: &[Matcher<'_>],
    selection: &[Vec<(u32, u32)>],
    path: &[u8],
    verdicts: &[ProfileVerdict],
) -> Vec<&'static str> {
    let mut out = Vec::new();
    let by = |p: Profile| verdicts.iter().find(|v| v.profile == p);
    let (Some(rfc), Some(google), Some(draft), Some(old)) = (
        by(Profile::Rfc9309),
        by(Profile::Google),
        by(Profile::Draft1996),
        by(Profile::Original1994),
    ) else {
        return out;
    };
    if is_robots_txt(path) {
        out.push("rfc9309 and draft1996 always allow /robots.txt; google and original1994 apply the rules to it");
    }
    let differ = |a: usize, b: usize| selection.get(a) != selection.get(b);
    if differ(0, 1) && rfc.allowed != google.allowed {
        out.push("rfc9309 and google pick different groups for this crawler: google reads a user-agent value only up to the first character outside letters, `-` and `_` (and accepts misspelt keys)");
    }
    if (differ(0, 2) && rfc.allowed != draft.allowed)
        || (differ(0, 3) && rfc.allowed != old.allowed)
    {
        out.push("the legacy profiles pick a different record for this crawler: the first record whose name is part of the crawler's, records end at blank lines, and records for the same crawler are not merged");
    }
    let rule_of = |v: &ProfileVerdict| {
        let i = Profile::ALL.iter().position(|&p| p == v.profile)?;
        let policy = policies.get(i)?;
        let verdict = matchers.get(i)?.check(path);
        policy.rule(verdict.rule?)
    };
    let modern: Vec<_> = [rfc, google].into_iter().filter_map(rule_of).collect();
    let wild = modern
        .iter()
        .any(|r| r.pattern.contains(&b'*') || r.pattern.ends_with(b"$"));
    if wild && (draft.allowed != rfc.allowed || old.allowed != rfc.allowed) {
        out.push("draft1996 and original1994 read `*` and `$` literally");
    }
    if modern.iter().any(|r| r.directive == Directive::Allow) && old.allowed != rfc.allowed {
        out.push("original1994 has no `Allow`");
    }
    if draft.allowed != rfc.allowed && draft.line.is_some() && rfc.line.is_some() {
        out.push(
            "draft1996 takes the first matching line in file order, rfc9309 the longest match",
        );
    }
    let strict_rule_line = |line: u32| {
        docs.first()
            .and_then(|d| d.lines().get((line as usize).checked_sub(1)?))
            .is_some_and(|l| {
                matches!(
                    l.kind,
                    LineKind::Directive(Directive::Allow | Directive::Disallow)
                )
            })
    };
    let read_by_rfc = |line: u32| {
        docs.first()
            .is_some_and(|d| d.lines().len() >= line as usize)
    };
    match google.line {
        Some(l) if !read_by_rfc(l) => out.push(
            "only google reads the deciding line: the other profiles stop reading at the 500 KiB cap",
        ),
        Some(l) if !strict_rule_line(l) => out.push(
            "only google reads the deciding line (a misspelt key, a key with extra letters, or a missing colon)",
        ),
        _ => {}
    }
    let orphan_in_draft = |line: u32| {
        docs.get(2).is_some_and(|d| {
            (line as usize)
                .checked_sub(1)
                .is_some_and(|i| d.orphans().contains(&i))
        })
    };
    if rfc.line.is_some_and(orphan_in_draft) && draft.allowed != rfc.allowed {
        out.push("draft1996 and original1994 end a record at a blank line: the deciding line belongs to no record there");
    }
    let escapes = |bytes: &[u8]| bytes.iter().any(|&b| b == b'%' || b >= 0x80);
    if old.allowed != draft.allowed
        && old.allowed != rfc.allowed
        && (escapes(path) || modern.iter().any(|r| escapes(r.pattern)))
    {
        out.push("original1994 compares the URL and the rule as written, without decoding percent-escapes");
    }
    if rfc.allowed != google.allowed
        && (path.iter().any(|&b| b == b'%' || b >= 0x80)
            || modern
                .iter()
                .any(|r| r.pattern.iter().any(|&b| b == b'%' || b >= 0x80)))
    {
        out.push("rfc9309 decodes percent-escapes before comparing; google compares URLs as sent");
    }
    out
}

struct Analysis {
    found: Vec<(Disagreement, u32)>,
}

fn analyse(source: &[u8], profile: Profile) -> Analysis {
    let docs: Vec<Document<'_>> = Profile::ALL
        .iter()
        .map(|&p| parse(source, ParseOptions::new(p)))
        .collect();
    let policies: Vec<Policy> = docs.iter().map(Document::compile).collect();
    let at = Profile::ALL
        .iter()
        .position(|&p| p == profile)
        .unwrap_or_default();
    let Some(doc) = docs.get(at) else {
        return Analysis { found: Vec::new() };
    };
    let probes: Vec<Probe> = probe_paths(&[doc], MAX_PROBES);
    let agents = probe_agents(doc, &policies);
    let matchers: Vec<Vec<Matcher<'_>>> = agents
        .iter()
        .map(|(a, _)| policies.iter().map(|p| p.matcher(a)).collect())
        .collect();
    let selections: Vec<Vec<Vec<(u32, u32)>>> = matchers
        .iter()
        .map(|ms| {
            policies
                .iter()
                .zip(ms)
                .map(|(p, m)| selection(p, m))
                .collect()
        })
        .collect();
    // One per disagreement collected (at most MAX_COLLECTED): a list.
    let mut signatures: Vec<(Vec<bool>, Vec<&'static str>)> = Vec::new();
    let mut found = Vec::new();
    'probes: for probe in &probes {
        for (((agent, named), ms), sel) in agents.iter().zip(&matchers).zip(&selections) {
            let verdicts: Vec<ProfileVerdict> = Profile::ALL
                .iter()
                .zip(&policies)
                .zip(ms)
                .map(|((&p, policy), m)| ProfileVerdict::of(p, policy, &m.check(&probe.path)))
                .collect();
            if verdicts.iter().all(|v| v.allowed == verdicts[0].allowed) {
                continue;
            }
            // One witness per kind of disagreement: who allows, and the likely causes.
            let hints = hints(&docs, &policies, ms, sel, &probe.path, &verdicts);
            // `/robots.txt` is one special case: one witness per file is enough.
            let signature = if is_robots_txt(&probe.path) {
                (Vec::new(), Vec::new())
            } else {
                (
                    verdicts.iter().map(|v| v.allowed).collect::<Vec<_>>(),
                    hints.clone(),
                )
            };
            if !push_new(&mut signatures, signature) {
                continue;
            }
            let line = verdicts
                .get(at)
                .and_then(|v| v.line)
                .or_else(|| verdicts.iter().find_map(|v| v.line))
                .unwrap_or(probe.line);
            let (rfc, google) = (&verdicts[0], &verdicts[1]);
            // A raw non-ASCII path is no URL a crawler sends (it would be percent-encoded).
            let url_like = probe.path.iter().all(|&b| b.is_ascii_graphic());
            let severity =
                if rfc.allowed != google.allowed && !is_robots_txt(&probe.path) && url_like {
                    Severity::Warning
                } else {
                    Severity::Note
                };
            found.push((
                Disagreement {
                    agent: agent.clone(),
                    named: *named,
                    path: probe.path.clone(),
                    verdicts,
                    line,
                    severity,
                    hints,
                },
                probe.line,
            ));
            if found.len() >= MAX_COLLECTED {
                break 'probes;
            }
        }
    }
    // Warnings first, then in the order found; a stable sort keeps the rest.
    // The complement of the declaration order, which runs from least serious up.
    sort_by_key(&mut found, |(d, _)| !(d.severity as u64));
    found.truncate(MAX_DISAGREEMENTS);
    Analysis { found }
}

/// Witnesses that the profiles disagree about `source`, at most
/// [`MAX_DISAGREEMENTS`], warnings first; `profile` is the one being linted
/// (probes come from its reading of the file, and it picks the line to point at).
///
/// Each witness can be re-checked: `Policy::parse(source, p).check(&d.agent, &d.path)`
/// gives `d.verdicts[i]` for the i-th profile of [`Profile::ALL`].
///
/// ```
/// use robots_lint::profile_disagreements;
/// use robots_runtime::{Policy, Profile};
/// let src = b"User-agent: *\nDisallow: /*.php$\n";
/// let found = profile_disagreements(src, Profile::Rfc9309);
/// let d = &found[0];
/// for (p, v) in Profile::ALL.iter().zip(&d.verdicts) {
///     assert_eq!(Policy::parse(src, *p).check(&d.agent, &d.path).allowed, v.allowed);
/// }
/// ```
pub fn profile_disagreements(source: &[u8], profile: Profile) -> Vec<Disagreement> {
    analyse(source, profile)
        .found
        .into_iter()
        .map(|(d, _)| d)
        .collect()
}

/// Append the `profile-disagreement` findings of `doc`.
pub(crate) fn findings(doc: &Document<'_>, out: &mut Vec<Finding>) {
    for (d, probe_line) in analyse(doc.source(), doc.profile()).found {
        let Some(report) = line_of(doc, d.line)
            .or_else(|| line_of(doc, probe_line))
            .or_else(|| doc.lines().last())
        else {
            continue;
        };
        let span = report.value.clone().unwrap_or(report.span.clone());
        let help = if d.hints.is_empty() {
            String::from("crawlers that read robots.txt differently will not agree on this URL")
        } else {
            d.hints.join("; ")
        };
        out.push(
            Finding::at(
                Code::ProfileDisagreement,
                d.severity,
                report,
                span,
                d.message(),
            )
            .with_help(help),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::{probe_agents, MAX_PROBE_AGENTS, MAX_PROBE_NAMES};
    use alloc::format;
    use alloc::string::String;
    use alloc::vec::Vec;
    use robots_core::document::{parse, Document, ParseOptions};
    use robots_core::policy::Policy;
    use robots_core::profile::Profile;

    /// One group naming `shared` crawlers (one choice of groups for them all),
    /// then a group of its own for `Loner`.
    fn file(shared: usize) -> String {
        let mut body = String::new();
        for i in 0..shared {
            body.push_str(&format!("User-agent: shared{}\n", letters(i)));
        }
        body.push_str("Disallow: /a\n\nUser-agent: Loner\nDisallow: /b\n");
        body
    }

    /// `i` written in letters (crawler names have no digits).
    fn letters(mut i: usize) -> String {
        let mut out = String::new();
        loop {
            out.push(char::from(b'a' + (i % 26) as u8));
            i /= 26;
            if i == 0 {
                return out;
            }
        }
    }

    /// The crawlers the analysis of `body` under `rfc9309` tries.
    fn tried(body: &str) -> Vec<Vec<u8>> {
        let docs: Vec<Document<'_>> = Profile::ALL
            .iter()
            .map(|&p| parse(body.as_bytes(), ParseOptions::new(p)))
            .collect();
        let policies: Vec<Policy> = docs.iter().map(Document::compile).collect();
        probe_agents(&docs[0], &policies)
            .into_iter()
            .map(|(name, _)| name)
            .collect()
    }

    /// Names that bring no new choice of groups still count against the bound,
    /// so a file of thousands of names costs a bounded number of resolutions:
    /// a name past the first [`MAX_PROBE_NAMES`] is not tried, one before is.
    #[test]
    fn the_names_tried_are_bounded() {
        let before = tried(&file(MAX_PROBE_NAMES - 10));
        assert!(before.iter().any(|n| n == b"Loner"), "{}", before.len());
        assert!(before.len() <= MAX_PROBE_AGENTS);
        let past = tried(&file(MAX_PROBE_NAMES + 10));
        assert!(!past.iter().any(|n| n == b"Loner"));
        // Both: the unnamed crawler, and the shared names' one choice.
        assert_eq!(past.len(), 2);
    }
}
