//! Fetch robots.txt the RFC 9309 way over real HTTP clients, and keep one policy
//! per origin in a thread-safe cache.
//!
//! The decisions (which URL, which headers, what a 404 or a 503 means, how long
//! an answer lives) are all made by the sans-IO state machine
//! [`robots_runtime::fetch::RobotsFetch`]. This crate only drives it:
//!
//! - [`AsyncFetcher`] (feature `reqwest`): reqwest on tokio, rustls, gzip and brotli;
//! - `BlockingFetcher` (feature `ureq`): ureq, rustls, gzip and brotli;
//! - [`PolicyCache`] (feature `cache`): one policy per origin on moka, with
//!   single-flight fetches, expiry per outcome, negative caching,
//!   stale-while-revalidate and a memory bound in bytes.
//!
//! ```no_run
//! use robots_fetch::{AsyncFetcher, PolicyCache};
//! use robots_runtime::fetch::FetchPolicy;
//!
//! # async fn crawl(urls: Vec<String>) -> Result<(), Box<dyn std::error::Error>> {
//! let cache = PolicyCache::new(AsyncFetcher::new()?, FetchPolicy::default());
//! for url in urls {
//!     // One robots.txt fetch per origin, however many URLs and tasks ask.
//!     if cache.is_allowed("ExampleBot", &url).await? {
//!         // fetch `url` …
//!     }
//! }
//! # Ok(())
//! # }
//! ```
//!
//! # Crate features
//! - `reqwest` (default): [`AsyncFetcher`].
//! - `cache` (default): [`PolicyCache`].
//! - `ureq`: `BlockingFetcher`, the blocking driver.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "cache")]
mod cache;
mod driver;
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
pub use cache::{OriginPolicy, PolicyCache, PolicyCacheBuilder};
pub use driver::Driver;
#[cfg(feature = "reqwest")]
pub use reqwest_driver::AsyncFetcher;
#[cfg(feature = "ureq")]
pub use ureq_driver::BlockingFetcher;
#[cfg(feature = "cache")]
pub use weight::outcome_heap_bytes;

/// An HTTP client could not be set up.
#[derive(Debug)]
pub struct ClientError {
    message: String,
}

impl ClientError {
    #[cfg(any(feature = "reqwest", feature = "ureq"))]
    pub(crate) fn new(message: impl std::fmt::Display) -> Self {
        ClientError {
            message: message.to_string(),
        }
    }
}

impl std::fmt::Display for ClientError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot set up the HTTP client: {}", self.message)
    }
}

impl std::error::Error for ClientError {}
