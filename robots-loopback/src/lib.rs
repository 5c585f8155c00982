//! Scripted HTTP servers on 127.0.0.1 for the fetch tests and benchmarks.
//!
//! Each [`Server`] listens on its own loopback port (so each is its own origin),
//! counts every request it gets, and answers as scripted: well-formed responses
//! through hyper (with bodies that can arrive slowly, stall, or break off), or,
//! for what no HTTP library will send on purpose, raw bytes or a reset.
//!
//! All servers of a process share one small tokio runtime of their own, so
//! blocking tests, async tests and the CLI can all talk to them.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod reply;
mod server;

pub use reply::{brotli, gzip, Body, Reply};
pub use server::{After, Seen, Server};
