//! `robots lint`: every finding about a robots.txt.
//!
//! Human output is one rustc-style diagnostic per finding (`file:line:col`, the
//! line with carets under the subject, the code, a help line), rendered by the
//! same renderer as build.rs and the `robots!` macro, then a summary line.
//! `--format json` prints one object per finding per line:
//!
//! ```text
//! {"code":"duplicate-rule","severity":"warning","line":3,"column":11,"message":"…","help":"…"}
//! ```
//!
//! (`help` is `null` when there is none). Exit status: 0 when there is no error
//! (and, with `--deny warnings`, no warning), 1 otherwise; notes never fail.

use crate::cli::profile_parser;
use crate::error::Error;
use crate::json;
use crate::{EXIT_FAIL, EXIT_OK};
use clap::{Args, ValueEnum};
use robots_runtime::lint::{Finding, Severity};
use robots_runtime::Profile;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Output format of `robots lint`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// rustc-style diagnostics.
    Human,
    /// One JSON object per finding per line.
    Json,
}

/// What `--deny` can make fatal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Deny {
    /// Fail (exit 1) on warnings too.
    Warnings,
}

/// Arguments of `robots lint`.
#[derive(Debug, Args)]
pub struct LintArgs {
    /// The robots.txt file, read as raw bytes.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// The semantics to read the file under.
    #[arg(long, value_name = "PROFILE", default_value = "rfc9309", value_parser = profile_parser())]
    pub profile: Profile,

    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    pub format: Format,

    /// Also fail (exit 1) on warnings.
    #[arg(long, value_enum, value_name = "LEVEL")]
    pub deny: Option<Deny>,
}

/// Read a whole file, with a one-line error naming it.
pub(crate) fn read_file(path: &Path, what: &str) -> Result<Vec<u8>, Error> {
    std::fs::read(path)
        .map_err(|e| Error::input(format!("cannot read {what} '{}'", path.display()), e))
}

/// Append one finding as a JSON object (keys in this order) and a newline:
///
/// ```text
/// {"code":"…","severity":"warning","line":3,"column":11,"message":"…","help":"…"|null}
/// ```
///
/// # Errors
/// Only if a string cannot be encoded (never, for `Vec` output).
pub fn write_json(out: &mut Vec<u8>, finding: &Finding) -> std::io::Result<()> {
    out.extend_from_slice(b"{\"code\":");
    json::write_str(out, finding.code.as_bytes())?;
    out.extend_from_slice(b",\"severity\":");
    json::write_str(out, finding.severity.name().as_bytes())?;
    write!(
        out,
        ",\"line\":{},\"column\":{},\"message\":",
        finding.line, finding.column
    )?;
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

/// Run `lint`; the exit status.
///
/// # Errors
/// [`Error::Input`] when the file cannot be read, [`Error::Output`] when stdout cannot be written.
pub fn run(args: &LintArgs, stdout: &mut dyn Write) -> Result<i32, Error> {
    let source = read_file(&args.file, "robots.txt")?;
    let findings = robots_runtime::lint::lint(&source, args.profile);
    let count = |s: Severity| findings.iter().filter(|f| f.severity == s).count();
    let (errors, warnings, notes) = (
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Note),
    );
    let mut out = Vec::new();
    match args.format {
        Format::Json => {
            for f in &findings {
                write_json(&mut out, f)?;
            }
        }
        Format::Human => {
            let path = args.file.display().to_string();
            for f in &findings {
                out.extend_from_slice(robots_runtime::lint::render(f, &source, &path).as_bytes());
                out.extend_from_slice(b"\n\n");
            }
            if !findings.is_empty() {
                writeln!(
                    out,
                    "{path}: {}, {}, {}",
                    plural(errors, "error"),
                    plural(warnings, "warning"),
                    plural(notes, "note")
                )?;
            }
        }
    }
    stdout.write_all(&out)?;
    stdout.flush()?;
    let fail = errors > 0 || (args.deny == Some(Deny::Warnings) && warnings > 0);
    Ok(if fail { EXIT_FAIL } else { EXIT_OK })
}
