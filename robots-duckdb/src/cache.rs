//! Each robots.txt body parsed once, and each (body, crawler) resolved once:
//! per vector, and across the vectors a thread works through.
//!
//! A query such as `robots_allowed(robots.body, 'GPTBot', urls.url)` over a
//! join repeats each site's body on every URL row. Within a vector, DuckDB
//! stores a repeated value once and points every row at it, so rows are told
//! apart by where their bytes live ([`Bodies::resolve`]) before any byte is
//! read. Each distinct body of a vector is then found in a per-thread cache
//! of compiled bodies by content: first the entry last found at the same
//! address, else by length and a hash of a sample of its bytes; either way
//! the bytes are compared whole, since an address may hold other bytes in
//! another vector. That comparison is the one cost a vector pays per distinct
//! body; parsing, and resolving a crawler's groups ([`Compiled::resolution`]),
//! happen once per thread. The cache is bounded: past [`CACHE_BYTES`] of
//! bodies and resolutions it starts afresh.
//!
//! A key from `robots_compile` ([`crate::registry`]) skips the comparison:
//! a vector's rows find their slot by the key ([`Bodies::resolve_key`]), and
//! a key met for the first time on this thread is looked up in the registry
//! once, sharing its body and policy; the resolutions are still this thread's.

use crate::crawler::{crawler, Reports, Resolution};
use crate::functions::ListKind;
use crate::output::Cell;
use crate::registry::{self, KeyError};
use robots_lint::{sniff, ChainReports, NotRobotsTxt};
use robots_runtime::{Policy, Profile};
use std::cell::{OnceCell, RefCell};
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hash, Hasher};
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// A hash map with a fast hasher (the keys are addresses, lengths, indices
/// and agents: short), seeded per process.
pub type FastMap<K, V> = HashMap<K, V, foldhash::fast::RandomState>;

/// How many bodies this process has parsed (`robots_parse_count()`).
static PARSED: AtomicU64 = AtomicU64::new(0);

/// How many bodies this process has parsed so far.
pub fn parsed() -> u64 {
    PARSED.load(Ordering::Relaxed)
}

/// Count one body parsed (the body form here, `robots_compile` in the registry).
pub fn count_parse() {
    PARSED.fetch_add(1, Ordering::Relaxed);
}

/// How many bytes of bodies (and crawler resolutions) one thread's cache
/// holds before it is emptied.
pub const CACHE_BYTES: usize = 64 << 20;

/// What a resolution is counted as in [`CACHE_BYTES`], beyond its agent's
/// bytes (the matcher, the map entry, the record of its access).
const RESOLUTION_BYTES: usize = 256;

/// What an address remembered is counted as in [`CACHE_BYTES`] (a column
/// whose every vector holds fresh copies of its bodies adds addresses).
const ADDRESS_BYTES: usize = 64;

/// A list of records (`robots_records`, `robots_lint`, `robots_report`), shared by rows.
pub type List = Rc<Vec<Vec<Cell>>>;

/// A body as the engine read it under one profile.
pub struct Compiled {
    body: Arc<[u8]>,
    /// The policy; `None` when the body is binary data, not a robots.txt
    /// (`robots_lint::sniff`: control bytes at its start, as a gzip or an
    /// image has), which gets no verdict.
    pub policy: Option<Arc<Policy>>,
    /// The profile it was read under.
    pub profile: Profile,
    /// The lists of `robots_records`, `robots_lint` and `robots_report`, made
    /// when first asked for.
    lists: RefCell<HashMap<ListKind, Option<List>>>,
    /// What each agent met so far obeys in this body.
    resolutions: RefCell<FastMap<Box<[u8]>, Rc<Resolution>>>,
    /// The crawler reports of the policy, made when first asked for.
    reports: OnceCell<Reports>,
}

impl Compiled {
    fn new(body: &[u8], profile: Profile) -> Compiled {
        count_parse();
        let policy = match sniff(body) {
            Some(NotRobotsTxt::Binary) => None,
            _ => Some(Arc::new(Policy::builder().profile(profile).build(body))),
        };
        Compiled {
            body: body.into(),
            policy,
            profile,
            lists: RefCell::default(),
            resolutions: RefCell::default(),
            reports: OnceCell::new(),
        }
    }

    /// This thread's view of a registry entry: the entry's body and policy,
    /// shared, not copied or parsed again; the resolutions and lists made
    /// from it are this thread's.
    fn of_entry(entry: &registry::Entry) -> Compiled {
        Compiled {
            body: Arc::clone(&entry.body),
            policy: entry.policy.clone(),
            profile: entry.profile,
            lists: RefCell::default(),
            resolutions: RefCell::default(),
            reports: OnceCell::new(),
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

    /// What `agent` obeys in this body (`None`: binary data, no robots.txt):
    /// resolved the first time, then remembered.
    pub fn resolution(&self, agent: &[u8]) -> Option<Rc<Resolution>> {
        let policy = self.policy.as_ref()?;
        if let Some(found) = self.resolutions.borrow().get(agent) {
            return Some(Rc::clone(found));
        }
        let reports = self.reports.get_or_init(|| {
            Rc::new(RefCell::new(ChainReports::new(
                Arc::clone(policy),
                Vec::new(),
            )))
        });
        let made = Rc::new(Resolution::new(policy, crawler(agent), Rc::clone(reports)));
        self.resolutions
            .borrow_mut()
            .insert(Box::from(agent), Rc::clone(&made));
        CACHE.with(|cache| cache.borrow_mut().charge(agent.len() + RESOLUTION_BYTES));
        Some(made)
    }

    /// The body's bytes.
    pub fn body(&self) -> &[u8] {
        &self.body
    }
}

/// The per-thread cache of compiled bodies.
#[derive(Default)]
struct Cache {
    /// By profile, length and a hash of a sample of the bytes (bodies with
    /// the same key each keep their own entry).
    by_content: FastMap<(Profile, usize, u64), Vec<Rc<Compiled>>>,
    /// The entry last found at an address (its bytes are compared again
    /// before it is used: the address may hold other bytes by now).
    by_address: FastMap<(usize, usize, Profile), Rc<Compiled>>,
    /// Registry entries met by key (`robots_compile`), with this thread's
    /// view of each; an entry the registry has evicted is dropped.
    by_key: FastMap<u64, (Arc<registry::Entry>, Rc<Compiled>)>,
    /// The registry's eviction count when `by_key` was last swept.
    evictions_seen: u64,
    /// Bytes held: bodies, and resolutions (counted by [`Cache::charge`]).
    bytes: usize,
    /// Set when the bytes passed [`CACHE_BYTES`]: emptied at the next lookup
    /// (not while a vector's bodies may be borrowed from it).
    full: bool,
}

impl Cache {
    fn charge(&mut self, bytes: usize) {
        self.bytes = self.bytes.saturating_add(bytes);
        self.full |= self.bytes > CACHE_BYTES;
    }

    fn empty_if_full(&mut self) {
        if self.full {
            self.by_content.clear();
            self.by_address.clear();
            self.by_key.clear();
            self.bytes = 0;
            self.full = false;
        }
    }
}

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(Cache::default());
}

/// How many bytes of each end and of the middle [`sample_hash`] reads.
const SAMPLE: usize = 64;

/// A hash of the first, middle and last [`SAMPLE`] bytes of `body`: a body is
/// looked up once per vector, and hashing all of a large one each time cost
/// more than the checks of its rows. Equal keys are told apart by comparing
/// the bytes.
fn sample_hash(hasher: &foldhash::fast::RandomState, body: &[u8]) -> u64 {
    let mut h = hasher.build_hasher();
    let middle = body.len() / 2;
    for part in [
        body.get(..SAMPLE.min(body.len())),
        body.get(middle.saturating_sub(SAMPLE / 2)..(middle + SAMPLE / 2).min(body.len())),
        body.get(body.len().saturating_sub(SAMPLE)..),
    ] {
        part.unwrap_or_default().hash(&mut h);
    }
    h.finish()
}

/// `body` compiled under `profile`: from this thread's cache, or parsed now
/// (and kept).
fn compiled(body: &[u8], profile: Profile) -> Rc<Compiled> {
    let address = (body.as_ptr() as usize, body.len(), profile);
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        cache.empty_if_full();
        // The entry last met at this address, when it still holds its bytes.
        if let Some(found) = cache.by_address.get(&address) {
            if found.body() == body {
                return Rc::clone(found);
            }
        }
        let key = (
            profile,
            body.len(),
            sample_hash(cache.by_content.hasher(), body),
        );
        let found = cache
            .by_content
            .get(&key)
            .and_then(|same_key| same_key.iter().find(|c| c.body() == body))
            .map(Rc::clone);
        let entry = match found {
            Some(found) => found,
            None => {
                let made = Rc::new(Compiled::new(body, profile));
                cache.charge(body.len());
                cache
                    .by_content
                    .entry(key)
                    .or_default()
                    .push(Rc::clone(&made));
                made
            }
        };
        if cache
            .by_address
            .insert(address, Rc::clone(&entry))
            .is_none()
        {
            cache.charge(ADDRESS_BYTES);
        }
        entry
    })
}

/// This thread's view of the registry entry `key` names.
///
/// # Errors
/// When the key names no entry (another process's, never given out, evicted).
fn compiled_by_key(key: u64) -> Result<Rc<Compiled>, KeyError> {
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        cache.empty_if_full();
        // Entries the registry evicted since the last sweep are let go, so
        // that this thread does not keep their memory past the bound.
        let evictions = registry::evictions();
        if evictions != cache.evictions_seen {
            cache.by_key.retain(|_, (entry, _)| !entry.is_evicted());
            cache.evictions_seen = evictions;
        }
        if let Some((entry, compiled)) = cache.by_key.get(&key) {
            // Evicted since the sweep: an error, as on every other thread.
            if entry.is_evicted() {
                return Err(KeyError::Evicted(key));
            }
            return Ok(Rc::clone(compiled));
        }
        let entry = registry::lookup(key)?;
        let made = Rc::new(Compiled::of_entry(&entry));
        cache.by_key.insert(key, (entry, Rc::clone(&made)));
        cache.charge(ADDRESS_BYTES);
        Ok(made)
    })
}

/// The distinct bodies of one vector, each compiled once, and which one each
/// row has.
#[derive(Default)]
pub struct Bodies {
    /// The distinct (body, profile) pairs, in order of first appearance.
    pub compiled: Vec<Rc<Compiled>>,
    /// Slots by where the bytes live: rows that share a value share an address.
    by_address: FastMap<(usize, usize, Profile), usize>,
    /// Slots by compiled body: two addresses may hold one content.
    by_compiled: FastMap<*const Compiled, usize>,
    /// Slots by key (`robots_compile`).
    by_key: FastMap<u64, usize>,
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

    /// The slot of the body `key` names, found in the registry on first sight.
    ///
    /// # Errors
    /// When the key names no entry (another process's, never given out, evicted).
    pub fn resolve_key(&mut self, key: u64) -> Result<usize, KeyError> {
        match self.by_key.entry(key) {
            Entry::Occupied(slot) => Ok(*slot.get()),
            Entry::Vacant(vacant) => {
                let made = compiled_by_key(key)?;
                let next = self.compiled.len();
                let slot = *self.by_compiled.entry(Rc::as_ptr(&made)).or_insert(next);
                if slot == next {
                    self.compiled.push(made);
                }
                vacant.insert(slot);
                Ok(slot)
            }
        }
    }
}
