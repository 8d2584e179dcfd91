//! More shapes, so that every kind of code the derive generates is compiled without `std`:
//! each enum representation, `flatten` into a `BTreeMap`, `default`, `skip`, aliases,
//! `deny_unknown_fields`, borrowed strings, `Box`/`Rc`/`Arc`, tuple structs, generics and
//! `number_from_string`. The host tests compare each with serde_json.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::time::Duration;
use json_runtime::FastJson;

/// A device's configuration message: a little of everything.
#[derive(Debug, Clone, PartialEq, FastJson)]
#[cfg_attr(test, derive(serde::Serialize, serde::Deserialize))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Config<'a> {
    #[serde(borrow)]
    pub name: Cow<'a, str>,
    #[serde(alias = "fw")]
    pub firmware: Box<str>,
    #[serde(default)]
    pub retries: u8,
    #[serde(skip)]
    pub cached: u32,
    pub owner: Rc<str>,
    pub site: Arc<String>,
    pub poll: Duration,
    pub channels: [Channel; 2],
    pub point: Point,
    pub action: Action,
    pub mode: Mode,
    pub event: Event,
    pub limit: Limit,
    pub tagged: Tagged<i64>,
}

#[derive(Debug, Clone, PartialEq, FastJson)]
#[cfg_attr(test, derive(serde::Serialize, serde::Deserialize))]
pub struct Channel {
    pub id: u16,
    pub gain: f32,
    #[serde(flatten)]
    pub extra: BTreeMap<String, i32>,
}

/// A tuple struct.
#[derive(Debug, Clone, PartialEq, FastJson)]
#[cfg_attr(test, derive(serde::Serialize, serde::Deserialize))]
pub struct Point(pub i32, pub i32);

/// Externally tagged.
#[derive(Debug, Clone, PartialEq, FastJson)]
#[cfg_attr(test, derive(serde::Serialize, serde::Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Reboot,
    SetLevel(u8),
    Move { x: i32, y: i32 },
    Pair(u8, bool),
}

/// Internally tagged.
#[derive(Debug, Clone, PartialEq, FastJson)]
#[cfg_attr(test, derive(serde::Serialize, serde::Deserialize))]
#[serde(tag = "kind")]
pub enum Mode {
    Off,
    Timer { minutes: u32 },
}

/// Adjacently tagged.
#[derive(Debug, Clone, PartialEq, FastJson)]
#[cfg_attr(test, derive(serde::Serialize, serde::Deserialize))]
#[serde(tag = "t", content = "c")]
pub enum Event {
    Started,
    Alarm(String),
    Reading { value: f64 },
}

/// Untagged.
#[derive(Debug, Clone, PartialEq, FastJson)]
#[cfg_attr(test, derive(serde::Serialize, serde::Deserialize))]
#[serde(untagged)]
pub enum Limit {
    Count(u64),
    Named(String),
    Range { min: i32, max: i32 },
}

/// Generic.
#[derive(Debug, Clone, PartialEq, FastJson)]
#[cfg_attr(test, derive(serde::Serialize, serde::Deserialize))]
pub struct Tagged<T> {
    pub tag: String,
    pub values: Vec<T>,
}

/// A reading whose numbers may arrive as strings (FastJson's own attribute; no serde twin).
#[derive(Debug, Clone, PartialEq, FastJson)]
#[fastjson(number_from_string)]
pub struct Reading {
    pub ts: u64,
    pub temp: Option<f64>,
}
