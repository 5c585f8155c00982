//! What the cache needs of an HTTP client: drive a fetch to its end.

use robots_runtime::fetch::{Outcome, RobotsFetch};
use std::future::Future;

/// Drives a [`RobotsFetch`] to its [`Outcome`] over some HTTP client: sends each
/// request it asks for (without following redirects), feeds back the head and
/// the body chunks, and reports failures. The time limit is
/// `fetch.config().timeout()`, for the whole fetch, redirects included.
///
/// [`AsyncFetcher`](crate::AsyncFetcher) implements it; so can any client, to
/// put it under a [`PolicyCache`](crate::PolicyCache).
pub trait Driver: Send + Sync {
    /// Run `fetch` to its end.
    fn run(&self, fetch: RobotsFetch) -> impl Future<Output = Outcome> + Send;
}
