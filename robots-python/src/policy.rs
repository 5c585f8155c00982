//! `Policy` and `Matcher`: a compiled robots.txt and one crawler's view of it.

use crate::agents::same_type;
use crate::classify::{classification, Classification};
use crate::crawler;
use crate::explain::Explanation;
use crate::groups;
use crate::input::{builder, lossy, text_bytes};
use crate::urls::Urls;
use crate::verdict::{RequestRate, Verdict};
use numpy::{IntoPyArray, PyArray1, PyReadonlyArray1};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple};
use robots_runtime::{OwnedMatcher, PolicyBuilder};
use std::sync::Arc;

/// A robots.txt, parsed and compiled once under one profile.
///
/// ``Policy(body, profile="rfc9309", max_bytes=None)`` accepts any bytes (or a
/// str, read as UTF-8): a robots.txt never fails to parse. ``profile`` is one of
/// ``"rfc9309"`` (RFC 9309 to the letter), ``"google"`` (Google's parser, quirks
/// included), ``"draft1996"`` (first match in file order, as urllib.robotparser)
/// or ``"original1994"``. ``max_bytes`` caps how much of the body is read
/// (``None``: the profile's default, 500 KiB, or no cap for ``google``).
///
/// A policy is immutable: checks may run on many threads at once. It pickles
/// as its body, profile and cap, and is rebuilt on unpickling.
#[pyclass(frozen, module = "robots_engine")]
pub struct Policy {
    compiled: Arc<robots_runtime::Policy>,
    body: Arc<[u8]>,
    builder: PolicyBuilder,
    /// The cap as given, so a pickled policy is rebuilt with the same argument.
    max_bytes_arg: Option<i128>,
}

#[pymethods]
impl Policy {
    #[new]
    #[pyo3(signature = (body, profile = "rfc9309", max_bytes = None))]
    fn new(
        py: Python<'_>,
        body: &Bound<'_, PyAny>,
        profile: &str,
        max_bytes: Option<i128>,
    ) -> PyResult<Policy> {
        let builder = builder(profile, max_bytes)?;
        let body: Arc<[u8]> = Arc::from(text_bytes(body, "body")?.as_ref());
        // Parsing is linear in the body: let other threads run meanwhile.
        let compiled = py.detach(|| builder.build(&*body));
        Ok(Policy {
            compiled: Arc::new(compiled),
            body,
            builder,
            max_bytes_arg: max_bytes,
        })
    }

    /// Whether ``agent`` may fetch ``url`` (a full URL, or a path with query).
    fn is_allowed(&self, agent: &Bound<'_, PyAny>, url: &Bound<'_, PyAny>) -> PyResult<bool> {
        let agent = text_bytes(agent, "agent")?;
        let url = text_bytes(url, "url")?;
        Ok(self.compiled.is_allowed(&*agent, &*url))
    }

    /// The ``Content-Signal`` of the groups that apply to ``agent``, as
    /// ``{"search": True, "ai-input": None, "ai-train": False}`` (``None``: not
    /// stated), or ``None`` when the groups have none.
    fn content_signals<'py>(
        &self,
        py: Python<'py>,
        agent: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let agent = text_bytes(agent, "agent")?;
        let Some(s) = self.compiled.matcher(&*agent).content_signals() else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        dict.set_item("search", s.search)?;
        dict.set_item("ai-input", s.ai_input)?;
        dict.set_item("ai-train", s.ai_train)?;
        Ok(Some(dict))
    }

    /// The ``Content-Usage`` preferences for ``agent`` and ``url`` (the rule with
    /// the longest matching path), as ``{"train-ai": False, "search": None}``, or
    /// ``None`` when no rule applies.
    fn content_usage<'py>(
        &self,
        py: Python<'py>,
        agent: &Bound<'_, PyAny>,
        url: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let agent = text_bytes(agent, "agent")?;
        let url = text_bytes(url, "url")?;
        let Some(prefs) = self.compiled.matcher(&*agent).content_usage(&*url) else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        dict.set_item("train-ai", prefs.train_ai)?;
        dict.set_item("search", prefs.search)?;
        Ok(Some(dict))
    }

    /// Every valid ``LLM-Policy`` URL, in file order.
    #[getter]
    fn llm_policies(&self) -> Vec<String> {
        self.compiled.llm_policies().map(|u| lossy(u)).collect()
    }

    /// Every valid ``License`` URL (RSL 1.0: the site's license file), in file order.
    #[getter]
    fn licenses(&self) -> Vec<String> {
        self.compiled.licenses().map(|u| lossy(u)).collect()
    }

    /// Whether ``agent`` may fetch every path, none, or some: a
    /// :class:`Classification`, decided exactly over the rules.
    fn classify(&self, py: Python<'_>, agent: &Bound<'_, PyAny>) -> PyResult<Classification> {
        let agent = text_bytes(agent, "agent")?;
        let compiled = &self.compiled;
        Ok(py.detach(|| classification(&compiled.matcher(&*agent).classify())))
    }

    /// The verdict for ``agent`` and ``url``, with the rule that decided it.
    fn check(&self, agent: &Bound<'_, PyAny>, url: &Bound<'_, PyAny>) -> PyResult<Verdict> {
        let agent = text_bytes(agent, "agent")?;
        let url = text_bytes(url, "url")?;
        Ok(Verdict::new(
            &self.compiled,
            self.compiled.check(&*agent, &*url),
        ))
    }

    /// The whole decision for ``agent`` and ``url``, as an ``Explanation``:
    /// the path as the profile compares it, which groups applied and why,
    /// every matching rule best first, how the first won, and the verdict.
    fn explain(&self, agent: &Bound<'_, PyAny>, url: &Bound<'_, PyAny>) -> PyResult<Explanation> {
        let agent = text_bytes(agent, "agent")?;
        let url = text_bytes(url, "url")?;
        let explanation = self.compiled.explain(&*agent, &*url);
        Ok(Explanation::new(&self.compiled, &explanation))
    }

    /// The policy narrowed to one crawler: resolve the agent once, check many URLs.
    fn matcher(&self, agent: &Bound<'_, PyAny>) -> PyResult<Matcher> {
        let agent = text_bytes(agent, "agent")?.into_owned();
        let resolved = OwnedMatcher::new(Arc::clone(&self.compiled), &agent);
        Ok(Matcher { resolved, agent })
    }

    /// The policy narrowed to a crawler that falls back to other tokens:
    /// ``tokens`` most specific first (``robots_engine.family_chain`` gives a
    /// crawler's); the groups of the first token some group names apply, else
    /// the ``*`` groups.
    fn matcher_chain(&self, tokens: Vec<Bound<'_, PyAny>>) -> PyResult<Matcher> {
        let tokens = tokens
            .iter()
            .map(|t| text_bytes(t, "token").map(std::borrow::Cow::into_owned))
            .collect::<PyResult<Vec<Vec<u8>>>>()?;
        let agent = tokens.first().cloned().unwrap_or_default();
        let resolved = OwnedMatcher::chain(Arc::clone(&self.compiled), &tokens);
        Ok(Matcher { resolved, agent })
    }

    /// The token whose groups apply to the crawler ``agent`` names, read as
    /// ``robots report`` reads a crawler: the first of ``agent`` and the
    /// fallbacks the registry documents for it (``Googlebot-Image`` →
    /// ``Googlebot``) that some group names, else ``agent`` itself (the ``*``
    /// groups apply); ``None`` when no group applies because the registry
    /// documents the crawler as ignoring ``*`` (``AdsBot-Google``) and no
    /// group names it: it may fetch every URL. ``str`` for a ``str``
    /// argument, ``bytes`` for ``bytes``.
    fn obeyed_token<'py>(
        &self,
        py: Python<'py>,
        agent: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let bytes = text_bytes(agent, "agent")?;
        Ok(crawler::obeyed_token(&self.compiled, &bytes).map(|t| same_type(py, agent, t)))
    }

    /// How much of the site the crawler ``agent`` names may fetch, as
    /// ``robots report`` gives its row (the registry's fallbacks and its
    /// rule for a crawler that ignores ``*`` included): a dict of ``kind``
    /// (``allowed``, ``blocked``, ``partial``, ``undecided``),
    /// ``allowed_path``, ``allowed_line``, ``disallowed_path``,
    /// ``disallowed_line`` (a ``partial`` answer's shortest witnesses) and
    /// ``reason`` (why an answer is ``undecided``), ``None`` where absent.
    fn access_of<'py>(
        &self,
        py: Python<'py>,
        agent: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let agent = text_bytes(agent, "agent")?;
        let compiled = &self.compiled;
        let access = py.detach(|| crawler::access(compiled, &agent));
        access_dict(py, &access)
    }

    /// For each URL in ``urls``, whether ``agent`` may fetch it: a NumPy bool
    /// array. See ``Matcher.allowed_many``.
    fn allowed_many<'py>(
        &self,
        py: Python<'py>,
        agent: &Bound<'py, PyAny>,
        urls: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        self.matcher(agent)?.allowed_many(py, urls)
    }

    /// The crawl delay in seconds of the groups that apply to ``agent``, or ``None``.
    fn crawl_delay(&self, agent: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
        self.matcher(agent)?.crawl_delay()
    }

    /// The request rate of the groups that apply to ``agent``, or ``None``.
    fn request_rate(&self, agent: &Bound<'_, PyAny>) -> PyResult<Option<RequestRate>> {
        self.matcher(agent)?.request_rate()
    }

    /// The ``Visit-time`` window of the groups that apply to ``agent``, as
    /// ``(start, end)`` minutes after midnight UTC, or ``None``.
    fn visit_time(&self, agent: &Bound<'_, PyAny>) -> PyResult<Option<(u16, u16)>> {
        self.matcher(agent)?.visit_time()
    }

    /// The ``Sitemap`` URLs, in file order.
    #[getter]
    fn sitemaps(&self) -> Vec<String> {
        self.compiled.sitemaps().map(|s| lossy(s)).collect()
    }

    /// The first valid ``Host`` record (Yandex), or ``None``.
    #[getter]
    fn host(&self) -> Option<String> {
        self.compiled.host().map(|h| lossy(h))
    }

    /// The profile's name.
    #[getter]
    fn profile(&self) -> &'static str {
        self.compiled.profile().name()
    }

    /// The parsing cap in bytes in force, or ``None`` for no cap.
    #[getter]
    fn max_bytes(&self) -> Option<usize> {
        self.builder.options().max_bytes
    }

    /// The robots.txt body this policy was built from.
    #[getter]
    fn body<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.body)
    }

    /// How many rules were compiled.
    #[getter]
    fn rule_count(&self) -> usize {
        self.compiled.rule_count()
    }

    /// The groups as the profile reads them, in file order: one dict each with
    /// ``line`` (of its first user-agent line), ``agents`` (the user-agent
    /// values as written), ``rules`` (``(line, directive, pattern)``) and
    /// ``records`` (``(line, directive, value)`` of its crawl-delay,
    /// request-rate, visit-time and comment lines).
    fn groups<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        groups::groups(py, &self.body, self.builder.options())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.get();
        let args = (
            PyBytes::new(py, &this.body),
            this.compiled.profile().name(),
            this.max_bytes_arg,
        );
        (slf.get_type(), args).into_pyobject(py)
    }

    fn __repr__(&self) -> String {
        format!(
            "Policy(<{} bytes>, profile={:?}, rules={})",
            self.body.len(),
            self.compiled.profile().name(),
            self.compiled.rule_count()
        )
    }
}

/// A policy narrowed to one crawler (``Policy.matcher(agent)``).
///
/// Immutable and thread-safe, like its policy.
#[pyclass(frozen, module = "robots_engine")]
pub struct Matcher {
    /// The policy and the crawler's groups in it, resolved once, when the
    /// Python `Matcher` is made, not on every check.
    resolved: OwnedMatcher,
    agent: Vec<u8>,
}

impl Matcher {
    fn matcher(&self) -> robots_runtime::Matcher<'_> {
        self.resolved.matcher()
    }

    fn policy(&self) -> &robots_runtime::Policy {
        self.resolved.policy()
    }
}

#[pymethods]
impl Matcher {
    /// The crawler's name, as given.
    #[getter]
    fn agent(&self) -> String {
        lossy(&self.agent)
    }

    /// Whether this crawler may fetch every path, none, or some (see
    /// :meth:`Policy.classify`).
    fn classify(&self, py: Python<'_>) -> Classification {
        py.detach(|| classification(&self.matcher().classify()))
    }

    /// Whether any group applies to this crawler.
    #[getter]
    fn has_group(&self) -> bool {
        self.matcher().has_group()
    }

    /// Whether the crawler may fetch ``url``.
    fn is_allowed(&self, url: &Bound<'_, PyAny>) -> PyResult<bool> {
        let url = text_bytes(url, "url")?;
        Ok(self.matcher().is_allowed(&*url))
    }

    /// The verdict for ``url``, with the rule that decided it.
    fn check(&self, url: &Bound<'_, PyAny>) -> PyResult<Verdict> {
        let url = text_bytes(url, "url")?;
        Ok(Verdict::new(self.policy(), self.matcher().check(&*url)))
    }

    /// For each URL, whether the crawler may fetch it: a NumPy bool array of
    /// the same length.
    ///
    /// ``urls`` is a list or tuple of str (or bytes), a 1-D NumPy array of
    /// str, bytes or objects, a PyArrow string or binary array (or chunked
    /// array, or anything with ``__arrow_c_array__``), or any iterable of str.
    /// Arrow arrays are read in place; the checks run with the GIL released.
    /// A ``None`` or null URL is a ``ValueError``; a non-text item a ``TypeError``.
    fn allowed_many<'py>(
        &self,
        py: Python<'py>,
        urls: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let urls = Urls::from_python(urls)?;
        let matcher = self.matcher();
        let verdicts = py.detach(|| urls.allowed(&matcher));
        Ok(verdicts.into_pyarray(py))
    }

    /// The crawl delay in seconds, or ``None``.
    fn crawl_delay(&self) -> PyResult<Option<f64>> {
        Ok(self.matcher().crawl_delay().map(|d| d.as_secs_f64()))
    }

    /// The request rate, or ``None``.
    fn request_rate(&self) -> PyResult<Option<RequestRate>> {
        Ok(self.matcher().request_rate().map(RequestRate::from))
    }

    /// The ``Visit-time`` window as ``(start, end)`` minutes after midnight UTC, or ``None``.
    fn visit_time(&self) -> PyResult<Option<(u16, u16)>> {
        Ok(self.matcher().visit_time().map(|w| (w.start, w.end)))
    }

    fn __repr__(&self) -> String {
        format!("Matcher(agent={:?})", lossy(&self.agent))
    }
}

/// For each URL, whether the matcher its key names allows it: URL ``i`` is
/// checked by ``matchers[keys[i]]``, and a ``None`` matcher (no robots.txt)
/// allows everything. A NumPy bool array.
///
/// This is ``Matcher.allowed_many`` for a batch of URLs of many sites (each
/// key names a site): one call, the GIL released, URLs checked site by site.
/// ``keys`` is a 1-D array-like of ints (a NumPy array, a list, Arrow
/// dictionary indices) of the same length as ``urls``, each in
/// ``range(len(matchers))``; ``urls`` is anything ``allowed_many`` takes.
#[pyfunction]
pub fn allowed_by_key<'py>(
    py: Python<'py>,
    matchers: Vec<Option<Py<Matcher>>>,
    keys: &Bound<'py, PyAny>,
    urls: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let urls = Urls::from_python(urls)?;
    let keys = py
        .import("numpy")?
        .call_method1("asarray", (keys, "int64"))
        .map_err(|e| PyTypeError::new_err(format!("keys must be an array of ints: {e}")))?;
    let keys: PyReadonlyArray1<'py, i64> = keys
        .extract()
        .map_err(|_| PyValueError::new_err("keys must be a 1-D array of ints"))?;
    let keys: Vec<usize> = keys
        .as_array()
        .iter()
        .enumerate()
        .map(|(i, &key)| {
            usize::try_from(key)
                .ok()
                .filter(|&k| k < matchers.len())
                .ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "keys[{i}] = {key} is not an index of matchers (0..{})",
                        matchers.len()
                    ))
                })
        })
        .collect::<PyResult<_>>()?;
    if keys.len() != urls.len() {
        return Err(PyValueError::new_err(format!(
            "keys has {} items but urls has {}",
            keys.len(),
            urls.len()
        )));
    }
    let resolved: Vec<Option<robots_runtime::Matcher<'_>>> = matchers
        .iter()
        .map(|m| m.as_ref().map(|m| m.get().matcher()))
        .collect();
    let resolved: Vec<Option<&robots_runtime::Matcher<'_>>> =
        resolved.iter().map(Option::as_ref).collect();
    let verdicts = py.detach(|| urls.allowed_by_key(&resolved, &keys));
    Ok(verdicts.into_pyarray(py))
}

/// `robots report`'s `access` object as a dict, every key present.
fn access_dict<'py>(py: Python<'py>, access: &robots_lint::Access) -> PyResult<Bound<'py, PyDict>> {
    use robots_lint::Access;
    let dict = PyDict::new(py);
    dict.set_item("kind", access.name())?;
    let (mut allowed, mut allowed_line, mut disallowed, mut disallowed_line, mut reason) =
        (None, None, None, None, None);
    match access {
        Access::Partial {
            allowed: a,
            allowed_line: al,
            disallowed: d,
            disallowed_line: dl,
        } => {
            (allowed, allowed_line, disallowed, disallowed_line) = (Some(a), *al, Some(d), *dl);
        }
        Access::Undecided(why) => reason = Some(why.as_str()),
        _ => {}
    }
    dict.set_item("allowed_path", allowed)?;
    dict.set_item("allowed_line", allowed_line)?;
    dict.set_item("disallowed_path", disallowed)?;
    dict.set_item("disallowed_line", disallowed_line)?;
    dict.set_item("reason", reason)?;
    Ok(dict)
}
