//! [`AgentPolicy`]: a policy compiled for one crawler only.

use crate::error::Error;
use crate::policy::explain::{self, Explanation};
use crate::policy::storage::Storage;
use crate::policy::{CompactRules, Matcher, Policy, PolicyRef};
use crate::records::{RequestRate, TimeWindow};
use crate::search::verdict::Verdict;
use crate::search::Selected;
use crate::tables::encode::{encode, seal, AgentPart};
use alloc::borrow::Cow;
use alloc::vec::Vec;
use bstr::BStr;
use core::fmt;
use core::time::Duration;

/// A policy compiled for one crawler: only the rules that apply to it are kept,
/// so it is the smallest and fastest policy, and its checks take no agent.
///
/// Build one with [`PolicyBuilder::build_for_agent`](crate::PolicyBuilder::build_for_agent),
/// or compile one in with `robots!(…, agent = "MyBot")`.
///
/// It answers the questions a [`Matcher`] answers, with the same names and
/// arguments: [`check`](Self::check), [`check_path`](Self::check_path),
/// [`is_allowed`](Self::is_allowed), [`check_paths`](Self::check_paths),
/// [`has_group`](Self::has_group), the crawler's records
/// ([`crawl_delay`](Self::crawl_delay), …), and [`explain`](Self::explain)
/// (a matcher's takes the name to explain for; this one knows it). Anything
/// else a matcher answers is its [`matcher`](Self::matcher)'s. Questions about
/// the whole policy ([`rule`](PolicyRef::rule),
/// [`rule_count`](PolicyRef::rule_count), [`sitemaps`](PolicyRef::sitemaps),
/// [`profile`](PolicyRef::profile), …) are asked of its
/// [`policy`](Self::policy): there is no `Deref`, so no method of the policy
/// (whose `check` takes an agent) hides behind one of these.
///
/// ```
/// use robots_runtime::{Policy, Profile};
/// let text = "User-agent: *\nDisallow: /\n\nUser-agent: FooBot\nDisallow: /foo\n";
/// let foo = Policy::builder().profile(Profile::Google).build_for_agent(text, "FooBot");
/// assert_eq!(foo.agent(), "FooBot");
/// assert_eq!(foo.policy().rule_count(), 1);
/// assert!(foo.is_allowed("/bar"));
/// assert!(!foo.is_allowed("https://example.com/foo"));
/// ```
#[derive(Clone)]
pub struct AgentPolicy {
    pub(crate) policy: Policy,
    pub(crate) selected: Selected,
    pub(crate) agent: Cow<'static, [u8]>,
}

impl AgentPolicy {
    /// `policy` (compiled for `agent` alone) as the agent's policy.
    pub(crate) fn new(policy: Policy, agent: &[u8]) -> AgentPolicy {
        let selected = Matcher::new(policy.tables(), policy.automata(), agent).selected;
        AgentPolicy {
            policy,
            selected,
            agent: Cow::Owned(agent.to_vec()),
        }
    }

    /// The crawler the policy was compiled for, as given.
    pub fn agent(&self) -> &BStr {
        BStr::new(&self.agent[..])
    }

    /// The policy as a [`Matcher`] (what [`PolicyRef::matcher`](crate::PolicyRef::matcher) gives for the crawler).
    pub fn matcher(&self) -> Matcher<'_> {
        Matcher {
            tables: self.policy.tables(),
            automata: self.policy.automata(),
            selected: self.selected,
        }
    }

    /// Check a URL, read as [`PolicyRef::check`] reads it (a full URL, or a
    /// path that starts with `/`; `"private/x"` is host `private` and path `/x`).
    pub fn check(&self, url: impl AsRef<[u8]>) -> Verdict {
        self.matcher().check(url)
    }

    /// Check a path that is already `/path?query` (no scheme, host or fragment).
    pub fn check_path(&self, path: impl AsRef<[u8]>) -> Verdict {
        self.selected.check_path(self.policy.view(), path.as_ref())
    }

    /// Whether the crawler may fetch `url`.
    pub fn is_allowed(&self, url: impl AsRef<[u8]>) -> bool {
        self.check(url).allowed
    }

    /// Check many paths: [`Matcher::check_paths`].
    pub fn check_paths<P: AsRef<[u8]>>(&self, paths: &[P], each: impl FnMut(usize, Verdict)) {
        self.selected.check_paths(self.policy.view(), paths, each);
    }

    /// Explain the verdict for `url` ([`PolicyRef::explain`] for the crawler).
    ///
    /// ```
    /// use robots_runtime::Policy;
    /// let text = "User-agent: FooBot\nDisallow: /foo\n";
    /// let foo = Policy::builder().build_for_agent(text, "FooBot");
    /// let e = foo.explain("/foo/x");
    /// assert_eq!((e.agent.as_slice(), e.verdict.allowed), (&b"FooBot"[..], false));
    /// assert_eq!(e, foo.matcher().explain("FooBot", "/foo/x"));
    /// ```
    pub fn explain(&self, url: impl AsRef<[u8]>) -> Explanation<'_> {
        explain::explain(&self.matcher(), &self.agent, None, url.as_ref())
    }

    /// Whether any group applies to the crawler.
    pub fn has_group(&self) -> bool {
        self.matcher().has_group()
    }

    /// The first valid `Crawl-delay` of the crawler's groups.
    pub fn crawl_delay(&self) -> Option<Duration> {
        self.matcher().crawl_delay()
    }

    /// The first valid `Request-rate` of the crawler's groups.
    pub fn request_rate(&self) -> Option<RequestRate> {
        self.matcher().request_rate()
    }

    /// The first valid `Visit-time` of the crawler's groups.
    pub fn visit_time(&self) -> Option<TimeWindow> {
        self.matcher().visit_time()
    }

    /// The underlying policy: the crawler's groups only, with their records and
    /// the file-wide records. Each group keeps the user-agent lines that select
    /// it for the crawler (those naming it, or its `*` lines when no group
    /// names it), not the names of other crawlers it lists. It answers as the crawler whatever agent it is asked about.
    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    /// The policy in its byte form, with the crawler it was compiled for (see
    /// [`Policy::to_bytes`]).
    ///
    /// ```
    /// use robots_runtime::{AgentPolicy, Policy, Profile};
    /// let mine = Policy::builder().profile(Profile::Google).build_for_agent("User-agent: *\nDisallow: /x\n", "MyBot");
    /// let loaded = AgentPolicy::from_bytes(mine.to_bytes()).unwrap();
    /// assert_eq!(loaded.agent(), "MyBot");
    /// assert!(!loaded.is_allowed("/x"));
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        let agent = AgentPart {
            name: &self.agent,
            set: self.selected.set.as_u32(),
            root: self.selected.root.as_u32(),
        };
        let mut bytes = encode(self.policy.tables(), Some(agent));
        seal(&mut bytes);
        bytes
    }

    /// Load a one-crawler policy from its byte form ([`AgentPolicy::to_bytes`]),
    /// checking every byte first (see [`Policy::from_bytes`]).
    ///
    /// # Errors
    /// [`ErrorKind::InvalidLayout`](crate::ErrorKind::InvalidLayout) for bytes
    /// that are not a one-crawler policy this build reads.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<AgentPolicy, Error> {
        let loaded = PolicyRef::from_bytes(&bytes)?;
        let Some(agent) = loaded.agent() else {
            return Err(crate::tables::validate::LayoutError::header(
                "not a one-crawler policy (no crawler in the header)".into(),
            )
            .into());
        };
        let (agent, set) = (agent.to_vec(), loaded.agent_set());
        let policy = Policy::of_storage(Storage::of_buffer(bytes));
        let selected = Selected::of(policy.tables(), set);
        Ok(AgentPolicy {
            policy,
            selected,
            agent: Cow::Owned(agent),
        })
    }

    /// The crawler's rules as [`CompactRules`] (a scan over one buffer, for
    /// a cache of many origins), or `None` when there are too many of them.
    ///
    /// ```
    /// use robots_runtime::Policy;
    /// let mine = Policy::builder().build_for_agent("User-agent: *\nDisallow: /x\n", "MyBot");
    /// let compact = mine.compact_rules().unwrap();
    /// assert_eq!(compact.check("/x/1"), mine.check("/x/1"));
    /// ```
    pub fn compact_rules(&self) -> Option<CompactRules> {
        CompactRules::of(&self.matcher())
    }

    /// The heap bytes the policy holds (see [`Policy::heap_bytes`]).
    pub fn heap_bytes(&self) -> usize {
        let name = match &self.agent {
            Cow::Owned(name) => name.capacity(),
            Cow::Borrowed(_) => 0,
        };
        self.policy.heap_bytes() + name
    }
}

/// A summary: what a [`Policy`]'s `Debug` shows, and the crawler.
///
/// ```
/// use robots_runtime::Policy;
/// let mine = Policy::builder().build_for_agent("User-agent: *\nDisallow: /x\n", "MyBot");
/// let shown = format!("{mine:?}");
/// assert!(shown.starts_with("AgentPolicy { profile: Rfc9309, groups: 1, rules: 1, bytes: "), "{shown}");
/// assert!(shown.ends_with(", agent: \"MyBot\" }"), "{shown}");
/// ```
impl fmt::Debug for AgentPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.policy
            .summary(f, "AgentPolicy")
            .field("agent", &self.agent())
            .finish()
    }
}
