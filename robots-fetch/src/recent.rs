//! A small direct-mapped memo in front of the cache's moka map, for the hot path.
//!
//! moka stays the cache: it owns every entry, bounds the bytes, expires entries
//! and makes fetches single-flight. But its `get` also hashes with SipHash,
//! reads the clock twice and queues a read record for its eviction policy,
//! which cost more than the verdict itself (see BENCHMARKS.md). This memo maps
//! an origin to a [`Weak`] reference to moka's current entry: a hit costs a
//! hash of the origin, one read lock and one `Weak::upgrade`. Holding `Weak`s
//! keeps the byte bound moka's: once moka drops an entry, its contents are
//! freed and the upgrade fails (only the entry's fixed-size shell waits for
//! its slot to be reused: at most `SLOTS` of them).

use std::sync::{Arc, RwLock, Weak};

/// Slots: origins that collide share one, and the last one looked up wins.
const SLOTS: usize = 256;

/// One remembered origin.
struct Slot<T> {
    key: Box<str>,
    entry: Weak<T>,
}

/// Origins looked up lately, each to moka's entry (see the module docs).
pub(crate) struct Recent<T> {
    slots: Box<[RwLock<Option<Slot<T>>>]>,
}

impl<T> Recent<T> {
    pub(crate) fn new() -> Self {
        Recent {
            slots: (0..SLOTS).map(|_| RwLock::new(None)).collect(),
        }
    }

    /// The slot of `key`: a multiply-rotate hash over 8 bytes at a time (keys
    /// are short, and this is no DoS surface: a collision only sends a lookup
    /// on to moka).
    fn slot(&self, key: &str) -> Option<&RwLock<Option<Slot<T>>>> {
        const K: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut hash = key.len() as u64;
        for chunk in key.as_bytes().chunks(8) {
            let mut word = [0u8; 8];
            word.get_mut(..chunk.len())?.copy_from_slice(chunk);
            hash = (hash ^ u64::from_le_bytes(word))
                .wrapping_mul(K)
                .rotate_left(29);
        }
        // The high bits mix best.
        let index = usize::try_from(hash.wrapping_mul(K) >> 56).unwrap_or(0) % SLOTS;
        self.slots.get(index)
    }

    /// The entry remembered for `key`, if moka still holds it.
    pub(crate) fn get(&self, key: &str) -> Option<Arc<T>> {
        let slot = self.slot(key)?.read().ok()?;
        let slot = slot.as_ref()?;
        if &*slot.key != key {
            return None;
        }
        slot.entry.upgrade()
    }

    /// Remember `entry` as `key`'s.
    pub(crate) fn remember(&self, key: &str, entry: &Arc<T>) {
        let Some(slot) = self.slot(key) else {
            return;
        };
        if let Ok(mut slot) = slot.write() {
            match slot.as_mut() {
                Some(held) if &*held.key == key => held.entry = Arc::downgrade(entry),
                _ => {
                    *slot = Some(Slot {
                        key: key.into(),
                        entry: Arc::downgrade(entry),
                    });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembers_while_the_entry_lives() {
        let recent = Recent::new();
        let a = Arc::new(1);
        recent.remember("http://a.example", &a);
        assert_eq!(recent.get("http://a.example").as_deref(), Some(&1));
        assert!(recent.get("http://b.example").is_none());
        // Replaced: the new entry.
        let a2 = Arc::new(2);
        recent.remember("http://a.example", &a2);
        assert_eq!(recent.get("http://a.example").as_deref(), Some(&2));
        // Dropped by its owner: gone, whatever the memo held.
        drop(a2);
        assert!(recent.get("http://a.example").is_none());
        drop(a);
        // Many origins: each either answers with its own entry or not at all.
        let entries: Vec<Arc<usize>> = (0..1000).map(Arc::new).collect();
        for (n, entry) in entries.iter().enumerate() {
            recent.remember(&format!("http://h{n}.example"), entry);
        }
        let mut hits = 0;
        for n in 0..1000 {
            if let Some(entry) = recent.get(&format!("http://h{n}.example")) {
                assert_eq!(*entry, n);
                hits += 1;
            }
        }
        assert!(hits > 0 && hits <= SLOTS, "{hits}");
    }
}
