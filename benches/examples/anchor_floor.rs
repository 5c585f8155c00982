//! What aho-corasick's own searchers cost on each corpus file's wildcard
//! literals, as multiples of the bytewise floor on the same paths, beside the
//! whole check of the static engine (as `check_tail` times it).
//!
//! For each file, the literals are, per wildcard rule of any group, its longest
//! segment after the first `*` (the rarest one to look for; the engine's own
//! anchors are cut to eight bytes and made prefix-free per trie root, so these
//! only approximate them). Over the file's paths:
//! - **any**: whether a path holds one (`is_match`), by the crate's default
//!   searcher, its DFA without a prefilter, and its packed (Teddy) searcher
//!   where one can be built; the cheapest of them;
//! - **all**: every occurrence, by the DFA (`find_overlapping_iter`), and by
//!   Teddy searched again after each match.
//!
//! A path that holds a literal needs every occurrence, not just one, since a
//! later one may name a better rule: "all" is what a design that hands the
//! scan to the crate would pay before testing a single rule.
//! `cargo run --release --manifest-path benches/Cargo.toml --example anchor_floor [ROUNDS] [FILE...]`
use aho_corasick::{packed, AhoCorasick, AhoCorasickKind, MatchKind, Span};
use robots_benches::corpus::{self, Site};
use robots_benches::engines::{Engine, Visit};
use robots_benches::measure::{time_file, Timer};

/// The longest literal after the first `*` of each wildcard rule in `body`.
fn literals(body: &[u8]) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = Vec::new();
    for value in corpus::rule_values(body) {
        let value = value.strip_suffix(b"$").unwrap_or(value);
        let longest = value.split(|&b| b == b'*').skip(1).max_by_key(|s| s.len());
        if let Some(longest) = longest.filter(|s| !s.is_empty()) {
            if !out.iter().any(|o| o == longest) {
                out.push(longest.to_vec());
            }
        }
    }
    out
}

/// Nanoseconds per path of `f` over `paths`: the median of `rounds` passes,
/// timed as the engines are.
fn time(paths: &[String], rounds: usize, mut f: impl FnMut(&[u8]) -> bool) -> f64 {
    let mut timer = Timer::new(rounds, 1);
    timer.visit(paths.len(), |i| {
        paths.get(i).is_some_and(|p| f(p.as_bytes()))
    });
    timer.nanos / timer.checks.max(1) as f64
}

/// Every occurrence Teddy finds in `hay`, searching again one byte after each.
fn teddy_all(searcher: &packed::Searcher, hay: &[u8]) -> usize {
    let (mut n, mut at) = (0, 0);
    while let Some(m) = searcher.find_in(
        hay,
        Span {
            start: at,
            end: hay.len(),
        },
    ) {
        n += 1;
        at = m.start() + 1;
    }
    n
}

/// One file's row: the static check and each searcher, × the bytewise floor.
fn row(site: &Site, pats: &[Vec<u8>], rounds: usize) -> String {
    let floor = time_file(Engine::FloorBytewise, site, rounds, None).per_check();
    let check = time_file(Engine::Static, site, rounds, None).per_check() / floor;
    let paths = &site.paths;
    let dfa = AhoCorasick::builder()
        .kind(Some(AhoCorasickKind::DFA))
        .match_kind(MatchKind::Standard)
        .prefilter(false)
        .build(pats)
        .ok();
    let teddy = packed::Config::new()
        .match_kind(packed::MatchKind::LeftmostFirst)
        .builder()
        .extend(pats)
        .build();
    let ratio = |ns: Option<f64>| ns.map_or(f64::NAN, |ns| ns / floor);
    let any = [
        AhoCorasick::new(pats)
            .ok()
            .map(|a| time(paths, rounds, |p| a.is_match(p))),
        dfa.as_ref().map(|a| time(paths, rounds, |p| a.is_match(p))),
        teddy
            .as_ref()
            .map(|s| time(paths, rounds, |p| s.find(p).is_some())),
    ]
    .map(ratio);
    let all = [
        dfa.as_ref().map(|a| {
            time(paths, rounds, |p| {
                a.find_overlapping_iter(p).count().is_multiple_of(2)
            })
        }),
        teddy
            .as_ref()
            .map(|s| time(paths, rounds, |p| teddy_all(s, p).is_multiple_of(2))),
    ]
    .map(ratio);
    let cheapest = any
        .iter()
        .copied()
        .filter(|r| !r.is_nan())
        .fold(f64::MAX, f64::min);
    format!(
        "{} | {} | {check:.2} | {:.2} | {:.2} | {:.2} | {cheapest:.2} | {:.2} | {:.2}",
        site.name,
        pats.len(),
        any[0],
        any[1],
        any[2],
        all[0],
        all[1]
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rounds: usize = args.first().and_then(|r| r.parse().ok()).unwrap_or(20);

    println!("file | literals | static check | any: default | any: dfa | any: teddy | any: cheapest | all: dfa | all: teddy");
    for site in corpus::load_only(args.get(1..).unwrap_or_default()) {
        let pats = literals(&site.body);
        if !pats.is_empty() {
            println!("{}", row(&site, &pats, rounds));
        }
    }
}
