//! Payload types shared by tests and benches, and helpers to find the shared data.

pub mod data;
pub mod payloads;
