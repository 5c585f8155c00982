//! `robots report`: what a robots.txt does to every crawler of the known-crawler
//! registry (search engines, AI crawlers, SEO tools, archives, social previews).
//!
//! For each crawler: which group applies and why (its own, a documented
//! fallback's such as `Googlebot` for `Googlebot-Image`, `*`, or none), whether
//! `/` is allowed, the share of a path sample it may fetch (`/` and the paths
//! of the file's own rules, as `robots diff` derives them, plus `--paths`;
//! never `/robots.txt` itself), and its
//! crawl-delay. Then one line per purpose class and a one-line summary such as
//! `blocks 12 of 31 AI crawlers fully; allows every search engine`.
//!
//! Human output is an aligned table grouped by purpose; `--format json` one
//! object; `--format csv` one row per crawler. Exit status 0.

use crate::derived;
use crate::error::Error;
use crate::flags::{Format, Report};
use crate::output::Streams;
use crate::table::{self, Align};
use crate::{input, json, notices, EXIT_OK};
use robots_runtime::document::{parse, ParseOptions};
use robots_runtime::registry::{Crawler, Purpose, RobotsTxt, CRAWLERS};
use robots_runtime::{GroupId, Policy};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::time::Duration;

/// Which group a crawler obeys.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Applies {
    /// A group names its own token.
    Own,
    /// A group names one of its documented fallbacks.
    Fallback(&'static str),
    /// No group names it or a fallback: the `*` groups.
    Wildcard,
    /// No group names it and there is no `*` group: everything is allowed.
    Nothing,
    /// No group names it, and it ignores `*` (Google's special-case crawlers).
    IgnoresWildcard,
}

impl Applies {
    /// The stable name JSON and CSV use.
    fn name(&self) -> &'static str {
        match self {
            Applies::Own => "own",
            Applies::Fallback(_) => "fallback",
            Applies::Wildcard => "wildcard",
            Applies::Nothing => "none",
            Applies::IgnoresWildcard => "ignores-wildcard",
        }
    }
}

/// What the file does to one crawler.
struct Row {
    crawler: &'static Crawler,
    applies: Applies,
    /// First lines of the groups that apply.
    lines: Vec<u32>,
    root_allowed: bool,
    /// How many sample paths it may fetch.
    allowed: usize,
    crawl_delay: Option<Duration>,
}

impl Row {
    fn blocked_fully(&self, sample: usize) -> bool {
        self.allowed == 0 && sample > 0
    }

    fn allowed_fully(&self, sample: usize) -> bool {
        self.allowed == sample
    }
}

/// Every crawler's row, in registry order. Crawlers that get the same groups
/// get the same verdicts: the sample is checked once per distinct set of groups
/// (most files give most crawlers the `*` groups).
fn rows(policy: &Policy, sample: &[Vec<u8>]) -> Vec<Row> {
    let mut by_groups: BTreeMap<Vec<GroupId>, (bool, usize)> = BTreeMap::new();
    CRAWLERS
        .iter()
        .map(|crawler| {
            let chain: Vec<&str> = crawler.chain().collect();
            let choice = policy.chain_choice(&chain);
            if choice.is_none() && !crawler.obeys_wildcard {
                return Row {
                    crawler,
                    applies: Applies::IgnoresWildcard,
                    lines: Vec::new(),
                    root_allowed: true,
                    allowed: sample.len(),
                    crawl_delay: None,
                };
            }
            let matcher = policy.matcher_chain(&chain);
            let groups: Vec<GroupId> = matcher.groups().collect();
            let lines: Vec<u32> = groups
                .iter()
                .filter_map(|&g| policy.group(g))
                .map(|g| g.line)
                .collect();
            let applies = match choice {
                Some(0) => Applies::Own,
                Some(i) => Applies::Fallback(chain.get(i).copied().unwrap_or_default()),
                None if lines.is_empty() => Applies::Nothing,
                None => Applies::Wildcard,
            };
            let (root_allowed, allowed) = *by_groups.entry(groups).or_insert_with(|| {
                let mut allowed = 0usize;
                matcher.check_paths(sample, |_, verdict| allowed += usize::from(verdict.allowed));
                (matcher.check("/").allowed, allowed)
            });
            Row {
                crawler,
                applies,
                lines,
                root_allowed,
                allowed,
                crawl_delay: matcher.crawl_delay(),
            }
        })
        .collect()
}

/// The tallies of one purpose class.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    total: usize,
    blocked: usize,
    partly: usize,
    allowed: usize,
}

fn tally(rows: &[Row], sample: usize, keep: impl Fn(Purpose) -> bool) -> Tally {
    let mut t = Tally::default();
    for row in rows.iter().filter(|r| keep(r.crawler.purpose)) {
        t.total += 1;
        if row.blocked_fully(sample) {
            t.blocked += 1;
        } else if row.allowed_fully(sample) {
            t.allowed += 1;
        } else {
            t.partly += 1;
        }
    }
    t
}

/// `5 blocked fully, 2 partly, 5 allowed everywhere`.
fn tally_text(t: Tally) -> String {
    format!(
        "{} blocked fully, {} partly, {} allowed everywhere",
        t.blocked, t.partly, t.allowed
    )
}

/// The one-line summary: AI crawlers, then search engines.
fn summary(rows: &[Row], sample: usize) -> String {
    let ai = tally(rows, sample, Purpose::is_ai);
    let search = tally(rows, sample, |p| p == Purpose::Search);
    let mut ai_text = format!("blocks {} of {} AI crawlers fully", ai.blocked, ai.total);
    if ai.partly > 0 {
        ai_text.push_str(&format!(" ({} partly)", ai.partly));
    }
    let search_text = if search.allowed == search.total {
        String::from("allows every search engine")
    } else if search.blocked == search.total {
        String::from("blocks every search engine")
    } else {
        format!(
            "allows {} of {} search engines everywhere ({} blocked fully, {} partly)",
            search.allowed, search.total, search.blocked, search.partly
        )
    };
    format!("{ai_text}; {search_text}")
}

fn share(allowed: usize, sample: usize) -> f64 {
    if sample == 0 {
        100.0
    } else {
        // Counts far below 2^52: exact as f64.
        #[allow(clippy::cast_precision_loss)]
        let ratio = allowed as f64 / sample as f64;
        100.0 * ratio
    }
}

fn lines_text(lines: &[u32]) -> String {
    let shown: Vec<String> = lines.iter().take(3).map(u32::to_string).collect();
    let more = if lines.len() > 3 { ", …" } else { "" };
    let s = if lines.len() == 1 { "" } else { "s" };
    format!("line{s} {}{more}", shown.join(", "))
}

/// The group column: which group applies and why.
fn group_text(row: &Row) -> String {
    match &row.applies {
        Applies::Own => format!("its own ({})", lines_text(&row.lines)),
        Applies::Fallback(token) => format!("{token}'s ({})", lines_text(&row.lines)),
        Applies::Wildcard => format!("* ({})", lines_text(&row.lines)),
        Applies::Nothing => String::from("none: no group, no *"),
        Applies::IgnoresWildcard => String::from("none: ignores *"),
    }
}

fn delay_text(delay: Option<Duration>) -> String {
    delay.map_or_else(|| String::from("-"), |d| format!("{}s", d.as_secs_f64()))
}

fn note_text(crawler: &Crawler) -> &'static str {
    match crawler.robots_txt {
        RobotsTxt::Obeys => "",
        RobotsTxt::Partly => "may skip robots.txt for user requests",
        RobotsTxt::Ignores => "says it ignores robots.txt",
        RobotsTxt::Unstated => "does not say whether it obeys robots.txt",
    }
}

fn human(
    io: &mut Streams<'_>,
    name: &str,
    args: &Report,
    rows: &[Row],
    sample: usize,
) -> Result<(), Error> {
    let out = &mut io.stdout;
    writeln!(
        out,
        "{name} under {}: {} known crawlers, {sample} sample paths",
        args.profile,
        rows.len()
    )?;
    let header: Vec<String> = [
        "crawler",
        "operator",
        "group",
        "/",
        "allowed",
        "crawl-delay",
        "note",
    ]
    .map(String::from)
    .to_vec();
    let cells = |r: &Row| -> Vec<String> {
        vec![
            r.crawler.token.to_owned(),
            r.crawler.operator.to_owned(),
            group_text(r),
            String::from(if r.root_allowed { "allowed" } else { "blocked" }),
            format!("{:.1}%", share(r.allowed, sample)),
            delay_text(r.crawl_delay),
            note_text(r.crawler).to_owned(),
        ]
    };
    let mut all = vec![header.clone()];
    all.extend(rows.iter().map(cells));
    let widths = table::widths(&all);
    let align = [
        Align::Left,
        Align::Left,
        Align::Left,
        Align::Left,
        Align::Right,
        Align::Right,
        Align::Left,
    ];
    for purpose in Purpose::ALL {
        let class: Vec<&Row> = rows
            .iter()
            .filter(|r| r.crawler.purpose == purpose)
            .collect();
        if class.is_empty() {
            continue;
        }
        let t = tally(rows, sample, |p| p == purpose);
        writeln!(out)?;
        writeln!(out, "{} ({}): {}", purpose.title(), t.total, tally_text(t))?;
        writeln!(out, "{}", table::line(&header, &widths, &align, "  "))?;
        for row in class {
            writeln!(out, "{}", table::line(&cells(row), &widths, &align, "  "))?;
        }
    }
    writeln!(out)?;
    writeln!(out, "summary: {}", summary(rows, sample))?;
    Ok(())
}

fn row_json(r: &Row, sample: usize) -> Value {
    json!({
        "token": r.crawler.token,
        "operator": r.crawler.operator,
        "purpose": r.crawler.purpose.name(),
        "chain": r.crawler.chain().collect::<Vec<_>>(),
        "group": {
            "applies": r.applies.name(),
            "token": match &r.applies {
                Applies::Own => Some(r.crawler.token),
                Applies::Fallback(token) => Some(*token),
                _ => None,
            },
            "lines": r.lines,
        },
        "root_allowed": r.root_allowed,
        "allowed_paths": r.allowed,
        "allowed_share": share(r.allowed, sample) / 100.0,
        "crawl_delay_seconds": r.crawl_delay.map(|d| d.as_secs_f64()),
        "robots_txt": r.crawler.robots_txt.name(),
    })
}

fn as_json(name: &str, args: &Report, rows: &[Row], sample: usize) -> Value {
    let purposes: Vec<Value> = Purpose::ALL
        .into_iter()
        .map(|p| {
            let t = tally(rows, sample, |q| q == p);
            json!({"purpose": p.name(), "crawlers": t.total, "blocked": t.blocked, "partly": t.partly, "allowed": t.allowed})
        })
        .collect();
    json!({
        "file": name,
        "profile": args.profile.name(),
        "sample_paths": sample,
        "crawlers": rows.iter().map(|r| row_json(r, sample)).collect::<Vec<_>>(),
        "purposes": purposes,
        "summary": summary(rows, sample),
    })
}

fn as_csv(rows: &[Row], sample: usize) -> Result<Vec<u8>, Error> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let fail = |e: csv::Error| Error::Invalid(format!("cannot write CSV: {e}"));
    writer
        .write_record([
            "token",
            "operator",
            "purpose",
            "group",
            "group_token",
            "group_lines",
            "root_allowed",
            "allowed_paths",
            "sample_paths",
            "allowed_share",
            "crawl_delay_seconds",
            "robots_txt",
        ])
        .map_err(fail)?;
    for r in rows {
        let token = match &r.applies {
            Applies::Own => r.crawler.token,
            Applies::Fallback(token) => token,
            _ => "",
        };
        let lines: Vec<String> = r.lines.iter().map(u32::to_string).collect();
        writer
            .write_record([
                r.crawler.token.to_owned(),
                r.crawler.operator.to_owned(),
                r.crawler.purpose.name().to_owned(),
                r.applies.name().to_owned(),
                token.to_owned(),
                lines.join(" "),
                r.root_allowed.to_string(),
                r.allowed.to_string(),
                sample.to_string(),
                format!("{:.4}", share(r.allowed, sample) / 100.0),
                r.crawl_delay
                    .map(|d| d.as_secs_f64().to_string())
                    .unwrap_or_default(),
                r.crawler.robots_txt.name().to_owned(),
            ])
            .map_err(fail)?;
    }
    writer
        .into_inner()
        .map_err(|e| Error::Invalid(format!("cannot write CSV: {e}")))
}

/// Run `report`; the exit status (0).
///
/// # Errors
/// [`Error::Read`] when a file cannot be read, [`Error::Stdout`] when standard
/// output cannot be written.
pub fn run(args: &Report, io: &mut Streams<'_>) -> Result<i32, Error> {
    let body = args.robots.read_robots_txt(io)?;
    let name = args.robots.name();
    notices::inspect(io, &name, &body, args.profile);
    let doc = parse(&body, ParseOptions::new(args.profile));
    let policy = doc.compile();
    // `/robots.txt` itself is no content (and some profiles always allow it).
    let limit = derived::limit(&[&policy]);
    let (derived, cut) = derived::paths(&[&doc], limit);
    if cut {
        derived::warn_cut(io, limit, "add the paths that matter with --paths");
    }
    let mut sample: Vec<Vec<u8>> = derived
        .into_iter()
        .filter(|p| p != b"/robots.txt")
        .collect();
    if let Some(list) = &args.paths {
        sample.extend(input::lines(&list.read("path list", io.stdin)?));
    }
    sample.sort();
    sample.dedup();
    let rows = rows(&policy, &sample);
    match args.format {
        Format::Json => {
            let mut line = Vec::new();
            json::write_line(&mut line, &as_json(&name, args, &rows, sample.len()))?;
            io.stdout.write_all(&line)?;
        }
        Format::Csv => io.stdout.write_all(&as_csv(&rows, sample.len())?)?,
        // Human (the only other format report accepts).
        _ => human(io, &name, args, &rows, sample.len())?,
    }
    io.stdout.flush()?;
    Ok(EXIT_OK)
}
