//! serde_json's own raw type (cargo feature `serde_json`): `Box<RawValue>` and `&RawValue` as
//! field types, with the same bytes as [`crate::RawJson`]: the value's exact text captured when
//! reading (checked like a skipped value, then as UTF-8) and written back verbatim.
//!
//! serde_json has no public constructor that skips its own check, so the captured text is
//! checked once more by `serde_json::from_str::<&RawValue>` (a skip over the value's bytes).

// A std-only module (its feature implies `std`).
#[allow(unused_imports)]
use std::prelude::rust_2021::*;

use serde_json::value::RawValue;

use crate::raw::read_raw;
use crate::{Format, FromJson, Reader, Result, ToJson, Writer};

/// Written verbatim (compact and pretty output alike, as serde_json does); `Box<RawValue>` and
/// `&RawValue` go through the pointer impls.
impl ToJson for RawValue {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.raw(self.get());
    }
}

/// Borrows the value's text from the input.
impl<'de: 'a, 'a> FromJson<'de> for &'a RawValue {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let start = r.position();
        let json = read_raw(r)?;
        serde_json::from_str::<&'de RawValue>(json).map_err(|e| disagreement(r, start, e))
    }
}

/// Copies the value's text from the input.
impl<'de> FromJson<'de> for Box<RawValue> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let start = r.position();
        let json = read_raw(r)?;
        match serde_json::from_str::<&RawValue>(json) {
            Ok(raw) => Ok(raw.to_owned()),
            Err(e) => Err(disagreement(r, start, e)),
        }
    }
}

/// Unreachable while the reader's check equals serde_json's (the tests compare them); an
/// error, not a panic, if they ever differ.
#[cold]
#[inline(never)]
fn disagreement(r: &mut Reader<'_>, start: usize, err: serde_json::Error) -> crate::Error {
    r.pos = start;
    r.error(format_args!("invalid raw JSON value: {err}"))
}

#[cfg(test)]
mod tests {
    use serde_json::value::RawValue;

    use crate::RawJson;

    #[test]
    fn same_bytes_as_raw_json_and_serde_json() {
        let input = r#"{"a": [1, 2.50 , "\u00e9"], "b" :null }"#;
        let ours: std::collections::BTreeMap<&str, &RawValue> = crate::from_str(input).unwrap();
        let theirs: std::collections::BTreeMap<&str, &RawValue> =
            serde_json::from_str(input).unwrap();
        let raw: std::collections::BTreeMap<&str, RawJson> = crate::from_str(input).unwrap();
        assert_eq!(ours["a"].get(), theirs["a"].get());
        assert_eq!(ours["a"].get(), raw["a"].get());
        assert_eq!(
            crate::to_string(&ours).unwrap(),
            serde_json::to_string(&theirs).unwrap()
        );
        assert_eq!(
            crate::to_string_pretty(&ours).unwrap(),
            serde_json::to_string_pretty(&theirs).unwrap()
        );
        let owned: Vec<Box<RawValue>> = crate::from_str("[ {} , [ ] ]").unwrap();
        assert_eq!(crate::to_string(&owned).unwrap(), "[{},[ ]]");
        for bad in ["[1,]", "", "{\"a\" 1}", "[1] x", "\"\\x\""] {
            assert!(crate::from_str::<Box<RawValue>>(bad).is_err(), "{bad}");
            assert!(crate::from_str::<&RawValue>(bad).is_err(), "{bad}");
        }
    }
}
