//! The exploration behind [`classify`](super): a breadth-first search of the
//! product of the rules' pattern automata, over byte classes.
//!
//! A pattern `s0*s1*…*sk` (optionally ending in `$`) is a chain of positions
//! over its literal bytes, with a self-loop at each `*`. The product state of a
//! path is where every rule that can still decide stands, plus the best rule
//! that already matched for good (a pattern without `$` matches every
//! extension of a path it matches, and a rule ranked below it can never win
//! again, so it is dropped). Two paths in the same product state get the same
//! verdict for every extension, so visiting each state once decides the
//! question over all paths, and the shortest path to a state is its witness.

use super::shape::RuleShape;
use crate::sort::sort_by_packed;
use alloc::collections::BTreeMap;
use alloc::rc::Rc;
use alloc::vec;
use alloc::vec::Vec;

/// What the exploration found.
pub(crate) enum Found {
    /// Both verdicts occur: a path for each, with the rule that decided it.
    Both {
        allowed: (Vec<u8>, Option<usize>),
        disallowed: (Vec<u8>, Option<usize>),
    },
    /// Every path gets `allowed`; these rules decide them (by index).
    Uniform { allowed: bool, deciding: Vec<usize> },
    /// More product states than `bound` would have to be visited, more
    /// steps of rule positions than [`WORK_BOUND`], or the states would hold
    /// more rule positions than [`MEMORY_BOUND`].
    TooLarge { visited: usize },
}

/// `/robots.txt`, which some profiles always allow whatever the rules say.
const ROBOTS_TXT: &[u8] = b"/robots.txt";
/// The robots.txt tracker: past a `?` after `/robots.txt`, every extension is it too.
const ROBOTS_QUERY: u8 = ROBOTS_TXT.len() as u8 + 1;
/// The robots.txt tracker: the path can no longer be `/robots.txt`.
const ROBOTS_DEAD: u8 = u8::MAX;

/// One product state.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
struct State {
    /// The best rule (by index into the shapes) that matched for good, if any.
    best: Option<usize>,
    /// `(rule, position)` for every rule still live, sorted.
    live: Vec<(u32, u32)>,
    /// How much of `/robots.txt` the path is (see the constants above).
    robots: u8,
}

/// How a state was first reached: its parent and the byte taken.
struct Visit {
    parent: usize,
    byte: u8,
}

/// How many rule positions the exploration steps through in all before it
/// gives up: a state costs one step per rule still live in it, and each child
/// it makes one per position the child holds, so a file of very many wildcard
/// rules (all live in most states) reaches this long before the state bound.
/// About 30 to 75 ns a step natively (measured: 20 rules of eight `*` each
/// reach it in 0.75 s; the corpus's hardest file, zh.shopify.com's 1,843 rules
/// with 1,309 `*`, is decided in 10.5 million steps, 0.3 s), some ten times
/// that in WebAssembly; plus [`PER_PATTERN_BYTE`] times as many per pattern byte, so
/// that a large file of plain rules (each state holding thousands) is still
/// decided, in time linear in the file.
pub(crate) const WORK_BOUND: usize = 10_000_000;

/// How many more steps, and a tenth as many more rule positions held, each
/// byte of the rules' patterns allows.
pub(crate) const PER_PATTERN_BYTE: usize = 40;

/// How many rule positions (8 bytes each) the exploration may hold, in the
/// states it keeps and in the children of the state it expands: 32 MB,
/// plus 4 per pattern byte. A state of many `*` rules has as many children as
/// distinct next bytes, each holding every starred position, so the states'
/// sizes, not their number, are what memory has to be bounded by.
pub(crate) const MEMORY_BOUND: usize = 4_000_000;

/// Explore the rules' product automaton from `/`, visiting at most `bound`
/// states. `robots_txt_allowed`: the profile allows `/robots.txt` whatever
/// the rules say, so it is no witness of either verdict.
pub(crate) fn explore(rules: &[RuleShape], robots_txt_allowed: bool, bound: usize) -> Found {
    let other = other_byte(rules);
    let literal: usize = rules.iter().map(|r| r.len).sum();
    let work_bound = WORK_BOUND.saturating_add(literal.saturating_mul(PER_PATTERN_BYTE));
    let memory_bound = MEMORY_BOUND.saturating_add(literal.saturating_mul(PER_PATTERN_BYTE / 10));
    // Each state is kept once, shared by the queue and the index of seen states.
    let mut seen: BTreeMap<Rc<State>, usize> = BTreeMap::new();
    let mut states: Vec<Rc<State>> = Vec::new();
    let mut visits: Vec<Visit> = Vec::new();
    let mut witness: [Option<(usize, Option<usize>)>; 2] = [None, None];
    let mut deciding: Vec<usize> = Vec::new();

    // Every path starts with `/`.
    let first = Rc::new(step(rules, &start(rules, robots_txt_allowed), b'/'));
    let mut held = first.live.len();
    seen.insert(Rc::clone(&first), 0);
    states.push(first);
    visits.push(Visit {
        parent: usize::MAX,
        byte: b'/',
    });

    let mut next = 0;
    let mut work = 0usize;
    while next < states.len() {
        if states.len() > bound || work > work_bound || held > memory_bound {
            return Found::TooLarge {
                visited: states.len(),
            };
        }
        let at = next;
        next += 1;
        let state = states
            .get(at)
            .cloned()
            .unwrap_or_else(|| unreachable!("bug: classify visits state {at} of {}", states.len()));
        if state.robots == ROBOTS_QUERY {
            // Every extension is `/robots.txt?…`: allowed whatever the rules say.
            continue;
        }
        let is_robots_txt = state.robots == ROBOTS_TXT.len() as u8;
        let (allowed, rule) = verdict(rules, &state);
        if !is_robots_txt {
            let [no, yes] = &mut witness;
            let slot = if allowed { yes } else { no };
            if slot.is_none() {
                *slot = Some((at, rule));
            }
            if let Some(r) = rule {
                if !deciding.contains(&r) {
                    deciding.push(r);
                }
            }
            if let [Some(no), Some(yes)] = witness {
                return Found::Both {
                    allowed: (path_to(&visits, yes.0), yes.1),
                    disallowed: (path_to(&visits, no.0), no.1),
                };
            }
        }
        if settled(rules, &state) && !is_robots_txt {
            // Every extension gets this state's verdict: nothing new below.
            // (Below `/robots.txt` itself lie paths that are not it.)
            continue;
        }
        work = work.saturating_add(state.live.len());
        let Some(next_states) = children(rules, &state, other, memory_bound.saturating_sub(held))
        else {
            return Found::TooLarge {
                visited: states.len(),
            };
        };
        for (byte, child) in next_states {
            // Building a child and looking it up cost about its size.
            work = work.saturating_add(child.live.len() + 1);
            if !seen.contains_key(&child) {
                held = held.saturating_add(child.live.len());
                let child = Rc::new(child);
                seen.insert(Rc::clone(&child), states.len());
                states.push(child);
                visits.push(Visit { parent: at, byte });
            }
        }
    }
    let allowed = witness[1].is_some() || witness[0].is_none();
    sort_by_packed(&mut deciding, |&r| r as u128);
    Found::Uniform { allowed, deciding }
}

// Indexing a 256-entry table by a byte cannot be out of bounds.
#[allow(clippy::indexing_slicing)]
/// A byte in no pattern and not in `/robots.txt?`: it stands for every byte
/// that no rule (and not the robots.txt tracker) expects next, which every
/// pattern treats alike.
fn other_byte(rules: &[RuleShape]) -> u8 {
    let mut used = [false; 256];
    for rule in rules {
        for &b in rule.literal() {
            used[usize::from(b)] = true;
        }
    }
    for &b in ROBOTS_TXT.iter().chain(b"?") {
        used[usize::from(b)] = true;
    }
    // A path byte that needs no escaping, when one is free. When the patterns
    // use every byte, each byte is a class of its own and `x` is as good as any.
    b"abcdefghijklmnopqrstuvwxyz0123456789-_~.ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        .iter()
        .copied()
        .chain(0..=255u8)
        .find(|&b| !used[usize::from(b)])
        .unwrap_or(b'x')
}

/// Every state one byte after `state`, with the byte taken: one per byte that
/// some live rule (or the robots.txt tracker) expects next, and one for every
/// other byte (`other`, when it leads anywhere new). `None` when they would
/// hold more than `room` rule positions between them.
fn children(
    rules: &[RuleShape],
    state: &State,
    other: u8,
    room: usize,
) -> Option<Vec<(u8, State)>> {
    let mut by_byte = ByByte::default();
    let mut starred: Vec<(usize, usize)> = Vec::new();
    for &(r, pos) in &state.live {
        let rule = shape(rules, r);
        let (r, pos) = (r as usize, pos as usize);
        if let Some(byte) = rule.byte_at(pos) {
            by_byte.entry(byte, state).reach(rules, r, pos + 1);
        }
        if rule.star_at(pos) {
            starred.push((r, pos));
        }
    }
    if let Some(&byte) = robots_next(state.robots) {
        by_byte.entry(byte, state);
    }
    by_byte.entry(other, state);
    // Every child gets every starred position: count before building them.
    let size = by_byte
        .len()
        .saturating_mul(starred.len())
        .saturating_add(state.live.len());
    if size > room {
        return None;
    }
    let next = by_byte
        .into_byte_order()
        .map(|(byte, mut next)| {
            // A `*` takes any byte and stays where it is.
            for &(r, pos) in &starred {
                next.reach(rules, r, pos);
            }
            (
                byte,
                next.into_state(rules, robots_step(state.robots, byte)),
            )
        })
        .collect();
    Some(next)
}

/// The states being built one byte after a state, one per byte: found by the
/// byte in constant time, listed in byte order.
struct ByByte {
    /// Where each byte's state is in `next`, plus one; 0 for none yet.
    slot: [u16; 256],
    next: Vec<(u8, Next)>,
}

impl Default for ByByte {
    fn default() -> ByByte {
        ByByte {
            slot: [0; 256],
            next: Vec::new(),
        }
    }
}

// `slot` has an entry for every byte, and each entry other than 0 is one more
// than a place in `next`, written below when that place was made.
#[allow(clippy::indexing_slicing)]
impl ByByte {
    /// The state after `byte`, made (as one byte after `state`) if new.
    fn entry(&mut self, byte: u8, state: &State) -> &mut Next {
        let at = match self.slot[usize::from(byte)] {
            0 => {
                self.next.push((byte, Next::after(state)));
                // At most 256 entries: one per byte.
                self.slot[usize::from(byte)] = self.next.len() as u16;
                self.next.len() - 1
            }
            n => usize::from(n) - 1,
        };
        &mut self.next[at].1
    }

    fn len(&self) -> usize {
        self.next.len()
    }

    /// The states, by byte.
    fn into_byte_order(mut self) -> impl Iterator<Item = (u8, Next)> {
        sort_by_packed(&mut self.next, |&(byte, _)| u128::from(byte));
        self.next.into_iter()
    }
}

/// The byte the robots.txt tracker expects next, if any.
fn robots_next(at: u8) -> Option<&'static u8> {
    ROBOTS_TXT.get(usize::from(at))
}

/// The state of the empty path: every rule at its start.
fn start(rules: &[RuleShape], robots_txt_allowed: bool) -> State {
    let mut next = Next::default();
    for r in 0..rules.len() {
        next.reach(rules, r, 0);
    }
    next.into_state(rules, if robots_txt_allowed { 0 } else { ROBOTS_DEAD })
}

/// The state after `byte` (the first byte of a path, `/`).
fn step(rules: &[RuleShape], state: &State, byte: u8) -> State {
    let mut next = Next::after(state);
    for &(r, pos) in &state.live {
        let rule = shape(rules, r);
        let (r, pos) = (r as usize, pos as usize);
        if rule.byte_at(pos) == Some(byte) {
            next.reach(rules, r, pos + 1);
        }
        if rule.star_at(pos) {
            next.reach(rules, r, pos);
        }
    }
    next.into_state(rules, robots_step(state.robots, byte))
}

/// A state being built.
#[derive(Default)]
struct Next {
    best: Option<usize>,
    live: Vec<(u32, u32)>,
}

impl Next {
    /// A state one byte after `state`, no rule yet placed.
    fn after(state: &State) -> Next {
        Next {
            best: state.best,
            live: Vec::new(),
        }
    }

    /// Rule `r` stands at `pos` of its pattern.
    fn reach(&mut self, rules: &[RuleShape], r: usize, pos: usize) {
        let rule = shape(rules, r as u32);
        if pos == rule.len && !rule.anchored {
            // Matched for good: it may beat the best so far.
            if self
                .best
                .map_or(true, |b| shape(rules, b as u32).rank < rule.rank)
            {
                self.best = Some(r);
            }
        } else if let (Ok(r), Ok(pos)) = (u32::try_from(r), u32::try_from(pos)) {
            self.live.push((r, pos));
        }
    }

    fn into_state(mut self, rules: &[RuleShape], robots: u8) -> State {
        sort_by_packed(&mut self.live, |&(r, pos)| {
            (u128::from(r) << 32) | u128::from(pos)
        });
        self.live.dedup();
        // A rule ranked below the best match can never decide again.
        if let Some(b) = self.best {
            let floor = shape(rules, b as u32).rank;
            self.live.retain(|&(r, _)| shape(rules, r).rank > floor);
        }
        State {
            best: self.best,
            live: self.live,
            robots,
        }
    }
}

/// The robots.txt tracker after `byte`.
fn robots_step(at: u8, byte: u8) -> u8 {
    let len = ROBOTS_TXT.len() as u8;
    match at {
        ROBOTS_DEAD | ROBOTS_QUERY => at,
        _ if at == len => {
            if byte == b'?' {
                ROBOTS_QUERY
            } else {
                ROBOTS_DEAD
            }
        }
        _ if ROBOTS_TXT.get(usize::from(at)) == Some(&byte) => at + 1,
        _ => ROBOTS_DEAD,
    }
}

/// The verdict of a path that ends in `state`, and the rule that decides it.
fn verdict(rules: &[RuleShape], state: &State) -> (bool, Option<usize>) {
    let mut best = state.best;
    for &(r, pos) in &state.live {
        let rule = shape(rules, r);
        // An anchored rule matches a path that ends where its pattern ends.
        if rule.anchored
            && pos as usize == rule.len
            && best.map_or(true, |b| shape(rules, b as u32).rank < rule.rank)
        {
            best = Some(r as usize);
        }
    }
    match best {
        Some(b) => (shape(rules, b as u32).allow, Some(b)),
        None => (true, None),
    }
}

/// Whether every extension of a path in `state` (itself included) gets the
/// same verdict: every rule that can still decide agrees with the current one.
fn settled(rules: &[RuleShape], state: &State) -> bool {
    let now = state.best.map_or(true, |b| shape(rules, b as u32).allow);
    state
        .live
        .iter()
        .all(|&(r, _)| shape(rules, r).allow == now)
}

/// The rule shape at index `r`; the exploration only makes indices of `rules`.
fn shape(rules: &[RuleShape], r: u32) -> &RuleShape {
    rules
        .get(r as usize)
        .unwrap_or_else(|| unreachable!("bug: classify names rule {r} of {}", rules.len()))
}

/// The path that first reached state `at`.
fn path_to(visits: &[Visit], mut at: usize) -> Vec<u8> {
    let mut bytes = vec![];
    while let Some(visit) = visits.get(at) {
        bytes.push(visit.byte);
        at = visit.parent;
    }
    bytes.reverse();
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Policy, Profile};

    /// Four `*`s per rule over a 36-byte alphabet: every rule stays live in
    /// every state, and each state has a child per byte. Without the memory
    /// bound this took gigabytes; with it, an answer or a refusal comes first.
    fn starred_file(count: usize) -> String {
        let mut text = String::from("User-agent: *\n");
        for i in 0..count {
            let mut rest = i;
            text.push_str("Disallow: /");
            for _ in 0..4 {
                let digit = (rest % 36) as u8;
                text.push('*');
                text.push(char::from(if digit < 26 {
                    b'a' + digit
                } else {
                    b'0' + digit - 26
                }));
                rest /= 36;
            }
            text.push('\n');
        }
        text
    }

    #[test]
    fn children_past_the_room_are_refused_before_they_are_built() {
        let policy = Policy::parse(starred_file(200), Profile::Rfc9309);
        let rules = super::super::shape::rules_of(&policy.matcher("bot"));
        let root = step(&rules, &start(&rules, false), b'/');
        assert_eq!(root.live.len(), 200);
        let other = other_byte(&rules);
        let all = children(&rules, &root, other, usize::MAX).expect("unbounded room");
        let held: usize = all.iter().map(|(_, s)| s.live.len()).sum();
        assert!(
            held > 200 * 30,
            "{held} positions in {} children",
            all.len()
        );
        assert!(children(&rules, &root, other, 200 * 30).is_none());
    }

    #[test]
    fn a_file_of_many_stars_is_refused_within_the_memory_bound() {
        let policy = Policy::parse(starred_file(30_000), Profile::Rfc9309);
        let rules = super::super::shape::rules_of(&policy.matcher("bot"));
        match explore(&rules, false, usize::MAX) {
            Found::TooLarge { visited } => assert!(visited >= 1),
            // `/` is allowed and `/aaaa` is not: an answer is right only as both.
            Found::Both { .. } => {}
            Found::Uniform { allowed, .. } => {
                panic!("uniform answer ({allowed}) for a partial file")
            }
        }
    }
}
