//! The serde bridge (cargo feature `serde`): a type that implements only serde's
//! `Serialize`/`Deserialize` is written by serde_json's own serializer straight into FastJson's
//! output buffer and read by serde_json's own deserializer straight from FastJson's input slice,
//! with no intermediate `String` or `Value`. So its bytes, values and Ok/Err decisions are
//! serde_json's, and its errors carry the whole document's line, column and path.
//!
//! Three ways in: the [`Serde<T>`] wrapper (anywhere a `ToJson`/`FromJson` type goes), the
//! field attribute `#[fastjson(serde)]` (the field's whole type goes through serde), and this
//! module's `write_json`/`read_json`, shaped like a `#[fastjson(with = "...")]` module.
//!
//! ```
//! use json_runtime::{FastJson, Serde};
//!
//! /// A type with serde impls only (think of one from another crate).
//! #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
//! struct Money { cents: i64, currency: String }
//!
//! #[derive(FastJson, Debug, PartialEq)]
//! struct Invoice {
//!     id: u32,
//!     #[fastjson(serde)]
//!     total: Money,
//!     #[fastjson(serde)]
//!     discount: Option<Money>,
//!     lines: Vec<Serde<Money>>,
//! }
//!
//! let json = r#"{"id":7,"total":{"cents":1250,"currency":"EUR"},"discount":null,"lines":[{"cents":1250,"currency":"EUR"}]}"#;
//! let invoice: Invoice = json_runtime::from_str(json).unwrap();
//! assert_eq!(invoice.total.cents, 1250);
//! assert_eq!(json_runtime::to_string(&invoice).unwrap(), json);
//!
//! let err = json_runtime::from_str::<Invoice>(r#"{"id":7,"total":{"cents":"x","currency":"EUR"}}"#)
//!     .unwrap_err();
//! assert_eq!(err.message(), "invalid type: string \"x\", expected i64");
//! assert_eq!((err.line(), err.column(), err.path()), (1, 28, "total"));
//! ```

// A std-only module (its feature implies `std`).
#[allow(unused_imports)]
use std::prelude::rust_2021::*;

pub(crate) mod field;
mod key;
mod read;
mod write;

use serde::{Deserialize, Serialize};

use crate::{Format, FromJson, Reader, Result, ToJson, Writer};

pub use read::read_json;
pub use write::write_json;

/// A value written and read through its serde impls (serde_json's serializer on FastJson's
/// buffer, serde_json's deserializer on FastJson's input), for a type that implements only
/// serde's traits: `Vec<Serde<Url>>`, `HashMap<String, Serde<Version>>`, a generic parameter.
///
/// The bytes are serde_json's (compact and pretty), the Ok/Err decisions too; an error inside
/// the value is positioned in the whole document and carries its path. As a map key it writes
/// and reads what serde_json's map-key serializer and deserializer do (reading a key needs
/// `T: DeserializeOwned`).
///
/// ```
/// use json_runtime::Serde;
/// use std::net::Ipv4Addr; // stands for any serde-only type
///
/// let list = vec![Serde(Ipv4Addr::LOCALHOST), Serde(Ipv4Addr::new(10, 0, 0, 1))];
/// let json = json_runtime::to_string(&list).unwrap();
/// assert_eq!(json, serde_json::to_string(&[Ipv4Addr::LOCALHOST, Ipv4Addr::new(10, 0, 0, 1)]).unwrap());
/// let back: Vec<Serde<Ipv4Addr>> = json_runtime::from_str(&json).unwrap();
/// assert_eq!(back, list);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Serde<T>(pub T);

impl<T> Serde<T> {
    /// The wrapped value.
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> From<T> for Serde<T> {
    fn from(value: T) -> Self {
        Serde(value)
    }
}

impl<T> std::ops::Deref for Serde<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> std::ops::DerefMut for Serde<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

/// The inner value's `Display` (map keys need it for error paths).
impl<T: std::fmt::Display> std::fmt::Display for Serde<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// Transparent for serde too, so a type can derive serde's traits next to `FastJson` with
/// `Serde<_>` fields and write the same JSON both ways.
impl<T: Serialize> Serialize for Serde<T> {
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Serde<T> {
    fn deserialize<D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> std::result::Result<Self, D::Error> {
        T::deserialize(deserializer).map(Serde)
    }
}

impl<T: Serialize> ToJson for Serde<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        write_json(&self.0, w);
    }
}

impl<'de, T: Deserialize<'de>> FromJson<'de> for Serde<T> {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        read_json(r).map(Serde)
    }

    /// What serde does for a missing field: `Option` (or any type reading serde's "none")
    /// gives its none value, anything else is a missing-field error.
    fn missing_field(r: &Reader<'de>, name: &'static str) -> Result<Self> {
        read::missing_field(r, name).map(Serde)
    }
}
