//! Best-of-N time of `parse_for_agent` per file, summed by group (the two large
//! files apart): a quick A/B of two builds of the parser.
//! `cargo run --release --manifest-path benches/Cargo.toml --no-default-features --example parse_agent_time [PASSES]`
use robots_benches::corpus;
use robots_benches::engines::Engine;
use std::time::Instant;

fn main() {
    let passes: usize = std::env::args()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(7);
    let sites = corpus::load();
    let mut best = vec![f64::MAX; sites.len()];
    // Each file `passes` times in a row (warm, as parse_versus times it); the
    // whole corpus three times over, so that a burst of load hits every file alike.
    for _ in 0..3 {
        for (site, best) in sites.iter().zip(best.iter_mut()) {
            for _ in 0..passes {
                let t = Instant::now();
                Engine::RuntimeAgent.parse_once(site);
                *best = best.min(t.elapsed().as_secs_f64());
            }
        }
    }
    let sum = |keep: &dyn Fn(&corpus::Site) -> bool| -> f64 {
        sites
            .iter()
            .zip(&best)
            .filter(|(s, _)| keep(s))
            .map(|(_, b)| b * 1e6)
            .sum()
    };
    println!(
        "xuexi {:.0} us, docs.oracle {:.0} us, the other {} files {:.0} us, all {:.0} us",
        sum(&|s| s.name == "www.xuexi.cn"),
        sum(&|s| s.name == "docs.oracle.com"),
        sites.len() - 2,
        sum(&|s| s.body.len() < 500_000),
        sum(&|_| true)
    );
}
