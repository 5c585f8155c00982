//! The process-wide registry of compiled policies behind `robots_compile`'s
//! keys.
//!
//! Why keys: DuckDB's C API flattens every input chunk before a scalar
//! function sees it, so a body column arrives as pointers that mean nothing
//! past one vector, and the body form must compare each distinct body of a
//! vector whole with the copy it was compiled from ([`crate::cache`]). When
//! rows come in random order that comparison reads every body once per
//! vector. A key is eight bytes: a vector's rows find their compiled policy
//! by the key alone, whatever their order.
//!
//! A key is `nonce << 32 | sequence`: the nonce is drawn once per process, so
//! a key saved in a table and read by another process (or made up) is told
//! apart from this process's keys, and the sequence number is never reused
//! within the process, so a key names one compiled body or none, never
//! another one. The registry is bounded in bytes ([`limit`], the environment
//! variable [`LIMIT_VARIABLE`]): past it, the oldest keys are evicted, and
//! looking one up is an error that says so, as is any key not made here.
//! A body compiled again while its key is still held gets that key back.

use robots_lint::{sniff, NotRobotsTxt};
use robots_runtime::{Policy, Profile};
use std::collections::hash_map::RandomState;
use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasher, Hash, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// The environment variable that sets the registry's bound, in bytes.
pub const LIMIT_VARIABLE: &str = "ROBOTS_DUCKDB_REGISTRY_BYTES";

/// The bound when the environment sets none: 1 GiB of bodies and policies.
pub const DEFAULT_LIMIT: usize = 1 << 30;

/// What an entry costs beyond its body and policy (the maps' slots, the
/// entry itself): counted so that many empty bodies are bounded too.
const ENTRY_BYTES: usize = 128;

/// A body compiled by `robots_compile`, shared by every thread.
pub struct Entry {
    /// The body's bytes (`robots_records`, `robots_lint`, `robots_report`
    /// read them again).
    pub body: Arc<[u8]>,
    /// The policy; `None` for binary data, not a robots.txt (as the body form).
    pub policy: Option<Arc<Policy>>,
    /// The profile it was compiled under: the key's profile.
    pub profile: Profile,
    /// Set when the registry evicts the entry: a thread that kept it must
    /// not answer for its key any more.
    evicted: AtomicBool,
    /// What it counts for in the bound.
    bytes: usize,
}

impl Entry {
    /// Whether the registry has evicted this entry.
    #[inline]
    pub fn is_evicted(&self) -> bool {
        self.evicted.load(Ordering::Relaxed)
    }
}

/// Why a key names no entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyError {
    /// Its high half is not this process's nonce: made by another process
    /// (a key saved in a table outlives the process that made it), or made up.
    OtherProcess(u64),
    /// Its sequence number is one this process has not given out.
    Unknown(u64),
    /// Evicted to keep the registry within its bound.
    Evicted(u64),
}

impl std::fmt::Display for KeyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            KeyError::OtherProcess(key) => write!(
                f,
                "robots key {key} was not made by this process's robots_compile: keys last only as long as \
                 the process that made them; call robots_compile(body) again in this process"
            ),
            KeyError::Unknown(key) => write!(
                f,
                "robots key {key} was never given out by robots_compile: pass a value robots_compile returned"
            ),
            KeyError::Evicted(key) => write!(
                f,
                "robots key {key} was evicted: the registry of compiled policies holds at most {} bytes \
                 ({LIMIT_VARIABLE}); compile fewer bodies, or raise the bound, and call robots_compile again",
                limit()
            ),
        }
    }
}

/// The registry's state, behind its lock.
#[derive(Default)]
struct Entries {
    /// By sequence number.
    by_sequence: HashMap<u32, Arc<Entry>>,
    /// Sequence numbers, oldest first: the order of eviction.
    order: VecDeque<u32>,
    /// Sequence numbers by profile and a hash of the whole body (bodies with
    /// one hash are told apart by their bytes).
    by_content: HashMap<(Profile, u64), Vec<u32>>,
    /// The next sequence number to give out.
    next: u32,
    /// What the held entries count for.
    bytes: usize,
}

struct Registry {
    nonce: u32,
    limit: usize,
    /// Hashes bodies for `by_content` (seeded per process).
    hasher: RandomState,
    entries: Mutex<Entries>,
}

static REGISTRY: OnceLock<Registry> = OnceLock::new();

/// How many entries were ever evicted: a thread's cache of keys drops its
/// evicted entries when this moves ([`crate::cache`]).
static EVICTIONS: AtomicU64 = AtomicU64::new(0);

/// How many entries the registry has evicted in this process.
pub fn evictions() -> u64 {
    EVICTIONS.load(Ordering::Relaxed)
}

/// A nonzero number that differs between processes: std's hasher seeds are
/// random per process, mixed with the process id and the time for good measure.
fn draw_nonce() -> u32 {
    let mut h = RandomState::new().build_hasher();
    std::process::id().hash(&mut h);
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default()
        .hash(&mut h);
    let folded = h.finish();
    // Truncation keeps 32 well-mixed bits; 0 is left unused, so that small
    // numbers typed by hand are never keys.
    match (folded ^ (folded >> 32)) as u32 {
        0 => 1,
        n => n,
    }
}

/// The bound: [`LIMIT_VARIABLE`] when set to a number, else [`DEFAULT_LIMIT`].
fn read_limit() -> usize {
    std::env::var(LIMIT_VARIABLE)
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .unwrap_or(DEFAULT_LIMIT)
}

fn registry() -> &'static Registry {
    REGISTRY.get_or_init(|| Registry {
        nonce: draw_nonce(),
        limit: read_limit(),
        hasher: RandomState::new(),
        entries: Mutex::default(),
    })
}

/// The registry's bound in bytes (read once per process).
pub fn limit() -> usize {
    registry().limit
}

impl Registry {
    /// The lock. A panic while it was held cannot leave the maps half-made
    /// (each change is made whole before the next may fail), so a poisoned
    /// lock's state is used as it is.
    fn lock(&self) -> MutexGuard<'_, Entries> {
        self.entries
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn key(&self, sequence: u32) -> u64 {
        (u64::from(self.nonce) << 32) | u64::from(sequence)
    }
}

impl Entries {
    /// The held entry with these bytes under `profile`, if any.
    fn find(&self, profile: Profile, hash: u64, body: &[u8]) -> Option<u32> {
        self.by_content
            .get(&(profile, hash))?
            .iter()
            .copied()
            .find(|s| self.by_sequence.get(s).is_some_and(|e| *e.body == *body))
    }

    /// Evict the oldest entries until `incoming` more bytes fit under `limit`.
    fn make_room(&mut self, incoming: usize, limit: usize, hasher: &RandomState) {
        while self.bytes.saturating_add(incoming) > limit {
            let Some(oldest) = self.order.pop_front() else {
                break;
            };
            let Some(entry) = self.by_sequence.remove(&oldest) else {
                continue;
            };
            entry.evicted.store(true, Ordering::Relaxed);
            EVICTIONS.fetch_add(1, Ordering::Relaxed);
            self.bytes = self.bytes.saturating_sub(entry.bytes);
            let slot = (entry.profile, hasher.hash_one(&*entry.body));
            if let Some(same) = self.by_content.get_mut(&slot) {
                same.retain(|&s| s != oldest);
                if same.is_empty() {
                    self.by_content.remove(&slot);
                }
            }
        }
    }
}

/// Compile `body` under `profile` and return its key: the key it already
/// has if the registry holds it, else a new one (evicting the oldest
/// entries when the bound needs room).
///
/// # Errors
/// When the body alone is larger than the bound, or the process has given
/// out 2^32 keys.
pub fn compile(body: &[u8], profile: Profile) -> Result<u64, String> {
    let registry = registry();
    let hash = registry.hasher.hash_one(body);
    if let Some(sequence) = registry.lock().find(profile, hash, body) {
        return Ok(registry.key(sequence));
    }
    // Parsed outside the lock: other threads compile meanwhile.
    crate::cache::count_parse();
    let policy = match sniff(body) {
        Some(NotRobotsTxt::Binary) => None,
        _ => Some(Arc::new(Policy::builder().profile(profile).build(body))),
    };
    let bytes = body
        .len()
        .saturating_add(policy.as_ref().map_or(0, |p| p.heap_bytes()))
        .saturating_add(ENTRY_BYTES);
    if bytes > registry.limit {
        return Err(format!(
            "robots_compile: a body of {} bytes needs {bytes} bytes compiled, more than the registry's bound \
             of {} bytes ({LIMIT_VARIABLE})",
            body.len(),
            registry.limit
        ));
    }
    let mut entries = registry.lock();
    // Another thread may have compiled the same body meanwhile.
    if let Some(sequence) = entries.find(profile, hash, body) {
        return Ok(registry.key(sequence));
    }
    let sequence = entries.next;
    entries.next = sequence
        .checked_add(1)
        .ok_or("robots_compile: this process has given out 2^32 keys; start a new one")?;
    entries.make_room(bytes, registry.limit, &registry.hasher);
    let entry = Arc::new(Entry {
        body: Arc::from(body),
        policy,
        profile,
        evicted: AtomicBool::new(false),
        bytes,
    });
    entries.by_sequence.insert(sequence, entry);
    entries.order.push_back(sequence);
    entries
        .by_content
        .entry((profile, hash))
        .or_default()
        .push(sequence);
    entries.bytes = entries.bytes.saturating_add(bytes);
    Ok(registry.key(sequence))
}

/// The entry `key` names.
///
/// # Errors
/// When the key is another process's, was never given out, or was evicted.
pub fn lookup(key: u64) -> Result<Arc<Entry>, KeyError> {
    let registry = registry();
    if (key >> 32) as u32 != registry.nonce {
        return Err(KeyError::OtherProcess(key));
    }
    let sequence = key as u32;
    let entries = registry.lock();
    match entries.by_sequence.get(&sequence) {
        Some(entry) => Ok(Arc::clone(entry)),
        None if sequence < entries.next => Err(KeyError::Evicted(key)),
        None => Err(KeyError::Unknown(key)),
    }
}
