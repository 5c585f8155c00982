//! Which robots.txt governs a request: one for the whole log, or one per host.

use robots_core::Policy;
use std::collections::HashMap;

/// The robots.txt of each host the log covers.
#[derive(Default)]
pub struct Sites<'p> {
    /// For requests whose line names no host, or a host not listed.
    default: Option<&'p Policy>,
    /// By host, lower-cased, without a port.
    hosts: HashMap<Vec<u8>, &'p Policy>,
}

impl<'p> Sites<'p> {
    /// One robots.txt for every request of the log.
    pub fn single(policy: &'p Policy) -> Self {
        Sites {
            default: Some(policy),
            hosts: HashMap::new(),
        }
    }

    /// No robots.txt yet: add hosts with [`Sites::host`].
    pub fn new() -> Self {
        Sites::default()
    }

    /// The robots.txt of `host` (a port, if given, is ignored; case is ignored).
    pub fn host(&mut self, host: &str, policy: &'p Policy) -> &mut Self {
        self.hosts.insert(key(host.as_bytes()), policy);
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

    /// The robots.txt that governs a request to `host`, and the host it is
    /// listed under (`None`: the default).
    pub(crate) fn policy(&self, host: Option<&[u8]>) -> Option<(Option<Vec<u8>>, &'p Policy)> {
        if let Some(host) = host {
            let host = key(host);
            if let Some(&policy) = self.hosts.get(&host) {
                return Some((Some(host), policy));
            }
        }
        self.default.map(|policy| (None, policy))
    }
}

/// `Example.COM:8080` → `example.com`.
fn key(host: &[u8]) -> Vec<u8> {
    let host = match memchr::memrchr(b':', host) {
        Some(colon) if !host.ends_with(b"]") => host.get(..colon).unwrap_or(host),
        _ => host,
    };
    host.to_ascii_lowercase()
}
