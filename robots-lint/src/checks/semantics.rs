//! Semantics: what the rules decide, proven on the compiled patterns.
//!
//! `duplicate-rule`, `conflicting-rules`, `shadowed-rule`, `blocks-everything`
//! and `expensive-pattern`. A line gets at most one of the first three.

use super::rules::{any_groups, covers, line_of, rule_sets, Rule, RuleTable};
use crate::findings::finding::{Finding, Severity};
use crate::grouping::{runs, sort_by, sort_by_key};
use crate::lossy;
use crate::Code;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use robots_core::document::Document;
use robots_core::group::AgentToken;
use robots_core::parse::Directive;
use robots_core::parse::LineKind;
use robots_core::policy::Policy;

/// More `*` than this makes a pattern expensive.
pub(crate) const MAX_WILDCARDS: usize = 5;
/// A pattern longer than this (bytes, as written) is expensive.
pub(crate) const MAX_PATTERN_BYTES: usize = 512;
/// Candidate shadowing rules tried per rule and rule set (a bound on the work, not on correctness).
const MAX_CANDIDATES: usize = 256;
/// Shadowing proofs tried per lint, over all rule sets.
const MAX_PROOFS: usize = 1 << 21;

/// Append the semantic findings of `doc` (compiled as `policy`).
pub(crate) fn findings(doc: &Document<'_>, policy: &Policy, out: &mut Vec<Finding>) {
    let rules = super::rules::rules(policy);
    let sets = rule_sets(doc, policy);
    let mut reported = Reported::default();
    duplicates(doc, policy, &rules, out, &mut reported);
    conflicts(doc, policy, &rules, &sets, out, &mut reported);
    let mut proofs = Proofs {
        tokens: Index::new(&rules),
        budget: MAX_PROOFS,
    };
    shadowed(doc, policy, &rules, &sets, &mut proofs, out, &reported);
    blocks_everything(doc, &rules, &mut proofs, out);
    expensive(doc, out);
}

/// The lines a check reported already: a line gets at most one of
/// `duplicate-rule`, `conflicting-rules` and `shadowed-rule`.
#[derive(Default)]
struct Reported {
    /// By line number.
    lines: Vec<bool>,
}

impl Reported {
    /// Mark `line`, and say whether it was not marked yet.
    fn insert(&mut self, line: u32) -> bool {
        let at = line as usize;
        if self.lines.len() <= at {
            self.lines.resize(at + 1, false);
        }
        !core::mem::replace(&mut self.lines[at], true)
    }

    /// Whether `line` is marked.
    fn contains(&self, line: u32) -> bool {
        self.lines.get(line as usize).copied().unwrap_or(false)
    }
}

fn finding_for_rule(doc: &Document<'_>, line: u32, code: Code, message: String) -> Option<Finding> {
    let report = line_of(doc, line)?;
    let span = report.value.clone().unwrap_or(report.span.clone());
    Some(Finding::at(code, Severity::Warning, report, span, message))
}

fn duplicates(
    doc: &Document<'_>,
    policy: &Policy,
    rules: &RuleTable<'_>,
    out: &mut Vec<Finding>,
    reported: &mut Reported,
) {
    for g in 0..policy.group_count() {
        let g = u32::try_from(g).unwrap_or(u32::MAX);
        let mut written: Vec<&Rule<'_>> = rules
            .group(g)
            .iter()
            .filter(|r| !r.written.derived)
            .collect();
        let same_rule = |a: &&Rule<'_>, b: &&Rule<'_>| (a.allow, a.key()).cmp(&(b.allow, b.key()));
        for copies in runs(&mut written, same_rule).filter(|c| c.len() > 1) {
            // The best-ranked copy decides (not always the first: under rfc9309
            // `/a%3A` counts as longer than `/a:`); every other one is the duplicate.
            let Some(winner) = copies.iter().max_by_key(|r| r.rank) else {
                continue;
            };
            for rule in copies {
                if rule.written.line == winner.written.line || !reported.insert(rule.written.line) {
                    continue;
                }
                let (this, that) = (rule.text(), winner.text());
                let note = if this == that {
                    String::new()
                } else {
                    format!(", the same rule under {}", policy.profile())
                };
                if let Some(f) = finding_for_rule(
                    doc,
                    rule.written.line,
                    Code::DuplicateRule,
                    format!(
                        "`{this}` repeats `{that}` (line {}) of the same group{note}",
                        winner.written.line
                    ),
                ) {
                    out.push(f.with_help("delete this line: the verdicts stay the same"));
                }
            }
        }
    }
}

fn conflicts(
    doc: &Document<'_>,
    policy: &Policy,
    rules: &RuleTable<'_>,
    sets: &[Vec<u32>],
    out: &mut Vec<Finding>,
    reported: &mut Reported,
) {
    let first_match = policy.profile().first_match_wins();
    for set in sets {
        let mut written: Vec<&Rule<'_>> = set_members(rules, set);
        written.retain(|r| !r.written.derived);
        for same in runs(&mut written, |a, b| a.key().cmp(&b.key())) {
            let Some(winner) = same.iter().max_by_key(|r| r.rank) else {
                continue;
            };
            for loser in same.iter().filter(|r| r.allow != winner.allow) {
                if !reported.insert(loser.written.line) {
                    continue;
                }
                let why = if first_match {
                    format!("under {} the first matching line wins", policy.profile())
                } else {
                    format!("under {} `Allow` wins ties", policy.profile())
                };
                if let Some(f) = finding_for_rule(
                    doc,
                    loser.written.line,
                    Code::ConflictingRules,
                    format!(
                        "`{}` conflicts with `{}` (line {}) for the same crawlers: {why}, so this line never decides",
                        loser.text(),
                        winner.text(),
                        winner.written.line
                    ),
                ) {
                    out.push(f.with_help("keep only the rule you mean; crawlers that read the file differently may pick the other one"));
                }
            }
        }
    }
}

/// Rules by first segment, for finding the rules whose literal prefix is a prefix of another's.
struct Index {
    tokens: Vec<Option<Vec<u16>>>,
}

impl Index {
    fn new(rules: &RuleTable<'_>) -> Index {
        Index {
            tokens: alloc::vec![None; rules.len()],
        }
    }

    fn tokens<'s>(&'s mut self, rule: &Rule<'_>) -> &'s [u16] {
        match self.tokens.get_mut(rule.id as usize) {
            Some(slot) => slot.get_or_insert_with(|| rule.tokens()),
            None => &[],
        }
    }
}

/// The token strings of the rules (built once each) and what is left of the proof budget.
struct Proofs {
    tokens: Index,
    budget: usize,
}

impl Proofs {
    fn shadower<'r, 'p>(
        &mut self,
        set: &SetIndex<'r, 'p>,
        rule: &Rule<'p>,
    ) -> Option<&'r Rule<'p>> {
        let tokens = self.tokens.tokens(rule);
        set.shadower(rule, tokens, &mut self.budget)
    }
}

/// The rules of one rule set, indexed by first segment.
struct SetIndex<'r, 'p> {
    /// The rules by first segment, then best rank first (ties in set order).
    by_first: Vec<&'r Rule<'p>>,
    /// The lengths of the first segments, ascending, each once.
    lengths: Vec<usize>,
}

impl<'r, 'p> SetIndex<'r, 'p> {
    fn new(members: &[&'r Rule<'p>]) -> Self {
        let mut by_first = members.to_vec();
        sort_by(&mut by_first, |a, b| {
            a.first().cmp(b.first()).then(b.rank.cmp(&a.rank))
        });
        let mut lengths: Vec<usize> = by_first.iter().map(|r| r.first().len()).collect();
        sort_by_key(&mut lengths, |&len| len as u64);
        lengths.dedup();
        SetIndex { by_first, lengths }
    }

    /// The rules whose first segment is `first`, best rank first.
    fn with_first<'s>(&'s self, first: &'s [u8]) -> impl Iterator<Item = &'r Rule<'p>> + 's {
        let start = self.by_first.partition_point(|r| r.first() < first);
        self.by_first[start..]
            .iter()
            .copied()
            .take_while(move |r| r.first() == first)
    }

    /// A rule of the set that ranks higher than `rule` and provably matches every
    /// path it matches. `budget` bounds the proofs tried over the whole lint; when
    /// it runs out nothing more is proven (so nothing more is reported).
    fn shadower(
        &self,
        rule: &Rule<'p>,
        tokens: &[u16],
        budget: &mut usize,
    ) -> Option<&'r Rule<'p>> {
        let first = rule.first();
        let mut tried = 0;
        // Longest literal prefix first: the closest rule makes the clearest message.
        let up_to_first = self.lengths.partition_point(|&len| len <= first.len());
        for &len in self.lengths[..up_to_first].iter().rev() {
            let Some(prefix) = first.get(..len) else {
                continue;
            };
            // Best rank first: stop at the first candidate that does not outrank `rule`.
            for q in self.with_first(prefix).take_while(|q| q.rank > rule.rank) {
                tried += 1;
                if tried > MAX_CANDIDATES || *budget == 0 {
                    return None;
                }
                *budget -= 1;
                if covers(q.key(), tokens) {
                    return Some(q);
                }
            }
        }
        None
    }
}

fn set_members<'r, 'p>(rules: &'r RuleTable<'p>, set: &[u32]) -> Vec<&'r Rule<'p>> {
    set.iter().flat_map(|&g| rules.group(g)).collect()
}

/// Why `q` beats `r` whenever both match.
fn ranks_higher(policy: &Policy, q: &Rule<'_>, r: &Rule<'_>) -> String {
    if policy.profile().first_match_wins() {
        String::from("comes first in the file")
    } else if q.written.priority > r.written.priority {
        format!(
            "is longer ({} octets against {})",
            q.written.priority, r.written.priority
        )
    } else if q.allow && !r.allow {
        String::from("is an `Allow` as long as it (`Allow` wins ties)")
    } else {
        String::from("is as long and comes first")
    }
}

fn shadowed(
    doc: &Document<'_>,
    policy: &Policy,
    rules: &RuleTable<'_>,
    sets: &[Vec<u32>],
    proofs: &mut Proofs,
    out: &mut Vec<Finding>,
    reported: &Reported,
) {
    // Per rule: in how many sets it is, in how many it is provably shadowed, and by whom first.
    let mut member = alloc::vec![0u32; rules.len()];
    let mut beaten = alloc::vec![0u32; rules.len()];
    let mut by: Vec<Option<u32>> = alloc::vec![None; rules.len()];
    for set in sets {
        let members = set_members(rules, set);
        let set_index = SetIndex::new(&members);
        for rule in &members {
            let i = rule.id as usize;
            member[i] += 1;
            if let Some(q) = proofs.shadower(&set_index, rule) {
                beaten[i] += 1;
                by[i].get_or_insert(q.id);
            }
        }
    }
    // A line is shadowed when every rule it compiled to is (Google's `index.htm` alias included).
    let mut by_line: Vec<&Rule<'_>> = rules.iter().collect();
    sort_by_key(&mut by_line, |r| u64::from(r.written.line));
    for compiled in by_line.chunk_by(|a, b| a.written.line == b.written.line) {
        let line = compiled[0].written.line;
        if reported.contains(line) {
            continue;
        }
        let all = compiled.iter().all(|r| {
            let i = r.id as usize;
            member[i] > 0 && beaten[i] == member[i]
        });
        let Some(rule) = compiled.iter().find(|r| !r.written.derived) else {
            continue;
        };
        let Some(q) = by[rule.id as usize].and_then(|q| rules.get(q as usize)) else {
            continue;
        };
        if !all {
            continue;
        }
        let (this, that) = (rule.text(), q.text());
        let why = ranks_higher(policy, q, rule);
        let (message, help) = if q.allow == rule.allow && q.key() == rule.key() {
            (
                format!(
                    "`{this}` repeats `{that}` (line {}) of a group that applies to the same crawlers",
                    q.written.line
                ),
                String::from("delete this line: the verdicts stay the same"),
            )
        } else if q.allow == rule.allow {
            (
                format!(
                    "`{this}` is redundant: `{that}` (line {}) matches every URL it matches and {why}",
                    q.written.line
                ),
                String::from("delete this line: the verdicts stay the same"),
            )
        } else {
            (
                format!(
                    "`{this}` never decides: `{that}` (line {}) matches every URL it matches and {why}",
                    q.written.line
                ),
                format!(
                    "this line has no effect; make it more specific than line {}{}",
                    q.written.line,
                    if policy.profile().first_match_wins() {
                        ", or move it above that line"
                    } else {
                        ""
                    }
                ),
            )
        };
        if let Some(f) = finding_for_rule(doc, line, Code::ShadowedRule, message) {
            out.push(f.with_help(help));
        }
    }
}

fn blocks_everything(
    doc: &Document<'_>,
    rules: &RuleTable<'_>,
    proofs: &mut Proofs,
    out: &mut Vec<Finding>,
) {
    let any = any_groups(doc);
    let members = set_members(rules, &any);
    let Some(block) = members
        .iter()
        .filter(|r| !r.allow && r.matches_everything())
        .max_by_key(|r| r.rank)
    else {
        return;
    };
    let set_index = SetIndex::new(&members);
    for rule in members.iter().filter(|r| r.allow) {
        if proofs.shadower(&set_index, rule).is_none() {
            // Something is allowed back in.
            return;
        }
    }
    let named = doc
        .groups()
        .iter()
        .flat_map(|g| &g.agents)
        .filter(|a| matches!(a.token, AgentToken::Named(_)))
        .count();
    let help = if named > 0 {
        "crawlers named in other groups keep their own rules; if the site is meant to be crawled, add `Allow:` lines for what crawlers may fetch"
    } else {
        "if this is not a staging or private site, remove the line or add `Allow:` lines for what crawlers may fetch"
    };
    if let Some(f) = finding_for_rule(
        doc,
        block.written.line,
        Code::BlocksEverything,
        format!(
            "`{}` for `User-agent: *` blocks every URL for every crawler this file does not name",
            block.text()
        ),
    ) {
        out.push(f.with_help(help));
    }
}

fn expensive(doc: &Document<'_>, out: &mut Vec<Finding>) {
    let wildcards_count = !doc.profile().first_match_wins();
    for group in doc.groups() {
        for &i in &group.rules {
            let line = &doc.lines()[i];
            if !matches!(
                line.kind,
                LineKind::Directive(Directive::Allow | Directive::Disallow)
            ) {
                continue;
            }
            let value = doc.value(line);
            let stars = value.iter().filter(|&&b| b == b'*').count();
            let what = if wildcards_count && stars > MAX_WILDCARDS {
                format!("has {stars} `*` wildcards (more than {MAX_WILDCARDS})")
            } else if value.len() > MAX_PATTERN_BYTES {
                format!(
                    "is {} bytes long (more than {MAX_PATTERN_BYTES})",
                    value.len()
                )
            } else {
                continue;
            };
            let shown = if value.len() > 60 {
                format!("{}…", lossy(value.get(..60).unwrap_or_default()))
            } else {
                lossy(value)
            };
            let span = line.value.clone().unwrap_or(line.span.clone());
            out.push(
                Finding::at(
                    Code::ExpensivePattern,
                    Severity::Warning,
                    line,
                    span,
                    format!("pattern `{shown}` {what}: costly for crawlers to match on every URL"),
                )
                .with_help("matching cost grows with each `*` (backtracking matchers: path length to the power of the wildcards; Google's: path length × pattern length) and with the pattern's length; split it into simpler rules"),
            );
        }
    }
}
