//! Per-file check cost of one of our engines against the floor: where the workload
//! mean goes. `cargo run --release --manifest-path benches/Cargo.toml --example check_files [ENGINE] [ROUNDS]`
use robots_benches::corpus;
use robots_benches::engines::Engine;
use robots_benches::measure::{summarize, time_file};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let id = args.first().map_or("robots-runtime", String::as_str);
    let rounds: usize = args.get(1).and_then(|r| r.parse().ok()).unwrap_or(5);
    let Some(engine) = Engine::ALL.into_iter().find(|e| e.id() == id) else {
        eprintln!("unknown engine {id}");
        std::process::exit(2);
    };
    let sites = corpus::load();
    let mut ours = Vec::new();
    let mut floor = Vec::new();
    for site in &sites {
        floor.push(time_file(Engine::Floor, site, rounds, None));
        ours.push(time_file(engine, site, rounds, None));
    }
    let (o, f) = (summarize(&ours), summarize(&floor));
    println!(
        "{id}: mean {:.1} ns ({:.2}x floor {:.1}), median file {:.1} ns ({:.2}x floor {:.1})",
        o.mean_ns,
        o.mean_ns / f.mean_ns,
        f.mean_ns,
        o.median_file_ns,
        o.median_file_ns / f.median_file_ns,
        f.median_file_ns
    );
    let total: f64 = ours.iter().map(|c| c.nanos).sum();
    let mut rows: Vec<_> = ours.iter().zip(&floor).collect();
    rows.sort_by(|a, b| b.0.nanos.total_cmp(&a.0.nanos));
    let mut running = 0.0;
    for (cost, floor) in rows.iter().take(40) {
        running += cost.nanos;
        println!(
            "{:7.1} ns/check {:6.1}x floor  {:5.1}% (cum {:5.1}%)  {}",
            cost.per_check(),
            cost.per_check() / floor.per_check(),
            100.0 * cost.nanos / total,
            100.0 * running / total,
            cost.site
        );
    }
}
