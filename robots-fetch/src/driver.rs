//! What the cache needs of an HTTP client: drive a fetch to its end.

#[cfg(any(feature = "reqwest", feature = "ureq"))]
use crate::Failure;
use crate::{KeptRules, Outcome, RobotsFetch};
use std::future::Future;

/// Drives a [`RobotsFetch`] to its [`Outcome`] over some HTTP client: sends each
/// request it asks for (without following redirects), feeds back the head and
/// the body chunks, and reports failures. The time limit is
/// `fetch.config().timeout()`, for the whole fetch, redirects included.
///
/// [`AsyncFetcher`](crate::AsyncFetcher) implements it; so can any client, to
/// put it under a [`PolicyCache`](crate::PolicyCache) or an
/// [`AgentPolicyCache`](crate::AgentPolicyCache). A driver only sends,
/// feeds back and reports, whatever the fetch keeps (`K`: the policy, or the
/// one-crawler cache's rules), so it is generic over it:
///
/// ```
/// use robots_fetch::{Action, Driver, KeptRules, Outcome, RobotsFetch};
///
/// /// Every robots.txt request fails to connect.
/// struct Offline;
///
/// impl Driver for Offline {
///     async fn run<K: KeptRules>(&self, mut fetch: RobotsFetch<K>) -> Outcome<K> {
///         while let Action::Send(_) = fetch.action() {
///             fetch.fail(robots_fetch::Failure::ConnectionRefused);
///         }
///         fetch.finish()
///     }
/// }
/// ```
pub trait Driver: Send + Sync {
    /// Run `fetch` to its end.
    fn run<K: KeptRules>(&self, fetch: RobotsFetch<K>) -> impl Future<Output = Outcome<K>> + Send;
}

/// The kind of failure an I/O error reports, when its kind says one.
#[cfg(any(feature = "reqwest", feature = "ureq"))]
pub(crate) fn io_kind_failure(kind: std::io::ErrorKind) -> Option<Failure> {
    use std::io::ErrorKind;
    match kind {
        ErrorKind::ConnectionRefused => Some(Failure::ConnectionRefused),
        ErrorKind::ConnectionReset | ErrorKind::ConnectionAborted | ErrorKind::BrokenPipe => {
            Some(Failure::ConnectionReset)
        }
        ErrorKind::TimedOut => Some(Failure::Timeout),
        _ => None,
    }
}

/// The most specific failure an error and its chain of sources tell: an I/O
/// kind, a TLS error, or a resolver's message (hyper and ureq give name
/// resolution failures no error type of their own, only words).
#[cfg(any(feature = "reqwest", feature = "ureq"))]
pub(crate) fn chain_failure(error: &(dyn std::error::Error + 'static)) -> Failure {
    let mut next = Some(error);
    while let Some(e) = next {
        if let Some(io) = e.downcast_ref::<std::io::Error>() {
            if let Some(failure) = io_kind_failure(io.kind()) {
                return failure;
            }
        }
        #[cfg(feature = "reqwest")]
        if e.downcast_ref::<rustls::Error>().is_some() {
            return Failure::Tls;
        }
        let words = e.to_string().to_ascii_lowercase();
        if words.contains("dns error")
            || words.contains("failed to lookup address")
            || words.contains("name or service not known")
            || words.contains("nodename nor servname")
        {
            return Failure::Dns;
        }
        if words.contains("certificate") || words.contains("tls handshake") {
            return Failure::Tls;
        }
        next = e.source();
    }
    Failure::Network
}
