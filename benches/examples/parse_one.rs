//! Parse one corpus file for one crawler N times, and nothing else: for
//! `valgrind --tool=callgrind` and `perf stat`, whose counts then hold only the parse.
//! `cargo run --release -p robots-benches --example parse_one -- FILE [PASSES] [AGENT]`
use robots_runtime::{ParseOptions, Policy, Profile};
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("usage: parse_one FILE [PASSES] [AGENT]");
        std::process::exit(2);
    };
    let body = std::fs::read(file).unwrap_or_else(|e| {
        eprintln!("{file}: {e}");
        std::process::exit(2);
    });
    let passes: usize = args.get(1).and_then(|p| p.parse().ok()).unwrap_or(100);
    let agent = args.get(2).map_or("UnknownCrawler", String::as_str);
    let started = std::time::Instant::now();
    let mut best = f64::MAX;
    for _ in 0..passes {
        let t = std::time::Instant::now();
        black_box(Policy::parse_for_agent(
            black_box(&body),
            ParseOptions::new(Profile::Google),
            agent.as_bytes(),
        ));
        best = best.min(t.elapsed().as_secs_f64());
    }
    eprintln!(
        "{passes} passes in {:.3} s; fastest {:.1} us",
        started.elapsed().as_secs_f64(),
        best * 1e6
    );
}
