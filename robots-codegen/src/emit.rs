//! Writing a compiled [`Policy`] as a Rust expression over `&'static` tables.
//!
//! The expression is a block: one `const` slice per table, then the `Policy`
//! struct literal naming them, so it works as the initializer of a `static`
//! or a `const`. Every table is a `Table::Static`; the byte tables are
//! byte-string literals. Records are struct literals, except the three tables
//! with a record per rule (rules, trie nodes, segments): those call a local
//! `const fn` that holds the struct literal, with the fields as positional
//! arguments. That is a third of the tokens, and it halves rustc's time and
//! memory on large files (3.7 MB, 47k rules: 12 s and 1.35 GB with struct
//! literals, 5.6 s and 0.86 GB with constructors). The output grows linearly
//! with the policy: a fixed number of tokens per record.
//!
//! Every struct is destructured exhaustively, so a field added to a record in
//! `robots-core` fails to compile here until the generator writes it.

use proc_macro2::{Ident, Literal, Span as CallSite, TokenStream};
use quote::{format_ident, quote};
use robots_core::parse::Directive;
use robots_core::records::{RequestRate, TimeWindow};
use robots_core::tables::{
    AgentEntry, ExtensionRecord, GroupAgentRecord, GroupRecord, Node, RecordValue, RuleRecord,
    RuleSet, Span, Tables, TruncationRecord, WalkNode, WildCandidate, WildIndex,
};
use robots_core::Profile;

/// The local alias the generated block gives `<crate path>::__private`.
const ALIAS: &str = "__robots";

fn alias() -> Ident {
    Ident::new(ALIAS, CallSite::call_site())
}

fn int(n: u32) -> Literal {
    Literal::u32_unsuffixed(n)
}

fn span(s: &Span) -> TokenStream {
    let r = alias();
    let Span { start, len } = *s;
    let (start, len) = (int(start), int(len));
    quote!(#r::Span { start: #start, len: #len })
}

/// The path of a unit variant, named by its derived `Debug` text (which is the
/// variant's name), so a new variant needs no change here.
fn variant(ty: TokenStream, value: impl core::fmt::Debug) -> TokenStream {
    let name = Ident::new(&format!("{value:?}"), CallSite::call_site());
    quote!(#ty::#name)
}

fn profile(p: Profile) -> TokenStream {
    let r = alias();
    variant(quote!(#r::Profile), p)
}

fn directive(d: Directive) -> TokenStream {
    let r = alias();
    variant(quote!(#r::Directive), d)
}

fn duration(d: core::time::Duration) -> TokenStream {
    let secs = Literal::u64_unsuffixed(d.as_secs());
    let nanos = int(d.subsec_nanos());
    quote!(::core::time::Duration::new(#secs, #nanos))
}

fn time_window(w: &TimeWindow) -> TokenStream {
    let r = alias();
    let TimeWindow { start, end } = *w;
    let (start, end) = (Literal::u16_unsuffixed(start), Literal::u16_unsuffixed(end));
    quote!(#r::TimeWindow { start: #start, end: #end })
}

fn request_rate(rate: &RequestRate) -> TokenStream {
    let r = alias();
    let RequestRate {
        requests,
        per,
        window,
    } = rate;
    let requests = int(*requests);
    let per = duration(*per);
    let window = match window {
        Some(w) => {
            let w = time_window(w);
            quote!(::core::option::Option::Some(#w))
        }
        None => quote!(::core::option::Option::None),
    };
    quote!(#r::RequestRate { requests: #requests, per: #per, window: #window })
}

fn extension_value(v: &RecordValue) -> TokenStream {
    let r = alias();
    match v {
        RecordValue::CrawlDelay(d) => {
            let d = duration(*d);
            quote!(#r::RecordValue::CrawlDelay(#d))
        }
        RecordValue::RequestRate(rate) => {
            let rate = request_rate(rate);
            quote!(#r::RecordValue::RequestRate(#rate))
        }
        RecordValue::VisitTime(w) => {
            let w = time_window(w);
            quote!(#r::RecordValue::VisitTime(#w))
        }
        RecordValue::Text => quote!(#r::RecordValue::Text),
        RecordValue::Invalid => quote!(#r::RecordValue::Invalid),
        // A value this generator does not know yet: fail the build, never a wrong table.
        other => {
            let message = format!("robots-codegen cannot write the record value {other:?}");
            quote!(::core::compile_error!(#message))
        }
    }
}

fn agent_entry(a: &AgentEntry) -> TokenStream {
    let r = alias();
    let AgentEntry { name, set, any } = a;
    let (name, set) = (span(name), int(*set));
    quote!(#r::AgentEntry { name: #name, set: #set, any: #any })
}

fn rule_set(s: &RuleSet) -> TokenStream {
    let r = alias();
    let RuleSet { roots, groups } = s;
    let (roots, groups) = (span(roots), span(groups));
    quote!(#r::RuleSet { roots: #roots, groups: #groups })
}

/// Span pairs, flattened for the positional constructors.
fn span_args(s: &Span) -> [Literal; 2] {
    [int(s.start), int(s.len)]
}

fn node(n: &Node) -> TokenStream {
    let Node {
        label,
        edges,
        prefix_rule,
        exact_rule,
        wild,
    } = n;
    let [ls, ll] = span_args(label);
    let [es, el] = span_args(edges);
    let [ws, wl] = span_args(wild);
    let (prefix_rule, exact_rule) = (int(*prefix_rule), int(*exact_rule));
    quote!(node(#ls, #ll, #es, #el, #prefix_rule, #exact_rule, #ws, #wl))
}

fn rule(rec: &RuleRecord) -> TokenStream {
    let RuleRecord {
        line,
        column,
        allow,
        derived,
        priority,
        rank,
        pattern,
        segments,
        anchored,
        group,
    } = rec;
    let (line, column, priority, group) = (int(*line), int(*column), int(*priority), int(*group));
    let rank = Literal::u64_unsuffixed(*rank);
    let [ps, pl] = span_args(pattern);
    let [ss, sl] = span_args(segments);
    quote!(rule(#line, #column, #allow, #derived, #priority, #rank, #ps, #pl, #ss, #sl, #anchored, #group))
}

fn walk_node(w: &WalkNode) -> TokenStream {
    let WalkNode {
        label,
        edges,
        first_child,
        edge_start,
        label_len,
        edge_count,
        has_wild,
        indexed,
    } = w;
    let (label, edges) = (
        Literal::u64_unsuffixed(*label),
        Literal::u64_unsuffixed(*edges),
    );
    let (first_child, edge_start, label_len) =
        (int(*first_child), int(*edge_start), int(*label_len));
    let edge_count = Literal::u16_unsuffixed(*edge_count);
    quote!(walk_node(#label, #edges, #first_child, #edge_start, #label_len, #edge_count, #has_wild, #indexed))
}

fn wild_index(w: &WildIndex) -> TokenStream {
    let WildIndex { words, slots } = w;
    let [ws, wl] = span_args(words);
    let [ss, sl] = span_args(slots);
    quote!(wild_index(#ws, #wl, #ss, #sl))
}

fn wild_candidate(c: &WildCandidate) -> TokenStream {
    let WildCandidate {
        rule,
        rank,
        signature,
    } = c;
    let rule = int(*rule);
    let (rank, signature) = (
        Literal::u64_unsuffixed(*rank),
        Literal::u64_unsuffixed(*signature),
    );
    quote!(wild_candidate(#rule, #rank, #signature))
}

fn segment(s: &Span) -> TokenStream {
    let [start, len] = span_args(s);
    quote!(span(#start, #len))
}

/// Positional constructors for the tables with a record per rule, so each
/// record costs a dozen tokens rather than a struct literal's fifty.
fn constructors() -> TokenStream {
    let r = alias();
    quote! {
        #[allow(dead_code)]
        const fn span(start: u32, len: u32) -> #r::Span {
            #r::Span { start, len }
        }
        #[allow(dead_code, clippy::too_many_arguments)]
        const fn node(
            label_start: u32,
            label_len: u32,
            edges_start: u32,
            edges_len: u32,
            prefix_rule: u32,
            exact_rule: u32,
            wild_start: u32,
            wild_len: u32
        ) -> #r::Node {
            #r::Node {
                label: span(label_start, label_len),
                edges: span(edges_start, edges_len),
                prefix_rule,
                exact_rule,
                wild: span(wild_start, wild_len),
            }
        }
        #[allow(dead_code, clippy::too_many_arguments)]
        const fn rule(
            line: u32,
            column: u32,
            allow: bool,
            derived: bool,
            priority: u32,
            rank: u64,
            pattern_start: u32,
            pattern_len: u32,
            segments_start: u32,
            segments_len: u32,
            anchored: bool,
            group: u32
        ) -> #r::RuleRecord {
            #r::RuleRecord {
                line,
                column,
                allow,
                derived,
                priority,
                rank,
                pattern: span(pattern_start, pattern_len),
                segments: span(segments_start, segments_len),
                anchored,
                group,
            }
        }
        #[allow(dead_code, clippy::too_many_arguments)]
        const fn walk_node(
            label: u64,
            edges: u64,
            first_child: u32,
            edge_start: u32,
            label_len: u32,
            edge_count: u16,
            has_wild: bool,
            indexed: bool
        ) -> #r::WalkNode {
            #r::WalkNode {
                label,
                edges,
                first_child,
                edge_start,
                label_len,
                edge_count,
                has_wild,
                indexed,
            }
        }
        #[allow(dead_code)]
        const fn wild_index(
            words_start: u32,
            words_len: u32,
            slots_start: u32,
            slots_len: u32
        ) -> #r::WildIndex {
            #r::WildIndex {
                words: span(words_start, words_len),
                slots: span(slots_start, slots_len),
            }
        }
        #[allow(dead_code)]
        const fn wild_candidate(rule: u32, rank: u64, signature: u64) -> #r::WildCandidate {
            #r::WildCandidate { rule, rank, signature }
        }
    }
}

fn group(g: &GroupRecord) -> TokenStream {
    let r = alias();
    let GroupRecord {
        line,
        agents,
        rules,
    } = g;
    let (line, agents, rules) = (int(*line), span(agents), span(rules));
    quote!(#r::GroupRecord { line: #line, agents: #agents, rules: #rules })
}

fn group_agent(a: &GroupAgentRecord) -> TokenStream {
    let r = alias();
    let GroupAgentRecord { line, value } = a;
    let (line, value) = (int(*line), span(value));
    quote!(#r::GroupAgentRecord { line: #line, value: #value })
}

fn extension(e: &ExtensionRecord) -> TokenStream {
    let r = alias();
    let ExtensionRecord {
        directive: d,
        line,
        group,
        value,
        parsed,
    } = e;
    let (d, line, group) = (directive(*d), int(*line), int(*group));
    let (value, parsed) = (span(value), extension_value(parsed));
    quote!(#r::ExtensionRecord {
        directive: #d,
        line: #line,
        group: #group,
        value: #value,
        parsed: #parsed,
    })
}

/// One table as a `const` item and the `Table::Static` that names it.
struct TableItems {
    items: TokenStream,
}

impl TableItems {
    /// `const NAME: &[u8] = b"...";`
    fn bytes(&mut self, name: &str, bytes: &[u8]) -> TokenStream {
        let lit = Literal::byte_string(bytes);
        self.push(name, quote!(u8), quote!(#lit))
    }

    /// `const NAME: &[u32] = &[1, 2, 3];`
    fn ints(&mut self, name: &str, values: &[u32]) -> TokenStream {
        let values = values.iter().map(|&v| int(v));
        self.push(name, quote!(u32), quote!(&[#(#values),*]))
    }

    /// `const NAME: &[u64] = &[1, 2, 3];`
    fn words(&mut self, name: &str, values: &[u64]) -> TokenStream {
        let values = values.iter().map(|&v| Literal::u64_unsuffixed(v));
        self.push(name, quote!(u64), quote!(&[#(#values),*]))
    }

    /// `const NAME: &[Record] = &[Record { .. }, ..];`
    fn records<T>(
        &mut self,
        name: &str,
        ty: &str,
        values: &[T],
        emit: fn(&T) -> TokenStream,
    ) -> TokenStream {
        let r = alias();
        let ty = Ident::new(ty, CallSite::call_site());
        let values = values.iter().map(emit);
        self.push(name, quote!(#r::#ty), quote!(&[#(#values),*]))
    }

    fn push(&mut self, name: &str, ty: TokenStream, value: TokenStream) -> TokenStream {
        let r = alias();
        let name = format_ident!("{}", name);
        self.items.extend(quote!(const #name: &[#ty] = #value;));
        quote!(#r::Table::Static(#name))
    }
}

fn truncation(t: &Option<TruncationRecord>) -> TokenStream {
    let r = alias();
    match t {
        Some(TruncationRecord {
            max_bytes,
            input_len,
            first_ignored_line,
        }) => {
            let (max_bytes, input_len) = (
                Literal::u64_unsuffixed(*max_bytes),
                Literal::u64_unsuffixed(*input_len),
            );
            let line = int(*first_ignored_line);
            quote!(::core::option::Option::Some(#r::TruncationRecord {
                max_bytes: #max_bytes,
                input_len: #input_len,
                first_ignored_line: #line,
            }))
        }
        None => quote!(::core::option::Option::None),
    }
}

/// The tables as a block expression of type `Policy`, naming the runtime as
/// `crate_path`; with `agent` (the crawler, its rule set and trie root), of type
/// `AgentPolicy`.
pub(crate) fn policy(
    tables: &Tables,
    agent: Option<(&[u8], u32, u32)>,
    crate_path: &TokenStream,
) -> TokenStream {
    let Tables {
        profile: p,
        text,
        agents,
        any_set,
        sets,
        set_roots,
        set_groups,
        nodes,
        edge_bytes,
        edge_targets,
        wild_rules,
        walk_nodes,
        wide_edges,
        best_prefix,
        best_exact,
        root_wild,
        slot_words,
        slot_starts,
        wild_candidates,
        rules,
        segments,
        groups,
        group_agents,
        extensions,
        truncation: cut,
    } = tables;
    let mut t = TableItems {
        items: TokenStream::new(),
    };
    let text = t.bytes("TEXT", text);
    let agents = t.records("AGENTS", "AgentEntry", agents, agent_entry);
    let sets = t.records("SETS", "RuleSet", sets, rule_set);
    let set_roots = t.ints("SET_ROOTS", set_roots);
    let set_groups = t.ints("SET_GROUPS", set_groups);
    let nodes = t.records("NODES", "Node", nodes, node);
    let edge_bytes = t.bytes("EDGE_BYTES", edge_bytes);
    let edge_targets = t.ints("EDGE_TARGETS", edge_targets);
    let wild_rules = t.ints("WILD_RULES", wild_rules);
    let walk_nodes = t.records("WALK_NODES", "WalkNode", walk_nodes, walk_node);
    let wide_edges = t.bytes("WIDE_EDGES", wide_edges);
    let best_prefix = t.ints("BEST_PREFIX", best_prefix);
    let best_exact = t.ints("BEST_EXACT", best_exact);
    let root_wild = t.records("ROOT_WILD", "WildIndex", root_wild, wild_index);
    let slot_words = t.words("SLOT_WORDS", slot_words);
    let slot_starts = t.ints("SLOT_STARTS", slot_starts);
    let wild_candidates = t.records(
        "WILD_CANDIDATES",
        "WildCandidate",
        wild_candidates,
        wild_candidate,
    );
    let rules = t.records("RULES", "RuleRecord", rules, rule);
    let segments = t.records("SEGMENTS", "Span", segments, segment);
    let groups = t.records("GROUPS", "GroupRecord", groups, group);
    let group_agents = t.records(
        "GROUP_AGENTS",
        "GroupAgentRecord",
        group_agents,
        group_agent,
    );
    let extensions = t.records("EXTENSIONS", "ExtensionRecord", extensions, extension);
    let items = t.items;
    let constructors = constructors();
    let r = alias();
    let p = profile(*p);
    let any_set = int(*any_set);
    let cut = truncation(cut);
    let policy = quote!(#r::policy(#r::Tables {
        profile: #p,
        text: #text,
        agents: #agents,
        any_set: #any_set,
        sets: #sets,
        set_roots: #set_roots,
        set_groups: #set_groups,
        nodes: #nodes,
        edge_bytes: #edge_bytes,
        edge_targets: #edge_targets,
        wild_rules: #wild_rules,
        walk_nodes: #walk_nodes,
        wide_edges: #wide_edges,
        best_prefix: #best_prefix,
        best_exact: #best_exact,
        root_wild: #root_wild,
        slot_words: #slot_words,
        slot_starts: #slot_starts,
        wild_candidates: #wild_candidates,
        rules: #rules,
        segments: #segments,
        groups: #groups,
        group_agents: #group_agents,
        extensions: #extensions,
        truncation: #cut,
    }));
    let value = match agent {
        Some((name, set, root)) => {
            let name = Literal::byte_string(name);
            let (set, root) = (int(set), int(root));
            quote!(#r::agent_policy(#policy, #name, #set, #root))
        }
        None => policy,
    };
    quote!({
        use #crate_path::__private as #r;
        #constructors
        #items
        #value
    })
}
