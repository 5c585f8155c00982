//! Findings: what is wrong, or worth a look, in a robots.txt, with its place.
//!
//! Every finding has a stable kebab-case code. The line-level ones come straight
//! from the parse report ([`line_findings`]); the lint catalogue builds on them.
//! `strict` builds fail on every [`Severity::Error`] finding.

use crate::findings::size;
use crate::grouping::sort_by_key;

/// The checks of the AI-era records' values (a part of the line checks).
mod signals;
use crate::{Code, NotRobotsTxt};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;
use robots_core::document::Document;
use robots_core::group::agent::{is_valid_product_token, product_token_prefix};
use robots_core::parse::{Directive, Scope};
use robots_core::parse::{LineKind, LineReport};
use robots_core::records::{
    check_sitemap_url, parse_crawl_delay, parse_host, parse_request_rate, parse_visit_time,
};

/// How serious a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Severity {
    /// Worth knowing; never fails anything.
    Note,
    /// Probably not what the author meant.
    Warning,
    /// Crawlers will misread or ignore this.
    Error,
}

impl Severity {
    /// `error`, `warning` or `note`.
    pub const fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// One finding about a robots.txt.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Finding {
    /// What kind of finding it is; its stable name is `code.as_str()`, e.g. `rule-outside-group`.
    pub code: Code,
    /// How serious it is.
    pub severity: Severity,
    /// 1-based line.
    pub line: u32,
    /// 1-based byte column.
    pub column: u32,
    /// The bytes of the input it is about (may be empty, for a point).
    pub span: Range<usize>,
    /// What is wrong.
    pub message: String,
    /// How to fix it, when there is something to say.
    pub help: Option<String>,
}

impl Finding {
    /// A finding at 1-based `line` and byte `column`, about the bytes `span` of
    /// the input, with no help line (add one with [`with_help`](Finding::with_help)).
    ///
    /// ```
    /// use robots_lint::{Code, Finding, Severity};
    /// let f = Finding::new(Code::InvalidAssertion, Severity::Error, 1, 1, 0..0, "no such agent".into());
    /// assert_eq!((f.code.as_str(), f.line, f.help), ("invalid-assertion", 1, None));
    /// ```
    pub fn new(
        code: Code,
        severity: Severity,
        line: u32,
        column: u32,
        span: Range<usize>,
        message: String,
    ) -> Finding {
        Finding {
            code,
            severity,
            line,
            column,
            span,
            message,
            help: None,
        }
    }

    /// A finding about `span` of `line`.
    // Called by every check: one copy in the WebAssembly package, not one per call.
    #[inline(never)]
    pub fn at(
        code: Code,
        severity: Severity,
        line: &LineReport,
        span: Range<usize>,
        message: String,
    ) -> Finding {
        let column =
            u32::try_from(span.start.saturating_sub(line.span.start) + 1).unwrap_or(u32::MAX);
        Finding {
            code,
            severity,
            line: line.number,
            column,
            span,
            message,
            help: None,
        }
    }

    /// Add a help line.
    #[must_use]
    pub fn with_help(mut self, help: impl Into<String>) -> Finding {
        self.help = Some(help.into());
        self
    }
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Levenshtein distance, capped: enough to suggest a directive for a typo.
fn edit_distance(a: &[u8], b: &[u8]) -> usize {
    if a.len().abs_diff(b.len()) > 3 || a.len() > 64 {
        return usize::MAX;
    }
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = alloc::vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(!ca.eq_ignore_ascii_case(cb));
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The directive a misspelled key most likely meant.
pub fn suggest_directive(key: &[u8]) -> Option<Directive> {
    // The closest directive within its allowance; the first of equals.
    let mut best: Option<(usize, Directive)> = None;
    for &d in &Directive::ALL {
        let dist = edit_distance(key, d.name().as_bytes());
        let close = dist <= 2.min(d.name().len() / 3).max(1);
        if close && best.map_or(true, |(shortest, _)| dist < shortest) {
            best = Some((dist, d));
        }
    }
    best.map(|(_, d)| d)
}

/// `misspelled-directive`, in the same words under every profile: `key` is
/// a misspelling of `meant`; `google_reads_it` when Google's parser reads the
/// key as `meant` (so only some crawlers obey the line), else no crawler does.
fn misspelled(
    line: &LineReport,
    key: Range<usize>,
    key_text: &[u8],
    meant: Directive,
    google_reads_it: bool,
) -> Finding {
    let help = if google_reads_it {
        format!(
            "write `{}`: Google's parser reads the misspelling, parsers that follow RFC 9309 ignore the line",
            meant.name()
        )
    } else {
        format!(
            "write `{}`: crawlers ignore the line as written",
            meant.name()
        )
    };
    Finding::at(
        Code::MisspelledDirective,
        Severity::Error,
        line,
        key,
        format!(
            "`{}` is a misspelling of `{}`",
            lossy(key_text),
            meant.name()
        ),
    )
    .with_help(help)
}

fn key_findings(doc: &Document<'_>, line: &LineReport, out: &mut Vec<Finding>) {
    let key = line.key.clone().unwrap_or(line.span.clone());
    let key_text = doc.slice(key.clone());
    if line.missing_colon {
        out.push(
            Finding::at(
                Code::MissingColon,
                Severity::Error,
                line,
                key.clone(),
                format!("`{}` is not followed by `:`", lossy(key_text)),
            )
            .with_help(format!(
                "write `{}: {}`",
                lossy(key_text),
                lossy(doc.value(line))
            )),
        );
    }
    match line.kind {
        LineKind::Unknown => {
            let meant = line.resembles.or_else(|| suggest_directive(key_text));
            match meant {
                // Worded as under the lenient profiles below (one finding,
                // one text, whichever profile reads the line): Google's
                // parser reads a key it resembles as the directive.
                Some(d) => out.push(misspelled(
                    line,
                    key,
                    key_text,
                    d,
                    line.resembles == Some(d),
                )),
                None => out.push(Finding::at(
                    Code::UnknownDirective,
                    Severity::Warning,
                    line,
                    key,
                    format!(
                        "unknown directive `{}`; crawlers ignore this line",
                        lossy(key_text)
                    ),
                )),
            }
        }
        LineKind::Directive(d) if line.accepted_typo => {
            out.push(misspelled(line, key, key_text, d, true));
        }
        LineKind::Invalid if !line.missing_colon => {
            out.push(colonless_directive(doc, line).unwrap_or_else(|| {
                Finding::at(
                    Code::UnknownDirective,
                    Severity::Warning,
                    line,
                    line.span.clone(),
                    String::from("this line is not `key: value`; crawlers ignore it"),
                )
                .with_help("comment it out with `#` if it is a note")
            }));
        }
        _ => {}
    }
}

/// `missing-colon` for a line that is not `key: value` but starts with a
/// directive's name (`Disallow /a /b`, `user-agent FooBot extra`, a bare
/// `Disallow`): whatever follows, the author meant that directive.
fn colonless_directive(doc: &Document<'_>, line: &LineReport) -> Option<Finding> {
    let text = doc.slice(line.span.clone());
    let start = text.iter().position(|b| !b.is_ascii_whitespace())?;
    let rest = text.get(start..)?;
    let word_len = rest
        .iter()
        .position(|b| b.is_ascii_whitespace() || *b == b'#')
        .unwrap_or(rest.len());
    let word = rest.get(..word_len)?;
    let d = Directive::ALL
        .into_iter()
        .find(|d| d.name().as_bytes().eq_ignore_ascii_case(word))?;
    let value = rest.get(word_len..).unwrap_or_default();
    let value = value
        .split(|&b| b == b'#')
        .next()
        .unwrap_or_default()
        .trim_ascii();
    let key = line.span.start + start..line.span.start + start + word_len;
    let key_text = lossy(word);
    let help = if value.is_empty() {
        format!("write `{key_text}:` and its value")
    } else if value.iter().any(u8::is_ascii_whitespace) {
        format!("write `{key_text}:` followed by one value; give each value its own line")
    } else {
        format!("write `{key_text}: {}`", lossy(value))
    };
    Some(
        Finding::at(
            Code::MissingColon,
            Severity::Error,
            line,
            key,
            format!(
                "`{key_text}` is not followed by `:`, so crawlers do not read this line as `{}`",
                d.name()
            ),
        )
        .with_help(help),
    )
}

/// A directive the engine recognises but the profile gives no meaning to.
fn unsupported_finding(doc: &Document<'_>, line: &LineReport, d: Directive) -> Option<Finding> {
    let key = line.key.clone().unwrap_or(line.span.clone());
    let why = match d {
        _ if d.scope() == Scope::Unsupported => format!(
            "`{}` is not a robots.txt directive; no crawler obeys it here",
            lossy(doc.slice(key.clone()))
        ),
        Directive::Allow if doc.profile() == robots_core::profile::Profile::Original1994 => {
            String::from("the 1994 standard has no `Allow`; this line is ignored")
        }
        _ => return None,
    };
    let help = match d {
        Directive::Allow => "rewrite the Disallow rules so they do not cover this path",
        _ => "use a `robots` meta tag or an `X-Robots-Tag` header instead",
    };
    Some(
        Finding::at(
            Code::UnsupportedDirective,
            Severity::Warning,
            line,
            key,
            why,
        )
        .with_help(help),
    )
}

/// `invalid-product-token`, saying what parsers make of the value: RFC 9309
/// product tokens are letters, `-` and `_`; Google's parser cuts the value at
/// the first other byte (`MJ12bot` is `MJ` there). A token its crawler
/// documents (`MJ12bot`, `360Spider`) is only a note: that crawler's own parser
/// matches it whole.
fn product_token_finding(line: &LineReport, span: Range<usize>, value: &[u8]) -> Finding {
    let cut = product_token_prefix(value);
    let google = if cut.is_empty() {
        String::from("Google's parser reads no name from it")
    } else {
        format!("Google's parser reads it as `{}`", lossy(cut))
    };
    let shown = lossy(value);
    if robots_registry::is_known(value) {
        return Finding::at(
            Code::InvalidProductToken,
            Severity::Note,
            line,
            span,
            format!("`{shown}` is its crawler's documented token, but not an RFC 9309 product token (letters, `-` and `_` only): {google}"),
        )
        .with_help("the crawler's own parser matches the whole token, so this line works for it; nothing to change");
    }
    let versioned = !cut.is_empty() && value.get(cut.len()) == Some(&b'/');
    if versioned && cut.eq_ignore_ascii_case(b"Mozilla") {
        Finding::at(
            Code::InvalidProductToken,
            Severity::Warning,
            line,
            span,
            format!("`{shown}` is a whole User-Agent header, not a product token: {google}, and parsers that follow RFC 9309 compare the whole value; neither names the crawler"),
        )
        .with_help("write the crawler's product token alone, e.g. `User-agent: Googlebot`")
    } else if versioned {
        Finding::at(
            Code::InvalidProductToken,
            Severity::Warning,
            line,
            span,
            format!("`{shown}` is not a product token (letters, `-` and `_` only): {google}, but parsers that follow RFC 9309 compare the whole value, which names no crawler"),
        )
        .with_help(format!("write the product token alone: `User-agent: {}`", lossy(cut)))
    } else {
        Finding::at(
            Code::InvalidProductToken,
            Severity::Warning,
            line,
            span,
            format!("`{shown}` is not a product token: RFC 9309 tokens are letters, `-` and `_` only (no digits, spaces or punctuation), and {google}"),
        )
        .with_help("write the token exactly as the crawler's documentation gives it")
    }
}

fn value_findings(doc: &Document<'_>, line: &LineReport, d: Directive, out: &mut Vec<Finding>) {
    let value = doc.value(line);
    let span = line.value.clone().unwrap_or(line.span.clone());
    let point = |offset: usize| {
        let at = (span.start + offset).min(span.end);
        at..span.end
    };
    let invalid = |code: Code, offset: usize, message: String| {
        Finding::at(code, Severity::Error, line, point(offset), message)
    };
    match d {
        Directive::Allow | Directive::Disallow => {
            if !value.is_empty() && !matches!(value[0], b'/' | b'*') {
                out.push(
                    Finding::at(
                        Code::PathNotAbsolute,
                        Severity::Error,
                        line,
                        span.clone(),
                        format!("pattern `{}` starts with neither `/` nor `*`", lossy(value)),
                    )
                    .with_help(format!("write `/{}`", lossy(value))),
                );
            }
            if let Some(dollar) = value.iter().position(|&b| b == b'$') {
                if dollar + 1 != value.len() {
                    out.push(
                        invalid(
                            Code::DollarNotAtEnd,
                            dollar,
                            String::from("`$` only anchors at the end of a pattern; here it is a literal `$`"),
                        )
                        .with_help("write `%24` for a literal `$`, or move `$` to the end"),
                    );
                }
            }
        }
        Directive::UserAgent => {
            if value.is_empty() {
                out.push(Finding::at(
                    Code::EmptyUserAgent,
                    Severity::Error,
                    line,
                    span,
                    String::from("empty user-agent: this line names no crawler"),
                ));
            } else if value != b"*" && !is_valid_product_token(value) {
                out.push(product_token_finding(line, span, value));
            }
        }
        Directive::CrawlDelay => {
            if let Err(e) = parse_crawl_delay(value) {
                out.push(invalid(
                    Code::InvalidCrawlDelay,
                    e.offset,
                    String::from(e.message()),
                ));
            }
        }
        Directive::RequestRate => {
            if let Err(e) = parse_request_rate(value) {
                out.push(
                    invalid(
                        Code::InvalidRequestRate,
                        e.offset,
                        String::from(e.message()),
                    )
                    .with_help("write `requests/seconds`, e.g. `1/10` or `1/10s 0600-0845`"),
                );
            }
        }
        Directive::VisitTime => {
            if let Err(e) = parse_visit_time(value) {
                out.push(
                    invalid(Code::InvalidVisitTime, e.offset, String::from(e.message()))
                        .with_help("write `HHMM-HHMM` in GMT, e.g. `0100-0445`"),
                );
            }
        }
        Directive::Sitemap if check_sitemap_url(value).is_err() => out.push(
            Finding::at(
                Code::RelativeSitemapUrl,
                Severity::Error,
                line,
                span,
                format!("sitemap `{}` is not an absolute http(s) URL", lossy(value)),
            )
            .with_help("write the full URL, e.g. `https://example.com/sitemap.xml`"),
        ),
        Directive::Host => {
            if let Err(e) = parse_host(value) {
                out.push(invalid(
                    Code::InvalidHost,
                    e.offset,
                    String::from(e.message()),
                ));
            }
        }
        Directive::ContentSignal
        | Directive::ContentUsage
        | Directive::LlmPolicy
        | Directive::License => {
            signals::findings(line, span, value, d, out);
        }
        _ => {}
    }
}

/// The findings that the parse report alone shows: syntax and values, line by line,
/// plus the file-level ones (cap, BOM, encoding, HTML) and rules outside any group.
///
/// ```
/// use robots_runtime::document::{parse, ParseOptions};
/// use robots_lint::line_findings;
/// let doc = parse(b"Disallow: /a\nUser-agent: *\nDisalow: /b\nCrawl-delay: soon\n", ParseOptions::default());
/// let codes: Vec<&str> = line_findings(&doc).iter().map(|f| f.code.as_str()).collect();
/// assert_eq!(codes, ["rule-outside-group", "misspelled-directive", "invalid-crawl-delay"]);
/// ```
pub fn line_findings(doc: &Document<'_>) -> Vec<Finding> {
    let mut out = Vec::new();
    let lines = doc.lines();
    if let Some(first) = lines.first() {
        out.extend(bom_finding(doc, first));
        match crate::sniff(doc.source()) {
            Some(NotRobotsTxt::Html) => out.push(
                Finding::at(
                    Code::HtmlNotRobots,
                    Severity::Error,
                    first,
                    first.span.clone(),
                    String::from("this looks like an HTML page, not a robots.txt"),
                )
                .with_help("serve a plain-text robots.txt (or a 404) at /robots.txt"),
            ),
            Some(wide @ (NotRobotsTxt::Utf16 | NotRobotsTxt::Utf32)) => {
                let bom = if wide == NotRobotsTxt::Utf32 { 4 } else { 2 };
                out.push(
                    Finding::at(
                        Code::Utf16NotUtf8,
                        Severity::Error,
                        first,
                        0..bom.min(doc.source().len()),
                        format!(
                            "the file is {} (it starts with a byte order mark): crawlers read robots.txt as UTF-8, and so read this file as empty",
                            wide.describe()
                        ),
                    )
                    .with_help("save the file as UTF-8 (without a byte order mark)"),
                );
            }
            Some(binary) => out.push(
                Finding::at(
                    binary.code(),
                    Severity::Error,
                    first,
                    first.span.clone(),
                    String::from(
                        "this is binary data, not a robots.txt: crawlers find no rules in it",
                    ),
                )
                .with_help("serve a plain-text robots.txt (or a 404) at /robots.txt"),
            ),
            None => {}
        }
    }
    let orphans = doc.orphans();
    for (i, line) in lines.iter().enumerate() {
        // The first line is read from the file's first byte: the parser skips
        // any prefix of a byte order mark (as Google does), and a character
        // that starts like one (`！` is `EF BC 81`) is still valid UTF-8.
        let from = if i == 0 { 0 } else { line.span.start };
        if core::str::from_utf8(doc.slice(from..line.span.end)).is_err() {
            out.push(
                Finding::at(
                    Code::InvalidUtf8,
                    Severity::Warning,
                    line,
                    line.span.clone(),
                    String::from("this line is not valid UTF-8"),
                )
                .with_help("RFC 9309 files are UTF-8; percent-encode non-ASCII bytes in paths"),
            );
        }
        // Whatever profile the owner lints with, Google reads only the first
        // 16,663 bytes of a line (the `google` parser itself cuts it: `too_long`).
        if line.too_long || line.span.len() > robots_core::profile::GOOGLE_MAX_LINE_BYTES {
            out.push(Finding::at(
                Code::LineTooLong,
                Severity::Warning,
                line,
                line.span.clone(),
                format!(
                    "line of {} bytes; Google reads only the first {}",
                    line.span.len(),
                    robots_core::profile::GOOGLE_MAX_LINE_BYTES
                ),
            ));
        }
        key_findings(doc, line, &mut out);
        if let LineKind::Directive(d) = line.kind {
            out.extend(unsupported_finding(doc, line, d));
            value_findings(doc, line, d, &mut out);
        }
    }
    for &index in orphans {
        let line = &lines[index];
        let what = match line.kind {
            LineKind::Directive(d) if d.scope() == Scope::Rule => "rule",
            _ => "record",
        };
        out.push(
            Finding::at(
                Code::RuleOutsideGroup,
                Severity::Error,
                line,
                line.span.clone(),
                format!(
                    "this {what} comes before any user-agent line, so it applies to no crawler"
                ),
            )
            .with_help("add a `User-agent:` line above it"),
        );
    }
    if let (Some(t), Some(last)) = (doc.truncation(), lines.last().or(lines.first())) {
        // The byte column of the cut within its line (the line may be partly read).
        let column = size::cut_column(doc.source(), t.max_bytes);
        out.push(Finding {
            code: Code::FileTooLarge,
            severity: Severity::Error,
            line: t.first_ignored_line,
            column,
            span: t.max_bytes..t.max_bytes,
            message: format!(
                "the file is {} bytes; everything after byte {} (from line {}) is ignored",
                t.input_len, t.max_bytes, t.first_ignored_line
            ),
            help: Some(format!(
                "keep robots.txt under {} bytes (last line read: {})",
                t.max_bytes, last.number
            )),
        });
    }
    out.extend(googlebot_finding(doc));
    sort_by_position(&mut out);
    out
}

/// `file-too-large` for Googlebot's cut, when the document's own cap (if any)
/// did not already cut it at 500 KiB or sooner: under `google` (no cap) or a
/// larger configured cap.
fn googlebot_finding(doc: &Document<'_>) -> Option<Finding> {
    if doc
        .truncation()
        .is_some_and(|t| t.max_bytes <= size::GOOGLEBOT_MAX_BYTES)
    {
        return None;
    }
    let t = size::googlebot_cut(doc.source())?;
    Some(Finding {
        code: Code::FileTooLarge,
        severity: Severity::Error,
        line: t.first_ignored_line,
        column: size::cut_column(doc.source(), t.max_bytes),
        span: t.max_bytes..t.max_bytes,
        message: format!(
            "the file is {} bytes; Googlebot reads only the first {}, so it ignores everything from line {} on",
            t.input_len, t.max_bytes, t.first_ignored_line
        ),
        help: Some(format!(
            "keep robots.txt under {} bytes (Google's open-source library, which the `google` profile follows, reads the whole file; Googlebot does not)",
            t.max_bytes
        )),
    })
}

/// `bom` for a file that starts with the UTF-8 byte order mark, or with part
/// of one that is not the start of a character (`EF BB` then `U`: the
/// parser, as Google's, skips it). A character that starts as the mark does
/// (`！`, `EF BC 81`) is text: no finding.
fn bom_finding(doc: &Document<'_>, first: &LineReport) -> Option<Finding> {
    let skipped = doc.bom_len();
    let source = doc.source();
    let whole = skipped == 3;
    let starts_a_character = source
        .utf8_chunks()
        .next()
        .is_some_and(|chunk| !chunk.valid().is_empty());
    if skipped == 0 || (!whole && starts_a_character) {
        return None;
    }
    let (message, help) = if whole {
        (
            String::from("the file starts with a UTF-8 byte order mark"),
            "save the file as UTF-8 without a BOM; some crawlers read the first line as garbage",
        )
    } else {
        (
            format!("the file starts with {skipped} of the 3 bytes of a UTF-8 byte order mark"),
            "remove them: crawlers that do not skip them read the first line as garbage",
        )
    };
    Some(Finding::at(Code::Bom, Severity::Warning, first, 0..skipped, message).with_help(help))
}

/// Sort `findings` by line, then column, ties in the order given.
pub(crate) fn sort_by_position(findings: &mut [Finding]) {
    sort_by_key(findings, |f| u64::from(f.line) << 32 | u64::from(f.column));
}
