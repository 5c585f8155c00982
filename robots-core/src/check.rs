//! Checking a URL: the one search routine, over static or owned tables.

use crate::agent::names;
use crate::directive::Directive;
use crate::pattern::{normalize_path, tail_matches, tail_matches_fast};
use crate::policy::{Node, Policy, RuleRecord, NONE};
use crate::table::Span;
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
        let mut any = NONE;
        for entry in self.agents.iter() {
            if entry.any {
                if any == NONE {
                    any = entry.set;
                }
            } else if names(self.profile, self.bytes(entry.name), agent) {
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

    /// Whether the segments after a rule's first match `rest` (the plain reference
    /// matcher: explanations and brute force use it; the search uses [`View::tail_matches`]).
    pub(crate) fn tail_matches(&self, rule: &RuleRecord, rest: &[u8]) -> bool {
        let segments = rule.segments.of(&self.segments);
        let tail = segments.get(1..).unwrap_or_default();
        tail_matches(rest, tail.iter().map(|s| self.bytes(*s)), rule.anchored)
    }

    /// Decide for an already normalised path in rule set `set`.
    pub(crate) fn decide(&self, set: u32, path: &[u8]) -> Verdict {
        if self.profile.robots_txt_always_allowed() && is_robots_txt(path) {
            return Verdict::without_rule(crate::Reason::RobotsTxt);
        }
        let Some(rule_set) = self.sets.get(set as usize) else {
            return Verdict::without_rule(Reason::NoGroup);
        };
        let view = View::of(self);
        let mut best = Best::EMPTY;
        let mut deferred = Deferred::new();
        for &root in rule_set.roots.of(&self.set_roots) {
            view.walk(root, path, &mut best, &mut deferred);
        }
        if !deferred.items().is_empty() {
            view.match_deferred(&deferred, path, &mut best);
        }
        match self.rules.get(best.id as usize) {
            Some(rule) => Verdict {
                allowed: rule.allow,
                rule: Some(best.id),
                reason: Reason::Rule,
            },
            None => Verdict::without_rule(Reason::NoMatchingRule),
        }
    }
}

/// The search over a policy's tables.
#[derive(Clone, Copy)]
struct View<'p> {
    policy: &'p Policy,
}

impl<'p> View<'p> {
    #[inline]
    fn of(policy: &'p Policy) -> View<'p> {
        View { policy }
    }

    #[inline]
    fn rank(&self, id: u32) -> u64 {
        self.policy.rules.get(id as usize).map_or(0, |r| r.rank)
    }

    /// The child of `node` on `byte`. Edge bytes are sorted and distinct.
    #[inline]
    fn child(&self, node: &Node, byte: u8) -> Option<u32> {
        let bytes = node.edges.of(&self.policy.edge_bytes);
        let at = if bytes.len() <= 8 {
            bytes.iter().position(|&b| b == byte)?
        } else {
            bytes.binary_search(&byte).ok()?
        };
        node.edges.of(&self.policy.edge_targets).get(at).copied()
    }

    /// Walk one trie: offer the literal rules met on the way to `best`, and queue the
    /// nodes with wildcard rules in `deferred` (tested once the literal best is known,
    /// which lets most of them be skipped on rank alone).
    #[inline]
    fn walk(&self, root: u32, path: &[u8], best: &mut Best, deferred: &mut Deferred) {
        let mut node_id = root;
        let mut depth = 0usize;
        while let Some(node) = self.policy.nodes.get(node_id as usize) {
            if node.prefix_rule != NONE {
                best.offer(node.prefix_rule, self.rank(node.prefix_rule));
            }
            if node.exact_rule != NONE && depth == path.len() {
                best.offer(node.exact_rule, self.rank(node.exact_rule));
            }
            if node.wild.len != 0 && !deferred.push(node_id, depth) {
                // Full: test this node's wildcard rules now.
                let rest = path.get(depth..).unwrap_or_default();
                self.match_wild(node.wild, rest, best, &mut PathFilter::new(path));
            }
            let Some(rest) = path.get(depth..) else {
                break;
            };
            let Some(&byte) = rest.first() else {
                break;
            };
            let Some(next) = self.child(node, byte) else {
                break;
            };
            let label = self
                .policy
                .nodes
                .get(next as usize)
                .map_or(&[][..], |n| n.label.of(&self.policy.text));
            if !rest.starts_with(label) {
                break;
            }
            node_id = next;
            depth += label.len();
        }
    }

    /// Test the queued wildcard rules, deepest node first (longer literal prefixes tend to rank higher).
    #[inline(never)]
    fn match_deferred(&self, deferred: &Deferred, path: &[u8], best: &mut Best) {
        let mut filter = PathFilter::new(path);
        for &(node, depth) in deferred.items().iter().rev() {
            let Some(node) = self.policy.nodes.get(node as usize) else {
                continue;
            };
            let rest = path.get(depth as usize..).unwrap_or_default();
            self.match_wild(node.wild, rest, best, &mut filter);
        }
    }

    /// Test the wildcard rules of one node (best rank first) on `rest`.
    #[inline]
    fn match_wild(&self, wild: Span, rest: &[u8], best: &mut Best, filter: &mut PathFilter<'_>) {
        for &id in wild.of(&self.policy.wild_rules) {
            let Some(rule) = self.policy.rules.get(id as usize) else {
                continue;
            };
            if best.id != NONE && rule.rank <= best.rank {
                break;
            }
            if self.tail_matches(rule, rest, filter) {
                best.offer(id, rule.rank);
                break;
            }
        }
    }

    /// [`Policy::tail_matches`] for the search: a length check and a byte-pair
    /// filter on the path first, then a search tuned for short paths.
    #[inline]
    fn tail_matches(&self, rule: &RuleRecord, rest: &[u8], filter: &mut PathFilter<'_>) -> bool {
        let segments = rule.segments.of(&self.policy.segments);
        let tail = segments.get(1..).unwrap_or_default();
        // The literals must fit in the rest of the path.
        let literal: usize = tail.iter().map(|s| s.len as usize).sum();
        if literal > rest.len() {
            return false;
        }
        if !filter.may_contain_all(tail.iter().map(|s| s.of(&self.policy.text))) {
            return false;
        }
        tail_matches_fast(
            rest,
            tail.iter().map(|s| s.of(&self.policy.text)),
            rule.anchored,
        )
    }
}

/// The best-ranked rule found so far.
#[derive(Clone, Copy)]
struct Best {
    id: u32,
    rank: u64,
}

impl Best {
    const EMPTY: Best = Best { id: NONE, rank: 0 };

    #[inline]
    fn offer(&mut self, id: u32, rank: u64) {
        if self.id == NONE || rank > self.rank {
            self.id = id;
            self.rank = rank;
        }
    }
}

/// Nodes with wildcard rules met on a walk, with their depths.
struct Deferred {
    items: [(u32, u32); Deferred::CAP],
    len: usize,
}

impl Deferred {
    const CAP: usize = 8;

    #[inline]
    fn new() -> Deferred {
        Deferred {
            items: [(0, 0); Deferred::CAP],
            len: 0,
        }
    }

    /// Queue a node; false when full (the caller tests its rules at once instead).
    #[inline]
    fn push(&mut self, node: u32, depth: usize) -> bool {
        match (self.items.get_mut(self.len), u32::try_from(depth)) {
            (Some(slot), Ok(depth)) => {
                *slot = (node, depth);
                self.len += 1;
                true
            }
            _ => false,
        }
    }

    #[inline]
    fn items(&self) -> &[(u32, u32)] {
        self.items.get(..self.len).unwrap_or_default()
    }
}

/// Which byte pairs occur in the path. Built on demand, once a check has had to
/// test several wildcard rules: it then rejects most of the rest without a search
/// (a literal with a byte pair the path lacks cannot occur in it).
struct PathFilter<'a> {
    path: &'a [u8],
    /// Rules tested so far; the filter is built at [`PathFilter::BUILD_AFTER`].
    tested: u32,
    built: bool,
    pairs: [u64; 16],
}

impl<'a> PathFilter<'a> {
    /// A few wildcard rules are cheaper to search for than to filter.
    const BUILD_AFTER: u32 = 3;

    #[inline]
    fn new(path: &'a [u8]) -> PathFilter<'a> {
        PathFilter {
            path,
            tested: 0,
            built: false,
            pairs: [0; 16],
        }
    }

    #[inline]
    fn slot(a: u8, b: u8) -> usize {
        ((usize::from(a) << 3) ^ usize::from(b)) & 0x3FF
    }

    #[inline(never)]
    fn build(&mut self) {
        for pair in self.path.windows(2) {
            let slot = Self::slot(pair[0], pair[1]);
            if let Some(word) = self.pairs.get_mut(slot >> 6) {
                *word |= 1 << (slot & 63);
            }
        }
        self.built = true;
    }

    /// False only if one of `literals` certainly does not occur in the path.
    #[inline]
    fn may_contain_all<'l>(&mut self, literals: impl Iterator<Item = &'l [u8]>) -> bool {
        if !self.built {
            self.tested += 1;
            if self.tested < Self::BUILD_AFTER {
                return true;
            }
            self.build();
        }
        let pairs = &self.pairs;
        let has = |a: u8, b: u8| {
            let slot = Self::slot(a, b);
            pairs
                .get(slot >> 6)
                .is_some_and(|word| word & (1 << (slot & 63)) != 0)
        };
        let mut literals = literals;
        literals.all(|literal| literal.windows(2).all(|pair| has(pair[0], pair[1])))
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
