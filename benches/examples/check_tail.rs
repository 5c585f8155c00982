//! The tail of the per-file check cost: each corpus file's cost per check as a
//! multiple of the bytewise floor's on the same file (median, 90th percentile,
//! worst), and the files furthest from it.
//! `cargo run --release -p robots-benches --example check_tail [ENGINE] [ROUNDS] [TOP] [FILE...]`
//! (with FILEs, only those corpus files: to re-time the tail alone; its
//! percentiles are then over them).
use robots_benches::corpus;
use robots_benches::engines::Engine;
use robots_benches::measure::{floor_ratios, summarize, time_file};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let id = args.first().map_or("robots-runtime", String::as_str);
    let rounds: usize = args.get(1).and_then(|r| r.parse().ok()).unwrap_or(5);
    let top: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(20);
    let Some(engine) = Engine::ALL.into_iter().find(|e| e.id() == id) else {
        eprintln!("unknown engine {id}");
        std::process::exit(2);
    };
    let sites = corpus::load_only(args.get(3..).unwrap_or_default());
    let mut ours = Vec::new();
    let mut floor = Vec::new();
    for site in &sites {
        floor.push(time_file(Engine::FloorBytewise, site, rounds, None));
        ours.push(time_file(engine, site, rounds, None));
    }
    let (o, f) = (summarize(&ours), summarize(&floor));
    let r = floor_ratios(&ours, &floor);
    println!(
        "{id}: mean {:.1} ns ({:.2}x bytewise floor {:.1}), median file {:.1} ns; per file x bytewise floor: median {:.2}, p90 {:.2}, worst {:.2} ({})",
        o.mean_ns,
        o.mean_ns / f.mean_ns,
        f.mean_ns,
        o.median_file_ns,
        r.median,
        r.p90,
        r.worst,
        r.worst_file
    );
    for (ratio, site) in r.by_file.iter().take(top) {
        let ns = |costs: &[robots_benches::measure::FileCost]| {
            costs
                .iter()
                .find(|c| &c.site == site)
                .map_or(0.0, |c| c.per_check())
        };
        println!(
            "{ratio:6.2}x  {:6.1} ns  floor {:5.1} ns  {site}",
            ns(&ours),
            ns(&floor)
        );
    }
}
