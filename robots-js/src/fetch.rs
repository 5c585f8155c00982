//! The RFC 9309 fetch state machine, driven from JavaScript.
//!
//! `robots_fetch::RobotsFetch` does no I/O: it says which request to send and
//! takes the response back piece by piece. The package's `fetchRobots` sends
//! the requests with the platform's `fetch` and feeds this machine, which
//! parses URLs with the platform's `URL` ([`platform_url`]).

mod platform_url;

use crate::convert::fetch::{action, outcome};
use crate::options::builder;
use crate::policy::Policy;
use crate::quote::quoted;
use platform_url::PlatformUrl;
use robots_fetch::{
    origin_key_with, Failure, FetchProfile, FetchSettings, Outcome, Previous, RobotsFetch,
};
use std::time::Duration;
use wasm_bindgen::prelude::*;

/// One robots.txt fetch in progress.
#[wasm_bindgen]
pub struct FetchMachine {
    /// `None` once finished.
    machine: Option<RobotsFetch>,
}

/// A finished fetch: what `fetchRobots` answers, and what the next fetch of
/// the origin revalidates with.
#[wasm_bindgen]
pub struct FetchOutcome {
    outcome: Outcome,
}

fn fetch_policy(
    profile: &str,
    agent: &str,
    max_bytes: Option<f64>,
    timeout_ms: Option<f64>,
) -> Result<FetchSettings, JsError> {
    let fetch_profile: FetchProfile = profile.parse().map_err(|_| {
        JsError::new(&format!(
            "unknown fetch profile {}: expected rfc9309 or google",
            quoted(profile)
        ))
    })?;
    let mut config = FetchSettings::new(fetch_profile);
    if !agent.is_empty() {
        config = config.with_user_agent(agent);
    }
    if max_bytes.is_some() {
        // The same checks as a policy's cap.
        builder(profile, max_bytes)?;
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let cap = max_bytes.unwrap_or_default() as usize;
        config = config.with_max_bytes(cap);
    }
    if let Some(ms) = timeout_ms.filter(|ms| *ms >= 0.0) {
        // Past what a Duration holds (Infinity, 1e300) is no limit.
        let timeout = Duration::try_from_secs_f64(ms / 1000.0).unwrap_or(Duration::MAX);
        config = config.with_timeout(timeout);
    }
    Ok(config)
}

#[wasm_bindgen]
impl FetchMachine {
    /// Start fetching the robots.txt that governs `page_url`, with nothing remembered.
    ///
    /// # Errors
    /// When `page_url` is not an absolute http(s) URL with a host, or a
    /// profile or cap is wrong.
    #[wasm_bindgen(constructor)]
    pub fn new(
        page_url: &str,
        profile: &str,
        agent: &str,
        max_bytes: Option<f64>,
        timeout_ms: Option<f64>,
    ) -> Result<FetchMachine, JsError> {
        Self::start(
            page_url,
            profile,
            agent,
            max_bytes,
            timeout_ms,
            Previous::default(),
        )
    }

    /// Start fetching with what is remembered of the origin: `previous` (its
    /// last outcome) gives the kept copy, revalidated and bridging an outage of
    /// `failures` unreachable outcomes in a row over `outage_ms`.
    ///
    /// # Errors
    /// As [`FetchMachine::new`].
    #[allow(clippy::too_many_arguments)]
    pub fn revalidate(
        page_url: &str,
        profile: &str,
        agent: &str,
        max_bytes: Option<f64>,
        timeout_ms: Option<f64>,
        previous: &FetchOutcome,
        failures: u32,
        outage_ms: f64,
    ) -> Result<FetchMachine, JsError> {
        let previous = Previous {
            copy: previous.outcome.copy.clone(),
            failures,
            // NaN and below zero are no outage; past what a Duration holds, the longest.
            outage: Duration::try_from_secs_f64(outage_ms.max(0.0) / 1000.0)
                .unwrap_or(Duration::MAX),
        };
        Self::start(page_url, profile, agent, max_bytes, timeout_ms, previous)
    }

    fn start(
        page_url: &str,
        profile: &str,
        agent: &str,
        max_bytes: Option<f64>,
        timeout_ms: Option<f64>,
        previous: Previous,
    ) -> Result<FetchMachine, JsError> {
        let config = fetch_policy(profile, agent, max_bytes, timeout_ms)?;
        let machine =
            RobotsFetch::with_parser(page_url, &config, previous, &PlatformUrl).map_err(|e| {
                JsError::new(&format!(
                    "cannot fetch robots.txt for {}: {e}",
                    quoted(page_url)
                ))
            })?;
        Ok(FetchMachine {
            machine: Some(machine),
        })
    }

    /// What to do next: `{ kind: "send", url, headers }`, `{ kind: "read", max }`
    /// or `{ kind: "done" }`.
    pub fn action(&self) -> JsValue {
        self.machine
            .as_ref()
            .map_or_else(crate::convert::fetch::done, |m| action(&m.action()))
    }

    /// The response head arrived: its status, header names and values.
    #[wasm_bindgen(js_name = receiveHead)]
    pub fn receive_head(&mut self, status: u16, names: Vec<String>, values: Vec<String>) {
        if let Some(m) = &mut self.machine {
            m.receive_head(
                status,
                names
                    .iter()
                    .zip(values.iter())
                    .map(|(n, v)| (n.as_bytes(), v.as_bytes())),
            );
        }
    }

    /// Body bytes arrived.
    #[wasm_bindgen(js_name = receiveBody)]
    pub fn receive_body(&mut self, chunk: &[u8]) {
        if let Some(m) = &mut self.machine {
            m.receive_body(chunk);
        }
    }

    /// The body ended.
    #[wasm_bindgen(js_name = endBody)]
    pub fn end_body(&mut self) {
        if let Some(m) = &mut self.machine {
            m.end_body();
        }
    }

    /// No (complete) response: `timeout` true for a time-out, false for a network error.
    pub fn fail(&mut self, timeout: bool) {
        if let Some(m) = &mut self.machine {
            m.fail(if timeout {
                Failure::Timeout
            } else {
                Failure::Network
            });
        }
    }

    /// The outcome (a fetch given up before the end is a network failure).
    ///
    /// # Errors
    /// When called twice.
    pub fn finish(&mut self) -> Result<FetchOutcome, JsError> {
        let machine = self
            .machine
            .take()
            .ok_or_else(|| JsError::new("this fetch is already finished"))?;
        Ok(FetchOutcome {
            outcome: machine.finish(),
        })
    }
}

#[wasm_bindgen]
impl FetchOutcome {
    /// The outcome's fields as a plain object (see `convert::fetch::outcome`).
    pub fn describe(&self) -> JsValue {
        outcome(&self.outcome)
    }

    /// The parsed policy, or `undefined` for allow-all and disallow-all.
    pub fn policy(&self) -> Option<Policy> {
        self.outcome
            .rules
            .policy()
            .map(|p| Policy::shared(p.clone()))
    }

    /// Whether `agent` may fetch `url` under the outcome's rules.
    #[wasm_bindgen(js_name = isAllowed)]
    pub fn is_allowed(&self, agent: &str, url: &str) -> bool {
        self.outcome.is_allowed(agent, url)
    }
}

/// The key of `url`'s origin (`scheme://host:port`), for caches.
///
/// # Errors
/// When `url` is not an absolute http(s) URL with a host.
#[wasm_bindgen(js_name = originKey)]
pub fn origin_key_of(url: &str) -> Result<String, JsError> {
    origin_key_with(url, &PlatformUrl)
        .map(|k| k.into_owned())
        .map_err(|e| JsError::new(&format!("{}: {e}", quoted(url))))
}
