//! Benchmark harness for `cargo bench -p json-benches`: a counting allocator, a sampler that
//! reports medians, the rows each payload gets, the payload lists (corpora and seeds; users'
//! documents and generated shapes), and the reports (tables on stdout, the summary,
//! `results.csv`, an SVG bar chart).
//!
//! The benchmark's `main` is `benches/json.rs`; this crate holds what it is built from, so each
//! piece can be read (and tested) on its own.

pub mod alloc;
pub mod bridge;
pub mod chart;
pub mod corpora;
pub mod measure;
pub mod paths;
pub mod report;
pub mod rows;
pub mod streams;
pub mod suite;
pub mod summary;
pub mod users;

pub use alloc::CountingAlloc;
pub use measure::{Config, Measurement, Sampler};
pub use report::{Direction, Row};
pub use suite::{PayloadRun, Suite};
