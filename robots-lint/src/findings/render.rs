//! Rendering findings as rustc-style diagnostics: one renderer for the CLI,
//! build.rs and the `robots!` macro.

use super::finding::{Finding, Severity};
use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};

fn level(severity: Severity) -> Level<'static> {
    match severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        Severity::Note => Level::NOTE,
    }
}

/// Echoed text (a pattern, a URL, a witness) longer than this many bytes is
/// cut in human output; JSON keeps it whole.
pub const ECHO_BYTES: usize = 80;

/// `text` whole when it has at most [`ECHO_BYTES`] bytes, else its first 80
/// bytes (cut on a character boundary), `…` and its length.
///
/// ```
/// use robots_lint::shorten;
/// assert_eq!(shorten("/short"), "/short");
/// let long = "/".repeat(100);
/// assert_eq!(shorten(&long), format!("{}… (100 bytes)", &long[..80]));
/// ```
pub fn shorten(text: &str) -> Cow<'_, str> {
    if text.len() <= ECHO_BYTES {
        return Cow::Borrowed(text);
    }
    let mut end = ECHO_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    Cow::Owned(format!(
        "{}… ({} bytes)",
        text.get(..end).unwrap_or_default(),
        text.len()
    ))
}

/// `message` with each `` `quoted` `` or `"quoted"` part [`shorten`]ed: what
/// a message echoes of the input (patterns, witness URLs) stays short.
///
/// ```
/// use robots_lint::shorten_quoted;
/// let long = "a".repeat(100);
/// let message = format!("pattern `/{long}` is long; `/x` is not");
/// let short = shorten_quoted(&message);
/// assert!(short.contains("… (101 bytes)` is long; `/x` is not"));
/// ```
pub fn shorten_quoted(message: &str) -> Cow<'_, str> {
    match shorten_between(message, '`') {
        Cow::Borrowed(same) => shorten_between(same, '"'),
        Cow::Owned(cut) => Cow::Owned(shorten_between(&cut, '"').into_owned()),
    }
}

/// [`shorten_quoted`] for one quote character; unpaired quotes leave `message` as it is.
fn shorten_between(message: &str, quote: char) -> Cow<'_, str> {
    let parts: Vec<&str> = message.split(quote).collect();
    // Odd parts are quoted (when the quotes pair up).
    if parts.len() % 2 == 0
        || !parts
            .iter()
            .skip(1)
            .step_by(2)
            .any(|p| p.len() > ECHO_BYTES)
    {
        return Cow::Borrowed(message);
    }
    let mut out = String::with_capacity(message.len().min(4 * ECHO_BYTES));
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            out.push(quote);
        }
        if i % 2 == 1 {
            out.push_str(&shorten(part));
        } else {
            out.push_str(part);
        }
    }
    Cow::Owned(out)
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

/// Render one finding, rustc-style, for the file at `path` (plain text, no
/// colour). Quoted parts of the message and help longer than [`ECHO_BYTES`] are
/// [`shorten`]ed, and a long line is trimmed around the subject.
///
/// ```
/// use robots_runtime::document::{parse, ParseOptions};
/// use robots_lint::{line_findings, render};
/// let src = b"User-agent: *\nDisalow: /tmp\n";
/// let doc = parse(src, ParseOptions::default());
/// let text = render(&line_findings(&doc)[0], src, "robots.txt");
/// assert!(text.contains("error[misspelled-directive]"));
/// assert!(text.contains("robots.txt:2:1"));
/// assert!(text.contains("^^^^^^^"));
/// ```
pub fn render(finding: &Finding, source: &[u8], path: &str) -> String {
    render_with(&Renderer::plain(), finding, source, path)
}

/// [`render`], with rustc's colours (ANSI escapes), for a terminal.
///
/// ```
/// use robots_runtime::document::{parse, ParseOptions};
/// use robots_lint::{line_findings, render, render_styled};
/// let src = b"User-agent: *\nDisalow: /tmp\n";
/// let doc = parse(src, ParseOptions::default());
/// let finding = &line_findings(&doc)[0];
/// let styled = render_styled(finding, src, "robots.txt");
/// assert!(styled.contains("\x1b["));
/// assert!(styled.contains("robots.txt:2:1"));
/// ```
pub fn render_styled(finding: &Finding, source: &[u8], path: &str) -> String {
    render_with(&Renderer::styled(), finding, source, path)
}

fn render_with(renderer: &Renderer, finding: &Finding, source: &[u8], path: &str) -> String {
    let (line, span) = excerpt(finding, source);
    let title = shorten_quoted(&finding.message);
    let help = finding.help.as_deref().map(shorten_quoted);
    let snippet = Snippet::source(line.as_str())
        .line_start(usize::try_from(finding.line).unwrap_or(usize::MAX))
        .path(path)
        .fold(false)
        .annotation(AnnotationKind::Primary.span(span));
    let mut group = level(finding.severity)
        .primary_title(&*title)
        .id(finding.code.as_str())
        .element(snippet);
    if let Some(help) = &help {
        group = group.element(Level::HELP.message(&**help));
    }
    let rendered = renderer.render(&[group]);
    with_location(&rendered, path, finding)
}

/// `rendered` with its ` --> PATH:LINE:COL` line giving the finding's own line
/// and byte column (the snippet renderer counts characters), so the human and
/// the JSON output name the same place. In styled output the arrow is
/// wrapped in escapes (`ESC[..m-->ESC[0m `), which the padding before it may hold.
fn with_location(rendered: &str, path: &str, finding: &Finding) -> String {
    let mut out = String::with_capacity(rendered.len() + 8);
    let mut done = false;
    for (i, line) in rendered.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let arrow = line.find("-->").and_then(|at| {
            let pad = line.get(..at)?;
            let after = line.get(at + 3..)?;
            // The arrow's reset escape, if any, then the space before the location.
            let space = after.find(' ')?;
            let escapes = after.get(..space)?;
            (blank_but_escapes(pad) && blank_but_escapes(escapes)).then_some(at + 3 + space + 1)
        });
        match arrow {
            Some(end) if !done => {
                out.push_str(line.get(..end).unwrap_or_default());
                out.push_str(&format!("{path}:{}:{}", finding.line, finding.column));
                done = true;
            }
            _ => out.push_str(line),
        }
    }
    out
}

/// `text` holds nothing but whitespace and SGR escapes (`ESC[...m`).
fn blank_but_escapes(text: &str) -> bool {
    text.split('\x1b').enumerate().all(|(n, part)| {
        let shown = match part.split_once('m') {
            Some((_, rest)) if n > 0 => rest,
            _ => part,
        };
        shown.trim().is_empty()
    })
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
