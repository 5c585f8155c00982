//! The command line: what `robots` accepts, and turning `argv` into a [`Command`].
//!
//! Arguments are taken as [`OsString`]s, so a file name, a crawler name or a URL
//! may be any bytes (on Unix). clap's multi-line errors are reduced to one line.

use crate::error::Error;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::error::ErrorKind;
use clap::{Args, Parser, Subcommand};
use robots_runtime::{Policy, Profile};
use std::borrow::Cow;
use std::ffi::{OsStr, OsString};
use std::path::PathBuf;

/// Check URLs against a robots.txt, under RFC 9309, Google, 1996-draft or 1994 semantics.
#[derive(Debug, Parser)]
#[command(name = "robots", version, propagate_version = true)]
#[command(subcommand_required = true, arg_required_else_help = false)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// A subcommand and its arguments.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check URLs against a robots.txt: one `allowed`/`disallowed` line per URL.
    Check(CheckArgs),
    /// Lint a robots.txt: rustc-style diagnostics or JSON lines, one per finding.
    Lint(crate::lint::LintArgs),
    /// Explain one verdict: the path compared, the groups, every candidate rule, the tie-break.
    Explain(crate::explain::ExplainArgs),
    /// List the URLs whose verdict changes between two versions of a robots.txt.
    Diff(crate::diff::DiffArgs),
    /// Check a robots.txt against a file of must-allow / must-block assertions.
    Test(crate::assert::TestArgs),
    /// Fetch the robots.txt of a URL's origin the RFC 9309 way and print the outcome.
    Fetch(crate::fetch::FetchArgs),
}

/// Arguments of `robots check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The robots.txt, the crawler and the profile.
    #[command(flatten)]
    pub policy: PolicyArgs,

    /// Print one JSON object per URL: url, allowed, rule ({line, directive, pattern} or null), reason.
    #[arg(long)]
    pub json: bool,

    /// Fetch each URL's robots.txt from its origin (once per origin, origins
    /// concurrently) instead of reading --robots. URLs must be absolute http(s).
    #[arg(long, conflicts_with_all = ["robots", "json"])]
    pub fetch: bool,

    /// With --fetch: the time limit of each robots.txt fetch, in seconds (default 10).
    #[arg(long, value_name = "SECS", requires = "fetch", value_parser = crate::fetch::seconds)]
    pub timeout: Option<std::time::Duration>,

    /// With --fetch: how many URLs are looked up at once (default 64).
    #[arg(long, value_name = "N", requires = "fetch", value_parser = clap::value_parser!(std::num::NonZeroUsize))]
    pub concurrency: Option<std::num::NonZeroUsize>,

    /// The URLs to check (full URLs or paths; empty means `/`). With none, read them from
    /// standard input, one per line. Put `--` before URLs that start with `-`.
    #[arg(value_name = "URL", value_parser = clap::value_parser!(OsString))]
    pub urls: Vec<OsString>,
}

/// What `check` and `explain` both take: the robots.txt, the crawler and the profile.
#[derive(Debug, Args)]
pub struct PolicyArgs {
    /// The robots.txt file, read as raw bytes (required, except for `check --fetch`).
    #[arg(long, value_name = "FILE")]
    pub robots: Option<PathBuf>,

    /// The crawler's name (user-agent), used exactly as given.
    #[arg(long, value_name = "AGENT", value_parser = clap::value_parser!(OsString))]
    pub agent: OsString,

    /// The semantics to read the file under.
    #[arg(long, value_name = "PROFILE", default_value = "rfc9309", value_parser = profile_parser())]
    pub profile: Profile,
}

impl PolicyArgs {
    /// Read and compile the robots.txt under the profile.
    ///
    /// # Errors
    /// [`Error::Usage`] without `--robots`; [`Error::Input`] when the file cannot be read.
    pub fn load(&self) -> Result<Policy, Error> {
        // Not required by clap, so that `check --fetch` can go without it.
        let Some(robots) = &self.robots else {
            return Err(Error::Usage(
                "the following required arguments were not provided: --robots <FILE>".to_owned(),
            ));
        };
        let body = crate::lint::read_file(robots, "robots.txt")?;
        Ok(Policy::parse(&body, self.profile))
    }

    /// The crawler's name as bytes.
    pub fn agent_bytes(&self) -> Cow<'_, [u8]> {
        os_bytes(&self.agent)
    }
}

/// Accepts exactly the profile names (and lists them in `--help` and in errors).
pub(crate) fn profile_parser() -> impl TypedValueParser<Value = Profile> {
    PossibleValuesParser::new(Profile::ALL.map(Profile::name))
        .try_map(|name| name.parse::<Profile>())
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Parsed {
    /// Run a command.
    Run(Command),
    /// Print this text to standard output and succeed (`--help`, `--version`).
    Print(String),
}

/// Parse `args` (program name first).
///
/// # Errors
/// [`Error::Usage`] with clap's message cut to one line.
pub fn parse<I>(args: I) -> Result<Parsed, Error>
where
    I: IntoIterator,
    I::Item: Into<OsString> + Clone,
{
    match Cli::try_parse_from(args) {
        Ok(cli) => Ok(Parsed::Run(cli.command)),
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            Ok(Parsed::Print(e.render().to_string()))
        }
        Err(e) => Err(Error::Usage(one_line(&e.render().to_string()))),
    }
}

/// clap's message as one line: its first paragraph (the error and any indented
/// detail lines, such as the missing arguments or the possible values), joined
/// with spaces, without the `error: ` prefix, then any `tip:` lines after `; `.
/// The usage block and the `--help` hint are dropped.
fn one_line(message: &str) -> String {
    let mut out = String::new();
    let mut first_paragraph = true;
    for line in message.lines() {
        let line = line.trim();
        if line.is_empty() {
            first_paragraph = out.is_empty();
            continue;
        }
        if first_paragraph {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(line);
        } else if line.starts_with("tip:") {
            out.push_str("; ");
            out.push_str(line);
        }
    }
    match out.strip_prefix("error: ") {
        Some(rest) => rest.to_owned(),
        None => out,
    }
}

/// The bytes of an argument: exact on Unix, lossy UTF-8 elsewhere.
pub fn os_bytes(s: &OsStr) -> Cow<'_, [u8]> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Cow::Borrowed(s.as_bytes())
    }
    #[cfg(not(unix))]
    {
        match s.to_string_lossy() {
            Cow::Borrowed(text) => Cow::Borrowed(text.as_bytes()),
            Cow::Owned(text) => Cow::Owned(text.into_bytes()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_joins_the_first_paragraph() {
        let msg = "error: the following required arguments were not provided:\n  --robots <FILE>\n\nUsage: robots check --robots <FILE>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(msg),
            "the following required arguments were not provided: --robots <FILE>"
        );
        assert_eq!(
            one_line("error: unexpected argument '--x' found\n\n  tip: use '-- --x'\n"),
            "unexpected argument '--x' found; tip: use '-- --x'"
        );
    }

    #[test]
    fn profiles_parse_and_default() {
        let base = ["robots", "check", "--robots", "f", "--agent", "a"];
        let Ok(Parsed::Run(Command::Check(args))) = parse(base) else {
            panic!("should parse");
        };
        assert_eq!(args.policy.profile, Profile::Rfc9309);
        for p in Profile::ALL {
            let mut argv = base.to_vec();
            argv.extend(["--profile", p.name()]);
            let Ok(Parsed::Run(Command::Check(args))) = parse(argv) else {
                panic!("should parse {p}");
            };
            assert_eq!(args.policy.profile, p);
        }
        let mut argv = base.to_vec();
        argv.extend(["--profile", "nope"]);
        assert!(matches!(parse(argv), Err(Error::Usage(_))));
    }
}
