//! Per-check cost of every engine on chosen corpus files: the median-size file and
//! the file with the most wildcard rules (`www.sophos.com`), for the file's named
//! crawler and an unknown one. The report (`--bin report`) covers the whole workload.

mod common;

use common::BenchVisit;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use robots_benches::corpus::{self, Site};
use robots_benches::engines::Engine;
use std::time::Duration;

fn check(c: &mut Criterion) {
    let sites = corpus::load();
    let median = corpus::median_site(&sites).clone();
    let wild = sites
        .iter()
        .find(|s| s.name == "www.sophos.com")
        .cloned()
        .unwrap_or_else(|| median.clone());
    let files: [(&str, &Site); 2] = [("median-file", &median), ("wildcard-heavy", &wild)];
    for (label, site) in files {
        let mut group = c.benchmark_group(format!("check/{label}"));
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(2));
        group.sample_size(20);
        for engine in Engine::ALL.into_iter().filter(|e| e.available()) {
            for (kind, agent) in [
                ("named", site.named_agent.as_deref()),
                ("unknown", Some(corpus::UNKNOWN_AGENT)),
            ] {
                let Some(agent) = agent else { continue };
                let stride = engine.stride();
                group.throughput(Throughput::Elements(
                    site.paths.len().div_ceil(stride) as u64
                ));
                group.bench_function(format!("{}/{kind}", engine.id()), |b| {
                    engine.run(site, agent, &mut BenchVisit { bencher: b, stride });
                });
            }
        }
        group.finish();
    }
}

criterion_group!(benches, check);
criterion_main!(benches);
