//! Each robots.txt body parsed once: per vector, and across the vectors a
//! thread works through.
//!
//! A query such as `robots_allowed(robots.body, 'GPTBot', urls.url)` over a
//! join repeats each site's body on every URL row. Within a vector, DuckDB
//! stores a repeated value once and points every row at it, so rows are told
//! apart by where their bytes live ([`Bodies::resolve`]) before any byte is
//! read; each distinct body is then looked up in a per-thread cache of
//! compiled policies (by length and a hash of a sample of its bytes, then
//! compared whole), so a body met again in a later vector (the rows
//! of a site spread over many vectors) is not parsed again either. The cache
//! is bounded: past [`CACHE_BYTES`] of bodies it starts afresh.

use crate::functions::ListKind;
use crate::output::Cell;
use robots_lint::{sniff, NotRobotsTxt};
use robots_runtime::{Policy, Profile};
use std::cell::RefCell;
use std::collections::hash_map::{DefaultHasher, Entry};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};

/// How many bodies this process has parsed (`robots_parse_count()`).
static PARSED: AtomicU64 = AtomicU64::new(0);

/// How many bodies this process has parsed so far.
pub fn parsed() -> u64 {
    PARSED.load(Ordering::Relaxed)
}

/// How many bytes of bodies one thread's cache holds before it is emptied.
pub const CACHE_BYTES: usize = 64 << 20;

/// A list of records (`robots_records`, `robots_lint`, `robots_report`), shared by rows.
pub type List = Rc<Vec<Vec<Cell>>>;

/// A body as the engine read it under one profile.
pub struct Compiled {
    body: Box<[u8]>,
    /// The policy; `None` when the body is binary data, not a robots.txt
    /// (`robots_lint::sniff`: control bytes at its start, as a gzip or an
    /// image has), which gets no verdict.
    pub policy: Option<Policy>,
    /// The profile it was read under.
    pub profile: Profile,
    /// The lists of `robots_records`, `robots_lint` and `robots_report`, made
    /// when first asked for.
    lists: RefCell<HashMap<ListKind, Option<List>>>,
}

impl Compiled {
    fn new(body: &[u8], profile: Profile) -> Compiled {
        PARSED.fetch_add(1, Ordering::Relaxed);
        let policy = match sniff(body) {
            Some(NotRobotsTxt::Binary) => None,
            _ => Some(Policy::builder().profile(profile).build(body)),
        };
        Compiled {
            body: body.into(),
            policy,
            profile,
            lists: RefCell::default(),
        }
    }

    /// List `kind` of this body: `make()` the first time.
    pub fn list(
        &self,
        kind: ListKind,
        make: impl FnOnce() -> Option<Vec<Vec<Cell>>>,
    ) -> Option<List> {
        if let Some(made) = self.lists.borrow().get(&kind) {
            return made.clone();
        }
        let made = make().map(Rc::new);
        self.lists.borrow_mut().insert(kind, made.clone());
        made
    }

    /// The body's bytes.
    pub fn body(&self) -> &[u8] {
        &self.body
    }
}

/// The per-thread cache: compiled bodies by profile, length and a sample of
/// their bytes (bodies with the same key each keep their own entry).
#[derive(Default)]
struct Cache {
    entries: HashMap<(Profile, usize, u64), Vec<Rc<Compiled>>>,
    bytes: usize,
}

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(Cache::default());
}

/// How many bytes of each end and of the middle [`sample_hash`] reads.
const SAMPLE: usize = 64;

/// A hash of the first, middle and last [`SAMPLE`] bytes of `body`: a body is
/// looked up once per vector, and hashing all of a large one each time cost
/// more than the checks of its rows. Equal keys are told apart by comparing
/// the bytes (`memcmp`, far cheaper than hashing them).
fn sample_hash(body: &[u8]) -> u64 {
    let mut hasher = DefaultHasher::new();
    let middle = body.len() / 2;
    for part in [
        body.get(..SAMPLE.min(body.len())),
        body.get(middle.saturating_sub(SAMPLE / 2)..(middle + SAMPLE / 2).min(body.len())),
        body.get(body.len().saturating_sub(SAMPLE)..),
    ] {
        part.unwrap_or_default().hash(&mut hasher);
    }
    hasher.finish()
}

/// `body` compiled under `profile`: from this thread's cache, or parsed now
/// (and kept).
fn compiled(body: &[u8], profile: Profile) -> Rc<Compiled> {
    let key = (profile, body.len(), sample_hash(body));
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if let Some(found) = cache
            .entries
            .get(&key)
            .and_then(|same_key| same_key.iter().find(|c| c.body() == body))
        {
            return Rc::clone(found);
        }
        if cache.bytes.saturating_add(body.len()) > CACHE_BYTES {
            cache.entries.clear();
            cache.bytes = 0;
        }
        let made = Rc::new(Compiled::new(body, profile));
        cache.bytes = cache.bytes.saturating_add(body.len());
        cache.entries.entry(key).or_default().push(Rc::clone(&made));
        made
    })
}

/// The distinct bodies of one vector, each compiled once, and which one each
/// row has.
#[derive(Default)]
pub struct Bodies {
    /// The distinct (body, profile) pairs, in order of first appearance.
    pub compiled: Vec<Rc<Compiled>>,
    /// Slots by where the bytes live: rows that share a value share an address.
    by_address: HashMap<(usize, usize, Profile), usize>,
    /// Slots by compiled body: two addresses may hold one content.
    by_compiled: HashMap<*const Compiled, usize>,
}

impl Bodies {
    /// The slot of `body` under `profile`, compiling it on first sight.
    pub fn resolve(&mut self, body: &[u8], profile: Profile) -> usize {
        let address = (body.as_ptr() as usize, body.len(), profile);
        match self.by_address.entry(address) {
            Entry::Occupied(slot) => *slot.get(),
            Entry::Vacant(vacant) => {
                let made = compiled(body, profile);
                // Two addresses, one content (a value copied, not shared):
                // one slot, so the per-slot work is done once too.
                let next = self.compiled.len();
                let slot = *self.by_compiled.entry(Rc::as_ptr(&made)).or_insert(next);
                if slot == next {
                    self.compiled.push(made);
                }
                vacant.insert(slot);
                slot
            }
        }
    }
}
