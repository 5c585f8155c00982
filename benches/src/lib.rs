//! The benchmark suite of the robots engine: the shared workload code of the
//! criterion targets (`benches/*.rs`), the memory counter (`--bin memory`) and the
//! report generator (`--bin report`, which rewrites `BENCHMARKS.md`).
//!
//! - [`corpus`]: the 226 real robots.txt files of `testdata/corpus`, 2,000 paths each,
//!   checked for the first crawler each file names and for an unknown crawler.
//! - [`engines`]: ours (static and runtime) and the peers from crates.io, each through
//!   its best parse-once API, plus two floors: reading each path's bytes once, with
//!   SIMD and one byte at a time.
//! - [`measure`]: per-file check cost, parse throughput, agreement with ours.
//! - [`hostile`]: many `*`, 1 MB paths, 100,000-rule files, at several sizes.
//! - [`memory`]: what each engine keeps on the heap per file.
//! - [`golden`]: random documents for the golden examples.

pub mod corpus;
pub mod engines;
pub mod golden;
pub mod hostile;
pub mod measure;
pub mod memory;
pub mod statics;
pub mod stats;
