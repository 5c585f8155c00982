//! The code generator behind the `robots!` macro and the build.rs API: a
//! robots.txt in, a Rust expression of type `Policy` over `&'static` tables out.
//!
//! The generated policy is the very value [`Policy::parse`](robots_core::Policy::parse)
//! builds at run time, with its tables compiled into the binary instead of
//! allocated: `robots-core` parses, compiles and checks both, and the
//! generator only writes the tables down. So a compiled-in policy and a runtime
//! one give the same verdicts by construction.
//!
//! There are two front ends, both thin:
//! - the `robots!` macro (crate `robots-macro`, re-exported by `robots-runtime`);
//! - [`Builder`], for build scripts.
//!
//! # From a build script
//!
//! `build.rs`:
//!
//! ```no_run
//! use robots_codegen::{Builder, Profile};
//!
//! fn main() -> Result<(), robots_codegen::Error> {
//!     // Prints `cargo:rerun-if-changed=<absolute path of robots.txt>` and writes
//!     // `$OUT_DIR/robots_policy.rs`; on failure, the error shows every finding.
//!     Builder::new("robots.txt")
//!         .profile(Profile::Google)
//!         .agent("MyBot")
//!         .strict(true)
//!         .write("robots_policy.rs")?;
//!     Ok(())
//! }
//! ```
//!
//! and in the crate (`robots-runtime` as a dependency, `robots-codegen` as a
//! build-dependency):
//!
//! ```ignore
//! static POLICY: robots_runtime::Policy = include!(concat!(env!("OUT_DIR"), "/robots_policy.rs"));
//! ```
//!
//! # As a library
//!
//! [`policy_expr`] gives the expression as tokens; [`Builder::generate`] gives it
//! as source text.
//!
//! ```
//! use robots_codegen::{policy_expr, Options, Profile};
//!
//! let tokens = policy_expr(b"User-agent: *\nDisallow: /private\n", &Options::new(Profile::Rfc9309)).unwrap();
//! let expr: syn::Expr = syn::parse2(tokens).unwrap();
//! assert!(matches!(expr, syn::Expr::Block(_)));
//!
//! // Strict generation fails on every error finding, and returns them all.
//! let strict = Options::new(Profile::Rfc9309).strict(true);
//! let findings = policy_expr(b"Disallow: /a\nUser-agent: *\nDisalow: /b\n", &strict).unwrap_err();
//! let codes: Vec<&str> = findings.iter().map(|f| f.code.as_str()).collect();
//! assert_eq!(codes, ["rule-outside-group", "misspelled-directive"]);
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod builder;
mod emit;
mod options;
mod source;

pub use builder::{Builder, Error};
pub use options::Options;
pub use robots_core::Profile;
pub use robots_lint::{Code, Finding, Severity};

use proc_macro2::TokenStream;
use robots_core::document::{parse, Document};
use robots_core::Policy;
use robots_lint::{line_findings, parse_assertions};

/// The error findings that make a strict build fail (empty when not strict).
fn strict_failures(doc: &Document<'_>, options: &Options) -> Vec<Finding> {
    if !options.strict_value() {
        return Vec::new();
    }
    line_findings(doc)
        .into_iter()
        .filter(|f| f.severity == Severity::Error)
        .collect()
}

/// Parse `source` and write it as an expression of type `Policy`, usable as
/// the initializer of a `static` or a `const` (prefer a `static`: the policy
/// keeps the wildcard automata it builds on first use, and a `const` is a new
/// value wherever it is used).
///
/// The expression names the runtime only through `<crate path>::__private`
/// (see [`Options::crate_path`]).
///
/// # Errors
/// With [`Options::strict`], every [`Severity::Error`] finding of
/// [`line_findings`], in file order.
/// Otherwise it never fails: any bytes compile, as they do at run time.
pub fn policy_expr(source: &[u8], options: &Options) -> Result<TokenStream, Vec<Finding>> {
    let doc = parse(source, options.parse_options());
    let failures = strict_failures(&doc, options);
    if !failures.is_empty() {
        return Err(failures);
    }
    let crate_path = options.crate_path_value();
    match options.agent_value() {
        Some(agent) => {
            let mine = doc.compile_for_agent(agent);
            let broken = assertion_failures(&doc, mine.policy(), options);
            if !broken.is_empty() {
                return Err(broken);
            }
            let selection = robots_core::__private::agent_selection(&mine);
            let tables = valid_tables(mine.policy())?;
            Ok(emit::policy(tables, Some((agent, selection)), crate_path))
        }
        None => {
            let policy = doc.compile();
            let broken = assertion_failures(&doc, &policy, options);
            if !broken.is_empty() {
                return Err(broken);
            }
            Ok(emit::policy(valid_tables(&policy)?, None, crate_path))
        }
    }
}

/// The tables of a policy the compiler built, checked before they are written
/// down: generated code is trusted as it stands, so it must be valid. (The
/// compiler's tables always pass; a failure would be a bug in it, and writing
/// the tables anyway would give silently wrong verdicts.)
fn valid_tables(policy: &Policy) -> Result<&robots_core::tables::Tables<'_>, Vec<Finding>> {
    let tables = robots_core::__private::tables(policy);
    match tables.validate() {
        Ok(()) => Ok(tables),
        Err(e) => Err(vec![Finding::new(
            Code::InvalidTables,
            Severity::Error,
            1,
            1,
            0..0,
            format!("the compiled tables are invalid ({e}): a bug in robots-core"),
        )
        .with_help("please report it with this robots.txt")]),
    }
}

/// One `assertion-failed` finding per broken CI assertion, on the robots.txt line
/// that decided it (or on line 1 when no rule did); an `invalid-assertion`
/// finding when the assertion file does not parse.
fn assertion_failures(doc: &Document<'_>, policy: &Policy, options: &Options) -> Vec<Finding> {
    let Some((text, shown)) = options.assertions_value() else {
        return Vec::new();
    };
    let at_line = |number: u32| -> (u32, u32, core::ops::Range<usize>) {
        let line = number
            .checked_sub(1)
            .and_then(|i| doc.lines().get(i as usize));
        match line {
            Some(l) => {
                let span = l.value.clone().unwrap_or(l.span.clone());
                (l.number, l.value_column(), span)
            }
            None => (1, 1, 0..0),
        }
    };
    let finding = |code, (line, column, span), message| {
        Finding::new(code, Severity::Error, line, column, span, message)
    };
    let assertions = match parse_assertions(text) {
        Ok(assertions) => assertions,
        Err(e) => {
            return vec![finding(
                Code::InvalidAssertion,
                at_line(0),
                format!("{shown}:{e}"),
            )];
        }
    };
    let narrowed = options.agent_value();
    assertions
        .iter()
        .filter_map(|a| {
            if let Some(agent) = narrowed.filter(|agent| !agent.eq_ignore_ascii_case(a.agent)) {
                // A policy compiled for one crawler cannot answer for another.
                let (them, us) = (
                    String::from_utf8_lossy(a.agent),
                    String::from_utf8_lossy(agent),
                );
                return Some(
                    finding(
                        Code::InvalidAssertion,
                        at_line(0),
                        format!(
                            "{shown}:{}:{}: this assertion is about `{them}`, but the policy is compiled for `{us}` only (agent = \"{us}\"), so it cannot say what `{them}` may fetch",
                            a.line, a.column
                        ),
                    )
                    .with_help(format!("assert about `{us}`, or compile every crawler's rules (drop `agent`)")),
                );
            }
            let verdict = a.check(policy);
            if a.holds(&verdict) {
                return None;
            }
            let decided = verdict
                .rule
                .and_then(|id| policy.rule(id))
                .map_or(0, |r| r.line);
            let message = format!(
                "{shown}:{}:{}: {}",
                a.line,
                a.column,
                a.failure(policy, &verdict, "robots.txt")
            );
            Some(
                finding(Code::AssertionFailed, at_line(decided), message)
                    .with_help("change the rule, or the assertion if the new verdict is intended"),
            )
        })
        .collect()
}

/// Render findings as the CLI does: rustc-style, `path:LINE:COL` and a caret
/// excerpt each, separated by blank lines.
///
/// ```
/// use robots_codegen::{policy_expr, render_findings, Options};
/// let src = b"User-agent: *\nCrawl-delay: soon\n";
/// let findings = policy_expr(src, &Options::default().strict(true)).unwrap_err();
/// let text = render_findings(&findings, src, "robots.txt");
/// assert!(text.contains("error[invalid-crawl-delay]"));
/// assert!(text.contains("robots.txt:2:14"));
/// ```
pub fn render_findings(findings: &[Finding], source: &[u8], path: &str) -> String {
    findings
        .iter()
        .map(|f| robots_lint::render(f, source, path))
        .collect::<Vec<_>>()
        .join("\n\n")
}
