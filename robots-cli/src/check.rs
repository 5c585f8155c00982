//! `robots check`: one verdict line per URL.
//!
//! The robots.txt is read as raw bytes and compiled once; the crawler is resolved
//! once; then URLs stream through, from the arguments or from standard input (one
//! per line, LF or CRLF, an empty line meaning `/`). Each output line is either
//!
//! ```text
//! allowed<TAB>URL
//! disallowed<TAB>URL
//! ```
//!
//! with the URL's bytes echoed exactly, or with `--json` one object per line
//! (see [`crate::json::write_verdict`]). Nothing is allocated per URL beyond the
//! reused line buffers (and what the engine itself needs for `%`-decoding).

use crate::cli::{os_bytes, CheckArgs};
use crate::error::Error;
use crate::json;
use robots_runtime::{Matcher, Policy};
use std::io::{BufRead, Write};

/// Run `check` with `args`, reading URLs from `stdin` when none were given.
///
/// # Errors
/// - [`Error::Input`] when the robots.txt or standard input cannot be read;
/// - [`Error::Output`] when standard output cannot be written (a broken pipe
///   included; the caller treats that one as a quiet success).
pub fn run(args: &CheckArgs, stdin: &mut dyn BufRead, stdout: &mut dyn Write) -> Result<(), Error> {
    let policy = args.policy.load()?;
    let agent = args.policy.agent_bytes();
    let mut printer = Printer {
        policy: &policy,
        matcher: policy.matcher(&*agent),
        json: args.json,
        line: Vec::with_capacity(512),
    };

    if args.urls.is_empty() {
        let mut buf = Vec::with_capacity(4096);
        loop {
            buf.clear();
            let n = stdin
                .read_until(b'\n', &mut buf)
                .map_err(|e| Error::input("cannot read URLs from standard input", e))?;
            if n == 0 {
                break;
            }
            printer.print(stdout, strip_line_end(&buf))?;
        }
    } else {
        for url in &args.urls {
            printer.print(stdout, &os_bytes(url))?;
        }
    }
    stdout.flush()?;
    Ok(())
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
    fn print(&mut self, out: &mut dyn Write, url: &[u8]) -> Result<(), Error> {
        let verdict = self.matcher.check(url);
        self.line.clear();
        if self.json {
            json::write_verdict(&mut self.line, self.policy, url, &verdict)?;
        } else {
            self.line.extend_from_slice(if verdict.allowed {
                b"allowed\t"
            } else {
                b"disallowed\t"
            });
            self.line.extend_from_slice(url);
            self.line.push(b'\n');
        }
        out.write_all(&self.line)?;
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
