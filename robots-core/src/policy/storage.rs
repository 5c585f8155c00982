//! Where a policy's tables live: `static` data from the code generator, or a
//! buffer the policy owns (its byte form), with the view of the tables in it
//! kept beside it, so that a check finds every table with no work.
//!
//! A policy loaded from bytes keeps the buffer it was given; a policy compiled
//! at run time keeps its tables' region (the byte form less its header). One
//! exactly sized buffer and a view of about a hundred bytes are all a policy
//! holds: a crawler holds millions of them.

use crate::compile::Compiled;
use crate::profile::Profile;
use crate::tables::encode::decode;
use crate::tables::layout::{Tables, TABLE_COUNT};
use alloc::boxed::Box;
use alloc::vec::Vec;

/// What an owned policy's buffer holds.
pub(crate) enum Memory {
    /// A byte form (header, tables, and a one-crawler part if any).
    ByteForm(Box<[u8]>),
    /// The tables' region alone.
    Region(Box<[u8]>),
}

impl Memory {
    fn bytes(&self) -> &[u8] {
        match self {
            Memory::ByteForm(b) | Memory::Region(b) => b,
        }
    }
}

self_cell::self_cell!(
    /// A policy's buffer, and the tables read from it.
    pub(crate) struct Owned {
        owner: Memory,
        #[covariant]
        dependent: Tables,
    }
);

/// A policy's tables.
pub(crate) enum Storage {
    /// Compiled in.
    Static(&'static Tables<'static>),
    /// In a buffer of its own.
    Owned(Owned),
}

impl Storage {
    /// The tables.
    #[inline]
    pub(crate) fn tables(&self) -> &Tables<'_> {
        match self {
            Storage::Static(t) => t,
            Storage::Owned(owned) => owned.borrow_dependent(),
        }
    }

    /// The buffer, for a policy that keeps its byte form.
    pub(crate) fn buffer(&self) -> Option<&[u8]> {
        match self {
            Storage::Owned(owned) => match owned.borrow_owner() {
                Memory::ByteForm(b) => Some(b),
                Memory::Region(_) => None,
            },
            Storage::Static(_) => None,
        }
    }

    /// A policy over `buffer`, a byte form already checked (or written by this
    /// crate): reading it again cannot fail.
    ///
    /// # Panics
    /// With a message starting "bug:" if it does: a policy that answered
    /// anyway would allow everything.
    pub(crate) fn of_buffer(buffer: Vec<u8>) -> Storage {
        let memory = Memory::ByteForm(buffer.into_boxed_slice());
        match Owned::try_new(memory, |m| decode(m.bytes(), false).map(|(t, _)| t)) {
            Ok(owned) => Storage::Owned(owned),
            Err(e) => panic!("bug: a checked byte form did not read back: {e}"),
        }
    }

    /// A policy over freshly compiled tables: their region.
    pub(crate) fn of_compiled(compiled: Compiled) -> Storage {
        let (profile, any_set) = (compiled.profile, compiled.any_set);
        let (region, counts) = compiled.into_region();
        let storage = Storage::of_region(region, &counts, profile, any_set);
        debug_assert_eq!(storage.tables().validate(), Ok(()));
        storage
    }

    /// A policy over `region`, tables of `counts` records each that this crate
    /// laid out: they fit it.
    ///
    /// # Panics
    /// With a message starting "bug:" if they do not (never an empty policy,
    /// which would allow everything).
    fn of_region(
        region: Vec<u8>,
        counts: &[usize; TABLE_COUNT],
        profile: Profile,
        any_set: u32,
    ) -> Storage {
        let memory = Memory::Region(region.into_boxed_slice());
        match Owned::try_new(memory, |m| {
            Tables::new(m.bytes(), counts, profile, any_set).ok_or(())
        }) {
            Ok(owned) => Storage::Owned(owned),
            Err(()) => panic!("bug: compiled tables do not fit their region ({counts:?})"),
        }
    }

    /// The bytes the storage holds on the heap.
    pub(crate) fn heap_bytes(&self) -> usize {
        match self {
            // The one allocation holding the buffer's handle beside the view,
            // and the buffer.
            Storage::Owned(owned) => {
                size_of::<Memory>()
                    + size_of::<Tables<'static>>()
                    + owned.borrow_owner().bytes().len()
            }
            Storage::Static(_) => 0,
        }
    }
}

impl Clone for Storage {
    fn clone(&self) -> Self {
        match self {
            Storage::Static(t) => Storage::Static(t),
            Storage::Owned(owned) => match owned.borrow_owner() {
                Memory::ByteForm(b) => Storage::of_buffer(b.to_vec()),
                Memory::Region(b) => {
                    let t = owned.borrow_dependent();
                    Storage::of_region(b.to_vec(), &t.counts(), t.profile, t.any_set)
                }
            },
        }
    }
}
