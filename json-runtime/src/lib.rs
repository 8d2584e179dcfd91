#![doc = include_str!("crate_docs.md")]
// `no_std` + `alloc`; the default feature `std` adds what needs the OS (see
// docs/platforms.md). Unit tests keep std's prelude.
#![cfg_attr(not(test), no_std)]
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

#[macro_use]
extern crate alloc;
#[cfg(all(feature = "std", not(test)))]
extern crate std;

#[cfg(feature = "actix")]
pub mod actix;
#[cfg(feature = "axum")]
pub mod axum;
mod derive_support;
mod entry;
pub mod error;
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
mod flat;
mod impls;
mod number_string;
mod pow10;
mod raw;
mod reader;
#[cfg(feature = "serde")]
pub mod serde_bridge;
mod simd;
mod small;
#[cfg(feature = "std")]
pub mod stream;
mod traits;
#[cfg(any(feature = "axum", feature = "actix"))]
mod web;
mod writer;

#[cfg(feature = "std")]
pub use entry::{from_reader, from_reader_with, to_writer, to_writer_pretty};
pub use entry::{
    from_slice, from_slice_with, from_str, from_str_with, to_string, to_string_pretty, to_vec,
    to_vec_pretty,
};
pub use error::{Category, Error, Result};
pub use raw::{RawJson, RawJsonBuf};
pub use reader::{Checkpoint, ParsedNumber, ReadOptions, Reader, Str};
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
/// assert_eq!(json_runtime::to_string(&IgnoredAny).unwrap(), "null");
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

/// What generated code reaches the runtime through. Not a public API: anything here may
/// change in any release.
#[doc(hidden)]
pub mod __private {
    /// The `M` of `FromJsonFlat::__read_fields`.
    pub mod flat {
        pub use crate::flat::{Mode, READ_AFTER_TAG, READ_FLAT, READ_SEQ, READ_TAGGED, READ_VALUE};
    }
    pub use crate::derive_support::{array_short, in_member, owns_key, units, ReadBody, ReadIn};
    pub use crate::derive_support::{DeriveReader, DeriveWriter};
    pub use crate::flat::{FromJsonFlat, ToJsonFlat};
    pub use crate::number_string::with as number_string;
    pub use crate::number_string::{NumberAsString, NumberFromString};
    pub use crate::reader::Str;
    #[cfg(feature = "serde")]
    pub use crate::serde_bridge::field::SerdeField;
    pub use crate::{Error, Format, FromJson, FromJsonKey, Reader, ToJson, ToJsonKey, Writer};
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

/// How many random cases a unit test runs: `native`, or a ten-thousandth of it (and 20) under
/// Miri, which interprets every instruction.
#[cfg(test)]
pub(crate) fn test_count(native: usize) -> usize {
    if cfg!(miri) {
        native / 10_000 + 20
    } else {
        native
    }
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

/// The examples of README.md and docs/*.md, compiled and run as doctests; each page is gated
/// on the features its examples use.
#[cfg(doctest)]
mod guide {
    #[cfg(feature = "std")]
    #[doc = include_str!("../../README.md")]
    pub struct Readme;

    #[cfg(feature = "std")]
    #[doc = include_str!("../../docs/attributes.md")]
    pub struct Attributes;

    #[cfg(all(
        feature = "std",
        feature = "serde",
        feature = "uuid",
        feature = "chrono",
        feature = "time",
        feature = "rust_decimal"
    ))]
    #[doc = include_str!("../../docs/types.md")]
    pub struct Types;

    #[cfg(all(feature = "std", feature = "tokio"))]
    #[doc = include_str!("../../docs/streams.md")]
    pub struct Streams;

    #[cfg(all(
        feature = "axum",
        feature = "actix",
        feature = "tokio",
        feature = "uuid"
    ))]
    #[doc = include_str!("../../docs/web.md")]
    pub struct Web;

    #[cfg(feature = "std")]
    #[doc = include_str!("../../docs/errors.md")]
    pub struct Errors;

    #[doc = include_str!("../../docs/performance.md")]
    pub struct Performance;

    #[doc = include_str!("../../docs/compile-cost.md")]
    pub struct CompileCost;

    #[doc = include_str!("../../docs/platforms.md")]
    pub struct Platforms;

    #[cfg(all(feature = "serde", feature = "uuid"))]
    #[doc = include_str!("../../docs/migrating.md")]
    pub struct Migrating;
}
