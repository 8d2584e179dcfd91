//! `bigdecimal::BigDecimal` as bigdecimal's serde impl writes and reads it with serde_json
//! (bigdecimal's `serde` feature, without `string-only` or `serde-json`, and serde_json without
//! `arbitrary_precision`: what a user gets by default).
//!
//! - Written as its `Display` text in a string (`collect_str`): `"23.50"`, `"0.001"`, and
//!   bigdecimal's exponent form for very large or small exponents (`"1E+30"`... as its
//!   `Display` decides).
//! - Read like bigdecimal's `deserialize_any` visitor: a string through `FromStr`
//!   (`"1.5e3"`, `".25"`), an integer exactly, a float through `BigDecimal::try_from(f64)`
//!   (the `f64`'s exact binary value: `0.1` reads as
//!   `0.1000000000000000055511151231257827021181583404541015625`, as with serde), and the
//!   object `{"$serde_json::private::Number": ...}` that the visitor also takes.
//!   Anything else is a data error `invalid type: ..., expected a number or formatted decimal
//!   string`.
//!
//! It is a map key too (serde_json reads a key through `deserialize_any` as a string).
//!
//! ```
//! # #[cfg(feature = "bigdecimal")] {
//! use bigdecimal::BigDecimal;
//! let price: BigDecimal = "23.50".parse().unwrap();
//! assert_eq!(json_runtime::to_string(&price).unwrap(), r#""23.50""#);
//! assert_eq!(json_runtime::from_str::<BigDecimal>(r#""23.50""#).unwrap(), price);
//! assert_eq!(json_runtime::from_str::<BigDecimal>("7").unwrap(), BigDecimal::from(7));
//! # }
//! ```

// A std-only module (its feature implies `std`).
#[allow(unused_imports)]
use std::prelude::rust_2021::*;
#[allow(unused_imports)]
use std::thread_local;

use std::str::FromStr;

use bigdecimal::BigDecimal;

use crate::{
    Format, FromJson, FromJsonKey, ParsedNumber, Reader, Result, Str, ToJson, ToJsonKey, Writer,
};

/// bigdecimal's visitor's expectation.
const EXPECTING: &str = "a number or formatted decimal string";

/// The key serde_json's `arbitrary_precision` numbers come wrapped in; bigdecimal's visitor
/// accepts such a one-entry map whatever serde_json's features are.
const NUMBER_TOKEN: &str = "$serde_json::private::Number";

impl ToJson for BigDecimal {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        super::write_display::<64, F>(w, self);
    }
}

impl ToJsonKey for BigDecimal {
    #[inline]
    fn write_key<F: Format>(&self, w: &mut Writer<'_, F>) {
        super::write_display::<64, F>(w, self);
    }
}

impl<'de> FromJson<'de> for BigDecimal {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        match r.peek() {
            Some(b'"') => {
                let s = r.read_str()?;
                match BigDecimal::from_str(&s) {
                    Ok(d) => Ok(d),
                    Err(e) => Err(r.error(e)),
                }
            }
            Some(b'-' | b'0'..=b'9') => match r.read_number()? {
                ParsedNumber::U64(v) => Ok(BigDecimal::from(v)),
                ParsedNumber::I64(v) => Ok(BigDecimal::from(v)),
                ParsedNumber::F64(v) => BigDecimal::try_from(v).map_err(|e| r.error(e)),
            },
            Some(b'{') => read_number_map(r),
            _ => Err(r.invalid_type(EXPECTING)),
        }
    }
}

/// `{"$serde_json::private::Number": <value>}`, as bigdecimal's `visit_map` takes it: any
/// other first key (or a failure before the first value) is `invalid type: map`, a data error
/// that wins over whatever follows, as in serde_json; after the value the object must end.
fn read_number_map(r: &mut Reader<'_>) -> Result<BigDecimal> {
    let start = r.checkpoint();
    r.begin_object()?;
    let mut first = true;
    let token = match r.has_next_entry(&mut first) {
        Ok(true) if r.peek() == Some(b'"') => {
            matches!(r.read_str(), Ok(Str::Borrowed(k)) if k == NUMBER_TOKEN)
        }
        _ => false,
    };
    if !token {
        r.restore(start);
        return Err(r.invalid_type(EXPECTING));
    }
    match r.peek() {
        Some(b':') => r.pos += 1,
        Some(_) => return Err(r.syntax("expected `:`")),
        None => return Err(r.eof("an object")),
    }
    let value = BigDecimal::read_json(r)?;
    match r.peek() {
        Some(b'}') => {
            r.has_next_entry(&mut first)?;
            Ok(value)
        }
        Some(b',') => Err(r.syntax("trailing comma")),
        Some(_) => Err(r.syntax("trailing characters")),
        None => Err(r.eof("an object")),
    }
}

impl<'de> FromJsonKey<'de> for BigDecimal {
    #[inline]
    fn read_key(r: &mut Reader<'de>) -> Result<Self> {
        match BigDecimal::from_str(r.read_key()?) {
            Ok(d) => Ok(d),
            Err(e) => Err(r.error(e)),
        }
    }
}
