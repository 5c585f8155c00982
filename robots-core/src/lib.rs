//! The shared core of **robots**, a compiled robots.txt policy engine.
//!
//! Most users want `robots-runtime`, which re-exports the public part of this
//! crate as a small, stable facade. This crate is what both that runtime and the
//! code generator behind the `robots!` macro are built on, so they parse, read
//! profiles and build tables identically; its table layout ([`tables`]) is the
//! code generator's, not a stable API.
//!
//! The folders are the pipeline a robots.txt goes through, in order:
//!
//! 1. [`parse`]: bytes in, what each line was out ([`parse::LineReport`]). It
//!    never fails.
//! 2. [`group`]: which user-agent lines own which rules, and the one definition
//!    of which groups apply to a crawler. [`document`] puts lines and groups
//!    together ([`document::Document`]).
//! 3. [`compile`]: the rule, group and record tables, in one pass over the input
//!    (or from a parsed document).
//! 4. [`tables`]: the format of a compiled policy, not what builds it: the
//!    layout of its records, the view that reads them from one byte region,
//!    the byte form, and the check that a set of tables is valid. (The tries
//!    and the search tables derived from them are built in [`compile`].)
//! 5. [`search`]: the one search routine, over static or owned tables alike.
//! 6. [`policy`]: the public types: [`Policy`], [`AgentPolicy`], [`Matcher`].
//!
//! Beside them: [`records`] (typed extension values), [`profile`] (the four
//! readings), [`ids`] and [`error`]. The lint catalogue (`robots-lint`) and the
//! fetch state machine (`robots-fetch`) are crates of their own, built on this
//! crate's public API.
//!
//! ```
//! use robots_core::{Policy, Profile, Reason};
//!
//! let robots = "User-agent: *\nDisallow: /search\nAllow: /search/about\n";
//! let policy = Policy::parse(robots, Profile::Rfc9309);
//! let bot = policy.matcher("ExampleBot");
//! assert!(!bot.is_allowed("https://example.com/search?q=x"));
//! let verdict = bot.check("/search/about");
//! assert!(verdict.allowed);
//! assert_eq!(verdict.reason, Reason::Rule);
//! assert_eq!(policy.rule(verdict.rule.unwrap()).unwrap().line, 3);
//! ```
//!
//! # Crate features
//! - `std` (default): `std::error::Error` impls. Without it the crate is `no_std` + `alloc`.
#![cfg_attr(not(feature = "std"), no_std)]
// docs.rs: feature-gated items say which feature they need (Cargo.toml).
#![cfg_attr(docsrs, feature(doc_cfg))]
// `robots_size` (set only by robots-js/build.sh, whose build of the standard
// library already runs with RUSTC_BOOTSTRAP): the cold code (classification,
// explanations, validation of bytes, documents, typed records) is optimised
// for size in the WebAssembly module, where code is downloaded. `optimize` is
// not stable (rustc 1.95), so no other build sets it.
#![cfg_attr(robots_size, feature(optimize_attribute))]
#![deny(missing_docs)]
#![deny(unsafe_code)]

extern crate alloc;

#[doc(hidden)]
pub use bstr;
#[doc(hidden)]
pub use zerocopy;

pub mod classify;
pub mod compile;
pub mod document;
pub mod encoding;
pub mod error;
pub mod group;
pub mod ids;
pub mod parse;
pub mod policy;
pub mod profile;
pub mod records;
pub mod search;
pub(crate) mod sort;
pub(crate) mod swar;
pub mod tables;

/// Explanations: the whole decision behind a verdict, as data.
pub mod explain {
    pub use crate::policy::explain::{
        AgentLine, AppliedGroup, ChainChoice, Combining, Explanation, Naming, Selection,
        SelectionBasis, TieBreak,
    };
}

pub use error::{Error, ErrorKind};
pub use ids::{GroupId, RuleId};
#[cfg(target_has_atomic = "ptr")]
pub use policy::OwnedMatcher;
pub use policy::{
    AgentPolicy, CompactOrPolicy, CompactRules, DeferredPolicy, GroupInfo, Matcher, Policy,
    PolicyBuilder, PolicyRef, Rule,
};
pub use profile::Profile;
pub use search::verdict::{Reason, Verdict};

/// Not public API: what the code generator's output and the runtime's
/// `__private` module need. A policy built here from tables must come from
/// tables that pass [`Tables::validate`](tables::Tables::validate).
#[doc(hidden)]
pub mod __private {
    use crate::policy::{AgentPolicy, Policy};
    use crate::search::Selected;
    use crate::tables::view::Tables;
    use alloc::borrow::Cow;

    /// A policy over `static` tables: `const`, so generated code can write it
    /// as a `static` or a `const`. Its wildcard automata are built at run time,
    /// on the first check that needs one, and kept in the policy (in the
    /// `static`; a `const` builds them again wherever it is used).
    pub const fn policy(tables: &'static Tables<'static>) -> Policy {
        Policy::of_static(tables)
    }

    /// A one-crawler policy over `static` tables, for `agent`, whose rule set
    /// and tries are `selection` (as [`agent_selection`] gives them).
    pub const fn agent_policy(
        tables: &'static Tables<'static>,
        agent: &'static [u8],
        selection: [u32; 5],
    ) -> AgentPolicy {
        AgentPolicy {
            policy: policy(tables),
            selected: Selected::from_parts(selection),
            agent: Cow::Borrowed(agent),
        }
    }

    /// The tables of `policy`.
    pub fn tables(policy: &Policy) -> &Tables<'_> {
        policy.tables()
    }

    /// Whether rule `id` of `policy` matches the normalised `path`, tested on its
    /// own (the brute-force reference the tests hold the search to).
    pub fn rule_matches(policy: &Policy, id: crate::RuleId, path: &[u8]) -> bool {
        crate::search::view::rule_matches_alone(policy.tables(), id.as_u32(), path)
    }

    /// Write the checksum of a policy's byte form into it (tests alter bytes
    /// and make the checksum match again, to reach the checks behind it).
    pub fn seal(bytes: &mut [u8]) {
        crate::tables::encode::seal(bytes);
    }

    /// The rule set and tries of `policy`'s crawler, as five numbers (for
    /// [`agent_policy`]).
    pub fn agent_selection(policy: &AgentPolicy) -> [u32; 5] {
        policy.selected.parts()
    }
}

/// Not public API: this crate's stable sorts, for robots-lint. Every
/// `sort_by_key` with its own closure is a copy of std's sort in the
/// WebAssembly module; through these, lint's sorts share the one the compiler
/// uses. Like [`__private`], it may change in any release.
#[doc(hidden)]
pub mod __sort {
    use core::cmp::Ordering;

    /// Sort `items` by `key`, ties in the order given (as `sort_by_key`).
    ///
    /// # Panics
    /// With "bug:" past 2^32 items (positions are `u32`s).
    pub fn sort_by_key<T>(items: &mut [T], key: impl Fn(&T) -> u64) {
        crate::sort::sort_by_packed(items, |item| u128::from(key(item)));
    }

    /// Sort `items` by `cmp`, ties in the order given (as `sort_by`).
    ///
    /// # Panics
    /// With "bug:" past 2^32 items (positions are `u32`s).
    pub fn sort_by<T>(items: &mut [T], cmp: impl FnMut(&T, &T) -> Ordering) {
        crate::sort::sort_by_cmp(items, cmp);
    }
}
