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
//! let robots = b"User-agent: *\nDisallow: /private/\nCrawl-delay: 2\n\nSitemap: https://example.com/sitemap.xml\n";
//! let policy = Policy::parse(robots, Profile::Rfc9309);
//!
//! // Resolve the crawler once, then check many URLs.
//! let bot = policy.matcher("ExampleBot");
//! assert!(bot.is_allowed("https://example.com/"));
//! assert!(!bot.is_allowed("https://example.com/private/report.pdf"));
//!
//! // Every verdict can say which rule decided it.
//! let verdict = bot.check("/private/x");
//! let rule = policy.rule(verdict.rule.unwrap());
//! assert_eq!((rule.line, rule.pattern), (2, &b"/private/"[..]));
//! ```
//!
//! # Compiled-in policies
//!
//! With the `macros` feature, [`robots!`] compiles a robots.txt into a `static`
//! policy at build time: the same tables [`Policy::parse`] builds, as `&'static`
//! data, read by the same search routine. A build script can do the same with the
//! `robots-codegen` crate's `Builder`.
//!
//! ```
//! use robots_runtime::{robots, Policy};
//!
//! static POLICY: Policy = robots!(text = "User-agent: *\nDisallow: /private\nCrawl-delay: 3\n");
//!
//! let bot = POLICY.matcher("ExampleBot");
//! assert!(!bot.is_allowed("https://example.com/private/x"));
//! assert_eq!(bot.crawl_delay(), Some(std::time::Duration::from_secs(3)));
//! // The compiled-in policy answers exactly as the run-time one.
//! let runtime = Policy::parse(b"User-agent: *\nDisallow: /private\nCrawl-delay: 3\n", Default::default());
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
//! # Crate features
//! - `std` (default): `std::error::Error` impls and the URL helpers that need `std`.
//! - `macros` (default): re-exports the `robots!` macro.
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub use robots_core::*;

#[cfg(feature = "std")]
mod location;
#[cfg(feature = "std")]
pub use location::{robots_txt_url, InvalidPageUrl};

#[cfg(feature = "macros")]
pub use robots_macro::robots;

/// The known-crawler registry (`robots-registry`): product tokens, operators,
/// purposes, documented fallbacks and retired tokens.
pub use robots_registry as registry;

/// Not public API: paths the code generator's output refers to.
#[doc(hidden)]
pub mod __private {
    pub use robots_core::*;
}

/// The README's examples are tested as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
