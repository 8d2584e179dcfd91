//! FastJson runtime: the traits `#[derive(FastJson)]` implements, the writer and reader its
//! generated code calls, the error type, and impls for std types.
//!
//! ```
//! use json_runtime::FastJson;
//!
//! #[derive(FastJson, Debug, PartialEq)]
//! #[serde(rename_all = "camelCase")]
//! struct Order {
//!     order_id: u64,
//!     customer: String,
//!     #[serde(skip_serializing_if = "Option::is_none")]
//!     note: Option<String>,
//! }
//!
//! let order = Order { order_id: 7, customer: "Acme".into(), note: None };
//! let json = json_runtime::to_string(&order);
//! assert_eq!(json, r#"{"orderId":7,"customer":"Acme"}"#);
//! assert_eq!(json_runtime::from_str::<Order>(&json).unwrap(), order);
//! ```

// `no_std` + `alloc`; the default feature `std` adds what needs the OS (see the README's
// "Platforms and no_std"). Unit tests keep std's prelude.
#![cfg_attr(not(test), no_std)]
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

#[macro_use]
extern crate alloc;
#[cfg(all(feature = "std", not(test)))]
extern crate std;

use alloc::{string::String, vec::Vec};

#[cfg(feature = "actix")]
pub mod actix;
#[cfg(feature = "axum")]
pub mod axum;
mod error;
/// Impls for other crates' types (cargo features `uuid`, `chrono`, `time`, `rust_decimal`,
/// `indexmap`, `url`, `bytes`, `smol_str`, `compact_str`, `semver`, `ipnet`, `bigdecimal`).
#[cfg(any(
    feature = "uuid",
    feature = "chrono",
    feature = "time",
    feature = "rust_decimal",
    feature = "indexmap",
    feature = "url",
    feature = "bytes",
    feature = "smol_str",
    feature = "compact_str",
    feature = "semver",
    feature = "ipnet",
    feature = "bigdecimal"
))]
pub mod ext;
mod fallible;
mod flat;
mod impls;
pub mod number_string;
mod pow10;
mod raw;
mod reader;
#[cfg(feature = "serde")]
pub mod serde_bridge;
#[cfg(feature = "std")]
pub mod stream;
mod swar;
mod traits;
mod utf8;
#[cfg(any(feature = "axum", feature = "actix"))]
mod web;
mod writer;

pub use error::{Error, ErrorKind, Result};
pub use flat::{FromJsonFlat, ToJsonFlat};
pub use raw::{RawJson, RawJsonBuf};
pub use reader::{Checkpoint, Number, ReadOptions, Reader, Str};
#[cfg(feature = "serde")]
pub use serde_bridge::Serde;
pub use traits::{FromJson, FromJsonKey, ToJson, ToJsonKey};
pub use writer::buffer::JsonBuffer;
pub use writer::{Compact, Format, Pretty, Writer};

/// Any JSON value, read and thrown away (checked for well-formedness like serde_json checks a
/// value it ignores; nesting counts against the depth limit); written as `null`. Like
/// `serde::de::IgnoredAny`.
///
/// ```
/// use json_runtime::IgnoredAny;
/// assert!(json_runtime::from_str::<IgnoredAny>(r#"{"a":[1,2,{"b":null}]}"#).is_ok());
/// assert!(json_runtime::from_str::<IgnoredAny>("[1,]").is_err());
/// assert_eq!(json_runtime::to_string(&IgnoredAny), "null");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct IgnoredAny;

impl ToJson for IgnoredAny {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.null();
    }
}

impl<'de> FromJson<'de> for IgnoredAny {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        r.skip_value().map(|()| IgnoredAny)
    }
}

/// `#[derive(FastJson)]`: implements [`ToJson`] and [`FromJson`], honouring `#[serde(...)]`
/// and `#[fastjson(...)]` attributes.
pub use json_runtime_derive::FastJson;

/// Serializes `value` as compact JSON into a new `Vec`.
///
/// # Panics
///
/// Where serde_json returns an error, with its message: a `skip_serializing` enum variant, a
/// `SystemTime` before the Unix epoch, a NaN or infinite float map key, an internally tagged
/// newtype variant holding an `Option`, or a value a hand-written impl refuses
/// ([`Writer::fail`]). [`try_to_vec`] returns the error instead.
#[inline]
pub fn to_vec<T: ToJson + ?Sized>(value: &T) -> Vec<u8> {
    let mut out = Vec::with_capacity(128);
    fallible::write_or_panic::<Compact, T>(&mut out, value);
    out
}

/// Serializes `value` as compact JSON into a new `String`.
///
/// # Panics
///
/// As [`to_vec`]; [`try_to_string`] returns the error instead.
#[inline]
pub fn to_string<T: ToJson + ?Sized>(value: &T) -> String {
    let bytes = to_vec(value);
    // SAFETY: the writer emits only ASCII punctuation, digits, literals and the UTF-8 of
    // `&str` values (escaped in whole characters), so the output is valid UTF-8.
    unsafe { String::from_utf8_unchecked(bytes) }
}

/// Serializes `value` as pretty JSON (two-space indent), byte-identical to
/// `serde_json::to_string_pretty`.
///
/// # Panics
///
/// As [`to_vec`]; [`try_to_string_pretty`] returns the error instead.
pub fn to_string_pretty<T: ToJson + ?Sized>(value: &T) -> String {
    let out = to_vec_pretty(value);
    // SAFETY: as in `to_string`, the writer only emits valid UTF-8.
    unsafe { String::from_utf8_unchecked(out) }
}

/// Serializes `value` as pretty JSON into a new `Vec`.
///
/// # Panics
///
/// As [`to_vec`]; [`try_to_vec_pretty`] returns the error instead.
pub fn to_vec_pretty<T: ToJson + ?Sized>(value: &T) -> Vec<u8> {
    let mut out = Vec::with_capacity(128);
    fallible::write_or_panic::<Pretty, T>(&mut out, value);
    out
}

#[cfg(feature = "std")]
/// Serializes `value` as compact JSON into an `io::Write`, through a buffer handed to the
/// writer in chunks of about [`stream::WRITE_CHUNK`] bytes (at element boundaries of arrays
/// and maps), so a huge value needs about one chunk of memory plus its largest run without an
/// array or map boundary (say, one long string). The first `io::Error` is returned.
///
/// # Panics
///
/// As [`to_vec`], after the output up to the failing value has been written (serde_json's
/// `to_writer` also leaves that output behind, and returns an error);
/// [`try_to_writer`] returns the error instead.
pub fn to_writer<W: std::io::Write, T: ToJson + ?Sized>(
    mut writer: W,
    value: &T,
) -> std::io::Result<()> {
    match stream::write::write_streamed(&mut writer, value) {
        Ok(()) => Ok(()),
        Err(stream::write::StreamedError::Io(e)) => Err(e),
        Err(stream::write::StreamedError::Value(e)) => fallible::unserializable(e),
    }
}

#[cfg(feature = "std")]
pub use fallible::try_to_writer;
pub use fallible::{try_to_string, try_to_string_pretty, try_to_vec, try_to_vec_pretty};

/// Reads a `T` from JSON bytes; the whole input must be one value (whitespace around it is fine).
#[inline]
pub fn from_slice<'de, T: FromJson<'de>>(input: &'de [u8]) -> Result<T> {
    read_whole(Reader::new(input))
}

/// One value, then nothing but whitespace.
#[inline]
fn read_whole<'de, T: FromJson<'de>>(mut reader: Reader<'de>) -> Result<T> {
    let value = T::read_json(&mut reader)?;
    reader.end()?;
    Ok(value)
}

/// Like [`from_slice`], with options (such as the depth limit).
pub fn from_slice_with<'de, T: FromJson<'de>>(
    input: &'de [u8],
    options: &ReadOptions,
) -> Result<T> {
    read_whole(Reader::with_options(input, options))
}

/// Reads a `T` from a JSON string.
#[inline]
pub fn from_str<'de, T: FromJson<'de>>(input: &'de str) -> Result<T> {
    read_whole(Reader::from_str(input, &ReadOptions::new()))
}

#[cfg(feature = "std")]
std::thread_local! {
    static READ_BUFFER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

#[cfg(feature = "std")]
/// Reads an owned `T` from an `io::Read`: the whole input is read into a reusable
/// (per-thread) buffer first, then parsed with the slice reader.
pub fn from_reader<R: std::io::Read, T: for<'de> FromJson<'de>>(mut reader: R) -> Result<T> {
    READ_BUFFER.with(|cell| {
        // A re-entrant call (a `FromJson` impl that itself calls `from_reader`) gets its own buffer.
        let mut owned;
        let mut borrowed = cell.try_borrow_mut();
        let buf: &mut Vec<u8> = match borrowed.as_deref_mut() {
            Ok(b) => b,
            Err(_) => {
                owned = Vec::new();
                &mut owned
            }
        };
        buf.clear();
        reader.read_to_end(buf).map_err(Error::io)?;
        let result = from_slice(buf);
        if buf.capacity() > 1 << 20 {
            // Keep big one-off documents from pinning memory for the life of the thread.
            *buf = Vec::new();
        }
        result
    })
}

/// What generated code reaches the runtime through. Not a public API.
#[doc(hidden)]
pub mod __private {
    /// The `M` of `FromJsonFlat::__read_fields`.
    pub mod flat {
        pub use crate::flat::{READ_FLAT, READ_SEQ, READ_TAGGED, READ_VALUE};
    }
    pub use crate::number_string::with as number_string;
    pub use crate::reader::Str;
    #[cfg(feature = "serde")]
    pub use crate::serde_bridge::SerdeField;
    pub use crate::{
        Error, Format, FromJson, FromJsonFlat, FromJsonKey, Reader, ToJson, ToJsonFlat, ToJsonKey,
        Writer,
    };
    pub use alloc::borrow::Cow;
    pub use alloc::boxed::Box;
    pub use alloc::format;
    pub use alloc::string::String;
    pub use alloc::string::ToString;
    pub use alloc::vec::Vec;
    pub use core::clone::Clone;
    pub use core::convert::{From, Into, TryFrom};
    pub use core::default::Default;
    pub use core::marker::PhantomData;
    pub use core::option::Option::{self, None, Some};
    pub use core::result::Result::{self, Err, Ok};
}

/// A seeded xorshift generator for the unit tests' random inputs (deterministic, no dependency).
#[cfg(test)]
pub(crate) fn test_rng(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

#[cfg(test)]
mod tests {
    /// The `from_utf8_unchecked` in `to_string` and `to_string_pretty`: the output of every
    /// kind of string (ASCII, escapes, 2-, 3- and 4-byte UTF-8) is valid UTF-8.
    #[test]
    fn written_text_is_utf8() {
        let values = vec![
            "plain".to_string(),
            "é ß 日本 😀".to_string(),
            "\"\\\n\u{1}\u{7f}\u{2028}".to_string(),
        ];
        let compact = crate::to_string(&values);
        assert_eq!(
            compact,
            "[\"plain\",\"é ß 日本 😀\",\"\\\"\\\\\\n\\u0001\u{7f}\u{2028}\"]"
        );
        let pretty = crate::to_string_pretty(&values);
        assert!(pretty.starts_with("[\n  \"plain\",\n"));
        assert_eq!(crate::from_str::<Vec<String>>(&pretty).unwrap(), values);
        assert_eq!(crate::to_vec(&values), compact.as_bytes());
    }
}

/// The README's examples, compiled and run as doctests (they use every optional feature).
#[cfg(all(
    doctest,
    feature = "serde_json",
    feature = "serde",
    feature = "uuid",
    feature = "chrono",
    feature = "time",
    feature = "rust_decimal",
    feature = "axum",
    feature = "actix",
    feature = "tokio"
))]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
