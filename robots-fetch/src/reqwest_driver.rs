//! The async driver: reqwest on tokio.

use crate::Driver;
use crate::{Action, Failure, FetchError, FetchSettings, KeptRules, Outcome, RobotsFetch};
use std::time::Duration;

/// Fetches robots.txt with reqwest (tokio, rustls, gzip, brotli). Redirects are
/// followed by the state machine, not by reqwest; bodies are read chunk by chunk
/// and never past the parse limit. Cheap to clone: clones share connections.
///
/// ```no_run
/// use robots_fetch::AsyncFetcher;
/// use robots_fetch::FetchSettings;
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// let fetcher = AsyncFetcher::new()?;
/// let outcome = fetcher.fetch("https://example.com/some/page", &FetchSettings::default()).await?;
/// println!("{} ({}), again in {:?}", outcome.rules.name(), outcome.reason, outcome.expires_in);
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct AsyncFetcher {
    client: reqwest::Client,
}

impl AsyncFetcher {
    /// A fetcher with its own connection pool.
    ///
    /// # Errors
    /// When the TLS set-up fails (no usable root certificates, for one).
    pub fn new() -> Result<Self, FetchError> {
        crate::tls::install_ring_provider();
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .connect_timeout(Duration::from_secs(10))
            .build()
            .map_err(FetchError::client)?;
        Ok(AsyncFetcher { client })
    }

    /// A fetcher over a client set up elsewhere. It must not follow redirects
    /// (`redirect::Policy::none()`), or the state machine cannot count hops.
    pub fn with_client(client: reqwest::Client) -> Self {
        AsyncFetcher { client }
    }

    /// Fetch the robots.txt that governs `page_url`.
    ///
    /// # Errors
    /// When `page_url` is not an absolute http(s) URL with a host; every HTTP
    /// failure is an [`Outcome`].
    pub async fn fetch(
        &self,
        page_url: &str,
        policy: &FetchSettings,
    ) -> Result<Outcome, FetchError> {
        let fetch = RobotsFetch::new(page_url, policy)?;
        Ok(self.run(fetch).await)
    }
}

impl Driver for AsyncFetcher {
    async fn run<K: KeptRules>(&self, mut fetch: RobotsFetch<K>) -> Outcome<K> {
        let limit = fetch.config().timeout();
        if tokio::time::timeout(limit, drive(&self.client, &mut fetch, limit))
            .await
            .is_err()
        {
            fetch.fail(Failure::Timeout);
        }
        fetch.finish()
    }
}

/// Send, read and report until the state machine is done.
async fn drive<K: KeptRules>(
    client: &reqwest::Client,
    fetch: &mut RobotsFetch<K>,
    limit: Duration,
) {
    let mut response: Option<reqwest::Response> = None;
    loop {
        match fetch.action() {
            Action::Send(request) => {
                let mut builder = client.get(request.url()).timeout(limit);
                for (name, value) in request.headers() {
                    builder = builder.header(name, value);
                }
                match builder.send().await {
                    Ok(head) => {
                        let headers = head.headers();
                        fetch.receive_head(
                            head.status().as_u16(),
                            headers
                                .iter()
                                .map(|(n, v)| (n.as_str().as_bytes(), v.as_bytes())),
                        );
                        response = Some(head);
                    }
                    Err(e) => fetch.fail(failure(&e)),
                }
            }
            Action::Read { .. } => match response.as_mut() {
                Some(body) => match body.chunk().await {
                    Ok(Some(chunk)) => fetch.receive_body(&chunk),
                    Ok(None) => fetch.end_body(),
                    Err(e) => fetch.fail(failure(&e)),
                },
                None => fetch.fail(Failure::Network),
            },
            Action::Done => return,
        }
    }
}

/// A reqwest error as the state machine's failure, as detailed as its sources tell.
fn failure(e: &reqwest::Error) -> Failure {
    if e.is_timeout() {
        Failure::Timeout
    } else {
        crate::driver::chain_failure(e)
    }
}
