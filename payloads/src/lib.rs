//! Payload types shared by tests and benches, generators for the large payloads, and helpers
//! to find the repository's data/ folder.

pub mod data;
pub mod generated;
pub mod payloads;
