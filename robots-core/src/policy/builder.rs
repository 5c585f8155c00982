//! [`PolicyBuilder`]: a policy with options.

use crate::compile;
use crate::document::ParseOptions;
use crate::policy::{
    compact_or_policy, first_verdict, AgentPolicy, CompactOrPolicy, DeferredPolicy, Policy,
};
use crate::profile::Profile;
use crate::search::verdict::Verdict;

/// Options for building a [`Policy`] or an [`AgentPolicy`].
///
/// ```
/// use robots_runtime::{Policy, Profile};
/// let text = "User-agent: *\nDisallow: /private\n";
/// // The defaults: rfc9309, with its 500 KiB cap.
/// let all = Policy::builder().build(text);
/// assert_eq!(all.profile(), Profile::Rfc9309);
/// // One crawler, Google's reading, no cap.
/// let mine = Policy::builder().profile(Profile::Google).max_bytes(None).build_for_agent(text, "MyBot");
/// assert!(!mine.is_allowed("/private/x"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PolicyBuilder {
    options: ParseOptions,
}

impl Default for PolicyBuilder {
    fn default() -> Self {
        PolicyBuilder::new()
    }
}

impl PolicyBuilder {
    /// The defaults: the `rfc9309` profile with its default cap.
    pub fn new() -> PolicyBuilder {
        PolicyBuilder {
            options: ParseOptions::default(),
        }
    }

    /// The semantics to read the file under. It also resets the parsing cap to the
    /// profile's default (500 KiB; none for `google`, as Google's library has none),
    /// so call [`PolicyBuilder::max_bytes`] after it.
    #[must_use]
    pub fn profile(mut self, profile: Profile) -> PolicyBuilder {
        self.options = ParseOptions::new(profile);
        self
    }

    /// The parsing cap: bytes past it are ignored, and the policy says where it cut
    /// ([`PolicyRef::truncation`](crate::PolicyRef::truncation)). `None` reads up to
    /// [`MAX_INPUT_BYTES`](crate::document::MAX_INPUT_BYTES).
    #[must_use]
    pub fn max_bytes(mut self, max_bytes: Option<usize>) -> PolicyBuilder {
        self.options = self.options.max_bytes(max_bytes);
        self
    }

    /// The parse options the builder holds.
    pub fn options(&self) -> ParseOptions {
        self.options
    }

    /// Parse and compile `text` for every crawler.
    pub fn build(&self, text: impl AsRef<[u8]>) -> Policy {
        Policy::from_compiled(compile::parse(text.as_ref(), self.options, None))
    }

    /// Read `text` for every crawler now and build its tables on first need:
    /// the policy [`build`](Self::build) gives, verdict for verdict, at the
    /// cost of the read until a check (or any method that reads the tables)
    /// needs them (see [`DeferredPolicy`]).
    ///
    /// ```
    /// use robots_runtime::{Policy, Profile};
    /// let text = "User-agent: *\nDisallow: /private\n";
    /// let deferred = Policy::builder().profile(Profile::Google).build_deferred(text);
    /// assert!(!deferred.is_built());
    /// assert!(!deferred.is_allowed("bot", "/private"));
    /// assert!(deferred.is_built());
    /// ```
    pub fn build_deferred(&self, text: impl AsRef<[u8]>) -> DeferredPolicy {
        DeferredPolicy::new(compile::gather(text.as_ref(), self.options))
    }

    /// Parse `text` and compile only the rules that apply to `agent`, in one pass.
    pub fn build_for_agent(&self, text: impl AsRef<[u8]>, agent: impl AsRef<[u8]>) -> AgentPolicy {
        let agent = agent.as_ref();
        let compiled = compile::parse(text.as_ref(), self.options, Some(agent));
        AgentPolicy::new(Policy::from_compiled(compiled), agent)
    }

    /// `text`'s rules for `agent` as [`CompactRules`](crate::CompactRules)
    /// read straight from the one-pass reading, with the crawler's pace: what
    /// [`build_for_agent`](Self::build_for_agent) then
    /// [`CompactRules::of`](crate::CompactRules::of) give, byte for byte,
    /// without building the search tables. When compact rules decline the
    /// crawler's rules, the policy `build_for_agent` gives, of the same reading.
    ///
    /// ```
    /// use robots_runtime::{CompactOrPolicy, CompactRules, Policy};
    /// let text = "User-agent: *\nCrawl-delay: 2\nDisallow: /private\n";
    /// let builder = Policy::builder();
    /// let CompactOrPolicy::Compact { rules, crawl_delay, .. } = builder.build_compact_for_agent(text, "MyBot") else {
    ///     unreachable!("one rule")
    /// };
    /// assert!(!rules.is_allowed("/private/x"));
    /// assert_eq!(crawl_delay, Some(core::time::Duration::from_secs(2)));
    /// let tables = builder.build_for_agent(text, "MyBot");
    /// assert_eq!(Some(rules), CompactRules::of(&tables.matcher()));
    /// ```
    pub fn build_compact_for_agent(
        &self,
        text: impl AsRef<[u8]>,
        agent: impl AsRef<[u8]>,
    ) -> CompactOrPolicy {
        compact_or_policy::build(self.options, text.as_ref(), agent.as_ref())
    }

    /// The verdict for `url` of `agent` under `text`, in one call: what
    /// [`build_for_agent`](Self::build_for_agent)`(text, agent).`[`check`](AgentPolicy::check)`(url)`
    /// answers, the rule number included, at a fraction of the cost. It reads
    /// the file for the crawler in one pass and tests its rules one by one,
    /// without building the search tables a policy keeps (a file with many
    /// wildcard rules gets them built anyway, so the time stays linear in the
    /// input). For a crawler that fetches a robots.txt and checks one URL of
    /// it, as Google's `OneAgentAllowedByRobots` does; to check several URLs
    /// of a file, build its [`AgentPolicy`] once instead.
    ///
    /// ```
    /// use robots_runtime::{Policy, Profile};
    /// let text = "User-agent: *\nDisallow: /\n\nUser-agent: FooBot\nDisallow: /foo\nAllow: /foo/pub\n";
    /// let builder = Policy::builder().profile(Profile::Google);
    /// let verdict = builder.check_for_agent(text, "FooBot", "https://example.com/foo/x");
    /// assert!(!verdict.allowed);
    /// assert!(builder.check_for_agent(text, "FooBot", "/foo/pub/y").allowed);
    /// assert!(!builder.check_for_agent(text, "OtherBot", "/bar").allowed);
    /// // The very verdict of the one-crawler policy, rule number and all.
    /// let foo = builder.build_for_agent(text, "FooBot");
    /// assert_eq!(verdict, foo.check("https://example.com/foo/x"));
    /// ```
    pub fn check_for_agent(
        &self,
        text: impl AsRef<[u8]>,
        agent: impl AsRef<[u8]>,
        url: impl AsRef<[u8]>,
    ) -> Verdict {
        first_verdict::check_for_agent(self.options, text.as_ref(), agent.as_ref(), url.as_ref())
    }
}
