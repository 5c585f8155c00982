//! Time parse() and compile() separately over the corpus (google profile), best of N passes.
use robots_benches::corpus;
use robots_runtime::document::{parse, ParseOptions};
use robots_runtime::{Policy, Profile};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let sites = corpus::load();
    let only = std::env::args().nth(1);
    let sites: Vec<_> = sites
        .into_iter()
        .filter(|s| match only.as_deref() {
            None | Some("all") => true,
            // Every file but the two largest.
            Some("small") => s.body.len() < 500_000,
            Some(o) => s.name == o,
        })
        .collect();
    if std::env::args().nth(2).as_deref() == Some("loop") {
        // Only Policy::parse, for a profiler.
        for _ in 0..300 {
            for s in &sites {
                black_box(Policy::parse(black_box(&s.body), Profile::Google));
            }
        }
        return;
    }
    let bytes: usize = sites.iter().map(|s| s.body.len()).sum();
    let (mut p, mut c, mut all) = (f64::MAX, f64::MAX, f64::MAX);
    for _ in 0..30 {
        let t = Instant::now();
        for s in &sites {
            black_box(parse(
                black_box(&s.body),
                ParseOptions::new(Profile::Google),
            ));
        }
        p = p.min(t.elapsed().as_secs_f64());
        let docs: Vec<_> = sites
            .iter()
            .map(|s| parse(&s.body, ParseOptions::new(Profile::Google)))
            .collect();
        let t = Instant::now();
        for d in &docs {
            black_box(d.compile());
        }
        c = c.min(t.elapsed().as_secs_f64());
        drop(docs);
        let t = Instant::now();
        for s in &sites {
            black_box(Policy::parse(black_box(&s.body), Profile::Google));
        }
        all = all.min(t.elapsed().as_secs_f64());
    }
    let mb = bytes as f64 / 1e6;
    println!(
        "parse {:.2} ms ({:.0} MB/s), compile {:.2} ms, Policy::parse {:.2} ms ({:.0} MB/s)",
        p * 1e3,
        mb / p,
        c * 1e3,
        all * 1e3,
        mb / all
    );
}
