//! `robots lint`: every finding about one or more robots.txt files.
//!
//! Human output is one rustc-style diagnostic per finding (`file:line:col`, the
//! line with carets under the subject, the code, a help line), rendered by the
//! same renderer as build.rs and the `robots!` macro, then a summary line per
//! file; it shows at most 50 findings of one code per file, then how many more
//! there are, and cuts echoed text longer than 80 bytes. `--format json`
//! prints every finding whole, one object per line:
//!
//! ```text
//! {"code":"duplicate-rule","severity":"warning","file":"robots.txt","line":3,"column":11,"message":"…","help":"…"}
//! ```
//!
//! (`help` is `null` when there is none). `--format sarif` writes one SARIF
//! 2.1.0 log for all the files (code scanning), `--format github` one
//! workflow-command annotation per finding (bounded as human output). Exit
//! status: 0 when no file has an
//! error (and, with `--deny warnings`, no warning), 1 otherwise; notes never fail.

use crate::error::Error;
use crate::flags::{Format, Lint};
use crate::output::Streams;
use crate::{github, json, sarif};
use crate::{EXIT_FAIL, EXIT_OK, EXIT_USAGE};
use robots_lint::{Finding, Severity};
use std::collections::BTreeMap;

/// Human output shows at most this many findings of one code per file.
const MAX_PER_CODE: usize = 50;

/// Append one finding as a JSON object (keys in this order) and a newline:
///
/// ```text
/// {"code":"…","severity":"warning","file":"…","line":3,"column":11,"message":"…","help":"…"|null}
/// ```
fn write_json(out: &mut Vec<u8>, file: &str, finding: &Finding) -> Result<(), Error> {
    out.extend_from_slice(b"{\"code\":");
    json::write_str(out, finding.code.as_str().as_bytes())?;
    out.extend_from_slice(b",\"severity\":");
    json::write_str(out, finding.severity.name().as_bytes())?;
    out.extend_from_slice(b",\"file\":");
    json::write_str(out, file.as_bytes())?;
    json::push_fmt(
        out,
        format_args!(
            ",\"line\":{},\"column\":{},\"message\":",
            finding.line, finding.column
        ),
    );
    json::write_str(out, finding.message.as_bytes())?;
    out.extend_from_slice(b",\"help\":");
    match &finding.help {
        Some(help) => json::write_str(out, help.as_bytes())?,
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b"}\n");
    Ok(())
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// Run `lint` on every file; the exit status.
///
/// # Errors
/// [`Error::Stdout`] when standard output cannot be written. A file that
/// cannot be read is reported on standard error, the others are linted, and the
/// exit status is then [`EXIT_USAGE`].
pub fn run(args: &Lint, io: &mut Streams<'_>) -> Result<i32, Error> {
    let (mut fail, mut unreadable) = (false, false);
    let mut sarif = sarif::Log::new();
    for file in &args.files {
        let source = match file.read_robots_txt(io) {
            Ok(source) => source,
            Err(e) => {
                io.report(&e);
                unreadable = true;
                continue;
            }
        };
        let findings = robots_lint::lint(&source, args.profile);
        let count = |s: Severity| findings.iter().filter(|f| f.severity == s).count();
        let (errors, warnings, notes) = (
            count(Severity::Error),
            count(Severity::Warning),
            count(Severity::Note),
        );
        let name = file.name();
        let summary = format!(
            "{name}: {}, {}, {}",
            plural(errors, "error"),
            plural(warnings, "warning"),
            plural(notes, "note")
        );
        match args.format {
            Format::Json => {
                let mut line = Vec::new();
                for f in &findings {
                    line.clear();
                    write_json(&mut line, &name, f)?;
                    io.stdout.write_all(&line)?;
                }
            }
            Format::Sarif => sarif.add(&name, &source, &findings),
            Format::Github => {
                for (f, shown) in bounded(&findings) {
                    if shown {
                        writeln!(io.stdout, "{}", github::annotation(&name, f))?;
                    }
                }
                for (code, more) in hidden(&findings) {
                    writeln!(
                        io.stdout,
                        "{name}: … and {more} more {code} findings (--format sarif lists them all)"
                    )?;
                }
                writeln!(io.stdout, "{summary}")?;
            }
            // Human (the only other format lint accepts).
            _ => {
                for (f, shown) in bounded(&findings) {
                    if shown {
                        let text = if io.stdout.color() {
                            robots_lint::render_styled(f, &source, &name)
                        } else {
                            robots_lint::render(f, &source, &name)
                        };
                        writeln!(io.stdout, "{text}\n")?;
                    }
                }
                for (code, more) in hidden(&findings) {
                    writeln!(
                        io.stdout,
                        "{name}: … and {more} more {code} findings (--format json lists them all)\n"
                    )?;
                }
                writeln!(io.stdout, "{summary}")?;
            }
        }
        fail |= errors > 0 || (args.deny_warnings && warnings > 0);
    }
    if args.format == Format::Sarif {
        let mut log = Vec::new();
        sarif.write(&mut log)?;
        io.stdout.write_all(&log)?;
    }
    io.stdout.flush()?;
    Ok(if unreadable {
        EXIT_USAGE
    } else if fail {
        EXIT_FAIL
    } else {
        EXIT_OK
    })
}

/// Each finding, and whether a bounded output shows it: at most
/// [`MAX_PER_CODE`] of one code.
fn bounded(findings: &[Finding]) -> impl Iterator<Item = (&Finding, bool)> {
    let mut shown: BTreeMap<&str, usize> = BTreeMap::new();
    findings.iter().map(move |f| {
        let seen = shown.entry(f.code.as_str()).or_default();
        *seen += 1;
        (f, *seen <= MAX_PER_CODE)
    })
}

/// The codes a bounded output cut, with how many it left out.
fn hidden(findings: &[Finding]) -> Vec<(&'static str, usize)> {
    let mut counts: BTreeMap<&'static str, usize> = BTreeMap::new();
    for f in findings {
        *counts.entry(f.code.as_str()).or_default() += 1;
    }
    counts
        .into_iter()
        .filter(|(_, n)| *n > MAX_PER_CODE)
        .map(|(code, n)| (code, n - MAX_PER_CODE))
        .collect()
}
