//! Hostile inputs for ours (runtime): many `*`, long paths, many rules, at several
//! sizes (throughput in units of the growing dimension, so a flat throughput means
//! linear cost). The report runs the same series for the peers too.

mod common;

use common::BenchVisit;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use robots_benches::corpus::UNKNOWN_AGENT;
use robots_benches::engines::Engine;
use robots_benches::hostile::{Kind, SERIES};
use std::time::Duration;

fn hostile(c: &mut Criterion) {
    for series in &SERIES {
        let mut group = c.benchmark_group(format!("hostile/{}", series.id));
        group.warm_up_time(Duration::from_millis(300));
        group.measurement_time(Duration::from_secs(1));
        group.sample_size(10);
        for &size in series.sizes {
            let site = (series.make)(size);
            group.throughput(Throughput::Elements(size as u64));
            let id = BenchmarkId::new(Engine::Runtime.id(), size);
            match series.kind {
                Kind::Parse => {
                    group.bench_function(id, |b| b.iter(|| Engine::Runtime.parse_once(&site)));
                }
                Kind::Check => {
                    group.bench_function(id, |b| {
                        Engine::Runtime.run(
                            &site,
                            UNKNOWN_AGENT,
                            &mut BenchVisit {
                                bencher: b,
                                stride: 1,
                            },
                        );
                    });
                }
            }
        }
        group.finish();
    }
}

criterion_group!(benches, hostile);
criterion_main!(benches);
