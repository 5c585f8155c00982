//! The tail of the per-file check cost: each corpus file's cost per check as a
//! multiple of the bytewise floor's on the same file (median, 90th percentile,
//! worst), and the files furthest from it.
//! `cargo run --release --manifest-path benches/Cargo.toml --example check_tail [ENGINE] [ROUNDS] [TOP] [FILE...]`
//! (with FILEs, only those corpus files: to re-time the tail alone; its
//! percentiles are then over them).
//!
//! Then, for each of those files, the same ratio for its short, middling and
//! long paths apart: which paths keep a file far from the floor. Each class is
//! timed on its own, in the file's order. The classes' costs, weighted by their
//! paths, mostly come out below the file's (paths of like lengths are likely
//! kinder to the branch predictor than the mix), and that gap is shown too.
use robots_benches::corpus::{self, Site};
use robots_benches::engines::Engine;
use robots_benches::measure::{floor_ratios, summarize, time_file, FileCost};

/// The path-length classes of the breakdown: a name, and the longest path (in
/// bytes) each holds.
const LENGTHS: [(&str, usize); 3] = [("<=32 B", 32), ("33-64 B", 64), (">64 B", usize::MAX)];

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
    println!("\nby path length (x bytewise floor, ns per check, share of the paths; the classes' weighted cost over the file's):");
    for (_, name) in r.by_file.iter().take(top) {
        let whole = ours.iter().find(|c| &c.site == name);
        if let (Some(site), Some(whole)) = (sites.iter().find(|s| &s.name == name), whole) {
            by_length(engine, site, whole, rounds);
        }
    }
}

/// Print `engine`'s cost over the bytewise floor's on each class of `site`'s
/// paths (see [`LENGTHS`]), beside its cost on all of them (`whole`).
fn by_length(engine: Engine, site: &Site, whole: &FileCost, rounds: usize) {
    let per_check = |c: &FileCost| c.per_check();
    let mut line = format!("{:32}", site.name);
    let mut weighted = 0.0;
    let mut shortest = 0;
    for (label, longest) in LENGTHS {
        let class = with_lengths(site, shortest, longest);
        shortest = longest.saturating_add(1);
        if class.paths.is_empty() {
            continue;
        }
        let share = class.paths.len() as f64 / site.paths.len().max(1) as f64;
        let ours = per_check(&time_file(engine, &class, rounds, None));
        let floor = per_check(&time_file(Engine::FloorBytewise, &class, rounds, None));
        weighted += share * ours;
        line += &format!(
            "  {label}: {} {ours:6.1} ns {:3.0}%",
            ratio(ours, floor),
            100.0 * share
        );
    }
    println!(
        "{line}  weighted/whole {}",
        ratio(weighted, per_check(whole))
    );
}

/// `a / b` for the table, or a dash where `b` did not time (an engine that
/// is not built in, or rejected the file).
fn ratio(a: f64, b: f64) -> String {
    if b > 0.0 {
        format!("{:5.2}x", a / b)
    } else {
        format!("{:>6}", "-")
    }
}

/// `site` with only its paths of `shortest` to `longest` bytes (and their URLs).
fn with_lengths(site: &Site, shortest: usize, longest: usize) -> Site {
    let (paths, urls) = site
        .paths
        .iter()
        .zip(&site.urls)
        .filter(|(p, _)| (shortest..=longest).contains(&p.len()))
        .map(|(p, u)| (p.clone(), u.clone()))
        .unzip();
    Site {
        paths,
        urls,
        ..site.clone()
    }
}
