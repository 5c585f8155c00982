//! Findings and what makes them out of one line or the file's bytes: the
//! codes, the [`Finding`](finding::Finding) type, the line-level checks of the
//! parse report (with the AI-era records and Googlebot's 500 KiB), telling a
//! file that is no robots.txt, and rendering findings as rustc does.

pub(crate) mod code;
pub(crate) mod finding;
#[cfg(feature = "render")]
pub(crate) mod render;
pub(crate) mod size;
pub(crate) mod sniff;
