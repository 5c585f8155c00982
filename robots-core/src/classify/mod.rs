//! Exactly how much of a site a crawler may fetch: every path, none, or some,
//! decided over the rules themselves, never by sampling paths.
//!
//! [`Matcher::classify`] answers [`Classification::Allowed`] (no path is
//! disallowed), [`Classification::Blocked`] (no path is allowed) or
//! [`Classification::Partial`] with a path of each verdict, each with the rule
//! that decides it. The answer holds for every path other than `/robots.txt`
//! itself, which `rfc9309` and `draft1996` always allow.
//!
//! It explores the product of the rules' patterns (a `*` is a loop, a `$` an
//! end) breadth first, one state per set of paths that every extension treats
//! alike, so the answer is exact. Without `*`s the product is the rules' trie,
//! at most one state per pattern byte, so literal rules always get an answer.
//! Only `*`s multiply states: past one per pattern byte plus a bound
//! ([`DEFAULT_STATE_BOUND`], or the one given to [`Matcher::classify_within`]),
//! past 1.2·10⁷ steps plus 4 per pattern byte (a step is a rule position
//! read or placed; a file of very many wildcard rules, all live at once,
//! takes many), or with more than 40 MiB held at once (the states' positions
//! as allocated, and a fixed cost per state), the answer is
//! [`Classification::Undecided`], saying so; it is never a guess. Every
//! witness path is checked by the matcher itself before it is returned.
//!
//! So one classification of any file of up to 500 KiB, for one crawler, holds
//! at most 64 MB (the exploration's 40 MiB and the rules' shapes) and takes
//! at most 1.4·10⁷ steps: about 88 instructions each, a few tenths of a
//! second natively (the `classify_bound` example of `benches/` measures it).
//!
//! The witnesses are shortest paths when the exploration finds both within
//! its first 10,000 states. A large file (a trie of tens of thousands of
//! rules, where the first disallowed path lies below every shorter prefix)
//! would take seconds to explore that far: past those states, the rules' own
//! paths are tried as witnesses first, and the exploration goes on only when
//! they all get one verdict.
//!
//! ```
//! use robots_runtime::{Policy, Profile};
//! use robots_runtime::classify::Classification;
//!
//! let robots = "User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\nAllow: /private/press/\n";
//! let policy = Policy::parse(robots, Profile::Google);
//! assert!(matches!(policy.matcher("GPTBot").classify(), Classification::Blocked { .. }));
//! match policy.matcher("Googlebot").classify() {
//!     Classification::Partial { allowed, disallowed } => {
//!         assert!(policy.is_allowed("Googlebot", &allowed.path));
//!         assert_eq!(disallowed.path, "/private/");
//!         assert_eq!(disallowed.rule.unwrap().line, 5);
//!     }
//!     other => panic!("{other:?}"),
//! }
//! assert!(matches!(policy.matcher("Bingbot").classify(), Classification::Partial { .. }));
//! let open = Policy::parse("User-agent: *\nDisallow:\n", Profile::Rfc9309);
//! assert!(matches!(open.matcher("any").classify(), Classification::Allowed { .. }));
//! ```

mod explore;
mod shape;

use crate::policy::{Matcher, Rule};
use crate::sort::sort_by_packed;
use crate::tables::view::Tables;
use alloc::vec::Vec;
use bstr::BString;
use core::fmt;
use explore::{explore, Found};
use shape::{rules_of, RuleShape};

/// How many product states, beyond one per pattern byte, [`Matcher::classify`]
/// visits before it answers [`Classification::Undecided`]. Literal rules need
/// at most one state per pattern byte; only `*`s multiply them.
pub const DEFAULT_STATE_BOUND: usize = 200_000;

/// The states the exploration visits before the rules' own paths are tried as
/// witnesses (see [the module](crate::classify)).
const FIRST_PASS_STATES: usize = 10_000;

/// How much of a site a crawler may fetch.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Classification<'p> {
    /// Every path is allowed. `rules` are the `Allow` rules that decide some
    /// path (empty when no rule matches any path).
    Allowed {
        /// The rules that decide some path, in rule order.
        rules: Vec<Rule<'p>>,
    },
    /// No path is allowed (but `/robots.txt` under `rfc9309` and `draft1996`).
    /// `rules` are the `Disallow` rules that decide them.
    Blocked {
        /// The rules that decide some path, in rule order.
        rules: Vec<Rule<'p>>,
    },
    /// Some paths are allowed and some are not.
    Partial {
        /// An allowed path (a shortest one, see [the module](crate::classify)),
        /// and the rule that allows it (none: no rule matches it).
        allowed: Witness<'p>,
        /// A disallowed path (a shortest one, see [the module](crate::classify)),
        /// and the rule that disallows it.
        disallowed: Witness<'p>,
    },
    /// An exact answer would cost more than the bound.
    Undecided(Undecided),
}

impl Classification<'_> {
    /// The answer's stable name: `allowed`, `blocked`, `partial` or `undecided`.
    #[cfg_attr(robots_size, optimize(size))]
    pub fn name(&self) -> &'static str {
        match self {
            Classification::Allowed { .. } => "allowed",
            Classification::Blocked { .. } => "blocked",
            Classification::Partial { .. } => "partial",
            Classification::Undecided(_) => "undecided",
        }
    }
}

/// A path that gets a verdict, and the rule behind it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Witness<'p> {
    /// The path, as the profile compares it.
    pub path: BString,
    /// The rule that decides it; `None` when no rule matches (allowed).
    pub rule: Option<Rule<'p>>,
}

/// Why [`Matcher::classify`] gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Undecided {
    /// How many product states were visited.
    pub visited: usize,
    /// The bound they passed.
    pub bound: usize,
    /// How many rules, and `*`s among them, the crawler's groups hold.
    pub rules: usize,
    /// The `*`s of those rules.
    pub stars: usize,
}

impl fmt::Display for Undecided {
    #[cfg_attr(robots_size, optimize(size))]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "undecided: {} rules with {} `*` take more than {} states (or 1.2e7 steps and 4 per pattern byte, or 40 MiB held at once) to explore",
            self.rules, self.stars, self.bound
        )
    }
}

impl<'p> Matcher<'p> {
    /// Whether this crawler may fetch every path, none, or some: decided
    /// exactly over the rules (see [the module](crate::classify)), within
    /// [`DEFAULT_STATE_BOUND`] states.
    #[cfg_attr(robots_size, optimize(size))]
    pub fn classify(&self) -> Classification<'p> {
        self.classify_within(DEFAULT_STATE_BOUND)
    }

    /// [`classify`](Self::classify), visiting at most `bound` product states
    /// beyond one per pattern byte.
    #[cfg_attr(robots_size, optimize(size))]
    pub fn classify_within(&self, bound: usize) -> Classification<'p> {
        let t = self.tables;
        let rules = rules_of(self);
        let literal: usize = rules.iter().map(|r| r.len).sum();
        let bound = bound.saturating_add(literal).saturating_add(2);
        let always = t.profile.robots_txt_always_allowed();
        let undecided = |visited| {
            Classification::Undecided(Undecided {
                visited,
                bound,
                rules: rules.len(),
                stars: rules.iter().map(RuleShape::stars).sum(),
            })
        };
        let first_pass = bound.min(FIRST_PASS_STATES);
        let found = match explore(&rules, always, first_pass, 0) {
            Found::TooLarge { work, .. } if first_pass < bound => {
                if let Some((allowed, disallowed)) = self.witnesses_among_rules(&rules, always) {
                    return Classification::Partial {
                        allowed,
                        disallowed,
                    };
                }
                // The second pass goes on with what the first left of the
                // work bound: one bound for the whole classification.
                explore(&rules, always, bound, work)
            }
            found => found,
        };
        match found {
            Found::TooLarge { visited, .. } => undecided(visited),
            Found::Uniform { allowed, deciding } => {
                let mut rules: Vec<Rule<'p>> =
                    deciding.iter().map(|&r| rule(t, &rules, r)).collect();
                sort_by_packed(&mut rules, |rule| u128::from(rule.id.as_u32()));
                if allowed {
                    Classification::Allowed { rules }
                } else {
                    Classification::Blocked { rules }
                }
            }
            Found::Both {
                allowed,
                disallowed,
            } => {
                let allowed = witness(t, &rules, allowed);
                let disallowed = witness(t, &rules, disallowed);
                // The matcher itself must agree: a path the profile normalises
                // to another path is no witness.
                if !self.check_path(&allowed.path).allowed
                    || self.check_path(&disallowed.path).allowed
                {
                    return undecided(0);
                }
                Classification::Partial {
                    allowed,
                    disallowed,
                }
            }
        }
    }
}

impl<'p> Matcher<'p> {
    /// An allowed and a disallowed path among `/` and the rules' own paths
    /// (each pattern with its `*`s matching nothing), as the matcher decides
    /// them; `None` unless both verdicts occur. `/robots.txt` is no witness
    /// where the profile always allows it.
    #[cfg_attr(robots_size, optimize(size))]
    fn witnesses_among_rules(
        &self,
        rules: &[RuleShape],
        robots_txt_allowed: bool,
    ) -> Option<(Witness<'p>, Witness<'p>)> {
        let mut found: [Option<Witness<'p>>; 2] = [None, None];
        let paths = core::iter::once(&b"/"[..]).chain(rules.iter().map(RuleShape::literal));
        for path in paths {
            if !path.starts_with(b"/") || (robots_txt_allowed && path.starts_with(b"/robots.txt")) {
                continue;
            }
            let verdict = self.check_path(path);
            let [no, yes] = &mut found;
            let slot = if verdict.allowed { yes } else { no };
            if slot.is_none() {
                *slot = Some(Witness {
                    path: BString::from(path),
                    rule: verdict.rule.map(|id| {
                        Rule::of(self.tables, id.as_u32()).unwrap_or_else(|| {
                            panic!("bug: a verdict names rule {id}, which its tables lack")
                        })
                    }),
                });
            }
            if found.iter().all(Option::is_some) {
                break;
            }
        }
        let [Some(disallowed), Some(allowed)] = found else {
            return None;
        };
        Some((allowed, disallowed))
    }
}

/// The public view of shape `r`.
#[cfg_attr(robots_size, optimize(size))]
fn rule<'p>(t: &Tables<'p>, rules: &[RuleShape], r: usize) -> Rule<'p> {
    rules
        .get(r)
        .and_then(|shape| Rule::of(t, shape.id))
        .unwrap_or_else(|| panic!("bug: classify names rule {r} of {}", rules.len()))
}

#[cfg_attr(robots_size, optimize(size))]
fn witness<'p>(
    t: &Tables<'p>,
    rules: &[RuleShape],
    (path, r): (Vec<u8>, Option<usize>),
) -> Witness<'p> {
    Witness {
        path: BString::from(path),
        rule: r.map(|r| rule(t, rules, r)),
    }
}
