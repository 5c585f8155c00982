//! Fetch robots.txt the RFC 9309 way, and keep one policy per origin in a
//! thread-safe cache.
//!
//! The decisions (which URL, which headers, what a 404 or a 503 means, how long
//! an answer lives) are all made by a sans-IO state machine, [`RobotsFetch`]:
//! given a page URL and [`FetchSettings`], it says which request to send, takes
//! back the response (status, headers, body bytes as they arrive) or a
//! [`Failure`], and ends in an [`Outcome`]: [`Rules`] (a parsed policy,
//! allow-all or disallow-all), a [`FetchReason`], and how long the answer lives.
//! It reads no clock and opens no socket, and builds `no_std` + `alloc`
//! (`default-features = false`), for WebAssembly among others.
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
//! use robots_fetch::{Action, Failure, FetchReason, FetchSettings, RobotsFetch, Rules};
//!
//! let settings = FetchSettings::default();
//! let mut fetch = RobotsFetch::new("http://example.com/page", &settings)?;
//! while let Action::Send(request) = fetch.action() {
//!     // A real driver sends `request` here. This server refuses connections.
//!     assert_eq!(request.url(), "http://example.com/robots.txt");
//!     fetch.fail(Failure::ConnectionRefused);
//! }
//! let outcome = fetch.finish();
//! assert!(matches!(outcome.rules, Rules::DisallowAll));
//! assert_eq!(outcome.reason, FetchReason::NetworkError);
//! assert_eq!(outcome.failure, Some(Failure::ConnectionRefused));
//! assert_eq!(outcome.expires_in.as_secs(), 60); // retried after a minute
//! # Ok::<(), robots_fetch::FetchError>(())
//! ```
//!
//! The drivers run the machine over real HTTP clients:
//!
//! - [`AsyncFetcher`] (feature `reqwest`): reqwest on tokio, rustls, gzip and brotli;
//! - `BlockingFetcher` (feature `ureq`): ureq, rustls, gzip and brotli;
//! - [`PolicyCache`] (feature `cache`): one policy per origin on moka, with
//!   single-flight fetches, expiry per outcome, negative caching,
//!   stale-while-revalidate and a memory bound in bytes;
//! - [`AgentPolicyCache`] (feature `cache`): the same for a crawler that asks
//!   as one agent, keeping per origin only that crawler's rules (as
//!   [`CompactRules`], robots-core's, re-exported here: one buffer scanned
//!   best rule first, when it has at most 256 rules), for millions of origins.
//!
//! ```no_run
//! # #[cfg(all(feature = "reqwest", feature = "cache"))]
//! # mod crawl {
//! use robots_fetch::{AsyncFetcher, FetchSettings, PolicyCache};
//!
//! # async fn crawl(urls: Vec<String>) -> Result<(), Box<dyn std::error::Error>> {
//! let cache = PolicyCache::new(AsyncFetcher::new()?, FetchSettings::default());
//! for url in urls {
//!     // One robots.txt fetch per origin, however many URLs and tasks ask.
//!     if cache.is_allowed("ExampleBot", &url).await? {
//!         // fetch `url` …
//!     }
//! }
//! # Ok(())
//! # }
//! # }
//! ```
//!
//! # Crate features
//! - `reqwest` (default): [`AsyncFetcher`].
//! - `cache` (default): [`PolicyCache`] and [`AgentPolicyCache`].
//! - `ureq`: `BlockingFetcher`, the blocking driver.
//! - `url` (default, implied by each of the above): URLs parsed by the `url`
//!   crate: [`RobotsFetch::new`], [`robots_txt_url`], [`origin`], [`origin_key`].
//!   Without it, the machine takes a WHATWG URL parser of the platform's
//!   ([`UrlParser`], [`RobotsFetch::with_parser`]), as the WebAssembly package
//!   does with the JavaScript engine's `URL`.
//! - `std` (implied by `reqwest`, `ureq` and `cache`): `std::error::Error`
//!   impls. With `url` alone, the crate is the state machine, `no_std` +
//!   `alloc`; with no feature at all, also without the `url` crate.
#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate alloc;

#[cfg(feature = "cache")]
mod agent_cache;
#[cfg(feature = "cache")]
mod cache;
#[cfg(feature = "std")]
mod driver;
mod error;
#[cfg(feature = "cache")]
mod lifetime;
mod machine;
#[cfg(feature = "cache")]
mod recent;
#[cfg(feature = "reqwest")]
mod reqwest_driver;
#[cfg(feature = "reqwest")]
mod tls;
#[cfg(feature = "ureq")]
mod ureq_driver;
#[cfg(feature = "cache")]
mod weight;

#[cfg(feature = "cache")]
pub use agent_cache::{AgentOriginPolicy, AgentPolicyCache};
#[cfg(feature = "cache")]
pub use cache::{Clock, OriginPolicy, PolicyCache, PolicyCacheBuilder};
#[cfg(feature = "std")]
pub use driver::Driver;
pub use error::FetchError;
#[cfg(feature = "url")]
pub use machine::{origin, origin_key, robots_txt_url, UrlCrate};
pub use machine::{
    origin_key_with, Action, CachedCopy, Failure, FetchProfile, FetchReason, FetchSettings,
    KeptRules, LongOutage, Outcome, ParsedUrl, Previous, Request, RobotsFetch, Rules, UrlParser,
    Validators,
};
#[cfg(feature = "reqwest")]
pub use reqwest_driver::AsyncFetcher;
#[cfg(feature = "cache")]
pub use robots_core::CompactRules;
#[cfg(feature = "ureq")]
pub use ureq_driver::BlockingFetcher;
#[cfg(feature = "cache")]
pub use weight::outcome_heap_bytes;
