//! `url::Url` as url's serde impl writes and reads it with serde_json: its serialization
//! (`Url::as_str`) as a string, read from a string with `Url::parse` (a failure is a data error
//! `"<url's message>: \"<input>\""`, url's own). A map key too.
//!
//! ```
//! # #[cfg(feature = "url")] {
//! use url::Url;
//! let u = Url::parse("https://example.com/a b?q=1").unwrap();
//! assert_eq!(json_runtime::to_string(&u).unwrap(), r#""https://example.com/a%20b?q=1""#);
//! assert_eq!(json_runtime::from_str::<Url>(r#""https://example.com/a%20b?q=1""#).unwrap(), u);
//! let err = json_runtime::from_str::<Url>(r#""not a url""#).unwrap_err();
//! assert_eq!(err.message(), r#"relative URL without a base: "not a url""#);
//! # }
//! ```

// A std-only module (its feature implies `std`).
#[allow(unused_imports)]
use std::prelude::rust_2021::*;
#[allow(unused_imports)]
use std::thread_local;

use url::Url;

use crate::{Format, FromJson, FromJsonKey, Reader, Result, ToJson, ToJsonKey, Writer};

const EXPECTING: &str = "a string representing an URL";

impl ToJson for Url {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.str(self.as_str());
    }
}

impl<'de> FromJson<'de> for Url {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let s = super::read_str_expecting(r, EXPECTING)?;
        // `s` may borrow the reader's scratch space: parse before building any error.
        match Url::parse(&s) {
            Ok(u) => Ok(u),
            Err(e) => {
                let msg = format!("{e}: {:?}", &*s);
                Err(r.error(msg))
            }
        }
    }
}

impl ToJsonKey for Url {
    #[inline]
    fn write_key<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.str(self.as_str());
    }
}

impl<'de> FromJsonKey<'de> for Url {
    #[inline]
    fn read_key(r: &mut Reader<'de>) -> Result<Self> {
        let s = r.read_key()?;
        match Url::parse(s) {
            Ok(u) => Ok(u),
            Err(e) => {
                let msg = format!("{e}: {s:?}");
                Err(r.error(msg))
            }
        }
    }
}
