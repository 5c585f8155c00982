//! Parse throughput of ours (runtime) against texting_robots, in one run:
//! `cargo run --release --manifest-path benches/Cargo.toml --no-default-features --example parse_speed [ROUNDS]`.

use robots_benches::corpus;
use robots_benches::engines::Engine;
use robots_benches::measure::time_parse;

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|r| r.parse().ok())
        .unwrap_or(21);
    let sites = corpus::load();
    let bytes: usize = sites.iter().map(|s| s.body.len()).sum();
    // ONLY=ours or ONLY=texting: time one engine alone (the other's heap use can
    // change the allocator's state, and so the first one's time).
    let only = std::env::var("ONLY").unwrap_or_default();
    let (run_ours, run_theirs) = (only != "texting", only != "ours");
    // Warm up both once, then alternate so machine load hits both alike.
    if run_ours {
        time_parse(Engine::Runtime, &sites, 1);
    }
    if run_theirs {
        time_parse(Engine::TextingRobots, &sites, 1);
    }
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    for _ in 0..3 {
        if run_ours {
            ours.push(time_parse(Engine::Runtime, &sites, rounds).mb_per_s);
        }
        if run_theirs {
            theirs.push(time_parse(Engine::TextingRobots, &sites, rounds).mb_per_s);
        }
    }
    let best = |v: &[f64]| v.iter().copied().fold(0.0, f64::max);
    let (o, t) = (best(&ours), best(&theirs));
    println!(
        "{} files, {:.2} MB; ours {o:.0} MB/s, texting_robots {t:.0} MB/s, ratio {:.2}x",
        sites.len(),
        bytes as f64 / 1e6,
        o / t
    );
}
