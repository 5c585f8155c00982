//! `robots test`: check a robots.txt against a file of assertions, for CI.
//!
//! The assertion format is [`robots_runtime::lint::parse_assertions`]'s: one
//! `allow|block AGENT URL` per line, `#` comments. Every assertion that does not
//! hold is printed with the line that decided it:
//!
//! ```text
//! asserts.txt:4:1: expected `allow FooBot /private/x`, but it is disallowed by robots.txt:7 "Disallow: /private"
//! ```
//!
//! then a summary line. Exit status: 0 when every assertion holds, 1 when one
//! does not, 2 for an assertion file that does not parse (`FILE:LINE:COL: …`).

use crate::cli::profile_parser;
use crate::error::Error;
use crate::lint::read_file;
use crate::{EXIT_FAIL, EXIT_OK};
use clap::Args;
use robots_runtime::lint::parse_assertions;
use robots_runtime::{Policy, Profile};
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `robots test`.
#[derive(Debug, Args)]
pub struct TestArgs {
    /// The robots.txt file, read as raw bytes.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// The assertion file: lines `allow AGENT URL` / `block AGENT URL`, `#` comments.
    #[arg(long = "assert", value_name = "ASSERTS")]
    pub asserts: PathBuf,

    /// The semantics to read the robots.txt under.
    #[arg(long, value_name = "PROFILE", default_value = "rfc9309", value_parser = profile_parser())]
    pub profile: Profile,
}

/// Run `test`; the exit status.
///
/// # Errors
/// [`Error::Input`] when a file cannot be read, [`Error::Usage`] when the
/// assertion file does not parse, [`Error::Output`] when stdout cannot be written.
pub fn run(args: &TestArgs, stdout: &mut dyn Write) -> Result<i32, Error> {
    let source = read_file(&args.file, "robots.txt")?;
    let body = read_file(&args.asserts, "assertions")?;
    let asserts_name = args.asserts.display().to_string();
    let file_name = args.file.display().to_string();
    let assertions =
        parse_assertions(&body).map_err(|e| Error::Usage(format!("{asserts_name}:{e}")))?;
    let policy = Policy::parse(&source, args.profile);
    let mut out = Vec::new();
    let mut failed = 0usize;
    for a in &assertions {
        let verdict = a.check(&policy);
        if a.holds(&verdict) {
            continue;
        }
        failed += 1;
        writeln!(
            out,
            "{asserts_name}:{}:{}: {}",
            a.line,
            a.column,
            a.failure(&policy, &verdict, &file_name)
        )?;
    }
    let total = assertions.len();
    if failed == 0 {
        writeln!(out, "all {total} assertions hold")?;
    } else {
        writeln!(out, "{failed} of {total} assertions failed")?;
    }
    stdout.write_all(&out)?;
    stdout.flush()?;
    Ok(if failed == 0 { EXIT_OK } else { EXIT_FAIL })
}
