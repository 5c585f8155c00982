//! The lazily built part of a policy's search: each root's anchor automaton
//! ([`RootAutomaton`], built from the tables the first time a check needs it)
//! and the index of nodes with wildcard rules, kept beside the tables in every
//! policy. Building is lock-free (`once_cell::race::OnceBox`): threads that
//! race build one each and all but one are dropped.

use crate::ids::NodeId;
use crate::search::anchors::RootAutomaton;
use crate::tables::layout::NodeWild;
use crate::tables::view::{entry, Tables};
use alloc::boxed::Box;
use alloc::vec::Vec;
use core::fmt;
use once_cell::race::OnceBox;

/// The automata of a policy's roots with anchors (one per [`WildRoot`](crate::tables::layout::WildRoot)), each
/// built the first time a check needs it, and an index of the nodes with
/// wildcard rules.
pub(crate) struct Automata {
    pub(crate) roots: OnceBox<Roots>,
    pub(crate) nodes: OnceBox<NodeIndex>,
}

/// Where each node with wildcard rules is in `node_wild`: a hash table, built
/// the first time a check needs it. A check looks up each such node its walk
/// passed; a binary search of `node_wild` would wait on a load at each step
/// (measured: a fifth of yandex.ru's check time).
///
/// No key sits more than [`NodeIndex::PROBE_MAX`] slots past its home, so a
/// lookup reads at most that many. Keys that would (tables from bytes that
/// chose their nodes to collide; never seen on real files, with the table at
/// most half full) leave the index empty, and `node_wild` is searched instead:
/// building it stays linear, and a check never pays for a long run of slots.
pub(crate) struct NodeIndex {
    /// Each slot: a node's key and its place in `node_wild` plus one (0: an
    /// empty slot). Empty: no index (see above).
    pub(crate) slots: Vec<(u32, u32)>,
    /// The hash's shift: 32 less the log of the table's size.
    pub(crate) shift: u32,
}

impl NodeIndex {
    /// Tables of up to this many nodes are searched instead (four steps).
    pub(crate) const SEARCH_MAX: usize = 16;

    /// The farthest a key may sit from its home slot.
    pub(crate) const PROBE_MAX: usize = 32;

    /// No index: `node_wild` is searched.
    pub(crate) const EMPTY: NodeIndex = NodeIndex {
        slots: Vec::new(),
        shift: 0,
    };

    pub(crate) fn of(node_wild: &[NodeWild]) -> NodeIndex {
        let bits = (node_wild.len() * 2)
            .max(8)
            .next_power_of_two()
            .trailing_zeros();
        let mut index = NodeIndex {
            slots: alloc::vec![(0, 0); 1 << bits],
            shift: 32 - bits,
        };
        let size = index.slots.len();
        for (i, entry) in node_wild.iter().enumerate() {
            let (key, Ok(place)) = (entry.node.get(), u32::try_from(i + 1)) else {
                continue;
            };
            let home = index.home(key);
            let free = (home..home + NodeIndex::PROBE_MAX.min(size))
                .map(|at| at % size)
                .find(|&at| index.slots.get(at).is_some_and(|s| s.1 == 0))
                .and_then(|at| index.slots.get_mut(at));
            match free {
                Some(slot) => *slot = (key, place),
                None => return NodeIndex::EMPTY,
            }
        }
        index
    }

    #[inline(always)]
    pub(crate) fn home(&self, key: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B1) >> self.shift) as usize
    }

    /// The place of node `key` in `node_wild`, if it is there.
    #[inline]
    pub(crate) fn get(&self, key: u32) -> Option<usize> {
        let mask = self.slots.len().wrapping_sub(1);
        let home = self.home(key);
        for at in home..home + NodeIndex::PROBE_MAX.min(self.slots.len()) {
            let &(slot_key, place) = self.slots.get(at & mask)?;
            if place == 0 {
                return None;
            }
            if slot_key == key {
                return Some(place as usize - 1);
            }
        }
        None
    }
}

/// The automata's cells, one per [`WildRoot`](crate::tables::layout::WildRoot), and where each trie root's is.
pub(crate) struct Roots {
    pub(crate) cells: Vec<OnceBox<RootAutomaton>>,
    /// The place of each trie root (by its index) in `wild_roots`, plus one (0:
    /// none); empty if the roots' numbers are too sparse for a table, where
    /// `wild_roots` is searched instead. A check looks its root up here: a
    /// search would wait on a load at each of its steps.
    pub(crate) places: Vec<u32>,
}

impl Roots {
    pub(crate) fn of(t: &Tables<'_>) -> Roots {
        let wild = t.wild_roots();
        let last = wild
            .iter()
            .map(|w| w.root.get() as usize)
            .max()
            .unwrap_or(0);
        let mut places = Vec::new();
        if last <= 4 * wild.len() + 64 {
            places.resize(last + 1, 0);
            for (i, w) in wild.iter().enumerate() {
                if let (Some(slot), Ok(place)) =
                    (places.get_mut(w.root.get() as usize), u32::try_from(i + 1))
                {
                    *slot = place;
                }
            }
        }
        Roots {
            cells: wild.iter().map(|_| OnceBox::new()).collect(),
            places,
        }
    }
}

impl Automata {
    /// No automaton built yet.
    pub(crate) const fn new() -> Automata {
        Automata {
            roots: OnceBox::new(),
            nodes: OnceBox::new(),
        }
    }

    /// The place in `node_wild` of node `key` of `t`, if it has wildcard rules.
    /// A short table is searched as it is (a few steps; and a policy whose
    /// tables are `static` data keeps nothing on the heap for it).
    #[inline(always)]
    pub(crate) fn node_wild(&self, t: &Tables<'_>, key: u32) -> Option<usize> {
        let search = || {
            t.node_wild()
                .binary_search_by_key(&key, |w| w.node.get())
                .ok()
        };
        if t.node_wild().len() <= NodeIndex::SEARCH_MAX {
            return search();
        }
        let index = self
            .nodes
            .get_or_init(|| Box::new(NodeIndex::of(t.node_wild())));
        if index.slots.is_empty() {
            return search();
        }
        index.get(key)
    }

    /// The place in `wild_roots` of trie root `root` of `t`, if it has anchors.
    #[inline]
    pub(crate) fn place(&self, t: &Tables<'_>, root: NodeId) -> Option<usize> {
        let roots = self.roots.get_or_init(|| Box::new(Roots::of(t)));
        if roots.places.is_empty() {
            return t
                .wild_roots()
                .binary_search_by_key(&root.as_u32(), |w| w.root.get())
                .ok();
        }
        let place = *roots.places.get(root.as_usize())?;
        (place as usize).checked_sub(1)
    }

    /// The automaton of `wild_roots[i]` of `t`, built now if it was not.
    ///
    /// # Panics
    /// With a message starting "bug:" if `t` has no such root (there is a
    /// cell for each, and `i` is a place [`Automata::place`] found).
    #[inline]
    pub(crate) fn root(&self, t: &Tables<'_>, i: usize) -> &RootAutomaton {
        let roots = self.roots.get_or_init(|| Box::new(Roots::of(t)));
        let cell = entry(&roots.cells, i, "root automata");
        cell.get_or_init(|| Box::new(RootAutomaton::build(t, t.wild_root(i))))
    }

    /// The heap bytes of the automata built so far.
    pub(crate) fn heap_bytes(&self) -> usize {
        let nodes = self.nodes.get().map_or(0, |nodes| {
            size_of::<NodeIndex>() + nodes.slots.capacity() * size_of::<(u32, u32)>()
        });
        let Some(roots) = self.roots.get() else {
            return nodes;
        };
        let cells = nodes
            + size_of::<Roots>()
            + roots.cells.capacity() * size_of::<OnceBox<RootAutomaton>>()
            + roots.places.capacity() * size_of::<u32>();
        cells
            + roots
                .cells
                .iter()
                .filter_map(OnceBox::get)
                .map(RootAutomaton::memory_usage)
                .sum::<usize>()
    }

    /// How many root automata are built.
    #[cfg(test)]
    pub(crate) fn built(&self) -> usize {
        self.roots.get().map_or(0, |roots| {
            roots.cells.iter().filter(|r| r.get().is_some()).count()
        })
    }
}

/// A copy starts with no automaton built: it builds its own when it needs them.
impl Clone for Automata {
    fn clone(&self) -> Automata {
        Automata::new()
    }
}

impl Default for Automata {
    fn default() -> Automata {
        Automata::new()
    }
}

impl fmt::Debug for Automata {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let built = self.roots.get().map_or(0, |roots| {
            roots.cells.iter().filter(|r| r.get().is_some()).count()
        });
        f.debug_struct("Automata").field("built", &built).finish()
    }
}
