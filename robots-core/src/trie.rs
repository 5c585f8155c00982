//! The prefix trie over rules' first literal segments.
//!
//! Each rule set gets a trie. Walking a path down it visits, in one pass, every
//! rule whose literal prefix the path starts with: the node where a rule's
//! first segment ends holds it, as a plain prefix rule, an exact (`$`) rule, or
//! a wildcard rule whose remaining segments are checked on the rest of the path.

use crate::policy::{Node, RuleRecord, NONE};
use crate::table::Span;
use alloc::vec::Vec;

#[derive(Default)]
struct BuildNode {
    children: Vec<(u8, u32)>,
    prefix_rule: u32,
    exact_rule: u32,
    wild: Vec<u32>,
}

/// The flattened trie tables of all rule sets.
pub(crate) struct TrieTables {
    pub nodes: Vec<Node>,
    pub edge_bytes: Vec<u8>,
    pub edge_targets: Vec<u32>,
    pub wild_rules: Vec<u32>,
}

pub(crate) struct TrieBuilder<'r> {
    nodes: Vec<BuildNode>,
    rules: &'r [RuleRecord],
    segments: &'r [Span],
    text: &'r [u8],
}

fn index(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(NONE - 1)
}

impl<'r> TrieBuilder<'r> {
    pub fn new(rules: &'r [RuleRecord], segments: &'r [Span], text: &'r [u8]) -> Self {
        TrieBuilder {
            nodes: Vec::new(),
            rules,
            segments,
            text,
        }
    }

    fn new_node(&mut self) -> u32 {
        self.nodes.push(BuildNode {
            prefix_rule: NONE,
            exact_rule: NONE,
            ..BuildNode::default()
        });
        index(self.nodes.len() - 1)
    }

    fn better(&self, current: u32, candidate: u32) -> u32 {
        if current == NONE || self.rank(candidate) > self.rank(current) {
            candidate
        } else {
            current
        }
    }

    fn rank(&self, rule: u32) -> u64 {
        self.rules.get(rule as usize).map_or(0, |r| r.rank)
    }

    /// Build a trie over `rules`; returns its root.
    pub fn build(&mut self, rules: impl Iterator<Item = u32>) -> u32 {
        let root = self.new_node();
        for id in rules {
            let Some(rule) = self.rules.get(id as usize) else {
                continue;
            };
            let segments = rule.segments.of(self.segments);
            let Some(first) = segments.first() else {
                continue;
            };
            let mut node = root;
            for &byte in first.of(self.text) {
                let existing = self.nodes[node as usize]
                    .children
                    .iter()
                    .find(|(b, _)| *b == byte)
                    .map(|&(_, t)| t);
                node = match existing {
                    Some(t) => t,
                    None => {
                        let t = self.new_node();
                        self.nodes[node as usize].children.push((byte, t));
                        t
                    }
                };
            }
            let (single, anchored) = (segments.len() == 1, rule.anchored);
            let n = node as usize;
            if single && anchored {
                self.nodes[n].exact_rule = self.better(self.nodes[n].exact_rule, id);
            } else if single {
                self.nodes[n].prefix_rule = self.better(self.nodes[n].prefix_rule, id);
            } else {
                self.nodes[n].wild.push(id);
            }
        }
        root
    }

    /// Flatten every trie built so far.
    pub fn finish(mut self) -> TrieTables {
        let mut out = TrieTables {
            nodes: Vec::with_capacity(self.nodes.len()),
            edge_bytes: Vec::new(),
            edge_targets: Vec::new(),
            wild_rules: Vec::new(),
        };
        let rules = self.rules;
        let rank = |id: &u32| rules.get(*id as usize).map_or(0, |r| r.rank);
        for node in &mut self.nodes {
            node.children.sort_unstable_by_key(|&(b, _)| b);
            node.wild.sort_unstable_by_key(|id| core::cmp::Reverse(rank(id)));
            let edges = Span {
                start: index(out.edge_bytes.len()),
                len: index(node.children.len()),
            };
            for &(b, t) in &node.children {
                out.edge_bytes.push(b);
                out.edge_targets.push(t);
            }
            let wild = Span {
                start: index(out.wild_rules.len()),
                len: index(node.wild.len()),
            };
            out.wild_rules.extend_from_slice(&node.wild);
            out.nodes.push(Node {
                edges,
                prefix_rule: node.prefix_rule,
                exact_rule: node.exact_rule,
                wild,
            });
        }
        out
    }
}
