//! Rendering findings as rustc-style diagnostics: one renderer for the CLI,
//! build.rs and the `robots!` macro.

use super::finding::{Finding, Severity};
use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};
use core::ops::Range;

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

/// The text of the line a finding is on, and the finding's span within it.
///
/// The line's bytes become text once (each invalid sequence as one U+FFFD, as
/// `String::from_utf8_lossy` does), and the span's ends are mapped through that
/// one conversion, so the span lies on character boundaries of the very text
/// the renderer gets: an end inside a character or an invalid sequence (a span
/// that starts after a partial byte order mark, a cut at 500 KiB inside a
/// character) widens to take it whole.
fn excerpt(finding: &Finding, source: &[u8]) -> (String, Range<usize>) {
    let start = source
        .get(..finding.span.start.min(source.len()))
        .and_then(|before| memchr::memrchr2(b'\n', b'\r', before))
        .map_or(0, |i| i + 1);
    let end = source
        .get(start..)
        .and_then(|rest| memchr::memchr2(b'\n', b'\r', rest))
        .map_or(source.len(), |i| start + i);
    let line = source.get(start..end).unwrap_or_default();
    let from = finding.span.start.clamp(start, end) - start;
    let to = finding.span.end.clamp(start, end) - start;
    text_and_span(line, from..to.max(from))
}

/// `bytes` as text, and `span` (byte offsets of `bytes`) as offsets of that
/// text: its start moved back to the start of the character (or invalid
/// sequence) it falls in, its end forward to the end of its own.
fn text_and_span(bytes: &[u8], span: Range<usize>) -> (String, Range<usize>) {
    let mut text = String::with_capacity(bytes.len() + 8);
    let (mut from, mut to) = (None, None);
    // Each unit: a character, or an invalid sequence; at byte `at` of
    // `bytes`, `len` bytes long there, shown as `shown`.
    let mut at = 0;
    let mut unit = |text: &mut String, len: usize, shown: &str| {
        if from.is_none() && span.start < at + len {
            from = Some(text.len());
        }
        if to.is_none() && span.end <= at {
            to = Some(text.len());
        }
        text.push_str(shown);
        if to.is_none() && span.end <= at + len && span.end > at {
            to = Some(text.len());
        }
        at += len;
    };
    for chunk in bytes.utf8_chunks() {
        let mut buf = [0u8; 4];
        for c in chunk.valid().chars() {
            unit(&mut text, c.len_utf8(), c.encode_utf8(&mut buf));
        }
        if !chunk.invalid().is_empty() {
            unit(&mut text, chunk.invalid().len(), "\u{FFFD}");
        }
    }
    let from = from.unwrap_or(text.len());
    let to = to.unwrap_or(text.len()).max(from);
    (text, from..to)
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
                // The styled location ends with a reset: keep the escapes of
                // the text replaced, or the terminal stays bold blue after it.
                out.push_str(&escapes_in(line.get(end..).unwrap_or_default()));
                done = true;
            }
            _ => out.push_str(line),
        }
    }
    out
}

/// The SGR escapes (`ESC[...m`) of `text`, in order, without the rest.
fn escapes_in(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('\x1b') {
        let escape = rest.get(at..).unwrap_or_default();
        let Some(end) = escape.find('m') else {
            break;
        };
        out.push_str(escape.get(..=end).unwrap_or_default());
        rest = escape.get(end + 1..).unwrap_or_default();
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

#[cfg(test)]
mod tests {
    // A test may index: a panic there is a failed test, with its location.
    #![allow(clippy::indexing_slicing)]

    use super::{render, render_styled, text_and_span};
    use crate::{line_findings, lint, Finding, Severity, CODES};
    use alloc::string::String;
    use alloc::vec::Vec;
    use robots_core::document::{parse, ParseOptions};
    use robots_core::Profile;

    /// Every proper prefix (1 byte or more) of a multi-byte character, of
    /// each length UTF-8 has, and the prefixes of the byte order mark.
    fn truncated_prefixes() -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        for c in ["é", "！", "€", "😀", "\u{FEFF}"] {
            let bytes = c.as_bytes();
            for len in 1..bytes.len() {
                out.push(bytes[..len].to_vec());
            }
        }
        out
    }

    /// A line of rules holding `odd` at its start, middle or end, placed first,
    /// in the middle or last (without a final newline) of a file.
    fn sources(odd: &[u8]) -> Vec<(Vec<u8>, usize)> {
        let mut out = Vec::new();
        for at_line in 0..3 {
            let mut line = Vec::new();
            match at_line {
                0 => line.extend_from_slice(odd),
                1 => line.extend_from_slice(b"Disallow: /a"),
                _ => line.extend_from_slice(b"Disallow: /a/b"),
            }
            if at_line == 1 {
                line.extend_from_slice(odd);
                line.extend_from_slice(b"/x$");
            } else if at_line == 0 {
                line.extend_from_slice(b"Disallow: /a*b");
            } else {
                line.extend_from_slice(odd);
            }
            for at_file in 0..3 {
                let mut src = Vec::new();
                if at_file > 0 {
                    src.extend_from_slice(b"User-agent: *\nDisallow: /\n");
                }
                let start = src.len();
                src.extend_from_slice(&line);
                if at_file < 2 {
                    src.extend_from_slice(b"\nAllow: /a\n");
                }
                out.push((src, start));
            }
        }
        out
    }

    fn check_rendered(text: &str, f: &Finding) {
        assert!(text.contains(f.code.as_str()), "{text}");
        assert!(
            text.contains(&alloc::format!("robots.txt:{}:{}", f.line, f.column)),
            "{text}"
        );
    }

    /// Spans that split a character or an invalid sequence, anywhere in a line
    /// and a file, render (plain and styled) without a panic, for every code:
    /// each span of each line, with the codes in turn, and every finding the
    /// lint itself makes of those files.
    #[test]
    fn spans_inside_characters_render_for_every_code() {
        let mut k = 0;
        let mut rendered = 0;
        for odd in truncated_prefixes() {
            for (src, start) in sources(&odd) {
                let end = start
                    + src[start..]
                        .iter()
                        .position(|&b| b == b'\n')
                        .unwrap_or(src.len() - start);
                for from in start..=end {
                    for to in from..=end {
                        let info = &CODES[k % CODES.len()];
                        k += 1;
                        let f = Finding::new(
                            info.code,
                            Severity::Warning,
                            2,
                            u32::try_from(from - start + 1).unwrap(),
                            from..to,
                            String::from("a `message`"),
                        )
                        .with_help("a help line");
                        check_rendered(&render(&f, &src, "robots.txt"), &f);
                        rendered += 1;
                    }
                }
                for profile in Profile::ALL {
                    for f in lint(&src, profile) {
                        check_rendered(&render(&f, &src, "robots.txt"), &f);
                        check_rendered(&render_styled(&f, &src, "robots.txt"), &f);
                        rendered += 2;
                    }
                }
            }
        }
        assert!(k > 10 * CODES.len(), "every code, many times: {k}");
        assert!(rendered > k, "{rendered}");
    }

    /// The three ways in that crashed the renderer: a partial byte order mark,
    /// a first character that starts as the mark does, and the 500 KiB cut
    /// inside a character.
    #[test]
    fn the_three_ways_in_render() {
        let cases: [&[u8]; 3] = [
            b"\xef\x85M\nUser-agent: *\nDisallow: /\n",
            "！\nUser-agent: *\nDisallow: /\n".as_bytes(),
            "！User-agent: *\nDisallow: /\n".as_bytes(),
        ];
        for src in cases {
            let findings = lint(src, Profile::Google);
            assert!(!findings.is_empty(), "{src:?}");
            for f in &findings {
                check_rendered(&render(f, src, "robots.txt"), f);
            }
        }
        // 512,004 bytes, an emoji across byte 512,000.
        let mut big = b"User-agent: *\nDisallow: /private\n".to_vec();
        while big.len() < 511_998 - 30 {
            big.extend_from_slice(b"# a comment line of some length\n");
        }
        big.resize(511_998, b'#');
        big.extend_from_slice("😀".as_bytes());
        big.extend_from_slice(b"ab\n");
        assert_eq!(big.len(), 512_005);
        let doc = parse(&big, ParseOptions::new(Profile::Rfc9309));
        let findings = line_findings(&doc);
        let cut: Vec<&Finding> = findings
            .iter()
            .filter(|f| f.code == crate::Code::FileTooLarge)
            .collect();
        assert_eq!(cut.len(), 1, "{findings:?}");
        assert_eq!(cut[0].span.start, 512_000);
        for f in &findings {
            check_rendered(&render(f, &big, "robots.txt"), f);
        }
    }

    /// One conversion: the span is mapped through the text it is given.
    #[test]
    fn the_span_follows_the_one_conversion() {
        // `é` whole, a lone continuation byte, then text.
        let bytes = b"\xc3\xa9\xa9ab";
        let (text, span) = text_and_span(bytes, 0..2);
        assert_eq!(text, "é\u{FFFD}ab");
        assert_eq!(&text[span], "é");
        // Inside `é`: widened to take it whole.
        let (text, span) = text_and_span(bytes, 1..1);
        assert_eq!(&text[span], "é");
        let (text, span) = text_and_span(bytes, 2..4);
        assert_eq!(&text[span], "\u{FFFD}a");
        let (text, span) = text_and_span(bytes, 5..5);
        assert_eq!(span, text.len()..text.len());
        // A truncated 4-byte character is one invalid sequence.
        let (text, span) = text_and_span(b"x\xf0\x9f\x98y", 2..3);
        assert_eq!(text, "x\u{FFFD}y");
        assert_eq!(&text[span], "\u{FFFD}");
    }
}
