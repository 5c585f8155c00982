use proc_macro::TokenStream;
/// Compile a robots.txt into a static policy (see the robots-runtime docs).
#[proc_macro]
pub fn robots(_input: TokenStream) -> TokenStream {
    "compile_error!(\"robots! is not implemented yet\")"
        .parse()
        .unwrap_or_default()
}
