//! What one cached origin costs at crawl scale: a `PolicyCache` of ORIGINS
//! origins (1,000,000 by default), each served one of a set of corpus files
//! under a host of its own (`o<N>.example`) by an in-memory driver, then
//! looked up from 8 threads.
//!
//! ```text
//! cargo run --release --manifest-path benches/Cargo.toml --no-default-features \
//!   --bin origin_memory [-- ORIGINS [MAX_FILE_BYTES]]
//! ```
//!
//! It prints, per origin: the robots.txt bytes; what the cache weighs
//! (`weighted_bytes`: the compiled policy, its URLs and the fixed allowance
//! the weigher adds); the resident memory the process grew by (what the cache
//! really costs, moka's bookkeeping included); and, for the same files, the
//! heap of the one-crawler policy (`build_for_agent`) and of the every-crawler
//! policy (`Policy::parse`), counted by `heap_bytes`. Then the lookup latency
//! (`PolicyCache::is_allowed` of a random origin's URL) from 8 threads, and
//! the machine's load. The files are the corpus files of at most
//! MAX_FILE_BYTES bytes (default 4096, around the median real robots.txt, 834
//! bytes in the Tranco top 10k), cycled over the origins.

use robots_benches::corpus;
use robots_fetch::{Action, Driver, FetchSettings, Outcome, PolicyCacheBuilder, RobotsFetch};
use robots_runtime::{Policy, Profile};
use std::sync::Arc;
use std::time::Instant;

/// Serves robots.txt files from memory: origin `o<N>.example` gets file
/// `N % files`.
struct Memory {
    files: Vec<Arc<[u8]>>,
}

impl Memory {
    fn body_of(&self, url: &str) -> &[u8] {
        let n: usize = url
            .split("//o")
            .nth(1)
            .and_then(|rest| rest.split('.').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        &self.files[n % self.files.len()]
    }
}

impl Driver for Memory {
    async fn run(&self, mut fetch: RobotsFetch) -> Outcome {
        loop {
            match fetch.action() {
                Action::Send(request) => {
                    let body = self.body_of(request.url());
                    fetch.receive_head(200, [(&b"content-type"[..], &b"text/plain"[..])]);
                    fetch.receive_body(body);
                    fetch.end_body();
                }
                Action::Read { .. } => fetch.end_body(),
                Action::Done => return fetch.finish(),
            }
        }
    }
}

/// The process's resident memory, in bytes.
fn resident() -> usize {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<usize>().ok())
        .map_or(0, |kb| kb * 1024)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let origins: usize = args
        .first()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000_000);
    let max_file: usize = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(4096);
    let sites: Vec<_> = corpus::load()
        .into_iter()
        .filter(|s| !s.body.is_empty() && s.body.len() <= max_file)
        .collect();
    let files: Vec<Arc<[u8]>> = sites.iter().map(|s| Arc::from(&s.body[..])).collect();
    let mut sizes: Vec<usize> = files.iter().map(|f| f.len()).collect();
    sizes.sort_unstable();
    let per_cycle: usize = sizes.iter().sum();
    let text_bytes = |n: usize| -> usize { (0..n).map(|i| files[i % files.len()].len()).sum() };

    // The same files' policies, weighed on their own: one crawler (an unknown
    // one: the `*` group, what a crawler no file names gets) and every crawler.
    let one: usize = files
        .iter()
        .map(|f| {
            Policy::builder()
                .profile(Profile::Rfc9309)
                .build_for_agent(&f[..], "ExampleBot")
                .heap_bytes()
        })
        .sum();
    let every: usize = files
        .iter()
        .map(|f| Policy::parse(&f[..], Profile::Rfc9309).heap_bytes())
        .sum();
    let median = |mut v: Vec<f64>| -> f64 {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let one_median = median(
        files
            .iter()
            .map(|f| {
                Policy::builder()
                    .build_for_agent(&f[..], "ExampleBot")
                    .heap_bytes() as f64
                    / f.len() as f64
            })
            .collect(),
    );
    let every_median = median(
        files
            .iter()
            .map(|f| Policy::parse(&f[..], Profile::Rfc9309).heap_bytes() as f64 / f.len() as f64)
            .collect(),
    );

    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a runtime");
    let cache = PolicyCacheBuilder::new().max_bytes(u64::MAX).build(
        Memory {
            files: files.clone(),
        },
        FetchSettings::default(),
    );
    let before = resident();
    let started = Instant::now();
    runtime.block_on(async {
        for i in 0..origins {
            let url = format!("https://o{i}.example/");
            cache.get(&url).await.expect("a policy");
        }
    });
    let (held, weighed) =
        runtime.block_on(async { (cache.origin_count().await, cache.weighted_bytes().await) });
    let fill_s = started.elapsed().as_secs_f64();
    let grown = resident().saturating_sub(before);
    let text = text_bytes(origins);

    // Lookups: 8 threads, each its own runtime, random origins.
    let threads = 8;
    let per_thread = 200_000;
    let lookups = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let cache = &cache;
                scope.spawn(move || {
                    let runtime = tokio::runtime::Builder::new_current_thread()
                        .build()
                        .expect("a runtime");
                    let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ (t as u64 + 1);
                    let mut samples = Vec::with_capacity(per_thread);
                    runtime.block_on(async {
                        for _ in 0..per_thread {
                            seed ^= seed << 13;
                            seed ^= seed >> 7;
                            seed ^= seed << 17;
                            let n = (seed % origins as u64) as usize;
                            let url = format!("https://o{n}.example/some/path?q=1");
                            let start = Instant::now();
                            let allowed = cache.is_allowed("ExampleBot", &url).await;
                            samples.push(start.elapsed().as_nanos() as f64);
                            std::hint::black_box(allowed.expect("a verdict"));
                        }
                    });
                    samples
                })
            })
            .collect();
        let mut all: Vec<f64> = Vec::new();
        for h in handles {
            all.extend(h.join().expect("a lookup thread"));
        }
        all
    });
    let mut sorted = lookups.clone();
    sorted.sort_by(f64::total_cmp);
    let pct = |p: f64| sorted[((sorted.len() - 1) as f64 * p) as usize];
    let mean = sorted.iter().sum::<f64>() / sorted.len() as f64;

    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "{} files of at most {max_file} B (median {} B, mean {:.0} B) cycled over {origins} origins; filled in {fill_s:.1} s",
        files.len(),
        sizes[sizes.len() / 2],
        per_cycle as f64 / files.len() as f64
    );
    println!("load average after: {}", load.trim());
    println!();
    println!("| per origin | bytes | × robots.txt |");
    println!("|---|---:|---:|");
    let per = |b: usize| b as f64 / origins as f64;
    let text_per = per(text);
    let row = |what: &str, bytes: f64| {
        println!("| {what} | {bytes:.0} | {:.2} |", bytes / text_per);
    };
    row("robots.txt", text_per);
    row(
        "one-crawler policy heap (`build_for_agent`)",
        one as f64 / per_cycle as f64 * text_per,
    );
    row(
        "every-crawler policy heap (`Policy::parse`)",
        every as f64 / per_cycle as f64 * text_per,
    );
    row(
        "what the cache weighs (`weighted_bytes`)",
        per(weighed as usize),
    );
    row("resident memory the cache added", per(grown));
    println!();
    println!(
        "median file: one crawler {one_median:.2}× its text, every crawler {every_median:.2}×; origins held: {held}"
    );
    println!(
        "lookups (`is_allowed`), {threads} threads on {} cores, {} each: mean {mean:.0} ns, p50 {:.0} ns, p90 {:.0} ns, p99 {:.0} ns",
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        per_thread,
        pct(0.5),
        pct(0.9),
        pct(0.99)
    );
}
