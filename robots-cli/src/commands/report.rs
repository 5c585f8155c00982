//! `robots report`: what a robots.txt does to every crawler of the known-crawler
//! registry (search engines, AI crawlers, SEO tools, archives, social previews),
//! or, with `--agent`, to one crawler, known to the registry or not.
//!
//! For each crawler: which group applies and why (its own, a fallback's such as
//! `Googlebot` for `Googlebot-Image`, `*`, or none), its access (blocked,
//! partial or allowed, decided exactly over the rules by `Matcher::classify`,
//! with a disallowed path for `partial`), the share of a path sample it may
//! fetch (labelled `sample`: `/` and the paths of the file's own rules, as
//! `robots diff` derives them, plus `--paths`; never `/robots.txt` itself), its
//! crawl-delay, the AI-era records its groups give it (`Content-Signal`,
//! `Content-Usage`; the file's `LLM-Policy` and `License` URLs, which are
//! file-wide, head the table), and what its operator says about robots.txt. Then one line per
//! purpose class and a one-line summary such as `blocks 12 of 31 AI crawlers
//! fully; allows every search engine`, both counted from the exact access.
//!
//! The human table fits about 120 columns: long operator names and paths are
//! cut (with `…`; JSON and CSV keep them whole), the `crawl-delay` and `ai
//! prefs` columns appear only when some crawler has one, and what an operator
//! says about robots.txt is one word, explained below the table.
//!
//! Human output is an aligned table grouped by purpose; `--format json` one
//! object (`robots_lint::CrawlerReport::to_json`, the shape Python's
//! `robots_engine.report` returns too); `--format csv` one row per crawler.
//! Exit status 0.

use crate::derived;
use crate::error::Error;
use crate::flags::{Format, Report};
use crate::output::Streams;
use crate::table::{self, Align};
use crate::{echo, input, json, notices, EXIT_OK};
use robots_lint::{
    derived_sample, share, signal_entries, usage_entries, Access, AiRecords, Applies,
    CrawlerReport, CrawlerRow as Row, Tally,
};
use robots_runtime::document::{parse, ParseOptions};
use robots_runtime::records::UsagePrefs;
use robots_runtime::registry::{Purpose, RobotsTxt};
use std::time::Duration;

/// `5 blocked fully, 2 partly, 5 allowed everywhere`.
fn tally_text(t: Tally) -> String {
    let undecided = if t.undecided > 0 {
        format!(", {} undecided", t.undecided)
    } else {
        String::new()
    };
    format!(
        "{} blocked fully, {} partly, {} allowed everywhere{undecided}",
        t.blocked, t.partly, t.allowed
    )
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
        Applies::Fallback(_) => format!(
            "{}'s ({})",
            row.group_token().unwrap_or_default(),
            lines_text(&row.lines)
        ),
        Applies::Wildcard => format!("* ({})", lines_text(&row.lines)),
        Applies::Nothing => String::from("none: no group, no *"),
        Applies::IgnoresWildcard => String::from("none: ignores *"),
    }
}

fn delay_text(delay: Option<Duration>) -> String {
    delay.map_or_else(|| String::from("-"), |d| format!("{}s", d.as_secs_f64()))
}

/// The `robots.txt` column: what the operator says, in a word (blank for
/// `obeys`, `?` for a crawler the registry does not list).
fn robots_txt_word(row: &Row) -> &'static str {
    match row.crawler.map(|c| c.robots_txt) {
        Some(RobotsTxt::Obeys) => "",
        Some(other) => other.name(),
        None => "?",
    }
}

/// The legend of the `robots.txt` column's words.
fn robots_txt_meaning(word: &str) -> &'static str {
    match word {
        "partly" => "may skip robots.txt for requests a user triggers",
        "ignores" => "says it ignores robots.txt",
        "unstated" => "does not say whether it obeys robots.txt",
        "?" => "not in the registry: nothing known",
        _ => "",
    }
}

/// Widest cells of the human table, in characters (JSON and CSV keep values whole).
const OPERATOR_CELL: usize = 13;
const PATH_CELL: usize = 20;

fn human(
    io: &mut Streams<'_>,
    name: &str,
    args: &Report,
    report: &CrawlerReport,
) -> Result<(), Error> {
    let (rows, sample) = (&report.rows, report.sample_paths);
    let out = &mut io.stdout;
    match (&report.agent, rows.first()) {
        (Some(agent), Some(row)) => {
            let who = row.crawler.map_or_else(
                || String::from("not in the registry"),
                |c| format!("{}, {}", c.operator, c.purpose.name()),
            );
            writeln!(
                out,
                "{name} under {}: {} ({who}), {sample} sample paths",
                args.profile,
                echo::short(agent.as_bytes())
            )?;
        }
        _ => writeln!(
            out,
            "{name} under {}: {} known crawlers, {sample} sample paths",
            args.profile,
            rows.len()
        )?,
    }
    for url in &report.llm_policies {
        writeln!(
            out,
            "LLM-Policy (every crawler): {}",
            echo::short(url.as_bytes())
        )?;
    }
    for url in &report.licenses {
        writeln!(
            out,
            "License (every crawler): {}",
            echo::short(url.as_bytes())
        )?;
    }
    // Columns that would hold only `-` are left out.
    let delays = rows.iter().any(|r| r.crawl_delay.is_some());
    let ai = rows.iter().any(|r| !r.ai.is_empty());
    let mut header = vec!["crawler", "operator", "group", "access", "sample"];
    let mut align = vec![
        Align::Left,
        Align::Left,
        Align::Left,
        Align::Left,
        Align::Right,
    ];
    if delays {
        header.push("crawl-delay");
        align.push(Align::Right);
    }
    if ai {
        header.push("ai prefs");
        align.push(Align::Left);
    }
    header.push("robots.txt");
    align.push(Align::Left);
    let header: Vec<String> = header.into_iter().map(String::from).collect();
    let cells = |r: &Row| -> Vec<String> {
        let mut cells = vec![
            String::from_utf8_lossy(&echo::escaped(r.token.as_bytes())).into_owned(),
            r.crawler.map_or_else(
                || String::from("-"),
                |c| echo::cell(c.operator, OPERATOR_CELL),
            ),
            group_text(r),
            access_text(&r.access),
            format!("{:.1}%", share(r.allowed, sample)),
        ];
        if delays {
            cells.push(delay_text(r.crawl_delay));
        }
        if ai {
            cells.push(ai_text(&r.ai));
        }
        cells.push(robots_txt_word(r).to_owned());
        cells
    };
    let mut all = vec![header.clone()];
    all.extend(rows.iter().map(cells));
    let widths = table::widths(&all);
    let mut sections: Vec<(String, Vec<&Row>)> = Vec::new();
    for purpose in Purpose::ALL {
        let class: Vec<&Row> = rows
            .iter()
            .filter(|r| r.purpose() == Some(purpose))
            .collect();
        if !class.is_empty() {
            let t = report.tally(|p| p == purpose);
            sections.push((
                format!("{} ({}): {}", purpose.title(), t.total, tally_text(t)),
                class,
            ));
        }
    }
    let unlisted: Vec<&Row> = rows.iter().filter(|r| r.crawler.is_none()).collect();
    if !unlisted.is_empty() {
        sections.push((String::from("not in the registry"), unlisted));
    }
    for (title, class) in sections {
        writeln!(out)?;
        writeln!(out, "{title}")?;
        writeln!(out, "{}", table::line(&header, &widths, &align, "  "))?;
        for row in class {
            writeln!(out, "{}", table::line(&cells(row), &widths, &align, "  "))?;
        }
    }
    writeln!(out)?;
    if ai {
        writeln!(
            out,
            "ai prefs: CS = Content-Signal, CU = Content-Usage (y/n: yes/no; +N: rules for some paths only)"
        )?;
    }
    let mut words: Vec<&str> = rows
        .iter()
        .map(robots_txt_word)
        .filter(|w| !w.is_empty())
        .collect();
    words.sort_unstable();
    words.dedup();
    if !words.is_empty() {
        writeln!(
            out,
            "robots.txt: what the operator says about it (blank: the crawler obeys it)"
        )?;
        let width = words.iter().map(|w| w.len()).max().unwrap_or(0);
        for word in words {
            writeln!(out, "  {word:<width$}  {}", robots_txt_meaning(word))?;
        }
    }
    writeln!(out, "summary: {}", report.summary())?;
    Ok(())
}

/// `key=y key=n` for the stated entries.
fn entries_text(entries: &[(&str, Option<bool>)]) -> String {
    let stated: Vec<String> = entries
        .iter()
        .filter_map(|(key, value)| value.map(|v| format!("{key}={}", if v { 'y' } else { 'n' })))
        .collect();
    if stated.is_empty() {
        String::from("-")
    } else {
        stated.join(" ")
    }
}

/// The `ai prefs` column: `CS search=y ai-train=n · CU train-ai=n +2`, `-` for none.
fn ai_text(ai: &AiRecords) -> String {
    let mut parts = Vec::new();
    if let Some(signal) = &ai.content_signal {
        parts.push(format!(
            "CS {}",
            entries_text(&signal_entries(&signal.signals))
        ));
    }
    if !ai.content_usage.is_empty() {
        // What every path gets: the rules of path `/` (which outrank the
        // path-less ones for every URL), else the path-less ones; the rules of
        // one path combined as the vocabulary says (an `n` wins). The others
        // are counted.
        let of_path = |path: Option<&str>| {
            ai.content_usage
                .iter()
                .filter(|u| u.path.as_deref() == path)
                .map(|u| u.prefs)
                .reduce(UsagePrefs::combine)
        };
        let every = of_path(Some("/")).or_else(|| of_path(None));
        let scoped = ai
            .content_usage
            .iter()
            .filter(|u| !matches!(u.path.as_deref(), None | Some("/")))
            .count();
        let mut text = String::from("CU");
        if let Some(prefs) = every {
            text.push(' ');
            text.push_str(&entries_text(&usage_entries(&prefs)));
        }
        if scoped > 0 {
            text.push_str(&format!(" +{scoped}"));
        }
        parts.push(text);
    }
    if parts.is_empty() {
        String::from("-")
    } else {
        parts.join(" · ")
    }
}

/// A `Content-Signal` as written back: `search=yes, ai-train=no`.
fn signal_csv(ai: &AiRecords) -> String {
    ai.content_signal.map_or_else(String::new, |s| {
        let stated: Vec<String> = signal_entries(&s.signals)
            .iter()
            .filter_map(|(key, v)| v.map(|v| format!("{key}={}", if v { "yes" } else { "no" })))
            .collect();
        stated.join(", ")
    })
}

/// The `Content-Usage` rules as written back, `|` between rules:
/// `train-ai=n | /blog/ train-ai=y`.
fn usage_csv(ai: &AiRecords) -> String {
    let rules: Vec<String> = ai
        .content_usage
        .iter()
        .map(|u| {
            let stated: Vec<String> = usage_entries(&u.prefs)
                .iter()
                .filter_map(|(key, v)| v.map(|v| format!("{key}={}", if v { 'y' } else { 'n' })))
                .collect();
            match &u.path {
                Some(path) => format!("{path} {}", stated.join(", ")),
                None => stated.join(", "),
            }
        })
        .collect();
    rules.join(" | ")
}

/// The access column: `blocked`, `allowed`, `partial (/x blocked)`, or `undecided`.
fn access_text(access: &Access) -> String {
    match access {
        Access::Partial { disallowed, .. } => {
            let path = String::from_utf8_lossy(&echo::escaped(disallowed.as_bytes())).into_owned();
            format!("partial ({} blocked)", echo::cell(&path, PATH_CELL))
        }
        other => other.name().to_owned(),
    }
}

fn as_csv(report: &CrawlerReport) -> Result<Vec<u8>, Error> {
    let (rows, sample) = (&report.rows, report.sample_paths);
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
            "access",
            "allowed_paths",
            "sample_paths",
            "allowed_share",
            "crawl_delay_seconds",
            "robots_txt",
            "verification",
            "content_signal",
            "content_usage",
            "llm_policies",
            "licenses",
        ])
        .map_err(fail)?;
    for r in rows {
        let token = r.group_token().unwrap_or_default().to_owned();
        let lines: Vec<String> = r.lines.iter().map(u32::to_string).collect();
        writer
            .write_record([
                r.token.clone(),
                r.crawler.map(|c| c.operator).unwrap_or_default().to_owned(),
                r.purpose()
                    .map(Purpose::name)
                    .unwrap_or_default()
                    .to_owned(),
                r.applies.name().to_owned(),
                token.to_owned(),
                lines.join(" "),
                r.root_allowed.to_string(),
                r.access.name().to_owned(),
                r.allowed.to_string(),
                sample.to_string(),
                format!("{:.4}", share(r.allowed, sample) / 100.0),
                r.crawl_delay
                    .map(|d| d.as_secs_f64().to_string())
                    .unwrap_or_default(),
                r.crawler
                    .map(|c| c.robots_txt.name())
                    .unwrap_or_default()
                    .to_owned(),
                r.crawler
                    .map(|c| c.sourcing.name())
                    .unwrap_or_default()
                    .to_owned(),
                signal_csv(&r.ai),
                usage_csv(&r.ai),
                report.llm_policies.join(" "),
                report.licenses.join(" "),
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
    let derived = derived_sample(&doc, &policy);
    if derived.cut {
        derived::warn_cut(io, derived.limit, "add the paths that matter with --paths");
    }
    let mut sample = derived.paths;
    if let Some(list) = &args.paths {
        sample.extend(input::lines(&list.read("path list", io.stdin)?));
    }
    let report = match &args.crawler {
        Some(crawler) => {
            let chain: Vec<&[u8]> = crawler.chain().collect();
            CrawlerReport::for_chain(&policy, sample, &chain)
        }
        None => CrawlerReport::new(&policy, sample),
    };
    match args.format {
        Format::Json => {
            let mut line = Vec::new();
            json::write_line(&mut line, &report.to_json(Some(&name), args.profile))?;
            io.stdout.write_all(&line)?;
        }
        Format::Csv => io.stdout.write_all(&as_csv(&report)?)?,
        // Human (the only other format report accepts).
        _ => human(io, &name, args, &report)?,
    }
    io.stdout.flush()?;
    Ok(EXIT_OK)
}
