//! `robots audit`: which crawlers obey a robots.txt, from the site's access logs.
//!
//! Every request of the logs (Combined Log Format or JSON lines, plain or gzip,
//! several files or standard input) is mapped from its User-Agent to a crawler
//! (a registry crawler, or an unknown bot by its product token; browsers are
//! left out), and its URL is checked against the robots.txt of its host for
//! that crawler, with the crawler's fallback chain. One row per crawler:
//! requests, disallowed requests with examples and their rules, robots.txt
//! fetches (and whether before anything else), crawl-delay kept or broken,
//! statuses. Malformed lines are counted and skipped. Exit status 0.

use crate::error::Error;
use crate::flags::{Audit, AuditRobots, Format};
use crate::output::Streams;
use crate::table::{self, Align};
use crate::EXIT_OK;
use robots_audit::{AuditReport, CrawlerAudit, Sites};
use robots_runtime::Policy;
use std::fs::File;

/// Run `robots audit`.
pub fn run(args: &Audit, io: &mut Streams<'_>) -> Result<i32, Error> {
    let robots = load_robots(args, io)?;
    let mut sites = Sites::new();
    for (host, policy) in &robots {
        match host {
            Some(host) => sites.host(host, policy),
            None => sites.default_policy(policy),
        };
    }
    let identify = |ua: &[u8]| robots_audit::identity(ua, args.browsers);
    let mut audit = robots_audit::Audit::new(sites, &identify, args.log_format.clone());
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
    match args.format {
        Format::Json => {
            let mut text = serde_json::to_string_pretty(&report.to_json()).map_err(Error::Json)?;
            text.push('\n');
            io.stdout.write_all(text.as_bytes())?;
        }
        Format::Csv => write_csv(&report, io)?,
        _ => write_human(&report, io)?,
    }
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
    io.stdout.flush()?;
    Ok(EXIT_OK)
}

/// Every robots.txt named: `(host, policy)`, `None` for the file of every host.
fn load_robots(args: &Audit, io: &mut Streams<'_>) -> Result<Vec<(Option<String>, Policy)>, Error> {
    let parse = |body: Vec<u8>| Policy::parse(body, args.profile);
    let mut robots = Vec::new();
    for source in &args.robots {
        match source {
            AuditRobots::Every(input) => {
                let body = input.read_robots_txt(io)?;
                robots.push((None, parse(body)));
            }
            AuditRobots::Host(host, input) => {
                let body = input.read_robots_txt(io)?;
                robots.push((Some(host.clone()), parse(body)));
            }
            AuditRobots::Dir(dir) => {
                let entries = std::fs::read_dir(dir)
                    .map_err(|e| Error::read(format!("folder '{}'", dir.display()), e))?;
                for entry in entries.flatten() {
                    let path = entry.path();
                    let Some(host) = path
                        .file_name()
                        .and_then(|n| n.to_str())
                        .and_then(|n| n.strip_suffix(".txt"))
                    else {
                        continue;
                    };
                    let body = std::fs::read(&path)
                        .map_err(|e| Error::read(format!("robots.txt '{}'", path.display()), e))?;
                    robots.push((Some(host.to_owned()), parse(body)));
                }
            }
        }
    }
    Ok(robots)
}

fn rule_text(c: &CrawlerAudit) -> String {
    match c.crawl_delay_secs {
        None => match c.min_interval_secs {
            Some(i) => format!("none declared (min {i} s)"),
            None => String::from("none declared"),
        },
        Some(d) => {
            let min = c
                .min_interval_secs
                .map_or(String::from("-"), |i| format!("{i} s"));
            if c.delay_breaks == 0 {
                format!("{d} s kept (min {min})")
            } else {
                format!("{d} s broken {}× (min {min})", c.delay_breaks)
            }
        }
    }
}

fn robots_text(c: &CrawlerAudit) -> String {
    if c.robots_fetches == 0 {
        return String::from("never fetched");
    }
    let first = if c.hosts > 0 && c.robots_first_hosts == c.hosts {
        "first"
    } else if c.robots_first_hosts > 0 {
        "first on some hosts"
    } else {
        "not first"
    };
    format!("{}× ({first})", c.robots_fetches)
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

fn write_human(report: &AuditReport, io: &mut Streams<'_>) -> Result<(), Error> {
    let mut rows = vec![vec![
        "crawler".to_owned(),
        "requests".to_owned(),
        "disallowed".to_owned(),
        "robots.txt".to_owned(),
        "crawl-delay".to_owned(),
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
            c.requests.to_string(),
            c.disallowed.to_string(),
            robots_text(c),
            rule_text(c),
            statuses_text(c),
        ]);
    }
    let widths = table::widths(&rows);
    let align = [
        Align::Left,
        Align::Right,
        Align::Right,
        Align::Left,
        Align::Left,
        Align::Left,
    ];
    for row in &rows {
        writeln!(io.stdout, "{}", table::line(row, &widths, &align, ""))?;
    }
    for c in report.crawlers.iter().filter(|c| c.disallowed > 0) {
        writeln!(
            io.stdout,
            "\n{}: {} disallowed request(s), first:",
            c.token, c.disallowed
        )?;
        for v in &c.violations {
            let host = v
                .host
                .as_deref()
                .map(|h| format!("{h} "))
                .unwrap_or_default();
            let line = v
                .rule_line
                .map_or(String::new(), |l| format!(" (robots.txt line {l})"));
            writeln!(
                io.stdout,
                "  {}:{}  {host}{}  {}{line}",
                v.file,
                v.line,
                crate::echo::short(v.target.as_bytes()),
                v.rule
            )?;
        }
    }
    writeln!(
        io.stdout,
        "\n{} lines: {} crawler requests, {} browser requests, {} malformed",
        report.lines,
        report
            .crawlers
            .iter()
            .map(|c| c.requests + c.robots_fetches)
            .sum::<u64>(),
        report.browser_requests,
        report.malformed
    )?;
    writeln!(io.stdout, "{}", report.summary())?;
    Ok(())
}

fn write_csv(report: &AuditReport, io: &mut Streams<'_>) -> Result<(), Error> {
    let mut out = csv::Writer::from_writer(Vec::new());
    let header = [
        "token",
        "known",
        "requests",
        "disallowed",
        "robots_fetches",
        "hosts",
        "robots_first_hosts",
        "crawl_delay",
        "min_interval",
        "delay_breaks",
        "first_violation",
    ];
    let csv_error = |e: csv::Error| Error::Stdout(e.into());
    out.write_record(header).map_err(csv_error)?;
    for c in &report.crawlers {
        let first = c
            .violations
            .first()
            .map_or(String::new(), |v| format!("{} {}", v.target, v.rule));
        out.write_record([
            c.token.clone(),
            c.known.to_string(),
            c.requests.to_string(),
            c.disallowed.to_string(),
            c.robots_fetches.to_string(),
            c.hosts.to_string(),
            c.robots_first_hosts.to_string(),
            c.crawl_delay_secs.map_or(String::new(), |d| d.to_string()),
            c.min_interval_secs.map_or(String::new(), |i| i.to_string()),
            c.delay_breaks.to_string(),
            first,
        ])
        .map_err(csv_error)?;
    }
    let bytes = out
        .into_inner()
        .map_err(|e| Error::Stdout(e.into_error()))?;
    io.stdout.write_all(&bytes)
}
