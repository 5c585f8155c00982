//! `robots audit`: which crawlers obey a robots.txt, from the site's access logs.
//!
//! Every request of the logs (Combined Log Format or JSON lines, plain or gzip,
//! several files or standard input) is mapped from its User-Agent to a crawler
//! (a registry crawler, or an unknown bot by its product token; browsers are
//! left out), its sender classified (verified, spoofed, unverifiable), and its
//! URL judged by every version of its host's robots.txt the crawler may have
//! held then (the one in force, and any replaced less than `--cache-window`
//! before). One row per crawler and class: requests (`/robots.txt` fetches
//! apart), violations and stale-cache requests with examples and their rules
//! and versions, robots.txt fetches (first on each host? how often?), pace
//! against the asked delay, statuses.
//!
//! Never silent: malformed lines, requests no robots.txt could judge, lines
//! without a client address and crawlers the registry does not know are
//! counted and named on standard error. Exit status 1 when requests could not
//! be checked (unless `--allow-unchecked`), else 0.

use crate::error::Error;
use crate::flags::{Audit, AuditRobots, Format};
use crate::output::Streams;
use crate::table::{self, Align};
use crate::{EXIT_FAIL, EXIT_OK};
use robots_audit::{
    format_time, parse_time, AuditReport, CrawlerAudit, RobotsVersion, Sites, VerificationSummary,
};
use robots_runtime::Policy;
use std::fs::File;
use std::path::Path;

/// Run `robots audit`.
pub fn run(args: &Audit, io: &mut Streams<'_>) -> Result<i32, Error> {
    let robots = load_robots(args, io)?;
    let mut sites = Sites::new();
    for r in &robots {
        let mut version = RobotsVersion::new(&r.policy, r.file.clone());
        if let Some(since) = r.since {
            version = version.since(since);
        }
        sites
            .add(r.host.as_deref(), version)
            .map_err(|e| Error::Usage(e.to_string()))?;
    }
    let identify = |ua: &[u8]| robots_audit::identity(ua, args.browsers);
    // Who each request's sender is: the operators' IP ranges (the bundled
    // snapshot, or `--ip-ranges`), and reverse DNS with `--verify-dns`.
    let verifier = crate::audit_identity::verifier(args)?;
    let mut audit = robots_audit::Audit::new(sites, &identify, args.log_format.clone())
        .verify_with(&verifier)
        .cache_window(args.cache_window);
    if args.logs.is_empty() {
        audit
            .read("<stdin>", &mut io.stdin)
            .map_err(|e| Error::read("the log from standard input", e))?;
    }
    for log in &args.logs {
        if log == "-" {
            audit
                .read("<stdin>", &mut io.stdin)
                .map_err(|e| Error::read("the log from standard input", e))?;
            continue;
        }
        let file = File::open(log).map_err(|e| Error::read(format!("log '{log}'"), e))?;
        audit
            .read(log, file)
            .map_err(|e| Error::read(format!("log '{log}'"), e))?;
    }
    let report = audit.finish();
    let verification = verifier.summary(&report);
    match args.format {
        Format::Json => {
            let mut json = report.to_json();
            if let Some(object) = json.as_object_mut() {
                object.insert("verification".to_owned(), verification.to_json());
            }
            let mut text = serde_json::to_string_pretty(&json).map_err(Error::Json)?;
            text.push('\n');
            io.stdout.write_all(text.as_bytes())?;
        }
        Format::Csv => write_csv(&report, io)?,
        Format::Html => {
            let logs = if args.logs.is_empty() {
                vec![String::from("<stdin>")]
            } else {
                args.logs.clone()
            };
            let about =
                robots_audit_html::About::new(logs, concat!("robots ", env!("CARGO_PKG_VERSION")))
                    .with_verification(verification.text())
                    .with_dns_not_asked(verification.dns_not_asked.clone());
            io.stdout
                .write_all(robots_audit_html::document(&report, &about).as_bytes())?;
        }
        _ => write_human(&report, &verification, io)?,
    }
    io.stdout.flush()?;
    warn_what_was_left_out(&report, args, io);
    warn_dns_not_asked(&verification, io);
    let unchecked = report.unchecked_requests > 0 && !args.allow_unchecked;
    Ok(if unchecked { EXIT_FAIL } else { EXIT_OK })
}

/// Say on standard error what the report counts but could not judge.
fn warn_what_was_left_out(report: &AuditReport, args: &Audit, io: &mut Streams<'_>) {
    if report.malformed > 0 {
        let lines: Vec<String> = report
            .malformed_examples
            .iter()
            .map(|m| format!("{}:{} ({})", m.file, m.line, m.reason))
            .collect();
        io.warn(&format!(
            "skipped {} malformed line(s), first: {}",
            report.malformed,
            lines.join(", ")
        ));
    }
    if report.unchecked_requests > 0 {
        let advice = if args.allow_unchecked {
            ""
        } else {
            " (exit status 1; --allow-unchecked accepts this)"
        };
        io.warn(&format!(
            "{} crawler request(s) were not checked: {}; give their robots.txt with --robots [HOST=]FILE[@TIME]{advice}",
            report.unchecked_requests,
            report.unchecked_text()
        ));
    }
    if report.no_client_address > 0 {
        io.warn(&format!(
            "{} crawler request(s) carry no client address (the log's client field is missing or not an IP address): their senders are unverifiable",
            report.no_client_address
        ));
    }
    let mut unknown: Vec<(&str, u64)> = Vec::new();
    for c in report.crawlers.iter().filter(|c| !c.known) {
        let n = c.requests + c.robots_fetches;
        match unknown.iter_mut().find(|(t, _)| *t == c.token) {
            Some((_, sum)) => *sum += n,
            None => unknown.push((&c.token, n)),
        }
    }
    if !unknown.is_empty() {
        unknown.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let named: Vec<String> = unknown
            .iter()
            .take(5)
            .map(|(t, n)| format!("{t} ({n})"))
            .collect();
        let more = unknown.len().saturating_sub(named.len());
        let tail = if more > 0 {
            format!(", and {more} more")
        } else {
            String::new()
        };
        io.note(&format!(
            "{} crawler(s) the registry does not know, by requests: {}{tail}",
            unknown.len(),
            named.join(", ")
        ));
    }
}

/// Say once on standard error which crawlers only reverse DNS could have
/// verified, when it was not asked: their requests stay unverifiable.
fn warn_dns_not_asked(verification: &VerificationSummary, io: &mut Streams<'_>) {
    if verification.dns_not_asked.is_empty() {
        return;
    }
    let named: Vec<String> = verification
        .dns_not_asked
        .iter()
        .take(8)
        .map(|(t, n)| format!("{t} ({n})"))
        .collect();
    let more = verification.dns_not_asked.len() - named.len();
    let tail = if more > 0 {
        format!(", and {more} more")
    } else {
        String::new()
    };
    io.note(&format!(
        "{} request(s) of crawlers whose operators offer only reverse DNS to verify them are unverifiable, \
         since DNS was not asked (--verify-dns asks it): {}{tail}",
        verification.dns_not_asked_requests(),
        named.join(", ")
    ));
}

/// One robots.txt version read.
struct Loaded {
    host: Option<String>,
    file: String,
    since: Option<i64>,
    policy: Policy,
}

/// Every robots.txt version named.
fn load_robots(args: &Audit, io: &mut Streams<'_>) -> Result<Vec<Loaded>, Error> {
    let parse = |body: Vec<u8>| Policy::parse(body, args.profile);
    let mut robots = Vec::new();
    for source in &args.robots {
        match source {
            AuditRobots::Version { host, input, since } => {
                let body = input.read_robots_txt(io)?;
                robots.push(Loaded {
                    host: host.clone(),
                    file: input.name(),
                    since: *since,
                    policy: parse(body),
                });
            }
            AuditRobots::Dir(dir) => {
                for (host, path, since) in dated_copies(dir)? {
                    let body = std::fs::read(&path)
                        .map_err(|e| Error::read(format!("robots.txt '{}'", path.display()), e))?;
                    robots.push(Loaded {
                        host: Some(host),
                        file: path.display().to_string(),
                        since,
                        policy: parse(body),
                    });
                }
            }
        }
    }
    Ok(robots)
}

/// The robots.txt files of a `--robots-dir`: `HOST.txt`, `HOST@TIME.txt`
/// and `HOST/TIME.txt`, as (host, path, start). Other files are left alone;
/// a dated name whose time does not read is an error, not a file skipped.
fn dated_copies(dir: &Path) -> Result<Vec<(String, std::path::PathBuf, Option<i64>)>, Error> {
    let read_dir = |dir: &Path| {
        std::fs::read_dir(dir)
            .map_err(|e| Error::read(format!("folder '{}'", dir.display()), e))
            .map(|entries| {
                let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
                paths.sort();
                paths
            })
    };
    let mut found = Vec::new();
    for path in read_dir(dir)? {
        let Some(name) = path.file_name().and_then(|n| n.to_str()).map(str::to_owned) else {
            continue;
        };
        if path.is_dir() {
            for copy in read_dir(&path)? {
                let Some(stem) = copy
                    .file_name()
                    .and_then(|n| n.to_str())
                    .and_then(|n| n.strip_suffix(".txt"))
                else {
                    continue;
                };
                let since = file_time(stem, &copy)?;
                found.push((name.clone(), copy, Some(since)));
            }
            continue;
        }
        let Some(stem) = name.strip_suffix(".txt") else {
            continue;
        };
        match stem.split_once('@') {
            Some((host, time)) => {
                let since = file_time(time, &path)?;
                found.push((host.to_owned(), path, Some(since)));
            }
            None => found.push((stem.to_owned(), path, None)),
        }
    }
    Ok(found)
}

/// The time in a dated copy's name: RFC 3339, its colons written as `-` if
/// need be (`2026-11-27T12-00-00Z`, since some file systems refuse `:`).
fn file_time(text: &str, path: &Path) -> Result<i64, Error> {
    let with_colons = || {
        let mut bytes = text.as_bytes().to_vec();
        if matches!(bytes.get(10), Some(b'T' | b't'))
            && bytes.get(13) == Some(&b'-')
            && bytes.get(16) == Some(&b'-')
        {
            for at in [13, 16] {
                if let Some(b) = bytes.get_mut(at) {
                    *b = b':';
                }
            }
        }
        String::from_utf8(bytes).ok()
    };
    parse_time(text)
        .or_else(|| with_colons().and_then(|t| parse_time(&t)))
        .ok_or_else(|| {
            Error::Usage(format!(
                "--robots-dir: '{}' is not named by an RFC 3339 time (such as 2026-11-27T12-00-00Z.txt)",
                path.display()
            ))
        })
}

/// A length of time in seconds, short: `45 s`, `12 min`, `3 h`, `2 d`.
fn seconds_text(s: u64) -> String {
    match s {
        0..120 => format!("{s} s"),
        120..7_200 => format!("{} min", s / 60),
        7_200..172_800 => format!("{} h", s / 3_600),
        _ => format!("{} d", s / 86_400),
    }
}

fn pace_text(c: &CrawlerAudit) -> String {
    let pace = &c.pace;
    let median = pace
        .intervals
        .median()
        .map_or(String::new(), |m| format!(" (median {})", seconds_text(m)));
    match pace.asked_delay_secs {
        None if pace.intervals.count() == 0 => String::from("-"),
        None => format!("none asked{median}"),
        Some(d) if pace.shorter_than_asked == 0 => format!("{d} s kept{median}"),
        Some(d) => format!(
            "{d} s: {} of {} sooner{median}",
            pace.shorter_than_asked, pace.asked_intervals
        ),
    }
}

fn robots_text(c: &CrawlerAudit) -> String {
    if c.robots_fetches == 0 {
        return String::from("never fetched");
    }
    let first_hosts = c.robots_first_hosts();
    let first = if !c.hosts.is_empty() && first_hosts == c.hosts.len() as u64 {
        "first"
    } else if first_hosts > 0 {
        "first on some hosts"
    } else {
        "not first"
    };
    let every = c
        .robots_fetch_intervals
        .median()
        .map_or(String::new(), |m| format!(", every {}", seconds_text(m)));
    format!("{}× ({first}{every})", c.robots_fetches)
}

fn statuses_text(c: &CrawlerAudit) -> String {
    let mut top = c.statuses.clone();
    top.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let shown: Vec<String> = top
        .iter()
        .take(3)
        .map(|(s, n)| format!("{s}×{n}"))
        .collect();
    shown.join(" ")
}

fn version_text(v: &robots_audit::VersionRef) -> String {
    match v.since {
        Some(t) => format!("{} from {}", v.file, format_time(t)),
        None => v.file.clone(),
    }
}

fn write_human(
    report: &AuditReport,
    verification: &VerificationSummary,
    io: &mut Streams<'_>,
) -> Result<(), Error> {
    let mut rows = vec![vec![
        "crawler".to_owned(),
        "sender".to_owned(),
        "requests".to_owned(),
        "violations".to_owned(),
        "stale cache".to_owned(),
        "robots.txt".to_owned(),
        "pace (asked delay)".to_owned(),
        "statuses".to_owned(),
    ]];
    for c in &report.crawlers {
        let name = if c.known {
            c.token.clone()
        } else {
            format!("{} (unknown)", c.token)
        };
        rows.push(vec![
            name,
            c.verification.name().to_owned(),
            c.requests.to_string(),
            c.violations.to_string(),
            c.stale_cache.to_string(),
            robots_text(c),
            pace_text(c),
            statuses_text(c),
        ]);
    }
    let widths = table::widths(&rows);
    let align = [
        Align::Left,
        Align::Left,
        Align::Right,
        Align::Right,
        Align::Right,
        Align::Left,
        Align::Left,
        Align::Left,
    ];
    for row in &rows {
        writeln!(io.stdout, "{}", table::line(row, &widths, &align, ""))?;
    }
    for c in &report.crawlers {
        for (kind, count, examples) in [
            ("violation(s)", c.violations, &c.violation_examples),
            (
                "stale-cache request(s)",
                c.stale_cache,
                &c.stale_cache_examples,
            ),
        ] {
            if count == 0 {
                continue;
            }
            writeln!(io.stdout, "\n{}: {count} {kind}, first:", c.label())?;
            for v in examples {
                let host = v
                    .host
                    .as_deref()
                    .map(|h| format!("{h} "))
                    .unwrap_or_default();
                let rule = v.rule.as_ref().map_or_else(
                    || String::from("(no rule)"),
                    |r| format!("{} ({} line {})", r.text, version_text(&v.version), r.line),
                );
                writeln!(
                    io.stdout,
                    "  {}:{}  {host}{}  {rule}",
                    v.file,
                    v.line,
                    crate::echo::short(v.target.as_bytes()),
                )?;
                if let Some((version, allowing)) = &v.allowed_by {
                    let by = allowing.as_ref().map_or_else(
                        || String::from("no rule"),
                        |r| format!("{} (line {})", r.text, r.line),
                    );
                    writeln!(
                        io.stdout,
                        "    allowed by {} ({by}), replaced less than the cache window before",
                        version_text(version)
                    )?;
                }
            }
        }
    }
    let requests: u64 = report.crawlers.iter().map(|c| c.requests).sum();
    let fetches: u64 = report.crawlers.iter().map(|c| c.robots_fetches).sum();
    writeln!(
        io.stdout,
        "\n{} lines: {requests} crawler requests (not counting {fetches} /robots.txt fetches, counted apart), {} browser requests, {} malformed{}",
        report.lines,
        report.browser_requests,
        report.malformed,
        directives(report.directives)
    )?;
    writeln!(io.stdout, "{}", verification.text())?;
    writeln!(io.stdout, "{}", report.summary())?;
    Ok(())
}

/// The W3C directive lines among the lines read, when there are any.
fn directives(count: u64) -> String {
    if count == 0 {
        String::new()
    } else {
        format!(", {count} W3C directives (#Fields: and the like)")
    }
}

fn write_csv(report: &AuditReport, io: &mut Streams<'_>) -> Result<(), Error> {
    let mut out = csv::Writer::from_writer(Vec::new());
    let header = [
        "token",
        "verification",
        "known",
        "requests",
        "robots_fetches",
        "violations",
        "stale_cache",
        "unchecked",
        "hosts",
        "robots_first_hosts",
        "robots_fetch_median_interval_s",
        "asked_delay_s",
        "intervals",
        "asked_intervals",
        "shorter_than_asked",
        "shorter_share",
        "median_interval_s",
        "first_violation",
    ];
    let csv_error = |e: csv::Error| Error::Stdout(e.into());
    out.write_record(header).map_err(csv_error)?;
    let or_empty = |v: Option<String>| v.unwrap_or_default();
    for c in &report.crawlers {
        let first = c.violation_examples.first().map_or(String::new(), |v| {
            let rule = v.rule.as_ref().map_or("", |r| r.text.as_str());
            format!("{} {rule}", v.target)
        });
        out.write_record([
            c.token.clone(),
            c.verification.name().to_owned(),
            c.known.to_string(),
            c.requests.to_string(),
            c.robots_fetches.to_string(),
            c.violations.to_string(),
            c.stale_cache.to_string(),
            c.unchecked.to_string(),
            c.hosts.len().to_string(),
            c.robots_first_hosts().to_string(),
            or_empty(c.robots_fetch_intervals.median().map(|m| m.to_string())),
            or_empty(c.pace.asked_delay_secs.map(|d| d.to_string())),
            c.pace.intervals.count().to_string(),
            c.pace.asked_intervals.to_string(),
            c.pace.shorter_than_asked.to_string(),
            or_empty(c.pace.shorter_share().map(|s| s.to_string())),
            or_empty(c.pace.intervals.median().map(|m| m.to_string())),
            first,
        ])
        .map_err(csv_error)?;
    }
    let bytes = out
        .into_inner()
        .map_err(|e| Error::Stdout(e.into_error()))?;
    io.stdout.write_all(&bytes)
}
