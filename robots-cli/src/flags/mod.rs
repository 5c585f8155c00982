//! The command line, in one place (as ripgrep's `flags`): what `robots`
//! accepts (the clap types of [`defs`], private to this module), and turning
//! `argv` into a [`Command`] of plain values that the commands take.
//!
//! Arguments are taken as [`OsString`]s, so a file name, a crawler name or a URL
//! may be any bytes (on Unix). clap's multi-line errors are reduced to one line.

mod defs;

use crate::agent_arg::resolve;
pub use crate::agent_arg::Notice;
use crate::error::Error;
use crate::input::Input;
use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};
use clap_complete::Shell;
use defs::{Cli, RawCommand};
use robots_runtime::fetch::FetchProfile;
use robots_runtime::{Matcher, PolicyRef, Profile};
use std::borrow::Cow;
use std::ffi::{OsStr, OsString};
use std::time::Duration;

/// URLs `check --fetch` looks up at once when `--concurrency` is not given.
pub const DEFAULT_CONCURRENCY: usize = 64;

/// An output format. Each command accepts its own subset (see its `--help`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Text for people.
    Human,
    /// JSON: one object per line (one object for `report`).
    Json,
    /// Comma-separated values with a header row (`report`).
    Csv,
    /// SARIF 2.1.0, for code scanning (`lint`).
    Sarif,
    /// GitHub Actions workflow commands: `::error file=…,line=…,col=…::…` (`lint`).
    Github,
    /// One self-contained HTML page with tables and charts (`audit`).
    Html,
}

impl Format {
    /// Every format.
    pub const ALL: [Format; 6] = [
        Format::Human,
        Format::Json,
        Format::Csv,
        Format::Sarif,
        Format::Github,
        Format::Html,
    ];

    /// The name `--format` takes.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Human => "human",
            Format::Json => "json",
            Format::Csv => "csv",
            Format::Sarif => "sarif",
            Format::Github => "github",
            Format::Html => "html",
        }
    }
}

/// When to colour the output (`--color`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Color {
    /// When standard output is a terminal and `NO_COLOR` is not set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl Color {
    /// Every choice.
    pub const ALL: [Color; 3] = [Color::Auto, Color::Always, Color::Never];

    /// The name `--color` takes.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Auto => "auto",
            Color::Always => "always",
            Color::Never => "never",
        }
    }
}

/// The crawler a command asks about: its name and the tokens it falls back to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crawler {
    /// The crawler's name: `--agent` exactly as given, or the token of
    /// `--user-agent-header`.
    pub agent: Vec<u8>,
    /// The tokens whose groups it obeys when none names it, most specific first.
    pub fallbacks: Vec<Vec<u8>>,
    /// Whether the `*` groups apply when no group names the chain
    /// (`registry::AgentChain`: false for a crawler documented to ignore `*`).
    pub obeys_wildcard: bool,
    /// What to say on stderr about how the crawler was read.
    pub notices: Vec<Notice>,
}

impl Crawler {
    /// The name, then the fallbacks: the chain for `Policy::matcher_chain`.
    pub fn chain(&self) -> impl Iterator<Item = &[u8]> + Clone {
        std::iter::once(&*self.agent).chain(self.fallbacks.iter().map(Vec::as_slice))
    }

    /// The groups of `policy` this crawler obeys (the registry's rule for
    /// `*`: see `registry::AgentChain`).
    pub fn matcher<'p>(&self, policy: &'p PolicyRef<'_>) -> Matcher<'p> {
        policy.matcher_obeying(self.chain(), self.obeys_wildcard)
    }

    /// The crawler `args` name (`None` when they name none).
    fn from_args(args: &defs::CrawlerArgs) -> Result<Option<Crawler>, Error> {
        if args.agent.is_none() && args.user_agent_header.is_none() {
            return Ok(None);
        }
        let resolved = resolve(
            args.agent.as_deref().map(os_bytes).as_deref(),
            args.user_agent_header.as_deref().map(os_bytes).as_deref(),
            args.fallback
                .iter()
                .map(|f| os_bytes(f).into_owned())
                .collect(),
            !args.no_fallback,
        )?;
        Ok(Some(Crawler {
            agent: resolved.agent,
            fallbacks: resolved.fallbacks,
            obeys_wildcard: resolved.obeys_wildcard,
            notices: resolved.notices,
        }))
    }

    /// The crawler `args` name; clap has made sure they name one.
    fn required(args: &defs::CrawlerArgs) -> Result<Crawler, Error> {
        Crawler::from_args(args)?.ok_or_else(|| {
            Error::Usage(String::from(
                "the following required arguments were not provided: --agent <AGENT>",
            ))
        })
    }
}

/// `robots check`: verdicts for URLs.
#[derive(Debug)]
pub struct Check {
    /// The robots.txt, or a compiled policy.
    pub robots: Input,
    /// The crawler.
    pub crawler: Crawler,
    /// The reading, if named: a robots.txt is read under rfc9309 otherwise, and a
    /// compiled policy under the profile it was compiled with.
    pub profile: Option<Profile>,
    /// `human` or `json`.
    pub format: Format,
    /// The URLs from the arguments; `None`: read them from standard input.
    pub urls: Option<Vec<Vec<u8>>>,
    /// `--compiled`: the file must be a valid policy file.
    pub compiled: bool,
    /// `--strict-urls`: a URL line that does not read plainly is an error, not a warning.
    pub strict_urls: bool,
}

/// `robots lint`: findings about files.
#[derive(Debug)]
pub struct Lint {
    /// The robots.txt files, in order.
    pub files: Vec<Input>,
    /// The reading.
    pub profile: Profile,
    /// `human` or `json`.
    pub format: Format,
    /// Fail on warnings too.
    pub deny_warnings: bool,
}

/// `robots explain`: the decision behind one verdict.
#[derive(Debug)]
pub struct Explain {
    /// The robots.txt.
    pub robots: Input,
    /// The crawler.
    pub crawler: Crawler,
    /// The reading.
    pub profile: Profile,
    /// `human` or `json`.
    pub format: Format,
    /// The URL.
    pub url: Vec<u8>,
}

/// `robots diff`: the verdicts that change between two files.
#[derive(Debug)]
pub struct Diff {
    /// The old robots.txt.
    pub old: Input,
    /// The new robots.txt.
    pub new: Input,
    /// The crawler; `None`: every crawler of the registry.
    pub crawler: Option<Crawler>,
    /// A URL list to compare; `None`: derive URLs from both files' rules.
    pub urls: Option<Input>,
    /// The reading.
    pub profile: Profile,
    /// `human` or `json`.
    pub format: Format,
}

/// `robots test`: assertions about a robots.txt.
#[derive(Debug)]
pub struct Test {
    /// The robots.txt.
    pub robots: Input,
    /// The assertion file.
    pub asserts: Input,
    /// Check even a file that is no robots.txt.
    pub allow_errors: bool,
    /// The reading.
    pub profile: Profile,
    /// `human` or `json`.
    pub format: Format,
}

/// `robots report`: what the file does to every known crawler, or to one.
#[derive(Debug)]
pub struct Report {
    /// The robots.txt.
    pub robots: Input,
    /// The crawler asked about; `None`: every crawler of the registry.
    pub crawler: Option<Crawler>,
    /// The reading.
    pub profile: Profile,
    /// `human`, `json` or `csv`.
    pub format: Format,
    /// More paths to sample, one per line, besides the file's own rule paths.
    pub paths: Option<Input>,
}

/// `robots fetch`: one origin's robots.txt, fetched, and the outcome.
// Built without the `fetch` feature, the fetching commands parse their flags
// (so that the message is about the missing client, not the command line) and
// stop there.
#[cfg_attr(not(feature = "fetch"), allow(dead_code))]
#[derive(Debug)]
pub struct Fetch {
    /// Any URL of the origin (checked when the fetch starts).
    pub url: String,
    /// The crawler's product token, for the default User-Agent header.
    pub agent: Option<Vec<u8>>,
    /// How HTTP outcomes map to a policy.
    pub profile: FetchProfile,
    /// The time limit of the whole fetch.
    pub timeout: Duration,
    /// The parse limit; `None`: the profile's (500 KiB).
    pub max_bytes: Option<usize>,
    /// The whole User-Agent header; `None`: `robots/<version>` and the agent.
    pub user_agent: Option<String>,
    /// `human` or `json`.
    pub format: Format,
}

/// `robots check --fetch`: each URL against its own origin's robots.txt.
#[cfg_attr(not(feature = "fetch"), allow(dead_code))]
#[derive(Debug)]
pub struct CheckFetch {
    /// `human` (`allowed<TAB>URL` lines) or `json` (one object per URL).
    pub format: Format,
    /// The crawler, matched against each file.
    pub crawler: Crawler,
    /// How HTTP outcomes map to a policy (and how the file is read).
    pub profile: FetchProfile,
    /// The time limit of each fetch; `None`: the fetch policy's (10 s).
    pub timeout: Option<Duration>,
    /// URLs looked up at once.
    pub concurrency: usize,
    /// The URLs from the arguments; `None`: read them from standard input.
    pub urls: Option<Vec<Vec<u8>>>,
}

/// `robots compile`: a robots.txt into a policy file.
#[derive(Debug)]
pub struct Compile {
    /// The robots.txt.
    pub robots: Input,
    /// Where the policy goes: a path, or `-` for standard output.
    pub output: Input,
    /// The reading.
    pub profile: Profile,
    /// Compile for this crawler only.
    pub agent: Option<Vec<u8>>,
}

/// `robots completions`: a completion script.
#[derive(Debug)]
pub struct Completions {
    /// The shell it is for.
    pub shell: Shell,
}

/// Where `robots audit` finds a robots.txt.
#[derive(Debug)]
pub enum AuditRobots {
    /// One version of a robots.txt (`--robots [HOST=]FILE[@TIME]`, or the
    /// first path): of `host` (`None`: every host without its own), served
    /// from `since` (seconds since the epoch; `None`: from the beginning).
    Version {
        /// Its host.
        host: Option<String>,
        /// Its file.
        input: Input,
        /// When it started being served.
        since: Option<i64>,
    },
    /// A folder of `HOST.txt`, `HOST@TIME.txt` and `HOST/TIME.txt` files.
    Dir(std::path::PathBuf),
}

/// `robots audit`: which crawlers obey, from access logs.
#[derive(Debug)]
pub struct Audit {
    /// The robots.txt files.
    pub robots: Vec<AuditRobots>,
    /// The logs (`-`: standard input); none: standard input.
    pub logs: Vec<String>,
    /// The reading.
    pub profile: Profile,
    /// How the log is written.
    pub log_format: robots_audit::LogFormat,
    /// Audit browsers too.
    pub browsers: bool,
    /// `human`, `json` or `csv`.
    pub format: Format,
    /// How long a crawler may keep a fetched robots.txt, in seconds.
    pub cache_window: u64,
    /// Exit 0 even when requests could not be checked.
    pub allow_unchecked: bool,
    /// Fresh IP range files, as `[TOKEN=]FILE`.
    pub ip_ranges: Vec<String>,
    /// Verify by reverse DNS too, with these bounds; `None`: not asked
    /// (boxed: `Command` stays small).
    pub dns: Option<Box<AuditDns>>,
}

/// How `robots audit --verify-dns` may look.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditDns {
    /// The server to ask (`--dns-server`); `None`: the system's.
    pub server: Option<std::net::SocketAddr>,
    /// One address's lookup, at most (`--dns-timeout`).
    pub timeout: Duration,
    /// All lookups together, at most (`--dns-budget`).
    pub budget: Duration,
    /// Addresses looked up, at most (`--dns-max-lookups`).
    pub max_lookups: usize,
}

/// A subcommand, with plain values.
#[cfg_attr(not(feature = "fetch"), allow(dead_code))]
#[derive(Debug)]
pub enum Command {
    /// `robots audit` (boxed: its arguments outweigh every other command's).
    Audit(Box<Audit>),
    /// `robots check`.
    Check(Check),
    /// `robots lint`.
    Lint(Lint),
    /// `robots explain`.
    Explain(Explain),
    /// `robots diff`.
    Diff(Diff),
    /// `robots test`.
    Test(Test),
    /// `robots report`.
    Report(Report),
    /// `robots fetch`.
    Fetch(Fetch),
    /// `robots check --fetch`.
    CheckFetch(CheckFetch),
    /// `robots compile`.
    Compile(Compile),
    /// `robots completions`.
    Completions(Completions),
    /// `robots web`.
    Web(Web),
}

/// `robots web`: the browser tester on 127.0.0.1.
#[derive(Debug)]
pub struct Web {
    /// The robots.txt the page opens with, if any.
    pub robots: Option<Input>,
    /// The port; 0 lets the system pick a free one.
    pub port: u16,
    /// Open the page in the default browser.
    pub open: bool,
}

impl Command {
    /// What to say on stderr about how the crawler was read (`--agent` that
    /// looks like a header, `--user-agent-header`).
    pub fn notices(&self) -> &[Notice] {
        match self {
            Command::Check(c) => &c.crawler.notices,
            Command::Explain(c) => &c.crawler.notices,
            Command::Diff(c) => c.crawler.as_ref().map_or(&[], |c| &c.notices),
            Command::Report(c) => c.crawler.as_ref().map_or(&[], |c| &c.notices),
            Command::CheckFetch(c) => &c.crawler.notices,
            _ => &[],
        }
    }
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Parsed {
    /// Run a command, colouring its output as asked.
    Run(Command, Color),
    /// Print this text to standard output and succeed (`--help`, `--version`).
    Print(String),
}

/// Parse `args` (program name first).
///
/// # Errors
/// [`Error::Usage`] with clap's message cut to one line, or naming what is
/// missing or given twice (a URL, standard input).
pub fn parse<I>(args: I) -> Result<Parsed, Error>
where
    I: IntoIterator,
    I::Item: Into<OsString> + Clone,
{
    match Cli::try_parse_from(args) {
        Ok(cli) => command(cli.command).map(|c| Parsed::Run(c, cli.color)),
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            Ok(Parsed::Print(e.render().to_string()))
        }
        Err(e) => Err(Error::Usage(one_line(&e.render().to_string()))),
    }
}

/// The plain values of a parsed command line.
fn command(raw: RawCommand) -> Result<Command, Error> {
    let command = match raw {
        RawCommand::Check(a) if a.fetch => {
            // No robots.txt file: every positional argument is a URL.
            let urls: Vec<Vec<u8>> = a
                .file
                .iter()
                .chain(&a.urls)
                .map(|u| os_bytes(u).into_owned())
                .collect();
            // check's profile is optional now (a policy file keeps its own);
            // fetching defaults to rfc9309.
            let profile = match a.profile.or_default() {
                Profile::Rfc9309 => FetchProfile::Rfc9309,
                Profile::Google => FetchProfile::Google,
                other => {
                    return Err(Error::Usage(format!(
                        "--fetch reads robots.txt under rfc9309 or google, not {other}"
                    )))
                }
            };
            Command::CheckFetch(CheckFetch {
                format: a.format.format(),
                crawler: Crawler::required(&a.crawler)?,
                profile,
                timeout: a.timeout,
                concurrency: a.concurrency.map_or(DEFAULT_CONCURRENCY, usize::from),
                urls: (!urls.is_empty()).then_some(urls),
            })
        }
        RawCommand::Fetch(a) => Command::Fetch(Fetch {
            url: a.url,
            agent: a.agent.as_deref().map(|agent| os_bytes(agent).into_owned()),
            profile: a.profile,
            timeout: a.timeout,
            max_bytes: a.max_bytes,
            user_agent: a.user_agent,
            format: a.format.format(),
        }),
        RawCommand::Check(a) => {
            // With the old `--robots FILE`, every positional argument is a URL.
            let (file, urls) = match a.robots {
                Some(robots) => (robots, a.file.into_iter().chain(a.urls).collect()),
                None => (a.file.unwrap_or_default(), a.urls),
            };
            let robots = Input::from_arg(&file);
            let urls: Vec<Vec<u8>> = urls.iter().map(|u| os_bytes(u).into_owned()).collect();
            if robots == Input::Stdin && urls.is_empty() {
                return Err(Error::Usage(String::from(
                    "the robots.txt is read from standard input (`-`), so give the URLs as arguments",
                )));
            }
            Command::Check(Check {
                robots,
                crawler: Crawler::required(&a.crawler)?,
                profile: a.profile.profile,
                format: a.format.format(),
                urls: (!urls.is_empty()).then_some(urls),
                compiled: a.compiled,
                strict_urls: a.strict_urls,
            })
        }
        RawCommand::Lint(a) => {
            let files: Vec<Input> = a.files.iter().map(|f| Input::from_arg(f)).collect();
            at_most_one_stdin(&files)?;
            Command::Lint(Lint {
                files,
                profile: a.profile.or_default(),
                format: a.format.format(),
                deny_warnings: a.deny == Some(defs::Deny::Warnings),
            })
        }
        RawCommand::Explain(a) => {
            let (file, url) = match a.robots {
                Some(_) if a.file.is_some() && a.url.is_some() => {
                    return Err(Error::Usage(String::from(
                        "`--robots FILE` names the robots.txt, so give only the URL as an argument",
                    )))
                }
                Some(robots) => (robots, a.file.or(a.url)),
                None => (a.file.unwrap_or_default(), a.url),
            };
            let Some(url) = url else {
                return Err(Error::Usage(String::from(
                    "the following required arguments were not provided: <URL>",
                )));
            };
            Command::Explain(Explain {
                robots: Input::from_arg(&file),
                crawler: Crawler::required(&a.crawler)?,
                profile: a.profile.or_default(),
                format: a.format.format(),
                url: os_bytes(&url).into_owned(),
            })
        }
        RawCommand::Diff(a) => {
            let (old, new) = (Input::from_arg(&a.old), Input::from_arg(&a.new));
            let urls = a.urls.as_deref().map(Input::from_arg);
            let mut inputs = vec![old.clone(), new.clone()];
            inputs.extend(urls.clone());
            at_most_one_stdin(&inputs)?;
            Command::Diff(Diff {
                old,
                new,
                crawler: Crawler::from_args(&a.crawler)?,
                urls,
                profile: a.profile.or_default(),
                format: a.format.format(),
            })
        }
        RawCommand::Test(a) => {
            let (robots, asserts) = (Input::from_arg(&a.file), Input::from_arg(&a.asserts));
            at_most_one_stdin(&[robots.clone(), asserts.clone()])?;
            Command::Test(Test {
                robots,
                asserts,
                allow_errors: a.allow_errors,
                profile: a.profile.or_default(),
                format: a.format.format(),
            })
        }
        RawCommand::Report(a) => {
            let robots = Input::from_arg(&a.file);
            let paths = a.paths.as_deref().map(Input::from_arg);
            let mut inputs = vec![robots.clone()];
            inputs.extend(paths.clone());
            at_most_one_stdin(&inputs)?;
            Command::Report(Report {
                robots,
                crawler: Crawler::from_args(&a.crawler)?,
                profile: a.profile.or_default(),
                format: a.format.format(),
                paths,
            })
        }
        RawCommand::Completions(a) => Command::Completions(Completions { shell: a.shell }),
        RawCommand::Audit(a) => Command::Audit(Box::new(audit(a)?)),
        RawCommand::Compile(a) => Command::Compile(Compile {
            robots: Input::from_arg(&a.file),
            output: Input::from_arg(&a.output),
            profile: a.profile.or_default(),
            agent: a.agent.as_deref().map(|a| os_bytes(a).into_owned()),
        }),
        RawCommand::Web(a) => Command::Web(Web {
            robots: a.file.as_deref().map(Input::from_arg),
            port: a.port,
            open: a.open,
        }),
    };
    Ok(command)
}

/// The completion script of `robots` for `shell`, from the command line's own definition.
pub fn completion_script(shell: Shell) -> Vec<u8> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "robots", &mut script);
    script
}

/// Standard input can be read once: at most one `-`.
/// `robots audit`'s plain values: which paths are robots.txt files and which logs.
fn audit(a: defs::AuditArgs) -> Result<Audit, Error> {
    let mut robots = Vec::new();
    for spec in &a.robots {
        let (host, file, since) = robots_version(&spec.to_string_lossy())?;
        robots.push(AuditRobots::Version {
            host,
            input: Input::from_arg(OsStr::new(&file)),
            since,
        });
    }
    if let Some(dir) = &a.robots_dir {
        robots.push(AuditRobots::Dir(dir.into()));
    }
    let mut paths = a.paths.iter();
    if robots.is_empty() {
        let Some(first) = paths.next() else {
            return Err(Error::Usage(String::from(
                "robots audit needs a robots.txt: `robots audit ROBOTS [LOG...]`, or --robots [HOST=]FILE[@TIME]",
            )));
        };
        robots.push(AuditRobots::Version {
            host: None,
            input: Input::from_arg(first),
            since: None,
        });
    }
    let logs: Vec<String> = paths.map(|p| p.to_string_lossy().into_owned()).collect();
    let robots_stdin = robots.iter().any(|r| {
        matches!(
            r,
            AuditRobots::Version {
                input: Input::Stdin,
                ..
            }
        )
    });
    if robots_stdin && (logs.is_empty() || logs.iter().any(|l| l == "-")) {
        return Err(Error::Usage(String::from(
            "robots audit cannot read both the robots.txt and the log from standard input",
        )));
    }
    let log_format = match a.log_format.as_str() {
        "combined" => robots_audit::LogFormat::Combined,
        "json" => robots_audit::LogFormat::Json(json_fields(&a.json_field)?),
        "w3c" => robots_audit::LogFormat::W3c,
        _ if !a.json_field.is_empty() => robots_audit::LogFormat::Json(json_fields(&a.json_field)?),
        _ => robots_audit::LogFormat::Auto,
    };
    let dns = if a.verify_dns {
        Some(Box::new(AuditDns {
            server: a.dns_server.as_deref().map(dns_server).transpose()?,
            timeout: a.dns_timeout,
            budget: a.dns_budget,
            max_lookups: a.dns_max_lookups,
        }))
    } else {
        None
    };
    Ok(Audit {
        robots,
        logs,
        profile: a.profile,
        log_format,
        browsers: a.browsers,
        format: a.format,
        cache_window: a.cache_window,
        allow_unchecked: a.allow_unchecked,
        ip_ranges: a
            .ip_ranges
            .iter()
            .map(|f| f.to_string_lossy().into_owned())
            .collect(),
        dns,
    })
}

/// `--robots [HOST=]FILE[@TIME]`: the host (before the first `=`, when that
/// part has no path separator), the file, and the time (after the last `@`,
/// when what follows starts with a digit: an RFC 3339 time).
fn robots_version(spec: &str) -> Result<(Option<String>, String, Option<i64>), Error> {
    let (rest, since) = match spec.rsplit_once('@') {
        Some((file, time)) if time.starts_with(|c: char| c.is_ascii_digit()) => {
            let Some(since) = robots_audit::parse_time(time) else {
                return Err(Error::Usage(format!(
                    "--robots '{spec}': '{time}' is not an RFC 3339 time such as 2026-11-27T12:00:00Z"
                )));
            };
            (file, Some(since))
        }
        _ => (spec, None),
    };
    let (host, file) = match rest.split_once('=') {
        Some((host, file)) if !host.is_empty() && !host.contains(['/', '\\']) => {
            (Some(host.to_owned()), file)
        }
        _ => (None, rest),
    };
    if file.is_empty() {
        return Err(Error::Usage(format!(
            "--robots takes [HOST=]FILE[@TIME], not '{spec}'"
        )));
    }
    Ok((host, file.to_owned(), since))
}

/// `--dns-server`: `IP`, `IP:PORT` or `[IPv6]:PORT` (port 53 when none).
fn dns_server(text: &str) -> Result<std::net::SocketAddr, Error> {
    if let Ok(addr) = text.parse::<std::net::SocketAddr>() {
        return Ok(addr);
    }
    match text.parse::<std::net::IpAddr>() {
        Ok(ip) => Ok(std::net::SocketAddr::new(ip, 53)),
        Err(_) => Err(Error::Usage(format!(
            "--dns-server takes an IP address, with an optional port (127.0.0.1:5353, [::1]:53), not '{text}'"
        ))),
    }
}

/// The JSON field names `--json-field FIELD=KEY` gives.
fn json_fields(specs: &[String]) -> Result<robots_audit::JsonFields, Error> {
    let mut fields = robots_audit::JsonFields::default();
    for spec in specs {
        let Some((field, key)) = spec.split_once('=') else {
            return Err(Error::Usage(format!(
                "--json-field takes FIELD=KEY, not '{spec}'"
            )));
        };
        fields.prefer(field, key).map_err(Error::Usage)?;
    }
    Ok(fields)
}

fn at_most_one_stdin(inputs: &[Input]) -> Result<(), Error> {
    if inputs.iter().filter(|i| **i == Input::Stdin).count() > 1 {
        return Err(Error::Usage(String::from(
            "`-` (standard input) is named more than once; it can be read only once",
        )));
    }
    Ok(())
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
fn os_bytes(s: &OsStr) -> Cow<'_, [u8]> {
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
mod tests;
