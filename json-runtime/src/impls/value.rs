//! `serde_json::Value`, `Map<String, Value>` and `Number` (cargo feature `serde_json`): written
//! byte for byte as serde_json writes them, read exactly as `serde_json::from_slice` reads them.
//!
//! Reading is iterative (an explicit stack of open containers, bounded by the reader's depth
//! limit), so a deeply nested document costs heap, not machine stack: it stays safe on small
//! thread stacks.

use serde_json::{Map, Number, Value};
use std::prelude::rust_2021::*; // a std-only module (feature `serde_json` implies `std`)

use crate::reader::ParsedNumber as ReadNumber;
use crate::small::owned_string;
use crate::{Error, Format, FromJson, Reader, Result, ToJson, Writer};

impl ToJson for Number {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        if let Some(v) = self.as_u64() {
            w.u64(v);
        } else if let Some(v) = self.as_i64() {
            w.i64(v);
        } else if let Some(v) = self.as_f64() {
            // A `Number` never holds NaN or an infinity; `f64` would write those as `null`,
            // which is what serde_json writes too.
            w.f64(v);
        } else {
            w.null();
        }
    }
}

/// Like serde_json: a non-negative integer that fits `u64` is `PosInt`, a negative one that
/// fits `i64` is `NegInt`, anything else (fraction, exponent, `-0`, bigger integers) a float.
impl<'de> FromJson<'de> for Number {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        Ok(convert_number(r.read_number()?))
    }
}

#[inline]
fn convert_number(n: ReadNumber) -> Number {
    match n {
        ReadNumber::U64(v) => Number::from(v),
        ReadNumber::I64(v) => Number::from(v),
        // The reader rejects out-of-range numbers, so `v` is finite; 0 is a fallback only.
        ReadNumber::F64(v) => Number::from_f64(v).unwrap_or_else(|| Number::from(0u64)),
    }
}

fn write_map<F: Format>(map: &Map<String, Value>, w: &mut Writer<'_, F>) {
    w.begin_object();
    let mut first = true;
    for (k, v) in map {
        w.begin_key(first);
        first = false;
        w.str(k);
        w.end_key();
        v.write_json(w);
    }
    w.end_object(!first);
}

impl ToJson for Value {
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        match self {
            Value::Null => w.null(),
            Value::Bool(b) => w.bool(*b),
            Value::Number(n) => n.write_json(w),
            Value::String(s) => w.str(s),
            Value::Array(items) => w.array(items),
            Value::Object(map) => write_map(map, w),
        }
    }
}

impl ToJson for Map<String, Value> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        write_map(self, w);
    }
}

/// An open container while reading a value.
enum Frame {
    Array(Vec<Value>),
    /// The entries so far and the key whose value is being read.
    Object(Map<String, Value>, String),
}

/// Adds the open containers to an error's path, innermost first.
#[cold]
#[inline(never)]
fn with_path(mut err: Error, stack: &[Frame]) -> Error {
    for frame in stack.iter().rev() {
        err = match frame {
            Frame::Array(items) => err.in_index(items.len()),
            Frame::Object(_, key) => err.in_field(key),
        };
    }
    err
}

/// Reads one value of any kind, without recursion.
fn read_value(r: &mut Reader<'_>) -> Result<Value> {
    let mut stack: Vec<Frame> = Vec::new();
    match read_value_iter(r, &mut stack) {
        Ok(v) => Ok(v),
        Err(e) => Err(with_path(e, &stack)),
    }
}

fn read_value_iter(r: &mut Reader<'_>, stack: &mut Vec<Frame>) -> Result<Value> {
    loop {
        // A value starts here.
        let mut value = match r.peek() {
            Some(b'n') => {
                r.read_null()?;
                Value::Null
            }
            Some(b't' | b'f') => Value::Bool(r.read_bool()?),
            Some(b'-' | b'0'..=b'9') => Value::Number(convert_number(r.read_number()?)),
            Some(b'"') => Value::String(owned_string(r.read_str()?.as_str())),
            Some(b'[') => {
                r.begin_array()?;
                let mut first = true;
                if r.next_element(&mut first)? {
                    stack.push(Frame::Array(Vec::new()));
                    continue;
                }
                Value::Array(Vec::new())
            }
            Some(b'{') => {
                r.begin_object()?;
                let mut first = true;
                if r.has_next_entry(&mut first)? {
                    let key = owned_string(r.read_key()?);
                    stack.push(Frame::Object(Map::new(), key));
                    continue;
                }
                Value::Object(Map::new())
            }
            // Not a value: the reader's error for it (syntax or EOF).
            _ => return Err(r.invalid_type("any valid JSON value")),
        };
        // A value is complete: store it in its container, closing containers that end here.
        loop {
            let mut first = false;
            match stack.last_mut() {
                None => return Ok(value),
                Some(Frame::Array(items)) => {
                    items.push(value);
                    if r.next_element(&mut first)? {
                        break;
                    }
                }
                Some(Frame::Object(map, key)) => {
                    // A later duplicate replaces the earlier value, as in serde_json.
                    map.insert(std::mem::take(key), value);
                    if r.has_next_entry(&mut first)? {
                        *key = owned_string(r.read_key()?);
                        break;
                    }
                }
            }
            value = match stack.pop() {
                Some(Frame::Array(items)) => Value::Array(items),
                Some(Frame::Object(map, _)) => Value::Object(map),
                None => unreachable!("the stack had a last frame"),
            };
        }
    }
}

/// Any JSON value, like `serde_json::from_slice::<Value>` (numbers split as serde_json does,
/// duplicate keys: the last wins, nesting bounded by the reader's depth limit).
impl<'de> FromJson<'de> for Value {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        read_value(r)
    }
}

/// A JSON object.
impl<'de> FromJson<'de> for Map<String, Value> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        if r.peek() != Some(b'{') {
            return Err(r.invalid_type("a map"));
        }
        match read_value(r)? {
            Value::Object(map) => Ok(map),
            // `read_value` at a `{` returns an object or fails.
            _ => Err(r.error("invalid type: expected a map")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(json: &str) {
        let ours: Value = crate::from_str(json).unwrap();
        let theirs: Value = serde_json::from_str(json).unwrap();
        assert_eq!(ours, theirs, "{json}");
        assert_eq!(
            crate::to_string(&ours).unwrap(),
            serde_json::to_string(&theirs).unwrap()
        );
        assert_eq!(
            crate::to_string_pretty(&ours).unwrap(),
            serde_json::to_string_pretty(&theirs).unwrap()
        );
    }

    #[test]
    fn values_like_serde_json() {
        for json in [
            "null",
            "true",
            "[]",
            "{}",
            r#"{"a":[1,-2,3.5,-0,1e3,18446744073709551616,-9223372036854775808],"b":{},"c":[]}"#,
            r#"[{"x":"\u00e9\ud83d\ude00\n"},[[[]]],{"k":{"k":{"k":null}}}]"#,
            r#"{"dup":1,"dup":2}"#,
        ] {
            round_trip(json);
        }
    }

    #[test]
    fn errors_carry_a_path() {
        let err = crate::from_str::<Value>(r#"{"a":[1,{"b":tru}]}"#).unwrap_err();
        assert_eq!(err.path(), "a[1].b");
        assert!(crate::from_str::<Map<String, Value>>("[1]").is_err());
        assert!(crate::from_str::<Number>("\"1\"").is_err());
        assert_eq!(crate::from_str::<Number>("-0").unwrap().to_string(), "-0.0");
    }
}
