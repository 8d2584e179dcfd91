//! `ToJson`/`FromJson` for std types, in serde_json's JSON forms.

pub(crate) mod collections;
mod keys;
#[cfg(feature = "std")]
mod net;
mod partial_array;
mod pointers;
mod primitives;
#[cfg(feature = "raw_value")]
mod raw_value;
mod strings;
mod time;
mod tuples;
#[cfg(feature = "serde_json")]
mod value;
mod vec_read;

pub(crate) use vec_read::{read_number_vec, read_vec};
