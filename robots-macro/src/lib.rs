//! The `robots!` macro: compile a robots.txt into a `static` policy at build time.
//!
//! This crate only parses the macro's input; the work is done by
//! `robots-codegen`, the same generator the build.rs API uses. Use the macro
//! through `robots-runtime`, which re-exports it as `robots_runtime::robots`.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod args;

use args::{Args, Source};
use proc_macro2::TokenStream;
use quote::quote;
use std::path::{Path, PathBuf};

/// Compile a robots.txt into a `Policy` (or, with `agent`, an `AgentPolicy`)
/// expression, usable in a `static` or a `const`.
///
/// Prefer a `static`: a policy builds the automaton of a rule set with many
/// wildcard rules at run time, on the first check that needs it, and keeps it
/// in itself; a `const` is a new value wherever it is used, so it would build
/// it again (clippy's `declare_interior_mutable_const` says as much).
///
/// ```
/// use robots_runtime::{robots, Policy};
///
/// static POLICY: Policy = robots!(text = "User-agent: *\nDisallow: /private\n");
/// assert!(!POLICY.is_allowed("MyBot", "/private/x"));
/// ```
///
/// # Input
/// - `robots!("path/to/robots.txt", ...)`: the file, relative to the calling
///   crate's `CARGO_MANIFEST_DIR` (an absolute path is used as is). The crate
///   rebuilds when the file changes.
/// - `robots!(text = "...", ...)`: the robots.txt inline.
///
/// # Options
/// After the first argument, comma-separated, each at most once:
/// - `profile = google`: `rfc9309` (default), `google`, `draft1996` or
///   `original1994`, as an identifier or a string;
/// - `agent = "MyBot"`: keep only that crawler's rules; the expression is then
///   an `AgentPolicy`, whose checks take no agent;
/// - `max_bytes = 1048576` (or `none`): the parsing cap, instead of the profile's;
/// - `strict`: fail the build on every error finding (rule outside a group,
///   misspelled directive, invalid value, file over the cap, …), each reported
///   as `robots.txt:LINE:COL` with the line and a caret;
/// - `assert = "robots.asserts"`: a file of CI assertions (`allow|block AGENT URL`
///   per line), relative to the crate; the build fails, naming the deciding line,
///   when one breaks, and reruns when the file changes (`assert_text = "..."`
///   gives them inline);
/// - `crate = path::to::robots_runtime`: where the runtime is, if renamed.
///
/// ```
/// use robots_runtime::{robots, AgentPolicy};
///
/// static FOR_MYBOT: AgentPolicy = robots!(
///     text = "User-agent: mybot\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n",
///     profile = google,
///     agent = "MyBot",
///     strict,
/// );
/// assert!(FOR_MYBOT.is_allowed("/b"));
/// assert!(!FOR_MYBOT.is_allowed("/a"));
/// ```
#[proc_macro]
pub fn robots(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    match expand(input.into()) {
        Ok(tokens) => tokens.into(),
        Err(errors) => compile_errors(errors).into(),
    }
}

/// Every error as its own `compile_error!`, in one expression: the last is
/// the block's value, so no type error follows them.
fn compile_errors(errors: syn::Error) -> TokenStream {
    let mut errors: Vec<TokenStream> = errors.into_iter().map(|e| e.to_compile_error()).collect();
    let last = errors.pop();
    quote!({ #(#errors;)* #last })
}

fn expand(input: TokenStream) -> syn::Result<TokenStream> {
    let Args {
        source,
        mut options,
        assertions,
        mut errors,
    } = args::parse(input)?;
    // CI assertions: read like the robots.txt, tracked like it for rebuilds.
    let mut tracked = Vec::new();
    match &assertions {
        Some(Source::Path(written)) => match read(written) {
            Ok((path, bytes)) => {
                options = options.assertions(bytes, written.value());
                tracked.push(path);
            }
            Err(e) => errors.push(e),
        },
        Some(Source::Text(text)) => {
            options = options.assertions(text.value().into_bytes(), "assertions");
        }
        None => {}
    }
    let literal = source.literal();
    // The bytes, the name findings show them under, and the file to track.
    let loaded = match &source {
        Source::Text(text) => Ok((text.value().into_bytes(), String::from("robots.txt"), None)),
        Source::Path(written) => {
            read(written).map(|(path, bytes)| (bytes, written.value(), Some(path)))
        }
    };
    let loaded = loaded.map_err(|e| errors.push(e)).ok();
    let mut policy = TokenStream::new();
    // Findings depend on the options: look for them only once those are right.
    if let (Some((bytes, shown, _)), true) = (&loaded, errors.is_empty()) {
        match robots_codegen::policy_expr(bytes, &options) {
            Ok(tokens) => policy = tokens,
            Err(findings) => errors.extend(findings.iter().map(|finding| {
                let text =
                    robots_codegen::render_findings(std::slice::from_ref(finding), bytes, shown);
                syn::Error::new(literal.span(), text)
            })),
        }
    }
    if let Some(all) = errors.into_iter().reduce(|mut all, e| {
        all.combine(e);
        all
    }) {
        return Err(all);
    }
    tracked.extend(loaded.and_then(|(_, _, file)| file));
    Ok(if tracked.is_empty() {
        policy
    } else {
        // Rebuild when a file changes: cargo tracks what `include_bytes!` reads.
        quote!({
            #(const _: &[u8] = include_bytes!(#tracked);)*
            #policy
        })
    })
}

/// Read the file a path literal names, relative to the calling crate.
fn read(written: &syn::LitStr) -> syn::Result<(String, Vec<u8>)> {
    let error = |message: String| syn::Error::new(written.span(), message);
    let value = written.value();
    let path = Path::new(&value);
    let written_relative = path.is_relative();
    let path: PathBuf = if path.is_absolute() {
        path.to_path_buf()
    } else {
        let dir = std::env::var_os("CARGO_MANIFEST_DIR").ok_or_else(|| {
            error(String::from(
                "CARGO_MANIFEST_DIR is not set: build with cargo, or give an absolute path",
            ))
        })?;
        Path::new(&dir).join(path)
    };
    let bytes = std::fs::read(&path).map_err(|e| {
        let relative = if written_relative {
            " (relative to the crate's directory)"
        } else {
            ""
        };
        error(format!("cannot read `{value}`{relative}: {e}"))
    })?;
    let path = path
        .into_os_string()
        .into_string()
        .map_err(|p| error(format!("the path {p:?} is not UTF-8")))?;
    Ok((path, bytes))
}
