//! The public face of a compiled policy: [`Policy`], [`AgentPolicy`], [`Matcher`],
//! and the views they hand out ([`Rule`], [`GroupInfo`], [`records::Record`],
//! [`explain::Explanation`]).
//!
//! Every method here is a short call into a pipeline stage: [`compile`]
//! builds the tables, [`group`](crate::group) resolves a crawler, and
//! [`search`](crate::search) checks a path.

mod agent_policy;
mod builder;
pub mod explain;
mod matcher;
pub mod records;
mod rule;

pub use agent_policy::AgentPolicy;
pub use builder::PolicyBuilder;
pub use matcher::Matcher;
pub use rule::{GroupInfo, Rule};

use crate::compile;
use crate::document::Document;
use crate::document::ParseOptions;
use crate::ids::{GroupId, RuleId};
use crate::parse::Truncation;
use crate::profile::Profile;
use crate::search::verdict::Verdict;
use crate::tables::layout::{index, Tables, NONE};
use bstr::BStr;
use core::fmt;
use explain::Explanation;
use records::Record;

/// A compiled robots.txt policy, for every crawler the file names.
///
/// Build one with [`Policy::parse`], or [`Policy::builder`] for options (the
/// parsing cap, a one-crawler [`AgentPolicy`]); or compile one in with the
/// `robots!` macro. Checks never parse and never allocate (except to
/// percent-decode a path that has `%` escapes under `rfc9309` and `draft1996`).
/// A policy is `Send + Sync`: share it between threads by reference or `Arc`.
///
/// ```
/// use robots_runtime::{Policy, Profile};
/// let policy = Policy::parse("User-agent: *\nDisallow: /private\nAllow: /private/ok\n", Profile::Rfc9309);
/// assert!(!policy.is_allowed("MyBot", "https://example.com/private/x"));
/// assert!(policy.is_allowed("MyBot", "https://example.com/private/ok"));
/// let verdict = policy.check("MyBot", "/private/x");
/// assert_eq!(policy.rule(verdict.rule.unwrap()).unwrap().line, 2);
/// ```
#[derive(Clone)]
pub struct Policy {
    pub(crate) tables: Tables,
}

impl Policy {
    /// Parse `text` under `profile` (with the profile's default parsing cap) and
    /// compile it. Any bytes are accepted: what is not a rule is ignored, as
    /// crawlers ignore it (the `lint` module says what was).
    ///
    /// ```
    /// use robots_runtime::{Policy, Profile};
    /// let text = String::from("User-agent: *\nDisallow: /tmp/\n");
    /// let a = Policy::parse(&text, Profile::Google);
    /// let b = Policy::parse(text.as_bytes(), Profile::Google);
    /// assert_eq!(a.check("bot", "/tmp/x"), b.check("bot", "/tmp/x"));
    /// ```
    pub fn parse(text: impl AsRef<[u8]>, profile: Profile) -> Policy {
        Policy {
            tables: compile::parse(text.as_ref(), ParseOptions::new(profile), None),
        }
    }

    /// A builder for a policy with options: the parsing cap, or one crawler only.
    ///
    /// ```
    /// use robots_runtime::{Policy, Profile};
    /// let policy = Policy::builder()
    ///     .profile(Profile::Google)
    ///     .max_bytes(Some(1 << 20))
    ///     .build("User-agent: *\nDisallow: /x\n");
    /// assert!(!policy.is_allowed("bot", "/x"));
    /// ```
    pub fn builder() -> PolicyBuilder {
        PolicyBuilder::new()
    }

    /// The profile the policy was compiled under.
    pub fn profile(&self) -> Profile {
        self.tables.profile
    }

    /// Narrow the policy to one crawler: resolve its groups once, then check many URLs.
    ///
    /// `agent` is the crawler's product token (`Googlebot`), matched as the
    /// profile matches user-agent lines (case-insensitively).
    pub fn matcher(&self, agent: impl AsRef<[u8]>) -> Matcher<'_> {
        Matcher::new(self, agent.as_ref())
    }

    /// Check one URL for `agent`: a full URL, a path with query, or empty for `/`.
    pub fn check(&self, agent: impl AsRef<[u8]>, url: impl AsRef<[u8]>) -> Verdict {
        self.matcher(agent).check(url)
    }

    /// Whether `agent` may fetch `url`.
    pub fn is_allowed(&self, agent: impl AsRef<[u8]>, url: impl AsRef<[u8]>) -> bool {
        self.check(agent, url).allowed
    }

    /// Explain the verdict for `agent` and `url`: the normalised path, the groups
    /// that applied, every matching rule (found by testing each rule on its own,
    /// independently of the search tables), and the verdict.
    ///
    /// ```
    /// use robots_runtime::{Policy, Profile};
    /// let policy = Policy::parse("User-agent: *\nDisallow: /a\nAllow: /a/b\n", Profile::Rfc9309);
    /// let e = policy.explain("bot", "/a/b/c");
    /// assert_eq!(e.candidates.len(), 2);
    /// assert_eq!(e.candidates[0].line, 3);
    /// assert!(e.verdict.allowed);
    /// ```
    pub fn explain(&self, agent: impl AsRef<[u8]>, url: impl AsRef<[u8]>) -> Explanation<'_> {
        explain::explain(&self.matcher(agent), url.as_ref())
    }

    /// The rule behind an id (from a [`Verdict`] or an explanation), or `None` if
    /// the id is not one of this policy's.
    pub fn rule(&self, id: RuleId) -> Option<Rule<'_>> {
        Rule::of(&self.tables, id.0)
    }

    /// Every rule, in file order (Google's derived `index.htm` rules after their line).
    pub fn rules(&self) -> impl Iterator<Item = Rule<'_>> + '_ {
        let t = &self.tables;
        (0..t.rules.len()).filter_map(move |i| Rule::of(t, index(i)))
    }

    /// How many rules the policy has (derived ones included).
    pub fn rule_count(&self) -> usize {
        self.tables.rules.len()
    }

    /// The group behind an id, or `None` if the id is not one of this policy's.
    pub fn group(&self, id: GroupId) -> Option<GroupInfo<'_>> {
        GroupInfo::of(&self.tables, id.0)
    }

    /// Every group, in file order.
    pub fn groups(&self) -> impl Iterator<Item = GroupInfo<'_>> + '_ {
        let t = &self.tables;
        (0..t.groups.len()).filter_map(move |g| GroupInfo::of(t, index(g)))
    }

    /// How many groups the policy has.
    pub fn group_count(&self) -> usize {
        self.tables.groups.len()
    }

    /// Every extension record (crawl-delay, sitemap, …) with its line and typed
    /// value: the group-scoped ones first (in group order), then the file-wide ones.
    pub fn records(&self) -> impl Iterator<Item = Record<'_>> + '_ {
        records::all(&self.tables)
    }

    /// Every `Sitemap` value, in file order, as written (valid or not: see
    /// [`Policy::records`] for which parsed).
    ///
    /// ```
    /// use robots_runtime::{Policy, Profile};
    /// let p = Policy::parse("Sitemap: https://a/1.xml\nUser-agent: *\nSitemap: https://a/2.xml\n", Profile::Rfc9309);
    /// let all: Vec<String> = p.sitemaps().map(|s| s.to_string()).collect();
    /// assert_eq!(all, ["https://a/1.xml", "https://a/2.xml"]);
    /// ```
    pub fn sitemaps(&self) -> impl Iterator<Item = &BStr> + '_ {
        records::file_values(&self.tables, crate::parse::Directive::Sitemap, false)
    }

    /// The first valid `Host` value.
    pub fn host(&self) -> Option<&BStr> {
        records::file_values(&self.tables, crate::parse::Directive::Host, true).next()
    }

    /// Every valid `Clean-param` value, in file order, as written.
    pub fn clean_params(&self) -> impl Iterator<Item = &BStr> + '_ {
        records::file_values(&self.tables, crate::parse::Directive::CleanParam, true)
    }

    /// Where the parsing cap cut the file, if it did: rules past it were ignored.
    ///
    /// ```
    /// use robots_runtime::Policy;
    /// let policy = Policy::builder().max_bytes(Some(20)).build("User-agent: *\nDisallow: /a\nDisallow: /b\n");
    /// let cut = policy.truncation().unwrap();
    /// assert_eq!(cut.first_ignored_line, 2);
    /// ```
    pub fn truncation(&self) -> Option<Truncation> {
        self.tables.truncation.map(|t| Truncation {
            max_bytes: usize::try_from(t.max_bytes).unwrap_or(usize::MAX),
            input_len: usize::try_from(t.input_len).unwrap_or(usize::MAX),
            first_ignored_line: t.first_ignored_line,
        })
    }
}

/// The tables as the derived `Debug` of the old flat struct printed them (field
/// for field, in the same order), so that dumps taken before and after a change
/// to the compiler can be compared.
impl fmt::Debug for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.tables;
        f.debug_struct("Policy")
            .field("profile", &t.profile)
            .field("text", &t.text)
            .field("agents", &t.agents)
            .field("any_set", &t.any_set)
            .field("sets", &t.sets)
            .field("set_roots", &t.set_roots)
            .field("set_groups", &t.set_groups)
            .field("nodes", &t.nodes)
            .field("edge_bytes", &t.edge_bytes)
            .field("edge_targets", &t.edge_targets)
            .field("wild_rules", &t.wild_rules)
            .field("walk_nodes", &t.walk_nodes)
            .field("wide_edges", &t.wide_edges)
            .field("best_prefix", &t.best_prefix)
            .field("best_exact", &t.best_exact)
            .field("root_wild", &t.root_wild)
            .field("slot_words", &t.slot_words)
            .field("slot_starts", &t.slot_starts)
            .field("wild_candidates", &t.wild_candidates)
            .field("rules", &t.rules)
            .field("segments", &t.segments)
            .field("groups", &t.groups)
            .field("group_agents", &t.group_agents)
            .field("extensions", &t.extensions)
            .finish()
    }
}

/// A group number of the tables as a public id ([`NONE`]: a file-wide record).
pub(crate) fn group_id(g: u32) -> Option<GroupId> {
    (g != NONE).then_some(GroupId(g))
}

impl Document<'_> {
    /// Compile the parsed document for every crawler: the policy
    /// [`Policy::builder`] would build from the same text and options.
    pub fn compile(&self) -> Policy {
        Policy {
            tables: compile::compile(self, None),
        }
    }

    /// Compile only the rules of the parsed document that apply to `agent`.
    pub fn compile_for_agent(&self, agent: impl AsRef<[u8]>) -> AgentPolicy {
        let agent = agent.as_ref();
        let tables = compile::compile(self, Some(agent));
        AgentPolicy::new(Policy { tables }, agent)
    }
}
