//! Explanations: the whole decision behind a verdict, for humans and tools.

use crate::check::{Reason, RuleInfo, Verdict};
use crate::pattern::normalize_path;
use crate::policy::{Policy, NONE};
use crate::url::path_from_url;
use alloc::vec::Vec;

/// A group that applied to the crawler.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupInfo<'p> {
    /// Index of the group.
    pub index: u32,
    /// 1-based line of its first user-agent line.
    pub line: u32,
    /// Its user-agent values as written, with their lines.
    pub agents: Vec<(u32, &'p [u8])>,
}

/// A rule that matched the path, with its rank among the candidates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate<'p> {
    /// Index of the rule.
    pub id: u32,
    /// The rule.
    pub rule: RuleInfo<'p>,
}

/// Everything behind one verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation<'p> {
    /// The path as the profile compares it (after URL parsing and normalisation).
    pub path: Vec<u8>,
    /// The groups that applied (merged), in file order.
    pub groups: Vec<GroupInfo<'p>>,
    /// Every rule of those groups that matches the path, best first.
    pub candidates: Vec<Candidate<'p>>,
    /// The verdict, exactly as [`Policy::check`] gives it.
    pub verdict: Verdict,
}

impl Policy {
    /// Information about group `index`.
    ///
    /// # Panics
    /// If `index` is not a group index of this policy.
    pub fn group(&self, index: u32) -> GroupInfo<'_> {
        let g = &self.groups[index as usize];
        GroupInfo {
            index,
            line: g.line,
            agents: g
                .agents
                .of(&self.group_agents)
                .iter()
                .map(|a| (a.line, self.bytes(a.value)))
                .collect(),
        }
    }

    /// Explain the verdict for `agent` and `url`: the normalised path, the groups
    /// that applied, every matching rule (found by testing each rule on its own,
    /// independently of the trie), and the verdict.
    ///
    /// ```
    /// use robots_core::{Policy, Profile};
    /// let policy = Policy::parse(b"User-agent: *\nDisallow: /a\nAllow: /a/b\n", Profile::Rfc9309);
    /// let e = policy.explain("bot", "/a/b/c");
    /// assert_eq!(e.candidates.len(), 2);
    /// assert_eq!(e.candidates[0].rule.line, 3);
    /// assert!(e.verdict.allowed);
    /// ```
    pub fn explain(&self, agent: impl AsRef<[u8]>, url: impl AsRef<[u8]>) -> Explanation<'_> {
        let matcher = self.matcher(agent);
        let raw = path_from_url(url.as_ref());
        let path = normalize_path(&raw, self.profile).into_owned();
        let verdict = matcher.check_path(&raw);
        let groups: Vec<GroupInfo<'_>> = matcher.groups().iter().map(|&g| self.group(g)).collect();
        let mut candidates: Vec<Candidate<'_>> = Vec::new();
        if verdict.reason != Reason::RobotsTxt {
            for g in &groups {
                let range = self.groups[g.index as usize].rules.range();
                for id in range {
                    let id = u32::try_from(id).unwrap_or(NONE);
                    if self.rule_matches(id, &path) {
                        candidates.push(Candidate {
                            id,
                            rule: self.rule(id),
                        });
                    }
                }
            }
        }
        candidates.sort_by_key(|c| core::cmp::Reverse(self.rules[c.id as usize].rank));
        Explanation {
            path,
            groups,
            candidates,
            verdict,
        }
    }

    /// Whether rule `id` matches a normalised path, tested on its own.
    pub fn rule_matches(&self, id: u32, path: &[u8]) -> bool {
        let Some(rule) = self.rules.get(id as usize) else {
            return false;
        };
        let Some(first) = rule.segments.of(&self.segments).first() else {
            return false;
        };
        match path.strip_prefix(self.bytes(*first)) {
            Some(rest) => self.tail_matches(rule, rest),
            None => false,
        }
    }
}
