//! [`Matcher`]: a policy narrowed to one crawler.

use crate::group::select::resolve;
use crate::ids::{GroupId, SetId};
use crate::policy::records::{self, Record};
use crate::records::{RequestRate, TimeWindow};
use crate::search::automata::Automata;
use crate::search::url::path_from_url;
use crate::search::verdict::Verdict;
use crate::search::view::View;
use crate::search::Selected;
use crate::tables::layout::U32;
use crate::tables::view::Tables;
use bstr::BStr;
use core::fmt;
use core::time::Duration;

/// A policy narrowed to one crawler: resolve the agent once, check many URLs.
///
/// It is `Copy`, `Send` and `Sync`, and borrows the policy's tables (and the
/// automata its wildcard rules need, which the policy builds on first use).
///
/// ```
/// use robots_runtime::{Policy, Profile};
/// let policy = Policy::parse("User-agent: FooBot\nDisallow: /\n", Profile::Google);
/// let foo = policy.matcher("foobot");
/// assert!(!foo.is_allowed("/x"));
/// assert!(policy.matcher("BarBot").is_allowed("/x"));
/// ```
#[derive(Clone, Copy)]
pub struct Matcher<'p> {
    pub(crate) tables: &'p Tables<'p>,
    pub(crate) automata: &'p Automata,
    pub(crate) selected: Selected,
}

impl<'p> Matcher<'p> {
    /// The matcher of `agent` in `tables` (whose automata are `automata`).
    pub(crate) fn new(tables: &'p Tables<'p>, automata: &'p Automata, agent: &[u8]) -> Matcher<'p> {
        let set = resolve(tables, agent);
        Matcher {
            tables,
            automata,
            selected: Selected::of(tables, set),
        }
    }

    /// The search over the policy.
    #[inline]
    fn view(&self) -> View<'p> {
        View::new(self.tables, self.automata)
    }

    /// The matcher of rule set `set` in `tables` (a fallback chain's choice).
    pub(crate) fn of_set(
        tables: &'p Tables<'p>,
        automata: &'p Automata,
        set: SetId,
    ) -> Matcher<'p> {
        Matcher {
            tables,
            automata,
            selected: Selected::of(tables, set),
        }
    }

    /// Whether any group applies to this crawler (one names it, or a `*` group exists).
    pub fn has_group(&self) -> bool {
        self.selected.set.as_usize() < self.tables.sets().len()
    }

    /// Check a URL, read as [`PolicyRef::check`](crate::PolicyRef::check)
    /// reads it: a full URL, or a path that starts with `/` (`"private/x"` is
    /// host `private` and path `/x`); the fragment is dropped, and an empty
    /// `url` checks `/`.
    ///
    /// ```
    /// use robots_runtime::{Policy, Profile};
    /// let policy = Policy::parse("User-agent: *\nDisallow: /private\n", Profile::Rfc9309);
    /// let bot = policy.matcher("bot");
    /// assert!(!bot.check("example.com/private/x").allowed); // host and path
    /// assert!(!bot.check("/private/x").allowed); // a path
    /// assert!(bot.check("private/x").allowed); // host `private`, path `/x`
    /// assert!(!bot.check_path("/private/x").allowed);
    /// ```
    pub fn check(&self, url: impl AsRef<[u8]>) -> Verdict {
        let path = path_from_url(url.as_ref());
        self.selected.check_path(self.view(), &path)
    }

    /// Check a path that is already `/path?query` (no scheme, host or
    /// fragment), as it is: nothing before its first `/` is taken for a host.
    #[inline]
    pub fn check_path(&self, path: impl AsRef<[u8]>) -> Verdict {
        self.selected.check_path(self.view(), path.as_ref())
    }

    /// Check a path that is already `/path?query` and already in the form the
    /// profile compares: nothing is `%`-decoded (`rfc9309`, `draft-1996`).
    ///
    /// A path without a `%` is its own compared form under every profile, so a
    /// caller that has just scanned the path and seen no `%` (as `robots
    /// check` does for each URL line) checks it this way, without the second
    /// look for escapes that [`Matcher::check_path`] makes. Given a `%`, this
    /// compares it as written: `/a%2Fb` as the three bytes `%2F`, not as `/`.
    ///
    /// ```
    /// use robots_runtime::{Policy, Profile};
    /// let policy = Policy::parse("User-agent: *\nDisallow: /a/b\n", Profile::Rfc9309);
    /// let bot = policy.matcher("bot");
    /// assert!(!bot.check_normalized_path("/a/b/c").allowed);
    /// assert!(!bot.check_path("/a%2Fb").allowed); // decoded: `/a/b`
    /// assert!(bot.check_normalized_path("/a%2Fb").allowed); // as written
    /// ```
    #[inline]
    pub fn check_normalized_path(&self, path: impl AsRef<[u8]>) -> Verdict {
        self.selected
            .check_normalized_path(self.view(), path.as_ref())
    }

    /// Whether the crawler may fetch `url`.
    pub fn is_allowed(&self, url: impl AsRef<[u8]>) -> bool {
        self.check(url).allowed
    }

    /// Check many paths (each `/path?query`, as [`Matcher::check_path`] takes them),
    /// handing `each` every path's index in `paths` and its verdict, in order.
    ///
    /// The verdicts are those of [`Matcher::check_path`], path by path. It is up to
    /// a fifth faster per path for policies without wildcard rules near the root
    /// (it walks several paths in lockstep, so their table reads overlap), and the
    /// same as one call per path otherwise. Nothing is allocated unless the
    /// profile normalises a path (as `check_path` does).
    ///
    /// ```
    /// use robots_runtime::{Policy, Profile};
    /// let policy = Policy::parse("User-agent: *\nDisallow: /private\n", Profile::Google);
    /// let matcher = policy.matcher("ExampleBot");
    /// let paths = ["/", "/private/x", "/public"];
    /// let mut allowed = [false; 3];
    /// matcher.check_paths(&paths, |i, verdict| allowed[i] = verdict.allowed);
    /// assert_eq!(allowed, [true, false, true]);
    /// ```
    pub fn check_paths<P: AsRef<[u8]>>(&self, paths: &[P], each: impl FnMut(usize, Verdict)) {
        self.selected.check_paths(self.view(), paths, each);
    }

    /// The groups that apply to this crawler, in file order.
    pub fn groups(&self) -> impl ExactSizeIterator<Item = GroupId> + 'p {
        self.group_numbers().iter().map(|g| GroupId(g.get()))
    }

    /// The group numbers that apply, as the tables hold them.
    pub(crate) fn group_numbers(&self) -> &'p [U32] {
        let t = self.tables;
        match t.sets().get(self.selected.set.as_usize()) {
            Some(set) => set.groups.of(t.set_groups()),
            None => &[],
        }
    }

    /// The extension records of the groups that apply to this crawler, in file order.
    pub fn records(&self) -> impl Iterator<Item = Record<'p>> + 'p {
        records::of_groups(self.tables, self.group_numbers())
    }

    /// The first valid `Crawl-delay` of the groups that apply.
    ///
    /// ```
    /// use core::time::Duration;
    /// use robots_runtime::{Policy, Profile};
    /// let p = Policy::parse("User-agent: slowbot\nCrawl-delay: 2.5\nDisallow:\n", Profile::Rfc9309);
    /// assert_eq!(p.matcher("SlowBot").crawl_delay(), Some(Duration::from_millis(2500)));
    /// assert_eq!(p.matcher("other").crawl_delay(), None);
    /// ```
    pub fn crawl_delay(&self) -> Option<Duration> {
        self.records().find_map(|r| r.crawl_delay())
    }

    /// The first valid `Request-rate` of the groups that apply.
    pub fn request_rate(&self) -> Option<RequestRate> {
        self.records().find_map(|r| r.request_rate())
    }

    /// The first valid `Visit-time` of the groups that apply.
    pub fn visit_time(&self) -> Option<TimeWindow> {
        self.records().find_map(|r| r.visit_time())
    }

    /// Every `Comment` value of the groups that apply.
    pub fn comments(&self) -> impl Iterator<Item = &'p BStr> + 'p {
        self.records()
            .filter(|r| r.directive == crate::parse::Directive::Comment)
            .map(|r| r.value)
    }
}

/// A summary: the profile, and how many groups apply to the crawler and how
/// many rules they hold (not the policy's tables).
///
/// ```
/// use robots_runtime::{Policy, Profile};
/// let policy = Policy::parse("User-agent: a\nDisallow: /x\n\nUser-agent: *\nDisallow: /\nAllow: /y\n", Profile::Rfc9309);
/// assert_eq!(format!("{:?}", policy.matcher("b")), "Matcher { profile: Rfc9309, groups: 1, rules: 2 }");
/// ```
impl fmt::Debug for Matcher<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = self.tables;
        let rules: usize = self
            .group_numbers()
            .iter()
            .filter_map(|g| t.groups().get(g.get() as usize))
            .map(|g| g.rules.len.get() as usize)
            .sum();
        f.debug_struct("Matcher")
            .field("profile", &t.profile)
            .field("groups", &self.group_numbers().len())
            .field("rules", &rules)
            .finish()
    }
}
