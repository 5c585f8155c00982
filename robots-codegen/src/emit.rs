//! Writing a compiled policy as a Rust expression over `&'static` tables.
//!
//! The expression is a block: one `const` per table, then the `Tables` struct
//! naming them, then the call that makes a `Policy` (or an `AgentPolicy`) of
//! it, so it works as the initializer of a `static` or a `const`. Every table
//! is written as one byte-string literal of its records' bytes (the byte form
//! the layout defines: little-endian, unaligned), turned into an array of
//! records by `zerocopy::transmute!` at compile time. So the output is a few
//! tokens per table whatever its size, rustc reads it in time linear in the
//! bytes, and the binary holds exactly the tables' bytes.
//!
//! The Aho-Corasick automata of wildcard-heavy rule sets are not written: the
//! crate builds them at run time, so the tables hold the literals they are built
//! from, and the `static` policy builds each one on the first check that needs
//! it (and keeps it).
//!
//! `Tables` is destructured exhaustively, so a table added to the layout in
//! `robots-core` fails to compile here until the generator writes it.

use proc_macro2::{Ident, Literal, Span as CallSite, TokenStream};
use quote::{format_ident, quote};
use robots_core::tables::{Tables, TruncationRecord};
use robots_core::Profile;
use zerocopy::{Immutable, IntoBytes};

/// The local alias the generated block gives `<crate path>::__private`.
const ALIAS: &str = "__robots";

fn alias() -> Ident {
    Ident::new(ALIAS, CallSite::call_site())
}

fn int(n: u32) -> Literal {
    Literal::u32_unsuffixed(n)
}

/// The path of a unit variant, named by its derived `Debug` text (which is the
/// variant's name), so a new variant needs no change here.
fn profile(p: Profile) -> TokenStream {
    let r = alias();
    let name = Ident::new(&format!("{p:?}"), CallSite::call_site());
    quote!(#r::Profile::#name)
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

/// The `const` items of the tables.
struct TableItems {
    items: TokenStream,
}

impl TableItems {
    /// `const NAME: &[u8] = b"...";`: a byte table.
    fn bytes(&mut self, name: &str, bytes: &[u8]) -> TokenStream {
        let name = format_ident!("{}", name);
        let lit = Literal::byte_string(bytes);
        self.items.extend(quote!(const #name: &[u8] = #lit;));
        quote!(#name)
    }

    /// `const NAME: [Record; N] = transmute!(*b"...");`: a table of records,
    /// written as its bytes.
    fn records<T: IntoBytes + Immutable>(
        &mut self,
        name: &str,
        ty: &str,
        values: &[T],
    ) -> TokenStream {
        let r = alias();
        let name = format_ident!("{}", name);
        let ty = Ident::new(ty, CallSite::call_site());
        let count = Literal::usize_unsuffixed(values.len());
        let lit = Literal::byte_string(values.as_bytes());
        // Referenced once, by `&`: promoted to one static, never copied.
        self.items.extend(quote!(
            #[allow(clippy::large_const_arrays)]
            const #name: [#r::#ty; #count] = #r::zerocopy::transmute!(*#lit);
        ));
        quote!(&#name)
    }
}

/// The tables as a block expression of type `Policy`, naming the runtime as
/// `crate_path`; with `agent` (the crawler, its rule set and trie root), of type
/// `AgentPolicy`.
pub(crate) fn policy(
    tables: &Tables<'_>,
    agent: Option<(&[u8], u32, u32)>,
    crate_path: &TokenStream,
) -> TokenStream {
    let Tables {
        profile: p,
        any_set,
        truncation: cut,
        text,
        agents,
        sets,
        set_roots,
        set_groups,
        inners,
        leaves,
        wide,
        exact,
        node_wild,
        wild_rules,
        wild_roots,
        anchors,
        anchor_rules,
        rules,
        rule_extras,
        segments,
        groups,
        group_agents,
        extensions,
    } = *tables;
    let mut t = TableItems {
        items: TokenStream::new(),
    };
    let text = t.bytes("TEXT", text);
    let agents = t.records("AGENTS", "AgentEntry", agents);
    let sets = t.records("SETS", "RuleSet", sets);
    let set_roots = t.records("SET_ROOTS", "U32", set_roots);
    let set_groups = t.records("SET_GROUPS", "U32", set_groups);
    let inners = t.records("INNERS", "Inner", inners);
    let leaves = t.records("LEAVES", "Leaf", leaves);
    let wide = t.bytes("WIDE", wide);
    let exact = t.records("EXACT", "NodeRule", exact);
    let node_wild = t.records("NODE_WILD", "NodeWild", node_wild);
    let wild_rules = t.records("WILD_RULES", "U32", wild_rules);
    let wild_roots = t.records("WILD_ROOTS", "WildRoot", wild_roots);
    let anchors = t.records("ANCHORS", "Anchor", anchors);
    let anchor_rules = t.records("ANCHOR_RULES", "U32", anchor_rules);
    let rules = t.records("RULES", "RuleRecord", rules);
    let rule_extras = t.records("RULE_EXTRAS", "RuleExtra", rule_extras);
    let segments = t.records("SEGMENTS", "Span", segments);
    let groups = t.records("GROUPS", "GroupRecord", groups);
    let group_agents = t.records("GROUP_AGENTS", "GroupAgentRecord", group_agents);
    let extensions = t.records("EXTENSIONS", "ExtensionRecord", extensions);
    let items = t.items;
    let r = alias();
    let p = profile(p);
    let any_set = int(any_set);
    let cut = truncation(&cut);
    let value = match agent {
        Some((name, set, root)) => {
            let name = Literal::byte_string(name);
            let (set, root) = (int(set), int(root));
            quote!(#r::agent_policy(&TABLES, #name, #set, #root))
        }
        None => quote!(#r::policy(&TABLES)),
    };
    quote!({
        use #crate_path::__private as #r;
        #items
        const TABLES: #r::Tables<'static> = #r::Tables {
            profile: #p,
            any_set: #any_set,
            truncation: #cut,
            text: #text,
            agents: #agents,
            sets: #sets,
            set_roots: #set_roots,
            set_groups: #set_groups,
            inners: #inners,
            leaves: #leaves,
            wide: #wide,
            exact: #exact,
            node_wild: #node_wild,
            wild_rules: #wild_rules,
            wild_roots: #wild_roots,
            anchors: #anchors,
            anchor_rules: #anchor_rules,
            rules: #rules,
            rule_extras: #rule_extras,
            segments: #segments,
            groups: #groups,
            group_agents: #group_agents,
            extensions: #extensions,
        };
        #value
    })
}
