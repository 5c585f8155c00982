//! Forward-confirmed reverse DNS (feature `dns`): the address's PTR names,
//! each confirmed by resolving it forward to the same address, through
//! hickory's resolver on a one-thread tokio runtime.
//!
//! Opt-in (`robots audit --verify-dns`), and bounded: each address is looked
//! up at most once (answers are cached per address), each lookup is cut at
//! [`DnsSettings::timeout`], lookups stop once they have taken
//! [`DnsSettings::total_time`] altogether or numbered
//! [`DnsSettings::max_lookups`]; an address left unlooked-up stays
//! unverifiable and [`DnsCounts`] says how many there were.
//!
//! Only names in some operator's domain (a registry [`IdentityCheck`]'s DNS
//! suffixes) are resolved forward, at most [`MAX_NAMES`] of them: a spoofer's
//! own PTR name needs no second query to be refused.
//!
//! [`IdentityCheck`]: robots_registry::IdentityCheck

use hickory_resolver::config::{NameServerConfigGroup, ResolveHosts, ResolverConfig};
use hickory_resolver::name_server::TokioConnectionProvider;
use hickory_resolver::proto::ProtoErrorKind;
use hickory_resolver::{ResolveError, TokioResolver};
use robots_registry::IDENTITY_CHECKS;
use std::collections::HashMap;
use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// PTR names of one address resolved forward, at most (the rest are kept as
/// unconfirmed).
pub const MAX_NAMES: usize = 4;

/// Where and how long reverse DNS may look.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct DnsSettings {
    /// The DNS server to ask (`127.0.0.1:5353`); `None`: the system's
    /// (`/etc/resolv.conf`).
    pub server: Option<SocketAddr>,
    /// The most one address's lookup (its PTR query and the forward queries
    /// of its names) may take.
    pub timeout: Duration,
    /// The most all lookups may take together.
    pub total_time: Duration,
    /// The most addresses looked up.
    pub max_lookups: usize,
}

impl Default for DnsSettings {
    /// The system's resolver, 2 s per address, 120 s and 10,000 addresses in all.
    fn default() -> Self {
        DnsSettings {
            server: None,
            timeout: Duration::from_secs(2),
            total_time: Duration::from_secs(120),
            max_lookups: 10_000,
        }
    }
}

impl DnsSettings {
    /// The defaults, asking `server`.
    pub fn server(server: SocketAddr) -> DnsSettings {
        DnsSettings {
            server: Some(server),
            ..DnsSettings::default()
        }
    }

    /// These settings, with one lookup cut at `timeout`.
    #[must_use]
    pub fn with_timeout(mut self, timeout: Duration) -> DnsSettings {
        self.timeout = timeout;
        self
    }

    /// These settings, with all lookups together cut at `total`.
    #[must_use]
    pub fn with_total_time(mut self, total: Duration) -> DnsSettings {
        self.total_time = total;
        self
    }

    /// These settings, with at most `max` addresses looked up.
    #[must_use]
    pub fn with_max_lookups(mut self, max: usize) -> DnsSettings {
        self.max_lookups = max;
        self
    }
}

/// What reverse DNS says of one address.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DnsAnswer {
    /// Its PTR names in some operator's domain that resolve forward to the
    /// address (lower case, no trailing dot).
    Confirmed(Vec<String>),
    /// It has PTR names, and none both lies in an operator's domain and
    /// resolves back to it (the names, lower case, no trailing dot).
    Unconfirmed(Vec<String>),
    /// It has no PTR name.
    NoName,
    /// DNS could not say.
    Unavailable(DnsProblem),
}

/// Why reverse DNS could not say.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DnsProblem {
    /// The lookup took longer than [`DnsSettings::timeout`].
    Timeout,
    /// The server failed (refused, server failure, no connection): the message.
    Failure(String),
    /// The lookups had taken [`DnsSettings::total_time`]: it was not asked.
    OutOfTime,
    /// [`DnsSettings::max_lookups`] addresses had been looked up: it was not asked.
    OutOfLookups,
}

impl fmt::Display for DnsProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DnsProblem::Timeout => f.write_str("the lookup timed out"),
            DnsProblem::Failure(why) => write!(f, "the DNS server failed: {why}"),
            DnsProblem::OutOfTime => f.write_str("not looked up: the DNS time budget was spent"),
            DnsProblem::OutOfLookups => {
                f.write_str("not looked up: the maximum number of DNS lookups was reached")
            }
        }
    }
}

/// What reverse DNS did: addresses looked up, and those it left unanswered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct DnsCounts {
    /// Addresses looked up (each once).
    pub lookups: usize,
    /// Of those, the ones that timed out.
    pub timeouts: usize,
    /// Of those, the ones the server failed.
    pub failures: usize,
    /// Addresses not looked up because the time budget was spent.
    pub out_of_time: usize,
    /// Addresses not looked up because the maximum number of lookups was reached.
    pub out_of_lookups: usize,
    /// The time the lookups took altogether.
    pub spent: Duration,
}

impl DnsCounts {
    /// Addresses left unverifiable by the bounds (time or count), which a
    /// report must name.
    pub fn not_looked_up(&self) -> usize {
        self.out_of_time + self.out_of_lookups
    }
}

/// Why reverse DNS could not be set up.
#[derive(Debug)]
pub struct DnsError {
    why: String,
}

impl fmt::Display for DnsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot set up reverse DNS: {}", self.why)
    }
}

impl std::error::Error for DnsError {}

/// Reverse DNS with its cache and bounds: see the [module docs](self).
pub struct ReverseDns {
    runtime: tokio::runtime::Runtime,
    resolver: TokioResolver,
    settings: DnsSettings,
    state: Mutex<State>,
}

impl fmt::Debug for ReverseDns {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ReverseDns")
            .field("settings", &self.settings)
            .field("counts", &self.counts())
            .finish_non_exhaustive()
    }
}

/// The cache and the counts.
#[derive(Default)]
struct State {
    answers: HashMap<IpAddr, DnsAnswer>,
    counts: DnsCounts,
}

impl ReverseDns {
    /// Reverse DNS as `settings` say.
    ///
    /// # Errors
    /// When the runtime cannot start, or, without a server, the system's
    /// resolver configuration cannot be read.
    pub fn new(settings: DnsSettings) -> Result<ReverseDns, DnsError> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()
            .map_err(|e| DnsError { why: e.to_string() })?;
        let provider = TokioConnectionProvider::default();
        let mut builder = match settings.server {
            Some(server) => {
                let servers =
                    NameServerConfigGroup::from_ips_clear(&[server.ip()], server.port(), true);
                TokioResolver::builder_with_config(
                    ResolverConfig::from_parts(None, vec![], servers),
                    provider,
                )
            }
            None => {
                TokioResolver::builder(provider).map_err(|e| DnsError { why: e.to_string() })?
            }
        };
        let options = builder.options_mut();
        options.timeout = settings.timeout;
        // One try per query: the per-lookup bound is the caller's promise.
        options.attempts = 1;
        // Names from the hosts file verify nothing.
        options.use_hosts_file = ResolveHosts::Never;
        let resolver = {
            // The resolver spawns its background work on the runtime it is built in.
            let _inside = runtime.enter();
            builder.build()
        };
        Ok(ReverseDns {
            runtime,
            resolver,
            settings,
            state: Mutex::new(State::default()),
        })
    }

    /// The settings it was made with.
    pub fn settings(&self) -> &DnsSettings {
        &self.settings
    }

    /// What it did so far.
    pub fn counts(&self) -> DnsCounts {
        self.state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .counts
    }

    /// What reverse DNS says of `addr`: from the cache, else looked up
    /// within the bounds.
    pub fn answer(&self, addr: IpAddr) -> DnsAnswer {
        let mut guard = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let state = &mut *guard;
        if let Some(answer) = state.answers.get(&addr) {
            return answer.clone();
        }
        let counts = &mut state.counts;
        if counts.lookups >= self.settings.max_lookups {
            counts.out_of_lookups += 1;
            return DnsAnswer::Unavailable(DnsProblem::OutOfLookups);
        }
        let Some(left) = self
            .settings
            .total_time
            .checked_sub(counts.spent)
            .filter(|left| !left.is_zero())
        else {
            counts.out_of_time += 1;
            return DnsAnswer::Unavailable(DnsProblem::OutOfTime);
        };
        let limit = self.settings.timeout.min(left);
        let started = Instant::now();
        let answer = self
            .runtime
            .block_on(async { tokio::time::timeout(limit, self.look_up(addr)).await })
            .unwrap_or(DnsAnswer::Unavailable(DnsProblem::Timeout));
        counts.spent += started.elapsed();
        counts.lookups += 1;
        match &answer {
            DnsAnswer::Unavailable(DnsProblem::Timeout) => counts.timeouts += 1,
            DnsAnswer::Unavailable(DnsProblem::Failure(_)) => counts.failures += 1,
            _ => {}
        }
        state.answers.insert(addr, answer.clone());
        answer
    }

    /// The PTR names of `addr`, and those in an operator's domain resolved forward.
    async fn look_up(&self, addr: IpAddr) -> DnsAnswer {
        let names: Vec<String> = match self.resolver.reverse_lookup(addr).await {
            Ok(found) => found
                .iter()
                .map(|name| host_name(&name.to_ascii()))
                .collect(),
            Err(e) if no_records(&e) => return DnsAnswer::NoName,
            Err(e) => return DnsAnswer::Unavailable(problem(&e)),
        };
        if names.is_empty() {
            return DnsAnswer::NoName;
        }
        let mut confirmed = Vec::new();
        for name in names
            .iter()
            .filter(|name| in_some_domain(name))
            .take(MAX_NAMES)
        {
            match self.resolver.lookup_ip(format!("{name}.")).await {
                Ok(found) => {
                    if found.iter().any(|back| back == addr) {
                        confirmed.push(name.clone());
                    }
                }
                Err(e) if no_records(&e) => {}
                Err(e) => return DnsAnswer::Unavailable(problem(&e)),
            }
        }
        if confirmed.is_empty() {
            DnsAnswer::Unconfirmed(names)
        } else {
            DnsAnswer::Confirmed(confirmed)
        }
    }
}

/// A DNS name as a host name: lower case, without the root's trailing `.`.
fn host_name(name: &str) -> String {
    name.strip_suffix('.').unwrap_or(name).to_ascii_lowercase()
}

/// Whether some operator's checks name a suffix of `name`.
fn in_some_domain(name: &str) -> bool {
    IDENTITY_CHECKS
        .iter()
        .any(|check| check.dns_name_matches(name))
}

/// Whether the error says there is no such record (NXDOMAIN, or no data).
fn no_records(e: &ResolveError) -> bool {
    e.is_no_records_found() || e.is_nx_domain()
}

/// What went wrong, as the answer carries it.
fn problem(e: &ResolveError) -> DnsProblem {
    match e.proto().map(hickory_resolver::proto::ProtoError::kind) {
        Some(ProtoErrorKind::Timeout) => DnsProblem::Timeout,
        _ => DnsProblem::Failure(e.to_string()),
    }
}
