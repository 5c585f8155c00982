//! Per-file compile time (google), top files.
use robots_benches::corpus;
use robots_runtime::document::{parse, ParseOptions};
use robots_runtime::Profile;
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let sites = corpus::load();
    let mut rows = Vec::new();
    for s in &sites {
        let d = parse(&s.body, ParseOptions::new(Profile::Google));
        let mut best = f64::MAX;
        for _ in 0..10 {
            let t = Instant::now();
            let p = black_box(d.compile());
            best = best.min(t.elapsed().as_secs_f64());
            drop(p);
        }
        let p = d.compile();
        rows.push((
            best,
            s.name.clone(),
            s.body.len(),
            p.rule_count(),
            robots_runtime::__private::tables(&p).inners().len(),
            robots_runtime::__private::tables(&p).sets().len(),
            d.groups().len(),
        ));
    }
    rows.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
    let total: f64 = rows.iter().map(|r| r.0).sum();
    println!("total {:.2} ms", total * 1e3);
    for r in rows.iter().take(25) {
        println!(
            "{:8.3} ms {:30} {:8} B rules {:6} nodes {:6} sets {:4} groups {:4}",
            r.0 * 1e3,
            r.1,
            r.2,
            r.3,
            r.4,
            r.5,
            r.6
        );
    }
}
