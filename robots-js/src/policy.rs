//! `Policy` and `Matcher`: a compiled robots.txt and one crawler's view of it.

use crate::batch::Batch;
use crate::convert::object::{array, lines, text};
use crate::convert::{classify, records, rule, signals};
use crate::options::builder;
use robots_runtime::{DeferredPolicy, OwnedMatcher, Reason, RuleId, Verdict};
use std::cell::{Cell, OnceCell, RefCell};
use std::sync::Arc;
use wasm_bindgen::prelude::*;

/// A robots.txt, parsed once under one profile and compiled on first need.
#[wasm_bindgen]
pub struct Policy {
    /// What `fromRaw` read, until something needs the tables: most pages and
    /// crawlers parse files they never check, and the read costs about a
    /// third of the whole compile (robots-core's `DeferredPolicy`).
    read: RefCell<Option<DeferredPolicy>>,
    /// The compiled policy: built from `read` on first need, or given (a
    /// byte form loaded, a fetch outcome's policy).
    built: OnceCell<Arc<robots_runtime::Policy>>,
    /// The rule behind the last packed check, for `lastRule` (JS is single-threaded).
    last_rule: Cell<Option<RuleId>>,
}

/// The reasons a verdict can give, in the order [`pack`] numbers them.
const REASONS: [Reason; 4] = [
    Reason::Rule,
    Reason::NoMatchingRule,
    Reason::NoGroup,
    Reason::RobotsTxt,
];

/// A verdict as one number, so that a check crosses the boundary once:
/// bit 0 allowed, bit 1 whether a rule decided (`lastRule` gives it), bits
/// 2-4 the reason's index in [`reason_names`].
fn pack(verdict: Verdict) -> u32 {
    let reason = REASONS
        .iter()
        .position(|r| *r == verdict.reason)
        .unwrap_or(REASONS.len());
    // At most 4: exact.
    #[allow(clippy::cast_possible_truncation)]
    let reason = reason as u32;
    (reason << 2) | (u32::from(verdict.rule.is_some()) << 1) | u32::from(verdict.allowed)
}

/// A policy's rule as an object, or `null`.
fn rule_object(policy: &robots_runtime::Policy, id: Option<RuleId>) -> JsValue {
    id.and_then(|id| policy.rule(id))
        .map_or(JsValue::NULL, |r| rule::rule(&r))
}

impl Policy {
    fn new(inner: robots_runtime::Policy) -> Policy {
        Policy::shared(Arc::new(inner))
    }

    /// A JS policy over a policy shared with a fetch outcome.
    pub(crate) fn shared(inner: Arc<robots_runtime::Policy>) -> Policy {
        Policy {
            read: RefCell::new(None),
            built: OnceCell::from(inner),
            last_rule: Cell::new(None),
        }
    }

    /// A JS policy over a file read, its tables not built yet.
    fn deferred(read: DeferredPolicy) -> Policy {
        Policy {
            read: RefCell::new(Some(read)),
            built: OnceCell::new(),
            last_rule: Cell::new(None),
        }
    }

    /// The compiled policy, built now if it was not yet.
    fn inner(&self) -> &Arc<robots_runtime::Policy> {
        self.built
            .get_or_init(|| match self.read.borrow_mut().take() {
                // By value: what was read becomes the tables, with no copy kept.
                Some(read) => Arc::new(read.into_policy()),
                None => unread(),
            })
    }

    /// `f` of what was read, while the tables are not built; `None` after.
    fn unbuilt<T>(&self, f: impl FnOnce(&DeferredPolicy) -> T) -> Option<T> {
        if self.built.get().is_some() {
            return None;
        }
        self.read.borrow().as_ref().map(f)
    }
}

/// A policy holds what it read until it builds, and its tables after: one of
/// the two is always there.
#[cold]
#[inline(never)]
fn unread() -> ! {
    panic!("bug: a policy with neither its read nor its tables")
}

/// The reason names, indexed as [`pack`] numbers them; unknown last.
#[wasm_bindgen(js_name = reasonNames)]
pub fn reason_names() -> Vec<String> {
    REASONS
        .iter()
        .map(|r| r.name().to_owned())
        .chain(std::iter::once(String::from("unknown")))
        .collect()
}

/// Every profile name, default first.
#[wasm_bindgen(js_name = profileNames)]
pub fn profile_names() -> Vec<String> {
    robots_runtime::Profile::ALL
        .iter()
        .map(|p| p.name().to_owned())
        .collect()
}

fn error(e: &robots_runtime::Error) -> JsError {
    JsError::new(&e.to_string())
}

#[wasm_bindgen]
impl Policy {
    /// Parse raw bytes (any bytes: a robots.txt never fails to parse).
    #[wasm_bindgen(js_name = fromRaw)]
    pub fn from_raw(
        bytes: &[u8],
        profile: &str,
        max_bytes: Option<f64>,
    ) -> Result<Policy, JsError> {
        Ok(Policy::deferred(
            builder(profile, max_bytes)?.build_deferred(bytes),
        ))
    }

    /// Load a policy from its byte form; every byte is checked first.
    ///
    /// # Errors
    /// When the bytes are not a policy this build reads.
    #[wasm_bindgen(js_name = fromBytes)]
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Policy, JsError> {
        robots_runtime::Policy::from_bytes(bytes)
            .map(Policy::new)
            .map_err(|e| error(&e))
    }

    /// The byte form ([`Policy::from_bytes`] loads it back).
    #[wasm_bindgen(js_name = toBytes)]
    pub fn to_bytes(&self) -> Vec<u8> {
        self.inner().to_bytes()
    }

    /// Whether `agent` may fetch `url`.
    #[wasm_bindgen(js_name = isAllowed)]
    pub fn is_allowed(&self, agent: &str, url: &str) -> bool {
        self.inner().is_allowed(agent, url)
    }

    /// The verdict, packed (see `pack`).
    #[wasm_bindgen(js_name = checkPacked)]
    pub fn check_packed(&self, agent: &str, url: &str) -> u32 {
        let verdict = self.inner().check(agent, url);
        self.last_rule.set(verdict.rule);
        pack(verdict)
    }

    /// The rule behind the last `checkPacked`, as an object, or `null`.
    #[wasm_bindgen(js_name = lastRule)]
    pub fn last_rule(&self) -> JsValue {
        rule_object(self.inner(), self.last_rule.get())
    }

    /// The whole decision behind a verdict.
    #[cfg(feature = "full")]
    pub fn explain(&self, agent: &str, url: &str) -> JsValue {
        crate::convert::explain::explanation(&self.inner().explain(agent, url))
    }

    /// The policy narrowed to `agent`, resolved once.
    pub fn matcher(&self, agent: &str) -> Matcher {
        Matcher {
            resolved: OwnedMatcher::new(self.inner().clone(), agent),
            last_rule: Cell::new(None),
            agent: agent.to_owned(),
            chain_choice: None,
        }
    }

    /// The policy narrowed to the first token of `tokens` that a group names;
    /// when none does, to the `*` groups unless `obeys_wildcard` is false (a
    /// crawler the registry documents to ignore `*`: then no group applies).
    #[wasm_bindgen(js_name = matcherChain)]
    pub fn matcher_chain(&self, tokens: Vec<String>, obeys_wildcard: bool) -> Matcher {
        let choice = self.inner().chain_choice(&tokens);
        // The token whose groups apply, or the first (then `*` applies to it as to the chain).
        let agent = choice
            .and_then(|i| tokens.get(i))
            .or_else(|| tokens.first())
            .cloned()
            .unwrap_or_default();
        Matcher {
            resolved: OwnedMatcher::chain_obeying(self.inner().clone(), &tokens, obeys_wildcard),
            last_rule: Cell::new(None),
            agent,
            chain_choice: choice,
        }
    }

    /// For each of the `count` URLs of the batch (see [`Batch`]), 1 when
    /// `agent` may fetch it; `undefined` when a URL holds a `\n` (call
    /// `allowedManyCut` with the lengths).
    #[wasm_bindgen(js_name = allowedMany)]
    pub fn allowed_many(&self, agent: &str, joined: &[u8], count: u32) -> Option<Vec<u8>> {
        let matcher = self.inner().matcher(agent);
        let batch = Batch::split(joined, count)?;
        batch.allowed(&matcher).ok()
    }

    /// [`Policy::allowed_many`] for a batch cut by each URL's UTF-16 length.
    #[wasm_bindgen(js_name = allowedManyCut)]
    pub fn allowed_many_cut(
        &self,
        agent: &str,
        joined: &[u8],
        lengths: &[u32],
    ) -> Result<Vec<u8>, JsError> {
        let matcher = self.inner().matcher(agent);
        Batch::with_lengths(joined, lengths)?.allowed(&matcher)
    }

    /// Crawl delay in seconds, or `undefined`.
    #[wasm_bindgen(js_name = crawlDelay)]
    pub fn crawl_delay(&self, agent: &str) -> Option<f64> {
        self.inner()
            .matcher(agent)
            .crawl_delay()
            .map(|d| d.as_secs_f64())
    }

    /// `{ requests, seconds, window }` or `null`.
    #[wasm_bindgen(js_name = requestRate)]
    pub fn request_rate(&self, agent: &str) -> JsValue {
        self.inner()
            .matcher(agent)
            .request_rate()
            .map_or(JsValue::NULL, |r| records::request_rate(&r))
    }

    /// `[start, end]` (minutes after midnight UTC) or `null`.
    #[wasm_bindgen(js_name = visitTime)]
    pub fn visit_time(&self, agent: &str) -> JsValue {
        self.inner()
            .matcher(agent)
            .visit_time()
            .map_or(JsValue::NULL, |w| records::window(&w))
    }

    /// Whether `agent` may fetch every path, none or some, decided exactly
    /// over the rules (see `convert::classify` for the object).
    pub fn classify(&self, agent: &str) -> JsValue {
        classify::classification(&self.inner().matcher(agent).classify())
    }

    /// The `Content-Signal` of the groups that apply to `agent`, or `null`.
    #[wasm_bindgen(js_name = contentSignals)]
    pub fn content_signals(&self, agent: &str) -> JsValue {
        self.inner()
            .matcher(agent)
            .content_signals()
            .map_or(JsValue::NULL, |s| signals::content_signals(&s))
    }

    /// The `Content-Usage` preferences of `agent` for `url`, or `null`.
    #[wasm_bindgen(js_name = contentUsage)]
    pub fn content_usage(&self, agent: &str, url: &str) -> JsValue {
        self.inner()
            .matcher(agent)
            .content_usage(url)
            .map_or(JsValue::NULL, |p| signals::usage_prefs(&p))
    }

    /// The valid `LLM-Policy` URLs, in file order, as [`lines`].
    #[wasm_bindgen(js_name = llmPolicies)]
    pub fn llm_policies(&self) -> String {
        lines(self.inner().llm_policies())
    }

    /// The valid `License` URLs (RSL 1.0), in file order, as [`lines`].
    pub fn licenses(&self) -> String {
        lines(self.inner().licenses())
    }

    /// The `Sitemap` URLs, in file order, as [`lines`].
    pub fn sitemaps(&self) -> String {
        self.unbuilt(|read| lines(read.sitemaps()))
            .unwrap_or_else(|| lines(self.inner().sitemaps()))
    }

    /// The `Host` value, or `null`.
    pub fn host(&self) -> JsValue {
        self.inner().host().map_or(JsValue::NULL, |h| text(h))
    }

    /// The `Clean-param` values, in file order, as [`lines`].
    #[wasm_bindgen(js_name = cleanParams)]
    pub fn clean_params(&self) -> String {
        lines(self.inner().clean_params())
    }

    /// Every extension record, in file order.
    pub fn records(&self) -> JsValue {
        array(self.inner().records(), |r| records::record(&r))
    }

    /// The groups: `{ id, line, agents: [{ line, value }] }`.
    pub fn groups(&self) -> JsValue {
        array(self.inner().groups(), |g| crate::convert::rule::group(&g))
    }

    /// Every rule, in file order.
    pub fn rules(&self) -> JsValue {
        array(self.inner().rules(), |r| rule::rule(&r))
    }

    /// Where the parsing cap cut the text: `{ maxBytes, inputLen,
    /// firstIgnoredLine }`, or `null` when all of it was read.
    pub fn truncation(&self) -> JsValue {
        self.unbuilt(DeferredPolicy::truncation)
            .unwrap_or_else(|| self.inner().truncation())
            .map_or(JsValue::NULL, |t| records::truncation(&t))
    }

    /// The profile's name.
    pub fn profile(&self) -> String {
        self.unbuilt(DeferredPolicy::profile)
            .unwrap_or_else(|| self.inner().profile())
            .name()
            .to_owned()
    }
}

/// A policy narrowed to one crawler.
#[wasm_bindgen]
pub struct Matcher {
    /// The policy and the crawler's groups in it, resolved once.
    resolved: OwnedMatcher,
    /// The rule behind the last packed check.
    last_rule: Cell<Option<RuleId>>,
    /// The token the groups were chosen by (for a chain: the chosen token).
    #[cfg_attr(not(feature = "full"), allow(dead_code))]
    agent: String,
    /// For a chain: the index of the token whose groups apply, if one does.
    chain_choice: Option<usize>,
}

impl Matcher {
    fn matcher(&self) -> robots_runtime::Matcher<'_> {
        self.resolved.matcher()
    }

    fn check_batch(&self, batch: &Batch<'_>) -> Result<Vec<u32>, JsError> {
        let policy = self.resolved.policy();
        let matcher = self.matcher();
        batch.each(|url| {
            let verdict = matcher.check(url);
            let line = verdict
                .rule
                .and_then(|id| policy.rule(id))
                .map_or(0, |r| r.line);
            (line << 1) | u32::from(verdict.allowed)
        })
    }
}

#[wasm_bindgen]
impl Matcher {
    /// Whether any group applies to this crawler.
    #[wasm_bindgen(js_name = hasGroup)]
    pub fn has_group(&self) -> bool {
        self.matcher().has_group()
    }

    /// Whether the crawler may fetch `url`.
    #[wasm_bindgen(js_name = isAllowed)]
    pub fn is_allowed(&self, url: &str) -> bool {
        self.matcher().is_allowed(url)
    }

    /// The verdict, packed.
    #[wasm_bindgen(js_name = checkPacked)]
    pub fn check_packed(&self, url: &str) -> u32 {
        let verdict = self.matcher().check(url);
        self.last_rule.set(verdict.rule);
        pack(verdict)
    }

    /// The rule behind the last `checkPacked`, as an object, or `null`.
    #[wasm_bindgen(js_name = lastRule)]
    pub fn last_rule(&self) -> JsValue {
        rule_object(self.resolved.policy(), self.last_rule.get())
    }

    /// For each of the `count` URLs of the batch, 1 when the crawler may
    /// fetch it; `undefined` when a URL holds a `\n` (use `allowedManyCut`).
    #[wasm_bindgen(js_name = allowedMany)]
    pub fn allowed_many(&self, joined: &[u8], count: u32) -> Option<Vec<u8>> {
        let matcher = self.matcher();
        let batch = Batch::split(joined, count)?;
        batch.allowed(&matcher).ok()
    }

    /// [`Matcher::allowed_many`] for a batch cut by each URL's UTF-16 length.
    #[wasm_bindgen(js_name = allowedManyCut)]
    pub fn allowed_many_cut(&self, joined: &[u8], lengths: &[u32]) -> Result<Vec<u8>, JsError> {
        let matcher = self.matcher();
        Batch::with_lengths(joined, lengths)?.allowed(&matcher)
    }

    /// Crawl delay in seconds, or `undefined`.
    #[wasm_bindgen(js_name = crawlDelay)]
    pub fn crawl_delay(&self) -> Option<f64> {
        self.matcher().crawl_delay().map(|d| d.as_secs_f64())
    }

    /// `{ requests, seconds, window }` or `null`.
    #[wasm_bindgen(js_name = requestRate)]
    pub fn request_rate(&self) -> JsValue {
        self.matcher()
            .request_rate()
            .map_or(JsValue::NULL, |r| records::request_rate(&r))
    }

    /// `[start, end]` or `null`.
    #[wasm_bindgen(js_name = visitTime)]
    pub fn visit_time(&self) -> JsValue {
        self.matcher()
            .visit_time()
            .map_or(JsValue::NULL, |w| records::window(&w))
    }

    /// Whether the crawler may fetch every path, none or some, decided
    /// exactly over the rules.
    pub fn classify(&self) -> JsValue {
        classify::classification(&self.matcher().classify())
    }

    /// The `Content-Signal` of the groups that apply, or `null`.
    #[wasm_bindgen(js_name = contentSignals)]
    pub fn content_signals(&self) -> JsValue {
        self.matcher()
            .content_signals()
            .map_or(JsValue::NULL, |s| signals::content_signals(&s))
    }

    /// The `Content-Usage` preferences for `url`, or `null`.
    #[wasm_bindgen(js_name = contentUsage)]
    pub fn content_usage(&self, url: &str) -> JsValue {
        self.matcher()
            .content_usage(url)
            .map_or(JsValue::NULL, |p| signals::usage_prefs(&p))
    }

    /// For each of the `count` URLs of the batch, `line << 1 | allowed`: the
    /// deciding rule's line (0: none) and the verdict, in one call;
    /// `undefined` when a URL holds a `\n` (use `checkManyCut`).
    #[wasm_bindgen(js_name = checkMany)]
    pub fn check_many(&self, joined: &[u8], count: u32) -> Option<Vec<u32>> {
        let batch = Batch::split(joined, count)?;
        self.check_batch(&batch).ok()
    }

    /// [`Matcher::check_many`] for a batch cut by each URL's UTF-16 length.
    #[wasm_bindgen(js_name = checkManyCut)]
    pub fn check_many_cut(&self, joined: &[u8], lengths: &[u32]) -> Result<Vec<u32>, JsError> {
        self.check_batch(&Batch::with_lengths(joined, lengths)?)
    }

    /// The whole decision behind the verdict for `url`.
    #[cfg(feature = "full")]
    pub fn explain(&self, url: &str) -> JsValue {
        let policy = self.resolved.policy();
        crate::convert::explain::explanation(&policy.explain(&self.agent, url))
    }

    /// The token the groups were chosen by: the agent, or for a chain the
    /// chosen token (`undefined` when none is named and `*` applies).
    #[wasm_bindgen(js_name = chainChoice)]
    pub fn chain_choice(&self) -> Option<usize> {
        self.chain_choice
    }

    /// The first lines of the groups that apply.
    #[wasm_bindgen(js_name = groupLines)]
    pub fn group_lines(&self) -> Vec<u32> {
        let policy = self.resolved.policy();
        self.matcher()
            .groups()
            .filter_map(|g| policy.group(g))
            .map(|g| g.line)
            .collect()
    }
}
