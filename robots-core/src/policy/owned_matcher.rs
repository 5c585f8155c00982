//! [`OwnedMatcher`]: a shared policy and one crawler's matcher, in one value
//! with no lifetime.

use crate::policy::{Matcher, Policy};
use crate::search::Selected;
use alloc::sync::Arc;
use core::fmt;

/// A [`Matcher`] that owns its policy (shared through an [`Arc`]): the crawler
/// is resolved once, when it is made, and the value has no lifetime, so it can
/// be stored in a struct, sent to another thread, or handed to a binding
/// (Python, JavaScript) whose objects cannot borrow.
///
/// [`matcher`](Self::matcher) lends the [`Matcher`] for checks: it is put
/// together from the policy's tables and the crawler's resolved groups, with
/// no lookup of the crawler and no allocation. Many owned matchers (one per
/// crawler) can share one policy.
///
/// ```
/// use std::sync::Arc;
/// use robots_runtime::{OwnedMatcher, Policy, Profile};
///
/// let policy = Arc::new(Policy::parse(
///     "User-agent: FooBot\nDisallow: /foo\n\nUser-agent: *\nDisallow: /\n",
///     Profile::Google,
/// ));
/// let foo = OwnedMatcher::new(Arc::clone(&policy), "FooBot");
/// let image = OwnedMatcher::chain(policy, ["FooBot-Image", "FooBot"]);
/// // Both outlive the `policy` binding, and can go to another thread.
/// let answers = std::thread::spawn(move || {
///     (foo.matcher().is_allowed("/bar"), image.matcher().is_allowed("/foo/x"))
/// });
/// assert_eq!(answers.join().unwrap(), (true, false));
/// ```
#[derive(Clone)]
pub struct OwnedMatcher {
    policy: Arc<Policy>,
    /// The crawler's groups, resolved in `policy`.
    selected: Selected,
}

impl OwnedMatcher {
    /// The matcher of `agent` in `policy` ([`PolicyRef::matcher`](crate::PolicyRef::matcher)).
    pub fn new(policy: Arc<Policy>, agent: impl AsRef<[u8]>) -> OwnedMatcher {
        let selected = policy.matcher(agent).selected;
        OwnedMatcher { policy, selected }
    }

    /// The matcher of a crawler that answers to several tokens, most specific
    /// first ([`PolicyRef::matcher_chain`](crate::PolicyRef::matcher_chain)).
    pub fn chain<I>(policy: Arc<Policy>, tokens: I) -> OwnedMatcher
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        OwnedMatcher::chain_obeying(policy, tokens, true)
    }

    /// The matcher of a crawler that answers to several tokens, most specific
    /// first, and obeys the `*` groups only if `obeys_wildcard`
    /// ([`PolicyRef::matcher_obeying`](crate::PolicyRef::matcher_obeying)).
    pub fn chain_obeying<I>(policy: Arc<Policy>, tokens: I, obeys_wildcard: bool) -> OwnedMatcher
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        let selected = policy.matcher_obeying(tokens, obeys_wildcard).selected;
        OwnedMatcher { policy, selected }
    }

    /// The matcher, borrowing the policy this value holds.
    #[inline]
    pub fn matcher(&self) -> Matcher<'_> {
        Matcher {
            tables: self.policy.tables(),
            automata: self.policy.automata(),
            selected: self.selected,
        }
    }

    /// The policy.
    pub fn policy(&self) -> &Arc<Policy> {
        &self.policy
    }
}

/// As the [`Matcher`]'s: the profile, and how many groups and rules apply.
impl fmt::Debug for OwnedMatcher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.matcher(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::OwnedMatcher;
    use crate::{Matcher, Policy, Profile};
    use alloc::format;
    use alloc::sync::Arc;

    const ROBOTS: &str = "User-agent: *\nDisallow: /\nCrawl-delay: 4\n\n\
                          User-agent: Googlebot\nDisallow: /g/\nAllow: /g/ok$\n\n\
                          User-agent: FooBot\nUser-agent: BarBot\nDisallow: /f/*.pdf\n";

    /// An owned matcher answers, for every profile, crawler and path, as the
    /// borrowed matcher of the same crawler (and a chain as `matcher_chain`).
    fn assert_same_checks(
        owned: &OwnedMatcher,
        borrowed: &Matcher<'_>,
        paths: &[&str],
        what: &str,
    ) {
        for path in paths {
            assert_eq!(
                owned.matcher().check(path),
                borrowed.check(path),
                "{what} {path}"
            );
        }
    }

    #[test]
    fn an_owned_matcher_answers_as_the_borrowed_one() {
        let paths = ["/", "/g/x", "/g/ok", "/f/a.pdf", "/f/a.html", "/robots.txt"];
        for profile in Profile::ALL {
            let policy = Arc::new(Policy::parse(ROBOTS, profile));
            for agent in ["Googlebot", "foobot", "BarBot/1.0", "Other", ""] {
                let owned = OwnedMatcher::new(Arc::clone(&policy), agent);
                let borrowed = policy.matcher(agent);
                assert_same_checks(&owned, &borrowed, &paths, &format!("{profile} {agent}"));
                assert_eq!(owned.matcher().crawl_delay(), borrowed.crawl_delay());
                assert_eq!(format!("{owned:?}"), format!("{borrowed:?}"));
            }
            for chain in [
                &["Googlebot-Image", "Googlebot"][..],
                &["X", "FooBot"],
                &["X"],
            ] {
                let owned = OwnedMatcher::chain(Arc::clone(&policy), chain);
                let borrowed = policy.matcher_chain(chain);
                assert_same_checks(&owned, &borrowed, &paths, &format!("{profile} {chain:?}"));
            }
            assert!(Arc::ptr_eq(
                OwnedMatcher::new(Arc::clone(&policy), "a").policy(),
                &policy
            ));
        }
    }
}
