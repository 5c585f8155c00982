//! Probe URLs: concrete paths derived from a file's rules, to compare verdicts
//! (profiles in `profile-disagreement`, file versions in `robots diff`).

use alloc::collections::BTreeSet;
use alloc::vec::Vec;
use robots_core::document::Document;
use robots_core::encoding::{decode_percent, google_escape};
use robots_core::parse::Directive;
use robots_core::search::url::path_from_url;

/// The default cap on probes per call of [`probe_paths`].
pub const MAX_PROBES: usize = 1024;

/// At most this many probes come from one rule line.
pub const PROBES_PER_RULE: usize = 8;

/// A path to check, and the rule line it was derived from.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Probe {
    /// The path (`/…`, possibly with `?query`); checking it as a URL gives the same path.
    pub path: Vec<u8>,
    /// 1-based line of the rule it comes from in its document (0 for the fixed probes).
    pub line: u32,
    /// Which of the documents given to [`probe_paths`] it comes from.
    pub doc: usize,
}

fn absolute(mut path: Vec<u8>) -> Vec<u8> {
    if path.first() != Some(&b'/') {
        path.insert(0, b'/');
    }
    path
}

fn fill(body: &[u8], with: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len());
    for &b in body {
        if b == b'*' {
            out.extend_from_slice(with);
        } else {
            out.push(b);
        }
    }
    out
}

fn lower_escapes(path: &[u8]) -> Vec<u8> {
    let mut out = path.to_vec();
    let mut i = 0;
    while i + 2 < out.len() {
        if out[i] == b'%' && out[i + 1].is_ascii_hexdigit() && out[i + 2].is_ascii_hexdigit() {
            out[i + 1] = out[i + 1].to_ascii_lowercase();
            out[i + 2] = out[i + 2].to_ascii_lowercase();
            i += 3;
        } else {
            i += 1;
        }
    }
    out
}

/// The candidate paths of one rule value, in order of interest.
///
/// - the literal prefix before the first `*` (or the whole pattern);
/// - the pattern with each `*` filled with `x`, then with nothing;
/// - for an anchored pattern, the filled pattern plus `x` (just past the anchor);
/// - for `…/index.htm…`, its directory (Google's `index.htm` alias);
/// - when the pattern has `%` escapes or non-ASCII bytes: the decoded form, the
///   escaped form (upper-case hex) and the escaped form in lower-case hex.
pub(crate) fn variants(value: &[u8]) -> Vec<Vec<u8>> {
    let (body, anchored) = match value.split_last() {
        Some((b'$', body)) => (body, true),
        _ => (value, false),
    };
    let mut out = Vec::new();
    let star = memchr::memchr(b'*', body);
    let prefix = body.get(..star.unwrap_or(body.len())).unwrap_or_default();
    out.push(absolute(prefix.to_vec()));
    let filled = absolute(fill(body, b"x"));
    out.push(filled.clone());
    if star.is_some() {
        out.push(absolute(fill(body, b"")));
    }
    if anchored {
        let mut past = filled.clone();
        past.push(b'x');
        out.push(past);
    }
    if let Some(at) = memchr::memmem::find(&filled, b"/index.htm") {
        out.push(filled.get(..=at).unwrap_or_default().to_vec());
    }
    if filled.iter().any(|&b| b == b'%' || b >= 0x80) {
        let escaped = google_escape(&filled).into_owned();
        let decoded = decode_percent(&filled);
        // A decoded blank or control byte is in no URL a crawler fetches.
        if !decoded.iter().any(|&b| b <= b' ' || b == 0x7F) {
            out.push(decoded.into_owned());
        }
        out.push(lower_escapes(&escaped));
        out.push(escaped);
    }
    out
}

/// Probe paths for `docs`: `/`, `/robots.txt`, then up to [`PROBES_PER_RULE`]
/// per rule line (every line that is or resembles `Allow`/`Disallow`, grouped or
/// not), in file order, documents in order, without repeats, at most `max` in all.
///
/// Only paths that read back unchanged as URLs are kept, so checking a probe as a
/// URL ([`PolicyRef::check`](robots_core::PolicyRef::check)) checks exactly that path; and
/// only valid UTF-8, so a probe can be shown and pasted as it is.
///
/// ```
/// use robots_runtime::document::{parse, ParseOptions};
/// use robots_lint::{probe_paths, MAX_PROBES};
/// let doc = parse(b"User-agent: *\nDisallow: /*.php$\n", ParseOptions::default());
/// let paths: Vec<Vec<u8>> = probe_paths(&[&doc], MAX_PROBES).into_iter().map(|p| p.path).collect();
/// assert!(paths.contains(&b"/x.php".to_vec()));
/// assert!(paths.contains(&b"/x.phpx".to_vec()));
/// ```
pub fn probe_paths(docs: &[&Document<'_>], max: usize) -> Vec<Probe> {
    let mut seen: BTreeSet<Vec<u8>> = BTreeSet::new();
    let mut out = Vec::new();
    let mut push = |path: Vec<u8>, line: u32, doc: usize, out: &mut Vec<Probe>| {
        if out.len() < max
            && *path_from_url(&path) == *path
            && core::str::from_utf8(&path).is_ok()
            && seen.insert(path.clone())
        {
            out.push(Probe { path, line, doc });
        }
    };
    for fixed in [&b"/"[..], b"/robots.txt"] {
        push(fixed.to_vec(), 0, 0, &mut out);
    }
    for (d, doc) in docs.iter().enumerate() {
        for line in doc.lines() {
            if out.len() >= max {
                return out;
            }
            if !matches!(line.resembles, Some(Directive::Allow | Directive::Disallow)) {
                continue;
            }
            let value = doc.value(line);
            if value.is_empty() {
                continue;
            }
            for path in variants(value).into_iter().take(PROBES_PER_RULE) {
                push(path, line.number, d, &mut out);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;

    fn v(value: &str) -> Vec<String> {
        variants(value.as_bytes())
            .into_iter()
            .map(|p| String::from_utf8_lossy(&p).into_owned())
            .collect()
    }

    #[test]
    fn derivations() {
        assert_eq!(v("/private"), ["/private", "/private"]);
        assert_eq!(v("/*.php$"), ["/", "/x.php", "/.php", "/x.phpx"]);
        assert_eq!(v("*q="), ["/", "/xq=", "/q="]);
        assert_eq!(
            v("/d/index.html"),
            ["/d/index.html", "/d/index.html", "/d/"]
        );
        assert_eq!(
            v("/caf%c3%a9"),
            [
                "/caf%c3%a9",
                "/caf%c3%a9",
                "/café",
                "/caf%c3%a9",
                "/caf%C3%A9"
            ]
        );
    }
}
