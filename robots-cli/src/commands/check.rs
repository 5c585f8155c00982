//! `robots check`: one verdict line per URL.
//!
//! The robots.txt is read as raw bytes and compiled once (a policy file from
//! `robots compile` is loaded instead, without parsing); the crawler is resolved
//! once; then URLs stream through, from the arguments or from standard input (one
//! per line, LF or CRLF, an empty line meaning `/`). Each output line is either
//!
//! ```text
//! allowed<TAB>URL
//! disallowed<TAB>URL
//! ```
//!
//! with the URL's bytes echoed exactly (unless they hold control characters or
//! invalid UTF-8: then escaped, see [`echo::escaped`]), or with `--format json`
//! one object per line (see [`json::write_verdict`]). Nothing is allocated per
//! URL beyond the reused line buffers (and what the engine itself needs for
//! `%`-decoding), except for the rare line that does not read plainly.
//!
//! A URL line that is not plainly a path, an http(s) URL or empty
//! ([`read_url_line`]: `ftp://host/x`, `http://[::1`, `%zz/x`, a NUL byte) is
//! checked as the profile reads it, and a warning on stderr says how: the
//! first [`SHOWN_URL_WARNINGS`], then a count. With `--format json` each such
//! line also carries a `warning` member. With `--strict-urls` such a line gets
//! `error<TAB>URL<TAB>reason` instead of a verdict, and the exit status is 1.
//!
//! A FILE that begins as a compiled policy (`ROBOTPOL`) is read as one only
//! when it validates whole; otherwise it is a robots.txt (a note says so).
//! `--compiled` insists on the policy, and fails when it does not validate.

use crate::echo;
use crate::error::Error;
use crate::flags::{Check, Format};
use crate::json;
use crate::notices;
use crate::output::Streams;
use crate::style;
use crate::{EXIT_FAIL, EXIT_OK};
use robots_runtime::url::{read_url_line, url_lines, UrlLine};
use robots_runtime::{AgentPolicy, Matcher, Policy, PolicyRef, Profile, Verdict};

/// How many odd URL lines get a warning of their own; the rest are counted.
pub const SHOWN_URL_WARNINGS: usize = 10;

/// Run `check`, reading URLs from standard input when none were given; the
/// exit status (1 when `--strict-urls` refused a line).
///
/// # Errors
/// - [`Error::Read`] when the robots.txt or standard input cannot be read;
/// - [`Error::Stdout`] when standard output cannot be written (a broken pipe
///   included; the caller treats that one as a quiet success).
pub fn run(args: &Check, io: &mut Streams<'_>) -> Result<i32, Error> {
    let loaded = load(args, io)?;
    let (policy, matcher) = match &loaded {
        Loaded::Text(policy) | Loaded::Compiled(policy) => (policy, args.crawler.matcher(policy)),
        Loaded::OneCrawler(mine) => (mine.policy(), mine.matcher()),
    };
    let mut printer = Printer {
        policy,
        matcher,
        json: args.format == Format::Json,
        strict: args.strict_urls,
        out: Vec::with_capacity(BATCH + 512),
        odd: 0,
        refused: false,
        plain_output: args.format != Format::Json && !io.stdout.color(),
    };
    match &args.urls {
        Some(urls) => {
            for (i, url) in urls.iter().enumerate() {
                printer.print(io, url, read_url_line(url), Origin::Argument(i + 1))?;
            }
        }
        None => read_lines(io, &mut printer)?,
    }
    printer.flush(io)?;
    io.stdout.flush()?;
    if printer.odd > SHOWN_URL_WARNINGS {
        io.warn(&format!(
            "{} more URLs did not read plainly (only the first {SHOWN_URL_WARNINGS} are shown){}",
            printer.odd - SHOWN_URL_WARNINGS,
            if printer.json {
                "; each carries a `warning` member"
            } else {
                "; `--format json` marks each"
            }
        ));
    }
    Ok(if printer.refused { EXIT_FAIL } else { EXIT_OK })
}

/// Check every line of standard input, in order.
///
/// Lines are checked where they lie in what each read returned: only a line
/// that two reads split is copied (into `pending`) to be whole. One pass over
/// each read finds the line ends and which lines need a closer look
/// ([`url_lines`]); the others are not looked at again to be read.
fn read_lines(io: &mut Streams<'_>, printer: &mut Printer<'_>) -> Result<(), Error> {
    let mut nothing = std::io::empty();
    let (stdin, mut io) = io.split_stdin(&mut nothing);
    let mut pending: Vec<u8> = Vec::new();
    let mut number = 0usize;
    loop {
        let read = match stdin.fill_buf() {
            Ok(read) => read,
            Err(e) => {
                // The verdicts so far are still written.
                printer.flush(&mut io)?;
                return Err(Error::read("URLs from standard input", e));
            }
        };
        if read.is_empty() {
            break;
        }
        let mut start = 0;
        if !pending.is_empty() {
            // The rest of the line the last read ended in.
            let Some(end) = memchr::memchr(b'\n', read) else {
                pending.extend_from_slice(read);
                let n = read.len();
                stdin.consume(n);
                continue;
            };
            pending.extend_from_slice(read.get(..end).unwrap_or_default());
            number += 1;
            print_line(&mut io, printer, &pending, number)?;
            pending.clear();
            start = end + 1;
        }
        let mut lines = url_lines(read.get(start..).unwrap_or_default());
        for line in &mut lines {
            number += 1;
            let url = line.url();
            printer.print(&mut io, url, line.read(), Origin::Line(number))?;
        }
        pending.extend_from_slice(lines.rest());
        let n = read.len();
        stdin.consume(n);
    }
    if !pending.is_empty() {
        number += 1;
        print_line(&mut io, printer, &pending, number)?;
    }
    printer.flush(&mut io)
}

/// Check line `number`, `line` (its line end, if any, still on).
fn print_line(
    io: &mut Streams<'_>,
    printer: &mut Printer<'_>,
    line: &[u8],
    number: usize,
) -> Result<(), Error> {
    let url = strip_line_end(line);
    printer.print(io, url, read_url_line(url), Origin::Line(number))
}

/// Where a URL came from, for the warnings: `line 3` of standard input, or
/// `argument 2`.
#[derive(Clone, Copy)]
enum Origin {
    Line(usize),
    Argument(usize),
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::Line(n) => write!(f, "line {n}"),
            Origin::Argument(n) => write!(f, "argument {n}"),
        }
    }
}

/// What `check` answers from.
enum Loaded {
    /// A robots.txt, parsed here.
    Text(Policy),
    /// A policy file for every crawler.
    Compiled(Policy),
    /// A policy file for one crawler, the one asked about.
    OneCrawler(AgentPolicy),
}

/// Read the robots.txt or policy file (told apart by its first bytes) and make
/// the policy. A policy file must fit the command line: its profile is the one
/// named (if any), and a one-crawler file answers only for its own crawler.
fn load(args: &Check, io: &mut Streams<'_>) -> Result<Loaded, Error> {
    let body = args
        .robots
        .read("robots.txt", io.stdin)
        .map_err(|e| {
            e.with_hint_if_missing(
                "the robots.txt comes first: `robots check FILE --agent AGENT [URL]...`, or name it with `--robots FILE`",
            )
        })?;
    let name = args.robots.name();
    let damaged = |e: robots_runtime::Error| {
        Error::Invalid(format!(
            "'{name}' is a damaged policy file, or one this build of robots does not read: {e}"
        ))
    };
    // A robots.txt is untrusted: one that begins as a policy does is still text
    // unless every byte of it validates as a policy.
    let view = if args.compiled && !Policy::is_byte_form(&body) {
        // Not a damaged policy: no policy at all (a robots.txt, most likely).
        return Err(Error::Invalid(format!(
            "'{name}' is not a compiled policy file (`robots compile` writes those; they begin with `ROBOTPOL`): it is {}; drop --compiled to read it as a robots.txt",
            robots_lint::sniff(&body).map_or("robots.txt text", |kind| kind.describe())
        )));
    } else if args.compiled {
        PolicyRef::from_bytes(&body).map_err(damaged)?
    } else if !Policy::is_byte_form(&body) {
        return Ok(text(io, &name, &body, args.profile));
    } else {
        match PolicyRef::from_bytes(&body) {
            Ok(view) => view,
            Err(e) => {
                io.note(&format!(
                    "'{name}' begins like a compiled policy file (`ROBOTPOL`) but is not a valid one ({e}): it is read as robots.txt text; `--compiled` reads it as a policy, with its errors"
                ));
                return Ok(text(io, &name, &body, args.profile));
            }
        }
    };
    let compiled_under = view.profile();
    if let Some(asked) = args.profile.filter(|&p| p != compiled_under) {
        return Err(Error::Usage(format!(
            "'{name}' was compiled under --profile {compiled_under}, not {asked}: drop --profile, or compile the robots.txt again with --profile {asked}"
        )));
    }
    let Some(own) = view.agent().map(|a| a.to_vec()) else {
        return Policy::from_bytes(body)
            .map(Loaded::Compiled)
            .map_err(damaged);
    };
    let asked = &args.crawler.agent;
    if !asked.eq_ignore_ascii_case(&own) {
        return Err(Error::Usage(format!(
            "'{name}' was compiled for the crawler `{}` only, so it cannot answer for `{}`: compile the robots.txt without --agent to check any crawler",
            own.escape_ascii(),
            asked.escape_ascii()
        )));
    }
    let mine = AgentPolicy::from_bytes(body).map_err(damaged)?;
    // No group names the crawler: its fallbacks' groups would decide, and the
    // file left them out (it holds the `*` groups, if any).
    let named = mine.policy().chain_choice([own.as_slice()]).is_some();
    if !named && !args.crawler.fallbacks.is_empty() {
        let fallbacks: Vec<String> = args
            .crawler
            .fallbacks
            .iter()
            .map(|f| format!("`{}`", f.escape_ascii()))
            .collect();
        return Err(Error::Usage(format!(
            "'{name}' was compiled for `{}` alone, which no group names, so its fallbacks ({}) cannot be followed: compile the robots.txt without --agent, or pass --no-fallback to check `{}` alone",
            own.escape_ascii(),
            fallbacks.join(", "),
            own.escape_ascii()
        )));
    }
    Ok(Loaded::OneCrawler(mine))
}

/// `body` as a robots.txt, under the profile named or rfc9309.
fn text(io: &mut Streams<'_>, name: &str, body: &[u8], profile: Option<Profile>) -> Loaded {
    let profile = profile.unwrap_or(Profile::Rfc9309);
    notices::inspect(io, name, body, profile);
    Loaded::Text(Policy::parse(body, profile))
}

/// A line, without its `\n` (if it has one) and then one `\r`.
fn strip_line_end(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// Checks URLs and formats verdict lines into a reused buffer.
struct Printer<'p> {
    policy: &'p Policy,
    matcher: Matcher<'p>,
    json: bool,
    /// `--strict-urls`.
    strict: bool,
    /// Verdict lines not yet handed to standard output: written in batches of
    /// [`BATCH`] bytes, and before any warning, so that the warning follows
    /// the line it is about.
    out: Vec<u8>,
    /// URL lines that did not read plainly, so far.
    odd: usize,
    /// Whether `--strict-urls` refused any.
    refused: bool,
    /// Verdict lines are plain text without colour: a plain line's is the
    /// word, a tab and the line as it is.
    plain_output: bool,
}

/// How many bytes of verdict lines [`Printer`] gathers before it writes them:
/// one write for many lines, not a write per line. As large as the binary's
/// output buffer (`main.rs`), which then passes a batch on without copying it.
const BATCH: usize = 64 << 10;

impl Printer<'_> {
    /// Check `url`, read as `read`, and write its line; warn when it does not
    /// read plainly.
    ///
    /// Nearly every line is plain printable ASCII, and its verdict line is
    /// the word, a tab and the line: that case is taken here, inlined into
    /// the reading loop, and the rest (warnings, escapes, JSON, colour, and
    /// the errors all of them can meet) is a call away.
    #[inline(always)]
    fn print(
        &mut self,
        io: &mut Streams<'_>,
        url: &[u8],
        read: UrlLine<'_>,
        origin: Origin,
    ) -> Result<(), Error> {
        if self.plain_output && read.is_plain() && read.is_printable_ascii() {
            self.add_plain(&read, url);
            if self.out.len() >= BATCH {
                return self.flush(io);
            }
            return Ok(());
        }
        self.print_any(io, url, read, origin)
    }

    /// [`Printer::print`] of any line.
    #[inline(never)]
    fn print_any(
        &mut self,
        io: &mut Streams<'_>,
        url: &[u8],
        read: UrlLine<'_>,
        origin: Origin,
    ) -> Result<(), Error> {
        let complete = self.out.len();
        let printed = self.add(io, url, read, origin);
        if printed.is_err() {
            // Not half a line: the lines before it are written, as they were
            // when each line was written on its own.
            self.out.truncate(complete);
            self.flush(io)?;
        } else if self.out.len() >= BATCH {
            self.flush(io)?;
        }
        printed
    }

    /// Hand the gathered lines to standard output.
    fn flush(&mut self, io: &mut Streams<'_>) -> Result<(), Error> {
        let written = io.stdout.write_all(&self.out);
        self.out.clear();
        written
    }

    /// The verdict for the path of `read` (`check_path` of the URL's path is
    /// `check` of the URL). A line without a `%` has nothing to decode, which
    /// the scan has just seen: its path is not searched for one again.
    fn check(&self, read: &UrlLine<'_>) -> Verdict {
        if read.has_percent() {
            self.matcher.check_path(read.path())
        } else {
            self.matcher.check_normalized_path(read.path())
        }
    }

    /// Add the verdict line of `url`, a plain line of printable ASCII, to the
    /// batch, uncoloured: the word, a tab and the line, as they are.
    fn add_plain(&mut self, read: &UrlLine<'_>, url: &[u8]) {
        let allowed = self.check(read).allowed;
        self.out.reserve("disallowed\t".len() + url.len() + 1);
        // Each word a copy of known length, which the compiler writes out.
        if allowed {
            self.out.extend_from_slice(b"allowed\t");
        } else {
            self.out.extend_from_slice(b"disallowed\t");
        }
        self.out.extend_from_slice(url);
        self.out.push(b'\n');
    }

    /// Check `url` (read as `read`: an ordinary `https://host/path` line is
    /// scanned, not parsed) and add its line to the batch; warn when it does
    /// not read plainly. [`Printer::print`] has taken the plain uncoloured
    /// line already: what comes here warns, escapes, colours or is JSON.
    fn add(
        &mut self,
        io: &mut Streams<'_>,
        url: &[u8],
        read: UrlLine<'_>,
        origin: Origin,
    ) -> Result<(), Error> {
        let plain = read.is_plain();
        let odd = (!plain).then(|| read.shape().to_string());
        if let Some(reason) = &odd {
            self.odd += 1;
            if self.strict {
                self.refused = true;
                let error = format!("{origin}: the URL {reason}");
                if self.json {
                    json::write_url_error(&mut self.out, url, &error)?;
                } else {
                    self.out.extend_from_slice(b"error\t");
                    self.out.extend_from_slice(&echo::escaped(url));
                    self.out.push(b'\t');
                    self.out.extend_from_slice(error.as_bytes());
                    self.out.push(b'\n');
                }
                return Ok(());
            }
        }
        let warning = odd.map(|reason| {
            format!(
                "{reason}; checked as the path `{}`",
                echo::short(&echo::escaped(read.path()))
            )
        });
        let verdict = self.check(&read);
        if self.json {
            // Preferences attach to crawlable URLs only: no lookup for the others.
            let usage = if verdict.allowed {
                self.matcher.content_usage(url)
            } else {
                None
            };
            json::write_verdict(
                &mut self.out,
                self.policy,
                url,
                &verdict,
                usage,
                warning.as_deref(),
            )?;
        } else {
            style::verdict(&mut self.out, verdict.allowed, io.stdout.color());
            self.out.push(b'\t');
            // A plain line holds no ASCII control byte and is UTF-8: in ASCII
            // it has nothing to escape, without the character-wise look.
            if plain && read.is_printable_ascii() {
                self.out.extend_from_slice(url);
            } else {
                self.out.extend_from_slice(&echo::escaped(url));
            }
            self.out.push(b'\n');
        }
        if let Some(warning) = warning.filter(|_| self.odd <= SHOWN_URL_WARNINGS) {
            // Results first, so the warning follows the line it is about.
            self.flush(io)?;
            io.stdout.flush()?;
            io.warn(&format!(
                "{origin}: `{}` {warning}",
                echo::short(&echo::escaped(url))
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::strip_line_end;

    #[test]
    fn line_ends() {
        assert_eq!(strip_line_end(b"/a\n"), b"/a");
        assert_eq!(strip_line_end(b"/a\r\n"), b"/a");
        assert_eq!(strip_line_end(b"/a\r\r\n"), b"/a\r");
        assert_eq!(strip_line_end(b"/a"), b"/a");
        assert_eq!(strip_line_end(b"\n"), b"");
        assert_eq!(strip_line_end(b"\r\n"), b"");
    }
}
