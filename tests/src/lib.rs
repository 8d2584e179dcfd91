//! The test crate's library: the payload types and data helpers, re-exported from
//! `json-payloads` (the crate the benches share) so the tests can keep naming them
//! `json_tests::payloads` and `json_tests::data`.

pub use json_payloads::{data, payloads};
