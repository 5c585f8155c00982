//! Parse (+compile) of the whole corpus, per engine (throughput in bytes).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use robots_benches::corpus;
use robots_benches::engines::Engine;
use std::time::Duration;

fn parse(c: &mut Criterion) {
    let sites = corpus::load();
    let bytes: usize = sites.iter().map(|s| s.body.len()).sum();
    let mut group = c.benchmark_group("parse/corpus");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    group.sample_size(10);
    for engine in [
        Engine::Runtime,
        Engine::TextingRobots,
        Engine::FastRobots,
        Engine::Robotparser,
        Engine::Robotstxt,
    ] {
        group.bench_function(engine.id(), |b| {
            b.iter(|| {
                for site in &sites {
                    engine.parse_once(site);
                }
            });
        });
    }
    group.finish();
}

criterion_group!(benches, parse);
criterion_main!(benches);
