//! Checking a URL: the one search routine, over static or owned tables.

use crate::agent::names;
use crate::directive::Directive;
use crate::pattern::{normalize_path, tail_matches, tail_matches_fast};
use crate::policy::{Policy, RuleRecord, RuleSet, NONE};
use crate::search_tables::{pair_slot, signature_bit, word, WalkNode, WildIndex, PAIR_BITS};
use crate::table::Span;
use crate::url::path_from_url;
use crate::words::{flag_byte, HIGH};

/// Why a verdict came out as it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A rule decided; see [`Verdict::rule`].
    Rule,
    /// Groups applied to the crawler, but no rule matched the path.
    NoMatchingRule,
    /// No group applies to the crawler (none names it and there is no `*` group).
    NoGroup,
    /// `/robots.txt` itself is always allowed (`rfc9309`, `draft1996`).
    RobotsTxt,
}

impl Reason {
    /// The stable kebab-case name tools print: `rule`, `no-matching-rule`, `no-group`, `robots-txt`.
    pub const fn name(self) -> &'static str {
        match self {
            Reason::Rule => "rule",
            Reason::NoMatchingRule => "no-matching-rule",
            Reason::NoGroup => "no-group",
            Reason::RobotsTxt => "robots-txt",
        }
    }
}

/// The answer to one check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Verdict {
    /// May the crawler fetch the URL?
    pub allowed: bool,
    /// The deciding rule, an index for [`Policy::rule`].
    pub rule: Option<u32>,
    /// Why.
    pub reason: Reason,
}

impl Verdict {
    const fn without_rule(reason: Reason) -> Verdict {
        Verdict {
            allowed: true,
            rule: None,
            reason,
        }
    }
}

/// A rule, as a verdict or an explanation shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleInfo<'p> {
    /// 1-based line.
    pub line: u32,
    /// 1-based byte column of the pattern.
    pub column: u32,
    /// [`Directive::Allow`] or [`Directive::Disallow`].
    pub directive: Directive,
    /// The pattern as written (for a derived rule, as derived).
    pub pattern: &'p [u8],
    /// Specificity in octets.
    pub priority: u32,
    /// Google's `index.htm` alias of an `Allow` line, not a line of its own.
    pub derived: bool,
}

/// A policy narrowed to one crawler: resolve the agent once, check many URLs.
///
/// ```
/// use robots_core::{Policy, Profile};
/// let policy = Policy::parse(b"User-agent: FooBot\nDisallow: /\n", Profile::Google);
/// let foo = policy.matcher("foobot");
/// assert!(!foo.is_allowed("/x"));
/// assert!(policy.matcher("BarBot").is_allowed("/x"));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Matcher<'p> {
    pub(crate) policy: &'p Policy,
    pub(crate) set: u32,
    /// The set's trie root when it has exactly one (the common case), else [`NONE`].
    pub(crate) root: u32,
}

fn cmp_ignore_case(a: &[u8], b: &[u8]) -> core::cmp::Ordering {
    a.iter()
        .map(u8::to_ascii_lowercase)
        .cmp(b.iter().map(u8::to_ascii_lowercase))
}

impl Policy {
    /// The rule set that applies to `agent`, or [`NONE`].
    pub(crate) fn resolve(&self, agent: &[u8]) -> u32 {
        if self.profile.substring_agents() {
            return self.resolve_substring(agent);
        }
        let agents = &*self.agents;
        match agents.binary_search_by(|e| cmp_ignore_case(self.bytes(e.name), agent)) {
            Ok(i) => agents[i].set,
            Err(_) => self.any_set,
        }
    }

    /// Legacy: the first record whose name is a substring of the robot's name
    /// (version removed, any case); else the first `*` record.
    fn resolve_substring(&self, agent: &[u8]) -> u32 {
        let mut any = NONE;
        for entry in self.agents.iter() {
            if entry.any {
                if any == NONE {
                    any = entry.set;
                }
            } else if names(self.profile, self.bytes(entry.name), agent) {
                return entry.set;
            }
        }
        any
    }

    /// Narrow the policy to one crawler.
    pub fn matcher(&self, agent: impl AsRef<[u8]>) -> Matcher<'_> {
        let set = self.resolve(agent.as_ref());
        let root = match self
            .sets
            .get(set as usize)
            .map(|s| s.roots.of(&self.set_roots))
        {
            Some(&[root]) => root,
            _ => NONE,
        };
        Matcher {
            policy: self,
            set,
            root,
        }
    }

    /// Check one URL (a full URL, a path with query, or empty for `/`) for `agent`.
    pub fn check(&self, agent: impl AsRef<[u8]>, url: impl AsRef<[u8]>) -> Verdict {
        self.matcher(agent).check(url)
    }

    /// Whether `agent` may fetch `url`.
    pub fn is_allowed(&self, agent: impl AsRef<[u8]>, url: impl AsRef<[u8]>) -> bool {
        self.check(agent, url).allowed
    }

    /// The rule behind an index from a [`Verdict`].
    ///
    /// # Panics
    /// If `id` is not a rule index of this policy (see [`Policy::get_rule`]).
    pub fn rule(&self, id: u32) -> RuleInfo<'_> {
        match self.get_rule(id) {
            Some(rule) => rule,
            None => panic!("rule {id} is not in this policy"),
        }
    }

    /// The rule behind an index, or `None` if it is not a rule index of this policy.
    pub fn get_rule(&self, id: u32) -> Option<RuleInfo<'_>> {
        let r = self.rules.get(id as usize)?;
        Some(RuleInfo {
            line: r.line,
            column: r.column,
            directive: if r.allow {
                Directive::Allow
            } else {
                Directive::Disallow
            },
            pattern: self.bytes(r.pattern),
            priority: r.priority,
            derived: r.derived,
        })
    }

    /// Whether the segments after a rule's first match `rest` (the plain reference
    /// matcher: explanations and brute force use it; the search uses [`View::tail_matches`]).
    pub(crate) fn tail_matches(&self, rule: &RuleRecord, rest: &[u8]) -> bool {
        let segments = rule.segments.of(&self.segments);
        let tail = segments.get(1..).unwrap_or_default();
        tail_matches(rest, tail.iter().map(|s| self.bytes(*s)), rule.anchored)
    }

    /// Decide for an already normalised path in rule set `set`.
    /// `root` is the set's only trie root, or [`NONE`] to look the set up.
    #[inline]
    pub(crate) fn decide(&self, set: u32, root: u32, path: &[u8]) -> Verdict {
        if self.profile.robots_txt_always_allowed() && is_robots_txt(path) {
            return Verdict::without_rule(crate::Reason::RobotsTxt);
        }
        let view = View::of(self);
        let best = if root != NONE {
            view.search_one(root, set, path)
        } else {
            let Some(rule_set) = self.sets.get(set as usize) else {
                return Verdict::without_rule(Reason::NoGroup);
            };
            view.search(rule_set, path)
        };
        self.verdict_of(best)
    }

    /// The verdict of the best rule found ([`NONE`]: no rule matched).
    #[inline]
    pub(crate) fn verdict_of(&self, best: u32) -> Verdict {
        match self.rules.get(best as usize) {
            Some(rule) => Verdict {
                allowed: rule.allow,
                rule: Some(best),
                reason: Reason::Rule,
            },
            None => Verdict::without_rule(Reason::NoMatchingRule),
        }
    }
}

/// The search over a policy's tables (the walk's table borrowed once per check).
#[derive(Clone, Copy)]
pub(crate) struct View<'p> {
    policy: &'p Policy,
    pub(crate) walk_nodes: &'p [WalkNode],
}

impl<'p> View<'p> {
    #[inline]
    pub(crate) fn of(policy: &'p Policy) -> View<'p> {
        View {
            policy,
            walk_nodes: &policy.walk_nodes,
        }
    }

    #[inline]
    fn rank(&self, id: u32) -> u64 {
        self.policy.rules.get(id as usize).map_or(0, |r| r.rank)
    }

    /// [`View::search`] for a set with one trie root (`root`).
    #[inline(always)]
    fn search_one(&self, root: u32, set: u32, path: &[u8]) -> u32 {
        let mut wild = WildNodes::new();
        let literal = self.walk_literal(root, path, &mut wild);
        if wild.is_empty() {
            return literal;
        }
        self.search_one_wild(literal, &wild, set, path)
    }

    /// The rest of [`View::search_one`] when the walk passed wildcard rules.
    #[inline(never)]
    fn search_one_wild(&self, literal: u32, wild: &WildNodes, set: u32, path: &[u8]) -> u32 {
        let mut best = Best::EMPTY;
        if literal != NONE {
            best.offer(literal, self.rank(literal));
        }
        if let Some(rule_set) = self.policy.sets.get(set as usize) {
            self.match_wildcards(wild, rule_set, path, &mut best);
        }
        best.id
    }

    /// Walk from `root`, noting wildcard nodes in `wild`: the best literal rule
    /// where the walk stopped (found in advance), or [`NONE`].
    #[inline(always)]
    fn walk_literal(&self, root: u32, path: &[u8], wild: &mut WildNodes) -> u32 {
        let (node, depth) = self.walk(root, path, |id, node, depth| wild.note(id, node, depth));
        self.literal_at(node, depth == path.len())
    }

    /// The best literal rule for a walk that stopped at `node`, having read the whole
    /// path (`whole`) or not.
    #[inline(always)]
    pub(crate) fn literal_at(&self, node: u32, whole: bool) -> u32 {
        let table = if whole {
            &self.policy.best_exact
        } else {
            &self.policy.best_prefix
        };
        table.get(node as usize).copied().unwrap_or(NONE)
    }

    /// The best rule of `rule_set` for `path` (or [`NONE`]): the literal rules from
    /// the walks, then the wildcard rules (on the nodes passed, and in each root's pair
    /// index). [`View::search_one`] is the same for a set with one root.
    #[inline(never)]
    fn search(&self, rule_set: &RuleSet, path: &[u8]) -> u32 {
        let mut wild = WildNodes::new();
        let mut best = Best::EMPTY;
        for &root in rule_set.roots.of(&self.policy.set_roots) {
            let literal = self.walk_literal(root, path, &mut wild);
            if literal != NONE {
                best.offer(literal, self.rank(literal));
            }
        }
        if !wild.is_empty() {
            self.match_wildcards(&wild, rule_set, path, &mut best);
        }
        best.id
    }

    /// The child of `node` on `byte`. Edge bytes are sorted and distinct.
    #[inline(always)]
    fn child(&self, node: &WalkNode, byte: u8) -> Option<u32> {
        let count = usize::from(node.edge_count);
        if node.first_child == NONE {
            return self.child_apart(node, byte);
        }
        let at = if count <= 8 {
            position_in_word(node.edges, count, byte)?
        } else {
            self.wide_position(node, byte)?
        };
        Some(node.first_child + at as u32)
    }

    /// The position of `byte` among the edges of a wide node (more than eight): its
    /// block maps every byte to a position (0 when absent, so the edge byte there
    /// confirms it).
    #[inline(always)]
    fn wide_position(&self, node: &WalkNode, byte: u8) -> Option<usize> {
        let block = usize::try_from(node.edges).ok()?;
        let at = usize::from(
            *self
                .policy
                .wide_edges
                .get(block * 256 + usize::from(byte))?,
        );
        let start = node.edge_start as usize;
        (self.policy.edge_bytes.get(start + at) == Some(&byte)).then_some(at)
    }

    /// [`View::child`] for a node whose children are not numbered consecutively
    /// (out of line: the walk's loop keeps its registers).
    #[inline(never)]
    fn child_apart(&self, node: &WalkNode, byte: u8) -> Option<u32> {
        let count = usize::from(node.edge_count);
        let start = node.edge_start as usize;
        let at = if count <= 8 {
            position_in_word(node.edges, count, byte)?
        } else {
            self.wide_position(node, byte)?
        };
        if node.first_child != NONE {
            Some(node.first_child + at as u32)
        } else {
            self.policy.edge_targets.get(start + at).copied()
        }
    }

    /// Whether `path[depth..]` starts with the label of node `id` (`node`).
    #[inline(always)]
    fn label_matches(&self, id: u32, node: &WalkNode, path: &[u8], depth: usize) -> bool {
        let len = node.label_len as usize;
        let word = match path.get(depth..depth + 8) {
            Some(bytes) => <[u8; 8]>::try_from(bytes).map_or(0, u64::from_le_bytes),
            None if depth + len > path.len() => return false,
            None => tail_word(path, depth),
        };
        if len > 8 {
            // The first eight bytes settle most long labels without reading the text.
            return word == node.label && self.long_label_matches(id, path, depth);
        }
        (word ^ node.label) & LOW_BYTES[len] == 0
    }

    /// [`View::label_matches`] for a label longer than a word (out of line).
    #[inline(never)]
    fn long_label_matches(&self, id: u32, path: &[u8], depth: usize) -> bool {
        let label = self
            .policy
            .nodes
            .get(id as usize)
            .map_or(&[][..], |n| n.label.of(&self.policy.text));
        path.get(depth..depth + label.len())
            .is_some_and(|rest| same_long(rest, label))
    }

    /// Follow `path` down one trie as far as it goes: the last node reached and its
    /// depth. `on_node` sees every node reached, with its depth (the search notes the
    /// nodes with wildcard rules there, to test them once the literal best is known,
    /// which lets most of them be skipped on rank alone).
    #[inline(always)]
    fn walk(
        &self,
        root: u32,
        path: &[u8],
        mut on_node: impl FnMut(u32, &WalkNode, usize),
    ) -> (u32, usize) {
        let mut id = root;
        let mut depth = 0usize;
        let Some(mut node) = self.walk_nodes.get(root as usize) else {
            return (id, depth);
        };
        loop {
            on_node(id, node, depth);
            let Some((next, child)) = self.step(node, path, depth) else {
                break;
            };
            id = next;
            node = child;
            depth += child.label_len as usize;
        }
        (id, depth)
    }

    /// One step of a walk: from `node`, which the walk reached at `depth`, to the
    /// child whose label `path` continues with (its id and record), if there is one.
    #[inline(always)]
    pub(crate) fn step(
        &self,
        node: &WalkNode,
        path: &[u8],
        depth: usize,
    ) -> Option<(u32, &'p WalkNode)> {
        let &byte = path.get(depth)?;
        let next = self.child(node, byte)?;
        let child = self.walk_nodes.get(next as usize)?;
        self.label_matches(next, child, path, depth)
            .then_some((next, child))
    }

    /// Test the wildcard rules of the nodes the walks passed (deepest first: longer
    /// literal prefixes tend to rank higher), then the candidates of each root's pair index.
    #[inline(never)]
    fn match_wildcards(&self, wild: &WildNodes, rule_set: &RuleSet, path: &[u8], best: &mut Best) {
        // The pair index needs the path's pair set; the rules on nodes use it too.
        let filter = wild.indexed.then(|| PathFilter::of(path));
        let filter = filter.as_ref();
        if wild.overflow() {
            // More nodes than were noted: walk again and test each where it is met.
            for &root in rule_set.roots.of(&self.policy.set_roots) {
                self.walk(root, path, |id, node, depth| {
                    let full = self.policy.nodes.get(id as usize);
                    if let (true, Some(full)) = (node.has_wild, full) {
                        let rest = path.get(depth..).unwrap_or_default();
                        self.match_wild(full.wild, rest, best, filter);
                    }
                });
            }
        } else {
            for &(node, depth) in wild.items().iter().rev() {
                let Some(node) = self.policy.nodes.get(node as usize) else {
                    continue;
                };
                let rest = path.get(depth as usize..).unwrap_or_default();
                self.match_wild(node.wild, rest, best, filter);
            }
        }
        if let Some(filter) = filter {
            for index in rule_set.roots.of(&self.policy.root_wild) {
                if index.slots.len != 0 {
                    self.match_indexed(index, path, best, filter);
                }
            }
        }
    }

    /// Test the wildcard rules of one node (best rank first) on `rest`.
    #[inline]
    fn match_wild(&self, wild: Span, rest: &[u8], best: &mut Best, filter: Option<&PathFilter>) {
        for &id in wild.of(&self.policy.wild_rules) {
            let Some(rule) = self.policy.rules.get(id as usize) else {
                continue;
            };
            if best.id != NONE && rule.rank <= best.rank {
                break;
            }
            if self.tail_matches(rule, rest, filter) {
                best.offer(id, rule.rank);
                break;
            }
        }
    }

    /// Visit the slots of `index` whose byte pair the path has; in each, test the
    /// candidates that could beat `best` and whose pair signature the path covers.
    fn match_indexed(&self, index: &WildIndex, path: &[u8], best: &mut Best, filter: &PathFilter) {
        let words = index.words.of(&self.policy.slot_words);
        let starts = index.slots.of(&self.policy.slot_starts);
        let candidates = &*self.policy.wild_candidates;
        for (w, (slot_word, &pairs)) in words.iter().zip(&filter.pairs).enumerate() {
            // Slots with candidates whose pair the path has.
            let mut common = slot_word & pairs;
            while common != 0 {
                let slot = w * 64 + common.trailing_zeros() as usize;
                common &= common - 1;
                let (Some(&from), Some(&to)) = (starts.get(slot), starts.get(slot + 1)) else {
                    continue;
                };
                for c in candidates
                    .get(from as usize..to as usize)
                    .unwrap_or_default()
                {
                    if best.id != NONE && c.rank <= best.rank {
                        break;
                    }
                    if c.signature & !filter.signature == 0
                        && self.rule_matches(c.rule, path, filter)
                    {
                        best.offer(c.rule, c.rank);
                        break;
                    }
                }
            }
        }
    }

    /// Whether rule `id` matches the whole `path` (whose pair set `filter` holds).
    fn rule_matches(&self, id: u32, path: &[u8], filter: &PathFilter) -> bool {
        let Some(rule) = self.policy.rules.get(id as usize) else {
            return false;
        };
        let text = &*self.policy.text;
        let segments = rule.segments.of(&self.policy.segments);
        let Some((first, tail)) = segments.split_first() else {
            return false;
        };
        let literals = || tail.iter().map(|s| s.of(text));
        filter.has_all_pairs(literals())
            && path
                .strip_prefix(first.of(text))
                .is_some_and(|rest| tail_matches_fast(rest, literals(), rule.anchored))
    }

    /// [`Policy::tail_matches`] for the search: a length check and a byte-pair
    /// filter on the path first, then a search tuned for short paths.
    #[inline]
    fn tail_matches(&self, rule: &RuleRecord, rest: &[u8], filter: Option<&PathFilter>) -> bool {
        let segments = rule.segments.of(&self.policy.segments);
        let tail = segments.get(1..).unwrap_or_default();
        // The literals must fit in the rest of the path.
        let literal: usize = tail.iter().map(|s| s.len as usize).sum();
        if literal > rest.len() {
            return false;
        }
        let text = &*self.policy.text;
        if filter.is_some_and(|f| !f.has_all_pairs(tail.iter().map(|s| s.of(text)))) {
            return false;
        }
        tail_matches_fast(rest, tail.iter().map(|s| s.of(text)), rule.anchored)
    }
}

/// `path[depth..]` (fewer than eight bytes) as a little-endian word, zero-filled:
/// the path's last eight bytes shifted down when it has eight, else byte by byte.
#[inline]
fn tail_word(path: &[u8], depth: usize) -> u64 {
    let rest = path.get(depth..).unwrap_or_default();
    let last = path
        .len()
        .checked_sub(8)
        .and_then(|start| path.get(start..));
    match last.map(<[u8; 8]>::try_from) {
        Some(Ok(last)) => {
            let gone = 8 * 8usize.saturating_sub(rest.len());
            u32::try_from(gone)
                .ok()
                .and_then(|gone| u64::from_le_bytes(last).checked_shr(gone))
                .unwrap_or(0)
        }
        _ => word(rest),
    }
}

/// Whether `a` and `b` (of one length, at least eight bytes) are equal: word by
/// word, the last word overlapping (a library `memcmp` call costs more on labels
/// this short).
#[inline]
fn same_long(a: &[u8], b: &[u8]) -> bool {
    let word = |s: &[u8], at: usize| {
        s.get(at..at + 8)
            .and_then(|w| <[u8; 8]>::try_from(w).ok())
            .map(u64::from_le_bytes)
    };
    let len = a.len();
    if len != b.len() || len < 8 {
        return a == b;
    }
    let mut at = 0;
    while at + 8 < len {
        if word(a, at) != word(b, at) {
            return false;
        }
        at += 8;
    }
    word(a, len - 8) == word(b, len - 8)
}

/// `LOW_BYTES[n]`: the low `n` bytes of a word set (`n` in `0..=8`).
const LOW_BYTES: [u64; 9] = {
    let mut masks = [0u64; 9];
    let mut n = 1;
    while n <= 8 {
        masks[n] = u64::MAX >> (64 - 8 * n);
        n += 1;
    }
    masks
};

/// The position of `byte` among the first `count` (at most eight) bytes of `word`.
#[inline]
fn position_in_word(word: u64, count: usize, byte: u8) -> Option<usize> {
    // The lowest flagged byte is a true match (borrows only run upwards).
    let found = flag_byte(word, byte) & HIGH & LOW_BYTES[count.min(8)];
    (found != 0).then(|| (found.trailing_zeros() / 8) as usize)
}

/// The best-ranked rule found so far.
#[derive(Clone, Copy)]
struct Best {
    id: u32,
    rank: u64,
}

impl Best {
    const EMPTY: Best = Best { id: NONE, rank: 0 };

    #[inline]
    fn offer(&mut self, id: u32, rank: u64) {
        if self.id == NONE || rank > self.rank {
            self.id = id;
            self.rank = rank;
        }
    }
}

/// Nodes with wildcard rules met on the walks, with their depths.
struct WildNodes {
    /// The first [`WildNodes::CAP`] nodes met.
    items: [(u32, u32); WildNodes::CAP],
    /// How many nodes were met: more than [`WildNodes::CAP`] means that a second walk
    /// must find them all.
    len: usize,
    /// A walk passed a node whose wildcard rules are in a pair index.
    indexed: bool,
}

impl WildNodes {
    const CAP: usize = 8;

    #[inline]
    fn new() -> WildNodes {
        WildNodes {
            items: [(0, 0); WildNodes::CAP],
            len: 0,
            indexed: false,
        }
    }

    #[inline]
    fn is_empty(&self) -> bool {
        self.len == 0 && !self.indexed
    }

    /// Whether more nodes were met than noted.
    #[inline]
    fn overflow(&self) -> bool {
        self.len > WildNodes::CAP
    }

    /// Note node `id` (`node`) at `depth` if it has wildcard rules.
    #[inline(always)]
    fn note(&mut self, id: u32, node: &WalkNode, depth: usize) {
        if node.has_wild | node.indexed {
            self.note_wild(id, node, depth);
        }
    }

    /// [`WildNodes::note`] for a node with wildcard rules (out of line: most nodes have none).
    #[inline(never)]
    fn note_wild(&mut self, id: u32, node: &WalkNode, depth: usize) {
        self.indexed |= node.indexed;
        if node.has_wild {
            match (self.items.get_mut(self.len), u32::try_from(depth)) {
                (Some(slot), Ok(depth)) => *slot = (id, depth),
                // Not noted: count it as an overflow.
                (_, Err(_)) => self.len = WildNodes::CAP,
                (None, _) => {}
            }
            self.len += 1;
        }
    }

    #[inline]
    fn items(&self) -> &[(u32, u32)] {
        self.items
            .get(..self.len.min(WildNodes::CAP))
            .unwrap_or_default()
    }
}

/// Which byte pairs occur in the path (by [`pair_slot`]), and their signature bits.
/// Built only when a walk passes a node whose rules are in a pair index: the index
/// needs it. The rules on nodes then use it too (a literal with a byte pair the path
/// lacks cannot occur in it), but are not worth building it for: a node has only a
/// few, and searching for those few costs less than building the set (measured:
/// building it after three such tests cost 3% more instructions over the corpus).
struct PathFilter {
    pairs: [u64; 1 << (PAIR_BITS - 6)],
    signature: u64,
}

impl PathFilter {
    #[inline(never)]
    fn of(path: &[u8]) -> PathFilter {
        let mut pairs = [0u64; 1 << (PAIR_BITS - 6)];
        if let Some((&first, rest)) = path.split_first() {
            let mut previous = first;
            for &byte in rest {
                let slot = pair_slot(previous, byte);
                if let Some(word) = pairs.get_mut(slot >> 6) {
                    *word |= signature_bit(slot);
                }
                previous = byte;
            }
        }
        PathFilter {
            pairs,
            // A pair's signature bit is its bit within its word.
            signature: pairs.iter().fold(0, |signature, word| signature | word),
        }
    }

    /// False only if one of `literals` has a byte pair the path lacks.
    #[inline]
    fn has_all_pairs<'l>(&self, literals: impl Iterator<Item = &'l [u8]>) -> bool {
        let pairs = &self.pairs;
        let has = |a: u8, b: u8| {
            let slot = pair_slot(a, b);
            pairs
                .get(slot >> 6)
                .is_some_and(|word| word & (1 << (slot & 63)) != 0)
        };
        let mut literals = literals;
        literals.all(|literal| literal.windows(2).all(|pair| has(pair[0], pair[1])))
    }
}

/// Whether the path before any `?` is `/robots.txt`.
pub(crate) fn is_robots_txt(path: &[u8]) -> bool {
    path.strip_prefix(b"/robots.txt")
        .is_some_and(|rest| matches!(rest.first(), None | Some(b'?')))
}

impl<'p> Matcher<'p> {
    /// The policy this matcher reads.
    pub fn policy(&self) -> &'p Policy {
        self.policy
    }

    /// Whether any group applies to this crawler.
    pub fn has_group(&self) -> bool {
        self.set != NONE
    }

    /// Check a URL: a full URL, a path (with query), or empty for `/`. The fragment is dropped.
    pub fn check(&self, url: impl AsRef<[u8]>) -> Verdict {
        let path = path_from_url(url.as_ref());
        self.check_path(&path)
    }

    /// Check a path that is already `/path?query` (no scheme, host or fragment).
    pub fn check_path(&self, path: &[u8]) -> Verdict {
        let normalized = normalize_path(path, self.policy.profile);
        self.policy.decide(self.set, self.root, &normalized)
    }

    /// Whether the crawler may fetch `url`.
    pub fn is_allowed(&self, url: impl AsRef<[u8]>) -> bool {
        self.check(url).allowed
    }

    /// Indexes of the groups that apply to this crawler, in file order.
    pub fn groups(&self) -> &'p [u32] {
        match self.policy.sets.get(self.set as usize) {
            Some(set) => set.groups.of(&self.policy.set_groups),
            None => &[],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::same_long;

    #[test]
    fn same_long_agrees_with_slice_equality() {
        let base: alloc::vec::Vec<u8> = (0..40u8).map(|i| b'a' + i % 26).collect();
        for len in 0..=base.len() {
            let a = &base[..len];
            assert!(same_long(a, a));
            for at in 0..len {
                let mut b = a.to_vec();
                b[at] ^= 0x20;
                assert!(!same_long(a, &b), "{len} {at}");
            }
            assert!(!same_long(a, &base[..len.saturating_sub(1)]) || len == 0);
        }
    }
}
