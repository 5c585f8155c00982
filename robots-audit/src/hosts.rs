//! The hosts a log names, each with a number, the robots.txt site that
//! governs it, and its requests that no robots.txt could judge.

use crate::sites::{host_key, SiteId, Sites};
use std::collections::HashMap;

/// A host's number.
pub(crate) type HostId = u32;

/// How many hosts are told apart; requests to any more are counted under
/// one entry, [`OTHER_HOSTS`].
pub const MAX_HOSTS: usize = 100_000;

/// The name requests to hosts past [`MAX_HOSTS`] are counted under.
pub(crate) const OTHER_HOSTS: &str = "(other hosts)";

/// The host of lines that name none.
const NO_HOST: HostId = 0;
/// Hosts past the limit.
const OVERFLOW: HostId = 1;

pub(crate) struct Hosts {
    ids: HashMap<Vec<u8>, HostId, foldhash::fast::RandomState>,
    entries: Vec<Host>,
}

/// One host.
pub(crate) struct Host {
    /// Its name, lower-cased, without a port (`None`: lines that name no host).
    pub(crate) name: Option<String>,
    /// The robots.txt that governs it (past the limit: looked up per request).
    site: Option<SiteId>,
    /// Crawler requests to it that were not judged: no robots.txt was given for it.
    pub(crate) unchecked: u64,
}

impl Hosts {
    pub(crate) fn new(sites: &Sites<'_>) -> Self {
        Hosts {
            ids: HashMap::default(),
            entries: vec![
                Host {
                    name: None,
                    site: sites.site_of(None),
                    unchecked: 0,
                },
                Host {
                    name: Some(OTHER_HOSTS.to_owned()),
                    site: None,
                    unchecked: 0,
                },
            ],
        }
    }

    /// The number of a request's host, and the site that governs it.
    pub(crate) fn find(
        &mut self,
        host: Option<&[u8]>,
        sites: &Sites<'_>,
    ) -> (HostId, Option<SiteId>) {
        let Some(host) = host else {
            return (NO_HOST, self.entries.first().and_then(|h| h.site));
        };
        let key = host_key(host);
        if let Some(&id) = self.ids.get(key.as_ref()) {
            return (id, self.get(id).site);
        }
        let site = sites.site_of(Some(&key));
        if self.ids.len() >= MAX_HOSTS {
            return (OVERFLOW, site);
        }
        let id = HostId::try_from(self.entries.len()).unwrap_or(OVERFLOW);
        self.entries.push(Host {
            name: Some(String::from_utf8_lossy(&key).into_owned()),
            site,
            unchecked: 0,
        });
        self.ids.insert(key.into_owned(), id);
        (id, site)
    }

    pub(crate) fn get(&self, id: HostId) -> &Host {
        match self.entries.get(id as usize) {
            Some(host) => host,
            None => panic!("bug: host {id} of {}", self.entries.len()),
        }
    }

    pub(crate) fn get_mut(&mut self, id: HostId) -> &mut Host {
        let len = self.entries.len();
        match self.entries.get_mut(id as usize) {
            Some(host) => host,
            None => panic!("bug: host {id} of {len}"),
        }
    }

    /// Every host, in the order first seen.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &Host> {
        self.entries.iter()
    }
}
