//! Typed ids: a rule or a group of one policy.
//!
//! Only a policy makes them (in a [`Verdict`](crate::Verdict), a
//! [`Matcher`](crate::Matcher)'s groups, an explanation), so an id names
//! something real; looking one up in another policy gives `None`, never a panic.

use core::fmt;

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
