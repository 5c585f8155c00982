//! A compiled policy: the tables a check reads.
//!
//! The fields are `#[doc(hidden)] pub` so the code generator can write a policy
//! as a `static`. Build one at run time with [`Policy::parse`] or
//! [`Policy::from_document`]; the two paths produce the same tables.

use crate::directive::Directive;
use crate::extension::{RequestRate, TimeWindow};
use crate::profile::Profile;
use crate::search_tables::{WalkNode, WildCandidate, WildIndex};
use crate::table::{Span, Table};
use core::time::Duration;

/// "None" in `u32` index fields.
pub const NONE: u32 = u32::MAX;

/// A rule as compiled: where it came from and how it matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleRecord {
    /// 1-based line of the rule.
    pub line: u32,
    /// 1-based byte column of the pattern on that line.
    pub column: u32,
    /// `Allow` (true) or `Disallow` (false).
    pub allow: bool,
    /// Google's `index.htm` alias, derived from the line's `Allow`.
    pub derived: bool,
    /// The rule's specificity (octets), as Google counts them.
    pub priority: u32,
    /// Higher wins. Longest match: priority, then allow, then earlier line. First match: earlier line.
    pub rank: u64,
    /// The pattern as written (bytes in the policy's text).
    pub pattern: Span,
    /// The literal segments (a range of the policy's segment table).
    pub segments: Span,
    /// A final `$` anchors the pattern.
    pub anchored: bool,
    /// The group the rule belongs to.
    pub group: u32,
}

/// A node of the path-compressed trie over the first literal segment of each rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// The bytes on the edge into this node (in the policy's text); empty for a root.
    pub label: Span,
    /// Outgoing edges: a range of `edge_bytes` / `edge_targets`, sorted by byte.
    pub edges: Span,
    /// Best-ranked rule whose pattern is exactly this prefix (matches any path with it).
    pub prefix_rule: u32,
    /// Best-ranked rule `prefix$` (matches only a path equal to it).
    pub exact_rule: u32,
    /// Wildcard rules whose first segment ends here: a range of `wild_rules`, best rank first.
    pub wild: Span,
}

/// A set of rules that applies to some crawlers: the union of one or more groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleSet {
    /// The trie roots to walk (a range of `set_roots`).
    pub roots: Span,
    /// The groups it merges (a range of `set_groups`).
    pub groups: Span,
}

/// A crawler name the file mentions, and the rule set it selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AgentEntry {
    /// The name as matched (lower case; for `google`, cut to a product token).
    pub name: Span,
    /// The rule set it selects.
    pub set: u32,
    /// `*`.
    pub any: bool,
}

/// A group as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroupRecord {
    /// 1-based line of its first user-agent line.
    pub line: u32,
    /// Its user-agent lines (a range of `group_agents`).
    pub agents: Span,
    /// Its rules (a range of `rules`), in file order.
    pub rules: Span,
}

/// One user-agent line of a group, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroupAgentRecord {
    /// 1-based line.
    pub line: u32,
    /// The value as written (bytes in the policy's text).
    pub value: Span,
}

/// The typed value of an extension record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExtensionValue {
    /// `Crawl-delay`.
    CrawlDelay(Duration),
    /// `Request-rate`.
    RequestRate(RequestRate),
    /// `Visit-time`.
    VisitTime(TimeWindow),
    /// A valid text value: sitemap URL, host, clean-param, comment, robot-version.
    Text,
    /// The value did not parse; the text is kept.
    Invalid,
}

/// An extension record (crawl-delay, sitemap, …) with its line and typed value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtensionRecord {
    /// Which directive.
    pub directive: Directive,
    /// 1-based line.
    pub line: u32,
    /// The owning group, or [`NONE`] for file-wide records.
    pub group: u32,
    /// The value as written (bytes in the policy's text).
    pub value: Span,
    /// The parsed value.
    pub parsed: ExtensionValue,
}

/// A compiled robots.txt policy. Checks never parse and never allocate
/// (except to percent-decode a path that has `%` escapes under `rfc9309` and `draft1996`).
///
/// ```
/// use robots_core::{Policy, Profile};
/// let policy = Policy::parse(b"User-agent: *\nDisallow: /private\nAllow: /private/ok\n", Profile::Rfc9309);
/// assert!(!policy.is_allowed("MyBot", "https://example.com/private/x"));
/// assert!(policy.is_allowed("MyBot", "https://example.com/private/ok"));
/// let verdict = policy.check("MyBot", "/private/x");
/// assert_eq!(policy.rule(verdict.rule.unwrap()).line, 2);
/// ```
#[derive(Clone, Debug)]
pub struct Policy {
    #[doc(hidden)]
    pub profile: Profile,
    #[doc(hidden)]
    pub text: Table<u8>,
    #[doc(hidden)]
    pub agents: Table<AgentEntry>,
    #[doc(hidden)]
    pub any_set: u32,
    #[doc(hidden)]
    pub sets: Table<RuleSet>,
    #[doc(hidden)]
    pub set_roots: Table<u32>,
    #[doc(hidden)]
    pub set_groups: Table<u32>,
    #[doc(hidden)]
    pub nodes: Table<Node>,
    #[doc(hidden)]
    pub edge_bytes: Table<u8>,
    #[doc(hidden)]
    pub edge_targets: Table<u32>,
    #[doc(hidden)]
    pub wild_rules: Table<u32>,
    #[doc(hidden)]
    pub walk_nodes: Table<WalkNode>,
    #[doc(hidden)]
    pub wide_edges: Table<u8>,
    #[doc(hidden)]
    pub best_prefix: Table<u32>,
    #[doc(hidden)]
    pub best_exact: Table<u32>,
    #[doc(hidden)]
    pub root_wild: Table<WildIndex>,
    #[doc(hidden)]
    pub slot_words: Table<u64>,
    #[doc(hidden)]
    pub slot_starts: Table<u32>,
    #[doc(hidden)]
    pub wild_candidates: Table<WildCandidate>,
    #[doc(hidden)]
    pub rules: Table<RuleRecord>,
    #[doc(hidden)]
    pub segments: Table<Span>,
    #[doc(hidden)]
    pub groups: Table<GroupRecord>,
    #[doc(hidden)]
    pub group_agents: Table<GroupAgentRecord>,
    #[doc(hidden)]
    pub extensions: Table<ExtensionRecord>,
}

impl Policy {
    /// The profile the policy was compiled under.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// How many rules the policy has (derived ones included); rule indexes are `0..rule_count()`.
    pub fn rule_count(&self) -> usize {
        self.rules.len()
    }

    /// How many groups the policy has; group indexes are `0..group_count()`.
    pub fn group_count(&self) -> usize {
        self.groups.len()
    }

    /// Bytes of the policy's text table (empty when out of range).
    #[inline]
    pub(crate) fn bytes(&self, span: Span) -> &[u8] {
        span.of(&self.text)
    }
}
