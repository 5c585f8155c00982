//! Benchmarks of the fetch layer over the bundled corpus (`testdata/corpus`),
//! run with `cd benches && cargo bench --no-default-features --bench fetch`:
//!
//! 1. `is_allowed`: a cached `PolicyCache::is_allowed` (origin lookup included)
//!    against a plain `Matcher::check` of the same full URLs, the matcher resolved
//!    once per file. The target is at most 2× (criterion groups `is_allowed/*`,
//!    and a one-line ratio printed first).
//! 2. Heap bytes per origin: what a cached outcome keeps alive (the compiled
//!    policy, the copy, the strings), counted by a counting global allocator,
//!    against the file's size.
//!
//! Every origin is a loopback server serving one corpus file.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use robots_fetch::{outcome_heap_bytes, AsyncFetcher, PolicyCache};
use robots_loopback::{Reply, Server};
use robots_runtime::fetch::{Action, FetchProfile, FetchSettings, RobotsFetch};
use robots_runtime::Policy;
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::path::PathBuf;
use std::sync::atomic::{AtomicIsize, Ordering};
use std::time::Instant;

/// Live heap bytes, counted by the global allocator below.
static LIVE: AtomicIsize = AtomicIsize::new(0);

/// The system allocator, counting live bytes (for the heap-per-origin figures).
struct Counting;

// SAFETY: every call is forwarded unchanged to the system allocator; the counter
// only records sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(
            new_size as isize - layout.size() as isize,
            Ordering::Relaxed,
        );
        // SAFETY: the caller's contract is passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// URLs checked per file.
const URLS_PER_FILE: usize = 100;

/// One corpus file: its body and some of its URL paths.
struct Site {
    body: Vec<u8>,
    paths: Vec<String>,
}

fn corpus() -> Vec<Site> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/corpus");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("testdata/corpus")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    names.sort();
    names
        .into_iter()
        .filter_map(|txt| {
            let body = std::fs::read(&txt).ok()?;
            let urls = std::fs::read_to_string(txt.with_extension("urls")).ok()?;
            let paths = urls
                .lines()
                .take(URLS_PER_FILE)
                .map(str::to_owned)
                .collect();
            Some(Site { body, paths })
        })
        .collect()
}

/// The outcome a fetch of `body` ends in, driven by hand (no network).
fn outcome_of(body: &[u8]) -> robots_runtime::fetch::Outcome {
    let policy = FetchSettings::new(FetchProfile::Google);
    let mut fetch = RobotsFetch::new("http://127.0.0.1:9/", &policy).expect("a URL");
    fetch.receive_head(200, []);
    while let Action::Read { max } = fetch.action() {
        let piece = body.get(..max.min(body.len())).unwrap_or_default();
        fetch.receive_body(piece);
        fetch.end_body();
    }
    fetch.finish()
}

/// Heap bytes per origin against file size, over the whole corpus.
fn heap_per_origin(sites: &[Site]) {
    let mut ratios = Vec::new();
    let (mut heap_total, mut file_total, mut weighed_total) = (0isize, 0usize, 0usize);
    for site in sites {
        let before = LIVE.load(Ordering::Relaxed);
        let outcome = outcome_of(&site.body);
        let held = LIVE.load(Ordering::Relaxed) - before;
        weighed_total += outcome_heap_bytes(&outcome);
        black_box(&outcome);
        drop(outcome);
        heap_total += held;
        file_total += site.body.len();
        ratios.push(held as f64 / site.body.len().max(1) as f64);
    }
    ratios.sort_by(f64::total_cmp);
    println!(
        "heap per origin: {} files, {:.1} MB of robots.txt held as {:.1} MB (weigher: {:.1} MB) ({:.2}x the file size overall; per file: median {:.2}x, p90 {:.2}x, max {:.2}x)",
        sites.len(),
        file_total as f64 / 1e6,
        heap_total as f64 / 1e6,
        weighed_total as f64 / 1e6,
        heap_total as f64 / file_total as f64,
        ratios[ratios.len() / 2],
        ratios[ratios.len() * 9 / 10],
        ratios[ratios.len() - 1],
    );
}

fn benches(c: &mut Criterion) {
    let sites = corpus();
    heap_per_origin(&sites);

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let servers: Vec<Server> = sites
        .iter()
        .map(|s| Server::route("/robots.txt", Reply::ok(s.body.clone())))
        .collect();
    let policy = FetchSettings::new(FetchProfile::Google);
    let cache = PolicyCache::new(AsyncFetcher::new().expect("client"), policy);
    let agent = "ExampleBot";
    let urls: Vec<String> = sites
        .iter()
        .zip(&servers)
        .flat_map(|(site, server)| site.paths.iter().map(|p| server.url(p)))
        .collect();
    // Warm the cache: one fetch per origin.
    runtime.block_on(async {
        for url in &urls {
            black_box(cache.is_allowed(agent, url).await.expect("a URL"));
        }
    });
    // The plain engine: one compiled policy and matcher per file, full URLs.
    let policies: Vec<Policy> = sites
        .iter()
        .map(|s| Policy::parse(&s.body, robots_runtime::Profile::Google))
        .collect();
    let mut offset = 0;
    let per_file: Vec<(robots_runtime::Matcher<'_>, &[String])> = policies
        .iter()
        .zip(&sites)
        .map(|(policy, site)| {
            let file_urls = &urls[offset..offset + site.paths.len()];
            offset += site.paths.len();
            (policy.matcher(agent), file_urls)
        })
        .collect();

    // A direct ratio first, then criterion's figures.
    let plain_pass = || {
        let t = Instant::now();
        for (matcher, file_urls) in &per_file {
            for url in file_urls.iter() {
                black_box(matcher.check(url.as_str()));
            }
        }
        t.elapsed()
    };
    let cached_pass = || {
        runtime.block_on(async {
            let t = Instant::now();
            for url in &urls {
                black_box(cache.is_allowed(agent, url).await.ok());
            }
            t.elapsed()
        })
    };
    // Interleaved, best of 31 passes each: the machine is shared, and the best
    // pass is the one least disturbed.
    let (mut plain, mut cached) = (std::time::Duration::MAX, std::time::Duration::MAX);
    for _ in 0..31 {
        plain = plain.min(plain_pass());
        cached = cached.min(cached_pass());
    }
    let n = urls.len() as f64;
    println!(
        "is_allowed: {} URLs over {} origins: Matcher::check {:.1} ns, cached PolicyCache::is_allowed {:.1} ns ({:.2}x)",
        urls.len(),
        servers.len(),
        plain.as_nanos() as f64 / n,
        cached.as_nanos() as f64 / n,
        cached.as_secs_f64() / plain.as_secs_f64(),
    );

    let mut group = c.benchmark_group("is_allowed");
    group.throughput(Throughput::Elements(urls.len() as u64));
    group.bench_function("matcher_check", |b| b.iter(plain_pass));
    group.bench_function("cache_is_allowed", |b| {
        b.to_async(&runtime).iter(|| async {
            for url in &urls {
                black_box(cache.is_allowed(agent, url).await.ok());
            }
        })
    });
    // The lookup alone (moka's get, the key, the freshness check), and the
    // verdict through a handle already looked up (what a crawler gets by
    // calling `get` once per origin and reusing the handle for its URLs).
    group.bench_function("cache_get", |b| {
        b.to_async(&runtime).iter(|| async {
            for url in &urls {
                black_box(cache.get(url).await.ok());
            }
        })
    });
    let handles: Vec<_> = runtime.block_on(async {
        let mut handles = Vec::new();
        for url in &urls {
            handles.push(cache.get(url).await.expect("a URL"));
        }
        handles
    });
    group.bench_function("origin_policy_is_allowed", |b| {
        b.iter(|| {
            for (handle, url) in handles.iter().zip(&urls) {
                black_box(handle.is_allowed(agent, url.as_str()));
            }
        })
    });
    group.finish();
}

criterion_group!(fetch, benches);
criterion_main!(fetch);
