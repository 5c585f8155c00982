//! How long parsing, compiling and emitting a robots.txt takes, and how many tokens it gives.
//!
//! `cargo run --release -p robots-codegen --example emit_cost -- FILE [google]`
use std::time::Instant;

fn count(tokens: proc_macro2::TokenStream) -> usize {
    tokens
        .into_iter()
        .map(|t| match t {
            proc_macro2::TokenTree::Group(g) => 1 + count(g.stream()),
            _ => 1,
        })
        .sum()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or("usage: emit_cost FILE [PROFILE]")?;
    let profile: robots_codegen::Profile = args.next().as_deref().unwrap_or("rfc9309").parse()?;
    let source = std::fs::read(&path)?;
    let options = robots_codegen::Options::new(profile).max_bytes(None);
    let start = Instant::now();
    let policy = robots_core::document::parse(&source, options.parse_options()).compile();
    let compiled = start.elapsed();
    let tokens = robots_codegen::policy_expr(&source, &options)
        .map_err(|f| format!("{} findings", f.len()))?;
    let emitted = start.elapsed() - compiled;
    let text = tokens.to_string();
    println!(
        "{path}: {} bytes, {} rules, {} nodes; compile {:?}, compile+emit {:?}; {} tokens, {} bytes of source",
        source.len(),
        policy.rule_count(),
        robots_core::__private::tables(&policy).inners().len() + robots_core::__private::tables(&policy).leaves().len(),
        compiled,
        emitted,
        count(tokens),
        text.len()
    );
    Ok(())
}
