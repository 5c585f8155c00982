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
//! ([`url_shape`]: `ftp://host/x`, `http://[::1`, `%zz/x`, a NUL byte) is
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
use robots_runtime::url::{path_from_url, url_shape};
use robots_runtime::{AgentPolicy, Matcher, Policy, PolicyRef, Profile};

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
        Loaded::Text(policy) | Loaded::Compiled(policy) => {
            (policy, policy.matcher_chain(args.crawler.chain()))
        }
        Loaded::OneCrawler(mine) => (mine.policy(), mine.matcher()),
    };
    let mut printer = Printer {
        policy,
        matcher,
        json: args.format == Format::Json,
        strict: args.strict_urls,
        line: Vec::with_capacity(512),
        odd: 0,
        refused: false,
    };
    match &args.urls {
        Some(urls) => {
            for (i, url) in urls.iter().enumerate() {
                printer.print(io, url, Origin::Argument(i + 1))?;
            }
        }
        None => {
            let mut buf = Vec::with_capacity(4096);
            let mut number = 0usize;
            loop {
                buf.clear();
                let n = io
                    .stdin
                    .read_until(b'\n', &mut buf)
                    .map_err(|e| Error::read("URLs from standard input", e))?;
                if n == 0 {
                    break;
                }
                number += 1;
                printer.print(io, strip_line_end(&buf), Origin::Line(number))?;
            }
        }
    }
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

/// A line read with `read_until(b'\n')`, without its `\n` and then one `\r`.
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
    line: Vec<u8>,
    /// URL lines that did not read plainly, so far.
    odd: usize,
    /// Whether `--strict-urls` refused any.
    refused: bool,
}

impl Printer<'_> {
    /// Check `url` and write its line; warn when it does not read plainly.
    fn print(&mut self, io: &mut Streams<'_>, url: &[u8], origin: Origin) -> Result<(), Error> {
        let shape = url_shape(url);
        let odd = (!shape.is_plain()).then(|| shape.to_string());
        self.line.clear();
        if let Some(reason) = &odd {
            self.odd += 1;
            if self.strict {
                self.refused = true;
                let error = format!("{origin}: the URL {reason}");
                if self.json {
                    json::write_url_error(&mut self.line, url, &error)?;
                } else {
                    self.line.extend_from_slice(b"error\t");
                    self.line.extend_from_slice(&echo::escaped(url));
                    self.line.push(b'\t');
                    self.line.extend_from_slice(error.as_bytes());
                    self.line.push(b'\n');
                }
                return io.stdout.write_all(&self.line);
            }
        }
        let warning = odd.map(|reason| {
            let path = path_from_url(url);
            format!(
                "{reason}; checked as the path `{}`",
                echo::short(&echo::escaped(&path))
            )
        });
        let verdict = self.matcher.check(url);
        if self.json {
            // Preferences attach to crawlable URLs only: no lookup for the others.
            let usage = if verdict.allowed {
                self.matcher.content_usage(url)
            } else {
                None
            };
            json::write_verdict(
                &mut self.line,
                self.policy,
                url,
                &verdict,
                usage,
                warning.as_deref(),
            )?;
        } else {
            style::verdict(&mut self.line, verdict.allowed, io.stdout.color());
            self.line.push(b'\t');
            self.line.extend_from_slice(&echo::escaped(url));
            self.line.push(b'\n');
        }
        io.stdout.write_all(&self.line)?;
        if let Some(warning) = warning.filter(|_| self.odd <= SHOWN_URL_WARNINGS) {
            // Results first, so the warning follows the line it is about.
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
