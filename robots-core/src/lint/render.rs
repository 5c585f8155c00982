//! Rendering findings as rustc-style diagnostics: one renderer for the CLI,
//! build.rs and the `robots!` macro.

use crate::lint::finding::{Finding, Severity};
use alloc::string::String;
use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};

fn level(severity: Severity) -> Level<'static> {
    match severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        Severity::Note => Level::NOTE,
    }
}

/// The text of the line a finding is on, and the finding's span within it
/// (both as valid UTF-8: invalid bytes show as U+FFFD).
fn excerpt(finding: &Finding, source: &[u8]) -> (String, core::ops::Range<usize>) {
    let start = source
        .get(..finding.span.start.min(source.len()))
        .and_then(|before| memchr::memrchr2(b'\n', b'\r', before))
        .map_or(0, |i| i + 1);
    let end = source
        .get(start..)
        .and_then(|rest| memchr::memchr2(b'\n', b'\r', rest))
        .map_or(source.len(), |i| start + i);
    let line = source.get(start..end).unwrap_or_default();
    let lossy = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let from = finding.span.start.clamp(start, end) - start;
    let to = finding.span.end.clamp(start, end) - start;
    let a = lossy(line.get(..from).unwrap_or_default()).len();
    let b = a + lossy(line.get(from..to).unwrap_or_default()).len();
    (lossy(line), a..b)
}

/// Render one finding, rustc-style, for the file at `path` (plain text, no colour).
///
/// ```
/// use robots_runtime::document::{parse, ParseOptions};
/// use robots_runtime::lint::{line_findings, render};
/// let src = b"User-agent: *\nDisalow: /tmp\n";
/// let doc = parse(src, ParseOptions::default());
/// let text = render(&line_findings(&doc)[0], src, "robots.txt");
/// assert!(text.contains("error[misspelled-directive]"));
/// assert!(text.contains("robots.txt:2:1"));
/// assert!(text.contains("^^^^^^^"));
/// ```
pub fn render(finding: &Finding, source: &[u8], path: &str) -> String {
    let (line, span) = excerpt(finding, source);
    let snippet = Snippet::source(line.as_str())
        .line_start(usize::try_from(finding.line).unwrap_or(usize::MAX))
        .path(path)
        .fold(false)
        .annotation(AnnotationKind::Primary.span(span));
    let mut group = level(finding.severity)
        .primary_title(finding.message.as_str())
        .id(finding.code)
        .element(snippet);
    if let Some(help) = &finding.help {
        group = group.element(Level::HELP.message(help.as_str()));
    }
    Renderer::plain().render(&[group])
}

/// Render every finding, separated by blank lines.
pub fn render_all(findings: &[Finding], source: &[u8], path: &str) -> String {
    let mut out = String::new();
    for f in findings {
        out.push_str(&render(f, source, path));
        out.push_str("\n\n");
    }
    out
}
