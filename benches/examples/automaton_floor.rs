//! The floor of the check-tail design that issue 50 item 2 names: one
//! automaton over every rule segment of a file, run once over the path. Before
//! any rule is tested, such a check pays one transition a byte, each a load
//! that depends on the one before; this times exactly that and nothing more,
//! as a multiple of the bytewise floor on the same paths, per corpus file.
//!
//! For each file, the automaton is aho-corasick's DFA (`dfa::DFA`, no
//! prefilter, every match state kept) over every segment of every `Allow` /
//! `Disallow` value of any group (split at `*`, a final `$` dropped): the
//! most a root's automaton would hold. A path costs `start_state`, then
//! `next_state` for each byte and `is_match` on the state reached (summed,
//! so that no transition can be skipped).
//!
//! Three scans per file:
//! - **one path**: a path at a time, as `check_path` would run it;
//! - **two paths**: two paths' chains interleaved (as a `check_paths` batch
//!   could run them), cost per path;
//! - **check**: our whole runtime check (`Matcher::check_path`), for scale.
//!
//! It prints the median, 90th-percentile (nearest rank) and worst file of each,
//! and the machine's load.
//! `cargo run --release --manifest-path benches/Cargo.toml --example automaton_floor [ROUNDS] [FILE...]`
use aho_corasick::automaton::Automaton;
use aho_corasick::dfa::DFA;
use aho_corasick::{Anchored, MatchKind};
use robots_benches::corpus::{self, Site};
use robots_benches::engines::{Engine, Visit};
use robots_benches::measure::{time_file, Timer};
use std::hint::black_box;

/// Every non-empty segment of every `Allow` / `Disallow` value in `body`.
fn segments(body: &[u8]) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = Vec::new();
    for value in corpus::rule_values(body) {
        let value = value.strip_suffix(b"$").unwrap_or(value);
        for segment in value.split(|&b| b == b'*').filter(|s| !s.is_empty()) {
            if !out.iter().any(|o| o == segment) {
                out.push(segment.to_vec());
            }
        }
    }
    out
}

/// The automaton's walk over `path`: one transition a byte.
#[inline(always)]
fn walk(dfa: &DFA, start: aho_corasick::automaton::StateID, path: &[u8]) -> usize {
    let mut sid = start;
    let mut matches = 0usize;
    for &b in path {
        sid = dfa.next_state(Anchored::No, sid, b);
        matches += usize::from(dfa.is_match(sid));
    }
    matches
}

/// Two walks at once, one path each, their chains interleaved byte by byte.
#[inline(always)]
fn walk_two(dfa: &DFA, start: aho_corasick::automaton::StateID, a: &[u8], b: &[u8]) -> usize {
    let (mut sa, mut sb) = (start, start);
    let mut matches = 0usize;
    let common = a.len().min(b.len());
    let (a_head, a_tail) = a.split_at(common);
    let (b_head, b_tail) = b.split_at(common);
    for (&x, &y) in a_head.iter().zip(b_head) {
        sa = dfa.next_state(Anchored::No, sa, x);
        sb = dfa.next_state(Anchored::No, sb, y);
        matches += usize::from(dfa.is_match(sa)) + usize::from(dfa.is_match(sb));
    }
    for &x in a_tail {
        sa = dfa.next_state(Anchored::No, sa, x);
        matches += usize::from(dfa.is_match(sa));
    }
    for &y in b_tail {
        sb = dfa.next_state(Anchored::No, sb, y);
        matches += usize::from(dfa.is_match(sb));
    }
    matches
}

/// Nanoseconds per path of `f(i)` over `n` paths: the median of `rounds`
/// passes, timed as the engines are.
fn time(n: usize, rounds: usize, f: impl FnMut(usize) -> bool) -> f64 {
    let mut timer = Timer::new(rounds, 1);
    timer.visit(n, f);
    timer.nanos / timer.checks.max(1) as f64
}

/// One file's ratios to the bytewise floor: one path, two paths, the check.
fn ratios(site: &Site, dfa: &DFA, rounds: usize) -> Option<[f64; 3]> {
    let floor = time_file(Engine::FloorBytewise, site, rounds, None).per_check();
    let check = time_file(Engine::Runtime, site, rounds, None).per_check();
    let start = dfa.start_state(Anchored::No).ok()?;
    let paths: Vec<&[u8]> = site.paths.iter().map(|p| p.as_bytes()).collect();
    let one = time(paths.len(), rounds, |i| {
        paths
            .get(black_box(i))
            .is_some_and(|p| walk(dfa, start, p).is_multiple_of(2))
    });
    let pairs = paths.len() / 2;
    let two = time(pairs, rounds, |i| {
        let i = black_box(i) * 2;
        match (paths.get(i), paths.get(i + 1)) {
            (Some(a), Some(b)) => walk_two(dfa, start, a, b).is_multiple_of(2),
            _ => false,
        }
    }) / 2.0;
    (floor > 0.0).then(|| [one / floor, two / floor, check / floor])
}

/// Median, 90th percentile (nearest rank) and worst of `values`.
fn spread(values: &mut [f64]) -> (f64, f64, f64) {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    let at = |rank: usize| {
        values
            .get(rank.min(n.saturating_sub(1)))
            .copied()
            .unwrap_or(f64::NAN)
    };
    (
        at(n / 2),
        at((n * 9).div_ceil(10).saturating_sub(1)),
        at(n - 1),
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rounds: usize = args.first().and_then(|r| r.parse().ok()).unwrap_or(7);
    let load_before = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let mut columns: [Vec<f64>; 3] = Default::default();
    let mut files = 0;
    for site in corpus::load_only(args.get(1..).unwrap_or_default()) {
        let segs = segments(&site.body);
        if segs.is_empty() {
            continue;
        }
        let dfa = match DFA::builder()
            .match_kind(MatchKind::Standard)
            .prefilter(false)
            .build(&segs)
        {
            Ok(dfa) => dfa,
            Err(e) => {
                eprintln!("{}: no DFA ({e}): left out", site.name);
                continue;
            }
        };
        if let Some(r) = ratios(&site, &dfa, rounds) {
            files += 1;
            for (column, ratio) in columns.iter_mut().zip(r) {
                column.push(ratio);
            }
        }
    }
    println!("{files} corpus files with rules, x the bytewise floor on the same paths (median / p90 / worst file):");
    for (name, column) in [
        "automaton walk, one path",
        "automaton walk, two paths interleaved",
        "our check (runtime, check_path)",
    ]
    .iter()
    .zip(columns.iter_mut())
    {
        let (median, p90, worst) = spread(column);
        println!("  {name:40} {median:5.2}  {p90:5.2}  {worst:5.2}");
    }
    let load_after = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "load average before: {}; after: {}",
        load_before.trim(),
        load_after.trim()
    );
}
