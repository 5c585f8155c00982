//! Fetching robots.txt the RFC 9309 way, without I/O.
//!
//! [`RobotsFetch`] is a state machine: given a page URL and a [`FetchPolicy`], it
//! says which request to send (the robots.txt of the page's scheme, host and
//! port), takes back the response (status, headers, body bytes as they arrive) or
//! a [`Failure`], and ends in an [`Outcome`]: [`Rules`] (a parsed policy,
//! allow-all or disallow-all), a [`FetchReason`], and how long the answer lives.
//! Any HTTP client can drive it; `robots-fetch` has drivers for reqwest and ureq.
//!
//! | response | rules | reason |
//! |---|---|---|
//! | 2xx | the body, parsed (read up to the limit, 500 KiB by default) | `ok` |
//! | 3xx | followed, up to 5 hops, across hosts; rules apply to the original origin | |
//! | more than 5 hops / a loop / no usable `Location` | allow all | `too-many-redirects` / `redirect-loop` / `bad-redirect` |
//! | 304 to a revalidation | the kept copy, not re-parsed | `not-modified` |
//! | 4xx | allow all (or disallow all for 401/403, if asked) | `unavailable` (`forbidden`) |
//! | 5xx, 429, network error, timeout | the last good copy, else disallow all; body never read | `unreachable`, `rate-limited`, `network-error`, `timeout` |
//!
//! Answers live 24 h, or as `Cache-Control: max-age` says within bounds;
//! `no-store` keeps nothing. Unreachable answers are retried with doubling
//! backoff; after 30 days unreachable, [`LongOutage`] decides.
//!
//! ```
//! use robots_core::fetch::{Action, Failure, FetchPolicy, FetchReason, RobotsFetch, Rules};
//!
//! let policy = FetchPolicy::default();
//! let mut fetch = RobotsFetch::new("http://example.com/page", &policy)?;
//! while let Action::Send(request) = fetch.action() {
//!     // A real driver sends `request` here. This server is down.
//!     assert_eq!(request.url(), "http://example.com/robots.txt");
//!     fetch.fail(Failure::Network);
//! }
//! let outcome = fetch.finish();
//! assert!(matches!(outcome.rules, Rules::DisallowAll));
//! assert_eq!(outcome.reason, FetchReason::NetworkError);
//! assert_eq!(outcome.expires_in.as_secs(), 60); // retried after a minute
//! # Ok::<(), robots_core::fetch::UnfetchableUrl>(())
//! ```

mod config;
mod headers;
mod machine;
mod outcome;
mod request;
mod target;
#[cfg(test)]
mod tests;

pub use config::{FetchPolicy, FetchProfile, LongOutage, UnknownFetchProfile};
pub use machine::{Action, Failure, RobotsFetch};
pub use outcome::{CachedCopy, FetchReason, Outcome, Previous, Rules, Validators};
pub use request::Request;
pub use target::{origin, origin_key, robots_url, UnfetchableUrl};
