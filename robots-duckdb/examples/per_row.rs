//! The Rust library's per-row cost of the call `robots_allowed` makes, on the
//! rows the DuckDB benchmark (bench/throughput.py) queries: the same bodies,
//! URLs and agent, built by the same formula. Each body is compiled once and
//! its matcher resolved once (as a Rust program checking many URLs of a site
//! would), then every row is one `Matcher::is_allowed`. Prints the
//! nanoseconds per row, the best of five passes.
//!
//! cargo run --release --example per_row -- CORPUS_DIR ROWS SITES AGENT

// A benchmark: its tables are built here and indexed in range.
#![allow(clippy::indexing_slicing, missing_docs)]

use robots_runtime::{Policy, Profile};
use std::path::PathBuf;
use std::time::Instant;

/// The site and URL of row `i`: the formula bench/throughput.py gives DuckDB.
fn row(i: u64, sites: u64, urls_of: &[usize]) -> (usize, usize) {
    let site = (i.wrapping_mul(2_654_435_761) % sites) as usize;
    let count = urls_of.get(site).copied().unwrap_or(1).max(1) as u64;
    (site, (i.wrapping_mul(40_503) % count) as usize)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(dir), Some(rows), Some(sites), Some(agent)) =
        (args.get(1), args.get(2), args.get(3), args.get(4))
    else {
        eprintln!("usage: per_row CORPUS_DIR ROWS SITES AGENT");
        std::process::exit(2);
    };
    let rows: u64 = rows.parse().expect("ROWS is a number");
    let sites: u64 = sites.parse().expect("SITES is a number");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the corpus directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    // Site `s` is file `s % files`, with a comment line naming `s` (so every
    // site's body is distinct), and that file's URL list.
    let mut policies = Vec::new();
    let mut urls: Vec<Vec<Vec<u8>>> = Vec::new();
    for s in 0..sites as usize {
        let file = &files[s % files.len()];
        let mut body = std::fs::read(file).expect("a corpus file");
        body.extend_from_slice(format!("\n# site {s}\n").as_bytes());
        policies.push(Policy::parse(&body, Profile::Google));
        let list = std::fs::read(file.with_extension("urls")).unwrap_or_default();
        let mut lines: Vec<Vec<u8>> = list.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
        if lines.last().is_some_and(Vec::is_empty) {
            lines.pop();
        }
        if lines.is_empty() {
            lines.push(b"/".to_vec());
        }
        urls.push(lines);
    }
    let urls_of: Vec<usize> = urls.iter().map(Vec::len).collect();
    let matchers: Vec<_> = policies.iter().map(|p| p.matcher(agent)).collect();
    let table: Vec<(usize, &[u8])> = (0..rows)
        .map(|i| {
            let (site, k) = row(i, sites, &urls_of);
            (site, urls[site][k].as_slice())
        })
        .collect();
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
