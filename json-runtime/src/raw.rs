//! Raw JSON: a value's exact text, captured when reading and written back verbatim (like
//! serde_json's `RawValue`).

use alloc::{boxed::Box, string::String};
use core::fmt;

use crate::{Format, FromJson, Reader, Result, ToJson, Writer};

/// A JSON value's text, borrowed from the input: reading captures the value's exact bytes
/// (checked to be well-formed JSON, surrounding whitespace left out) without building
/// anything, and writing copies them back verbatim. Like `&serde_json::value::RawValue`.
///
/// ```
/// use json_runtime::RawJson;
/// use std::collections::BTreeMap;
///
/// let input = r#"{"id": 7, "payload": {"b": [1, 2], "a": null}}"#;
/// let map: BTreeMap<&str, RawJson> = json_runtime::from_str(input).unwrap();
/// assert_eq!(map["payload"].get(), r#"{"b": [1, 2], "a": null}"#);
/// assert_eq!(json_runtime::to_string(&map).unwrap(), r#"{"id":7,"payload":{"b": [1, 2], "a": null}}"#);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RawJson<'a> {
    json: &'a str,
}

/// An owned [`RawJson`]: a JSON value's text in a `Box<str>`. Like
/// `Box<serde_json::value::RawValue>`.
///
/// ```
/// use json_runtime::RawJsonBuf;
///
/// let raw: RawJsonBuf = json_runtime::from_str(" [1, {\"a\": true}] ").unwrap();
/// assert_eq!(raw.get(), "[1, {\"a\": true}]");
/// assert_eq!(json_runtime::to_string(&vec![raw]).unwrap(), "[[1, {\"a\": true}]]");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct RawJsonBuf {
    json: Box<str>,
}

/// Checks that `json` is exactly one JSON value, with only whitespace around it; returns the
/// value's byte range.
fn validate(json: &str) -> Result<core::ops::Range<usize>> {
    let mut r = Reader::new(json.as_bytes());
    r.peek();
    let start = r.position();
    r.skip_value()?;
    let end = r.position();
    r.end()?;
    Ok(start..end)
}

impl<'a> RawJson<'a> {
    /// Checks that `json` is one well-formed JSON value and wraps it, whitespace around the
    /// value trimmed.
    ///
    /// ```
    /// use json_runtime::RawJson;
    /// assert_eq!(RawJson::new(" [1,2] ").unwrap().get(), "[1,2]");
    /// assert!(RawJson::new("[1,2").is_err());
    /// assert!(RawJson::new("1 2").is_err());
    /// ```
    pub fn new(json: &'a str) -> Result<Self> {
        let range = validate(json)?;
        Ok(RawJson { json: &json[range] })
    }

    /// The JSON text.
    ///
    /// ```
    /// let raw: json_runtime::RawJson = json_runtime::from_str(r#" {"a":1} "#).unwrap();
    /// assert_eq!(raw.get(), r#"{"a":1}"#);
    /// ```
    pub fn get(&self) -> &'a str {
        self.json
    }

    /// An owned copy.
    ///
    /// ```
    /// let raw = json_runtime::RawJson::new("[true]").unwrap();
    /// assert_eq!(raw.to_owned_buf().get(), "[true]");
    /// ```
    pub fn to_owned_buf(&self) -> RawJsonBuf {
        RawJsonBuf {
            json: self.json.into(),
        }
    }
}

impl RawJsonBuf {
    /// Checks that `json` is one well-formed JSON value and takes it, whitespace around the
    /// value trimmed (without copying when there is none). Like `RawValue::from_string`.
    ///
    /// ```
    /// use json_runtime::RawJsonBuf;
    /// let raw = RawJsonBuf::from_string("{\"k\": [1, 2.5e3]}".to_string()).unwrap();
    /// assert_eq!(raw.get(), "{\"k\": [1, 2.5e3]}");
    /// assert_eq!(RawJsonBuf::from_string(" null\n".into()).unwrap().get(), "null");
    /// assert!(RawJsonBuf::from_string("{\"k\":}".into()).is_err());
    /// ```
    pub fn from_string(json: String) -> Result<Self> {
        let range = validate(&json)?;
        let json = if range.start == 0 && range.end == json.len() {
            json.into_boxed_str()
        } else {
            json[range].into()
        };
        Ok(RawJsonBuf { json })
    }

    /// The JSON text.
    ///
    /// ```
    /// let raw = json_runtime::RawJsonBuf::from_string("\"hi\"".into()).unwrap();
    /// assert_eq!(raw.get(), "\"hi\"");
    /// ```
    pub fn get(&self) -> &str {
        &self.json
    }

    /// A borrowed view.
    ///
    /// ```
    /// let raw = json_runtime::RawJsonBuf::from_string("1".into()).unwrap();
    /// assert_eq!(raw.as_raw().get(), "1");
    /// ```
    pub fn as_raw(&self) -> RawJson<'_> {
        RawJson { json: &self.json }
    }

    /// The JSON text, owned.
    ///
    /// ```
    /// let raw = json_runtime::RawJsonBuf::from_string("[]".into()).unwrap();
    /// assert_eq!(&*raw.into_boxed_str(), "[]");
    /// ```
    pub fn into_boxed_str(self) -> Box<str> {
        self.json
    }
}

impl From<RawJson<'_>> for RawJsonBuf {
    fn from(raw: RawJson<'_>) -> Self {
        raw.to_owned_buf()
    }
}

/// Reads the next value's text: validated like a skipped value (grammar, escapes, nesting
/// depth), then as UTF-8, like serde_json's `RawValue`.
pub(crate) fn read_raw<'de>(r: &mut Reader<'de>) -> Result<&'de str> {
    if r.peek().is_none() {
        return Err(r.eof("a value"));
    }
    let start = r.position();
    r.skip_value()?;
    let input: &'de [u8] = r.input();
    match core::str::from_utf8(&input[start..r.position()]) {
        Ok(json) => Ok(json),
        Err(_) => Err(r.syntax("invalid unicode code point")),
    }
}

/// Written verbatim (compact and pretty output alike, as serde_json does).
impl ToJson for RawJson<'_> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.raw(self.json);
    }
}
/// Borrows the value's text from the input.
impl<'de: 'a, 'a> FromJson<'de> for RawJson<'a> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        read_raw(r).map(|json| RawJson { json })
    }
}

/// Written verbatim (compact and pretty output alike, as serde_json does).
impl ToJson for RawJsonBuf {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.raw(&self.json);
    }
}
/// Copies the value's text from the input.
impl<'de> FromJson<'de> for RawJsonBuf {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        read_raw(r).map(|json| RawJsonBuf { json: json.into() })
    }
}

/// The JSON text.
impl fmt::Display for RawJson<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.json)
    }
}
/// The JSON text.
impl fmt::Display for RawJsonBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.json)
    }
}
/// `RawJson(<text>)`, like serde_json's `RawValue(<text>)`.
impl fmt::Debug for RawJson<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("RawJson")
            .field(&format_args!("{}", self.json))
            .finish()
    }
}
/// `RawJsonBuf(<text>)`.
impl fmt::Debug for RawJsonBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("RawJsonBuf")
            .field(&format_args!("{}", self.json))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_exact_text() {
        let input = b" [ 1 , {\"a\" : \"\\u00e9\\n\" } , 1e400, -0.0 ] ";
        let raw: RawJson = crate::from_slice(input).unwrap();
        assert_eq!(raw.get(), "[ 1 , {\"a\" : \"\\u00e9\\n\" } , 1e400, -0.0 ]");
        assert_eq!(crate::to_string(&raw).unwrap(), raw.get());
        assert_eq!(crate::to_string_pretty(&raw).unwrap(), raw.get());
        let owned: RawJsonBuf = crate::from_slice(input).unwrap();
        assert_eq!(owned.get(), raw.get());
        assert_eq!(owned.as_raw(), raw);
        assert_eq!(RawJsonBuf::from(raw), owned);
    }

    #[test]
    fn each_kind_of_value() {
        for json in [
            "null",
            "true",
            "false",
            "0",
            "-1.5e-7",
            "\"\"",
            "\"\\ud800\"",
            "[]",
            "{}",
            "[[[]]]",
        ] {
            let raw: RawJson = crate::from_str(json).unwrap();
            assert_eq!(raw.get(), json);
            let text = format!("[{json},\n{json}]");
            let list: Vec<RawJson> = crate::from_str(&text).unwrap();
            assert_eq!(list, vec![raw, raw]);
            assert_eq!(
                crate::to_string_pretty(&list).unwrap(),
                format!("[\n  {json},\n  {json}\n]")
            );
        }
    }

    #[test]
    fn rejects_what_serde_json_rejects() {
        for bad in [
            &b""[..],
            b"   ",
            b"[1,]",
            b"{\"a\":1,}",
            b"[1 2]",
            b"01",
            b"1.",
            b"\"\\x\"",
            b"\"\x01\"",
            b"\"\xff\"",
            b"nul",
            b"{1:2}",
            b"[1] x",
        ] {
            assert!(crate::from_slice::<RawJson>(bad).is_err(), "{bad:?}");
            assert!(crate::from_slice::<RawJsonBuf>(bad).is_err(), "{bad:?}");
        }
        // serde_json's limit: 127 open containers.
        let deep = format!("{}{}", "[".repeat(128), "]".repeat(128));
        assert!(RawJson::new(&deep).is_err());
        let ok = format!("{}{}", "[".repeat(127), "]".repeat(127));
        assert!(RawJson::new(&ok).is_ok());
    }

    #[test]
    fn from_string_trims_and_keeps() {
        let raw = RawJsonBuf::from_string("\t{\"a\":[1]}\r\n".into()).unwrap();
        assert_eq!(raw.get(), "{\"a\":[1]}");
        assert_eq!(raw.to_string(), "{\"a\":[1]}");
        assert_eq!(format!("{raw:?}"), "RawJsonBuf({\"a\":[1]})");
        assert_eq!(format!("{:?}", raw.as_raw()), "RawJson({\"a\":[1]})");
        assert!(RawJsonBuf::from_string(String::new()).is_err());
        assert!(RawJsonBuf::from_string("[] []".into()).is_err());
    }
}
