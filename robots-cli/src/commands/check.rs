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
//! with the URL's bytes echoed exactly, or with `--format json` one object per line
//! (see [`json::write_verdict`]). Nothing is allocated per URL beyond the
//! reused line buffers (and what the engine itself needs for `%`-decoding).

use crate::error::Error;
use crate::flags::{Check, Format};
use crate::json;
use crate::notices;
use crate::output::{Stdout, Streams};
use crate::style;
use robots_runtime::{AgentPolicy, Matcher, Policy, PolicyRef, Profile};

/// Run `check`, reading URLs from standard input when none were given.
///
/// # Errors
/// - [`Error::Read`] when the robots.txt or standard input cannot be read;
/// - [`Error::Stdout`] when standard output cannot be written (a broken pipe
///   included; the caller treats that one as a quiet success).
pub fn run(args: &Check, io: &mut Streams<'_>) -> Result<(), Error> {
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
        line: Vec::with_capacity(512),
    };
    match &args.urls {
        Some(urls) => {
            for url in urls {
                printer.print(&mut io.stdout, url)?;
            }
        }
        None => {
            let mut buf = Vec::with_capacity(4096);
            loop {
                buf.clear();
                let n = io
                    .stdin
                    .read_until(b'\n', &mut buf)
                    .map_err(|e| Error::read("URLs from standard input", e))?;
                if n == 0 {
                    break;
                }
                printer.print(&mut io.stdout, strip_line_end(&buf))?;
            }
        }
    }
    io.stdout.flush()
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
    if !Policy::is_byte_form(&body) {
        let profile = args.profile.unwrap_or(Profile::Rfc9309);
        notices::inspect(io, &name, &body, profile);
        return Ok(Loaded::Text(Policy::parse(&body, profile)));
    }
    let damaged = |e: robots_runtime::Error| {
        Error::Invalid(format!(
            "'{name}' is a damaged policy file, or one this build of robots does not read: {e}"
        ))
    };
    let view = PolicyRef::from_bytes(&body).map_err(damaged)?;
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
    if !mine.has_group() && !args.crawler.fallbacks.is_empty() {
        return Err(Error::Usage(format!(
            "'{name}' was compiled for `{}` alone, which no group names, so its fallbacks cannot be followed: compile the robots.txt without --agent to use --fallback",
            own.escape_ascii()
        )));
    }
    Ok(Loaded::OneCrawler(mine))
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
    line: Vec<u8>,
}

impl Printer<'_> {
    /// Check `url` and write its line.
    fn print(&mut self, out: &mut Stdout<'_>, url: &[u8]) -> Result<(), Error> {
        let verdict = self.matcher.check(url);
        self.line.clear();
        if self.json {
            json::write_verdict(&mut self.line, self.policy, url, &verdict)?;
        } else {
            style::verdict(&mut self.line, verdict.allowed, out.color());
            self.line.push(b'\t');
            self.line.extend_from_slice(url);
            self.line.push(b'\n');
        }
        out.write_all(&self.line)
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
