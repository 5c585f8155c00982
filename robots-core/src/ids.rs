//! Typed ids: a rule or a group of one policy, and (inside the crate) a rule
//! set or an inner trie node of its tables.
//!
//! Only a policy makes the public ones (in a [`Verdict`](crate::Verdict), a
//! [`Matcher`](crate::Matcher)'s groups, an explanation), so an id names
//! something real; looking one up in another policy gives `None`, never a panic.
//!
//! Inside the crate, as regex-automata's `StateID`, each kind of table index has
//! its own type, so that a rule number cannot be used as a node or a set, and
//! "none" is one constant behind each type (`RuleId::NONE`, `GroupId::NONE`,
//! `SetId::NONE`, `NodeId::NONE`, `NodeKey::NONE`): the crate's one `NONE`, which the layout stores for
//! "none" ([`layout::NONE`](crate::tables::layout::NONE) is it) and no index
//! reaches. A public id is never `NONE`: the search turns it into `None`
//! before a caller sees it.
//!
//! The compiler numbers some things twice, and each numbering has its type: a
//! group as the file numbers it (`FileGroup`) and as the policy does
//! ([`GroupId`]; a one-crawler policy drops groups and renumbers the rest), a
//! group list asked for as a rule set (`SetRequest`) and the set it gets
//! (`SetId`; equal lists share one), a trie node as built (`BuiltNode`) and as
//! the tables name it (`NodeId`, `NodeKey`). Its own tables it indexes
//! directly by these ids (`of`): a missing entry is a bug, and panics saying
//! so.

use core::fmt;

/// "None" in a table's index fields: every typed index's `NONE`.
pub(crate) const NONE: u32 = u32::MAX;

/// A table index or length as stored (`u32`): the one conversion from a
/// `usize` count or position to a table's index fields.
///
/// The parser reads at most [`MAX_INPUT_BYTES`](crate::document::MAX_INPUT_BYTES) of
/// any input, and no table holds more entries than a small multiple of the bytes
/// read, so every index fits below [`NONE`].
///
/// # Panics
/// With a message starting "bug:" when `n` does not fit: a wrapped or
/// saturated index would point at another record.
#[inline]
#[track_caller]
pub(crate) fn index(n: usize) -> u32 {
    match u32::try_from(n) {
        Ok(i) if i != NONE => i,
        _ => index_overflow(n),
    }
}

#[cold]
#[inline(never)]
#[track_caller]
fn index_overflow(n: usize) -> ! {
    panic!("bug: table index {n} does not fit the layout (below {NONE})")
}

/// A rule of a policy: what decided a [`Verdict`](crate::Verdict).
///
/// ```
/// use robots_runtime::{Policy, Profile};
/// let policy = Policy::parse("User-agent: *\nDisallow: /private\n", Profile::Rfc9309);
/// let id = policy.check("bot", "/private/x").rule.unwrap();
/// assert_eq!(id.as_usize(), 0);
/// assert_eq!(policy.rule(id).unwrap().line, 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RuleId(pub(crate) u32);

/// A group of a policy: user-agent lines and the rules and records under them.
///
/// ```
/// use robots_runtime::{Policy, Profile};
/// let policy = Policy::parse("User-agent: a\nDisallow: /a\n\nUser-agent: b\nDisallow: /b\n", Profile::Rfc9309);
/// let groups: Vec<_> = policy.matcher("b").groups().collect();
/// assert_eq!(groups.len(), 1);
/// assert_eq!(groups[0].as_usize(), 1);
/// assert_eq!(policy.group(groups[0]).unwrap().line, 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GroupId(pub(crate) u32);

macro_rules! id_methods {
    ($id:ident) => {
        impl $id {
            /// The id as an index: rules and groups are numbered from 0 in file order.
            pub const fn as_usize(self) -> usize {
                self.0 as usize
            }

            /// The id as a `u32`.
            pub const fn as_u32(self) -> u32 {
                self.0
            }
        }

        impl fmt::Display for $id {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }

        impl From<$id> for usize {
            fn from(id: $id) -> usize {
                id.as_usize()
            }
        }
    };
}

id_methods!(RuleId);
id_methods!(GroupId);

/// What every typed table index has: its "none". (No `new`: inside the crate
/// an index is made as `RuleId(n)`. rustc suggests a constructor function,
/// even a crate-private one, to a user who writes `RuleId(3)`.)
macro_rules! table_index {
    ($id:ident) => {
        impl $id {
            /// None: [`NONE`] (the layout stores it for "none").
            pub(crate) const NONE: $id = $id(NONE);

            /// Whether it is [`Self::NONE`].
            #[inline(always)]
            pub(crate) const fn is_none(self) -> bool {
                self.0 == NONE
            }
        }
    };
    ($id:ident, some) => {
        table_index!($id);

        impl $id {
            /// The index, unless it is [`Self::NONE`].
            #[inline(always)]
            pub(crate) const fn some(self) -> Option<$id> {
                if self.is_none() {
                    None
                } else {
                    Some(self)
                }
            }
        }
    };
}

table_index!(RuleId, some);
table_index!(GroupId, some);

impl RuleId {
    /// Rule `self` of a trie walked with `shift` (see
    /// [`SetRoot`](crate::tables::layout::SetRoot)) as a rule of the set:
    /// [`RuleId::NONE`] stays none. (Validation proves a shifted rule is one
    /// of the rules: see [`Tables::validate`](crate::tables::view::Tables::validate).)
    #[inline(always)]
    #[must_use]
    pub(crate) const fn shifted(self, shift: u32) -> RuleId {
        if self.is_none() {
            self
        } else {
            RuleId(self.0.wrapping_add(shift))
        }
    }
}

/// A rule set of a policy's tables (in [`Tables::sets`](crate::tables::view::Tables::sets)):
/// what a crawler's groups compile to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct SetId(pub(crate) u32);

/// An inner trie node of a policy's tables (in
/// [`Tables::inners`](crate::tables::view::Tables::inners)): a trie root, or
/// a node a walk passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct NodeId(pub(crate) u32);

id_methods!(SetId);
id_methods!(NodeId);
table_index!(SetId, some);
table_index!(NodeId);

/// A trie node as the compiler builds it: its place in the builder's one flat
/// list of nodes (every trie's, each root first, a parent before its
/// children), before the tables number it as an inner node ([`NodeId`]) or a
/// leaf ([`NodeKey`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct BuiltNode(pub(crate) u32);

/// A node as the node side tables name it
/// ([`NodeRule::node`](crate::tables::layout::NodeRule),
/// [`NodeWild::node`](crate::tables::layout::NodeWild)): an inner node's
/// index, or a leaf's with [`LEAF_KEY`](crate::tables::layout::LEAF_KEY) set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct NodeKey(pub(crate) u32);

impl BuiltNode {
    /// The node's place in the builder's list.
    pub(crate) const fn as_usize(self) -> usize {
        self.0 as usize
    }
}

id_methods!(NodeKey);
table_index!(NodeKey);

/// A group as the file numbers it: every group of the file, from 0 in file
/// order. What [`group::select`](crate::group::select) answers in, and the
/// compiler's number for a group while it gathers the file (see
/// [`Builder::keep_groups`](crate::compile::builder::Builder::keep_groups)).
///
/// A policy for every crawler keeps every group in file order, so there the
/// number is the group's [`GroupId`] ([`FileGroup::in_full_policy`]). A
/// one-crawler policy keeps only the groups that apply to its crawler and
/// numbers those from 0: a `FileGroup` is then no `GroupId`, and only
/// `keep_groups` turns one into the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct FileGroup(pub(crate) u32);

impl FileGroup {
    /// The group's place in the file.
    pub(crate) const fn as_usize(self) -> usize {
        self.0 as usize
    }

    /// The group's id in a policy that keeps every group of the file (a
    /// policy for every crawler): the same number.
    pub(crate) const fn in_full_policy(self) -> GroupId {
        GroupId(self.0)
    }

    /// The file's group that `id` names in a policy that keeps every group
    /// of the file: the same number ([`FileGroup::in_full_policy`] undone).
    pub(crate) const fn of_full_policy(id: GroupId) -> FileGroup {
        FileGroup(id.0)
    }
}

/// A group list the compiler asked to have as a rule set, by the order it
/// asked in: equal lists asked for twice are two requests, and one set
/// ([`SetId`]) once the sets are known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct SetRequest(pub(crate) u32);

impl SetRequest {
    /// The request's place in the order asked.
    pub(crate) const fn as_usize(self) -> usize {
        self.0 as usize
    }
}

/// Direct lookups by a typed id in a table the compiler built and numbered by
/// that id: the entry is there by construction.
macro_rules! built_table_index {
    ($id:ident, $what:literal) => {
        impl $id {
            /// Entry `self` of `table`, a table the compiler built, numbered by
            /// this id.
            ///
            /// # Panics
            /// With a message starting "bug:" if `table` has no such entry: a
            /// broken invariant of the compiler, never a property of input (a
            /// default in its place would drop the group's rules, and so allow
            /// what they disallow).
            #[inline]
            #[track_caller]
            pub(crate) fn of<T>(self, table: &[T]) -> &T {
                match table.get(self.as_usize()) {
                    Some(entry) => entry,
                    None => past_table($what, self.0, table.len()),
                }
            }
        }
    };
    ($id:ident, $what:literal, mut) => {
        built_table_index!($id, $what);

        impl $id {
            /// [`Self::of`], to change the entry.
            #[inline]
            #[track_caller]
            pub(crate) fn of_mut<T>(self, table: &mut [T]) -> &mut T {
                let len = table.len();
                match table.get_mut(self.as_usize()) {
                    Some(entry) => entry,
                    None => past_table($what, self.0, len),
                }
            }
        }
    };
}

built_table_index!(GroupId, "group", mut);
built_table_index!(FileGroup, "file group");
built_table_index!(SetRequest, "set request");

#[cold]
#[inline(never)]
#[track_caller]
fn past_table(what: &str, id: u32, len: usize) -> ! {
    panic!("bug: {what} {id} past a table of {len}")
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use alloc::string::String;

    fn panic_message(f: impl FnOnce()) -> Option<String> {
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).err()?;
        caught.downcast_ref::<String>().cloned()
    }

    /// A built table indexed by its id gives the entry, and a missing entry
    /// is a bug that says so, never a default.
    #[test]
    fn a_built_table_entry_is_there_or_a_bug() {
        let mut groups = [10, 11, 12];
        assert_eq!(*GroupId(2).of(&groups), 12);
        *GroupId(1).of_mut(&mut groups) = 21;
        assert_eq!(groups, [10, 21, 12]);
        assert_eq!(*FileGroup(0).of(&groups), 10);
        assert_eq!(*SetRequest(2).of(&groups), 12);
        let missing = |lookup: &dyn Fn()| panic_message(lookup);
        let want = |message: &str| Some(String::from(message));
        assert_eq!(
            missing(&|| {
                GroupId(3).of(&groups);
            }),
            want("bug: group 3 past a table of 3")
        );
        assert_eq!(
            missing(&|| {
                GroupId(7).of_mut(&mut [0u8; 2]);
            }),
            want("bug: group 7 past a table of 2")
        );
        assert_eq!(
            missing(&|| {
                FileGroup(3).of(&groups);
            }),
            want("bug: file group 3 past a table of 3")
        );
        assert_eq!(
            missing(&|| {
                SetRequest(0).of(&[] as &[u8]);
            }),
            want("bug: set request 0 past a table of 0")
        );
    }

    /// A policy for every crawler numbers the file's groups as the file does.
    #[test]
    fn a_full_policy_keeps_the_file_numbers() {
        assert_eq!(FileGroup(5).in_full_policy(), GroupId(5));
        assert_eq!(FileGroup::of_full_policy(GroupId(5)), FileGroup(5));
    }
}
