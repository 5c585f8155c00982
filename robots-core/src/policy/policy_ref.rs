//! [`PolicyRef`]: the read API of every policy, written once.
//!
//! A [`Policy`] holds a `PolicyRef<'static>` over its own storage and derefs
//! to it; a `PolicyRef<'a>` read in place from bytes borrows them; an
//! [`AgentPolicy`](crate::AgentPolicy) hands out its policy's
//! ([`AgentPolicy::policy`](crate::AgentPolicy::policy)). So `check`,
//! `matcher`, `explain`, `rules`, … exist once, on this type.

use crate::error::Error;
use crate::ids::{index, GroupId, RuleId, SetId};
use crate::parse::{Directive, Truncation};
use crate::policy::explain::{self, Explanation};
use crate::policy::records::{self, Record};
use crate::policy::storage::Storage;
use crate::policy::{chain, GroupInfo, Matcher, Policy, Rule};
use crate::profile::Profile;
use crate::search::automata::Automata;
use crate::search::verdict::Verdict;
use crate::search::view::View;
use crate::tables::encode::{decode, encode, AgentPart};
use crate::tables::view::Tables;
use alloc::boxed::Box;
use alloc::vec::Vec;
use bstr::{BStr, BString};
use core::fmt;

/// Where a [`PolicyRef`]'s tables are.
#[derive(Clone)]
pub(crate) enum Source<'a> {
    /// A [`Policy`]'s own: compiled in, or in a buffer it owns (cloned by copy).
    Stored(Storage),
    /// Read in place from bytes the caller holds (boxed, so that a [`Policy`],
    /// which never uses this variant, stays two words and its automata).
    Borrowed(Box<Loaded<'a>>),
}

/// The view of a byte form read in place.
#[derive(Clone)]
pub(crate) struct Loaded<'a> {
    tables: Tables<'a>,
    agent: Option<AgentPart<'a>>,
}

/// A policy's tables and the read API over them: every method that answers a
/// question about a policy ([`check`](Self::check), [`matcher`](Self::matcher),
/// [`explain`](Self::explain), [`rules`](Self::rules), …) is defined here, once.
///
/// You meet it in three ways:
/// - as the read side of every [`Policy`], which derefs to a
///   `PolicyRef<'static>` over its own tables (`policy.check(…)` is this
///   type's [`check`](Self::check));
/// - as the read side of an [`AgentPolicy`](crate::AgentPolicy) (through its
///   [`policy`](crate::AgentPolicy::policy); its own `check(url)`,
///   `matcher()`, `explain(url)` take no agent);
/// - read in place from a policy's byte form with [`PolicyRef::from_bytes`],
///   without copying its tables: from a memory map, a key-value store's buffer,
///   a slice of a larger file.
///
/// So a function that only reads a policy takes `&PolicyRef<'_>`, and both
/// `&policy` and `&loaded` can be passed to it.
///
/// A `PolicyRef` read from bytes answers exactly as the [`Policy`] that wrote
/// them, through the same search routine. The automata of wildcard-heavy rule
/// sets are not part of the bytes: a `PolicyRef` builds them (on the heap) on
/// the first check that needs them, and keeps them. So clone a `PolicyRef`
/// before checking, or share one by reference, rather than loading the bytes
/// again per check.
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
///
/// // One function for every kind of policy.
/// fn blocks_root(policy: &PolicyRef<'_>) -> bool {
///     !policy.is_allowed("FooBot", "/foo")
/// }
/// let owned = Policy::from_bytes(bytes.clone()).unwrap();
/// assert!(blocks_root(&policy) && blocks_root(&owned));
/// ```
#[derive(Clone)]
pub struct PolicyRef<'a> {
    pub(crate) source: Source<'a>,
    /// The automata of the wildcard rules filed under anchors, built when a check
    /// first needs them (they cannot be `static` data, nor part of the byte form).
    pub(crate) automata: Automata,
}

impl<'a> PolicyRef<'a> {
    /// The read side of a policy's own storage.
    pub(crate) const fn stored(storage: Storage) -> PolicyRef<'static> {
        PolicyRef {
            source: Source::Stored(storage),
            automata: Automata::new(),
        }
    }

    /// Read a policy's byte form ([`Policy::to_bytes`],
    /// [`AgentPolicy::to_bytes`](crate::AgentPolicy::to_bytes)) in place. Every
    /// byte is checked first (the header, the checksum, then every index and
    /// span of every table), in time linear in the length, so untrusted bytes
    /// are safe: they give an error, never a panic or a wrong read.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidLayout`](crate::ErrorKind::InvalidLayout) for bytes
    /// that are not a policy this build reads, saying what is wrong.
    pub fn from_bytes(bytes: &'a [u8]) -> Result<PolicyRef<'a>, Error> {
        let (tables, agent) = decode(bytes, true)?;
        tables.validate()?;
        if let Some(agent) = agent {
            let sets = tables.sets().len();
            if SetId(agent.set)
                .some()
                .is_some_and(|set| set.as_usize() >= sets)
            {
                return Err(crate::tables::validate::LayoutError::header(alloc::format!(
                    "the crawler's rule set {} is out of range ({sets})",
                    agent.set
                ))
                .into());
            }
        }
        Ok(PolicyRef {
            source: Source::Borrowed(Box::new(Loaded { tables, agent })),
            automata: Automata::new(),
        })
    }

    /// The tables.
    #[inline]
    pub(crate) fn tables(&self) -> &Tables<'_> {
        match &self.source {
            Source::Stored(storage) => storage.tables(),
            Source::Borrowed(loaded) => &loaded.tables,
        }
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

    /// The byte form a policy keeps, if it keeps one.
    pub(crate) fn buffer(&self) -> Option<&[u8]> {
        match &self.source {
            Source::Stored(storage) => storage.buffer(),
            Source::Borrowed(_) => None,
        }
    }

    /// The heap bytes of the policy's own storage and of its automata.
    pub(crate) fn heap_bytes(&self) -> usize {
        let storage = match &self.source {
            Source::Stored(storage) => storage.heap_bytes(),
            Source::Borrowed(_) => size_of::<Loaded<'_>>(),
        };
        storage + self.automata.heap_bytes()
    }

    /// For the byte form of an [`AgentPolicy`](crate::AgentPolicy): the
    /// crawler it was compiled for (`None` for every other policy).
    pub fn agent(&self) -> Option<&'a BStr> {
        match &self.source {
            Source::Borrowed(loaded) => loaded.agent.map(|a| BStr::new(a.name)),
            Source::Stored(_) => None,
        }
    }

    /// The rule set of the crawler of a one-crawler policy ([`SetId::NONE`] otherwise).
    pub(crate) fn agent_set(&self) -> SetId {
        match &self.source {
            Source::Borrowed(loaded) => loaded.agent.map_or(SetId::NONE, |a| SetId(a.set)),
            Source::Stored(_) => SetId::NONE,
        }
    }

    /// Copy the policy into an owned [`Policy`] (one buffer, no re-check).
    pub fn to_owned_policy(&self) -> Policy {
        Policy::of_storage(Storage::of_buffer(encode(self.tables(), None)))
    }

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

    /// The matcher of a fallback chain whose crawler may ignore `*`: as
    /// [`matcher_chain`](Self::matcher_chain) when `obeys_wildcard`; else the
    /// groups of the first token some group names, or no group at all when
    /// none is named (every URL allowed, [`Reason::NoGroup`](crate::Reason::NoGroup)).
    /// With the `lint` feature, `registry::AgentChain` gives both arguments
    /// for a known crawler.
    ///
    /// ```
    /// use robots_runtime::{Policy, Profile, Reason};
    /// let policy = Policy::parse("User-agent: *\nDisallow: /\n", Profile::Google);
    /// // A crawler documented to ignore `*` (Google's AdsBot): no group applies.
    /// let ads = policy.matcher_obeying(["AdsBot-Google"], false);
    /// assert_eq!(ads.check("/x").reason, Reason::NoGroup);
    /// assert!(ads.is_allowed("/x"));
    /// assert!(!policy.matcher_obeying(["AdsBot-Google"], true).is_allowed("/x"));
    /// ```
    pub fn matcher_obeying<I>(&self, tokens: I, obeys_wildcard: bool) -> Matcher<'_>
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        chain::matcher_obeying(self.tables(), self.automata(), tokens, obeys_wildcard)
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

    /// Check one URL for `agent`.
    ///
    /// `url` is read as Google's library reads it, under every profile: a
    /// leading `scheme://` (or `//`) is dropped, then **everything before the
    /// first `/`, `?` or `;` is the host**, and the path runs from there to
    /// the first `#` (`/` when there is none). So:
    ///
    /// - `"https://example.com/private/x"` and `"example.com/private/x"` are
    ///   host and path: both check `/private/x`;
    /// - `"/private/x"` is a path: it checks `/private/x`;
    /// - `"private/x"` is *also* host and path: it checks `/x`, with
    ///   `private` taken for a host; a bare `"private"` checks `/`.
    ///
    /// So give a full URL, or a path that starts with `/`; to pass a path as
    /// it is, use [`Matcher::check_path`] (an empty `url` checks `/`).
    ///
    /// ```
    /// use robots_runtime::{Policy, Profile};
    /// let policy = Policy::parse("User-agent: *\nDisallow: /private\n", Profile::Rfc9309);
    /// // Host and path: the path is `/private/x`.
    /// assert!(!policy.check("bot", "example.com/private/x").allowed);
    /// assert!(!policy.check("bot", "https://example.com/private/x").allowed);
    /// assert!(!policy.check("bot", "/private/x").allowed);
    /// // No leading `/`: `private` is read as a host, and the path is `/x`.
    /// assert!(policy.check("bot", "private/x").allowed);
    /// assert!(!policy.matcher("bot").check_path("/private/x").allowed);
    /// ```
    pub fn check(&self, agent: impl AsRef<[u8]>, url: impl AsRef<[u8]>) -> Verdict {
        self.matcher(agent).check(url)
    }

    /// Whether `agent` may fetch `url` (read as [`check`](Self::check) reads it).
    pub fn is_allowed(&self, agent: impl AsRef<[u8]>, url: impl AsRef<[u8]>) -> bool {
        self.check(agent, url).allowed
    }

    /// Explain the verdict for `agent` and `url` (read as [`check`](Self::check)
    /// reads it): the normalised path, which groups applied and why, every
    /// matching rule (found by testing each rule on its own, independently of
    /// the search tables), how the best one won, and the verdict.
    ///
    /// ```
    /// use robots_runtime::{Policy, Profile};
    /// use robots_runtime::explain::{SelectionBasis, TieBreak};
    /// let policy = Policy::parse("User-agent: *\nDisallow: /a\nAllow: /a/b\n", Profile::Rfc9309);
    /// let e = policy.explain("bot", "/a/b/c");
    /// assert_eq!(e.selection.basis, SelectionBasis::Wildcard);
    /// assert_eq!(e.candidates.len(), 2);
    /// assert_eq!(e.candidates[0].line, 3);
    /// assert_eq!(e.tie_break, TieBreak::LongestMatch);
    /// assert!(e.verdict.allowed);
    /// ```
    pub fn explain(&self, agent: impl AsRef<[u8]>, url: impl AsRef<[u8]>) -> Explanation<'_> {
        let agent = agent.as_ref();
        self.matcher(agent).explain(agent, url)
    }

    /// [`explain`](Self::explain) for a fallback chain
    /// ([`matcher_chain`](Self::matcher_chain)): the explanation's
    /// [`selection`](Explanation::selection) says which token was chosen.
    ///
    /// ```
    /// use robots_runtime::{Policy, Profile};
    /// let policy = Policy::parse("User-agent: Googlebot\nDisallow: /\n", Profile::Google);
    /// let e = policy.explain_chain(["Googlebot-Image", "Googlebot"], "/x");
    /// let chain = e.selection.chain.as_ref().unwrap();
    /// assert_eq!(chain.chosen, Some(1));
    /// assert_eq!(e.agent, "Googlebot");
    /// assert!(!e.verdict.allowed);
    /// ```
    pub fn explain_chain<I>(&self, tokens: I, url: impl AsRef<[u8]>) -> Explanation<'_>
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        self.explain_obeying(tokens, true, url)
    }

    /// [`explain_chain`](Self::explain_chain) for a crawler that may ignore
    /// `*` ([`matcher_obeying`](Self::matcher_obeying)): when it does and no
    /// group names a token of the chain, no group applies.
    ///
    /// ```
    /// use robots_runtime::explain::SelectionBasis;
    /// use robots_runtime::{Policy, Profile, Reason};
    /// let policy = Policy::parse("User-agent: *\nDisallow: /\n", Profile::Google);
    /// let e = policy.explain_obeying(["AdsBot-Google"], false, "/x");
    /// assert_eq!((e.verdict.allowed, e.verdict.reason), (true, Reason::NoGroup));
    /// assert_eq!(e.selection.basis, SelectionBasis::NoGroup);
    /// assert!(e.groups.is_empty());
    /// ```
    pub fn explain_obeying<I>(
        &self,
        tokens: I,
        obeys_wildcard: bool,
        url: impl AsRef<[u8]>,
    ) -> Explanation<'_>
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        let tokens: Vec<BString> = tokens
            .into_iter()
            .map(|t| BString::from(t.as_ref()))
            .collect();
        let chosen = self.chain_choice(&tokens);
        let agent = chosen
            .or((!tokens.is_empty()).then_some(0))
            .and_then(|i| tokens.get(i))
            .map_or(&b""[..], |t| t.as_slice());
        let matcher = self.matcher_obeying(&tokens, obeys_wildcard);
        let chain = explain::ChainChoice::new(tokens.clone(), chosen);
        explain::explain(&matcher, agent, Some(chain), url.as_ref())
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
        GroupInfo::of(self.tables(), id)
    }

    /// Every group, in file order.
    pub fn groups(&self) -> impl Iterator<Item = GroupInfo<'_>> + '_ {
        let t = self.tables();
        (0..t.groups().len()).filter_map(move |g| GroupInfo::of(t, GroupId(index(g))))
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

    /// Every valid `License` URL (RSL 1.0), in file order, as written.
    ///
    /// ```
    /// use robots_runtime::{Policy, Profile};
    /// let p = Policy::parse("License: https://a.example/license.xml\nLicense: /relative.xml\n", Profile::Rfc9309);
    /// let all: Vec<String> = p.licenses().map(|u| u.to_string()).collect();
    /// assert_eq!(all, ["https://a.example/license.xml"]);
    /// ```
    pub fn licenses(&self) -> impl Iterator<Item = &BStr> + '_ {
        records::file_values(self.tables(), Directive::License, true)
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

    /// The summary [`Debug`](fmt::Debug) prints: `name { profile, groups,
    /// rules, bytes }`, then `extra` fields.
    pub(crate) fn summary<'f, 'b>(
        &self,
        f: &'f mut fmt::Formatter<'b>,
        name: &str,
    ) -> fmt::DebugStruct<'f, 'b> {
        let t = self.tables();
        let mut out = f.debug_struct(name);
        out.field("profile", &t.profile)
            .field("groups", &t.groups().len())
            .field("rules", &t.rules().len())
            .field("bytes", &t.region().len());
        out
    }
}

/// A summary, not the tables (they can run to megabytes): the profile, how
/// many groups and rules, the size of the tables in bytes, and the crawler of
/// a one-crawler byte form.
///
/// ```
/// use robots_runtime::{Policy, PolicyRef, Profile};
/// let bytes = Policy::parse("User-agent: *\nDisallow: /a\n", Profile::Rfc9309).to_bytes();
/// let policy = PolicyRef::from_bytes(&bytes).unwrap();
/// let shown = format!("{policy:?}");
/// assert!(shown.starts_with("PolicyRef { profile: Rfc9309, groups: 1, rules: 1, bytes: "), "{shown}");
/// assert!(shown.ends_with(", agent: None }"), "{shown}");
/// ```
impl fmt::Debug for PolicyRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.summary(f, "PolicyRef")
            .field("agent", &self.agent())
            .finish()
    }
}
