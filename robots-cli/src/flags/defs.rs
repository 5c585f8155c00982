//! What `robots` accepts, as clap types. Nothing outside [`super`] sees them:
//! [`super::parse`] turns them into the plain values the commands take.
//!
//! Every subcommand has one shape: the robots.txt is named positionally (`-`
//! reads it from standard input), the crawler with `--agent`, the reading with
//! `--profile`, the output with `--format`. The old spellings stay as hidden
//! aliases: `--robots FILE` (for `check` and `explain`) and `--json` (for
//! `--format json`, everywhere).

use super::{Color, Format};
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{value_parser, Args, Parser, Subcommand, ValueEnum};
use clap_complete::Shell;
use robots_runtime::fetch::FetchProfile;
use robots_runtime::Profile;
use std::ffi::OsString;
use std::marker::PhantomData;
use std::num::NonZeroUsize;
use std::time::Duration;

/// Check URLs against a robots.txt, under RFC 9309, Google, 1996-draft or 1994 semantics.
#[derive(Debug, Parser)]
#[command(name = "robots", version, propagate_version = true)]
#[command(subcommand_required = true, arg_required_else_help = false)]
#[command(after_help = AFTER_HELP)]
pub(super) struct Cli {
    #[command(subcommand)]
    pub command: RawCommand,

    /// When to colour the output: `auto` (when standard output is a terminal
    /// and NO_COLOR is not set), `always` or `never`.
    #[arg(long, value_name = "WHEN", global = true, default_value = "auto", value_parser = color_parser())]
    pub color: Color,
}

/// The end of the top-level `--help`: examples, the exit statuses, the docs.
const AFTER_HELP: &str = concat!(
    "Examples:
  robots check robots.txt --agent Googlebot /private/x /public
  robots check robots.txt --agent Googlebot < urls.txt     (one URL per line)
  robots lint robots.txt --profile google --deny warnings
  robots explain robots.txt /private/x --agent Googlebot
  robots diff old/robots.txt new/robots.txt --agent Googlebot
  robots check --fetch --agent MyBot https://example.com/page
  robots completions bash > ~/.local/share/bash-completion/completions/robots

Exit status:
  0  the command did its job, whatever the verdicts (also --help, --version,
     and a standard output closed early, as by `| head`)
  1  a site owner's \"no\": lint found errors (or warnings, with --deny warnings),
     diff found verdicts that change, test found an assertion that does not
     hold, check --fetch could not check some URL, check --strict-urls
     refused a URL line
  2  a usage or I/O error; one line on standard error says what failed

Documentation: `robots COMMAND --help` for each command; the README of ",
    env!("CARGO_PKG_REPOSITORY"),
    " for the CLI, the profiles and the library
(`cargo doc -p robots-runtime --open` from a checkout)."
);

/// A subcommand and its arguments, as clap parsed them.
#[derive(Debug, Subcommand)]
pub(super) enum RawCommand {
    /// Check URLs against a robots.txt: one `allowed`/`disallowed` line per URL.
    Check(CheckArgs),
    /// Lint robots.txt files: rustc-style diagnostics or JSON lines, one per finding.
    Lint(LintArgs),
    /// Explain one verdict: the path compared, the groups, every candidate rule, the tie-break.
    Explain(ExplainArgs),
    /// List the URLs whose verdict changes between two versions of a robots.txt.
    Diff(DiffArgs),
    /// Check a robots.txt against a file of must-allow / must-block assertions.
    Test(TestArgs),
    /// What a robots.txt does to every known crawler: search engines, AI crawlers, SEO tools…
    Report(ReportArgs),
    /// Fetch the robots.txt of a URL's origin the RFC 9309 way and print the outcome.
    Fetch(FetchArgs),
    /// Compile a robots.txt into a policy file (`.rpol`) that `robots check` and the
    /// library load without parsing: `Policy::from_bytes` / `PolicyRef::from_bytes`.
    Compile(CompileArgs),
    /// Print a completion script for a shell (bash, zsh, fish, elvish, powershell).
    Completions(CompletionsArgs),
    /// Serve the browser tester on 127.0.0.1: edit a robots.txt, test URLs, lint, report, diff.
    Web(WebArgs),
    /// Which crawlers obey a robots.txt: check every request of access logs
    /// (Combined Log Format or JSON lines, plain or gzip) against it.
    Audit(AuditArgs),
}

/// Accepts `auto`, `always` and `never` for `--color`.
fn color_parser() -> impl TypedValueParser<Value = Color> {
    PossibleValuesParser::new(Color::ALL.map(Color::name)).map(|name| {
        Color::ALL
            .into_iter()
            .find(|c| c.name() == name)
            .unwrap_or(Color::Auto)
    })
}

/// Accepts exactly the profile names (and lists them in `--help` and in errors).
fn profile_parser() -> impl TypedValueParser<Value = Profile> {
    PossibleValuesParser::new(Profile::ALL.map(Profile::name))
        .try_map(|name| name.parse::<Profile>())
}

/// Accepts exactly the fetch profile names (`rfc9309`, `google`).
fn fetch_profile_parser() -> impl TypedValueParser<Value = FetchProfile> {
    PossibleValuesParser::new(FetchProfile::ALL.map(FetchProfile::name))
        .try_map(|name| name.parse::<FetchProfile>())
}

/// A positive number of seconds, fractions allowed, at most a day.
pub(super) fn seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(secs) if secs > 0.0 && secs.is_finite() && secs <= 86_400.0 => {
            Ok(Duration::from_secs_f64(secs))
        }
        _ => Err(format!(
            "'{text}' is not a number of seconds between 0 and 86400"
        )),
    }
}

/// Accepts the names of `formats` (a command's own list) for `--format`.
fn format_parser(formats: &'static [Format]) -> impl TypedValueParser<Value = Format> {
    PossibleValuesParser::new(formats.iter().map(|f| f.name())).map(|name| {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == name)
            .unwrap_or(Format::Human)
    })
}

const HUMAN_JSON: &[Format] = &[Format::Human, Format::Json];
const HUMAN_JSON_CSV: &[Format] = &[Format::Human, Format::Json, Format::Csv];
const LINT_FORMATS: &[Format] = &[Format::Human, Format::Json, Format::Sarif, Format::Github];
const AUDIT_FORMATS: &[Format] = &[Format::Human, Format::Json, Format::Csv, Format::Html];

/// The formats one command's `--format` accepts (a type, so that one
/// definition of `--format` serves every command: [`FormatArgs`]).
pub(super) trait Formats: std::fmt::Debug + Send + Sync + 'static {
    /// The accepted formats, `human` first (the default).
    const FORMATS: &'static [Format];
}

/// `human` or `json`.
#[derive(Debug)]
pub(super) struct HumanJson;
impl Formats for HumanJson {
    const FORMATS: &'static [Format] = HUMAN_JSON;
}

/// `human`, `json` or `csv` (`report`).
#[derive(Debug)]
pub(super) struct HumanJsonCsv;
impl Formats for HumanJsonCsv {
    const FORMATS: &'static [Format] = HUMAN_JSON_CSV;
}

/// `human`, `json`, `sarif` or `github` (`lint`).
#[derive(Debug)]
pub(super) struct LintFormats;
impl Formats for LintFormats {
    const FORMATS: &'static [Format] = LINT_FORMATS;
}

/// `--format FORMAT` and its old spelling `--json`, for a command whose
/// formats are `F`'s. Each command says what its formats print with
/// `#[command(mut_arg("format", …))]`.
#[derive(Debug, Args)]
pub(super) struct FormatArgs<F: Formats> {
    /// The output format. `--json` is short for `--format json`.
    #[arg(long, value_name = "FORMAT", default_value = "human", value_parser = format_parser(F::FORMATS))]
    pub format: Format,

    /// `--format json`.
    #[arg(long, hide = true, conflicts_with = "format")]
    pub json: bool,

    #[arg(skip)]
    pub formats: PhantomData<F>,
}

impl<F: Formats> FormatArgs<F> {
    /// The format asked for: `--json` is `--format json`.
    pub fn format(&self) -> Format {
        if self.json {
            Format::Json
        } else {
            self.format
        }
    }
}

/// `--profile PROFILE`: how to read the robots.txt. Unnamed, it is `rfc9309`
/// (`check` reads a compiled policy under its own profile).
#[derive(Debug, Args)]
pub(super) struct ProfileArg {
    /// The semantics to read the file under [default: rfc9309].
    #[arg(long, value_name = "PROFILE", value_parser = profile_parser())]
    pub profile: Option<Profile>,
}

impl ProfileArg {
    /// The profile named, else `rfc9309`.
    pub fn or_default(&self) -> Profile {
        self.profile.unwrap_or(Profile::Rfc9309)
    }
}

/// The crawler a command asks about: `--agent` or `--user-agent-header` (one
/// of them, or neither where the command has a meaning for that), the
/// fallbacks it follows, and `--no-fallback`.
#[derive(Debug, Args)]
pub(super) struct CrawlerArgs {
    /// The crawler's product token (the name a robots.txt's `User-agent:` line
    /// gives), matched exactly as given, then the fallbacks the registry
    /// documents for it (`Googlebot-Image` → `Googlebot`; `--no-fallback` for
    /// none). A value that is plainly a whole User-Agent header gets a warning
    /// naming its token.
    #[arg(long, value_name = "AGENT", group = "crawler", value_parser = value_parser!(OsString))]
    pub agent: Option<OsString>,

    /// The crawler's whole User-Agent header instead of --agent: its crawler
    /// token is read from it (a registry crawler's documented header gives that
    /// crawler's token, else the first product token that is no browser
    /// boilerplate), and the crawler's documented fallbacks follow it.
    #[arg(long, value_name = "HEADER", group = "crawler", value_parser = value_parser!(OsString))]
    pub user_agent_header: Option<OsString>,

    /// A token the crawler also answers to when no group names AGENT (repeatable,
    /// most specific first), after the ones the registry documents, e.g.
    /// `--agent MyBot-Images --fallback MyBot`.
    #[arg(long, value_name = "TOKEN", requires = "crawler", value_parser = value_parser!(OsString))]
    pub fallback: Vec<OsString>,

    /// Follow none of the fallbacks the registry documents for the crawler:
    /// match AGENT alone (and any --fallback), as Google's library matches
    /// the one name it is given.
    #[arg(long, requires = "crawler")]
    pub no_fallback: bool,
}

/// `--agent`'s help where it may be left out: every registry crawler then.
const AGENT_OR_EVERY_CRAWLER: &str = "The crawler's product token, matched exactly as given, then the fallbacks the registry documents for it (`--no-fallback` for none); a value that is plainly a whole User-Agent header gets a warning naming its token. Without it (and without --user-agent-header), every crawler of the registry is compared, one summary line per crawler whose verdicts change.";

/// Arguments of `robots check`.
#[derive(Debug, Args)]
#[command(mut_arg("agent", |a| a.required_unless_present("user_agent_header")))]
#[command(mut_arg("profile", |a| a.help("The semantics to read the file under [default: rfc9309]. A compiled policy (`robots compile`) keeps the profile it was compiled under; naming another is an error.")))]
#[command(mut_arg("format", |a| a.help("Output: `human` (`allowed<TAB>URL` lines) or `json` (one object per URL: url, allowed, rule ({line, directive, pattern} or null), reason; `warning` for a URL line that does not read plainly, `url_bytes` (the exact bytes) for one that is not UTF-8). `--json` is short for `--format json`.")))]
pub(super) struct CheckArgs {
    /// The robots.txt file, read as raw bytes, or a policy file from `robots compile`;
    /// `-` reads it from standard input (then give the URLs as arguments). `--robots
    /// FILE` names it too. With `--fetch` there is no FILE: every argument is a URL.
    #[arg(value_name = "FILE", required_unless_present_any = ["robots", "fetch"], value_parser = value_parser!(OsString))]
    pub file: Option<OsString>,

    /// The URLs to check (full URLs or paths; empty means `/`). With none, read them from
    /// standard input, one per line. Put `--` before URLs that start with `-`.
    #[arg(value_name = "URL", value_parser = value_parser!(OsString))]
    pub urls: Vec<OsString>,

    /// The old spelling of FILE; every positional argument is then a URL.
    #[arg(long, value_name = "FILE", hide = true, value_parser = value_parser!(OsString))]
    pub robots: Option<OsString>,

    #[command(flatten)]
    pub crawler: CrawlerArgs,

    #[command(flatten)]
    pub profile: ProfileArg,

    #[command(flatten)]
    pub format: FormatArgs<HumanJson>,

    /// FILE must be a compiled policy (`robots compile`): fail if it is not a
    /// valid one. Without it, FILE is read as a policy only when it validates as
    /// one (magic, version, checksum, tables), and as robots.txt text otherwise.
    #[arg(long)]
    pub compiled: bool,

    /// A URL line that is not plainly a path, an http(s) URL or empty (`ftp://h/x`,
    /// `http://[::1`, `%zz`, NUL or non-UTF-8 bytes) is an error: `error<TAB>URL<TAB>reason`
    /// instead of a verdict, and exit status 1. Without it, such a line gets its
    /// verdict and a warning on stderr.
    #[arg(long)]
    pub strict_urls: bool,

    /// Fetch each URL's robots.txt from its origin (once per origin, origins
    /// concurrently) instead of reading FILE. URLs must be absolute http(s);
    /// `--profile` is then `rfc9309` or `google`.
    /// With `--format json`, each object also says how the fetch went
    /// (`fetch`: reason, status, robots.txt URL) and what decided the verdict
    /// (`decided_by`: `rule`, `no-rule` or `fetch`).
    #[arg(long, conflicts_with_all = ["robots", "compiled"])]
    pub fetch: bool,

    /// With --fetch: the time limit of each robots.txt fetch, in seconds (default 10).
    #[arg(long, value_name = "SECS", requires = "fetch", value_parser = seconds)]
    pub timeout: Option<Duration>,

    /// With --fetch: how many URLs are looked up at once (default 64).
    #[arg(long, value_name = "N", requires = "fetch", value_parser = value_parser!(NonZeroUsize))]
    pub concurrency: Option<NonZeroUsize>,
}

/// What `--deny` can make fatal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum Deny {
    /// Fail (exit 1) on warnings too.
    Warnings,
}

/// Arguments of `robots lint`.
#[derive(Debug, Args)]
#[command(mut_arg("profile", |a| a.help("The semantics to read the files under [default: rfc9309].")))]
#[command(mut_arg("format", |a| a.help("Output: `human` (rustc-style diagnostics), `json` (one object per finding), `sarif` (SARIF 2.1.0 for code scanning) or `github` (workflow-command annotations). `--json` is short for `--format json`.")))]
pub(super) struct LintArgs {
    /// The robots.txt files, read as raw bytes; `-` reads one from standard input.
    #[arg(value_name = "FILE", required = true, value_parser = value_parser!(OsString))]
    pub files: Vec<OsString>,

    #[command(flatten)]
    pub profile: ProfileArg,

    #[command(flatten)]
    pub format: FormatArgs<LintFormats>,

    /// Also fail (exit 1) on warnings.
    #[arg(long, value_enum, value_name = "LEVEL")]
    pub deny: Option<Deny>,
}

/// Arguments of `robots explain`.
#[derive(Debug, Args)]
#[command(mut_arg("agent", |a| a.required_unless_present("user_agent_header")))]
#[command(mut_arg("format", |a| a.help("Output: `human` (text) or `json` (one object). `--json` is short for `--format json`.")))]
pub(super) struct ExplainArgs {
    /// The robots.txt file, read as raw bytes; `-` reads it from standard input.
    /// `--robots FILE` names it too.
    #[arg(value_name = "FILE", required_unless_present = "robots", value_parser = value_parser!(OsString))]
    pub file: Option<OsString>,

    /// The URL (full URL or path) to explain.
    #[arg(value_name = "URL", value_parser = value_parser!(OsString))]
    pub url: Option<OsString>,

    /// The old spelling of FILE; the positional argument is then the URL.
    #[arg(long, value_name = "FILE", hide = true, value_parser = value_parser!(OsString))]
    pub robots: Option<OsString>,

    #[command(flatten)]
    pub crawler: CrawlerArgs,

    #[command(flatten)]
    pub profile: ProfileArg,

    #[command(flatten)]
    pub format: FormatArgs<HumanJson>,
}

/// Arguments of `robots diff`.
#[derive(Debug, Args)]
#[command(mut_arg("agent", |a| a.help(AGENT_OR_EVERY_CRAWLER)))]
#[command(mut_arg("profile", |a| a.help("The semantics to read both files under [default: rfc9309].")))]
#[command(mut_arg("format", |a| a.help("Output: `human` (one line per change and a summary) or `json` (one object per change). `--json` is short for `--format json`.")))]
pub(super) struct DiffArgs {
    /// The old robots.txt (`-`: standard input).
    #[arg(value_name = "OLD", value_parser = value_parser!(OsString))]
    pub old: OsString,

    /// The new robots.txt (`-`: standard input).
    #[arg(value_name = "NEW", value_parser = value_parser!(OsString))]
    pub new: OsString,

    #[command(flatten)]
    pub crawler: CrawlerArgs,

    /// URLs to compare, one per line; without it, URLs are derived from both files' rules.
    #[arg(long, value_name = "FILE", value_parser = value_parser!(OsString))]
    pub urls: Option<OsString>,

    #[command(flatten)]
    pub profile: ProfileArg,

    #[command(flatten)]
    pub format: FormatArgs<HumanJson>,
}

/// Arguments of `robots test`.
#[derive(Debug, Args)]
#[command(mut_arg("profile", |a| a.help("The semantics to read the robots.txt under [default: rfc9309].")))]
#[command(mut_arg("format", |a| a.help("Output: `human` (the failures and a summary) or `json` (one object per assertion). `--json` is short for `--format json`.")))]
pub(super) struct TestArgs {
    /// The robots.txt file, read as raw bytes; `-` reads it from standard input.
    #[arg(value_name = "FILE", value_parser = value_parser!(OsString))]
    pub file: OsString,

    /// The assertion file: lines `allow AGENT URL` / `block AGENT URL`, `#` comments
    /// (`-`: standard input).
    #[arg(long = "assert", value_name = "ASSERTS", value_parser = value_parser!(OsString))]
    pub asserts: OsString,

    #[command(flatten)]
    pub profile: ProfileArg,

    /// Check the assertions even when FILE is no robots.txt (an HTML page,
    /// binary data, UTF-16), instead of failing.
    #[arg(long)]
    pub allow_errors: bool,

    #[command(flatten)]
    pub format: FormatArgs<HumanJson>,
}

/// Arguments of `robots report`.
#[derive(Debug, Args)]
#[command(mut_arg("agent", |a| a.help("The crawler to report on, known to the registry or not, with the fallbacks the registry documents for it (`--no-fallback` for none): its group, its access decided exactly (blocked, partial or allowed), its sample share, crawl-delay and AI preferences. Without it (and without --user-agent-header), every crawler of the registry.")))]
#[command(mut_arg("format", |a| a.help("Output: `human` (a table grouped by purpose, and a summary), `json` (one object) or `csv` (one row per crawler). `--json` is short for `--format json`.")))]
pub(super) struct ReportArgs {
    /// The robots.txt file, read as raw bytes; `-` reads it from standard input.
    #[arg(value_name = "FILE", value_parser = value_parser!(OsString))]
    pub file: OsString,

    /// More paths to sample (one per line, `#` comments), besides the paths of the file's own rules.
    #[arg(long, value_name = "FILE", value_parser = value_parser!(OsString))]
    pub paths: Option<OsString>,

    #[command(flatten)]
    pub crawler: CrawlerArgs,

    #[command(flatten)]
    pub profile: ProfileArg,

    #[command(flatten)]
    pub format: FormatArgs<HumanJsonCsv>,
}

/// Arguments of `robots audit`.
#[derive(Debug, Args)]
pub(super) struct AuditArgs {
    /// The robots.txt, then the access logs (`-`: standard input; no log: standard
    /// input). With `--robots` or `--robots-dir`, every path is a log.
    #[arg(value_name = "ROBOTS LOG", value_parser = value_parser!(OsString))]
    pub paths: Vec<OsString>,

    /// A robots.txt, as `[HOST=]FILE[@TIME]` (repeatable): `HOST=` for one host of
    /// a multi-host log (else every host without its own), `@TIME` (RFC 3339,
    /// e.g. `@2026-11-27T12:00:00Z`) when this version started being served
    /// (else from the beginning). Several versions of a host: one per `--robots`.
    #[arg(long = "robots", value_name = "[HOST=]FILE[@TIME]", value_parser = value_parser!(OsString))]
    pub robots: Vec<OsString>,

    /// A folder of robots.txt files: `HOST.txt` (from the beginning),
    /// `HOST@TIME.txt`, or `HOST/TIME.txt` (a folder per host of dated copies).
    /// TIME is RFC 3339, its colons written as `-` if need be
    /// (`2026-11-27T12-00-00Z`).
    #[arg(long, value_name = "DIR", value_parser = value_parser!(OsString))]
    pub robots_dir: Option<OsString>,

    /// How long a crawler may keep a fetched robots.txt (RFC 9309 §2.4): a
    /// request that the version in force disallows but a version replaced less
    /// than this before allows is counted as stale cache, not a violation.
    #[arg(long, value_name = "DURATION", default_value = "24h", value_parser = cache_window)]
    pub cache_window: u64,

    /// Exit 0 even when requests could not be checked (no robots.txt for their
    /// host, or sent before the first version); they are still counted and named.
    #[arg(long)]
    pub allow_unchecked: bool,

    /// The semantics to read the robots.txt files under.
    #[arg(long, value_name = "PROFILE", default_value = "rfc9309", value_parser = profile_parser())]
    pub profile: Profile,

    /// How the log is written: `auto` (JSON lines for lines starting with `{`,
    /// W3C extended (IIS, CloudFront) from a file's `#Fields:` line on, else
    /// Combined Log Format), `combined`, `json` or `w3c`.
    #[arg(long, value_name = "FORMAT", default_value = "auto", value_parser = ["auto", "combined", "json", "w3c"])]
    pub log_format: String,

    /// The key of a JSON log's field, as `FIELD=KEY`: FIELD is host, time,
    /// target, status, user_agent or client (the client's address; by default
    /// `remote_addr`, `client_ip`, `ip`, …) (repeatable).
    #[arg(long, value_name = "FIELD=KEY")]
    pub json_field: Vec<String>,

    /// Audit browsers too (as one crawler, `(browser)`, under the `*` group).
    #[arg(long)]
    pub browsers: bool,

    /// Output: `human` (a table, worst first, and a summary), `json` (one object),
    /// `csv` (one row per crawler and verification class) or `html` (one
    /// self-contained page with tables and charts, to open or mail:
    /// `--format html > audit.html`).
    #[arg(long, value_name = "FORMAT", default_value = "human", value_parser = format_parser(AUDIT_FORMATS))]
    pub format: Format,

    /// Fresh IP range files of crawler operators, in place of the bundled
    /// snapshot's: a file named as its operator publishes it (`gptbot.json`,
    /// `common-crawlers.json`) replaces the copy of that name; `TOKEN=FILE`
    /// (`Googlebot=old.json`) replaces the copies of that crawler's operator.
    /// Takes every following value up to the next flag: put it after the
    /// logs, or end its list with `--`.
    #[arg(long = "ip-ranges", value_name = "[TOKEN=]FILE", num_args = 1.., value_parser = value_parser!(OsString))]
    pub ip_ranges: Vec<OsString>,

    /// Also verify crawlers by forward-confirmed reverse DNS where their
    /// operators name host suffixes (Googlebot, bingbot, Applebot, YandexBot,
    /// Baiduspider, Amazonbot, …): DNS lookups, once per address, bounded by
    /// --dns-timeout, --dns-budget and --dns-max-lookups.
    #[arg(long)]
    pub verify_dns: bool,

    /// The DNS server --verify-dns asks, as `IP` or `IP:PORT` (default: the
    /// system's resolver).
    #[arg(long, value_name = "ADDR", requires = "verify_dns")]
    pub dns_server: Option<String>,

    /// The most one address's reverse DNS lookup may take, in seconds.
    #[arg(long, value_name = "SECS", default_value = "2", value_parser = seconds, requires = "verify_dns")]
    pub dns_timeout: Duration,

    /// The most all reverse DNS lookups may take together, in seconds; the
    /// addresses left then stay unverifiable.
    #[arg(long, value_name = "SECS", default_value = "120", value_parser = seconds, requires = "verify_dns")]
    pub dns_budget: Duration,

    /// The most addresses looked up by reverse DNS; the rest stay unverifiable.
    #[arg(long, value_name = "N", default_value = "10000", value_parser = value_parser!(usize), requires = "verify_dns")]
    pub dns_max_lookups: usize,
}

/// `--cache-window`: `24h`, `90m`, `0s`, … in whole seconds.
fn cache_window(text: &str) -> Result<u64, String> {
    robots_audit::parse_duration(text)
}

/// Arguments of `robots fetch`.
#[derive(Debug, Args)]
#[command(mut_arg("format", |a| a.help("Output: `human` (`name: value` lines) or `json` (one object: robots_url, final_url, status, redirects, outcome, reason, bytes, truncated, expires_in_s). `--json` is short for `--format json`.")))]
pub(super) struct FetchArgs {
    /// Any URL of the origin whose robots.txt to fetch (absolute http or https).
    #[arg(value_name = "URL")]
    pub url: String,

    /// The crawler's product token (goes into the default User-Agent header).
    #[arg(long, value_name = "AGENT", value_parser = value_parser!(OsString))]
    pub agent: Option<OsString>,

    /// How HTTP outcomes map to a policy.
    #[arg(long, value_name = "PROFILE", default_value = "rfc9309", value_parser = fetch_profile_parser())]
    pub profile: FetchProfile,

    /// The time limit of the whole fetch, redirects included, in seconds.
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = seconds)]
    pub timeout: Duration,

    /// Body bytes to read and parse (at least 512000, RFC 9309's 500 KiB).
    #[arg(long, value_name = "N", value_parser = value_parser!(usize))]
    pub max_bytes: Option<usize>,

    /// The whole User-Agent header (default: `robots/<version>` and the agent).
    #[arg(long, value_name = "STRING")]
    pub user_agent: Option<String>,

    #[command(flatten)]
    pub format: FormatArgs<HumanJson>,
}

/// Arguments of `robots compile`.
#[derive(Debug, Args)]
#[command(mut_arg("profile", |a| a.help("The semantics to compile the file under [default: rfc9309]; `robots check` keeps them.")))]
pub(super) struct CompileArgs {
    /// The robots.txt file, read as raw bytes; `-` reads it from standard input.
    #[arg(value_name = "FILE", value_parser = value_parser!(OsString))]
    pub file: OsString,

    /// Where to write the policy (`-`: standard output).
    #[arg(short, long, value_name = "OUT", value_parser = value_parser!(OsString))]
    pub output: OsString,

    #[command(flatten)]
    pub profile: ProfileArg,

    /// Compile for this one crawler only: its groups and the file-wide records
    /// (smaller; `robots check` then answers only for AGENT).
    #[arg(long, value_name = "AGENT", value_parser = value_parser!(OsString))]
    pub agent: Option<OsString>,
}

/// Arguments of `robots completions`.
#[derive(Debug, Args)]
pub(super) struct CompletionsArgs {
    /// The shell, e.g. `robots completions bash >
    /// ~/.local/share/bash-completion/completions/robots`, or for zsh a file `_robots` in
    /// a directory of `$fpath`, for fish `~/.config/fish/completions/robots.fish`.
    #[arg(value_name = "SHELL", value_enum)]
    pub shell: Shell,
}

/// Arguments of `robots web`.
#[derive(Debug, Args)]
pub(super) struct WebArgs {
    /// A robots.txt to open the page with; `-` reads it from standard input.
    #[arg(value_name = "FILE", value_parser = value_parser!(OsString))]
    pub file: Option<OsString>,

    /// The port on 127.0.0.1 (0: any free port).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub port: u16,

    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
}
