//! `smol_str::SmolStr` (feature `smol_str`) and `compact_str::CompactString` (feature
//! `compact_str`), as their serde impls write and read them with serde_json: plain strings,
//! also as map keys. Reading builds the value straight from the reader's unescaped text (a
//! slice of the input, or of the reader's scratch space when the string had escapes): short
//! strings stay inline and no intermediate `String` is made.
//!
//! ```
//! # #[cfg(all(feature = "smol_str", feature = "compact_str"))] {
//! use compact_str::CompactString;
//! use smol_str::SmolStr;
//! let s: SmolStr = json_runtime::from_str(r#""caf\u00e9""#).unwrap();
//! assert_eq!(s, "café");
//! let c: CompactString = json_runtime::from_str(r#""inline""#).unwrap();
//! assert!(!c.is_heap_allocated());
//! assert_eq!(json_runtime::to_string(&c).unwrap(), r#""inline""#);
//! # }
//! ```

// A std-only module (its feature implies `std`).
#[allow(unused_imports)]
use std::prelude::rust_2021::*;
#[allow(unused_imports)]
use std::thread_local;

use crate::{Format, FromJson, FromJsonKey, Reader, Result, ToJson, ToJsonKey, Writer};

/// serde's expectation for both visitors.
const EXPECTING: &str = "a string";

macro_rules! string_like {
    ($ty:ty, $new:path) => {
        impl ToJson for $ty {
            #[inline]
            fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
                w.str(self.as_str());
            }
        }
        impl<'de> FromJson<'de> for $ty {
            #[inline]
            fn read_json(r: &mut Reader<'de>) -> Result<Self> {
                Ok($new(&*super::read_str_expecting(r, EXPECTING)?))
            }
        }
        impl ToJsonKey for $ty {
            #[inline]
            fn write_key<F: Format>(&self, w: &mut Writer<'_, F>) {
                w.str(self.as_str());
            }
        }
        impl<'de> FromJsonKey<'de> for $ty {
            #[inline]
            fn read_key(r: &mut Reader<'de>) -> Result<Self> {
                Ok($new(r.read_key()?))
            }
        }
    };
}

#[cfg(feature = "smol_str")]
string_like!(smol_str::SmolStr, smol_str::SmolStr::new);
#[cfg(feature = "compact_str")]
string_like!(compact_str::CompactString, compact_str::CompactString::new);
