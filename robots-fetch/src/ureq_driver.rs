//! The blocking driver: ureq.

use crate::{Action, Failure, FetchError, FetchSettings, Outcome, RobotsFetch};
use std::io::Read;
use std::time::Duration;

/// Bytes asked of the body reader at a time.
const READ_SIZE: usize = 16 * 1024;

/// Fetches robots.txt with ureq (blocking, rustls, gzip, brotli). Redirects are
/// followed by the state machine, not by ureq; bodies are read piece by piece and
/// never past the parse limit. Cheap to clone: clones share connections.
///
/// ```no_run
/// use robots_fetch::BlockingFetcher;
/// use robots_fetch::FetchSettings;
///
/// let fetcher = BlockingFetcher::new(&FetchSettings::default())?;
/// let outcome = fetcher.fetch("https://example.com/some/page")?;
/// println!("{} ({})", outcome.rules.name(), outcome.reason);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct BlockingFetcher {
    agent: ureq::Agent,
    policy: FetchSettings,
}

impl BlockingFetcher {
    /// A fetcher following `policy`, with its own connection pool.
    ///
    /// # Errors
    /// When the TLS set-up fails.
    pub fn new(policy: &FetchSettings) -> Result<Self, FetchError> {
        let config = ureq::Agent::config_builder()
            .max_redirects(0)
            .http_status_as_error(false)
            .timeout_global(Some(policy.timeout()))
            .timeout_connect(Some(Duration::from_secs(10)))
            .build();
        Ok(BlockingFetcher {
            agent: config.into(),
            policy: policy.clone(),
        })
    }

    /// Fetch the robots.txt that governs `page_url`.
    ///
    /// # Errors
    /// When `page_url` is not an absolute http(s) URL with a host; every HTTP
    /// failure is an [`Outcome`].
    pub fn fetch(&self, page_url: &str) -> Result<Outcome, FetchError> {
        let fetch = RobotsFetch::new(page_url, &self.policy)?;
        Ok(self.run(fetch))
    }

    /// Run `fetch` to its end (for a fetch that revalidates a kept copy).
    pub fn run(&self, mut fetch: RobotsFetch) -> Outcome {
        let mut body: Option<Box<dyn Read + Send>> = None;
        let mut buf = vec![0u8; READ_SIZE];
        loop {
            match fetch.action() {
                Action::Send(request) => {
                    let mut builder = self.agent.get(request.url());
                    for (name, value) in request.headers() {
                        builder = builder.header(name, value);
                    }
                    match builder.call() {
                        Ok(response) => {
                            fetch.receive_head(
                                response.status().as_u16(),
                                response
                                    .headers()
                                    .iter()
                                    .map(|(n, v)| (n.as_str().as_bytes(), v.as_bytes())),
                            );
                            // ureq's own body limit is lifted: the state machine keeps the limit.
                            body = Some(Box::new(
                                response
                                    .into_body()
                                    .into_with_config()
                                    .limit(u64::MAX)
                                    .reader(),
                            ));
                        }
                        Err(e) => fetch.fail(failure(&e)),
                    }
                }
                Action::Read { max } => {
                    let Some(reader) = body.as_mut() else {
                        fetch.fail(Failure::Network);
                        continue;
                    };
                    let want = max.min(buf.len());
                    match reader.read(buf.get_mut(..want).unwrap_or_default()) {
                        Ok(0) => fetch.end_body(),
                        Ok(n) => fetch.receive_body(buf.get(..n).unwrap_or_default()),
                        Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                        Err(e) => fetch.fail(io_failure(&e)),
                    }
                }
                Action::Done => return fetch.finish(),
            }
        }
    }
}

/// A ureq error as the state machine's failure.
fn failure(e: &ureq::Error) -> Failure {
    match e {
        ureq::Error::Timeout(_) => Failure::Timeout,
        ureq::Error::Io(io) => io_failure(io),
        ureq::Error::HostNotFound => Failure::Dns,
        ureq::Error::Tls(_) | ureq::Error::Rustls(_) | ureq::Error::Pem(_) => Failure::Tls,
        other => crate::driver::chain_failure(other),
    }
}

/// A body read error as the state machine's failure (ureq reports its timeouts
/// inside `io::Error`s while reading).
fn io_failure(e: &std::io::Error) -> Failure {
    let timed_out = matches!(
        e.kind(),
        std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock
    ) || e
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<ureq::Error>())
        .is_some_and(|inner| matches!(inner, ureq::Error::Timeout(_)));
    if timed_out {
        Failure::Timeout
    } else {
        crate::driver::chain_failure(e)
    }
}
