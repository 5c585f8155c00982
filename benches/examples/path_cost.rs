//! The spread of check cost over one corpus file's paths: which paths make a
//! file slow. `path_cost NAME` times each of its paths for each workload
//! crawler (best of 5 runs of 200 checks) and prints the quantiles and the
//! dearest paths; `path_cost NAME PATH [N] [AGENT]` checks one path N times,
//! for callgrind.
use robots_benches::corpus;
use robots_runtime::{Policy, Profile};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(name) = args.first() else {
        eprintln!("usage: path_cost NAME [PATH [N] [AGENT]]");
        std::process::exit(2);
    };
    let Some(site) = corpus::named_site(name) else {
        eprintln!("no corpus file {name}");
        std::process::exit(2);
    };
    let policy = Policy::parse(&site.body, Profile::Google);
    if let Some(path) = args.get(1) {
        let n: usize = args.get(2).and_then(|x| x.parse().ok()).unwrap_or(1000);
        let matcher = policy.matcher(args.get(3).map_or(corpus::UNKNOWN_AGENT, String::as_str));
        let allowed = (0..n)
            .filter(|_| matcher.check_path(black_box(path.as_bytes())).allowed)
            .count();
        println!("{allowed}");
        return;
    }
    let mut rows = Vec::new();
    for agent in site.agents() {
        let matcher = policy.matcher(agent);
        for path in &site.paths {
            let best = (0..5)
                .map(|_| {
                    let start = Instant::now();
                    for _ in 0..200 {
                        black_box(matcher.check_path(black_box(path.as_bytes())));
                    }
                    start.elapsed().as_nanos() as f64 / 200.0
                })
                .fold(f64::MAX, f64::min);
            rows.push((best, agent, path));
        }
    }
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    let total: f64 = rows.iter().map(|r| r.0).sum();
    let n = rows.len().max(1);
    println!("{name}: {n} checks, mean {:.1} ns", total / n as f64);
    for q in [0.5, 0.9, 0.99] {
        let at = ((1.0 - q) * n as f64) as usize;
        println!(
            "  p{:.0}: {:.1} ns",
            q * 100.0,
            rows.get(at).map_or(0.0, |r| r.0)
        );
    }
    let dearest: f64 = rows.iter().take(n / 10).map(|r| r.0).sum();
    println!(
        "  dearest tenth of the paths: {:.0}% of the time",
        100.0 * dearest / total
    );
    for (ns, agent, path) in rows.iter().take(20) {
        let shown: String = path.chars().take(80).collect();
        println!("{ns:8.1} ns  {agent:16} {shown}");
    }
}
