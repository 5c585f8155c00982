//! Which robots.txt governs a request: one for the whole log, or one per host.

use robots_core::Policy;
use std::borrow::Cow;
use std::collections::HashMap;

/// The robots.txt of each host the log covers.
#[derive(Default)]
pub struct Sites<'p> {
    /// For requests whose line names no host, or a host not listed.
    default: Option<&'p Policy>,
    /// By host, lower-cased, without a port: its number in `listed`.
    hosts: HashMap<Vec<u8>, usize, foldhash::fast::RandomState>,
    /// The hosts listed, and their robots.txt.
    listed: Vec<(Vec<u8>, &'p Policy)>,
}

/// Which robots.txt governs a request: a listed host's (its number), or the default.
pub(crate) type Site = Option<usize>;

impl<'p> Sites<'p> {
    /// One robots.txt for every request of the log.
    pub fn single(policy: &'p Policy) -> Self {
        Sites {
            default: Some(policy),
            ..Sites::default()
        }
    }

    /// No robots.txt yet: add hosts with [`Sites::host`].
    pub fn new() -> Self {
        Sites::default()
    }

    /// The robots.txt of `host` (a port, if given, is ignored; case is ignored).
    pub fn host(&mut self, host: &str, policy: &'p Policy) -> &mut Self {
        let host = key(host.as_bytes()).into_owned();
        match self.hosts.get(&host) {
            Some(&n) => {
                if let Some(listed) = self.listed.get_mut(n) {
                    listed.1 = policy;
                }
            }
            None => {
                self.hosts.insert(host.clone(), self.listed.len());
                self.listed.push((host, policy));
            }
        }
        self
    }

    /// The robots.txt for requests to no listed host.
    pub fn default_policy(&mut self, policy: &'p Policy) -> &mut Self {
        self.default = Some(policy);
        self
    }

    /// How many hosts are listed.
    pub fn len(&self) -> usize {
        self.hosts.len()
    }

    /// Whether no host is listed and there is no default.
    pub fn is_empty(&self) -> bool {
        self.hosts.is_empty() && self.default.is_none()
    }

    /// The robots.txt that governs a request to `host`, and the site it is
    /// listed under (`None`: the default).
    pub(crate) fn policy(&self, host: Option<&[u8]>) -> Option<(Site, &'p Policy)> {
        if let Some(host) = host {
            if let Some(&n) = self.hosts.get(key(host).as_ref()) {
                if let Some(&(_, policy)) = self.listed.get(n) {
                    return Some((Some(n), policy));
                }
            }
        }
        self.default.map(|policy| (None, policy))
    }

    /// The host a site is listed under (`None` for the default).
    pub(crate) fn host_name(&self, site: Site) -> Option<&[u8]> {
        site.and_then(|n| self.listed.get(n))
            .map(|(host, _)| host.as_slice())
    }
}

/// `Example.COM:8080` → `example.com` (borrowed when already lower-case).
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
