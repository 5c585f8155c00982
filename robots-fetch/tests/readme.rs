//! The README's crawl loop is `examples/crawl_loop.rs` (which the tests build),
//! word for word, and the README shows the `Cargo.toml` lines it needs.

#[test]
fn the_readme_crawl_loop_is_the_built_example() {
    let readme = include_str!("../../README.md");
    let example = include_str!("../examples/crawl_loop.rs");
    // The example's code, past its two-line header and the blank line.
    let code = example
        .splitn(4, '\n')
        .nth(3)
        .expect("a header, then the code");
    let block = format!("```rust,ignore\n{code}```\n");
    assert!(
        readme.contains(&block),
        "README.md does not show examples/crawl_loop.rs as it is"
    );
    for line in [
        "robots-fetch = { path = \"../robots/robots-fetch\" }",
        "tokio = { version = \"1\", features = [\"macros\", \"rt-multi-thread\"] }",
    ] {
        assert!(readme.contains(line), "README.md lacks `{line}`");
    }
}
