//! Derived types beyond the payloads, each deriving serde's traits and `FastJson` with the same
//! attributes, so the targets also reach the skip path, recursion, defaults, and the four enum
//! representations.

use json_runtime::FastJson;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// No fields: every key of an object is unknown and its value skipped.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Skip {}

/// Recursive: `{"children":[{"children":[]}]}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Node {
    pub children: Vec<Node>,
}

/// Defaults, renames, aliases and a skipped field.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "camelCase")]
pub struct Defaults {
    #[serde(default)]
    pub some_count: u16,
    #[serde(default, alias = "n")]
    pub name: Option<String>,
    #[serde(rename = "type", default)]
    pub kind: String,
    #[serde(skip)]
    pub skipped: u8,
    #[serde(default)]
    pub tags: BTreeMap<String, i32>,
}

/// A newtype struct (transparent in JSON, as in serde).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Wrapper(pub u32);

/// A tuple struct (a JSON array).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Pair(pub i8, pub String);

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Inner {
    pub x: i32,
    pub name: Option<String>,
}

/// Externally tagged (serde's default).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub enum External {
    Unit,
    Newtype(u32),
    NewtypeStruct(Inner),
    Tuple(u8, String),
    Struct { a: u8, b: Option<String> },
    #[serde(rename = "r")]
    Renamed,
}

/// Internally tagged.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type")]
pub enum Internal {
    Unit,
    NewtypeStruct(Inner),
    NewtypeMap(BTreeMap<String, u8>),
    Struct { a: u8, b: Option<String> },
}

/// Adjacently tagged.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "t", content = "c")]
pub enum Adjacent {
    Unit,
    Newtype(u32),
    Tuple(u8, String),
    Struct { a: u8, b: Option<String> },
}

/// Untagged: the first variant that reads wins.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(untagged)]
pub enum Untagged {
    Struct { a: u8, b: Option<String> },
    Int(i64),
    Float(f64),
    Text(String),
    List(Vec<u8>),
    Unit,
}

/// Flatten into a map of values: every key but `a` lands in `rest`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Flat {
    pub a: u8,
    #[serde(flatten)]
    pub rest: BTreeMap<String, Value>,
}

/// Flatten of a struct next to a plain field.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct FlatInner {
    pub b: Option<bool>,
    #[serde(flatten)]
    pub inner: Inner,
}
