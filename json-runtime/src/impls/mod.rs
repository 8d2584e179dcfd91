//! `ToJson`/`FromJson` for std types, in serde_json's JSON forms.

mod collections;
mod keys;
mod net;
mod partial_array;
mod pointers;
mod primitives;
mod strings;
mod time;
mod tuples;
#[cfg(feature = "serde_json")]
mod value;
