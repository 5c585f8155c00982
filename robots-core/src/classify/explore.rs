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
use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::rc::Rc;
use alloc::vec;
use alloc::vec::Vec;
use core::mem::size_of;

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
    /// steps than the work bound (see [`work_bound`]) counting `spent`, or
    /// the states would hold more than [`MEMORY_BOUND`] bytes. `work`: the
    /// steps taken, `spent` included.
    TooLarge { visited: usize, work: usize },
}

/// `/robots.txt`, which some profiles always allow whatever the rules say.
const ROBOTS_TXT: &[u8] = b"/robots.txt";
/// The robots.txt tracker: past a `?` after `/robots.txt`, every extension is it too.
const ROBOTS_QUERY: u8 = ROBOTS_TXT.len() as u8 + 1;
/// The robots.txt tracker: the path can no longer be `/robots.txt`.
const ROBOTS_DEAD: u8 = u8::MAX;

/// One product state.
///
/// Its positions are a boxed slice: what it holds on the heap is its length,
/// exactly, so the memory bound counts what the states really hold (a vector
/// that was sorted, deduplicated and pruned would keep the capacity it grew
/// to). States are ordered by a hash of their fields first, so that looking
/// one up among the states seen compares whole position lists only with an
/// equal (or colliding) one, never along a path of the index.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
struct State {
    /// A hash of the fields below.
    hash: u64,
    /// The best rule (by index into the shapes) that matched for good, if any.
    best: Option<usize>,
    /// `(rule, position)` for every rule still live, sorted.
    live: Box<[(u32, u32)]>,
    /// How much of `/robots.txt` the path is (see the constants above).
    robots: u8,
}

impl State {
    #[cfg_attr(robots_size, optimize(size))]
    fn new(best: Option<usize>, live: Box<[(u32, u32)]>, robots: u8) -> State {
        // FNV-1a over the fields, a word at a time.
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        let mut add = |word: u64| hash = (hash ^ word).wrapping_mul(0x0100_0000_01b3);
        add(best.map_or(u64::MAX, |b| b as u64));
        add(u64::from(robots));
        for &(r, pos) in &live {
            add(u64::from(r) << 32 | u64::from(pos));
        }
        State {
            hash,
            best,
            live,
            robots,
        }
    }

    /// The heap bytes the exploration keeps for this state once it is seen:
    /// its positions and [`STATE_BYTES`].
    #[cfg_attr(robots_size, optimize(size))]
    fn kept_bytes(&self) -> usize {
        STATE_BYTES.saturating_add(self.live.len().saturating_mul(size_of::<(u32, u32)>()))
    }
}

/// What each state the exploration keeps costs beside its positions: its
/// shared allocation (the state and two reference counts), its entry in the
/// index of seen states (a B-tree node holds 5 to 11 entries: up to about
/// twice an entry each), its place in the queue and its visit (vectors that
/// grow by doubling: up to twice each), and the allocator's header on each
/// of its two allocations.
const STATE_BYTES: usize = size_of::<State>()
    + 2 * size_of::<usize>()
    + 2 * size_of::<(Rc<State>, usize)>()
    + 2 * size_of::<Rc<State>>()
    + 2 * size_of::<Visit>()
    + 2 * 16;

/// The steps a child state costs beside its positions: its allocations and
/// its look-up among the states seen.
const CHILD_STEPS: usize = 16;

/// How a state was first reached: its parent and the byte taken.
struct Visit {
    parent: usize,
    byte: u8,
}

/// How many steps the exploration takes in all before it gives up: a state
/// costs one step per rule still live in it, and each child it makes one per
/// position placed in it (before duplicates and rules that can no longer win
/// are dropped) plus [`CHILD_STEPS`], so a file of very many wildcard rules
/// (all live in most states) reaches this long before the state bound. Plus
/// [`PER_PATTERN_BYTE`] times as many per pattern byte, so that a large file
/// of plain rules (each state holding thousands) is still decided, in time
/// linear in the file. Steps cost about the same whatever the file: the
/// `classify` benchmark (`benches/benches/classify.rs`) measures the worst
/// files' time per step, and the bound keeps any file of up to 500 KiB well
/// under a second natively (some ten times that in WebAssembly).
pub(crate) const WORK_BOUND: usize = 12_000_000;

/// How many more steps each byte of the rules' patterns allows.
pub(crate) const PER_PATTERN_BYTE: usize = 4;

/// How many bytes the exploration may hold: the states it keeps (their
/// positions, 8 bytes each, and [`STATE_BYTES`] each), the positions of the
/// child it builds, and the scratch of the state it expands. A state of many
/// `*` rules has as many children as distinct next bytes, each holding every
/// starred position, so the states' sizes, not their number, are what memory
/// has to be bounded by. With the rules' shapes (a few bytes per pattern
/// byte), a classification of a file of up to 500 KiB holds at most 64 MB.
pub(crate) const MEMORY_BOUND: usize = 40 << 20;

/// The steps a classification of `rules` may take in all: [`WORK_BOUND`]
/// and [`PER_PATTERN_BYTE`] per byte of their patterns.
#[cfg_attr(robots_size, optimize(size))]
pub(crate) fn work_bound(rules: &[RuleShape]) -> usize {
    let literal: usize = rules.iter().map(|r| r.len).sum();
    WORK_BOUND.saturating_add(literal.saturating_mul(PER_PATTERN_BYTE))
}

/// Explore the rules' product automaton from `/`, visiting at most `bound`
/// states, with `spent` of the [`work_bound`] spent already (by an earlier
/// pass). `robots_txt_allowed`: the profile allows `/robots.txt` whatever the
/// rules say, so it is no witness of either verdict.
#[cfg_attr(robots_size, optimize(size))]
pub(crate) fn explore(
    rules: &[RuleShape],
    robots_txt_allowed: bool,
    bound: usize,
    spent: usize,
) -> Found {
    let other = other_byte(rules);
    let work_bound = work_bound(rules);
    // Each state is kept once, shared by the queue and the index of seen states.
    let mut seen: BTreeMap<Rc<State>, usize> = BTreeMap::new();
    let mut states: Vec<Rc<State>> = Vec::new();
    let mut visits: Vec<Visit> = Vec::new();
    let mut witness: [Option<(usize, Option<usize>)>; 2] = [None, None];
    // The rules that decide some state, and whether each does.
    let mut deciding: Vec<usize> = Vec::new();
    let mut is_deciding: Vec<bool> = vec![false; rules.len()];

    // Every path starts with `/`.
    let first = Rc::new(step(rules, &start(rules, robots_txt_allowed), b'/'));
    let mut held = first.kept_bytes();
    seen.insert(Rc::clone(&first), 0);
    states.push(first);
    visits.push(Visit {
        parent: usize::MAX,
        byte: b'/',
    });

    let mut next = 0;
    let mut work = spent;
    while next < states.len() {
        if states.len() > bound || work > work_bound || held > MEMORY_BOUND {
            return Found::TooLarge {
                visited: states.len(),
                work,
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
                if let Some(flag) = is_deciding.get_mut(r).filter(|flag| !**flag) {
                    *flag = true;
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
        let room = MEMORY_BOUND.saturating_sub(held);
        let whole = children(rules, &state, other, room, |byte, child, placed| {
            // Building a child and looking it up cost about its positions.
            work = work.saturating_add(placed + CHILD_STEPS);
            if !seen.contains_key(&child) {
                held = held.saturating_add(child.kept_bytes());
                let child = Rc::new(child);
                seen.insert(Rc::clone(&child), states.len());
                states.push(child);
                visits.push(Visit { parent: at, byte });
            }
            MEMORY_BOUND.checked_sub(held)
        });
        if !whole {
            return Found::TooLarge {
                visited: states.len(),
                work,
            };
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
#[cfg_attr(robots_size, optimize(size))]
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

/// Every state one byte after `state`, in byte order, each handed to `each`
/// with the byte taken and the steps it took to build: one per byte that some
/// live rule (or the robots.txt tracker) expects next, and one for every other
/// byte (`other`). `room` is how many bytes may be held; `each` says how many
/// are left once it took a child, or `None` when none are. Children are built
/// one at a time, each with exactly the room its positions take: false (and
/// no more children) when one would not fit.
///
/// Every child gets the state's starred positions (a `*` takes any byte and
/// stays where it is) but those of rules ranked no higher than the child's
/// best match, which can no longer win. The state's positions are sorted, so
/// each child's are two sorted lists merged (the bytes' and the stars'), and
/// the stars' ranks, sorted once per state, tell how many a child keeps
/// without looking: a child whose best match outranks them all costs nothing
/// for them.
#[cfg_attr(robots_size, optimize(size))]
fn children(
    rules: &[RuleShape],
    state: &State,
    other: u8,
    room: usize,
    mut each: impl FnMut(u8, State, usize) -> Option<usize>,
) -> bool {
    let mut by_byte = ByByte::default();
    // The starred positions (sorted, as the state's are), each with its
    // rule's rank, and the best rule among those that a star at its
    // pattern's end has matched for good.
    let mut starred: Vec<(u32, u32, u64)> = Vec::new();
    let mut starred_best = Next::after(state);
    for &(r, pos) in &state.live {
        let rule = shape(rules, r);
        if let Some(byte) = rule.byte_at(pos as usize) {
            by_byte
                .entry(byte, state)
                .reach(rules, r as usize, pos as usize + 1);
        }
        if rule.star_at(pos as usize) {
            if pos as usize == rule.len && !rule.anchored {
                starred_best.reach(rules, r as usize, pos as usize);
            } else {
                starred.push((r, pos, rule.rank));
            }
        }
    }
    let mut ranks: Vec<u64> = starred.iter().map(|&(.., rank)| rank).collect();
    sort_by_packed(&mut ranks, |&rank| u128::from(!rank));
    if let Some(&byte) = robots_next(state.robots) {
        by_byte.entry(byte, state);
    }
    by_byte.entry(other, state);
    // What the expansion holds while its children are built.
    let scratch = by_byte.heap_bytes()
        + starred.capacity() * size_of::<(u32, u32, u64)>()
        + ranks.capacity() * size_of::<u64>();
    let mut room = room.checked_sub(scratch);
    for (byte, mut next) in by_byte.into_byte_order() {
        if let Some(b) = starred_best.best {
            next.reach(rules, b, shape(rules, b as u32).len);
        }
        let floor = next.best.map(|b| shape(rules, b as u32).rank);
        // How many starred positions rank above the floor; all of them are
        // read to find them unless that is none or every one.
        let above = floor.map_or(ranks.len(), |floor| {
            ranks.partition_point(|&rank| rank > floor)
        });
        let read = if above == 0 || above == ranks.len() {
            above
        } else {
            starred.len()
        };
        let placed = next.live.len() + above;
        let bytes = placed.saturating_mul(size_of::<(u32, u32)>());
        if room.map_or(true, |room| bytes > room) {
            return false;
        }
        let stars = starred
            .iter()
            .take(if above == 0 { 0 } else { starred.len() })
            .filter(|&&(.., rank)| floor.map_or(true, |floor| rank > floor))
            .map(|&(r, pos, _)| (r, pos));
        let child = next.merged(rules, stars, above, robots_step(state.robots, byte));
        room =
            each(byte, child, next_steps(placed, read)).and_then(|left| left.checked_sub(scratch));
    }
    true
}

/// The steps of building a child that holds `placed` positions, having read
/// `read` starred ones to find them.
#[cfg_attr(robots_size, optimize(size))]
fn next_steps(placed: usize, read: usize) -> usize {
    placed.saturating_add(read / 4)
}

/// The states being built one byte after a state, one per byte: found by the
/// byte in constant time, listed in byte order.
struct ByByte {
    /// Where each byte's state is in `next`, plus one; 0 for none yet.
    slot: [u16; 256],
    next: Vec<(u8, Next)>,
}

impl Default for ByByte {
    #[cfg_attr(robots_size, optimize(size))]
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
    #[cfg_attr(robots_size, optimize(size))]
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

    /// The bytes its states being built hold.
    #[cfg_attr(robots_size, optimize(size))]
    fn heap_bytes(&self) -> usize {
        let positions: usize = self.next.iter().map(|(_, n)| n.live.capacity()).sum();
        self.next.capacity() * size_of::<(u8, Next)>() + positions * size_of::<(u32, u32)>()
    }

    /// The states, by byte.
    #[cfg_attr(robots_size, optimize(size))]
    fn into_byte_order(mut self) -> impl Iterator<Item = (u8, Next)> {
        sort_by_packed(&mut self.next, |&(byte, _)| u128::from(byte));
        self.next.into_iter()
    }
}

/// The byte the robots.txt tracker expects next, if any.
#[cfg_attr(robots_size, optimize(size))]
fn robots_next(at: u8) -> Option<&'static u8> {
    ROBOTS_TXT.get(usize::from(at))
}

/// The state of the empty path: every rule at its start.
#[cfg_attr(robots_size, optimize(size))]
fn start(rules: &[RuleShape], robots_txt_allowed: bool) -> State {
    let mut next = Next::default();
    for r in 0..rules.len() {
        next.reach(rules, r, 0);
    }
    next.into_state(rules, if robots_txt_allowed { 0 } else { ROBOTS_DEAD })
}

/// The state after `byte` (the first byte of a path, `/`).
#[cfg_attr(robots_size, optimize(size))]
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
    #[cfg_attr(robots_size, optimize(size))]
    fn after(state: &State) -> Next {
        Next {
            best: state.best,
            live: Vec::new(),
        }
    }

    /// Rule `r` stands at `pos` of its pattern.
    #[cfg_attr(robots_size, optimize(size))]
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

    /// The state with `stars` (`count` positions, sorted, of rules ranked
    /// above its best match) placed too, its positions being sorted: the two
    /// lists merged, each position once, without the rules that can no longer
    /// win, in a slice of exactly their number.
    #[cfg_attr(robots_size, optimize(size))]
    fn merged(
        self,
        rules: &[RuleShape],
        stars: impl Iterator<Item = (u32, u32)>,
        count: usize,
        robots: u8,
    ) -> State {
        let floor = self.best.map(|b| shape(rules, b as u32).rank);
        let can_win =
            |&(r, _): &(u32, u32)| floor.map_or(true, |floor| shape(rules, r).rank > floor);
        let mut own = self.live.into_iter().filter(can_win).peekable();
        let mut stars = stars.peekable();
        let mut live: Vec<(u32, u32)> = Vec::with_capacity(count + own.size_hint().1.unwrap_or(0));
        loop {
            let next = match (own.peek(), stars.peek()) {
                (Some(a), Some(b)) if a <= b => own.next(),
                (_, Some(_)) => stars.next(),
                (Some(_), None) => own.next(),
                (None, None) => break,
            };
            if let Some(position) = next {
                if live.last() != Some(&position) {
                    live.push(position);
                }
            }
        }
        State::new(self.best, live.into_boxed_slice(), robots)
    }

    /// The state: its positions sorted, each once, without the rules that can
    /// no longer win, in a slice of exactly their number.
    #[cfg_attr(robots_size, optimize(size))]
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
        State::new(self.best, self.live.into_boxed_slice(), robots)
    }
}

/// The robots.txt tracker after `byte`.
#[cfg_attr(robots_size, optimize(size))]
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
#[cfg_attr(robots_size, optimize(size))]
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
#[cfg_attr(robots_size, optimize(size))]
fn settled(rules: &[RuleShape], state: &State) -> bool {
    let now = state.best.map_or(true, |b| shape(rules, b as u32).allow);
    state
        .live
        .iter()
        .all(|&(r, _)| shape(rules, r).allow == now)
}

/// The rule shape at index `r`; the exploration only makes indices of `rules`.
#[cfg_attr(robots_size, optimize(size))]
fn shape(rules: &[RuleShape], r: u32) -> &RuleShape {
    rules
        .get(r as usize)
        .unwrap_or_else(|| unreachable!("bug: classify names rule {r} of {}", rules.len()))
}

/// The path that first reached state `at`.
#[cfg_attr(robots_size, optimize(size))]
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
        let mut all = Vec::new();
        let whole = children(&rules, &root, other, usize::MAX, |byte, child, _| {
            all.push((byte, child));
            Some(usize::MAX)
        });
        assert!(whole, "unbounded room");
        let held: usize = all.iter().map(|(_, s)| s.kept_bytes()).sum();
        assert!(
            held > 200 * 30 * 8,
            "{held} bytes in {} children",
            all.len()
        );
        // With room for a third of them, the fourth is never built.
        let room = held / 3;
        let mut built = 0;
        let mut taken = 0usize;
        let whole = children(&rules, &root, other, room, |_, child, _| {
            built += 1;
            taken += child.kept_bytes();
            room.checked_sub(taken)
        });
        assert!(!whole);
        assert!(built < all.len() / 2, "{built} of {}", all.len());
    }

    #[test]
    fn a_file_of_many_stars_is_refused_within_the_memory_bound() {
        let policy = Policy::parse(starred_file(30_000), Profile::Rfc9309);
        let rules = super::super::shape::rules_of(&policy.matcher("bot"));
        match explore(&rules, false, usize::MAX, 0) {
            Found::TooLarge { visited, .. } => assert!(visited >= 1),
            // `/` is allowed and `/aaaa` is not: an answer is right only as both.
            Found::Both { .. } => {}
            Found::Uniform { allowed, .. } => {
                panic!("uniform answer ({allowed}) for a partial file")
            }
        }
    }
}
