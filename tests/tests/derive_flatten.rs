//! Differential tests: `#[serde(flatten)]` of structs, maps, `Option` of a struct, `Box` of a
//! struct, several flattened fields, nested flattening, with renames and aliases, against
//! serde_json.

#[macro_use]
mod derive_common;

use std::collections::{BTreeMap, HashMap};

use derive_common::{check, check_accepts, check_inputs, check_rejects, Gen};
use json_runtime::FastJson;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

gen_struct! {
    struct Inner {
        x: i32,
        name: Option<String>,
        #[serde(alias = "alias_of_y", default)]
        y: u8,
    }
}

gen_struct! {
    #[serde(deny_unknown_fields)]
    struct StrictInner {
        a: u8,
        b: Option<u8>,
    }
}

gen_struct! {
    struct Outer {
        id: u32,
        #[serde(flatten)]
        inner: Inner,
        tail: bool,
    }
}

gen_struct! {
    struct WithMap {
        id: u32,
        #[serde(flatten)]
        rest: BTreeMap<String, u32>,
    }
}

gen_struct! {
    struct WithHashMap {
        #[serde(flatten)]
        rest: HashMap<String, Option<String>>,
    }
}

gen_struct! {
    struct WithOption {
        id: u32,
        #[serde(flatten)]
        inner: Option<Inner>,
    }
}

gen_struct! {
    struct WithBox {
        #[serde(flatten)]
        inner: Box<Inner>,
        id: u32,
    }
}

gen_struct! {
    struct StructThenMap {
        id: u32,
        #[serde(flatten)]
        inner: Inner,
        #[serde(flatten)]
        rest: BTreeMap<String, String>,
    }
}

gen_struct! {
    struct MapThenStruct {
        id: u32,
        #[serde(flatten)]
        rest: BTreeMap<String, u8>,
        #[serde(flatten)]
        inner: StrictInner,
    }
}

gen_struct! {
    struct TwoStructs {
        #[serde(flatten)]
        first: Inner,
        #[serde(flatten)]
        second: StrictInner,
    }
}

gen_struct! {
    struct Nested {
        #[serde(flatten)]
        outer: Outer,
        extra: u8,
    }
}

gen_struct! {
    #[serde(rename_all = "camelCase")]
    struct Renamed {
        user_id: u32,
        #[serde(flatten)]
        inner: Inner,
        #[serde(rename = "X", alias = "xx")]
        own_x: Option<u8>,
    }
}

gen_struct! {
    struct SkipsAroundFlatten {
        #[serde(skip)]
        skipped: u8,
        #[serde(skip_deserializing)]
        x: i32,
        #[serde(flatten)]
        inner: Inner,
        #[serde(skip_serializing_if = "Option::is_none")]
        maybe: Option<u8>,
    }
}

fn has_x(inner: &Option<Inner>) -> bool {
    inner.as_ref().is_some_and(|i| i.x != 0)
}

// (The map comes first: after an `Option` of a struct that fails half way, serde leaves later
// flattened fields the entries the struct had not reached; FastJson hides all the struct's
// keys from them.)
gen_struct! {
    struct SkipIfFlattened {
        id: u8,
        #[serde(flatten, skip_serializing_if = "BTreeMap::is_empty")]
        rest: BTreeMap<String, u8>,
        #[serde(flatten, skip_serializing_if = "has_x")]
        inner: Option<Inner>,
    }
}

gen_struct! {
    struct OnlyFlatten {
        #[serde(flatten)]
        inner: StrictInner,
    }
}

gen_struct! {
    struct ListOfFlattened {
        items: Vec<Outer>,
        maybe: Option<WithMap>,
    }
}

gen_struct! {
    struct OptionalX {
        x: Option<i32>,
        y: u8,
    }
}

gen_struct! {
    struct SharedName {
        x: i32,
        #[serde(flatten)]
        inner: OptionalX,
    }
}

gen_struct! {
    struct Mid {
        a: u8,
        #[serde(flatten)]
        rest: BTreeMap<String, u32>,
    }
}

gen_struct! {
    struct ChainedFlatten {
        id: u32,
        #[serde(flatten)]
        mid: Mid,
        #[serde(flatten)]
        after: Option<StrictInner>,
    }
}

#[test]
fn keys_belong_to_one_reader() {
    // the outer struct's own key is not shown to the flattened struct...
    check_accepts::<SharedName>(&[r#"{"x":1,"y":2}"#]);
    assert_eq!(
        json_runtime::from_str::<SharedName>(r#"{"x":1,"y":2}"#)
            .unwrap()
            .inner
            .x,
        None
    );
    // ...nor to a map flattened inside a flattened struct
    check::<ChainedFlatten>();
    check_inputs::<ChainedFlatten>(&[
        r#"{"id":1,"a":2,"b":3}"#,
        r#"{"id":1,"a":2,"zz":3,"b":4}"#,
        r#"{"id":1,"a":2,"zz":"x"}"#,
    ]);
}

#[test]
fn flatten_struct() {
    check::<Outer>();
    check::<WithBox>();
    check::<Nested>();
    check::<OnlyFlatten>();
    check::<SkipIfFlattened>();
    check_accepts::<Outer>(&[
        r#"{"id":1,"x":2,"tail":true}"#,
        r#"{"x":2,"tail":true,"id":1,"name":"n","y":3}"#,
        r#"{"id":1,"x":2,"tail":true,"alias_of_y":3}"#,
        r#"{"id":1,"x":2,"tail":true,"unknown":[1,{"a":null}]}"#,
    ]);
    check_rejects::<Outer>(&[
        r#"{"id":1,"tail":true}"#,
        r#"{"id":1,"x":2,"x":3,"tail":true}"#,
        r#"{"id":1,"id":1,"x":2,"tail":true}"#,
        r#"{"id":1,"x":2,"tail":true,"y":3,"alias_of_y":3}"#,
        r#"[1,2,null,0,true]"#,
        r#"{"id":1,"x":2,"tail":true,"unknown":1e400}"#,
        r#"{"id":1,"x":2,"tail":true,"unknown":"\udc00"}"#,
        r#"{"id":1,"x":2.5,"tail":true}"#,
    ]);
    check_accepts::<OnlyFlatten>(&[r#"{"a":1}"#, r#"{"a":1,"zz":2}"#]);
    check_rejects::<OnlyFlatten>(&[r#"{}"#, r#"{"a":1,"a":2}"#, "[1,2]"]);
}

#[test]
fn flatten_map() {
    check::<WithMap>();
    check::<WithHashMap>();
    check_accepts::<WithMap>(&[
        r#"{"id":1}"#,
        r#"{"a":1,"id":1,"b":2}"#,
        r#"{"id":1,"a":1,"a":2}"#,
    ]);
    check_rejects::<WithMap>(&[
        r#"{"id":1,"a":"x"}"#,
        r#"{"id":1,"a":-1}"#,
        r#"{"a":1}"#,
        r#"{"id":1,"id":2}"#,
    ]);
}

#[test]
fn flatten_option_of_struct() {
    check::<WithOption>();
    check_inputs::<WithOption>(&[
        r#"{"id":1}"#,
        r#"{"id":1,"x":2}"#,
        r#"{"id":1,"x":"wrong"}"#,
        r#"{"id":1,"name":"n"}"#,
        r#"{"id":1,"x":2,"x":2}"#,
        r#"{"id":1,"x":null}"#,
    ]);
}

#[test]
fn several_flattened_fields() {
    check::<StructThenMap>();
    check::<MapThenStruct>();
    check::<TwoStructs>();
    check_inputs::<StructThenMap>(&[
        r#"{"id":1,"x":2,"other":"o"}"#,
        r#"{"id":1,"x":2,"name":"n","other":"o"}"#,
        r#"{"id":1,"x":2,"other":1}"#,
    ]);
    check_inputs::<MapThenStruct>(&[
        r#"{"id":1,"a":2,"other":3}"#,
        r#"{"id":1,"a":2}"#,
        r#"{"id":1,"b":2}"#,
    ]);
    check_inputs::<TwoStructs>(&[
        r#"{"x":1,"a":2}"#,
        r#"{"x":1,"a":2,"b":3,"zz":4}"#,
        r#"{"x":1}"#,
    ]);
}

#[test]
fn flatten_with_renames_and_skips() {
    check::<Renamed>();
    check::<SkipsAroundFlatten>();
    check::<ListOfFlattened>();
    check_inputs::<Renamed>(&[
        r#"{"userId":1,"x":2,"X":3}"#,
        r#"{"userId":1,"x":2,"xx":3}"#,
        r#"{"user_id":1,"x":2}"#,
    ]);
    check_inputs::<SkipsAroundFlatten>(&[
        r#"{"x":1}"#,
        r#"{"x":1,"skipped":2,"maybe":3}"#,
        r#"{"skipped":2}"#,
    ]);
}

// ---- flattened enums ----------------------------------------------------------------------------

/// Externally tagged: the entry whose key names a variant. (No unit variant: serde cannot
/// write one flattened.)
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
enum ExtKind {
    Point {
        x: u8,
        y: Option<u8>,
    },
    #[serde(alias = "Size")]
    Count(u32),
    Pair(u8, String),
}

impl Gen for ExtKind {
    fn strategy() -> BoxedStrategy<Self> {
        prop_oneof![
            (u8::strategy(), <Option<u8>>::strategy()).prop_map(|(x, y)| ExtKind::Point { x, y }),
            u32::strategy().prop_map(ExtKind::Count),
            (u8::strategy(), String::strategy()).prop_map(|(a, b)| ExtKind::Pair(a, b)),
        ]
        .boxed()
    }
}

/// Internally tagged: the tag and the variant's fields among the entries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type")]
enum IntKind {
    Point { x: u8, y: Option<u8> },
    Wrapped(Inner),
    Nothing,
}

impl Gen for IntKind {
    fn strategy() -> BoxedStrategy<Self> {
        prop_oneof![
            (u8::strategy(), <Option<u8>>::strategy()).prop_map(|(x, y)| IntKind::Point { x, y }),
            Inner::strategy().prop_map(IntKind::Wrapped),
            Just(IntKind::Nothing),
        ]
        .boxed()
    }
}

/// Adjacently tagged: the tag and content entries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "t", content = "c", deny_unknown_fields)]
enum AdjKind {
    Point { x: u8 },
    Count(u32),
    Nothing,
}

impl Gen for AdjKind {
    fn strategy() -> BoxedStrategy<Self> {
        prop_oneof![
            u8::strategy().prop_map(|x| AdjKind::Point { x }),
            u32::strategy().prop_map(AdjKind::Count),
            Just(AdjKind::Nothing),
        ]
        .boxed()
    }
}

gen_struct! {
    struct WithExtEnum {
        id: u32,
        #[serde(flatten)]
        kind: ExtKind,
    }
}

/// Any scalar, for maps that see every entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(untagged)]
enum Scalar {
    Num(i64),
    Text(String),
    Null,
}

impl Gen for Scalar {
    fn strategy() -> BoxedStrategy<Self> {
        prop_oneof![
            i64::strategy().prop_map(Scalar::Num),
            String::strategy().prop_map(Scalar::Text),
            Just(Scalar::Null),
        ]
        .boxed()
    }
}

gen_struct! {
    struct WithIntEnum {
        id: u32,
        #[serde(flatten)]
        kind: IntKind,
    }
}

gen_struct! {
    struct WithIntEnumAndMap {
        id: u32,
        #[serde(flatten)]
        kind: IntKind,
        #[serde(flatten)]
        rest: BTreeMap<String, Scalar>,
    }
}

gen_struct! {
    struct WithAdjEnum {
        #[serde(flatten)]
        kind: AdjKind,
        id: u32,
        #[serde(flatten)]
        rest: BTreeMap<String, u32>,
    }
}

gen_struct! {
    struct WithOptionalEnum {
        id: u32,
        #[serde(flatten)]
        kind: Option<IntKind>,
    }
}

#[test]
fn flatten_enums() {
    check::<WithExtEnum>();
    check::<WithIntEnum>();
    check::<WithIntEnumAndMap>();
    check::<WithAdjEnum>();
    check::<WithOptionalEnum>();
    check_accepts::<WithExtEnum>(&[
        r#"{"id":1,"Count":2}"#,
        r#"{"Count":2,"id":1}"#,
        r#"{"id":1,"Size":2}"#,
        r#"{"id":1,"zz":[],"Point":{"x":1}}"#,
        r#"{"id":1,"Point":[1,null]}"#,
        r#"{"id":1,"Count":2,"Point":{"x":1}}"#,
        r#"{"id":1,"Count":2,"Count":"x"}"#,
    ]);
    check_rejects::<WithExtEnum>(&[
        r#"{"id":1}"#,
        r#"{"id":1,"Other":2}"#,
        r#"{"id":1,"Count":"x","Point":{"x":1}}"#,
        r#"{"id":1,"Count":1e400}"#,
    ]);
    check_accepts::<WithIntEnum>(&[
        r#"{"id":1,"type":"Nothing"}"#,
        r#"{"type":"Point","x":1,"id":2}"#,
        r#"{"id":1,"type":"Point","x":1,"other":3}"#,
        r#"{"id":1,"type":"Wrapped","x":1}"#,
    ]);
    check_rejects::<WithIntEnum>(&[
        r#"{"id":1}"#,
        r#"{"id":1,"type":"Point"}"#,
        r#"{"id":1,"type":"Nope"}"#,
        r#"{"id":1,"type":"Nothing","type":"Nothing"}"#,
        r#"{"id":1,"type":3}"#,
    ]);
    // the map sees every entry, the tag and the variant's fields too (serde's buffer gives a
    // flattened enum a variant's index as its tag, too)
    check_accepts::<WithIntEnumAndMap>(&[
        r#"{"id":1,"type":"Nothing","other":"x"}"#,
        r#"{"id":1,"type":"Point","x":1,"other":null}"#,
        r#"{"id":1,"type":0,"x":1}"#,
    ]);
    check_inputs::<WithAdjEnum>(&[
        r#"{"id":1,"t":"Nothing"}"#,
        r#"{"id":1,"t":"Count","c":2}"#,
        r#"{"c":{"x":1},"id":1,"t":"Point","zz":7}"#,
        r#"{"id":1,"t":"Point","c":{"x":1,"zz":2}}"#,
        r#"{"id":1,"c":2}"#,
        r#"{"id":1,"t":"Count","c":2,"c":3}"#,
    ]);
    check_inputs::<WithOptionalEnum>(&[
        r#"{"id":1}"#,
        r#"{"id":1,"type":"Nope"}"#,
        r#"{"id":1,"type":"Point","x":1}"#,
        r#"{"id":1,"type":"Point"}"#,
    ]);
}
