//! Differential tests: `#[serde(flatten)]` of structs, maps, `Option` of a struct, `Box` of a
//! struct, several flattened fields, nested flattening, with renames and aliases, against
//! serde_json.

#[macro_use]
mod derive_common;

use std::collections::{BTreeMap, HashMap};

use derive_common::{check, check_accepts, check_inputs, check_rejects};

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
