//! Where a policy's tables live: `static` data from the code generator, or
//! memory the policy owns, with the view of the tables in it kept beside it,
//! so that a check finds every table with no work.
//!
//! A policy loaded from bytes keeps the buffer it was given. A policy compiled
//! at run time keeps its tables in one buffer too when they are small (one
//! allocation: the least memory), and keeps the compiler's vectors when they
//! are large (copying megabytes into one buffer would cost parse time, and a
//! few allocations more are nothing beside them).

use crate::compile::Compiled;
use crate::tables::encode::decode;
use crate::tables::layout::Tables;
use alloc::boxed::Box;
use alloc::vec::Vec;

/// Tables of at most this many bytes are copied into one buffer.
const ONE_BUFFER_MAX: usize = 64 << 10;

/// What an owned policy's memory is.
pub(crate) enum Memory {
    /// The byte form.
    Buffer(Vec<u8>),
    /// The compiler's vectors, one per table.
    Vectors(Box<Compiled>),
}

self_cell::self_cell!(
    /// A policy's memory, and the tables read from it.
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
                Memory::Buffer(buffer) => Some(buffer),
                Memory::Vectors(_) => None,
            },
            Storage::Static(_) => None,
        }
    }

    /// A policy over `buffer`, a byte form already checked (or written by this
    /// crate): reading it again cannot fail; if it did, the policy is empty.
    pub(crate) fn of_buffer(buffer: Vec<u8>) -> Storage {
        match Owned::try_new(Memory::Buffer(buffer), |memory| match memory {
            Memory::Buffer(b) => decode(b, false).map(|(tables, _)| tables),
            Memory::Vectors(c) => Ok(c.view()),
        }) {
            Ok(owned) => Storage::Owned(owned),
            Err(_) => {
                debug_assert!(false, "a checked byte form did not read back");
                Storage::Static(&Tables::EMPTY)
            }
        }
    }

    /// A policy over freshly compiled tables (see the module docs).
    pub(crate) fn of_compiled(mut compiled: Compiled) -> Storage {
        if compiled.vecs.byte_len() <= ONE_BUFFER_MAX {
            return Storage::of_buffer(compiled.encode());
        }
        compiled.vecs.shrink_to_fit();
        Storage::Owned(Owned::new(
            Memory::Vectors(Box::new(compiled)),
            |memory| match memory {
                Memory::Vectors(c) => c.view(),
                Memory::Buffer(_) => Tables::EMPTY,
            },
        ))
    }

    /// The bytes the storage holds on the heap.
    pub(crate) fn heap_bytes(&self) -> usize {
        let Storage::Owned(owned) = self else {
            return 0;
        };
        // The one allocation holding the memory's handle beside the view.
        let cell = size_of::<Memory>() + size_of::<Tables<'static>>();
        cell + match owned.borrow_owner() {
            Memory::Buffer(buffer) => buffer.capacity(),
            Memory::Vectors(c) => size_of::<Compiled>() + c.vecs.heap_bytes(),
        }
    }
}

impl Clone for Storage {
    fn clone(&self) -> Self {
        match self {
            Storage::Static(t) => Storage::Static(t),
            Storage::Owned(owned) => match owned.borrow_owner() {
                Memory::Buffer(buffer) => Storage::of_buffer(buffer.clone()),
                Memory::Vectors(c) => Storage::of_compiled(Compiled::clone(c)),
            },
        }
    }
}
