//! Per-file parse time, ours against texting_robots: where the difference is.
use robots_benches::corpus;
use robots_benches::engines::Engine;
use std::time::Instant;

fn best(engine: Engine, site: &corpus::Site) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..15 {
        let t = Instant::now();
        engine.parse_once(site);
        best = best.min(t.elapsed().as_secs_f64());
    }
    best
}

fn main() {
    let sites = corpus::load();
    let mut rows: Vec<(f64, f64, &str, usize)> = sites
        .iter()
        .map(|s| {
            (
                best(Engine::RuntimeAgent, s),
                best(Engine::TextingRobots, s),
                s.name.as_str(),
                s.body.len(),
            )
        })
        .collect();
    let (o, t): (f64, f64) = rows.iter().fold((0.0, 0.0), |a, r| (a.0 + r.0, a.1 + r.1));
    println!("ours {:.2} ms, texting_robots {:.2} ms", o * 1e3, t * 1e3);
    for (lo, hi) in [
        (0, 2_000),
        (2_000, 10_000),
        (10_000, 50_000),
        (50_000, 500_000),
        (500_000, usize::MAX),
    ] {
        let (n, o, t) = rows
            .iter()
            .filter(|r| r.3 >= lo && r.3 < hi)
            .fold((0, 0.0, 0.0), |a, r| (a.0 + 1, a.1 + r.0, a.2 + r.1));
        println!(
            "{lo:>7}..{hi:<20} {n:4} files: ours {:.2} ms, texting {:.2} ms",
            o * 1e3,
            t * 1e3
        );
    }
    rows.sort_by(|a, b| (b.0 - b.1).partial_cmp(&(a.0 - a.1)).unwrap());
    for r in rows.iter().take(15) {
        println!(
            "{:8.1} us {:8.1} us {:8} B {}",
            r.0 * 1e6,
            r.1 * 1e6,
            r.3,
            r.2
        );
    }
}
