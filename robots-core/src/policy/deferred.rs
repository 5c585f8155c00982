//! [`DeferredPolicy`]: a robots.txt read now, its search tables built on
//! first need.
//!
//! Building the tables (rule sets, tries, the search tables derived from
//! them) costs about twice what reading the file does. A program that parses
//! many files and checks only some of them (a page that shows a file's
//! sitemaps, a crawler that fetches a robots.txt per host and may never crawl
//! the host) pays for the read alone until a check needs the tables.

use crate::compile::{self, Gathered};
use crate::parse::{Directive, Truncation};
use crate::policy::records::file_values_in;
use crate::policy::Policy;
use crate::profile::Profile;
use alloc::boxed::Box;
use bstr::BStr;
use core::fmt;
use core::ops::Deref;
use once_cell::race::OnceBox;

/// A robots.txt read under a profile, whose tables are built the first time
/// something needs them: the same [`Policy`] [`PolicyBuilder::build`](crate::PolicyBuilder::build)
/// gives, verdict for verdict, at first a fraction of its cost.
///
/// Build one with [`PolicyBuilder::build_deferred`](crate::PolicyBuilder::build_deferred).
/// It derefs to the [`Policy`], building it on the first call of any of its
/// methods ([`check`](crate::PolicyRef::check), [`matcher`](crate::PolicyRef::matcher),
/// [`explain`](crate::PolicyRef::explain), [`rules`](crate::PolicyRef::rules), …);
/// its own [`profile`](Self::profile), [`sitemaps`](Self::sitemaps) and
/// [`truncation`](Self::truncation) answer from what was read, without building.
/// [`into_policy`](Self::into_policy) hands the policy over by value.
///
/// It is `Send + Sync`. Building is lock-free: threads that race to build the
/// tables each build them from their own copy of what was read, and one
/// result is kept. What was read is kept beside the built policy (it answers
/// the methods above), so a long-lived policy that has been checked is better
/// kept as its [`into_policy`](Self::into_policy).
///
/// ```
/// use robots_runtime::{Policy, Profile};
/// let text = "Sitemap: https://example.com/map.xml\nUser-agent: *\nDisallow: /private\n";
/// let deferred = Policy::builder().profile(Profile::Google).build_deferred(text);
/// // Read without building.
/// assert_eq!(deferred.sitemaps().next().unwrap(), "https://example.com/map.xml");
/// assert!(!deferred.is_built());
/// // The first check builds the tables; the verdicts are the built policy's.
/// assert!(!deferred.is_allowed("bot", "/private/x"));
/// assert!(deferred.is_built());
/// let built = Policy::parse(text, Profile::Google);
/// assert_eq!(deferred.check("bot", "/private/x"), built.check("bot", "/private/x"));
/// let policy: Policy = deferred.into_policy();
/// assert!(policy.is_allowed("bot", "/public"));
/// ```
pub struct DeferredPolicy {
    /// What the read gathered: the rule, group and record tables and the
    /// crawler selection, before rule sets and tries.
    read: Gathered,
    /// The policy, once built.
    built: OnceBox<Policy>,
}

impl DeferredPolicy {
    /// The policy of what `read` gathered (for every crawler), unbuilt.
    pub(crate) fn new(read: Gathered) -> DeferredPolicy {
        if read.rules_only || read.kept.is_some() {
            deferred_one_crawler();
        }
        DeferredPolicy {
            read,
            built: OnceBox::new(),
        }
    }

    /// The policy, built now if it was not yet.
    pub fn policy(&self) -> &Policy {
        self.built
            .get_or_init(|| Box::new(Policy::from_compiled(compile::build(self.read.clone()))))
    }

    /// Whether the tables have been built.
    pub fn is_built(&self) -> bool {
        self.built.get().is_some()
    }

    /// The policy by value: built now from what was read (without the copy
    /// [`policy`](Self::policy) builds from), or a copy of the one built already.
    pub fn into_policy(self) -> Policy {
        match self.built.get() {
            Some(policy) => policy.clone(),
            None => Policy::from_compiled(compile::build(self.read)),
        }
    }

    /// The profile the file was read under.
    pub fn profile(&self) -> Profile {
        self.read.profile
    }

    /// Every `Sitemap` value, in file order, as written: what
    /// [`PolicyRef::sitemaps`](crate::PolicyRef::sitemaps) gives, without building.
    pub fn sitemaps(&self) -> impl Iterator<Item = &BStr> + '_ {
        let b = &self.read.builder;
        file_values_in(&b.extensions, &b.text.0, Directive::Sitemap, false)
    }

    /// Where the parsing cap cut the file, if it did: what
    /// [`PolicyRef::truncation`](crate::PolicyRef::truncation) gives, without building.
    pub fn truncation(&self) -> Option<Truncation> {
        self.read.truncation.clone()
    }
}

/// A one-crawler gathering lacks the names a policy for every crawler
/// resolves: a caller's bug, never a policy to answer with.
#[cold]
#[inline(never)]
fn deferred_one_crawler() -> ! {
    panic!("bug: a deferred policy of a one-crawler gathering")
}

/// The built policy: its methods build it on first call (see [`DeferredPolicy`]).
impl Deref for DeferredPolicy {
    type Target = Policy;

    #[inline]
    fn deref(&self) -> &Policy {
        self.policy()
    }
}

/// A summary: the profile and whether the tables are built (the built
/// policy's summary once they are).
///
/// ```
/// use robots_runtime::Policy;
/// let deferred = Policy::builder().build_deferred("User-agent: *\nDisallow: /a\n");
/// assert_eq!(format!("{deferred:?}"), "DeferredPolicy { profile: Rfc9309, built: false }");
/// ```
impl fmt::Debug for DeferredPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.built.get() {
            Some(policy) => policy.summary(f, "DeferredPolicy").finish(),
            None => f
                .debug_struct("DeferredPolicy")
                .field("profile", &self.read.profile)
                .field("built", &false)
                .finish(),
        }
    }
}
