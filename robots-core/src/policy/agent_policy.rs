//! [`AgentPolicy`]: a policy compiled for one crawler only.

use crate::ids::RuleId;
use crate::parse::Truncation;
use crate::policy::explain::{self, Explanation};
use crate::policy::{Matcher, Policy, Rule};
use crate::profile::Profile;
use crate::records::{RequestRate, TimeWindow};
use crate::search::url::path_from_url;
use crate::search::verdict::Verdict;
use crate::search::Selected;
use crate::tables::layout::Table;
use bstr::BStr;
use core::time::Duration;

/// A policy compiled for one crawler: only the rules that apply to it are kept,
/// so it is the smallest and fastest policy, and its checks take no agent.
///
/// Build one with [`PolicyBuilder::build_for_agent`](crate::PolicyBuilder::build_for_agent),
/// or compile one in with `robots!(…, agent = "MyBot")`.
///
/// ```
/// use robots_runtime::{Policy, Profile};
/// let text = "User-agent: *\nDisallow: /\n\nUser-agent: FooBot\nDisallow: /foo\n";
/// let foo = Policy::builder().profile(Profile::Google).build_for_agent(text, "FooBot");
/// assert_eq!(foo.agent(), "FooBot");
/// assert_eq!(foo.rule_count(), 1);
/// assert!(foo.is_allowed("/bar"));
/// assert!(!foo.is_allowed("https://example.com/foo"));
/// ```
#[derive(Clone, Debug)]
pub struct AgentPolicy {
    pub(crate) policy: Policy,
    pub(crate) selected: Selected,
    pub(crate) agent: Table<u8>,
}

impl AgentPolicy {
    /// `policy` (compiled for `agent` alone) as the agent's policy.
    pub(crate) fn new(policy: Policy, agent: &[u8]) -> AgentPolicy {
        let selected = Matcher::new(&policy, agent).selected;
        AgentPolicy {
            policy,
            selected,
            agent: Table::Owned(agent.to_vec()),
        }
    }

    /// The crawler the policy was compiled for, as given.
    pub fn agent(&self) -> &BStr {
        BStr::new(self.agent.as_slice())
    }

    /// The profile the policy was compiled under.
    pub fn profile(&self) -> Profile {
        self.policy.profile()
    }

    /// The policy as a [`Matcher`] (what [`Policy::matcher`] gives for the crawler).
    pub fn matcher(&self) -> Matcher<'_> {
        Matcher {
            policy: &self.policy,
            selected: self.selected,
        }
    }

    /// Check a URL: a full URL, a path (with query), or empty for `/`.
    pub fn check(&self, url: impl AsRef<[u8]>) -> Verdict {
        let path = path_from_url(url.as_ref());
        self.selected.check_path(&self.policy.tables, &path)
    }

    /// Check a path that is already `/path?query` (no scheme, host or fragment).
    pub fn check_path(&self, path: impl AsRef<[u8]>) -> Verdict {
        self.selected.check_path(&self.policy.tables, path.as_ref())
    }

    /// Whether the crawler may fetch `url`.
    pub fn is_allowed(&self, url: impl AsRef<[u8]>) -> bool {
        self.check(url).allowed
    }

    /// Check many paths: [`Matcher::check_paths`].
    pub fn check_paths<P: AsRef<[u8]>>(&self, paths: &[P], each: impl FnMut(usize, Verdict)) {
        self.selected.check_paths(&self.policy.tables, paths, each);
    }

    /// Explain the verdict for `url` ([`Policy::explain`]).
    pub fn explain(&self, url: impl AsRef<[u8]>) -> Explanation<'_> {
        explain::explain(&self.matcher(), url.as_ref())
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

    /// The rule behind an id, or `None` if the id is not one of this policy's.
    pub fn rule(&self, id: RuleId) -> Option<Rule<'_>> {
        self.policy.rule(id)
    }

    /// How many rules were kept for the crawler (derived ones included).
    pub fn rule_count(&self) -> usize {
        self.policy.rule_count()
    }

    /// Every `Sitemap` value of the file, in file order.
    pub fn sitemaps(&self) -> impl Iterator<Item = &BStr> + '_ {
        self.policy.sitemaps()
    }

    /// The first valid `Host` value of the file.
    pub fn host(&self) -> Option<&BStr> {
        self.policy.host()
    }

    /// Where the parsing cap cut the file, if it did.
    pub fn truncation(&self) -> Option<Truncation> {
        self.policy.truncation()
    }

    /// The underlying policy: the crawler's groups only, with their records and
    /// the file-wide records. It answers as the crawler whatever agent it is asked about.
    pub fn policy(&self) -> &Policy {
        &self.policy
    }
}
