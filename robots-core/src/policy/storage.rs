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
use crate::tables::view::{Tables, TABLE_COUNT};
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
        let (profile, any_set) = (compiled.profile, compiled.any_set.as_u32());
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

/// A corrupted table is a bug where the crate trusts it (tables it built)
/// and an error where it does not (bytes from outside): never a policy that
/// quietly allows everything.
#[cfg(all(test, feature = "std"))]
mod tests {
    use super::Storage;
    use crate::policy::Policy;
    use crate::profile::Profile;
    use crate::tables::encode::{encode, seal};
    use crate::tables::layout::{RuleSet, SetRoot, Span, U32};
    use crate::tables::view::Tables;
    use alloc::string::String;
    use alloc::vec::Vec;
    use zerocopy::IntoBytes;

    const ROBOTS: &str = "User-agent: *\nDisallow: /private\n";
    const SHIFTED: &str = "User-agent: *\nDisallow: /first\nDisallow: /second\n";

    /// The region and record counts of `ROBOTS`'s tables with the first rule
    /// set's trie roots pointing past the `set_roots` table.
    fn corrupted(t: &Tables<'_>) -> (Vec<u8>, [usize; crate::tables::view::TABLE_COUNT]) {
        let mut sets: Vec<RuleSet> = t.sets().to_vec();
        let past = u32::try_from(t.set_roots().len()).expect("a small table") + 5;
        sets.first_mut().expect("a rule set").roots = Span::new(past, 1);
        // Table 2 is `sets` (see `tables::view`).
        t.with_part(2, sets.as_bytes())
    }

    fn panic_message(f: impl FnOnce()) -> Option<String> {
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).err()?;
        caught
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| caught.downcast_ref::<&str>().map(|s| String::from(*s)))
    }

    #[test]
    fn a_corrupted_table_is_a_bug_when_trusted_and_an_error_from_bytes() {
        let good = Policy::parse(ROBOTS, Profile::Rfc9309);
        assert!(!good.is_allowed("bot", "/private"), "the rule applies");
        let t = good.tables();
        let (region, counts) = corrupted(t);

        // Trusted: tables this crate laid out (as if it had built them so).
        let trusted = Policy::of_storage(Storage::of_region(
            region.clone(),
            &counts,
            t.profile,
            t.any_set,
        ));
        let message = panic_message(|| {
            let verdict = trusted.check("bot", "/private");
            panic!("answered {verdict:?} instead of failing");
        })
        .expect("a panic with a message");
        assert!(message.starts_with("bug:"), "{message}");
        assert!(message.contains("past a table"), "{message}");

        // Untrusted: the same tables as serialised bytes are refused.
        let broken = Tables::new(&region, &counts, t.profile, t.any_set).expect("the counts fit");
        let mut bytes = encode(&broken, None);
        seal(&mut bytes);
        let error = Policy::from_bytes(bytes).expect_err("corrupted bytes are refused");
        assert!(error.to_string().contains("sets"), "{error}");
    }

    /// Two rules in one trie, and the region and record counts of their tables
    /// with the trie walked one rule further on: rule 1 of the trie then reads
    /// as rule 2, past the rules. The shift itself (1) is below the rule count,
    /// as a shift must be.
    fn shifted_past_the_rules(
        t: &Tables<'_>,
    ) -> (Vec<u8>, [usize; crate::tables::view::TABLE_COUNT]) {
        assert_eq!(t.rules().len(), 2, "two rules");
        let mut roots: Vec<SetRoot> = t.set_roots().to_vec();
        assert_eq!(roots.len(), 1, "one trie");
        roots.first_mut().expect("a trie").shift = U32::new(1);
        // Table 3 is `set_roots` (see `tables::view`).
        t.with_part(3, roots.as_bytes())
    }

    /// A rule number past the rules, from a trie walked with a shift, is a bug
    /// where the tables are trusted (never "no rule", which would allow what
    /// the rule disallows), and validation refuses the same tables as bytes.
    #[test]
    fn a_shifted_rule_past_the_rules_is_a_bug_when_trusted_and_an_error_from_bytes() {
        let good = Policy::parse(SHIFTED, Profile::Rfc9309);
        assert!(!good.is_allowed("bot", "/second"), "the rule applies");
        let t = good.tables();
        let (region, counts) = shifted_past_the_rules(t);

        let trusted = Policy::of_storage(Storage::of_region(
            region.clone(),
            &counts,
            t.profile,
            t.any_set,
        ));
        // Rule 0 of the trie is rule 1 of the set, still a rule.
        assert_eq!(
            trusted
                .check("bot", "/first")
                .rule
                .map(crate::ids::RuleId::as_u32),
            Some(1)
        );
        let message = panic_message(|| {
            let verdict = trusted.check("bot", "/second");
            panic!("answered {verdict:?} instead of failing");
        })
        .expect("a panic with a message");
        assert!(message.starts_with("bug:"), "{message}");
        assert!(message.contains("past the 2 rules"), "{message}");

        let broken = Tables::new(&region, &counts, t.profile, t.any_set).expect("the counts fit");
        let error = broken.validate().expect_err("validation refuses the shift");
        assert_eq!(error.table(), "set_roots", "{error}");
        let mut bytes = encode(&broken, None);
        seal(&mut bytes);
        let error = Policy::from_bytes(bytes).expect_err("the bytes are refused");
        assert!(
            error
                .to_string()
                .contains("shifted by 1, is past the 2 rules"),
            "{error}"
        );
    }

    /// A compiled region that does not fit its counts is a bug, not an empty
    /// (allow-all) policy.
    #[test]
    fn a_region_that_does_not_fit_its_counts_is_a_bug() {
        let good = Policy::parse(ROBOTS, Profile::Rfc9309);
        let t = good.tables();
        let mut counts = t.counts();
        counts[14] += 1; // one rule more than the region holds
        let region = t.region().to_vec();
        let message = panic_message(|| {
            let _ = Storage::of_region(region, &counts, t.profile, t.any_set);
        })
        .expect("a panic with a message");
        assert!(message.starts_with("bug:"), "{message}");
    }
}
