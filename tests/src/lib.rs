//! The test crate's library: the payload types and data helpers, re-exported from
//! `json-payloads` (the crate the benches share) so the tests can keep naming them
//! `json_tests::payloads` and `json_tests::data`.

pub use json_payloads::{data, payloads};

/// serde_json's error message: its `Display` without the " at line L column C" it appends,
/// to compare with `json_runtime::Error::message`.
pub fn serde_message(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.split_once(" at line ") {
        Some((message, _)) => message.to_string(),
        None => text,
    }
}
