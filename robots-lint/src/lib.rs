//! The lint catalogue: every finding about a robots.txt, from one line's syntax
//! to what the whole file means under each profile.
//!
//! [`lint`] runs everything and returns the findings sorted by position:
//!
//! - the line-level codes of [`line_findings`]
//!   (syntax and values: `missing-colon`, `invalid-crawl-delay`, …);
//! - **agents**, against the known-crawler registry: `misspelled-agent`,
//!   `retired-agent`, `unknown-agent`;
//! - **structure**: `multiple-wildcard-groups`, `empty-group`, `duplicate-rule`,
//!   `group-joined-by-extension-line`;
//! - **semantics**: `shadowed-rule`, `conflicting-rules`, `blocks-everything`,
//!   `expensive-pattern`, and `profile-disagreement` (a concrete URL that the four
//!   profiles do not all decide alike; see [`profile_disagreements`]).
//!
//! [`CODES`] lists every code with its default severity and a one-line summary.
//!
//! The semantic checks only report what they can prove: a rule is called
//! shadowed only when another rule of every rule set it belongs to provably
//! matches every path it matches and ranks higher.
//!
//! ```
//! use robots_lint::{lint, Code};
//! use robots_runtime::Profile;
//! let src = b"User-agent: *\nDisallow: /a\nDisallow: /a\n";
//! let findings = lint(src, Profile::Rfc9309);
//! assert_eq!(findings[0].code, Code::DuplicateRule);
//! assert_eq!(findings[0].code.as_str(), "duplicate-rule");
//! assert_eq!(findings[0].line, 3);
//! ```
//!
//! The module also holds what the site-owner tools share: the probe URLs derived
//! from a file's rules ([`probe_paths`]) and the CI assertion format
//! ([`parse_assertions`]).
//!
//! Most users reach this crate as `robots_runtime::lint` (feature `lint`).
//! It is built on robots-core's public API and the known-crawler registry
//! (`robots-registry`); the engine itself depends on neither.
//!
//! # Crate features
//! - `std` (default): `std::error::Error` for [`AssertionError`]. Without it the
//!   crate is `no_std` + `alloc`.
//! - `render`: rustc-style rendering of findings ([`render()`], annotate-snippets).
//! - `json`: `CrawlerReport::to_json`, the report object of `robots report
//!   --format json` (serde_json).
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
#![forbid(unsafe_code)]
// Indexes here are into the parse report's own lines and the rule table built
// from the same policy, bounded by the loops that make them (as in robots-core,
// where this code lived).
#![allow(clippy::indexing_slicing)]

extern crate alloc;

mod checks;
mod findings;
mod grouping;
mod report;
mod tools;

pub use checks::disagreement::{
    profile_disagreements, Disagreement, ProfileVerdict, MAX_DISAGREEMENTS, MAX_PROBE_AGENTS,
    MAX_PROBE_NAMES,
};
pub use findings::code::Code;
pub use findings::finding::{line_findings, suggest_directive, Finding, Severity};
#[cfg(feature = "render")]
pub use findings::render::{
    render, render_all, render_styled, shorten, shorten_quoted, ECHO_BYTES,
};
pub use findings::size::{googlebot_cut, GOOGLEBOT_MAX_BYTES};
pub use findings::sniff::{sniff, NotRobotsTxt};
pub use report::records::{signal_entries, usage_entries, AiRecords, SignalRecord, UsageRecord};
pub use report::{
    derived_paths, derived_sample, sample_limit, share, Access, Applies, ChainReports,
    CrawlerReport, CrawlerRow, DerivedSample, Tally,
};
pub use tools::assertions::{
    parse_assertion_file, parse_assertions, Assertion, AssertionError, Expectation,
};
pub use tools::diff::{
    comparison_key, crawler_diffs, dedup_paths, diff_paths, verdict_changes, CrawlerDiff,
    VerdictChange,
};
pub use tools::probe::{probe_paths, Probe, MAX_PROBES, PROBES_PER_RULE};
// The header reading lives beside the registry's header forms; its names stay
// reachable here for the code that found them in this crate first.
pub use robots_registry::{
    family_chain, is_boilerplate, looks_like_header, token_of_header, HeaderToken, TokenSource,
    BOILERPLATE,
};

use alloc::string::String;
use alloc::vec::Vec;
use robots_core::document::{parse, Document, ParseOptions};
use robots_core::profile::Profile;

/// A lint code: its stable name, default severity and what it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CodeInfo {
    /// The code, as [`Finding::code`] carries it.
    pub code: Code,
    /// The severity it is reported with (`profile-disagreement`: see its summary).
    pub severity: Severity,
    /// `syntax`, `values`, `file`, `structure` or `semantics`.
    pub category: &'static str,
    /// What it means, in one line.
    pub summary: &'static str,
}

const fn code(
    code: Code,
    severity: Severity,
    category: &'static str,
    summary: &'static str,
) -> CodeInfo {
    CodeInfo {
        code,
        severity,
        category,
        summary,
    }
}

/// Every code [`lint`] can report, line-level ones first.
pub const CODES: &[CodeInfo] = &[
    code(Code::MissingColon, Severity::Error, "syntax", "`key value` without the `:`; only Google's parser reads it"),
    code(Code::UnknownDirective, Severity::Warning, "syntax", "a key no profile knows, or a line that is not `key: value`; crawlers ignore it"),
    code(Code::UnsupportedDirective, Severity::Warning, "syntax", "a directive no crawler obeys in robots.txt (`Noindex`, `Nofollow`, `Noarchive`), or `Allow` under original1994"),
    code(Code::MisspelledDirective, Severity::Error, "syntax", "a misspelt key (`Disalow`, `useragent`); only some crawlers accept it"),
    code(Code::EmptyUserAgent, Severity::Error, "values", "`User-agent:` with no value names no crawler"),
    code(Code::InvalidProductToken, Severity::Warning, "values", "a user-agent value that is not a product token (`Googlebot/2.1`, `my bot`)"),
    code(Code::MisspelledAgent, Severity::Warning, "values", "a user-agent token close to a known crawler's token but not it (`GPT-Bot`, `Google Extended`): it names no crawler"),
    code(Code::RetiredAgent, Severity::Warning, "values", "a user-agent token its operator retired (`Qwantify`, `Googlebot-Mobile`): name the replacement"),
    code(Code::UnknownAgent, Severity::Note, "values", "a user-agent token the known-crawler registry does not list"),
    code(Code::RuleOutsideGroup, Severity::Error, "structure", "a rule or record before any `User-agent` line applies to no crawler"),
    code(Code::PathNotAbsolute, Severity::Error, "values", "a pattern that starts with neither `/` nor `*` matches no URL"),
    code(Code::DollarNotAtEnd, Severity::Error, "values", "a `$` before the end of a pattern is a literal `$`, not an anchor"),
    code(Code::LineTooLong, Severity::Warning, "file", "a line longer than Google's line buffer is cut"),
    code(Code::FileTooLarge, Severity::Error, "file", "content past the parsing cap (500 KiB) is ignored; past 500 KiB, Googlebot ignores it under every profile"),
    code(Code::Bom, Severity::Warning, "file", "the file starts with a UTF-8 byte order mark"),
    code(Code::InvalidUtf8, Severity::Warning, "file", "a line that is not valid UTF-8"),
    code(Code::HtmlNotRobots, Severity::Error, "file", "the file is an HTML page, not a robots.txt"),
    code(Code::Utf16NotUtf8, Severity::Error, "file", "the file is UTF-16 or UTF-32 text: crawlers read it as empty"),
    code(Code::BinaryNotRobots, Severity::Error, "file", "the file is binary data, not a robots.txt"),
    code(Code::InvalidCrawlDelay, Severity::Error, "values", "a `Crawl-delay` that is not a number of seconds"),
    code(Code::InvalidRequestRate, Severity::Error, "values", "a `Request-rate` that is not `requests/seconds`"),
    code(Code::InvalidVisitTime, Severity::Error, "values", "a `Visit-time` that is not `HHMM-HHMM`"),
    code(Code::RelativeSitemapUrl, Severity::Error, "values", "a `Sitemap` that is not an absolute http(s) URL"),
    code(Code::InvalidHost, Severity::Error, "values", "a `Host` that is not a host name (with an optional scheme and port)"),
    code(Code::InvalidContentSignal, Severity::Error, "values", "a `Content-Signal` entry that is not `key=yes` or `key=no`"),
    code(Code::UnknownContentSignal, Severity::Warning, "values", "a `Content-Signal` key other than `search`, `ai-input` and `ai-train`: crawlers ignore it"),
    code(Code::InvalidContentUsage, Severity::Error, "values", "a `Content-Usage` that is not an optional path then `label=y|n` pairs (a Structured Fields dictionary)"),
    code(Code::UnknownContentUsage, Severity::Warning, "values", "a `Content-Usage` label other than `train-ai` and `search`, or a value other than `y` and `n`: the preference stays unknown"),
    code(Code::InvalidLlmPolicy, Severity::Error, "values", "an `LLM-Policy` that is not an absolute http(s) URL"),
    code(Code::InvalidLicense, Severity::Error, "values", "a `License` (RSL 1.0) that is not an absolute http(s) URL"),
    code(Code::MultipleWildcardGroups, Severity::Warning, "structure", "more than one `User-agent: *` group: RFC 9309 and Google merge them, the 1996 and 1994 readings use only the first"),
    code(Code::EmptyGroup, Severity::Warning, "structure", "user-agent lines with no rules and no records: those crawlers may fetch everything"),
    code(Code::DuplicateRule, Severity::Warning, "structure", "the same rule twice in one group"),
    code(Code::GroupJoinedByExtensionLine, Severity::Warning, "structure", "a `Crawl-delay` (or other non-rule line) between user-agent lines does not end the group: the rules below apply to all of them"),
    code(Code::ShadowedRule, Severity::Warning, "semantics", "a rule that can never decide any URL: a higher-ranked rule matches every URL it matches"),
    code(Code::ConflictingRules, Severity::Warning, "semantics", "the same pattern both allowed and disallowed for the same crawlers"),
    code(Code::ProfileDisagreement, Severity::Warning, "semantics", "a URL that rfc9309, google, draft1996 and original1994 do not decide alike (a note when rfc9309 and google agree)"),
    code(Code::BlocksEverything, Severity::Warning, "semantics", "`Disallow: /` for `*` with no `Allow` that lets anything back in"),
    code(Code::ExpensivePattern, Severity::Warning, "semantics", "a pattern with more than 5 `*` wildcards, or longer than 512 bytes"),
];

/// The [`CodeInfo`] of a code name (`duplicate-rule`), if it is one.
pub fn code_info(name: &str) -> Option<&'static CodeInfo> {
    CODES.iter().find(|c| c.code.as_str() == name)
}

/// Lint `source` under `profile` (with its default parsing cap): every finding, sorted by position.
///
/// `profile` decides how the file is read for every check except
/// `group-joined-by-extension-line` (which is about the RFC 9309 and Google
/// grouping, whatever the profile) and `profile-disagreement` (which reads the
/// file under all four profiles).
pub fn lint<T: AsRef<[u8]> + ?Sized>(source: &T, profile: Profile) -> Vec<Finding> {
    let source = source.as_ref();
    lint_with(source, ParseOptions::new(profile))
}

/// [`lint`] with explicit parse options (a different parsing cap).
pub fn lint_with<T: AsRef<[u8]> + ?Sized>(source: &T, options: ParseOptions) -> Vec<Finding> {
    let source = source.as_ref();
    lint_document(&parse(source, options))
}

/// Lint an already parsed document.
///
/// A file that is no robots.txt ([`sniff()`]: an HTML page, UTF-16 or UTF-32 text,
/// binary data) gets that one finding alone (with `bom` and `file-too-large`):
/// reading its lines as directives would only add noise.
pub fn lint_document(doc: &Document<'_>) -> Vec<Finding> {
    let mut out = line_findings(doc);
    if let Some(not) = sniff(doc.source()) {
        // No robots.txt at all: every line would be a finding; the one that matters is this.
        out.retain(|f| f.code == not.code() || matches!(f.code, Code::Bom | Code::FileTooLarge));
        return out;
    }
    let policy = doc.compile();
    checks::agents::findings(doc, &mut out);
    checks::structure::findings(doc, &mut out);
    checks::semantics::findings(doc, &policy, &mut out);
    checks::disagreement::findings(doc, &mut out);
    findings::finding::sort_by_position(&mut out);
    out
}

/// The text of a finding's subject, lossily as UTF-8.
pub(crate) fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[cfg(test)]
mod tests;
