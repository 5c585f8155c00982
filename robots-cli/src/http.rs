//! The HTTP side of the commands that fetch robots.txt (`fetch`, `check --fetch`):
//! the default User-Agent header, the async runtime and the client.

use crate::error::Error;
use robots_fetch::AsyncFetcher;
use std::io;

/// The default User-Agent header: `robots/<version>`, then the agent if any.
pub fn default_user_agent(agent: Option<&[u8]>) -> String {
    let base = concat!("robots/", env!("CARGO_PKG_VERSION"));
    match agent.map(String::from_utf8_lossy) {
        Some(agent) if !agent.trim().is_empty() => format!("{base} {}", agent.trim()),
        _ => base.to_owned(),
    }
}

/// A tokio runtime on this thread, for one command.
///
/// # Errors
/// [`Error::Read`] when the runtime cannot start (no threads, no sockets).
pub fn runtime() -> Result<tokio::runtime::Runtime, Error> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::read("the network: cannot start the async runtime", e))
}

/// The HTTP client.
///
/// # Errors
/// [`Error::Read`] when the client cannot be set up (its TLS configuration).
pub fn client() -> Result<AsyncFetcher, Error> {
    AsyncFetcher::new().map_err(|e| Error::read("the network", io::Error::other(e)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_agents() {
        assert_eq!(
            default_user_agent(None),
            concat!("robots/", env!("CARGO_PKG_VERSION"))
        );
        assert_eq!(
            default_user_agent(Some(b"FooBot")),
            concat!("robots/", env!("CARGO_PKG_VERSION"), " FooBot")
        );
        assert_eq!(
            default_user_agent(Some(b"  ")),
            concat!("robots/", env!("CARGO_PKG_VERSION"))
        );
    }
}
