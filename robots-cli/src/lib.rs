//! The `robots` command-line tool, as a library.
//!
//! The binary (`src/main.rs`) only wires the process's standard streams to
//! [`run`]; everything else lives here, so the whole tool can be driven from
//! tests or embedded in another program.
//!
//! # Commands
//!
//! ```text
//! robots check FILE (--agent AGENT | --user-agent-header HEADER) [--fallback TOKEN]... [--no-fallback]
//!              [--profile rfc9309|google|draft1996|original1994]
//!              [--format human|json] [--strict-urls] [--compiled] [--] [URL ...]
//! robots lint FILE... [--profile P] [--format human|json|sarif|github] [--deny warnings]
//! robots explain FILE URL --agent AGENT [--fallback TOKEN]... [--no-fallback] [--profile P] [--format human|json]
//! robots diff OLD NEW [--agent AGENT] [--urls FILE] [--profile P] [--format human|json]
//! robots test FILE --assert ASSERTS [--profile P] [--format human|json] [--allow-errors]
//! robots report FILE [--agent AGENT] [--profile P] [--format human|json|csv] [--paths FILE]
//! robots compile FILE -o OUT.rpol [--profile P] [--agent AGENT]
//! robots completions bash|zsh|fish|elvish|powershell
//! robots fetch URL [--agent A] [--profile rfc9309|google] [--timeout SECS]
//!              [--max-bytes N] [--user-agent STRING] [--json]
//! robots check --fetch --agent A [--profile rfc9309|google] [--timeout SECS]
//!              [--concurrency N] [URL ...]
//! robots web [FILE] [--port N] [--open]
//! ```
//!
//! Every command takes `--color auto|always|never` (see [`run_on`]): `auto`
//! colours the verdict words and `lint`'s diagnostics only when standard output
//! is a terminal and `NO_COLOR` is not set.
//!
//! `check` also reads the policy files `compile` writes, when the whole file
//! validates as one (or fails on one that does not, with `--compiled`): they
//! load without parsing, under the profile they were compiled with. Anything
//! else is robots.txt text, even a file that begins `ROBOTPOL`.
//!
//! Every command names its robots.txt the same way, positionally, and `-` reads
//! it from standard input. The old spellings still work: `--robots FILE` (for
//! `check` and `explain`) and `--json` (for `--format json`).
//!
//! The crawler (`--agent`, `--user-agent-header`) follows the fallbacks the
//! known-crawler registry documents for its token, then any `--fallback`, in
//! every command (`--no-fallback`: the one token); see `agent_arg`.
//!
//! `check` reads FILE as raw bytes, resolves AGENT once and prints one line per
//! URL, in input order: `allowed<TAB>URL` or `disallowed<TAB>URL`, or with
//! `--format json` one JSON object per line. URLs come from the arguments, or,
//! when there are none, from standard input, one per line.
//!
//! # Exit status
//!
//! - [`EXIT_OK`] (0): every URL was checked, whatever the verdicts; also for
//!   `--help` and `--version`, and when standard output is closed early (a
//!   broken pipe, as with `robots check … | head`).
//! - [`EXIT_FAIL`] (1): the site-owner commands' "no": `lint` found errors (or
//!   warnings, with `--deny warnings`), `diff` found verdicts that change, `test`
//!   found an assertion that does not hold; `check --fetch` printed an `error`
//!   line for some URL, and so did `check --strict-urls`. (`fetch` exits 0
//!   whatever the outcome.)
//! - [`EXIT_USAGE`] (2): a usage or I/O error, with a one-line reason on
//!   standard error that says what failed, e.g.
//!   `robots: cannot read robots.txt 'x': No such file or directory`.
//!
//! # Layout
//!
//! `flags` owns the command line: every clap type, and the plain values it
//! turns them into. `commands` has one private module per subcommand; each
//! takes its values and the process's streams, and uses only the shared helpers
//! (`input` reads the files a command names, `output` writes results and
//! notices, `json` writes JSON lines, `echo` cuts long echoed text in human
//! output, `notices` warns about a cut or non-robots.txt input, `http` sets up
//! the HTTP client of the fetching commands, `error` says what failed), never another
//! command. A new subcommand is a variant of `flags::Command`, a module, and an
//! arm in [`run`].
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod agent_arg;
mod audit_identity;
mod commands;
mod derived;
mod echo;
mod error;
mod flags;
mod github;
#[cfg(feature = "fetch")]
mod http;
mod input;
mod json;
mod notices;
mod output;
mod sarif;
mod style;
mod table;

use output::Streams;
use std::ffi::OsString;
use std::io::{BufRead, Write};

pub use error::Error;
pub use style::Terminal;

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
/// `run` takes its output for no terminal, so `--color auto` (the default)
/// colours nothing; [`run_on`] says what the output is.
///
/// ```
/// use std::io::Cursor;
/// let robots = std::env::temp_dir().join(format!("robots-cli-doc-{}.txt", std::process::id()));
/// std::fs::write(&robots, "User-agent: *\nDisallow: /private\n").unwrap();
/// let args = ["robots", "check", robots.to_str().unwrap(), "--agent", "Bot"];
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
    run_on(Terminal::default(), args, stdin, stdout, stderr)
}

/// [`run`], with `terminal` saying where standard output goes, for `--color
/// auto`: colour only on a terminal, and never when `NO_COLOR` is set. The
/// binary passes [`Terminal::of_process`].
///
/// ```
/// use robots_cli::Terminal;
/// use std::io::Cursor;
/// let robots = std::env::temp_dir().join(format!("robots-cli-doc-tty-{}.txt", std::process::id()));
/// std::fs::write(&robots, "User-agent: *\nDisallow: /private\n").unwrap();
/// let args = ["robots", "check", robots.to_str().unwrap(), "--agent", "Bot", "/private/x"];
/// let tty = Terminal { stdout_is_terminal: true, no_color: false };
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let status = robots_cli::run_on(tty, args, &mut Cursor::new(&b""[..]), &mut out, &mut err);
/// std::fs::remove_file(&robots).unwrap();
/// assert_eq!(status, 0);
/// assert_eq!(out, b"\x1b[1m\x1b[31mdisallowed\x1b[0m\t/private/x\n");
/// ```
pub fn run_on<I>(
    terminal: Terminal,
    args: I,
    stdin: &mut dyn BufRead,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> i32
where
    I: IntoIterator,
    I::Item: Into<OsString> + Clone,
{
    let result = match flags::parse(args) {
        Ok(flags::Parsed::Run(command, color)) => {
            let color = match color {
                flags::Color::Always => true,
                flags::Color::Never => false,
                flags::Color::Auto => terminal.wants_color(),
            };
            dispatch(
                command,
                &mut Streams::new(stdin, stdout, stderr).colored(color),
            )
        }
        Ok(flags::Parsed::Print(text)) => {
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
fn dispatch(command: flags::Command, io: &mut Streams<'_>) -> Result<i32, Error> {
    use flags::{Command, Notice};
    for notice in command.notices() {
        match notice {
            Notice::Warning(text) => io.warn(text),
            Notice::Note(text) => io.note(text),
        }
    }
    match command {
        Command::Check(args) => commands::check::run(&args, io),
        Command::Lint(args) => commands::lint::run(&args, io),
        Command::Explain(args) => commands::explain::run(&args, io),
        Command::Diff(args) => commands::diff::run(&args, io),
        Command::Test(args) => commands::test::run(&args, io),
        Command::Report(args) => commands::report::run(&args, io),
        Command::Compile(args) => commands::compile::run(&args, io).map(|()| EXIT_OK),
        #[cfg(feature = "fetch")]
        Command::Fetch(args) => commands::fetch::run(&args, io),
        #[cfg(feature = "fetch")]
        Command::CheckFetch(args) => commands::check_fetch::run(&args, io),
        #[cfg(not(feature = "fetch"))]
        Command::Fetch(_) => Err(Error::without_fetch("robots fetch")),
        #[cfg(not(feature = "fetch"))]
        Command::CheckFetch(_) => Err(Error::without_fetch("robots check --fetch")),
        Command::Completions(args) => commands::completions::run(&args, io).map(|()| EXIT_OK),
        Command::Web(args) => commands::web::run(&args, io),
        Command::Audit(args) => commands::audit::run(&args, io),
    }
}

/// Built without the `fetch` feature (`cargo test -p robots-cli --no-default-features --lib`),
/// the fetching commands say why they cannot run, with the usage exit status.
#[cfg(all(test, not(feature = "fetch")))]
mod without_fetch {
    #[test]
    fn fetching_commands_say_the_client_is_missing() {
        for args in [
            &["robots", "fetch", "https://example.com/"][..],
            &[
                "robots",
                "check",
                "--fetch",
                "--agent",
                "Bot",
                "https://example.com/",
            ][..],
        ] {
            let (mut out, mut err) = (Vec::new(), Vec::new());
            let status = crate::run(
                args,
                &mut std::io::Cursor::new(&b""[..]),
                &mut out,
                &mut err,
            );
            let err = String::from_utf8_lossy(&err);
            assert_eq!(status, crate::EXIT_USAGE, "{err}");
            assert!(err.contains("built without it"), "{err}");
            assert!(out.is_empty());
        }
    }
}
