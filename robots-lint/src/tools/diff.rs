//! Diffing two versions of a robots.txt: which URLs change verdict, for one
//! crawler or for every crawler of the registry. The computation only: `robots
//! diff` renders it, and the JS package and the browser page call it too.
//!
//! The URLs compared are given, or derived from both files' rules
//! ([`diff_paths`]), with paths that the profile compares as one path (`/a%3A`,
//! `/a%3a`, `/a:` under `rfc9309`) kept once ([`dedup_paths`]).

use super::probe::probe_paths;
use crate::grouping::{remembered, sort_by};
use alloc::borrow::Cow;
use alloc::collections::BTreeSet;
use alloc::vec::Vec;
use robots_core::document::Document;
use robots_core::encoding::{decode_percent, decode_percent_except_slash};
use robots_core::{GroupId, Matcher, Policy, Profile, Verdict};
use robots_registry::{Crawler, CRAWLERS};

/// One URL whose verdict changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerdictChange {
    /// The URL (or path), as given or derived.
    pub url: Vec<u8>,
    /// Its verdict under the old file.
    pub old: Verdict,
    /// Its verdict under the new file.
    pub new: Verdict,
}

impl VerdictChange {
    /// Whether the crawler gains the URL (disallowed before, allowed now).
    pub fn gained(&self) -> bool {
        self.new.allowed
    }
}

/// The path as `profile` compares it with patterns: percent-escapes decoded
/// under `rfc9309` (all) and `draft1996` (all but `%2F`), the bytes as they are
/// under `google` (up to a NUL) and `original1994`. Two paths with the same key
/// get the same verdict from every file read under `profile`.
///
/// ```
/// use robots_lint::comparison_key;
/// use robots_runtime::Profile;
/// assert_eq!(comparison_key(b"/a%3A", Profile::Rfc9309), comparison_key(b"/a:", Profile::Rfc9309));
/// assert_ne!(comparison_key(b"/a%3A", Profile::Google), comparison_key(b"/a:", Profile::Google));
/// ```
pub fn comparison_key(path: &[u8], profile: Profile) -> Cow<'_, [u8]> {
    match profile {
        Profile::Rfc9309 => decode_percent(path),
        Profile::Draft1996 => decode_percent_except_slash(path),
        Profile::Google => {
            let end = memchr::memchr(0, path).unwrap_or(path.len());
            Cow::Borrowed(path.get(..end).unwrap_or(path))
        }
        // Original1994, and profiles to come: the bytes as they are.
        _ => Cow::Borrowed(path),
    }
}

/// Keep the first of the paths that `profile` compares as one
/// ([`comparison_key`]), in order.
///
/// ```
/// use robots_lint::dedup_paths;
/// use robots_runtime::Profile;
/// let mut paths = vec![b"/w/a%3A".to_vec(), b"/w/a%3a".to_vec(), b"/w/a:".to_vec(), b"/x".to_vec()];
/// dedup_paths(&mut paths, Profile::Rfc9309);
/// assert_eq!(paths, [b"/w/a%3A".to_vec(), b"/x".to_vec()]);
/// ```
pub fn dedup_paths(paths: &mut Vec<Vec<u8>>, profile: Profile) {
    let mut seen: BTreeSet<Vec<u8>> = BTreeSet::new();
    paths.retain(|path| seen.insert(comparison_key(path, profile).into_owned()));
}

/// The paths derived from both files' rules ([`probe_paths`]), at most `limit`
/// from each file (each file's own first, so a cut cannot leave out the new
/// file's rules), sorted, each kept once under `profile`'s comparison; and
/// whether either file had more.
///
/// ```
/// use robots_runtime::document::{parse, ParseOptions};
/// use robots_lint::diff_paths;
/// use robots_runtime::Profile;
/// let old = parse(b"User-agent: *\nDisallow: /w/a%3A\n", ParseOptions::new(Profile::Rfc9309));
/// let new = parse(b"User-agent: *\nDisallow: /w/a:\n", ParseOptions::new(Profile::Rfc9309));
/// let (paths, cut) = diff_paths(&old, &new, 1000, Profile::Rfc9309);
/// assert_eq!(paths.iter().filter(|p| p.starts_with(b"/w/a")).count(), 1);
/// assert!(!cut);
/// ```
pub fn diff_paths(
    old: &Document<'_>,
    new: &Document<'_>,
    limit: usize,
    profile: Profile,
) -> (Vec<Vec<u8>>, bool) {
    let mut cut = false;
    let mut paths = Vec::new();
    for doc in [old, new] {
        let mut derived: Vec<Vec<u8>> = probe_paths(&[doc], limit.saturating_add(1))
            .into_iter()
            .map(|p| p.path)
            .collect();
        cut |= derived.len() > limit;
        derived.truncate(limit);
        paths.extend(derived);
    }
    sort_by(&mut paths, Ord::cmp);
    paths.dedup();
    dedup_paths(&mut paths, profile);
    (paths, cut)
}

/// The URLs of `urls` whose verdict differs between `old` and `new` (matchers
/// for the same crawler), in order.
///
/// ```
/// use robots_lint::verdict_changes;
/// use robots_runtime::{Policy, Profile};
/// let old = Policy::parse("User-agent: *\nDisallow: /a\n", Profile::Rfc9309);
/// let new = Policy::parse("User-agent: *\nDisallow: /b\n", Profile::Rfc9309);
/// let urls = [b"/a".to_vec(), b"/b".to_vec(), b"/c".to_vec()];
/// let changes = verdict_changes(&old.matcher("bot"), &new.matcher("bot"), &urls);
/// assert_eq!(changes.len(), 2);
/// assert!(changes[0].gained() && !changes[1].gained());
/// ```
pub fn verdict_changes(
    old: &Matcher<'_>,
    new: &Matcher<'_>,
    urls: &[Vec<u8>],
) -> Vec<VerdictChange> {
    urls.iter()
        .filter_map(|url| {
            let (before, after) = (old.check(url), new.check(url));
            (before.allowed != after.allowed).then(|| VerdictChange {
                url: url.clone(),
                old: before,
                new: after,
            })
        })
        .collect()
}

/// How one registry crawler's verdicts change over the URLs compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrawlerDiff {
    /// The crawler.
    pub crawler: &'static Crawler,
    /// URLs it may no longer fetch.
    pub lost: usize,
    /// URLs it may now fetch.
    pub gained: usize,
}

/// For every crawler of the registry ([`CRAWLERS`], followed through its
/// documented fallbacks), how many of `urls` change verdict between `old` and
/// `new`: only the crawlers with a change, in registry order. A crawler that
/// ignores `User-agent: *` and that no group names may fetch everything.
///
/// Crawlers that get the same groups from both files get the same verdicts, so
/// the URLs are checked once per distinct pair of group sets.
///
/// ```
/// use robots_lint::crawler_diffs;
/// use robots_runtime::{Policy, Profile};
/// let old = Policy::parse("User-agent: *\nDisallow:\n", Profile::Rfc9309);
/// let new = Policy::parse("User-agent: GPTBot\nDisallow: /\n", Profile::Rfc9309);
/// let diffs = crawler_diffs(&old, &new, &[b"/".to_vec(), b"/x".to_vec()]);
/// assert_eq!(diffs.len(), 1);
/// assert_eq!((diffs[0].crawler.token, diffs[0].lost), ("GPTBot", 2));
/// ```
pub fn crawler_diffs(old: &Policy, new: &Policy, urls: &[Vec<u8>]) -> Vec<CrawlerDiff> {
    type Key = (Option<Vec<GroupId>>, Option<Vec<GroupId>>);
    // At most one entry per registry crawler.
    let mut memo: Vec<(Key, (usize, usize))> = Vec::new();
    let mut out = Vec::new();
    for crawler in CRAWLERS {
        let chain: Vec<&str> = crawler.chain().collect();
        let (old_m, new_m) = (
            applicable(old, crawler, &chain),
            applicable(new, crawler, &chain),
        );
        let key = (groups_of(old_m.as_ref()), groups_of(new_m.as_ref()));
        let (lost, gained) = *remembered(&mut memo, key, || {
            let (mut lost, mut gained) = (0, 0);
            for url in urls {
                let before = old_m.as_ref().map_or(true, |m| m.check(url).allowed);
                let after = new_m.as_ref().map_or(true, |m| m.check(url).allowed);
                match (before, after) {
                    (true, false) => lost += 1,
                    (false, true) => gained += 1,
                    _ => {}
                }
            }
            (lost, gained)
        });
        if lost + gained > 0 {
            out.push(CrawlerDiff {
                crawler,
                lost,
                gained,
            });
        }
    }
    out
}

/// The crawler's matcher, or `None` when it ignores `*` and no group names it
/// or a fallback: it may then fetch everything.
fn applicable<'p>(policy: &'p Policy, crawler: &Crawler, chain: &[&str]) -> Option<Matcher<'p>> {
    if !crawler.obeys_wildcard && policy.chain_choice(chain).is_none() {
        return None;
    }
    Some(policy.matcher_chain(chain))
}

fn groups_of(matcher: Option<&Matcher<'_>>) -> Option<Vec<GroupId>> {
    matcher.map(|m| m.groups().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use robots_core::document::{parse, ParseOptions};

    /// Paths kept once stand for the ones dropped: under every profile, every
    /// derived path gets its representative's verdict, for every crawler.
    #[test]
    fn a_kept_path_has_the_verdict_of_every_path_it_stands_for() {
        let source = b"User-agent: *\nDisallow: /wiki/Special%3ASearch\nAllow: /wiki/Special%3aSearch/ok\n\
Disallow: /a%2Fb\nDisallow: /caf\xc3\xa9\nAllow: /caf%C3%A9/in\nDisallow: /%7Euser\nDisallow: /p*q%3F$\n\
User-agent: BotA\nDisallow: /wiki/Special:Search\nAllow: /a/b\n";
        for profile in Profile::ALL {
            let doc = parse(source, ParseOptions::new(profile));
            let policy = doc.compile();
            let all: Vec<Vec<u8>> = probe_paths(&[&doc], 10_000)
                .into_iter()
                .map(|p| p.path)
                .collect();
            let mut kept = all.clone();
            dedup_paths(&mut kept, profile);
            // Only the profiles that decode escapes compare two spellings as one.
            let decodes = matches!(profile, Profile::Rfc9309 | Profile::Draft1996);
            assert_eq!(kept.len() < all.len(), decodes, "{profile}: {kept:?}");
            for agent in ["BotA", "other"] {
                let bot = policy.matcher(agent);
                for path in &all {
                    let key = comparison_key(path, profile);
                    let representative = kept
                        .iter()
                        .find(|k| comparison_key(k, profile) == key)
                        .unwrap_or_else(|| panic!("{profile}: no path kept for {path:?}"));
                    assert_eq!(
                        bot.check(path).allowed,
                        bot.check(representative).allowed,
                        "{profile} {agent}: {:?} stands for {:?}",
                        String::from_utf8_lossy(representative),
                        String::from_utf8_lossy(path)
                    );
                }
            }
        }
    }
}
