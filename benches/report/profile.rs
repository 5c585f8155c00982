//! A loop to run under a profiler (`perf record`, `valgrind --tool=callgrind`):
//! `cargo run --release --manifest-path benches/Cargo.toml --bin profile -- check|parse|first ENGINE [SECONDS|PASSESp] [FILE]`
//! (`20p`: exactly 20 passes, for instruction counts with `perf stat`).
//! `first` is a file's first verdict in one call (`check_for_agent`, Google's
//! reading, the file's first named crawler or an unknown one, its first URL),
//! whatever the engine: what `parse robots-runtime-agent` does plus one check.

use robots_benches::corpus;
use robots_benches::engines::{Engine, Visit};
use robots_runtime::{Policy, Profile};
use std::hint::black_box;
use std::time::Instant;

/// Runs each file's checks `reps` times per preparation, so the checks dominate the profile.
struct Loop {
    reps: usize,
}

impl Visit for Loop {
    fn visit<F: FnMut(usize) -> bool>(&mut self, n: usize, mut check: F) {
        for _ in 0..self.reps {
            for i in 0..n {
                black_box(check(black_box(i)));
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let what = args.first().map_or("check", String::as_str);
    let engine = args.get(1).map_or("robots-runtime", String::as_str);
    let budget = args.get(2).map_or("5", String::as_str);
    let (seconds, passes_wanted) = match budget.strip_suffix('p') {
        Some(p) => (f64::INFINITY, p.parse().unwrap_or(1)),
        None => (budget.parse().unwrap_or(5.0), usize::MAX),
    };
    let Some(engine) = Engine::ALL.into_iter().find(|e| e.id() == engine) else {
        eprintln!(
            "unknown engine {engine}; one of: {:?}",
            Engine::ALL.map(Engine::id)
        );
        std::process::exit(2);
    };
    let only = args.get(3);
    let sites: Vec<_> = corpus::load()
        .into_iter()
        .filter(|s| only.is_none_or(|o| &s.name == o))
        .collect();
    let started = Instant::now();
    let mut passes = 0;
    // REPS: check repetitions per preparation (default 10).
    let reps: usize = std::env::var("REPS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(10);
    let mut best = f64::INFINITY;
    let checks: usize = sites.iter().map(|s| s.checks() * reps.max(1)).sum();
    while passes < passes_wanted && started.elapsed().as_secs_f64() < seconds {
        let pass = Instant::now();
        for site in &sites {
            match what {
                "parse" => {
                    engine.parse_once(site);
                }
                "first" => {
                    let agent = site.named_agent.as_deref().unwrap_or(corpus::UNKNOWN_AGENT);
                    let url = format!("{}{}", corpus::ORIGIN, site.paths[0]);
                    black_box(Policy::builder().profile(Profile::Google).check_for_agent(
                        black_box(&site.body),
                        agent,
                        &url,
                    ));
                }
                _ => {
                    for agent in site.agents() {
                        engine.run(site, agent, &mut Loop { reps });
                    }
                }
            }
        }
        passes += 1;
        best = best.min(pass.elapsed().as_secs_f64());
    }
    // Check passes include one parse per file and agent (amortised over 10 repetitions).
    eprintln!(
        "{passes} passes; fastest {:.3} s, {:.1} ns per check",
        best,
        best * 1e9 / checks as f64
    );
}
