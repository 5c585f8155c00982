//! The Rust library's cost of the calls the DuckDB benchmark
//! (bench/throughput.py) times, on the same data, built by the same formulas.
//!
//! `allowed`: the rows of `robots_allowed`. Each body is compiled once and
//! its matcher resolved once (as a Rust program checking many URLs of a site
//! would), then every row is one `Matcher::is_allowed`. Prints the
//! nanoseconds per row, the best of five passes.
//!
//! `access`: the pairs of `robots_access`, every corpus file (each with a
//! comment line naming the pass, as the benchmark makes each run's bodies
//! new) × the agents: each file parsed once, then each agent's row of the
//! crawler report made (`CrawlerReport::for_chain`, no sample: the exact
//! access `robots_access` gives). Prints the microseconds per pair, the best of
//! five passes.
//!
//! cargo run --release --example per_row -- allowed CORPUS_DIR ROWS SITES AGENT ORDER
//! cargo run --release --example per_row -- access CORPUS_DIR AGENT...

// A benchmark: its tables are built here and indexed in range.
#![allow(clippy::indexing_slicing, missing_docs)]

use robots_runtime::{Policy, Profile};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The site and URL of row `i`: the formula bench/throughput.py gives DuckDB.
fn row(i: u64, sites: u64, urls_of: &[usize]) -> (usize, usize) {
    let site = (i.wrapping_mul(2_654_435_761) % sites) as usize;
    let count = urls_of.get(site).copied().unwrap_or(1).max(1) as u64;
    (site, (i.wrapping_mul(40_503) % count) as usize)
}

fn corpus(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the corpus directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
}

/// A URL list as the benchmark reads it: lines split at LF, `/` when empty.
fn url_lines(file: &Path) -> Vec<Vec<u8>> {
    let list = std::fs::read(file.with_extension("urls")).unwrap_or_default();
    let mut lines: Vec<Vec<u8>> = list.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    if lines.last().is_some_and(Vec::is_empty) {
        lines.pop();
    }
    if lines.is_empty() {
        lines.push(b"/".to_vec());
    }
    lines
}

fn allowed(dir: &str, rows: u64, sites: u64, agent: &str, order: &str) {
    let files = corpus(dir);
    // Site `s` is file `s % files`, with a comment line naming `s` (so every
    // site's body is distinct), and that file's URL list.
    let mut policies = Vec::new();
    let mut urls: Vec<Vec<Vec<u8>>> = Vec::new();
    for s in 0..sites as usize {
        let file = &files[s % files.len()];
        let mut body = std::fs::read(file).expect("a corpus file");
        body.extend_from_slice(format!("\n# site {s}\n").as_bytes());
        policies.push(Policy::parse(&body, Profile::Google));
        urls.push(url_lines(file));
    }
    let urls_of: Vec<usize> = urls.iter().map(Vec::len).collect();
    // The chain `robots_allowed` follows (the agent, then the registry's
    // fallbacks for it).
    let chain = robots_runtime::registry::family_chain(agent.as_bytes(), false);
    let matchers: Vec<_> = policies.iter().map(|p| p.matcher_chain(&chain)).collect();
    let mut table: Vec<(usize, &[u8])> = (0..rows)
        .map(|i| {
            let (site, k) = row(i, sites, &urls_of);
            (site, urls[site][k].as_slice())
        })
        .collect();
    // `site`: the rows of a site together (a stable sort keeps row order
    // within a site), as the benchmark's `ORDER BY site, i`.
    if order == "site" {
        table.sort_by_key(|&(site, _)| site);
    }
    let mut best = f64::MAX;
    let mut allowed = 0usize;
    for _ in 0..5 {
        let start = Instant::now();
        allowed = table
            .iter()
            .filter(|(site, url)| matchers[*site].is_allowed(url))
            .count();
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "{{\"rows\": {rows}, \"allowed\": {allowed}, \"ns_per_row\": {:.2}}}",
        best * 1e9 / rows as f64
    );
}

fn access(dir: &str, agents: &[String]) {
    let files = corpus(dir);
    let bodies: Vec<Vec<u8>> = files
        .iter()
        .map(|f| std::fs::read(f).expect("a corpus file"))
        .collect();
    let chains: Vec<Vec<&[u8]>> = agents
        .iter()
        .map(|a| robots_runtime::registry::family_chain(a.as_bytes(), false))
        .collect();
    let pairs = bodies.len() * agents.len();
    let mut best = f64::MAX;
    let mut blocked = 0usize;
    for pass in 0..5 {
        let mut made: Vec<Vec<u8>> = bodies.clone();
        for body in &mut made {
            body.extend_from_slice(format!("\n# run {pass}\n").as_bytes());
        }
        let start = Instant::now();
        blocked = 0;
        for body in &made {
            let policy = Policy::parse(body, Profile::Google);
            for chain in &chains {
                // `robots report --agent`'s row (what `robots_access` gives).
                let report = robots_lint::CrawlerReport::for_chain(&policy, Vec::new(), chain);
                blocked += report
                    .rows
                    .iter()
                    .filter(|r| r.access.name() == "blocked")
                    .count();
            }
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "{{\"pairs\": {pairs}, \"blocked\": {blocked}, \"us_per_pair\": {:.2}}}",
        best * 1e6 / pairs as f64
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = || -> ! {
        eprintln!(
            "usage: per_row allowed CORPUS_DIR ROWS SITES AGENT ORDER\n       per_row access CORPUS_DIR AGENT..."
        );
        std::process::exit(2);
    };
    match args.get(1).map(String::as_str) {
        Some("allowed") => {
            let (Some(dir), Some(rows), Some(sites), Some(agent), Some(order)) = (
                args.get(2),
                args.get(3),
                args.get(4),
                args.get(5),
                args.get(6),
            ) else {
                usage()
            };
            let rows: u64 = rows.parse().expect("ROWS is a number");
            let sites: u64 = sites.parse().expect("SITES is a number");
            allowed(dir, rows, sites, agent, order);
        }
        Some("access") => {
            let Some(dir) = args.get(2) else { usage() };
            access(dir, args.get(3..).unwrap_or_default());
        }
        _ => usage(),
    }
}
