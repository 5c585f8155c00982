//! The fetch state machine: requests out, responses in, an [`Outcome`] at the end.
//!
//! ```text
//!           ┌──────── 3xx + Location (≤ max hops, no loop) ───────┐
//!           ▼                                                     │
//!   new ─▶ Send ──head──▶ 2xx ─▶ Read ──chunks──▶ end / limit ─▶ Done (parsed)
//!           │              │                         │
//!           │              └─ 304, 4xx, 5xx, 429 ────┼──────────▶ Done
//!           └── failure (network, timeout) ──────────┴──────────▶ Done
//! ```
//!
//! Every input is accepted in every state: an input the state does not expect
//! is ignored, so a confused driver can never make it panic or loop. The body
//! buffer never holds more than the parse limit.

use super::config::FetchSettings;
use super::headers::ResponseHeaders;
use super::outcome::{CachedCopy, FetchReason, KeptRules, Outcome, Previous, Rules, Validators};
#[cfg(feature = "url")]
use super::parser::UrlCrate;
use super::parser::UrlParser;
use super::request::Request;
use super::target::{parse_http_url, redirect_target, robots_url_of};
use crate::FetchError;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec;
use alloc::vec::Vec;
use core::time::Duration;
use robots_core::policy::Policy;

/// Why no response arrived. The state machine decides on two things alone:
/// [`Failure::Timeout`] ends in [`FetchReason::Timeout`], every other failure in
/// [`FetchReason::NetworkError`]. The finer kinds are the detail a driver can
/// tell, kept in [`Outcome::failure`] for the people reading the outcome (curl
/// would say "connection refused", so does the CLI).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Failure {
    /// The connection failed, for a reason the client did not tell (or none of
    /// the kinds below): closed mid-body, an HTTP protocol error, …
    Network,
    /// The host's name did not resolve.
    Dns,
    /// The host refused the connection (nothing listens on the port).
    ConnectionRefused,
    /// The connection was reset or aborted by the peer.
    ConnectionReset,
    /// The TLS handshake failed (an untrusted or expired certificate, a protocol mismatch).
    Tls,
    /// The time limit passed.
    Timeout,
}

impl Failure {
    /// A short description, as curl words it: `connection refused`, `DNS failure`, …
    ///
    /// ```
    /// use robots_fetch::Failure;
    /// assert_eq!(Failure::ConnectionRefused.description(), "connection refused");
    /// ```
    pub const fn description(self) -> &'static str {
        match self {
            Failure::Network => "network error",
            Failure::Dns => "DNS failure: the host name did not resolve",
            Failure::ConnectionRefused => "connection refused",
            Failure::ConnectionReset => "connection reset by peer",
            Failure::Tls => "TLS handshake failed",
            Failure::Timeout => "timed out",
        }
    }

    /// A stable kebab-case name: `network`, `dns`, `connection-refused`,
    /// `connection-reset`, `tls` or `timeout` (the CLI's JSON `detail`).
    pub const fn name(self) -> &'static str {
        match self {
            Failure::Network => "network",
            Failure::Dns => "dns",
            Failure::ConnectionRefused => "connection-refused",
            Failure::ConnectionReset => "connection-reset",
            Failure::Tls => "tls",
            Failure::Timeout => "timeout",
        }
    }
}

impl core::fmt::Display for Failure {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.description())
    }
}

/// What the driver must do next.
#[derive(Debug)]
pub enum Action<'a> {
    /// Send this request, then call [`RobotsFetch::receive_head`] or [`RobotsFetch::fail`].
    Send(&'a Request),
    /// Read at most `max` more body bytes, then call [`RobotsFetch::receive_body`],
    /// [`RobotsFetch::end_body`] or [`RobotsFetch::fail`]. (`max` is one past what
    /// is kept, so that a longer body is seen to be longer.)
    Read {
        /// The most bytes worth reading.
        max: usize,
    },
    /// The fetch is over: take the outcome with [`RobotsFetch::finish`].
    Done,
}

/// A robots.txt fetch, without I/O: it says which request to send, takes the
/// response back piece by piece, and ends in an [`Outcome`]. Any HTTP client can
/// drive it; it reads no clock and opens no socket.
///
/// ```
/// use robots_fetch::{Action, FetchSettings, FetchReason, RobotsFetch};
///
/// let mut fetch = RobotsFetch::new("https://example.com/shop/item?id=7", &FetchSettings::default())?;
/// let Action::Send(request) = fetch.action() else { unreachable!() };
/// assert_eq!(request.url(), "https://example.com/robots.txt");
///
/// // The driver sends it; here a server answers with a short file.
/// fetch.receive_head(200, [(&b"cache-control"[..], &b"max-age=3600"[..])]);
/// assert!(matches!(fetch.action(), Action::Read { .. }));
/// fetch.receive_body(b"User-agent: *\nDisallow: /shop/\n");
/// fetch.end_body();
///
/// let outcome = fetch.finish();
/// assert_eq!(outcome.reason, FetchReason::Ok);
/// assert_eq!(outcome.expires_in.as_secs(), 3600);
/// assert!(!outcome.is_allowed("ExampleBot", "https://example.com/shop/item?id=7"));
/// # Ok::<(), robots_fetch::FetchError>(())
/// ```
///
/// `K` is what the fetch compiles a body into and keeps ([`KeptRules`]): the
/// policy, for every fetch a caller starts; a [`Driver`](crate::Driver) runs
/// any kind alike.
#[derive(Debug)]
pub struct RobotsFetch<K = Arc<Policy>> {
    config: FetchSettings,
    previous: Previous<K>,
    robots_url: String,
    /// The URL of the request being made (the robots.txt URL, or where a redirect led).
    current: String,
    visited: Vec<String>,
    /// Parses page URLs and resolves redirects.
    parser: &'static dyn UrlParser,
    redirects: u8,
    request: Request,
    state: State<K>,
    /// The one crawler a 2xx body is compiled for ([`RobotsFetch::for_agent`]),
    /// or `None`: for every crawler.
    agent: Option<Arc<[u8]>>,
}

#[derive(Debug)]
enum State<K> {
    Send,
    Body {
        status: u16,
        headers: ResponseHeaders,
        body: Vec<u8>,
    },
    Done(Outcome<K>),
}

impl RobotsFetch {
    /// Start fetching the robots.txt that governs `page_url`, with nothing remembered.
    ///
    /// # Errors
    /// When `page_url` is not an absolute http(s) URL with a host.
    #[cfg(feature = "url")]
    pub fn new(page_url: &str, config: &FetchSettings) -> Result<Self, FetchError> {
        Self::revalidate(page_url, config, Previous::default())
    }

    /// Start fetching with what is remembered of the origin: a kept copy is
    /// revalidated (`If-None-Match` / `If-Modified-Since`) and bridges an outage.
    ///
    /// # Errors
    /// When `page_url` is not an absolute http(s) URL with a host.
    #[cfg(feature = "url")]
    pub fn revalidate(
        page_url: &str,
        config: &FetchSettings,
        previous: Previous,
    ) -> Result<Self, FetchError> {
        Self::with_parser(page_url, config, previous, &UrlCrate)
    }

    /// As [`RobotsFetch::revalidate`], with another WHATWG URL parser than the
    /// `url` crate's: the one of the platform the machine runs on (a JavaScript
    /// engine's `URL`, in the WebAssembly package). The `url` feature is then
    /// not needed. [`UrlParser`]'s example drives a fetch with one.
    ///
    /// # Errors
    /// When `page_url` is not an absolute http(s) URL with a host.
    pub fn with_parser(
        page_url: &str,
        config: &FetchSettings,
        previous: Previous,
        parser: &'static dyn UrlParser,
    ) -> Result<Self, FetchError> {
        Self::keeping(page_url, config, previous, parser)
    }
}

impl<K: KeptRules> RobotsFetch<K> {
    /// As [`RobotsFetch::with_parser`], for a fetch that keeps `K`.
    pub(crate) fn keeping(
        page_url: &str,
        config: &FetchSettings,
        previous: Previous<K>,
        parser: &'static dyn UrlParser,
    ) -> Result<Self, FetchError> {
        let page = parse_http_url(page_url, parser)?;
        let robots_url = robots_url_of(&page);
        let mut fetch = RobotsFetch {
            config: config.clone(),
            previous,
            robots_url: robots_url.clone(),
            current: robots_url.clone(),
            visited: vec![robots_url],
            parser,
            redirects: 0,
            request: Request::new(String::new(), Vec::new()),
            state: State::Send,
            agent: None,
        };
        fetch.request = fetch.build_request();
        Ok(fetch)
    }

    /// Compile a 2xx body for `agent` alone
    /// ([`PolicyBuilder::build_for_agent`](robots_core::PolicyBuilder::build_for_agent)):
    /// the outcome's policy keeps only the rules and records that apply to the
    /// crawler (and the file-wide records), and answers as `agent` whatever
    /// agent it is asked about. What a crawler that keeps millions of origins'
    /// policies wants (see `AgentPolicyCache`, feature `cache`). A kept copy
    /// ([`Previous`]) is used as it is given.
    ///
    /// ```
    /// use robots_fetch::{FetchSettings, RobotsFetch};
    /// let file = b"User-agent: *\nDisallow: /all\n\nUser-agent: FooBot\nDisallow: /foo\n";
    /// let mut fetch = RobotsFetch::new("https://example.com/", &FetchSettings::default())?
    ///     .for_agent(&b"FooBot"[..]);
    /// fetch.receive_head(200, []);
    /// fetch.receive_body(file);
    /// fetch.end_body();
    /// let outcome = fetch.finish();
    /// let policy = outcome.rules.policy().unwrap();
    /// assert_eq!(policy.rule_count(), 1); // FooBot's rule only
    /// // Any agent asked about gets FooBot's answer.
    /// assert!(!outcome.is_allowed("OtherBot", "https://example.com/foo"));
    /// assert!(outcome.is_allowed("OtherBot", "https://example.com/all"));
    /// # Ok::<(), robots_fetch::FetchError>(())
    /// ```
    #[must_use]
    pub fn for_agent(mut self, agent: impl Into<Arc<[u8]>>) -> Self {
        self.agent = Some(agent.into());
        self
    }

    /// The robots.txt URL of the page's origin.
    pub fn robots_url(&self) -> &str {
        &self.robots_url
    }

    /// The policy this fetch follows.
    pub fn config(&self) -> &FetchSettings {
        &self.config
    }

    /// What to do next.
    pub fn action(&self) -> Action<'_> {
        match &self.state {
            State::Send => Action::Send(&self.request),
            State::Body { body, .. } => Action::Read {
                max: self.config.max_bytes().saturating_sub(body.len()) + 1,
            },
            State::Done(_) => Action::Done,
        }
    }

    /// The response's status and headers arrived (for the request of [`Action::Send`]).
    pub fn receive_head<'h>(
        &mut self,
        status: u16,
        headers: impl IntoIterator<Item = (&'h [u8], &'h [u8])>,
    ) {
        if !matches!(self.state, State::Send) {
            return;
        }
        let headers = ResponseHeaders::read(headers);
        self.state = match status {
            200..=299 => State::Body {
                status,
                headers,
                body: Vec::new(),
            },
            304 => State::Done(self.not_modified(headers)),
            300..=399 => self.redirect(status, &headers),
            401 | 403 if self.config.auth_errors_disallow() => State::Done(self.answer(
                status,
                Rules::DisallowAll,
                FetchReason::Forbidden,
                &headers,
            )),
            429 => State::Done(self.unreachable(Some(status), FetchReason::RateLimited, &headers)),
            400..=499 => State::Done(self.answer(
                status,
                Rules::AllowAll,
                FetchReason::Unavailable,
                &headers,
            )),
            500..=599 => {
                State::Done(self.unreachable(Some(status), FetchReason::Unreachable, &headers))
            }
            _ => State::Done(self.unreachable(Some(status), FetchReason::BadStatus, &headers)),
        };
    }

    /// Body bytes arrived (any amount; only up to the limit is kept).
    pub fn receive_body(&mut self, chunk: &[u8]) {
        let limit = self.config.max_bytes();
        let State::Body { body, .. } = &mut self.state else {
            return;
        };
        let room = limit.saturating_sub(body.len());
        let kept = chunk.get(..room).unwrap_or(chunk);
        body.extend_from_slice(kept);
        if chunk.len() > room {
            self.conclude_body(true);
        }
    }

    /// The body ended.
    pub fn end_body(&mut self) {
        if matches!(self.state, State::Body { .. }) {
            self.conclude_body(false);
        }
    }

    /// No (complete) response: the connection failed or the time ran out. A body
    /// cut short is never parsed, and the outcome has no status.
    pub fn fail(&mut self, failure: Failure) {
        if matches!(self.state, State::Done(_)) {
            return;
        }
        let reason = match failure {
            Failure::Timeout => FetchReason::Timeout,
            _ => FetchReason::NetworkError,
        };
        let mut outcome = self.unreachable(None, reason, &ResponseHeaders::default());
        outcome.failure = Some(failure);
        self.state = State::Done(outcome);
    }

    /// Whether the fetch is over.
    pub fn is_done(&self) -> bool {
        matches!(self.state, State::Done(_))
    }

    /// The outcome. A fetch the driver abandons before the end counts as a
    /// network failure.
    pub fn finish(mut self) -> Outcome<K> {
        if !self.is_done() {
            self.fail(Failure::Network);
        }
        match self.state {
            State::Done(outcome) => outcome,
            // `fail` has just ended every other state.
            _ => self.unreachable(None, FetchReason::NetworkError, &ResponseHeaders::default()),
        }
    }

    /// The request for the current URL; the kept copy's validators go with the
    /// request for the URL they came from.
    fn build_request(&self) -> Request {
        let mut headers = vec![
            ("User-Agent", String::from(self.config.user_agent())),
            ("Accept", String::from(self.config.accept())),
        ];
        if let Some(copy) = &self.previous.copy {
            let v = &copy.validators;
            if v.url == self.current {
                if let Some(etag) = &v.etag {
                    headers.push(("If-None-Match", etag.clone()));
                }
                if let Some(date) = &v.last_modified {
                    headers.push(("If-Modified-Since", date.clone()));
                }
            }
        }
        Request::new(self.current.clone(), headers)
    }

    /// Whether the request just sent carried validators.
    fn sent_validators(&self) -> bool {
        self.request.header("If-None-Match").is_some()
            || self.request.header("If-Modified-Since").is_some()
    }

    /// Follow a 3xx, or end the fetch when it cannot be followed.
    fn redirect(&mut self, status: u16, headers: &ResponseHeaders) -> State<K> {
        let target = headers
            .location
            .as_deref()
            .and_then(|location| redirect_target(&self.current, location, self.parser));
        let Some(target) = target else {
            return State::Done(self.answer(
                status,
                Rules::AllowAll,
                FetchReason::BadRedirect,
                headers,
            ));
        };
        if self.visited.contains(&target) {
            return State::Done(self.answer(
                status,
                Rules::AllowAll,
                FetchReason::RedirectLoop,
                headers,
            ));
        }
        if self.redirects >= self.config.max_redirects() {
            return State::Done(self.answer(
                status,
                Rules::AllowAll,
                FetchReason::TooManyRedirects,
                headers,
            ));
        }
        self.redirects += 1;
        self.visited.push(target.clone());
        self.current = target;
        self.request = self.build_request();
        State::Send
    }

    /// A 304: the kept copy is still good, and lives on without a re-parse.
    fn not_modified(&self, headers: ResponseHeaders) -> Outcome<K> {
        let copy = match &self.previous.copy {
            Some(copy) if self.sent_validators() => copy.clone(),
            _ => return self.unreachable(Some(304), FetchReason::BadStatus, &headers),
        };
        let mut copy = copy;
        if headers.etag.is_some() {
            copy.validators.etag = headers.etag.clone();
        }
        if headers.last_modified.is_some() {
            copy.validators.last_modified = headers.last_modified.clone();
        }
        let mut outcome = self.answer(
            304,
            Rules::Parsed(copy.policy.clone()),
            FetchReason::NotModified,
            &headers,
        );
        outcome.copy = outcome.store.then_some(copy);
        outcome
    }

    /// The body is complete or reached the limit: parse it.
    fn conclude_body(&mut self, truncated: bool) {
        let State::Body {
            status,
            headers,
            body,
        } = core::mem::replace(&mut self.state, State::Send)
        else {
            return;
        };
        // A line cut by the limit is dropped, as the parser drops it at its own cap.
        let parsed_len = if truncated {
            memchr::memrchr2(b'\n', b'\r', &body).map_or(0, |end| end + 1)
        } else {
            body.len()
        };
        let text = body.get(..parsed_len).unwrap_or_default();
        let builder = Policy::builder()
            .profile(self.config.profile().parse_profile())
            .max_bytes(Some(self.config.max_bytes()));
        let policy = K::compile(&builder, text, self.agent.as_deref());
        let mut outcome = self.answer(
            status,
            Rules::Parsed(policy.clone()),
            FetchReason::Ok,
            &headers,
        );
        outcome.bytes = body.len();
        outcome.truncated = truncated;
        let keep = self.config.body_prefix().min(body.len());
        outcome.body_prefix = body.get(..keep).unwrap_or_default().to_vec();
        outcome.copy = outcome.store.then(|| CachedCopy {
            policy,
            validators: Validators {
                url: self.current.clone(),
                etag: headers.etag.clone(),
                last_modified: headers.last_modified.clone(),
            },
            bytes: body.len(),
            truncated,
        });
        self.state = State::Done(outcome);
    }

    /// A definite answer (2xx, 304, 4xx, unfollowable 3xx): it lives as the
    /// response's cache headers say. No copy is kept unless the caller sets one.
    fn answer(
        &self,
        status: u16,
        rules: Rules<K>,
        reason: FetchReason,
        headers: &ResponseHeaders,
    ) -> Outcome<K> {
        Outcome {
            rules,
            reason,
            expires_in: if headers.no_store {
                Duration::ZERO
            } else {
                self.config.lifetime(headers.max_age)
            },
            store: !headers.no_store,
            status: Some(status),
            robots_url: self.robots_url.clone(),
            final_url: self.current.clone(),
            redirects: self.redirects,
            bytes: 0,
            truncated: false,
            copy: None,
            failure: None,
            body_prefix: Vec::new(),
        }
    }

    /// No definite answer: the last good copy bridges the outage, else disallow
    /// all; past the grace period the long-outage choice decides. Retried with backoff.
    fn unreachable(
        &self,
        status: Option<u16>,
        reason: FetchReason,
        headers: &ResponseHeaders,
    ) -> Outcome<K> {
        use super::config::LongOutage;
        let failures = self.previous.failures.saturating_add(1);
        let copy = self.previous.copy.clone();
        let long = self.previous.outage >= self.config.outage_grace();
        let (rules, copy) = match (long, self.config.long_outage(), copy) {
            (true, LongOutage::AllowAll, _) => (Rules::AllowAll, None),
            (true, LongOutage::LastCopyElseAllowAll, None) => (Rules::AllowAll, None),
            (_, _, Some(copy)) => (Rules::Parsed(copy.policy.clone()), Some(copy)),
            (_, _, None) => (Rules::DisallowAll, None),
        };
        Outcome {
            rules,
            reason,
            expires_in: self.config.retry_after(failures, headers.retry_after),
            store: true,
            status,
            robots_url: self.robots_url.clone(),
            final_url: self.current.clone(),
            redirects: self.redirects,
            bytes: 0,
            truncated: false,
            copy,
            failure: None,
            body_prefix: Vec::new(),
        }
    }
}
