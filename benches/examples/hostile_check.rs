//! One engine over one hostile check series, in this process (no child
//! processes, no budget): `hostile_check [SERIES] [ENGINE]`, by default
//! `many-wildcards-check` on `robots-runtime`. Prints each size's ns per check, the
//! growth exponent, and the largest size's cost over the smallest's.
use robots_benches::engines::Engine;
use robots_benches::hostile::{measure, Point, SERIES};
use robots_benches::stats::growth_exponent;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let id = args.first().map_or("many-wildcards-check", String::as_str);
    let engine = args.get(1).map_or("robots-runtime", String::as_str);
    let (Some(series), Some(engine)) = (
        SERIES.iter().find(|s| s.id == id),
        Engine::ALL.into_iter().find(|e| e.id() == engine),
    ) else {
        eprintln!("unknown series {id} or engine {engine}");
        std::process::exit(2);
    };
    let mut points = Vec::new();
    for &size in series.sizes {
        // The best of three measurements: the machine is shared.
        let best = (0..3)
            .filter_map(|_| match measure(engine, series, size).0 {
                Point::Ns(ns) => Some(ns),
                _ => None,
            })
            .fold(f64::INFINITY, f64::min);
        println!("{} = {size}: {best:.1} ns", series.x);
        points.push((size as f64, best));
    }
    if let (Some(first), Some(last)) = (points.first(), points.last()) {
        println!(
            "exponent {:.3}; largest / smallest {:.2}",
            growth_exponent(&points),
            last.1 / first.1
        );
    }
}
