//! The AI-era records: `Content-Signal`, `Content-Usage`, `LLM-Policy` and `License`.
//!
//! - **`Content-Signal`** (Cloudflare's content signals, written up as
//!   draft-romm-aipref-contentsignals-00, October 2025): comma-separated
//!   `key=yes|no` pairs for `search`, `ai-input` and `ai-train`, in a
//!   user-agent group (crawler-commons reads it per group too, #604).
//! - **`Content-Usage`** (IETF aipref: draft-ietf-aipref-attach, which adds
//!   the rule to RFC 9309 groups, and draft-ietf-aipref-vocab-08, September 2026,
//!   its vocabulary): an optional path, then a Structured Fields dictionary of
//!   `train-ai` and `search` with `y` or `n`. The rule with the longest
//!   matching path applies; preferences apply only to paths that may be crawled.
//! - **`LLM-Policy`**: the absolute URL of a site's policy for language models,
//!   file-wide like `Sitemap` (crawler-commons #569).
//! - **`License`** (RSL 1.0, Really Simple Licensing): the absolute URL of the
//!   site's RSL license or feed, file-wide and for every crawler, checked as
//!   `LLM-Policy` is (an absolute http(s) URL; it may be on another host).
//!
//! Unknown keys and labels are ignored, as both drafts say (lint reports them).
//!
//! ```
//! use robots_runtime::records::{parse_content_signal, parse_content_usage};
//!
//! let signals = parse_content_signal(b"search=yes, ai-train=no").unwrap();
//! assert_eq!((signals.search, signals.ai_input, signals.ai_train), (Some(true), None, Some(false)));
//! let usage = parse_content_usage(b"/blog/ train-ai=n, search=y").unwrap();
//! assert_eq!(usage.path, Some(&b"/blog/"[..]));
//! assert_eq!((usage.prefs.train_ai, usage.prefs.search), (Some(false), Some(true)));
//! ```

use super::{ValueError, ValueErrorKind};
use alloc::vec::Vec;

/// The keys `Content-Signal` defines.
pub const CONTENT_SIGNAL_KEYS: [&str; 3] = ["search", "ai-input", "ai-train"];

/// The usage categories `Content-Usage` defines (draft-ietf-aipref-vocab-08).
pub const CONTENT_USAGE_LABELS: [&str; 2] = ["train-ai", "search"];

/// What a `Content-Signal` line says: `Some(true)` for `yes`, `Some(false)`
/// for `no`, `None` where it says nothing (neither granted nor restricted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ContentSignals {
    /// `search`: building a search index and showing links and excerpts.
    pub search: Option<bool>,
    /// `ai-input`: feeding content into AI models as it is asked for (RAG, grounding).
    pub ai_input: Option<bool>,
    /// `ai-train`: training or fine-tuning AI models.
    pub ai_train: Option<bool>,
}

/// One `key=value` entry of a `Content-Signal` value, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SignalEntry<'a> {
    /// The key, trimmed.
    pub key: &'a [u8],
    /// The value after `=`, trimmed; `None` when there is no `=`.
    pub value: Option<&'a [u8]>,
    /// Where the entry starts in the whole value.
    pub offset: usize,
}

/// The entries of a `Content-Signal` value, split at commas.
#[cfg_attr(robots_size, optimize(size))]
pub fn content_signal_entries(value: &[u8]) -> impl Iterator<Item = SignalEntry<'_>> + '_ {
    let mut offset = 0;
    value.split(|&b| b == b',').map(move |raw| {
        let start = offset + leading_space(raw);
        offset += raw.len() + 1;
        let (key, value) = match raw.iter().position(|&b| b == b'=') {
            Some(eq) => (
                raw.get(..eq).unwrap_or_default(),
                raw.get(eq + 1..).map(trim),
            ),
            None => (raw, None),
        };
        SignalEntry {
            key: trim(key),
            value,
            offset: start,
        }
    })
}

/// Parse a `Content-Signal` value. Keys other than [`CONTENT_SIGNAL_KEYS`] are
/// ignored; keys and values are read in any case.
///
/// # Errors
/// [`ValueErrorKind::Empty`] for an empty value; [`ValueErrorKind::BadSignal`]
/// at the first entry that is not `key=yes` or `key=no`.
#[cfg_attr(robots_size, optimize(size))]
pub fn parse_content_signal(value: &[u8]) -> Result<ContentSignals, ValueError> {
    if trim(value).is_empty() {
        return Err(ValueError {
            kind: ValueErrorKind::Empty,
            offset: 0,
        });
    }
    let mut signals = ContentSignals::default();
    for entry in content_signal_entries(value) {
        let bad = ValueError {
            kind: ValueErrorKind::BadSignal,
            offset: entry.offset,
        };
        let yes = match entry.value {
            Some(v) if v.eq_ignore_ascii_case(b"yes") => true,
            Some(v) if v.eq_ignore_ascii_case(b"no") => false,
            _ => return Err(bad),
        };
        if entry.key.is_empty() {
            return Err(bad);
        }
        let slot = match entry.key.to_ascii_lowercase().as_slice() {
            b"search" => &mut signals.search,
            b"ai-input" => &mut signals.ai_input,
            b"ai-train" => &mut signals.ai_train,
            _ => continue,
        };
        slot.get_or_insert(yes);
    }
    Ok(signals)
}

/// What a `Content-Usage` rule says of each category: `Some(true)` for `y`,
/// `Some(false)` for `n`, `None` when unknown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct UsagePrefs {
    /// `train-ai`: using an asset to train an AI model.
    pub train_ai: Option<bool>,
    /// `search`: using an asset in a search application.
    pub search: Option<bool>,
}

impl UsagePrefs {
    /// The preferences of two rules of one path, combined as the vocabulary
    /// says: a disallow wins, then an allow.
    #[must_use]
    #[cfg_attr(robots_size, optimize(size))]
    pub fn combine(self, other: UsagePrefs) -> UsagePrefs {
        let one = |a: Option<bool>, b: Option<bool>| match (a, b) {
            (Some(false), _) | (_, Some(false)) => Some(false),
            (Some(true), _) | (_, Some(true)) => Some(true),
            _ => None,
        };
        UsagePrefs {
            train_ai: one(self.train_ai, other.train_ai),
            search: one(self.search, other.search),
        }
    }
}

/// A `Content-Usage` rule: the path it applies to and its preferences.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ContentUsage<'a> {
    /// The path pattern, when the rule has one (`None`: every path).
    pub path: Option<&'a [u8]>,
    /// The preferences.
    pub prefs: UsagePrefs,
}

/// One member of a `Content-Usage` dictionary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UsageEntry<'a> {
    /// The label (`train-ai`).
    pub key: &'a [u8],
    /// The value when it is a token (`y`, `n`, …); `None` for any other item.
    pub token: Option<&'a [u8]>,
    /// Where the member starts in the whole value.
    pub offset: usize,
}

/// Split a `Content-Usage` value into its path (if any) and the offset where
/// its dictionary starts.
#[cfg_attr(robots_size, optimize(size))]
fn usage_path(value: &[u8]) -> (Option<&[u8]>, usize) {
    let start = leading_space(value);
    let rest = value.get(start..).unwrap_or_default();
    if !rest.starts_with(b"/") {
        return (None, start);
    }
    let end = rest
        .iter()
        .position(|&b| b == b' ' || b == b'\t')
        .unwrap_or(rest.len());
    let after = start + end;
    let gap = leading_space(value.get(after..).unwrap_or_default());
    (rest.get(..end), after + gap)
}

/// The members of a `Content-Usage` dictionary (RFC 9651 section 3.2: `key`,
/// `key=item`, each with optional `;parameters`), or where its syntax breaks.
///
/// # Errors
/// [`ValueErrorKind::BadUsage`] at the first byte that breaks the syntax.
#[cfg_attr(robots_size, optimize(size))]
pub fn content_usage_entries(
    value: &[u8],
) -> Result<(Option<&[u8]>, Vec<UsageEntry<'_>>), ValueError> {
    let (path, mut at) = usage_path(value);
    let bad = |offset| ValueError {
        kind: ValueErrorKind::BadUsage,
        offset,
    };
    let mut entries = Vec::new();
    let byte = |i: usize| value.get(i).copied();
    let key_end = |mut i: usize| {
        while byte(i)
            .is_some_and(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"_-.*".contains(&b))
        {
            i += 1;
        }
        i
    };
    loop {
        if byte(at).is_none() {
            break;
        }
        let start = at;
        if !byte(at).is_some_and(|b| b.is_ascii_lowercase() || b == b'*') {
            return Err(bad(at));
        }
        let end = key_end(at);
        let key = value.get(start..end).unwrap_or_default();
        at = end;
        let mut token = None;
        if byte(at) == Some(b'=') {
            at += 1;
            let item = at;
            at = bare_item_end(value, at).ok_or_else(|| bad(item))?;
            let text = value.get(item..at).unwrap_or_default();
            if text
                .first()
                .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'*')
            {
                token = Some(text);
            }
        } else {
            // A bare key is the boolean true: no preference.
        }
        // Parameters: `;key[=item]`, ignored.
        while byte(at) == Some(b';') {
            at += 1;
            at += leading_space(value.get(at..).unwrap_or_default());
            if !byte(at).is_some_and(|b| b.is_ascii_lowercase() || b == b'*') {
                return Err(bad(at));
            }
            at = key_end(at);
            if byte(at) == Some(b'=') {
                at += 1;
                let item = at;
                at = bare_item_end(value, at).ok_or_else(|| bad(item))?;
            }
        }
        entries.push(UsageEntry {
            key,
            token,
            offset: start,
        });
        at += leading_space(value.get(at..).unwrap_or_default());
        match byte(at) {
            None => break,
            Some(b',') => {
                at += 1;
                at += leading_space(value.get(at..).unwrap_or_default());
                if byte(at).is_none() {
                    return Err(bad(at));
                }
            }
            Some(_) => return Err(bad(at)),
        }
    }
    Ok((path, entries))
}

/// Where the bare item starting at `at` ends (token, integer or decimal,
/// string, byte sequence, boolean), or `None` if none starts there.
#[cfg_attr(robots_size, optimize(size))]
fn bare_item_end(value: &[u8], at: usize) -> Option<usize> {
    let first = *value.get(at)?;
    let rest = value.get(at + 1..)?;
    let run = |ok: fn(u8) -> bool| rest.iter().take_while(|&&b| ok(b)).count();
    match first {
        b'"' => {
            let mut i = 0;
            loop {
                match rest.get(i)? {
                    b'\\' => i += 2,
                    b'"' => return Some(at + i + 2),
                    _ => i += 1,
                }
            }
        }
        b':' => rest.iter().position(|&b| b == b':').map(|end| at + end + 2),
        b'?' => matches!(rest.first(), Some(b'0' | b'1')).then_some(at + 2),
        b'-' | b'0'..=b'9' => Some(at + 1 + run(|b| b.is_ascii_digit() || b == b'.')),
        b if b.is_ascii_alphabetic() || b == b'*' => {
            Some(at + 1 + run(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~:/".contains(&b)))
        }
        _ => None,
    }
}

/// Parse a `Content-Usage` value: an optional path, then the preferences.
/// Labels other than [`CONTENT_USAGE_LABELS`], and values other than the tokens
/// `y` and `n`, leave a preference unknown (the vocabulary says so).
///
/// # Errors
/// [`ValueErrorKind::Empty`] when there are no preferences;
/// [`ValueErrorKind::BadUsage`] where the dictionary's syntax breaks.
#[cfg_attr(robots_size, optimize(size))]
pub fn parse_content_usage(value: &[u8]) -> Result<ContentUsage<'_>, ValueError> {
    let (path, entries) = content_usage_entries(value)?;
    if entries.is_empty() {
        return Err(ValueError {
            kind: ValueErrorKind::Empty,
            offset: value.len(),
        });
    }
    let mut prefs = UsagePrefs::default();
    for entry in &entries {
        let pref = match entry.token {
            Some(b"y") => Some(true),
            Some(b"n") => Some(false),
            _ => None,
        };
        match entry.key {
            b"train-ai" => prefs.train_ai = pref,
            b"search" => prefs.search = pref,
            _ => {}
        }
    }
    Ok(ContentUsage { path, prefs })
}

/// Whether a `Content-Usage` path pattern matches `path`: a prefix, where `*`
/// stands for any bytes and a final `$` for the end of the path, as in
/// `Allow` and `Disallow` rules.
#[cfg_attr(robots_size, optimize(size))]
pub fn usage_path_matches(pattern: &[u8], path: &[u8]) -> bool {
    let (pattern, anchored) = match pattern.strip_suffix(b"$") {
        Some(p) => (p, true),
        None => (pattern, false),
    };
    let mut parts = pattern.split(|&b| b == b'*');
    let first = parts.next().unwrap_or_default();
    let Some(mut rest) = path.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&[u8]> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        // An anchored pattern's last part must end the path; the others are
        // found leftmost, which leaves the most room for what follows.
        if anchored && i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        let Some(at) = find(rest, part) else {
            return false;
        };
        rest = rest.get(at + part.len()..).unwrap_or_default();
    }
    !anchored || rest.is_empty()
}

/// Where `needle` first occurs in `hay`.
#[cfg_attr(robots_size, optimize(size))]
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() {
        return Some(0);
    }
    hay.windows(needle.len()).position(|w| w == needle)
}

#[cfg_attr(robots_size, optimize(size))]
fn leading_space(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count()
}

#[cfg_attr(robots_size, optimize(size))]
fn trim(bytes: &[u8]) -> &[u8] {
    let start = leading_space(bytes);
    let end = bytes.len()
        - bytes
            .iter()
            .rev()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count();
    bytes.get(start..end.max(start)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_signals() {
        let s = parse_content_signal(b"  Search=YES ,ai-input=no,ai-train=no, future=yes").unwrap();
        assert_eq!(
            (s.search, s.ai_input, s.ai_train),
            (Some(true), Some(false), Some(false))
        );
        assert_eq!(
            parse_content_signal(b"").unwrap_err().kind,
            ValueErrorKind::Empty
        );
        let e = parse_content_signal(b"search=yes, ai-train=maybe").unwrap_err();
        assert_eq!((e.kind, e.offset), (ValueErrorKind::BadSignal, 12));
        assert!(parse_content_signal(b"search").is_err());
        assert!(parse_content_signal(b"=yes").is_err());
    }

    #[test]
    fn content_usage() {
        let u = parse_content_usage(b"train-ai=n").unwrap();
        assert_eq!(
            (u.path, u.prefs.train_ai, u.prefs.search),
            (None, Some(false), None)
        );
        let u = parse_content_usage(b"/a/ train-ai=y;v=1, search=\"n\", x=?1, other").unwrap();
        assert_eq!(
            (u.path, u.prefs.train_ai, u.prefs.search),
            (Some(&b"/a/"[..]), Some(true), None)
        );
        assert_eq!(
            parse_content_usage(b"/only-a-path").unwrap_err().kind,
            ValueErrorKind::Empty
        );
        let e = parse_content_usage(b"Train-AI=n").unwrap_err();
        assert_eq!((e.kind, e.offset), (ValueErrorKind::BadUsage, 0));
        assert!(parse_content_usage(b"train-ai=n,").is_err());
        assert!(parse_content_usage(b"train-ai=n search=y").is_err());
        assert!(parse_content_usage(b"train-ai=\"open").is_err());
    }

    #[test]
    fn usage_paths() {
        assert!(usage_path_matches(b"/a/", b"/a/b"));
        assert!(!usage_path_matches(b"/a/", b"/b"));
        assert!(usage_path_matches(b"/*.pdf$", b"/x/y.pdf"));
        assert!(!usage_path_matches(b"/*.pdf$", b"/x/y.pdf?z"));
        assert!(usage_path_matches(b"/a$", b"/a"));
        assert!(!usage_path_matches(b"/a$", b"/ab"));
        assert!(usage_path_matches(b"/a*b", b"/axxbyy"));
    }
}
