//! The crawlers a file names, checked against the known-crawler registry
//! (`robots-registry`):
//!
//! - `misspelled-agent` (warning): a token close to a registry token but not
//!   one (`GPT-Bot`, `Google Extended`, `Claudebot2`); it names no crawler, so
//!   the line does nothing for the crawler it was meant for;
//! - `retired-agent` (warning): a token its operator retired (`Qwantify`,
//!   `Googlebot-Mobile`), with the replacement;
//! - `unknown-agent` (note): a token the registry does not know at all.
//!
//! A value whose product-token prefix is a known token (`Googlebot/2.1`) is left
//! to `invalid-product-token`.

use crate::findings::finding::{Finding, Severity};
use crate::grouping::first_of_equals;
use crate::lossy;
use crate::Code;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use robots_core::document::Document;
use robots_core::group::agent::product_token_prefix;
use robots_core::parse::Directive;
use robots_core::parse::{LineKind, LineReport};

/// A token as compared for misspellings: lower case, without `-`, `_`, `.` and spaces.
fn normalise(token: &[u8]) -> Vec<u8> {
    token
        .iter()
        .filter(|b| !matches!(b, b'-' | b'_' | b'.' | b' ' | b'\t'))
        .map(u8::to_ascii_lowercase)
        .collect()
}

/// One edit between two tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Edit {
    /// A byte more or less.
    InsertOrDelete,
    /// Two neighbours swapped.
    Swap,
    /// One byte replaced.
    Replace,
}

/// The single edit that turns `a` into `b`, if exactly one does. O(len).
fn one_edit(a: &[u8], b: &[u8]) -> Option<Edit> {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    let same_start = short.iter().zip(long).take_while(|(x, y)| x == y).count();
    let (short_rest, long_rest) = (short.get(same_start..)?, long.get(same_start..)?);
    match long.len() - short.len() {
        0 if short_rest.is_empty() => None,
        0 => {
            if short_rest.get(1..) == long_rest.get(1..) {
                return Some(Edit::Replace);
            }
            let swapped = short_rest
                .get(..2)
                .zip(long_rest.get(..2))
                .is_some_and(|(x, y)| x.first() == y.get(1) && x.get(1) == y.first());
            (swapped && short_rest.get(2..) == long_rest.get(2..)).then_some(Edit::Swap)
        }
        1 => (Some(short_rest) == long_rest.get(1..)).then_some(Edit::InsertOrDelete),
        _ => None,
    }
}

/// Whether `value` is one plausible typo away from `target` (both normalised):
/// a byte more or less, or a swap, for tokens of 7 bytes and more; a replaced
/// byte only from 9 bytes. Shorter tokens sit too close together (`Mcbot`,
/// `CCBot`), and so do some real old crawlers (`Roverbot`, `rogerbot`).
fn typo_of(value: &[u8], target: &[u8]) -> bool {
    match one_edit(value, target) {
        Some(Edit::InsertOrDelete | Edit::Swap) => target.len() >= 7,
        Some(Edit::Replace) => target.len() >= 9,
        None => false,
    }
}

/// The registry's tokens, each with its [normalised](normalise) form: built
/// once per file, as a file may name thousands of crawlers.
struct Known(Vec<(&'static str, Vec<u8>)>);

impl Known {
    fn new() -> Known {
        Known(
            robots_registry::known_tokens()
                .map(|token| (token, normalise(token.as_bytes())))
                .collect(),
        )
    }

    /// Whether `value` is a registry token (ignoring ASCII case).
    fn contains(&self, value: &[u8]) -> bool {
        self.0
            .iter()
            .any(|(token, _)| token.as_bytes().eq_ignore_ascii_case(value))
    }

    /// The registry token `value` most likely misspells, if any: the same
    /// letters once case, `-`, `_`, `.` and spaces are ignored (`GPT-Bot`,
    /// `Google Extended`), or one typo away ([`typo_of`]).
    fn misspelling_of(&self, value: &[u8]) -> Option<&'static str> {
        let norm = normalise(value);
        if norm.is_empty() {
            return None;
        }
        let mut typo = None;
        for (token, target) in &self.0 {
            if *target == norm {
                return Some(token);
            }
            if typo.is_none() && typo_of(&norm, target) {
                typo = Some(*token);
            }
        }
        typo
    }
}

/// What Google's parser makes of a value it cuts (`Google Extended` → `Google`), in words.
fn google_reading(value: &[u8]) -> Option<String> {
    let cut = product_token_prefix(value);
    if cut.len() == value.len() {
        return None;
    }
    Some(if cut.is_empty() {
        String::from("Google's parser reads no name from it")
    } else if let Some(c) = robots_registry::crawler(cut) {
        format!(
            "Google's parser reads it as `{}`, so there this group applies to {}",
            lossy(cut),
            c.token
        )
    } else {
        format!("Google's parser reads it as `{}`", lossy(cut))
    })
}

fn misspelled(
    line: &LineReport,
    span: core::ops::Range<usize>,
    value: &[u8],
    meant: &str,
) -> Finding {
    let retired = robots_registry::retired(meant)
        .map(|r| match r.replaced_by {
            [] => format!(" (`{meant}` itself is retired)"),
            now => format!(" (`{meant}` itself is retired: use `{}`)", now.join("`, `")),
        })
        .unwrap_or_default();
    let google = google_reading(value)
        .map(|g| format!("; {g}"))
        .unwrap_or_default();
    Finding::at(
        Code::MisspelledAgent,
        Severity::Warning,
        line,
        span,
        format!(
            "`{}` is no known crawler's token; did you mean `{meant}`?{retired} As written, this line names no crawler{google}",
            lossy(value)
        ),
    )
    .with_help(format!(
        "write `User-agent: {meant}`; until then {meant} does not obey this group"
    ))
}

fn retired(
    line: &LineReport,
    span: core::ops::Range<usize>,
    r: &robots_registry::Retired,
) -> Finding {
    let (message, help) = match r.replaced_by {
        [] => (
            format!("`{}` is retired: {}", r.token, r.note),
            String::from("this group no longer applies to any crawler; delete it, or keep it as a harmless record"),
        ),
        now => (
            format!(
                "`{}` is retired; {} replaced it: {}",
                r.token,
                now.join(" and "),
                r.note
            ),
            format!(
                "add `User-agent: {}` to this group (the old line may stay)",
                now.join("` and `User-agent: ")
            ),
        ),
    };
    Finding::at(Code::RetiredAgent, Severity::Warning, line, span, message).with_help(help)
}

fn unknown(line: &LineReport, span: core::ops::Range<usize>, value: &[u8]) -> Finding {
    Finding::at(
        Code::UnknownAgent,
        Severity::Note,
        line,
        span,
        format!(
            "`{}` is not in the known-crawler registry",
            lossy(value)
        ),
    )
    .with_help("check the token against the crawler's own documentation; `robots report` lists every crawler the registry knows")
}

/// What the registry makes of one value.
#[derive(Clone, Copy)]
enum Judgement {
    /// A known token (or a known one with a version, left to `invalid-product-token`).
    Known,
    /// Retired.
    Retired(&'static robots_registry::Retired),
    /// Close to this registry token.
    Misspelled(&'static str),
    /// Unknown.
    Unknown,
}

fn judge(known: &Known, value: &[u8]) -> Judgement {
    if let Some(r) = robots_registry::retired(value) {
        return Judgement::Retired(r);
    }
    if known.contains(value) {
        return Judgement::Known;
    }
    // `Googlebot/2.1`: a known token with a version; `invalid-product-token` says so.
    let prefix = product_token_prefix(value);
    if !prefix.is_empty() && value.get(prefix.len()) == Some(&b'/') && known.contains(prefix) {
        return Judgement::Known;
    }
    match known.misspelling_of(value) {
        Some(meant) => Judgement::Misspelled(meant),
        None => Judgement::Unknown,
    }
}

/// Push the agent findings of `doc` onto `out`. Each distinct value is judged
/// once (a file may repeat a token on many lines); `unknown-agent` is reported
/// on its first line only, the others on every line.
pub(crate) fn findings(doc: &Document<'_>, out: &mut Vec<Finding>) {
    let known = Known::new();
    let lines: Vec<&LineReport> = doc
        .lines()
        .iter()
        .filter(|line| line.kind == LineKind::Directive(Directive::UserAgent))
        .filter(|line| !matches!(doc.value(line), b"" | b"*"))
        .collect();
    // Values are judged ignoring ASCII case: each on its first line.
    let keys: Vec<Vec<u8>> = lines
        .iter()
        .map(|line| doc.value(line).to_ascii_lowercase())
        .collect();
    let first_seen = first_of_equals(&keys, Ord::cmp);
    let mut judged: Vec<Judgement> = Vec::with_capacity(lines.len());
    for (at, line) in lines.into_iter().enumerate() {
        let value = doc.value(line);
        let span = line.value.clone().unwrap_or(line.span.clone());
        let first = first_seen[at] == at;
        let judgement = if first {
            judge(&known, value)
        } else {
            judged[first_seen[at]]
        };
        judged.push(judgement);
        match judgement {
            Judgement::Known => {}
            Judgement::Retired(r) => out.push(retired(line, span, r)),
            Judgement::Misspelled(meant) => out.push(misspelled(line, span, value, meant)),
            Judgement::Unknown if first => out.push(unknown(line, span, value)),
            Judgement::Unknown => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_edits() {
        assert_eq!(one_edit(b"googelbot", b"googlebot"), Some(Edit::Swap));
        assert_eq!(
            one_edit(b"claudbot", b"claudebot"),
            Some(Edit::InsertOrDelete)
        );
        assert_eq!(
            one_edit(b"claudebott", b"claudebot"),
            Some(Edit::InsertOrDelete)
        );
        assert_eq!(one_edit(b"gogglebot", b"googlebot"), Some(Edit::Replace));
        assert_eq!(one_edit(b"gptbot", b"gptbot"), None);
        assert_eq!(one_edit(b"bingbot", b"msnbot"), None);
        assert_eq!(one_edit(b"ab", b"ba"), Some(Edit::Swap));
        assert_eq!(one_edit(b"", b"a"), Some(Edit::InsertOrDelete));
        assert_eq!(one_edit(b"abcd", b"badc"), None);
    }

    #[test]
    fn misspellings_name_the_registry_token() {
        assert_eq!(Known::new().misspelling_of(b"GPT-Bot"), Some("GPTBot"));
        assert_eq!(
            Known::new().misspelling_of(b"Google Extended"),
            Some("Google-Extended")
        );
        assert_eq!(Known::new().misspelling_of(b"Googelbot"), Some("Googlebot"));
        assert_eq!(
            Known::new().misspelling_of(b"PerplexityBott"),
            Some("PerplexityBot")
        );
        assert_eq!(
            Known::new().misspelling_of(b"oai_searchbot"),
            Some("OAI-SearchBot")
        );
        // Not close enough, or a sub-crawler's longer token.
        assert_eq!(Known::new().misspelling_of(b"ExampleBot"), None);
        assert_eq!(Known::new().misspelling_of(b"SemrushBot-SA"), None);
        assert_eq!(Known::new().misspelling_of(b"Yeta"), None);
        // Real crawlers one edit from a short registry token are not typos.
        for real in [
            "AIBOT",
            "Aipbot",
            "Mcbot",
            "MSRBOT",
            "Roverbot",
            "dataforseo.com",
        ] {
            assert_eq!(Known::new().misspelling_of(real.as_bytes()), None, "{real}");
        }
        // Every registry token is its own nearest (no two are misspellings of each other).
        for token in robots_registry::known_tokens() {
            let norm = normalise(token.as_bytes());
            let other = robots_registry::known_tokens()
                .filter(|t| !t.eq_ignore_ascii_case(token))
                .find(|t| normalise(t.as_bytes()) == norm);
            assert_eq!(other, None, "{token}");
        }
    }
}
