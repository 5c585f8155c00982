//! The public face of a compiled policy: [`Policy`], [`PolicyRef`],
//! [`AgentPolicy`], [`Matcher`], and the views they hand out ([`Rule`],
//! [`GroupInfo`], [`records::Record`], [`explain::Explanation`]).
//!
//! Every method here is a short call into a pipeline stage: [`compile`]
//! builds the tables, [`group`](crate::group) resolves a crawler, and
//! [`search`](crate::search) checks a path.

mod agent_policy;
mod builder;
mod chain;
pub mod explain;
mod matcher;
pub mod records;
mod rule;
mod signals;
pub(crate) mod storage;

pub use agent_policy::AgentPolicy;
pub use builder::PolicyBuilder;
pub use matcher::Matcher;
pub use rule::{GroupInfo, Rule};

use crate::compile;
use crate::document::{Document, ParseOptions};
use crate::error::Error;
use crate::ids::{GroupId, RuleId};
use crate::parse::{Directive, Truncation};
use crate::profile::Profile;
use crate::search::anchors::Automata;
use crate::search::verdict::Verdict;
use crate::search::walk::View;
use crate::tables::encode::{decode, encode, seal, AgentPart};
use crate::tables::layout::{index, Tables, NONE};
use alloc::vec::Vec;
use bstr::BStr;
use core::fmt;
use explain::Explanation;
use records::Record;
use storage::Storage;

/// The methods [`Policy`] and [`PolicyRef`] share, written once for both.
macro_rules! policy_api {
    () => {
        /// The profile the policy was compiled under.
        pub fn profile(&self) -> Profile {
            self.tables().profile
        }

        /// Narrow the policy to one crawler: resolve its groups once, then check many URLs.
        ///
        /// `agent` is the crawler's product token (`Googlebot`), matched as the
        /// profile matches user-agent lines (case-insensitively).
        pub fn matcher(&self, agent: impl AsRef<[u8]>) -> Matcher<'_> {
            Matcher::new(self.tables(), self.automata(), agent.as_ref())
        }

        /// The matcher of a crawler that answers to several tokens, most
        /// specific first (a fallback chain): the first token that some group
        /// names wins, else the `*` groups apply. A chain of one token is
        /// [`matcher`](Self::matcher) of it, under every profile.
        ///
        /// ```
        /// use robots_runtime::{Policy, Profile};
        /// let robots = "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /private/\n";
        /// let policy = Policy::parse(robots, Profile::Google);
        /// let image = policy.matcher_chain(["Googlebot-Image", "Googlebot"]);
        /// // No group names Googlebot-Image: it obeys the Googlebot group, not `*`.
        /// assert!(image.is_allowed("/photos/cat.jpg"));
        /// assert!(!image.is_allowed("/private/cat.jpg"));
        /// // Alone, Googlebot-Image gets the `*` group.
        /// assert!(!policy.matcher("Googlebot-Image").is_allowed("/photos/cat.jpg"));
        /// ```
        pub fn matcher_chain<I>(&self, tokens: I) -> Matcher<'_>
        where
            I: IntoIterator,
            I::Item: AsRef<[u8]>,
        {
            chain::matcher_chain(self.tables(), self.automata(), tokens)
        }

        /// The position in `tokens` of the token of a fallback chain whose
        /// groups apply (the first that some group names), or `None` when no
        /// token is named (then the `*` groups apply).
        ///
        /// ```
        /// use robots_runtime::{Policy, Profile};
        /// let policy = Policy::parse("User-agent: Googlebot\nDisallow: /\n", Profile::Google);
        /// assert_eq!(policy.chain_choice(["Googlebot-Image", "Googlebot"]), Some(1));
        /// assert_eq!(policy.chain_choice(["GPTBot"]), None);
        /// ```
        pub fn chain_choice<I>(&self, tokens: I) -> Option<usize>
        where
            I: IntoIterator,
            I::Item: AsRef<[u8]>,
        {
            chain::chain_choice(self.tables(), tokens)
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
            Rule::of(self.tables(), id.0)
        }

        /// Every rule, in file order (Google's derived `index.htm` rules after their line).
        pub fn rules(&self) -> impl Iterator<Item = Rule<'_>> + '_ {
            let t = self.tables();
            (0..t.rules().len()).filter_map(move |i| Rule::of(t, index(i)))
        }

        /// How many rules the policy has (derived ones included).
        pub fn rule_count(&self) -> usize {
            self.tables().rules().len()
        }

        /// The group behind an id, or `None` if the id is not one of this policy's.
        pub fn group(&self, id: GroupId) -> Option<GroupInfo<'_>> {
            GroupInfo::of(self.tables(), id.0)
        }

        /// Every group, in file order.
        pub fn groups(&self) -> impl Iterator<Item = GroupInfo<'_>> + '_ {
            let t = self.tables();
            (0..t.groups().len()).filter_map(move |g| GroupInfo::of(t, index(g)))
        }

        /// How many groups the policy has.
        pub fn group_count(&self) -> usize {
            self.tables().groups().len()
        }

        /// Every extension record (crawl-delay, sitemap, …) with its line and typed
        /// value: the group-scoped ones first (in group order), then the file-wide ones.
        pub fn records(&self) -> impl Iterator<Item = Record<'_>> + '_ {
            records::all(self.tables())
        }

        /// Every `Sitemap` value, in file order, as written (valid or not: see
        /// the `records` method for which parsed).
        ///
        /// ```
        /// use robots_runtime::{Policy, Profile};
        /// let p = Policy::parse("Sitemap: https://a/1.xml\nUser-agent: *\nSitemap: https://a/2.xml\n", Profile::Rfc9309);
        /// let all: Vec<String> = p.sitemaps().map(|s| s.to_string()).collect();
        /// assert_eq!(all, ["https://a/1.xml", "https://a/2.xml"]);
        /// ```
        pub fn sitemaps(&self) -> impl Iterator<Item = &BStr> + '_ {
            records::file_values(self.tables(), Directive::Sitemap, false)
        }

        /// The first valid `Host` value.
        pub fn host(&self) -> Option<&BStr> {
            records::file_values(self.tables(), Directive::Host, true).next()
        }

        /// Every valid `LLM-Policy` URL, in file order, as written.
        pub fn llm_policies(&self) -> impl Iterator<Item = &BStr> + '_ {
            records::file_values(self.tables(), Directive::LlmPolicy, true)
        }

        /// Every valid `Clean-param` value, in file order, as written.
        pub fn clean_params(&self) -> impl Iterator<Item = &BStr> + '_ {
            records::file_values(self.tables(), Directive::CleanParam, true)
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
            self.tables().truncations().first().map(|t| Truncation {
                max_bytes: usize::try_from(t.max_bytes.get()).unwrap_or(usize::MAX),
                input_len: usize::try_from(t.input_len.get()).unwrap_or(usize::MAX),
                first_ignored_line: t.first_ignored_line.get(),
            })
        }
    };
}

/// A compiled robots.txt policy, for every crawler the file names.
///
/// Build one with [`Policy::parse`], or [`Policy::builder`] for options (the
/// parsing cap, a one-crawler [`AgentPolicy`]); load one from its byte form
/// with [`Policy::from_bytes`] (or read the bytes in place with
/// [`PolicyRef::from_bytes`]); or compile one in with the `robots!` macro.
/// Checks never parse and never allocate (except to percent-decode a path that
/// has `%` escapes under `rfc9309` and `draft1996`, and to build, once, the
/// automaton of a root with many wildcard rules on the first check that needs
/// it). A policy is `Send + Sync`: share it between threads by reference or `Arc`.
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
    pub(crate) storage: Storage,
    /// The automata of the wildcard rules filed under anchors, built when a check
    /// first needs them (they cannot be `static` data, nor part of the byte form).
    pub(crate) automata: Automata,
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
        Policy::from_compiled(compile::parse(
            text.as_ref(),
            ParseOptions::new(profile),
            None,
        ))
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

    /// The policy of freshly compiled tables.
    pub(crate) fn from_compiled(compiled: compile::Compiled) -> Policy {
        Policy {
            storage: Storage::of_compiled(compiled),
            automata: Automata::new(),
        }
    }

    /// The tables.
    #[inline]
    pub(crate) fn tables(&self) -> &Tables<'_> {
        self.storage.tables()
    }

    /// The automata of its anchors.
    #[inline]
    pub(crate) fn automata(&self) -> &Automata {
        &self.automata
    }

    /// The search over the policy.
    #[inline]
    pub(crate) fn view(&self) -> View<'_> {
        View::new(self.tables(), &self.automata)
    }

    policy_api!();

    /// The policy in its byte form: versioned, little-endian, checksummed, read
    /// back in place by [`PolicyRef::from_bytes`] or into an owned policy by
    /// [`Policy::from_bytes`]. Loading is much faster than parsing the text.
    ///
    /// ```
    /// use robots_runtime::{Policy, PolicyRef, Profile};
    /// let policy = Policy::parse("User-agent: *\nDisallow: /private\n", Profile::Google);
    /// let bytes = policy.to_bytes();
    /// let loaded = PolicyRef::from_bytes(&bytes).unwrap();
    /// assert_eq!(loaded.check("bot", "/private/x"), policy.check("bot", "/private/x"));
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = match self.storage.buffer() {
            Some(buffer) => buffer.to_vec(),
            None => encode(self.tables(), None),
        };
        seal(&mut bytes);
        bytes
    }

    /// Whether `bytes` start as a policy's byte form does (its magic bytes), so
    /// a tool can tell a compiled policy from a robots.txt. It checks nothing
    /// else: [`Policy::from_bytes`] and [`PolicyRef::from_bytes`] do.
    ///
    /// ```
    /// use robots_runtime::{Policy, Profile};
    /// let text = "User-agent: *\nDisallow: /private\n";
    /// assert!(Policy::is_byte_form(&Policy::parse(text, Profile::Rfc9309).to_bytes()));
    /// assert!(!Policy::is_byte_form(text.as_bytes()));
    /// ```
    pub fn is_byte_form(bytes: &[u8]) -> bool {
        bytes.starts_with(&crate::tables::encode::MAGIC)
    }

    /// Load a policy from its byte form ([`Policy::to_bytes`]), keeping the
    /// buffer as its own: every byte is checked first (the checksum, then every
    /// table), in time linear in the length, so untrusted bytes are safe.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidLayout`](crate::ErrorKind::InvalidLayout) for bytes
    /// that are not a policy this build reads, saying what is wrong.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Policy, Error> {
        PolicyRef::from_bytes(&bytes)?;
        Ok(Policy {
            storage: Storage::of_buffer(bytes),
            automata: Automata::new(),
        })
    }

    /// The heap bytes the policy holds: its buffer and the one allocation beside
    /// it (0 for a compiled-in policy), and the automata of its wildcard rules
    /// once a check has built them. What a cache should weigh it by.
    ///
    /// ```
    /// use robots_runtime::{Policy, Profile};
    /// let text = "User-agent: *\nDisallow: /private\n";
    /// let policy = Policy::parse(text, Profile::Rfc9309);
    /// assert!(policy.heap_bytes() > text.len());
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.storage.heap_bytes() + self.automata.heap_bytes()
    }
}

/// A policy read in place from its byte form, without copying its tables:
/// from a memory map, a key-value store's buffer, a slice of a larger file.
/// It answers exactly as the [`Policy`] that wrote the bytes, through the same
/// search routine. The automata of wildcard-heavy rule sets are not part of the
/// bytes: a `PolicyRef` builds them (on the heap) on the first check that needs
/// them, and keeps them. So clone a `PolicyRef` before checking, or share one
/// by reference, rather than loading the bytes again per check.
///
/// ```
/// use robots_runtime::{Policy, PolicyRef, Profile};
/// let bytes = Policy::parse("User-agent: FooBot\nDisallow: /foo\n", Profile::Rfc9309).to_bytes();
/// let policy = PolicyRef::from_bytes(&bytes).unwrap();
/// assert!(!policy.is_allowed("FooBot", "/foo/bar"));
/// assert!(policy.is_allowed("OtherBot", "/foo/bar"));
/// // Any damage is found: never a wrong answer, never a panic.
/// let mut broken = bytes.clone();
/// broken[100] ^= 1;
/// assert!(PolicyRef::from_bytes(&broken).is_err());
/// ```
#[derive(Clone)]
pub struct PolicyRef<'a> {
    tables: Tables<'a>,
    agent: Option<AgentPart<'a>>,
    automata: Automata,
}

impl<'a> PolicyRef<'a> {
    /// Read a policy's byte form ([`Policy::to_bytes`], [`AgentPolicy::to_bytes`])
    /// in place. Every byte is checked first (the header, the checksum, then
    /// every index and span of every table), in time linear in the length, so
    /// untrusted bytes are safe: they give an error, never a panic or a wrong
    /// read.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidLayout`](crate::ErrorKind::InvalidLayout) for bytes
    /// that are not a policy this build reads, saying what is wrong.
    pub fn from_bytes(bytes: &'a [u8]) -> Result<PolicyRef<'a>, Error> {
        let (tables, agent) = decode(bytes, true)?;
        tables.validate()?;
        if let Some(agent) = agent {
            let sets = tables.sets().len();
            if agent.set != NONE && agent.set as usize >= sets {
                return Err(crate::tables::validate::LayoutError::header(alloc::format!(
                    "the crawler's rule set {} is out of range ({sets})",
                    agent.set
                ))
                .into());
            }
        }
        Ok(PolicyRef {
            tables,
            agent,
            automata: Automata::new(),
        })
    }

    /// The tables.
    #[inline]
    pub(crate) fn tables(&self) -> &Tables<'a> {
        &self.tables
    }

    /// The automata of its anchors.
    #[inline]
    pub(crate) fn automata(&self) -> &Automata {
        &self.automata
    }

    policy_api!();

    /// For the byte form of an [`AgentPolicy`]: the crawler it was compiled for.
    pub fn agent(&self) -> Option<&'a BStr> {
        self.agent.map(|a| BStr::new(a.name))
    }

    /// The rule set of the crawler of a one-crawler policy (`NONE` otherwise).
    pub(crate) fn agent_set(&self) -> u32 {
        self.agent.map_or(NONE, |a| a.set)
    }

    /// Copy the policy into an owned [`Policy`] (one buffer, no re-check).
    pub fn to_owned_policy(&self) -> Policy {
        Policy {
            storage: Storage::of_buffer(encode(&self.tables, None)),
            automata: Automata::new(),
        }
    }
}

impl fmt::Debug for PolicyRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PolicyRef")
            .field("tables", &self.tables)
            .field("agent", &self.agent())
            .finish()
    }
}

/// The tables, table by table.
impl fmt::Debug for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Policy")
            .field("tables", self.tables())
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
        Policy::from_compiled(compile::compile(self, None))
    }

    /// Compile only the rules of the parsed document that apply to `agent`.
    pub fn compile_for_agent(&self, agent: impl AsRef<[u8]>) -> AgentPolicy {
        let agent = agent.as_ref();
        let policy = Policy::from_compiled(compile::compile(self, Some(agent)));
        AgentPolicy::new(policy, agent)
    }
}
