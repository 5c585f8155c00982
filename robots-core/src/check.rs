//! Checking a URL: the one search routine, over static or owned tables.

use crate::directive::Directive;
use crate::pattern::{normalize_path, tail_matches};
use crate::policy::{Node, Policy, RuleRecord, NONE};
use crate::url::path_from_url;

/// Why a verdict came out as it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A rule decided; see [`Verdict::rule`].
    Rule,
    /// Groups applied to the crawler, but no rule matched the path.
    NoMatchingRule,
    /// No group applies to the crawler (none names it and there is no `*` group).
    NoGroup,
    /// `/robots.txt` itself is always allowed (`rfc9309`, `draft1996`).
    RobotsTxt,
}

impl Reason {
    /// The stable kebab-case name tools print: `rule`, `no-matching-rule`, `no-group`, `robots-txt`.
    pub const fn name(self) -> &'static str {
        match self {
            Reason::Rule => "rule",
            Reason::NoMatchingRule => "no-matching-rule",
            Reason::NoGroup => "no-group",
            Reason::RobotsTxt => "robots-txt",
        }
    }
}

/// The answer to one check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Verdict {
    /// May the crawler fetch the URL?
    pub allowed: bool,
    /// The deciding rule, an index for [`Policy::rule`].
    pub rule: Option<u32>,
    /// Why.
    pub reason: Reason,
}

impl Verdict {
    const fn without_rule(reason: Reason) -> Verdict {
        Verdict {
            allowed: true,
            rule: None,
            reason,
        }
    }
}

/// A rule, as a verdict or an explanation shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleInfo<'p> {
    /// 1-based line.
    pub line: u32,
    /// 1-based byte column of the pattern.
    pub column: u32,
    /// [`Directive::Allow`] or [`Directive::Disallow`].
    pub directive: Directive,
    /// The pattern as written (for a derived rule, as derived).
    pub pattern: &'p [u8],
    /// Specificity in octets.
    pub priority: u32,
    /// Google's `index.htm` alias of an `Allow` line, not a line of its own.
    pub derived: bool,
}

/// A policy narrowed to one crawler: resolve the agent once, check many URLs.
///
/// ```
/// use robots_core::{Policy, Profile};
/// let policy = Policy::parse(b"User-agent: FooBot\nDisallow: /\n", Profile::Google);
/// let foo = policy.matcher("foobot");
/// assert!(!foo.is_allowed("/x"));
/// assert!(policy.matcher("BarBot").is_allowed("/x"));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Matcher<'p> {
    policy: &'p Policy,
    set: u32,
}

fn cmp_ignore_case(a: &[u8], b: &[u8]) -> core::cmp::Ordering {
    a.iter()
        .map(u8::to_ascii_lowercase)
        .cmp(b.iter().map(u8::to_ascii_lowercase))
}

impl Policy {
    /// The rule set that applies to `agent`, or [`NONE`].
    pub(crate) fn resolve(&self, agent: &[u8]) -> u32 {
        if self.profile.substring_agents() {
            return self.resolve_substring(agent);
        }
        let agents = &*self.agents;
        match agents.binary_search_by(|e| cmp_ignore_case(self.bytes(e.name), agent)) {
            Ok(i) => agents[i].set,
            Err(_) => self.any_set,
        }
    }

    /// Legacy: the first record whose name is a substring of the robot's name
    /// (version removed, any case); else the first `*` record.
    fn resolve_substring(&self, agent: &[u8]) -> u32 {
        let name = agent.split(|&b| b == b'/').next().unwrap_or_default();
        let mut any = NONE;
        for entry in self.agents.iter() {
            if entry.any {
                if any == NONE {
                    any = entry.set;
                }
                continue;
            }
            let token = self.bytes(entry.name);
            if !token.is_empty()
                && name
                    .windows(token.len())
                    .any(|w| w.eq_ignore_ascii_case(token))
            {
                return entry.set;
            }
        }
        any
    }

    /// Narrow the policy to one crawler.
    pub fn matcher(&self, agent: impl AsRef<[u8]>) -> Matcher<'_> {
        Matcher {
            policy: self,
            set: self.resolve(agent.as_ref()),
        }
    }

    /// Check one URL (a full URL, a path with query, or empty for `/`) for `agent`.
    pub fn check(&self, agent: impl AsRef<[u8]>, url: impl AsRef<[u8]>) -> Verdict {
        self.matcher(agent).check(url)
    }

    /// Whether `agent` may fetch `url`.
    pub fn is_allowed(&self, agent: impl AsRef<[u8]>, url: impl AsRef<[u8]>) -> bool {
        self.check(agent, url).allowed
    }

    /// The rule behind an index from a [`Verdict`].
    ///
    /// # Panics
    /// If `id` is not a rule index of this policy (see [`Policy::get_rule`]).
    pub fn rule(&self, id: u32) -> RuleInfo<'_> {
        match self.get_rule(id) {
            Some(rule) => rule,
            None => panic!("rule {id} is not in this policy"),
        }
    }

    /// The rule behind an index, or `None` if it is not a rule index of this policy.
    pub fn get_rule(&self, id: u32) -> Option<RuleInfo<'_>> {
        let r = self.rules.get(id as usize)?;
        Some(RuleInfo {
            line: r.line,
            column: r.column,
            directive: if r.allow {
                Directive::Allow
            } else {
                Directive::Disallow
            },
            pattern: self.bytes(r.pattern),
            priority: r.priority,
            derived: r.derived,
        })
    }

    fn child(&self, node: &Node, byte: u8) -> Option<u32> {
        let bytes = node.edges.of(&self.edge_bytes);
        let at = if bytes.len() <= 8 {
            bytes.iter().position(|&b| b == byte)?
        } else {
            bytes.binary_search(&byte).ok()?
        };
        node.edges.of(&self.edge_targets).get(at).copied()
    }

    fn rank(&self, id: u32) -> u64 {
        self.rules.get(id as usize).map_or(0, |r| r.rank)
    }

    /// Whether the segments after a rule's first match `rest`.
    pub(crate) fn tail_matches(&self, rule: &RuleRecord, rest: &[u8]) -> bool {
        let segments = rule.segments.of(&self.segments);
        let tail = segments.get(1..).unwrap_or_default();
        tail_matches(rest, tail.iter().map(|s| self.bytes(*s)), rule.anchored)
    }

    /// Walk one trie; raise `best` to the best-ranked matching rule.
    fn walk(&self, root: u32, path: &[u8], best: &mut u32) {
        let nodes = &*self.nodes;
        let mut best_rank = if *best == NONE { 0 } else { self.rank(*best) };
        let consider = |id: u32, best: &mut u32, best_rank: &mut u64| {
            if id != NONE {
                let r = self.rank(id);
                if *best == NONE || r > *best_rank {
                    *best = id;
                    *best_rank = r;
                }
            }
        };
        let mut node_id = root;
        let mut depth = 0;
        while let Some(node) = nodes.get(node_id as usize) {
            consider(node.prefix_rule, best, &mut best_rank);
            if depth == path.len() {
                consider(node.exact_rule, best, &mut best_rank);
            }
            for &id in node.wild.of(&self.wild_rules) {
                let Some(rule) = self.rules.get(id as usize) else {
                    continue;
                };
                if *best != NONE && rule.rank <= best_rank {
                    break;
                }
                if self.tail_matches(rule, path.get(depth..).unwrap_or_default()) {
                    consider(id, best, &mut best_rank);
                    break;
                }
            }
            let Some(&byte) = path.get(depth) else {
                break;
            };
            let Some(next) = self.child(node, byte) else {
                break;
            };
            let label = nodes
                .get(next as usize)
                .map_or(&[][..], |n| self.bytes(n.label));
            match path.get(depth..) {
                Some(rest) if rest.starts_with(label) => {
                    node_id = next;
                    depth += label.len();
                }
                _ => break,
            }
        }
    }

    /// Decide for an already normalised path in rule set `set`.
    pub(crate) fn decide(&self, set: u32, path: &[u8]) -> Verdict {
        if self.profile.robots_txt_always_allowed() && is_robots_txt(path) {
            return Verdict::without_rule(crate::Reason::RobotsTxt);
        }
        let Some(rule_set) = self.sets.get(set as usize) else {
            return Verdict::without_rule(Reason::NoGroup);
        };
        let mut best = NONE;
        for &root in rule_set.roots.of(&self.set_roots) {
            self.walk(root, path, &mut best);
        }
        match self.rules.get(best as usize) {
            Some(rule) => Verdict {
                allowed: rule.allow,
                rule: Some(best),
                reason: Reason::Rule,
            },
            None => Verdict::without_rule(Reason::NoMatchingRule),
        }
    }
}

fn is_robots_txt(path: &[u8]) -> bool {
    let end = memchr::memchr(b'?', path).unwrap_or(path.len());
    &path[..end] == b"/robots.txt"
}

impl<'p> Matcher<'p> {
    /// The policy this matcher reads.
    pub fn policy(&self) -> &'p Policy {
        self.policy
    }

    /// Whether any group applies to this crawler.
    pub fn has_group(&self) -> bool {
        self.set != NONE
    }

    /// Check a URL: a full URL, a path (with query), or empty for `/`. The fragment is dropped.
    pub fn check(&self, url: impl AsRef<[u8]>) -> Verdict {
        let path = path_from_url(url.as_ref());
        self.check_path(&path)
    }

    /// Check a path that is already `/path?query` (no scheme, host or fragment).
    pub fn check_path(&self, path: &[u8]) -> Verdict {
        let normalized = normalize_path(path, self.policy.profile);
        self.policy.decide(self.set, &normalized)
    }

    /// Whether the crawler may fetch `url`.
    pub fn is_allowed(&self, url: impl AsRef<[u8]>) -> bool {
        self.check(url).allowed
    }

    /// Indexes of the groups that apply to this crawler, in file order.
    pub fn groups(&self) -> &'p [u32] {
        match self.policy.sets.get(self.set as usize) {
            Some(set) => set.groups.of(&self.policy.set_groups),
            None => &[],
        }
    }
}
