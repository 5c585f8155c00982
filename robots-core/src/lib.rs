//! The shared core of **robots**, a compiled robots.txt policy engine.
//!
//! Both the run-time engine (`robots-runtime`) and the code generator behind the
//! `robots!` macro (`robots-codegen`) are built on this crate, so they parse,
//! read profiles and build tables identically. Most users want `robots-runtime`,
//! which re-exports everything here.
//!
//! The layers, each usable on its own:
//!
//! 1. [`parse`]: bytes in, a [`Document`] out: one [`LineReport`] per line (what
//!    the line was: a rule, an accepted typo, unknown, missing a colon, too long…),
//!    the groups, and the file-wide records. It never fails.
//! 2. [`Policy::from_document`] (or [`Policy::parse`], in one pass): compile into
//!    tables: a path-compressed prefix trie per rule set, with a 32-byte walk record
//!    per node ([`WalkNode`]) and the best literal rule of every node known in
//!    advance; a byte-pair index ([`WildIndex`]) for nodes with many wildcard rules;
//!    the agent index; typed extension records.
//! 3. [`Policy::check`] / [`Matcher`]: the search routine. It reads the tables
//!    through [`Table`], which is either `&'static` data or an owned `Vec`, so a
//!    compiled-in policy and one loaded at run time run the very same code. A check
//!    walks the trie (one record read, one word search and one word compare per
//!    step), reads the best literal rule where the walk stopped, and tests wildcard
//!    rules only if the walk passed nodes that have them.
//!
//! ```
//! use robots_core::{Policy, Profile, Reason};
//!
//! let robots = b"User-agent: *\nDisallow: /search\nAllow: /search/about\n\nSitemap: https://example.com/sitemap.xml\n";
//! let policy = Policy::parse(robots, Profile::Rfc9309);
//! let bot = policy.matcher("ExampleBot");
//! assert!(!bot.is_allowed("https://example.com/search?q=x"));
//! let verdict = bot.check("/search/about");
//! assert!(verdict.allowed);
//! assert_eq!(verdict.reason, Reason::Rule);
//! assert_eq!(policy.rule(verdict.rule.unwrap()).line, 3);
//! ```
//!
//! # Crate features
//! - `std` (default): `std::error::Error` impls. Without it the crate is `no_std` + `alloc`.
//! - `render`: [`render`] findings as rustc-style diagnostics (annotate-snippets).
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;

pub mod agent;
mod batch;
mod chain;
mod check;
mod compile;
mod crawler_groups;
pub mod directive;
mod document;
pub mod encoding;
mod explain;
pub mod extension;
pub mod finding;
mod group;
mod lex;
pub mod lint;
mod pattern;
mod policy;
mod profile;
mod records;
#[cfg(feature = "render")]
pub mod render;
mod report;
mod search_tables;
mod table;
mod trie;
pub mod url;
mod words;

pub use check::{Matcher, Reason, RuleInfo, Verdict};
pub use compile::{compile, compile_for_agent};
pub use document::{parse, Document, ParseOptions};
pub use explain::{Candidate, Explanation, GroupInfo};
pub use group::{AgentToken, Group, GroupAgent};
pub use policy::{
    AgentEntry, ExtensionRecord, ExtensionValue, GroupAgentRecord, GroupRecord, Node, Policy,
    RuleRecord, RuleSet, NONE,
};
pub use profile::{Profile, UnknownProfile, DEFAULT_MAX_BYTES, GOOGLE_MAX_LINE_BYTES};
pub use report::{LineKind, LineReport, Truncation};
pub use search_tables::{WalkNode, WildCandidate, WildIndex};
pub use table::{Span, Table};
