//! Heap bytes each engine keeps per corpus file, counted by a counting global
//! allocator (a separate binary, so the timing runs pay nothing for counting).
//!
//! `cargo run --release --manifest-path benches/Cargo.toml --bin memory` prints one tab-separated
//! line per engine and file: `engine file bytes rules held peak static`, where
//! `held` is what the parsed form keeps while alive, `peak` the most the parse
//! had allocated at once (both net of what existed before), and `static` the bytes
//! of a compiled-in policy's tables (read-only data, no heap).

use robots_benches::corpus;
use robots_benches::engines::Engine;
use robots_benches::memory::{hold, rule_count, table_bytes};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);
static PEAK: AtomicIsize = AtomicIsize::new(0);

fn grew(by: isize) {
    let now = LIVE.fetch_add(by, Ordering::Relaxed) + by;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: every call is forwarded to the system allocator unchanged; the
// counters are only bookkeeping.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as is.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size() as isize);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as is.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size() as isize);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded as is.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded as is.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            grew(new_size as isize - layout.size() as isize);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn main() {
    let sites = corpus::load();
    println!("engine\tfile\tbytes\trules\theld\tpeak\tstatic");
    for site in &sites {
        let rules = rule_count(site);
        for engine in Engine::ALL {
            // The batch engines hold what their one-path twins hold.
            if !engine.available() || matches!(engine, Engine::StaticBatch | Engine::RuntimeBatch) {
                continue;
            }
            if engine == Engine::Static {
                if let Some(policy) = robots_benches::statics::policy(&site.name) {
                    println!(
                        "{}\t{}\t{}\t{rules}\t0\t0\t{}",
                        engine.id(),
                        site.name,
                        site.body.len(),
                        table_bytes(policy)
                    );
                }
                continue;
            }
            let before = LIVE.load(Ordering::Relaxed);
            PEAK.store(before, Ordering::Relaxed);
            let mut held = 0;
            let kept = hold(engine, site, || {
                held = LIVE.load(Ordering::Relaxed) - before;
            });
            let peak = PEAK.load(Ordering::Relaxed) - before;
            if kept {
                println!(
                    "{}\t{}\t{}\t{rules}\t{held}\t{peak}\t0",
                    engine.id(),
                    site.name,
                    site.body.len()
                );
            }
        }
    }
}
