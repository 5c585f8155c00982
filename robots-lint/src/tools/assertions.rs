//! CI assertions: URLs a robots.txt must allow or block, per crawler.
//! The format is described on [`parse_assertions`].

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use robots_core::policy::Policy;
use robots_core::{Reason, Verdict};

/// What an assertion expects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Expectation {
    /// The crawler may fetch the URL.
    Allow,
    /// The crawler may not fetch the URL.
    Block,
}

impl Expectation {
    /// `allow` or `block`.
    pub const fn name(self) -> &'static str {
        match self {
            Expectation::Allow => "allow",
            Expectation::Block => "block",
        }
    }
}

/// One assertion: `allow|block AGENT URL`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Assertion<'a> {
    /// 1-based line.
    pub line: u32,
    /// 1-based byte column of the first word.
    pub column: u32,
    /// What is expected.
    pub expect: Expectation,
    /// The crawler (`*` for one the file does not name).
    pub agent: &'a [u8],
    /// The URL or path.
    pub url: &'a [u8],
}

impl Assertion<'_> {
    /// The verdict the policy gives.
    pub fn check(&self, policy: &Policy) -> Verdict {
        policy.check(self.agent, self.url)
    }

    /// Whether `verdict` is what the assertion expects.
    pub fn holds(&self, verdict: &Verdict) -> bool {
        verdict.allowed == (self.expect == Expectation::Allow)
    }

    /// Why a broken assertion broke, naming the deciding line of `robots_name`:
    /// `` expected `allow FooBot /x`, but it is disallowed by robots.txt:7 "Disallow: /x" ``.
    /// The CLI, the `robots!` macro and build.rs all print this.
    ///
    /// ```
    /// use robots_lint::parse_assertions;
    /// use robots_runtime::{Policy, Profile};
    /// let policy = Policy::parse(b"User-agent: *\nDisallow: /x\n", Profile::Rfc9309);
    /// let asserts = parse_assertions(b"allow FooBot /x\n").unwrap();
    /// let verdict = asserts[0].check(&policy);
    /// assert!(!asserts[0].holds(&verdict));
    /// assert_eq!(
    ///     asserts[0].failure(&policy, &verdict, "robots.txt"),
    ///     "expected `allow FooBot /x`, but it is disallowed by robots.txt:2 \"Disallow: /x\""
    /// );
    /// ```
    pub fn failure(&self, policy: &Policy, verdict: &Verdict, robots_name: &str) -> String {
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        let word = if verdict.allowed {
            "allowed"
        } else {
            "disallowed"
        };
        let why = match verdict.rule.and_then(|id| policy.rule(id)) {
            Some(rule) => format!("by {robots_name}:{} \"{rule}\"", rule.line),
            None if verdict.reason == Reason::RobotsTxt => format!(
                "because {} under {}",
                verdict.reason.description(),
                policy.profile()
            ),
            None => format!("because {}", verdict.reason.description()),
        };
        format!(
            "expected `{} {} {}`, but it is {word} {why}",
            self.expect.name(),
            text(self.agent),
            text(self.url),
        )
    }
}

/// A line of an assertion file that is not an assertion.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct AssertionError {
    /// 1-based line.
    pub line: u32,
    /// 1-based byte column.
    pub column: u32,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for AssertionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for AssertionError {}

fn blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// The words of a line (up to a `#` that starts a word), with their 0-based offsets.
fn words(line: &[u8]) -> Vec<(usize, &[u8])> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < line.len() {
        if blank(line[i]) {
            i += 1;
            continue;
        }
        if line[i] == b'#' {
            break;
        }
        let start = i;
        while i < line.len() && !blank(line[i]) {
            i += 1;
        }
        out.push((start, &line[start..i]));
    }
    out
}

fn col(offset: usize) -> u32 {
    u32::try_from(offset + 1).unwrap_or(u32::MAX)
}

/// Parse an assertion file: URLs a robots.txt must allow or block, per crawler.
/// The first line that is not an assertion is an error.
///
/// # Format
///
/// One assertion per line, three words separated by spaces or tabs:
///
/// ```text
/// # Comments start with `#` (at the start of a line or of a word).
/// allow FooBot /public/
/// block *      /private/          # `*`: a crawler the file does not name
/// allow Googlebot https://example.com/search/about
/// ```
///
/// - the expectation: `allow` or `block` (lower case);
/// - the crawler: a product token as crawlers send it, or `*` for any crawler no
///   group names (it gets the `*` groups);
/// - the URL: a full URL or a path (with query), any bytes but blanks.
///
/// Blank lines are skipped; lines end with LF, CRLF or CR. An error names its
/// line and byte column.
///
/// ```
/// use robots_lint::{parse_assertions, Expectation};
/// use robots_runtime::{Policy, Profile};
/// let asserts = parse_assertions(b"allow * /public\nblock * /private/x  # must stay hidden\n").unwrap();
/// assert_eq!(asserts[1].expect, Expectation::Block);
/// let policy = Policy::parse(b"User-agent: *\nDisallow: /private\n", Profile::Rfc9309);
/// assert!(asserts.iter().all(|a| a.holds(&a.check(&policy))));
///
/// let err = parse_assertions(b"allow Bot /a\nalow Bot /b\n").unwrap_err();
/// assert_eq!((err.line, err.column), (2, 1));
/// ```
///
/// # Errors
/// An [`AssertionError`] with the line and column of the first line that is not an assertion.
pub fn parse_assertions(input: &[u8]) -> Result<Vec<Assertion<'_>>, AssertionError> {
    let mut out = Vec::new();
    for parsed in assertion_lines(input) {
        out.push(parsed?);
    }
    Ok(out)
}

/// [`parse_assertions`] reporting every line that is not an assertion, not just
/// the first; a file with no assertion at all (empty, or only comments) is an
/// error too, since a CI job that checks nothing would pass.
///
/// ```
/// use robots_lint::parse_assertion_file;
/// let errors = parse_assertion_file(b"allow Bot /a\nalow Bot /b\nblock Bot\n").unwrap_err();
/// let places: Vec<(u32, u32)> = errors.iter().map(|e| (e.line, e.column)).collect();
/// assert_eq!(places, [(2, 1), (3, 10)]);
/// assert!(parse_assertion_file(b"# nothing yet\n").is_err());
/// assert_eq!(parse_assertion_file(b"block * /private\n").map(|a| a.len()), Ok(1));
/// ```
///
/// # Errors
/// Every [`AssertionError`], in line order (one at 1:1 for a file with no assertion).
pub fn parse_assertion_file(input: &[u8]) -> Result<Vec<Assertion<'_>>, Vec<AssertionError>> {
    let (mut good, mut bad) = (Vec::new(), Vec::new());
    for parsed in assertion_lines(input) {
        match parsed {
            Ok(a) => good.push(a),
            Err(e) => bad.push(e),
        }
    }
    if good.is_empty() && bad.is_empty() {
        bad.push(AssertionError {
            line: 1,
            column: 1,
            message: String::from(
                "the file has no assertions (lines `allow AGENT URL` or `block AGENT URL`), so it would check nothing",
            ),
        });
    }
    if bad.is_empty() {
        Ok(good)
    } else {
        Err(bad)
    }
}

/// Each non-blank line of an assertion file, parsed.
fn assertion_lines(input: &[u8]) -> impl Iterator<Item = Result<Assertion<'_>, AssertionError>> {
    let mut number: u32 = 0;
    let mut rest = input;
    core::iter::from_fn(move || loop {
        if rest.is_empty() {
            return None;
        }
        let end = memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len());
        let line = rest.get(..end).unwrap_or_default();
        let skip = match rest.get(end..end + 2) {
            Some(b"\r\n") => 2,
            _ => usize::from(end < rest.len()),
        };
        rest = rest.get(end + skip..).unwrap_or_default();
        number = number.saturating_add(1);
        if let Some(parsed) = assertion_line(number, line) {
            return Some(parsed);
        }
    })
}

/// One line: `None` when blank or a comment.
fn assertion_line(number: u32, line: &[u8]) -> Option<Result<Assertion<'_>, AssertionError>> {
    let err = |offset: usize, message: String| {
        Some(Err(AssertionError {
            line: number,
            column: col(offset),
            message,
        }))
    };
    let words = words(line);
    let &(at, verb) = words.first()?;
    let expect = match verb {
        b"allow" => Expectation::Allow,
        b"block" => Expectation::Block,
        other => {
            return err(
                at,
                format!(
                    "expected `allow` or `block`, found `{}`",
                    String::from_utf8_lossy(other)
                ),
            )
        }
    };
    let Some(&(_, agent)) = words.get(1) else {
        return err(
            line.len(),
            String::from("expected a crawler name after the expectation"),
        );
    };
    let Some(&(_, url)) = words.get(2) else {
        return err(
            line.len(),
            String::from("expected a URL after the crawler name"),
        );
    };
    if let Some(&(extra, _)) = words.get(3) {
        return err(
            extra,
            String::from("unexpected text after the URL (comments start with `#`)"),
        );
    }
    Some(Ok(Assertion {
        line: number,
        column: col(at),
        expect,
        agent,
        url,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_reports_positions() {
        let a =
            parse_assertions(b"# c\n\n  allow\tFooBot /p?q#frag # note\r\nblock * /x\rallow a b")
                .unwrap();
        assert_eq!(a.len(), 3);
        assert_eq!((a[0].line, a[0].column), (3, 3));
        assert_eq!(a[0].url, b"/p?q#frag");
        assert_eq!((a[1].line, a[1].agent), (4, &b"*"[..]));
        assert_eq!(a[2].line, 5);
        let e = parse_assertions(b"allow FooBot\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 13));
        let e = parse_assertions(b"allow FooBot /a /b\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 17));
        let e = parse_assertions(b"\n\nALLOW x /\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "3:1: expected `allow` or `block`, found `ALLOW`"
        );
    }
}
