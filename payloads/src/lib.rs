//! Payload types shared by tests and benches, and helpers to find the repository's data/ folder.

pub mod data;
pub mod payloads;
