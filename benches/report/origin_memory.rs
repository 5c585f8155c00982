//! What one cached origin costs at crawl scale: a cache of ORIGINS origins
//! (1,000,000 by default), each served one of a set of corpus files under a
//! host of its own (`o<N>.example`) by an in-memory driver, then looked up
//! from 8 threads.
//!
//! ```text
//! cargo run --release --manifest-path benches/Cargo.toml --no-default-features \
//!   --bin origin_memory [-- ORIGINS [MAX_FILE_BYTES [MIN_FILE_BYTES [agent|every]]]]
//! ```
//!
//! `agent` (the default) fills the one-crawler `AgentPolicyCache`; `every`
//! the every-crawler `PolicyCache` (moka), for comparison. Each in its own
//! process, so that the resident memory the fill adds is the cache's alone.
//!
//! It prints, per origin: the robots.txt bytes; the crawler's `CompactRules`
//! (what the one-crawler cache keeps for a crawler with at most 256 rules and
//! 128 wildcard segments); the one-crawler policy's byte
//! form (`AgentPolicy::to_bytes`) table by table, its header and what the
//! compiled policy holds on the heap; what the cache weighs
//! (`weighted_bytes`); the resident memory the process grew by (what the cache
//! really costs, the map's bookkeeping and the allocator's included), as a
//! multiple of the robots.txt bytes. Then the lookup latency (`is_allowed` of a
//! random origin's URL) from 8 threads, and the machine's load; and what a
//! single check costs by the compact rules' scan against the tables' search,
//! on each file's URL list, by file size (best of 7 interleaved rounds). The files are
//! the corpus files of MIN_FILE_BYTES to MAX_FILE_BYTES bytes (default 1 to
//! 4096; 600 to 1100 is a subset whose median is near the median real
//! robots.txt, 834 bytes in the Tranco top 10k), cycled over the origins.

use robots_benches::corpus;
use robots_fetch::{
    Action, AgentPolicyCache, Driver, FetchSettings, KeptRules, Outcome, PolicyCacheBuilder,
    RobotsFetch,
};
use robots_runtime::__private as layout;
use robots_runtime::{AgentPolicy, CompactRules, Policy, PolicyRef, Profile};
use std::mem::size_of;
use std::sync::Arc;
use std::time::Instant;

/// The crawler the caches answer for: one no corpus file names (the `*`
/// group, what most crawlers get).
const AGENT: &str = "ExampleBot";

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
    async fn run<K: KeptRules>(&self, mut fetch: RobotsFetch<K>) -> Outcome<K> {
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

/// The tables of the byte form, in its order (`robots-core/src/tables/view.rs`),
/// with the size of one record of each.
fn tables() -> [(&'static str, usize); 22] {
    use layout::*;
    [
        ("text", 1),
        ("agents", size_of::<AgentEntry>()),
        ("sets", size_of::<RuleSet>()),
        ("set_roots", size_of::<SetRoot>()),
        ("set_groups", size_of::<U32>()),
        ("inners", size_of::<Inner>()),
        ("leaves", size_of::<Leaf>()),
        ("wide", 1),
        ("exact", size_of::<NodeRule>()),
        ("node_wild", size_of::<NodeWild>()),
        ("wild_rules", size_of::<U32>()),
        ("wild_roots", size_of::<WildRoot>()),
        ("anchors", size_of::<Anchor>()),
        ("anchor_rules", size_of::<U32>()),
        ("rules", size_of::<RuleRecord>()),
        ("rule_extras", size_of::<RuleExtra>()),
        ("segments", size_of::<Span>()),
        ("groups", size_of::<GroupRecord>()),
        ("group_agents", size_of::<GroupAgentRecord>()),
        ("extensions", size_of::<ExtensionRecord>()),
        ("truncations", size_of::<TruncationRecord>()),
        ("lines", 1),
    ]
}

/// A byte form's parts: the header, each table's bytes, the crawler's name.
/// Read from the header's numbers (`robots-core/src/tables/encode.rs`): the
/// fixed 16 bytes, then LEB128 numbers (the any-set, the crawler's set and
/// root, each table's record count, the name's length).
fn parts(bytes: &[u8]) -> (usize, Vec<usize>, usize) {
    let mut at = 16;
    let mut number = || {
        let mut value = 0usize;
        let mut shift = 0;
        while let Some(&b) = bytes.get(at) {
            at += 1;
            value |= usize::from(b & 0x7f) << shift;
            shift += 7;
            if b & 0x80 == 0 {
                break;
            }
        }
        value
    };
    let agent = bytes.get(10).is_some_and(|flags| flags & 1 == 1);
    for _ in 0..if agent { 3 } else { 1 } {
        number();
    }
    let sizes: Vec<usize> = tables().iter().map(|&(_, size)| number() * size).collect();
    let name = number();
    (at, sizes, name)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).and_then(|n| n.parse::<usize>().ok());
    let origins = arg(0).unwrap_or(1_000_000);
    let max_file = arg(1).unwrap_or(4096);
    let min_file = arg(2).unwrap_or(1);
    let every_crawler = args.get(3).is_some_and(|m| m == "every");
    let sites: Vec<_> = corpus::load()
        .into_iter()
        .filter(|s| !s.body.is_empty() && (min_file..=max_file).contains(&s.body.len()))
        .collect();
    let files: Vec<Arc<[u8]>> = sites.iter().map(|s| Arc::from(&s.body[..])).collect();
    let mut sizes: Vec<usize> = files.iter().map(|f| f.len()).collect();
    sizes.sort_unstable();
    let text_cycle: usize = sizes.iter().sum();
    let text_bytes: usize = (0..origins).map(|i| files[i % files.len()].len()).sum();
    let per = |b: usize| b as f64 / origins as f64;
    let text_per = per(text_bytes);
    // A per-cycle sum as bytes per origin (the cycle's mix, scaled).
    let cycle_per = |sum: usize| sum as f64 / text_cycle as f64 * text_per;

    // The same files' one-crawler policies, on their own: the byte form, part
    // by part, and what the compiled policy holds on the heap.
    let one: Vec<_> = files
        .iter()
        .map(|f| {
            Policy::builder()
                .profile(Profile::Rfc9309)
                .build_for_agent(&f[..], AGENT)
        })
        .collect();
    let (mut header, mut name, mut table_sums) = (0, 0, vec![0usize; 22]);
    let mut byte_form = 0;
    let mut ratios: Vec<f64> = Vec::new();
    for (policy, file) in one.iter().zip(&files) {
        let bytes = policy.to_bytes();
        let (h, t, n) = parts(&bytes);
        assert_eq!(
            h + t.iter().sum::<usize>() + n,
            bytes.len(),
            "bug: the parts are the byte form"
        );
        header += h;
        name += n;
        for (sum, t) in table_sums.iter_mut().zip(t) {
            *sum += t;
        }
        byte_form += bytes.len();
        ratios.push(bytes.len() as f64 / file.len() as f64);
    }
    ratios.sort_by(f64::total_cmp);
    // Before any check: a check builds the automata of wildcard rules it
    // needs, and the policy keeps them (counted apart below).
    let one_heap: usize = one.iter().map(|p| p.policy().heap_bytes()).sum();
    // What reading the byte form in place per lookup would cost instead of
    // keeping its view: `PolicyRef::from_bytes` (every byte checked) and a check.
    let forms: Vec<Vec<u8>> = one.iter().map(|p| p.to_bytes()).collect();
    let rounds = 200;
    let started = Instant::now();
    for _ in 0..rounds {
        for bytes in &forms {
            let policy = PolicyRef::from_bytes(bytes).expect("its own bytes");
            std::hint::black_box(policy.is_allowed(AGENT, "/some/path?q=1"));
        }
    }
    let in_place_ns = started.elapsed().as_nanos() as f64 / (rounds * forms.len()) as f64;
    let started = Instant::now();
    for _ in 0..rounds {
        for policy in &one {
            std::hint::black_box(policy.policy().is_allowed(AGENT, "/some/path?q=1"));
        }
    }
    let kept_ns = started.elapsed().as_nanos() as f64 / (rounds * forms.len()) as f64;
    drop(forms);
    let automata: usize = one.iter().map(|p| p.policy().heap_bytes()).sum::<usize>() - one_heap;
    // What the one-crawler cache keeps instead, where it accepts the rules.
    let compact: Vec<Option<CompactRules>> = one.iter().map(AgentPolicy::compact_rules).collect();
    let declined = compact.iter().filter(|c| c.is_none()).count();
    let compact_bytes: usize = compact
        .iter()
        .zip(&one)
        .map(|(c, p)| {
            c.as_ref()
                .map_or(p.policy().heap_bytes(), CompactRules::heap_bytes)
        })
        .sum();
    let check_speed = check_speed(&sites, &one, &compact);
    let compile_cost = compile_cost(&files);
    drop(compact);
    let every_heap: usize = files
        .iter()
        .map(|f| Policy::parse(&f[..], Profile::Rfc9309).heap_bytes())
        .sum();
    drop(one);

    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a runtime");
    let memory = Memory {
        files: files.clone(),
    };
    let url_of = |n: usize| format!("https://o{n}.example/");
    let before = resident();
    let started = Instant::now();
    let cache = if every_crawler {
        let cache = PolicyCacheBuilder::new()
            .max_bytes(u64::MAX)
            .build(memory, FetchSettings::default());
        let weighed = runtime.block_on(async {
            for i in 0..origins {
                cache.get(&url_of(i)).await.expect("a policy");
            }
            assert_eq!(cache.origin_count().await, origins as u64);
            cache.weighted_bytes().await
        });
        Cache::Every(cache, weighed)
    } else {
        let cache = PolicyCacheBuilder::new()
            .max_bytes(u64::MAX)
            .build_for_agent(AGENT, memory, FetchSettings::default());
        runtime.block_on(async {
            for i in 0..origins {
                cache.get(&url_of(i)).await.expect("a policy");
            }
        });
        assert_eq!(cache.origin_count(), origins as u64);
        let weighed = cache.weighted_bytes();
        Cache::Agent(cache, weighed)
    };
    let fill_s = started.elapsed().as_secs_f64();
    let grown = resident().saturating_sub(before);
    let load_filled = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();

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
                            let allowed = cache.is_allowed(&url).await;
                            samples.push(start.elapsed().as_nanos() as f64);
                            std::hint::black_box(allowed);
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
    let grown_after = resident().saturating_sub(before);
    let mut sorted = lookups;
    sorted.sort_by(f64::total_cmp);
    let pct = |p: f64| sorted[((sorted.len() - 1) as f64 * p) as usize];
    let mean = sorted.iter().sum::<f64>() / sorted.len() as f64;

    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "{} files of {min_file} to {max_file} B (median {} B, mean {:.0} B) cycled over {origins} origins; {} cache filled in {fill_s:.1} s",
        files.len(),
        sizes[sizes.len() / 2],
        text_cycle as f64 / files.len() as f64,
        cache.name(),
    );
    println!("load average after the fill: {}", load_filled.trim());
    println!("load average after the lookups: {}", load.trim());
    println!();
    println!("| per origin | bytes | × robots.txt |");
    println!("|---|---:|---:|");
    let row = |what: &str, bytes: f64| {
        println!("| {what} | {bytes:.0} | {:.3} |", bytes / text_per);
    };
    row("robots.txt", text_per);
    row(
        &format!("compact rules (`CompactRules::heap_bytes`; {declined} files declined, their policy heap)"),
        cycle_per(compact_bytes),
    );
    row(
        "one-crawler byte form (`AgentPolicy::to_bytes`)",
        cycle_per(byte_form),
    );
    row("… of which the header", cycle_per(header));
    row("… of which the crawler's name", cycle_per(name));
    for ((table, _), &sum) in tables().iter().zip(&table_sums) {
        if sum > 0 {
            row(&format!("… of which table `{table}`"), cycle_per(sum));
        }
    }
    row(
        "one-crawler policy heap (`heap_bytes`: tables and their view)",
        cycle_per(one_heap),
    );
    row(
        "… and the automata a check of `/some/path?q=1` builds and keeps",
        cycle_per(automata),
    );
    row(
        "every-crawler policy heap (`Policy::parse`)",
        cycle_per(every_heap),
    );
    row(
        &format!("what the {} cache weighs (`weighted_bytes`)", cache.name()),
        per(cache.weighed() as usize),
    );
    row(
        &format!("**resident memory the {} cache added**", cache.name()),
        per(grown),
    );
    row(
        "resident memory after the lookups (automata built)",
        per(grown_after),
    );
    println!();
    println!(
        "byte form / robots.txt per file: median {:.3}, p10 {:.3}, p90 {:.3}; resident {:.2} GB for {origins} origins",
        ratios[ratios.len() / 2],
        ratios[ratios.len() / 10],
        ratios[ratios.len() * 9 / 10],
        grown as f64 / 1e9,
    );
    println!(
        "a check of a policy kept with its view: {kept_ns:.0} ns; read in place from its byte form first (`PolicyRef::from_bytes`, every byte checked): {in_place_ns:.0} ns (one thread, mean over the files)"
    );
    println!("{check_speed}");
    println!("{compile_cost}");
    println!(
        "lookups (`is_allowed`), {threads} threads on {} cores, {} each: mean {mean:.0} ns, p50 {:.0} ns, p90 {:.0} ns, p99 {:.0} ns",
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        per_thread,
        pct(0.5),
        pct(0.9),
        pct(0.99)
    );
}

/// A single check by the compact rules' scan against the one-crawler
/// policy's search, on each file's URLs (paths), by file size: best of 7
/// interleaved rounds per file and side, summed over the files of a bucket.
fn check_speed(
    sites: &[robots_benches::corpus::Site],
    one: &[AgentPolicy],
    compact: &[Option<CompactRules>],
) -> String {
    let buckets: [(&str, usize, usize); 3] = [
        ("≤ 1 KiB", 0, 1024),
        ("1–4 KiB", 1025, 4096),
        ("> 4 KiB", 4097, usize::MAX),
    ];
    let mut sums = [(0f64, 0f64, 0usize, 0usize); 3];
    for ((site, policy), compact) in sites.iter().zip(one).zip(compact) {
        let Some(compact) = compact else { continue };
        let urls: Vec<&str> = site.paths.iter().map(String::as_str).collect();
        if urls.is_empty() {
            continue;
        }
        let (mut tables, mut scan) = (f64::MAX, f64::MAX);
        for _ in 0..7 {
            let started = Instant::now();
            for url in &urls {
                std::hint::black_box(policy.check(std::hint::black_box(url)));
            }
            tables = tables.min(started.elapsed().as_nanos() as f64);
            let started = Instant::now();
            for url in &urls {
                std::hint::black_box(compact.check(std::hint::black_box(url)));
            }
            scan = scan.min(started.elapsed().as_nanos() as f64);
        }
        let Some(b) = buckets
            .iter()
            .position(|&(_, lo, hi)| (lo..=hi).contains(&site.body.len()))
        else {
            continue;
        };
        sums[b].0 += tables;
        sums[b].1 += scan;
        sums[b].2 += 1;
        sums[b].3 += urls.len();
    }
    let mut out = String::from("a single check, compact rules' scan / the tables' search (best of 7, summed over the files):");
    for ((name, _, _), (tables, scan, files, checks)) in buckets.iter().zip(sums) {
        if files > 0 {
            out.push_str(&format!(
                "\n  {name}: {files} files, {checks} checks: tables {:.0} ns, scan {:.0} ns a check: {:.2}×",
                tables / checks as f64,
                scan / checks as f64,
                scan / tables
            ));
        }
    }
    out
}

/// What a fetch of the one-crawler cache compiles per file, before the
/// cache keeps it: the one-crawler tables reduced to compact rules
/// (`build_for_agent` then `CompactRules::of`), against the rules read
/// straight into compact form (`build_compact_for_agent`, which builds the
/// tables only for a crawler compact rules decline). Best of 7 interleaved
/// rounds over all the files, per file.
fn compile_cost(files: &[Arc<[u8]>]) -> String {
    let builder = Policy::builder().profile(Profile::Rfc9309);
    let (mut reduced, mut direct) = (f64::MAX, f64::MAX);
    for _ in 0..7 {
        let started = Instant::now();
        for file in files {
            let policy = builder.build_for_agent(std::hint::black_box(&file[..]), AGENT);
            std::hint::black_box(CompactRules::of(&policy.matcher()));
        }
        reduced = reduced.min(started.elapsed().as_nanos() as f64);
        let started = Instant::now();
        for file in files {
            std::hint::black_box(
                builder.build_compact_for_agent(std::hint::black_box(&file[..]), AGENT),
            );
        }
        direct = direct.min(started.elapsed().as_nanos() as f64);
    }
    let n = files.len() as f64;
    format!(
        "compiling a file for the crawler (best of 7, mean per file): tables then reduce {:.0} ns, straight to compact rules {:.0} ns: {:.2}×",
        reduced / n,
        direct / n,
        direct / reduced
    )
}

/// The cache under test, and what it weighed once filled.
enum Cache {
    Every(robots_fetch::PolicyCache<Memory>, u64),
    Agent(AgentPolicyCache<Memory>, u64),
}

impl Cache {
    fn name(&self) -> &'static str {
        match self {
            Cache::Every(..) => "every-crawler `PolicyCache`",
            Cache::Agent(..) => "one-crawler `AgentPolicyCache`",
        }
    }

    fn weighed(&self) -> u64 {
        match self {
            Cache::Every(_, w) | Cache::Agent(_, w) => *w,
        }
    }

    async fn is_allowed(&self, url: &str) -> bool {
        let allowed = match self {
            Cache::Every(cache, _) => cache.is_allowed(AGENT, url).await,
            Cache::Agent(cache, _) => cache.is_allowed(url).await,
        };
        allowed.expect("a verdict")
    }
}
