//! Benchmark harness for `cargo bench -p json-benches`: a counting allocator, a sampler that
//! reports medians, and the reports (tables on stdout, `results.csv`, an SVG bar chart).
//!
//! The benchmark itself is `benches/json.rs`; this crate holds what it is built from, so each
//! piece can be read (and tested) on its own.

pub mod alloc;
pub mod bridge;
pub mod chart;
pub mod measure;
pub mod paths;
pub mod report;
pub mod streams;

pub use alloc::CountingAlloc;
pub use measure::{Config, Measurement, Sampler};
pub use report::{Direction, Row};
