//! The `robots` command-line tool, as a library.
//!
//! The binary (`src/main.rs`) only wires the process's standard streams to
//! [`run`]; everything else lives here, so the whole tool can be driven from
//! tests or embedded in another program.
//!
//! # Commands
//!
//! ```text
//! robots check --robots FILE --agent AGENT [--profile rfc9309|google|draft1996|original1994]
//!              [--json] [--] [URL ...]
//! robots lint FILE [--profile P] [--format human|json] [--deny warnings]
//! robots explain --robots FILE --agent AGENT [--profile P] [--json] URL
//! robots diff OLD NEW --agent AGENT [--urls FILE] [--profile P] [--json]
//! robots test FILE --assert ASSERTS [--profile P]
//! robots fetch URL [--agent A] [--profile rfc9309|google] [--timeout SECS]
//!              [--max-bytes N] [--user-agent STRING] [--json]
//! robots check --fetch --agent A [--profile rfc9309|google] [--timeout SECS]
//!              [--concurrency N] [URL ...]
//! ```
//!
//! `check` reads FILE as raw bytes, resolves AGENT once and prints one line per
//! URL, in input order: `allowed<TAB>URL` or `disallowed<TAB>URL`, or with
//! `--json` one JSON object per line (see [`check`]). URLs come from the
//! arguments, or, when there are none, from standard input, one per line.
//!
//! # Exit status
//!
//! - [`EXIT_OK`] (0): every URL was checked, whatever the verdicts; also for
//!   `--help` and `--version`, and when standard output is closed early (a
//!   broken pipe, as with `robots check … | head`).
//! - [`EXIT_FAIL`] (1): the site-owner commands' "no": `lint` found errors (or
//!   warnings, with `--deny warnings`), `diff` found verdicts that change, `test`
//!   found an assertion that does not hold; `check --fetch` printed an `error`
//!   line for some URL. (`fetch` exits 0 whatever the outcome.)
//! - [`EXIT_USAGE`] (2): a usage or I/O error, with a one-line reason on
//!   standard error, e.g. `robots: cannot read robots.txt 'x': No such file or directory`.
//!
//! # Layout
//!
//! One module per job: [`cli`] defines and parses the command line,
//! [`check`] runs the `check` subcommand, [`lint`], [`explain`], [`diff`] and
//! [`assert`](mod@assert) (`robots test`) the site-owner commands, [`fetch`] and
//! [`check_fetch`] the commands that fetch robots.txt, [`json`] writes JSON lines,
//! [`error`] carries failures to a one-line message and an exit status.
//! A new subcommand is a variant of [`cli::Command`], a module, and an arm in
//! [`run`].
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod assert;
pub mod check;
pub mod check_fetch;
pub mod cli;
pub mod diff;
pub mod error;
pub mod explain;
pub mod fetch;
pub mod json;
pub mod lint;

use std::ffi::OsString;
use std::io::{BufRead, Write};

pub use error::Error;

/// Exit status when the command did its job (whatever the verdicts).
pub const EXIT_OK: i32 = 0;

/// Exit status when a site-owner command's answer is "no" (see the crate docs).
pub const EXIT_FAIL: i32 = 1;

/// Exit status for a usage or I/O error.
pub const EXIT_USAGE: i32 = 2;

/// Run the tool: parse `args` (including the program name, as from
/// [`std::env::args_os`]), do the work, and return the process exit status.
///
/// Results go to `stdout`, diagnostics to `stderr` (one line each). `stdout` should
/// be buffered (the binary passes a large `BufWriter` over the locked handle);
/// `run` flushes it before returning. `stdin` is read only when a command needs
/// it (`check` without URL arguments).
///
/// ```
/// use std::io::Cursor;
/// let robots = std::env::temp_dir().join(format!("robots-cli-doc-{}.txt", std::process::id()));
/// std::fs::write(&robots, "User-agent: *\nDisallow: /private\n").unwrap();
/// let args = ["robots", "check", "--robots", robots.to_str().unwrap(), "--agent", "Bot"];
/// let mut stdin = Cursor::new(&b"/private/x\n/public\n"[..]);
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let status = robots_cli::run(args, &mut stdin, &mut out, &mut err);
/// std::fs::remove_file(&robots).unwrap();
/// assert_eq!(status, 0);
/// assert_eq!(out, b"disallowed\t/private/x\nallowed\t/public\n");
/// assert!(err.is_empty());
/// ```
pub fn run<I>(
    args: I,
    stdin: &mut dyn BufRead,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> i32
where
    I: IntoIterator,
    I::Item: Into<OsString> + Clone,
{
    let result = match cli::parse(args) {
        Ok(cli::Parsed::Run(command)) => dispatch(command, stdin, stdout),
        Ok(cli::Parsed::Print(text)) => {
            // `--help` / `--version`: print normally. A closed stdout is no error.
            let _ = stdout
                .write_all(text.as_bytes())
                .and_then(|()| stdout.flush());
            return EXIT_OK;
        }
        Err(e) => Err(e),
    };
    match result {
        Ok(status) => status,
        Err(e) if e.is_broken_pipe() => EXIT_OK,
        Err(e) => {
            // If stderr is gone too there is nobody left to tell.
            let _ = writeln!(stderr, "robots: {e}");
            let _ = stderr.flush();
            e.exit_code()
        }
    }
}

/// Run one parsed command; its exit status.
fn dispatch(
    command: cli::Command,
    stdin: &mut dyn BufRead,
    stdout: &mut dyn Write,
) -> Result<i32, Error> {
    match command {
        cli::Command::Check(args) if args.fetch => check_fetch::run(&args, stdin, stdout),
        cli::Command::Check(args) => check::run(&args, stdin, stdout).map(|()| EXIT_OK),
        cli::Command::Lint(args) => lint::run(&args, stdout),
        cli::Command::Explain(args) => explain::run(&args, stdout),
        cli::Command::Diff(args) => diff::run(&args, stdout),
        cli::Command::Test(args) => assert::run(&args, stdout),
        cli::Command::Fetch(args) => fetch::run(&args, stdout),
    }
}
