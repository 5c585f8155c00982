//! **robots**: a compiled robots.txt policy engine.
//!
//! Parse a robots.txt once, then check millions of URLs against it from many
//! threads. A [`Policy`] is `Send + Sync`; checks take `&self`, take no locks
//! and do not allocate (except to percent-decode a path with `%` escapes under
//! the `rfc9309` and `draft1996` profiles).
//!
//! ```
//! use robots_runtime::{Policy, Profile};
//!
//! let robots = "User-agent: *\nDisallow: /private/\nCrawl-delay: 2\n\nSitemap: https://example.com/sitemap.xml\n";
//! let policy = Policy::parse(robots, Profile::Rfc9309);
//!
//! // Resolve the crawler once, then check many URLs.
//! let bot = policy.matcher("ExampleBot");
//! assert!(bot.is_allowed("https://example.com/"));
//! assert!(!bot.is_allowed("https://example.com/private/report.pdf"));
//!
//! // Every verdict can say which rule decided it.
//! let verdict = bot.check("/private/x");
//! let rule = policy.rule(verdict.rule.unwrap()).unwrap();
//! assert_eq!((rule.line, rule.pattern.to_string()), (2, "/private/".to_string()));
//!
//! // Records, as text.
//! assert_eq!(bot.crawl_delay(), Some(std::time::Duration::from_secs(2)));
//! for sitemap in policy.sitemaps() {
//!     println!("sitemap: {sitemap}");
//! }
//! ```
//!
//! # The API
//!
//! The crate root holds what a crawler needs:
//!
//! - [`Policy`]: a compiled robots.txt, for every crawler it names.
//!   [`Policy::parse`] is the one-line constructor; [`Policy::builder`] gives
//!   the options (the parsing cap, a one-crawler policy). [`Policy::to_bytes`]
//!   writes its byte form, [`Policy::from_bytes`] loads it back.
//! - [`PolicyRef`]: the read API of every policy (`check`, `matcher`,
//!   `explain`, `rules`, …), written once: a `Policy` and an `AgentPolicy`
//!   deref to it, and [`PolicyRef::from_bytes`] reads a byte form in place,
//!   no table copied.
//! - [`AgentPolicy`]: a policy compiled for one crawler only; its checks take no agent.
//! - [`DeferredPolicy`]: a robots.txt read now, its tables built on first need
//!   ([`PolicyBuilder::build_deferred`]), for files that may never be checked.
//! - [`Matcher`]: a policy narrowed to one crawler, resolved once;
//!   [`OwnedMatcher`] is one that holds its policy (an `Arc`), for a struct,
//!   another thread or a language binding.
//! - [`Verdict`] and [`Reason`]: what a check answers; [`RuleId`] and [`GroupId`]
//!   name the rule and groups behind it, [`Rule`] and [`GroupInfo`] describe them.
//! - [`Profile`]: which reading of robots.txt to apply.
//! - [`Error`]: what can fail (an unknown profile name, a record value that
//!   does not parse, bytes that are not a policy's byte form).
//!
//! Everything else is in named modules: [`document`] (the line-level report a
//! parse gives), [`records`] (typed extension records), [`explain`] (the whole
//! decision behind a verdict), [`agent`] (how user-agent lines name crawlers)
//! and [`url`]; with their features, `lint` (findings, assertions, rendering),
//! `registry` (the known crawlers) and `fetch` (the RFC 9309 fetch state machine).
//!
//! Agents, URLs, paths and robots.txt text all take `impl AsRef<[u8]>`, so
//! `&str`, `String`, `&[u8]` and `Vec<u8>` all work. Text a policy hands back
//! (patterns, sitemap URLs, the host) is [`&BStr`](bstr::BStr): it prints with
//! `Display` and derefs to the bytes as written.
//!
//! # Compiled-in policies
//!
//! With the `macros` feature, `robots!` compiles a robots.txt into a `static`
//! policy at build time: the same tables [`Policy::parse`] builds, as `&'static`
//! data, read by the same search routine. A build script can do the same with the
//! `robots-codegen` crate's `Builder`.
//!
//! ```toml
//! robots-runtime = { version = "0.1", features = ["macros"] }
//! ```
//!
#![cfg_attr(feature = "macros", doc = "```")]
#![cfg_attr(not(feature = "macros"), doc = "```ignore")]
//! use robots_runtime::{robots, AgentPolicy, Policy};
//!
//! static POLICY: Policy = robots!(text = "User-agent: *\nDisallow: /private\nCrawl-delay: 3\n");
//! static MY_BOT: AgentPolicy = robots!(text = "User-agent: MyBot\nDisallow: /mine\n", agent = "MyBot");
//!
//! let bot = POLICY.matcher("ExampleBot");
//! assert!(!bot.is_allowed("https://example.com/private/x"));
//! assert_eq!(bot.crawl_delay(), Some(std::time::Duration::from_secs(3)));
//! assert!(!MY_BOT.is_allowed("/mine/x"));
//! // The compiled-in policy answers exactly as the run-time one.
//! let runtime = Policy::parse("User-agent: *\nDisallow: /private\nCrawl-delay: 3\n", Default::default());
//! assert_eq!(runtime.check("ExampleBot", "/private/x"), POLICY.check("ExampleBot", "/private/x"));
//! ```
//!
//! # Profiles
//! | name | semantics |
//! |---|---|
//! | `rfc9309` (default) | RFC 9309 to the letter: longest match, allow wins ties, `%`-encoding equivalence, `/robots.txt` always allowed |
//! | `google` | bit-for-bit Google's robotstxt library, quirks included |
//! | `draft1996` | the 1996 draft: first matching Allow/Disallow line in file order, `%xx` decoded except `%2F` |
//! | `original1994` | the 1994 standard: Disallow-only prefix rules, substring user-agent match |
//!
//! # Stability
//!
//! The semver surface is the crate root and the named modules above, with
//! these rules:
//!
//! - [`Profile`], [`Reason`], [`ErrorKind`], [`Verdict`], [`Rule`],
//!   [`GroupInfo`], [`explain::Explanation`], [`records::Record`],
//!   [`records::RecordValue`], the lint types (`Finding`, `Severity`, `Code`,
//!   `CodeInfo`, `Disagreement`, `ProfileVerdict`, `Assertion`,
//!   `AssertionError`, `Expectation`, `Probe`) and the fetch types are
//!   `#[non_exhaustive]`: new
//!   variants and fields are not breaking changes. Match them with a `_` arm;
//!   read their fields, do not build them.
//! - The verdict of a check is part of the contract: a change to what a
//!   profile answers is a breaking change, unless it fixes a departure from the
//!   profile's definition (the RFC, Google's library, the drafts).
//! - Lint codes are an enum whose `as_str()` names are stable; their messages
//!   and the set of findings may improve in any release.
//! - `__private`, and anything else `#[doc(hidden)]`, is not public API: it is
//!   for the code the `robots!` macro and `robots-codegen` generate, and may
//!   change in any release.
//!
//! # Crate features
//!
//! The default build is the engine alone: no macro or code generator, no
//! crawler registry, no URL parser, no HTTP client.
//!
//! - `std` (default): `std::error::Error` impls, and with `lint`, rustc-style
//!   rendering of findings (`lint::render`). Without it the crate is `no_std` + `alloc`.
//! - `macros`: re-exports the `robots!` macro (syn and the code generator, at
//!   build time).
//! - `lint`: `lint`, the lint catalogue (robots-lint), and `registry`, the
//!   known-crawler registry it checks user-agent lines against (with the
//!   User-Agent header reading, `registry::token_of_header`).
//! - `fetch`: `fetch`, the sans-IO robots.txt fetch state machine (robots-fetch
//!   without its HTTP drivers; the `url` crate), `url::robots_txt_url` and,
//!   with `std`, `url::url_shape` (what a URL line looks like). For
//!   drivers (reqwest, ureq) and the multi-host cache, depend on `robots-fetch`.
#![cfg_attr(not(feature = "std"), no_std)]
// docs.rs builds with every feature and `--cfg docsrs` (Cargo.toml): each
// feature-gated item then says which feature it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

#[cfg(target_has_atomic = "ptr")]
#[cfg_attr(docsrs, doc(cfg(target_has_atomic = "ptr")))]
pub use robots_core::OwnedMatcher;
pub use robots_core::{
    AgentPolicy, CompactOrPolicy, CompactRules, DeferredPolicy, Error, ErrorKind, GroupId,
    GroupInfo, Matcher, Policy, PolicyBuilder, PolicyRef, Profile, Reason, Rule, RuleId, Verdict,
};

#[cfg(feature = "macros")]
#[cfg_attr(docsrs, doc(cfg(feature = "macros")))]
pub use robots_macro::robots;

/// The byte-string crate whose [`BStr`](bstr::BStr) the API hands text back as,
/// re-exported so that code can name the type without depending on it.
pub use robots_core::bstr;

/// The line-level report of a parse: what each line was, the groups, the records.
///
/// [`parse`](document::parse) never fails; lints and explanations build on it.
///
/// ```
/// use robots_runtime::document::{parse, Directive, LineKind, ParseOptions};
/// let doc = parse(b"User-agent: *\nDisallow: /private\n", ParseOptions::default());
/// assert_eq!(doc.groups().len(), 1);
/// assert_eq!(doc.lines()[1].kind, LineKind::Directive(Directive::Disallow));
/// assert_eq!(doc.value(&doc.lines()[1]), b"/private");
/// // A parsed document compiles to the policy the same text and options build.
/// assert!(!doc.compile().is_allowed("bot", "/private/x"));
/// ```
pub mod document {
    pub use robots_core::document::{
        parse, Document, ParseOptions, DEFAULT_MAX_BYTES, GOOGLE_MAX_LINE_BYTES,
    };
    pub use robots_core::group::{AgentToken, Group, GroupAgent};
    pub use robots_core::parse::{Directive, LineKind, LineReport, Scope, Truncation};
}

/// Extension records (`Crawl-delay`, `Sitemap`, …) and their typed values.
pub mod records {
    pub use robots_core::policy::records::Record;
    pub use robots_core::records::{
        parse_crawl_delay, parse_request_rate, parse_value, parse_visit_time, RecordValue,
        RequestRate, TimeWindow, ValueError, ValueErrorKind,
    };
    // The AI-era records (see the drafts in their docs).
    pub use robots_core::records::{
        parse_content_signal, parse_content_usage, ContentSignals, ContentUsage, UsagePrefs,
    };
}

/// Exact blocking: whether a crawler may fetch every path, none, or some,
/// decided over the rules ([`Matcher::classify`]).
pub mod classify {
    pub use robots_core::classify::{Classification, Undecided, Witness, DEFAULT_STATE_BOUND};
}

/// Explanations: the whole decision behind a verdict.
pub mod explain {
    pub use robots_core::explain::{
        AgentLine, AppliedGroup, ChainChoice, Combining, Explanation, Naming, Selection,
        SelectionBasis, TieBreak,
    };
}

/// How user-agent lines name crawlers, per profile.
pub mod agent {
    pub use robots_core::group::agent::{
        agent_match, is_valid_product_token, product_token_prefix, AgentMatch,
    };
}

/// The lint catalogue: findings about a robots.txt, the CI assertion format,
/// and rustc-style rendering (`robots-lint`).
///
/// ```
/// use robots_runtime::lint::{lint, Code};
/// use robots_runtime::Profile;
/// let findings = lint("User-agent: *\nDisalow: /x\n", Profile::Rfc9309);
/// let misspelled = findings.iter().find(|f| f.code == Code::MisspelledDirective).unwrap();
/// assert_eq!((misspelled.line, misspelled.column), (2, 1));
/// ```
#[cfg(feature = "lint")]
#[cfg_attr(docsrs, doc(cfg(feature = "lint")))]
pub mod lint {
    pub use robots_lint::{
        lint, lint_document, lint_with, parse_assertions, sniff, Assertion, AssertionError, Code,
        CodeInfo, Expectation, Finding, NotRobotsTxt, Severity, CODES,
    };
    #[cfg(feature = "std")]
    #[cfg_attr(docsrs, doc(cfg(feature = "std")))]
    pub use robots_lint::{render, render_styled};
}

/// The known-crawler registry (`robots-registry`): product tokens, operators,
/// purposes, documented fallbacks and retired tokens, and the User-Agent
/// header reading (`registry::token_of_header`, `registry::family_chain`).
#[cfg(feature = "lint")]
#[cfg_attr(docsrs, doc(cfg(feature = "lint")))]
pub use robots_registry as registry;

/// URLs: the path a rule is matched against, and where a site's robots.txt lives.
pub mod url {
    pub use robots_core::search::url::path_from_url;

    #[cfg(all(feature = "std", feature = "fetch"))]
    #[cfg_attr(docsrs, doc(cfg(all(feature = "std", feature = "fetch"))))]
    pub use crate::url_lines::{url_lines, ScannedLine, UrlLines};
    #[cfg(all(feature = "std", feature = "fetch"))]
    #[cfg_attr(docsrs, doc(cfg(all(feature = "std", feature = "fetch"))))]
    pub use crate::url_shape::{
        checked_path, read_url_line, url_shape, url_shape_and_path, UrlLine, UrlShape,
    };
    #[cfg(feature = "fetch")]
    #[cfg_attr(docsrs, doc(cfg(feature = "fetch")))]
    pub use robots_fetch::robots_txt_url;
}

#[cfg(all(feature = "std", feature = "fetch"))]
mod byte_lanes;
#[cfg(all(feature = "std", feature = "fetch"))]
mod url_lines;
#[cfg(all(feature = "std", feature = "fetch"))]
mod url_shape;

/// Fetching robots.txt the RFC 9309 way, without I/O: the state machine any HTTP
/// client can drive (`robots-fetch` has drivers for reqwest and ureq, and a
/// multi-host cache).
///
/// ```
/// use robots_runtime::fetch::{Action, FetchSettings, RobotsFetch};
/// let fetch = RobotsFetch::new("https://example.com/a/b?c", &FetchSettings::default())?;
/// let Action::Send(request) = fetch.action() else { unreachable!() };
/// assert_eq!(request.url(), "https://example.com/robots.txt");
/// # Ok::<(), robots_runtime::fetch::FetchError>(())
/// ```
#[cfg(feature = "fetch")]
#[cfg_attr(docsrs, doc(cfg(feature = "fetch")))]
pub mod fetch {
    pub use robots_fetch::{
        Action, CachedCopy, Failure, FetchError, FetchProfile, FetchReason, FetchSettings,
        KeptRules, LongOutage, Outcome, Previous, Request, RobotsFetch, Rules, Validators,
    };
}

/// Not public API: paths the code generator's output refers to.
#[doc(hidden)]
pub mod __private {
    pub use robots_core::__private::*;
    pub use robots_core::encoding;
    pub use robots_core::tables::layout::*;
    pub use robots_core::tables::view::Tables;
    pub use robots_core::zerocopy;
    pub use robots_core::Profile;
}

/// The README's examples are tested as doc tests (they use every feature).
#[cfg(all(doctest, feature = "macros", feature = "lint", feature = "fetch"))]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
