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
//! use robots_runtime::lint::lint;
//! use robots_runtime::Profile;
//! let src = b"User-agent: *\nDisallow: /a\nDisallow: /a\n";
//! let findings = lint(src, Profile::Rfc9309);
//! assert_eq!(findings[0].code, "duplicate-rule");
//! assert_eq!(findings[0].line, 3);
//! ```
//!
//! The module also holds what the site-owner tools share: the probe URLs derived
//! from a file's rules ([`probe_paths`]) and the CI assertion format
//! ([`parse_assertions`]).

mod agents;
mod assertions;
mod disagreement;
mod finding;
mod probe;
#[cfg(feature = "render")]
mod render;
mod report;
mod rules;
mod semantics;
mod sniff;
mod structure;

pub use assertions::{
    parse_assertion_file, parse_assertions, Assertion, AssertionError, Expectation,
};
pub use disagreement::{
    profile_disagreements, Disagreement, ProfileVerdict, MAX_DISAGREEMENTS, MAX_PROBE_AGENTS,
    MAX_PROBE_NAMES,
};
pub use finding::{line_findings, suggest_directive, Finding, Severity};
pub use probe::{probe_paths, Probe, MAX_PROBES, PROBES_PER_RULE};
#[cfg(feature = "render")]
pub use render::{render, render_all, shorten, shorten_quoted, ECHO_BYTES};
pub use report::{
    derived_paths, derived_sample, sample_limit, share, Applies, CrawlerReport, CrawlerRow,
    DerivedSample, Tally,
};
pub use sniff::{sniff, NotRobotsTxt};

use crate::document::{parse, Document, ParseOptions};
use crate::profile::Profile;
use alloc::string::String;
use alloc::vec::Vec;

/// A lint code: its stable name, default severity and what it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodeInfo {
    /// The stable kebab-case code, as [`Finding::code`] carries it.
    pub code: &'static str,
    /// The severity it is reported with (`profile-disagreement`: see its summary).
    pub severity: Severity,
    /// `syntax`, `values`, `file`, `structure` or `semantics`.
    pub category: &'static str,
    /// What it means, in one line.
    pub summary: &'static str,
}

const fn code(
    code: &'static str,
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
    code("missing-colon", Severity::Error, "syntax", "`key value` without the `:`; only Google's parser reads it"),
    code("unknown-directive", Severity::Warning, "syntax", "a key no profile knows, or a line that is not `key: value`; crawlers ignore it"),
    code("unsupported-directive", Severity::Warning, "syntax", "a directive no crawler obeys in robots.txt (`Noindex`, `Nofollow`, `Noarchive`), or `Allow` under original1994"),
    code("misspelled-directive", Severity::Error, "syntax", "a misspelt key (`Disalow`, `useragent`); only some crawlers accept it"),
    code("empty-user-agent", Severity::Error, "values", "`User-agent:` with no value names no crawler"),
    code("invalid-product-token", Severity::Warning, "values", "a user-agent value that is not a product token (`Googlebot/2.1`, `my bot`)"),
    code("misspelled-agent", Severity::Warning, "values", "a user-agent token close to a known crawler's token but not it (`GPT-Bot`, `Google Extended`): it names no crawler"),
    code("retired-agent", Severity::Warning, "values", "a user-agent token its operator retired (`anthropic-ai`, `Claude-Web`): name the replacement"),
    code("unknown-agent", Severity::Note, "values", "a user-agent token the known-crawler registry does not list"),
    code("rule-outside-group", Severity::Error, "structure", "a rule or record before any `User-agent` line applies to no crawler"),
    code("path-not-absolute", Severity::Error, "values", "a pattern that starts with neither `/` nor `*` matches no URL"),
    code("dollar-not-at-end", Severity::Error, "values", "a `$` before the end of a pattern is a literal `$`, not an anchor"),
    code("line-too-long", Severity::Warning, "file", "a line longer than Google's line buffer is cut"),
    code("file-too-large", Severity::Error, "file", "content past the parsing cap (500 KiB) is ignored"),
    code("bom", Severity::Warning, "file", "the file starts with a UTF-8 byte order mark"),
    code("invalid-utf8", Severity::Warning, "file", "a line that is not valid UTF-8"),
    code("html-not-robots", Severity::Error, "file", "the file is an HTML page, not a robots.txt"),
    code("utf16-not-utf8", Severity::Error, "file", "the file is UTF-16 or UTF-32 text: crawlers read it as empty"),
    code("binary-not-robots", Severity::Error, "file", "the file is binary data, not a robots.txt"),
    code("invalid-crawl-delay", Severity::Error, "values", "a `Crawl-delay` that is not a number of seconds"),
    code("invalid-request-rate", Severity::Error, "values", "a `Request-rate` that is not `requests/seconds`"),
    code("invalid-visit-time", Severity::Error, "values", "a `Visit-time` that is not `HHMM-HHMM`"),
    code("relative-sitemap-url", Severity::Error, "values", "a `Sitemap` that is not an absolute http(s) URL"),
    code("invalid-host", Severity::Error, "values", "a `Host` that is not a host name (with an optional scheme and port)"),
    code("multiple-wildcard-groups", Severity::Warning, "structure", "more than one `User-agent: *` group: RFC 9309 and Google merge them, the 1996 and 1994 readings use only the first"),
    code("empty-group", Severity::Warning, "structure", "user-agent lines with no rules and no records: those crawlers may fetch everything"),
    code("duplicate-rule", Severity::Warning, "structure", "the same rule twice in one group"),
    code("group-joined-by-extension-line", Severity::Warning, "structure", "a `Crawl-delay` (or other non-rule line) between user-agent lines does not end the group: the rules below apply to all of them"),
    code("shadowed-rule", Severity::Warning, "semantics", "a rule that can never decide any URL: a higher-ranked rule matches every URL it matches"),
    code("conflicting-rules", Severity::Warning, "semantics", "the same pattern both allowed and disallowed for the same crawlers"),
    code("profile-disagreement", Severity::Warning, "semantics", "a URL that rfc9309, google, draft1996 and original1994 do not decide alike (a note when rfc9309 and google agree)"),
    code("blocks-everything", Severity::Warning, "semantics", "`Disallow: /` for `*` with no `Allow` that lets anything back in"),
    code("expensive-pattern", Severity::Warning, "semantics", "a pattern with more than 5 `*` wildcards, or longer than 512 bytes"),
];

/// The [`CodeInfo`] of a code, if it is one.
pub fn code_info(code: &str) -> Option<&'static CodeInfo> {
    CODES.iter().find(|c| c.code == code)
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
/// A file that is no robots.txt ([`sniff`]: an HTML page, UTF-16 or UTF-32 text,
/// binary data) gets that one finding alone (with `bom` and `file-too-large`):
/// reading its lines as directives would only add noise.
pub fn lint_document(doc: &Document<'_>) -> Vec<Finding> {
    let mut out = line_findings(doc);
    if let Some(not) = sniff(doc.source()) {
        // No robots.txt at all: every line would be a finding; the one that matters is this.
        out.retain(|f| f.code == not.code() || matches!(f.code, "bom" | "file-too-large"));
        return out;
    }
    let policy = doc.compile();
    agents::findings(doc, &mut out);
    structure::findings(doc, &mut out);
    semantics::findings(doc, &policy, &mut out);
    disagreement::findings(doc, &mut out);
    out.sort_by_key(|f| (f.line, f.column));
    out
}

/// The text of a finding's subject, lossily as UTF-8.
pub(crate) fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[cfg(test)]
mod tests;
