//! The public face of a compiled policy: [`Policy`], [`PolicyRef`],
//! [`AgentPolicy`], [`Matcher`], [`CompactRules`], and the views they hand out ([`Rule`],
//! [`GroupInfo`], [`records::Record`], [`explain::Explanation`]).
//!
//! Every method here is a short call into a pipeline stage: [`compile`]
//! builds the tables, [`group`](crate::group) resolves a crawler, and
//! [`search`](crate::search) checks a path.

mod agent_policy;
mod builder;
mod chain;
mod compact;
mod compact_or_policy;
#[cfg(all(test, feature = "std"))]
mod corpus_cases;
mod deferred;
pub mod explain;
mod first_verdict;
pub mod inspect;
mod matcher;
#[cfg(target_has_atomic = "ptr")]
mod owned_matcher;
mod policy_ref;
pub mod records;
mod rule;
mod signals;
pub(crate) mod storage;

pub use agent_policy::AgentPolicy;
pub use builder::PolicyBuilder;
pub use compact::CompactRules;
pub use compact_or_policy::CompactOrPolicy;
pub use deferred::DeferredPolicy;
pub use matcher::Matcher;
#[cfg(target_has_atomic = "ptr")]
pub use owned_matcher::OwnedMatcher;
pub use policy_ref::PolicyRef;
pub use rule::{GroupInfo, Rule};

use crate::compile;
use crate::document::{Document, ParseOptions};
use crate::error::Error;
use crate::profile::Profile;
use crate::tables::encode::{encode, seal};
use crate::tables::view::Tables;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Deref;
use storage::Storage;

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
/// # The read API
/// A `Policy` derefs to [`PolicyRef`], which holds every method that reads a
/// policy ([`check`](PolicyRef::check), [`is_allowed`](PolicyRef::is_allowed),
/// [`matcher`](PolicyRef::matcher), [`explain`](PolicyRef::explain),
/// [`rules`](PolicyRef::rules), …): they are written and documented once,
/// there, for owned policies, policies read in place from bytes, and
/// one-crawler policies alike. `policy.check(…)` calls them directly; a
/// function that only reads a policy can take `&PolicyRef<'_>` and be handed
/// `&policy`. This type adds what only an owned policy does: building,
/// [`to_bytes`](Policy::to_bytes), [`from_bytes`](Policy::from_bytes) and
/// [`heap_bytes`](Policy::heap_bytes).
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
    /// The read API, over the policy's own storage.
    read: PolicyRef<'static>,
}

impl Policy {
    /// Parse `text` under `profile` (with the profile's default parsing cap) and
    /// compile it. Any bytes are accepted: what is not a rule is ignored, as
    /// crawlers ignore it (the lint catalogue, `robots-lint`, says what was).
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
        Policy::of_storage(Storage::of_compiled(compiled))
    }

    /// The policy over `storage`.
    pub(crate) const fn of_storage(storage: Storage) -> Policy {
        Policy {
            read: PolicyRef::stored(storage),
        }
    }

    /// The policy over `static` tables (compiled in).
    pub(crate) const fn of_static(tables: &'static Tables<'static>) -> Policy {
        Policy::of_storage(Storage::Static(tables))
    }

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
        let mut bytes = match self.read.buffer() {
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
        Ok(Policy::of_storage(Storage::of_buffer(bytes)))
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
        self.read.heap_bytes()
    }
}

/// The read API: [`PolicyRef`]'s methods are `Policy`'s (see [the read API](Policy#the-read-api)).
impl Deref for Policy {
    type Target = PolicyRef<'static>;

    #[inline]
    fn deref(&self) -> &PolicyRef<'static> {
        &self.read
    }
}

impl AsRef<PolicyRef<'static>> for Policy {
    fn as_ref(&self) -> &PolicyRef<'static> {
        &self.read
    }
}

/// A summary, not the tables (they can run to megabytes): the profile, how
/// many groups and rules, and the size of the tables in bytes.
///
/// ```
/// use robots_runtime::{Policy, Profile};
/// let policy = Policy::parse("User-agent: *\nDisallow: /a\nAllow: /a/b\n", Profile::Google);
/// let shown = format!("{policy:?}");
/// assert!(shown.starts_with("Policy { profile: Google, groups: 1, rules: 2, bytes: "), "{shown}");
/// assert!(shown.len() < 80, "{shown}");
/// ```
impl fmt::Debug for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.read.summary(f, "Policy").finish()
    }
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
