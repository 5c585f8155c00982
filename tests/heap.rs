//! `heap_bytes()` says what a policy holds on the heap: measured by an
//! instrumented global allocator, the bytes a policy keeps allocated once it is
//! built (and everything its parse needed is freed) are exactly the bytes it
//! reports, for small policies (one buffer), large ones (the compiler's
//! vectors), loaded ones and one-crawler ones.
//!
//! And exact classification stays within its memory bound: the most a
//! `classify()` call (and `robots report`'s report) holds at once, on files
//! built to make it hold much, is at most 64 MB.

use robots_runtime::classify::Classification;
use robots_runtime::{Policy, Profile};
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The instrumented allocator (whose counts [`Region`] reads), and the most
/// bytes held at once since [`Peak::start`].
struct Peak {
    now: AtomicUsize,
    most: AtomicUsize,
}

static PEAK: Peak = Peak {
    now: AtomicUsize::new(0),
    most: AtomicUsize::new(0),
};

impl Peak {
    fn add(&self, bytes: usize) {
        let now = self.now.fetch_add(bytes, Ordering::Relaxed) + bytes;
        self.most.fetch_max(now, Ordering::Relaxed);
    }

    fn sub(&self, bytes: usize) {
        self.now.fetch_sub(bytes, Ordering::Relaxed);
    }

    /// The most bytes `run` held at once beyond what was held before it.
    fn of<T>(run: impl FnOnce() -> T) -> (usize, T) {
        let before = PEAK.now.load(Ordering::Relaxed);
        PEAK.most.store(before, Ordering::Relaxed);
        let value = run();
        (PEAK.most.load(Ordering::Relaxed) - before, value)
    }
}

struct Counting;

// SAFETY: every call is passed on to the instrumented system allocator as it
// came; the counts beside it change nothing about the memory.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        PEAK.add(layout.size());
        INSTRUMENTED_SYSTEM.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        PEAK.sub(layout.size());
        INSTRUMENTED_SYSTEM.dealloc(ptr, layout);
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        PEAK.add(layout.size());
        INSTRUMENTED_SYSTEM.alloc_zeroed(layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        PEAK.add(new_size);
        let moved = INSTRUMENTED_SYSTEM.realloc(ptr, layout, new_size);
        PEAK.sub(layout.size());
        moved
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// What [`Region`] reads: the instrumented allocator's counts.
static STATS: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// The bytes still allocated after `make` returns, and what it returned.
fn held<T>(make: impl FnOnce() -> T) -> (isize, T) {
    let region = Region::new(STATS);
    let value = make();
    let change = region.change();
    // Reallocations are in both sums already (growth allocated, shrinking freed).
    let net = change.bytes_allocated as isize - change.bytes_deallocated as isize;
    (net, value)
}

fn large_file() -> String {
    let mut text = String::from("User-agent: *\n");
    for i in 0..20_000 {
        text.push_str(&format!(
            "Disallow: /section-{}/page-{i}.html\nAllow: /*/{i}/keep$\n",
            i % 97
        ));
    }
    text
}

/// One test: the allocator's counts are global, so nothing else may run beside it.
#[test]
fn heap_bytes() {
    heap_bytes_is_what_the_allocator_sees();
    heap_bytes_follows_the_file();
    classification_stays_within_its_memory_bound();
}

/// The memory bound of one classification, for one crawler.
const CLASSIFY_MAX_BYTES: usize = 64_000_000;

/// A `User-agent: *` group of `Allow:*$` lines (as many as make `size`
/// bytes), an `Allow:/*X` for each of 70 bytes X, ten `Allow:/*c*$` and one
/// `Disallow:*X$`: each state has a child per byte, and every child is first
/// given every starred position (then most are dropped). Before the bound
/// counted what states really hold, one `classify()` of 9.5 KB of this took
/// 722 MB, and of 499 KB 2.32 GB.
fn starred_shape(size: usize) -> String {
    let bytes = ('a'..='z')
        .chain('A'..='Z')
        .chain('0'..='9')
        .chain("-_.~!&'(".chars());
    let mut tail = String::new();
    for x in bytes {
        tail.push_str(&format!("Allow:/*{x}\n"));
    }
    for c in 'a'..='j' {
        tail.push_str(&format!("Allow:/*{c}*$\n"));
    }
    tail.push_str("Disallow:*z$\n");
    let mut text = String::from("User-agent: *\n");
    while text.len() + tail.len() + "Allow:*$\n".len() <= size {
        text.push_str("Allow:*$\n");
    }
    text + &tail
}

/// Rules of four `*`s over 36 bytes each, as many as make `size` bytes:
/// every rule stays live in every state, and each state has a child per
/// byte, so the exploration reaches its memory bound (or its work bound).
fn many_stars(size: usize) -> String {
    let mut text = String::from("User-agent: *\nAllow: /\n");
    let mut i = 0usize;
    while text.len() < size - 32 {
        let mut rest = i;
        text.push_str("Disallow: /");
        for _ in 0..4 {
            let digit = (rest % 36) as u8;
            text.push('*');
            text.push(char::from(if digit < 26 {
                b'a' + digit
            } else {
                b'0' + digit - 26
            }));
            rest /= 36;
        }
        text.push('\n');
        i += 1;
    }
    text
}

fn classification_stays_within_its_memory_bound() {
    let files = [
        ("starred 9.5 KB", starred_shape(9_500)),
        ("starred 499 KB", starred_shape(499_000)),
        ("many stars 499 KB", many_stars(499_000)),
    ];
    for (name, text) in &files {
        assert!(text.len() <= 499_000, "{name}: {}", text.len());
        let policy = Policy::parse(text, Profile::Rfc9309);
        let matcher = policy.matcher("ExampleBot");
        let (peak, answer) = Peak::of(|| matcher.classify());
        assert!(peak <= CLASSIFY_MAX_BYTES, "{name}: {peak} bytes");
        // A real answer, or the documented one with its bound.
        match answer {
            Classification::Undecided(why) => assert!(why.bound > 0, "{name}: {why}"),
            other => assert!(matches!(other.name(), "allowed" | "blocked" | "partial")),
        }
        eprintln!("{name}: {} bytes, classify peak {peak} bytes", text.len());
    }
    // `robots report`: every crawler of the registry, the sample derived
    // from the rules, on the 9.6 KB file of the issue.
    let text = starred_shape(9_600);
    let doc = robots_runtime::document::parse(
        text.as_bytes(),
        robots_runtime::document::ParseOptions::new(Profile::Rfc9309),
    );
    let policy = doc.compile();
    let (peak, report) = Peak::of(|| {
        let sample = robots_lint::derived_sample(&doc, &policy).paths;
        robots_lint::CrawlerReport::new(&policy, sample)
    });
    assert!(report.rows.len() > 100, "{}", report.rows.len());
    assert!(peak <= CLASSIFY_MAX_BYTES, "report: {peak} bytes");
}

fn heap_bytes_is_what_the_allocator_sees() {
    let small =
        "User-agent: *\nDisallow: /private\nCrawl-delay: 2\nSitemap: https://a/s.xml\n".to_owned();
    let large = large_file();
    for (name, text) in [("small", &small), ("large", &large)] {
        for profile in [Profile::Google, Profile::Rfc9309] {
            let (net, policy) = held(|| Policy::parse(text, profile));
            assert!(net > 0, "{name}: {net}");
            assert_eq!(policy.heap_bytes() as isize, net, "{name} [{profile}]");

            let bytes = policy.to_bytes();
            let (net, loaded) = held(|| Policy::from_bytes(bytes.clone()).expect("its own bytes"));
            assert_eq!(loaded.heap_bytes() as isize, net, "{name} loaded");

            let (net, mine) = held(|| {
                Policy::builder()
                    .profile(profile)
                    .build_for_agent(text, "MyBot")
            });
            assert_eq!(mine.heap_bytes() as isize, net, "{name} one crawler");
        }
    }
    // A compiled-in policy holds nothing.
    static STATIC: Policy = robots_runtime::robots!(text = "User-agent: *\nDisallow: /x\n");
    assert_eq!(STATIC.heap_bytes(), 0);
}

/// The figure grows with the file, and a small file's policy is small.
fn heap_bytes_follows_the_file() {
    let large = large_file();
    let policy = Policy::parse(&large, Profile::Google);
    assert!(policy.heap_bytes() > large.len() / 2);
    assert!(policy.heap_bytes() < 4 * large.len());
    let tiny = Policy::parse("User-agent: *\nDisallow: /x\n", Profile::Google);
    assert!(tiny.heap_bytes() < 1024, "{}", tiny.heap_bytes());
}
