//! Which robots.txt governs a request: one for the whole log, or one per
//! host; and for each, its versions over time.

use robots_core::Policy;
use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
use std::ops::Range;

/// One version of a host's robots.txt: the file, and when it started being
/// served (`None`: from before the log's first line).
///
/// ```
/// use robots_audit::RobotsVersion;
/// use robots_core::{Policy, Profile};
/// let policy = Policy::parse("User-agent: *\nDisallow: /\n", Profile::Rfc9309);
/// let new = RobotsVersion::new(&policy, "new.txt").since(1_795_780_800);
/// assert_eq!((new.file(), new.start()), ("new.txt", Some(1_795_780_800)));
/// ```
#[derive(Clone, Debug)]
pub struct RobotsVersion<'p> {
    policy: &'p Policy,
    file: String,
    since: Option<i64>,
}

impl<'p> RobotsVersion<'p> {
    /// A version in force from the beginning; `file` names it in reports.
    pub fn new(policy: &'p Policy, file: impl Into<String>) -> Self {
        RobotsVersion {
            policy,
            file: file.into(),
            since: None,
        }
    }

    /// The same version, served from `seconds` since the Unix epoch on.
    #[must_use]
    pub fn since(mut self, seconds: i64) -> Self {
        self.since = Some(seconds);
        self
    }

    /// The file it was read from, as reports name it.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// When it started being served (`None`: from the beginning).
    pub fn start(&self) -> Option<i64> {
        self.since
    }

    /// Its rules.
    pub fn policy(&self) -> &'p Policy {
        self.policy
    }
}

/// Two versions of one host's robots.txt given the same start: which one
/// was served then is not known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SameStart {
    host: Option<String>,
    since: Option<i64>,
}

impl fmt::Display for SameStart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let host = self
            .host
            .as_deref()
            .map_or_else(|| String::from("every host"), |h| format!("host {h}"));
        match self.since {
            Some(t) => write!(
                f,
                "two robots.txt versions of {host} start at {}",
                crate::format_time(t)
            ),
            None => write!(
                f,
                "two robots.txt versions of {host} have no start time: give each one `@TIME`"
            ),
        }
    }
}

impl std::error::Error for SameStart {}

/// The robots.txt of each host the log covers, each in one version or several.
#[derive(Default)]
pub struct Sites<'p> {
    /// For requests whose line names no host, or a host not listed.
    default: Option<SiteId>,
    /// By host, lower-cased, without a port.
    hosts: HashMap<Vec<u8>, SiteId, foldhash::fast::RandomState>,
    sites: Vec<Site<'p>>,
}

/// A site's number in [`Sites`].
pub(crate) type SiteId = usize;

/// One host's robots.txt (or the default's), its versions oldest first.
pub(crate) struct Site<'p> {
    /// The host (`None`: the default).
    pub(crate) host: Option<String>,
    /// Sorted by start; a version without a start comes first.
    pub(crate) versions: Vec<RobotsVersion<'p>>,
}

/// Which versions a crawler may have held when it sent a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Held {
    /// These versions (numbers into the site's list); the last is the one in force.
    Versions(Range<usize>),
    /// The request came before the first version's start.
    BeforeFirst,
    /// The request's line has no time, and the site has versions that differ over time.
    NoTime,
}

impl<'p> Sites<'p> {
    /// One robots.txt for every request of the log.
    pub fn single(policy: &'p Policy) -> Self {
        let mut sites = Sites::default();
        sites.default_policy(policy);
        sites
    }

    /// No robots.txt yet: add them with [`Sites::host`], [`Sites::default_policy`]
    /// or [`Sites::add`].
    pub fn new() -> Self {
        Sites::default()
    }

    /// The robots.txt of `host` (a port, if given, is ignored; case is
    /// ignored), in force from the beginning: it replaces any version given before.
    pub fn host(&mut self, host: &str, policy: &'p Policy) -> &mut Self {
        let id = self.site_id(Some(host));
        if let Some(site) = self.sites.get_mut(id) {
            site.versions = vec![RobotsVersion::new(policy, "robots.txt")];
        }
        self
    }

    /// The robots.txt for requests to no listed host, in force from the
    /// beginning: it replaces any version given before.
    pub fn default_policy(&mut self, policy: &'p Policy) -> &mut Self {
        let id = self.site_id(None);
        if let Some(site) = self.sites.get_mut(id) {
            site.versions = vec![RobotsVersion::new(policy, "robots.txt")];
        }
        self
    }

    /// Add a version of `host`'s robots.txt (`None`: the default's).
    ///
    /// ```
    /// use robots_audit::{RobotsVersion, Sites};
    /// use robots_core::{Policy, Profile};
    /// let old = Policy::parse("User-agent: *\nDisallow:\n", Profile::Rfc9309);
    /// let new = Policy::parse("User-agent: *\nDisallow: /\n", Profile::Rfc9309);
    /// let mut sites = Sites::new();
    /// sites.add(None, RobotsVersion::new(&old, "old.txt"))?;
    /// sites.add(None, RobotsVersion::new(&new, "new.txt").since(1_795_780_800))?;
    /// assert!(sites.add(None, RobotsVersion::new(&new, "again.txt")).is_err());
    /// # Ok::<(), robots_audit::SameStart>(())
    /// ```
    ///
    /// # Errors
    /// When the host already has a version with the same start (or both have none).
    pub fn add(
        &mut self,
        host: Option<&str>,
        version: RobotsVersion<'p>,
    ) -> Result<&mut Self, SameStart> {
        let id = self.site_id(host);
        let Some(site) = self.sites.get_mut(id) else {
            panic!("bug: site {id} of {} just added", self.sites.len());
        };
        match site
            .versions
            .binary_search_by_key(&version.since, |v| v.since)
        {
            Ok(_) => Err(SameStart {
                host: site.host.clone(),
                since: version.since,
            }),
            Err(at) => {
                site.versions.insert(at, version);
                Ok(self)
            }
        }
    }

    /// The site of `host`, added when new.
    fn site_id(&mut self, host: Option<&str>) -> SiteId {
        let found = match host {
            Some(host) => self.hosts.get(key(host.as_bytes()).as_ref()).copied(),
            None => self.default,
        };
        if let Some(id) = found {
            return id;
        }
        let id = self.sites.len();
        self.sites.push(Site {
            host: host.map(|h| String::from_utf8_lossy(&key(h.as_bytes())).into_owned()),
            versions: Vec::new(),
        });
        match host {
            Some(host) => {
                self.hosts.insert(key(host.as_bytes()).into_owned(), id);
            }
            None => self.default = Some(id),
        }
        id
    }

    /// How many hosts are listed.
    pub fn len(&self) -> usize {
        self.hosts.len()
    }

    /// Whether no host is listed and there is no default.
    pub fn is_empty(&self) -> bool {
        self.hosts.is_empty() && self.default.is_none()
    }

    /// Every version given: its host (`None`: the default) and the version,
    /// host by host, oldest first.
    pub fn versions(&self) -> impl Iterator<Item = (Option<&str>, &RobotsVersion<'p>)> {
        self.sites
            .iter()
            .flat_map(|s| s.versions.iter().map(move |v| (s.host.as_deref(), v)))
    }

    /// The site that governs a request to `host` (already lower-cased and
    /// without its port, as [`host_key`] gives it): its own, else the default.
    pub(crate) fn site_of(&self, host: Option<&[u8]>) -> Option<SiteId> {
        host.and_then(|h| self.hosts.get(h).copied())
            .or(self.default)
    }

    /// Site `id`, from [`Sites::site_of`].
    pub(crate) fn site(&self, id: SiteId) -> &Site<'p> {
        match self.sites.get(id) {
            Some(site) => site,
            None => panic!("bug: site {id} of {}", self.sites.len()),
        }
    }
}

impl Site<'_> {
    /// The versions a crawler may have held at `time`: the one in force, and
    /// any replaced less than `window` seconds before (RFC 9309 §2.4 lets a
    /// crawler keep a fetched robots.txt for up to 24 hours).
    pub(crate) fn held(&self, time: Option<i64>, window: i64) -> Held {
        let versions = &self.versions;
        // One version from the beginning: always that one, time or none.
        if versions.len() == 1 && versions.first().is_some_and(|v| v.since.is_none()) {
            return Held::Versions(0..1);
        }
        let Some(time) = time else {
            return Held::NoTime;
        };
        let in_force = versions.partition_point(|v| v.since.map_or(true, |s| s <= time));
        let Some(in_force) = in_force.checked_sub(1) else {
            return Held::BeforeFirst;
        };
        let mut first = in_force;
        // Version `first - 1` was replaced when version `first` started.
        while let Some(replaced) = versions.get(first).and_then(|v| v.since) {
            if first == 0 || time.saturating_sub(replaced) >= window {
                break;
            }
            first -= 1;
        }
        Held::Versions(first..in_force + 1)
    }
}

/// `Example.COM:8080` → `example.com` (borrowed when already lower-case): how
/// hosts are looked up.
pub(crate) fn host_key(host: &[u8]) -> Cow<'_, [u8]> {
    key(host)
}

fn key(host: &[u8]) -> Cow<'_, [u8]> {
    let host = match memchr::memrchr(b':', host) {
        Some(colon) if !host.ends_with(b"]") => host.get(..colon).unwrap_or(host),
        _ => host,
    };
    if host.iter().any(u8::is_ascii_uppercase) {
        Cow::Owned(host.to_ascii_lowercase())
    } else {
        Cow::Borrowed(host)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use robots_core::Profile;

    #[test]
    fn held_versions_around_changes_and_the_window() {
        let policy = Policy::parse("User-agent: *\nDisallow:\n", Profile::Rfc9309);
        let mut sites = Sites::new();
        sites
            .add(
                Some("a.example"),
                RobotsVersion::new(&policy, "1").since(100),
            )
            .unwrap();
        sites
            .add(
                Some("A.example:443"),
                RobotsVersion::new(&policy, "3").since(300),
            )
            .unwrap();
        sites
            .add(
                Some("a.example"),
                RobotsVersion::new(&policy, "2").since(200),
            )
            .unwrap();
        assert!(sites
            .add(
                Some("a.example"),
                RobotsVersion::new(&policy, "x").since(200)
            )
            .is_err());
        let site = sites.site(sites.site_of(Some(b"a.example")).unwrap());
        let files: Vec<&str> = site.versions.iter().map(RobotsVersion::file).collect();
        assert_eq!(files, ["1", "2", "3"]);
        assert_eq!(site.held(Some(99), 50), Held::BeforeFirst);
        assert_eq!(site.held(None, 50), Held::NoTime);
        assert_eq!(site.held(Some(100), 50), Held::Versions(0..1));
        assert_eq!(site.held(Some(249), 50), Held::Versions(0..2));
        assert_eq!(site.held(Some(250), 50), Held::Versions(1..2));
        // Within the window of two changes: all three.
        assert_eq!(site.held(Some(301), 500), Held::Versions(0..3));
        assert_eq!(site.held(Some(301), 0), Held::Versions(2..3));
        assert_eq!(sites.site_of(Some(b"b.example")), None);
    }

    #[test]
    fn a_version_from_the_beginning_holds_without_times() {
        let policy = Policy::parse("User-agent: *\nDisallow:\n", Profile::Rfc9309);
        let mut sites = Sites::single(&policy);
        let site = sites.site(sites.site_of(Some(b"any.example")).unwrap());
        assert_eq!(site.held(None, 86_400), Held::Versions(0..1));
        sites
            .add(None, RobotsVersion::new(&policy, "new").since(1000))
            .unwrap();
        let site = sites.site(sites.site_of(None).unwrap());
        assert_eq!(site.held(Some(5), 86_400), Held::Versions(0..1));
        assert_eq!(site.held(Some(1000), 86_400), Held::Versions(0..2));
        assert_eq!(site.held(Some(1000 + 86_400), 86_400), Held::Versions(1..2));
        assert_eq!(site.held(None, 86_400), Held::NoTime);
    }
}
