//! Writing a compiled policy as a Rust expression over `&'static` tables.
//!
//! The expression is a block: one `const` byte string holding every table (the
//! region of the byte form: little-endian records, unaligned, one table after
//! another), the `Tables` view of it with where each table ends, then the call
//! that makes a `Policy` (or an `AgentPolicy`) of it, so it works as the
//! initializer of a `static` or a `const`. So the output is a few tokens
//! whatever the policy's size, rustc reads it in time linear in the bytes, and
//! the binary holds exactly the tables' bytes and one small view. The view
//! checks the ends when the constant is evaluated: ends that do not fit stop
//! the build.
//!
//! The Aho-Corasick automata of wildcard-heavy rule sets are not written: the
//! crate builds them at run time, so the tables hold the literals they are built
//! from, and the `static` policy builds each one on the first check that needs
//! it (and keeps it).

use proc_macro2::{Ident, Literal, Span as CallSite, TokenStream};
use quote::quote;
use robots_core::tables::Tables;
use robots_core::Profile;

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

/// The tables as a block expression of type `Policy`, naming the runtime as
/// `crate_path`; with `agent` (the crawler, and its rule set and tries as
/// `agent_selection` gives them), of type `AgentPolicy`.
pub(crate) fn policy(
    tables: &Tables<'_>,
    agent: Option<(&[u8], [u32; 5])>,
    crate_path: &TokenStream,
) -> TokenStream {
    let r = alias();
    let p = profile(tables.profile);
    let any_set = int(tables.any_set);
    let region = Literal::byte_string(tables.region());
    let ends = tables.ends().map(int);
    let value = match agent {
        Some((name, selection)) => {
            let name = Literal::byte_string(name);
            let selection = selection.map(int);
            quote!(#r::agent_policy(&TABLES, #name, [#(#selection),*]))
        }
        None => quote!(#r::policy(&TABLES)),
    };
    quote!({
        use #crate_path::__private as #r;
        const TABLES: #r::Tables<'static> =
            #r::Tables::from_static(#region, [#(#ends),*], #p, #any_set);
        #value
    })
}
