//! Differential tests: container attributes (`rename`, `rename_all` in all eight cases and the
//! `serialize`/`deserialize` form, `deny_unknown_fields`, `default`, `default = "path"`,
//! `transparent`, `from`, `try_from`, `into`, `expecting`) and field attributes (`rename`,
//! `alias`, `default`, `default = "path"`, `skip`, `skip_serializing`, `skip_deserializing`,
//! `skip_serializing_if`), against serde_json.

#![allow(non_snake_case)]

#[macro_use]
mod derive_common;

use std::marker::PhantomData;

use derive_common::{check, check_accepts, check_inputs, check_rejects, check_value, Gen};
use json_runtime::FastJson;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

// ---- rename_all on structs ----------------------------------------------------------------------

macro_rules! rename_all_cases {
    ($($name:ident = $case:literal),* $(,)?) => {$(
        gen_struct! {
            #[serde(rename = "Renamed", rename_all = $case)]
            struct $name {
                very_tasty: u8,
                a: bool,
                z42: Option<u8>,
                http_server: String,
                _leading: u8,
                trailing_: u8,
                double__under: u8,
                r#type: u8,
                #[serde(rename = "explicit_wins")]
                renamed_field: u8,
            }
        }
    )*};
}

rename_all_cases! {
    Lower = "lowercase",
    Upper = "UPPERCASE",
    Pascal = "PascalCase",
    Camel = "camelCase",
    Snake = "snake_case",
    ScreamingSnake = "SCREAMING_SNAKE_CASE",
    Kebab = "kebab-case",
    ScreamingKebab = "SCREAMING-KEBAB-CASE",
}

#[test]
fn rename_all_every_case() {
    check::<Lower>();
    check::<Upper>();
    check::<Pascal>();
    check::<Camel>();
    check::<Snake>();
    check::<ScreamingSnake>();
    check::<Kebab>();
    check::<ScreamingKebab>();
}

gen_struct! {
    #[serde(rename_all(serialize = "camelCase", deserialize = "SCREAMING-KEBAB-CASE"))]
    struct SplitRenameAll {
        first_field: u8,
        second_field: Option<String>,
        #[serde(rename(deserialize = "third"))]
        third_field: u8,
        #[serde(rename(serialize = "FOURTH"))]
        fourth_field: u8,
    }
}

gen_struct! {
    #[serde(rename_all(serialize = "UPPERCASE"))]
    struct SerializeOnlyRenameAll {
        first_field: u8,
    }
}

gen_struct! {
    #[serde(rename_all(deserialize = "PascalCase"))]
    struct DeserializeOnlyRenameAll {
        first_field: u8,
    }
}

#[test]
fn rename_all_split() {
    check::<SplitRenameAll>();
    check::<SerializeOnlyRenameAll>();
    check::<DeserializeOnlyRenameAll>();
    check_accepts::<SplitRenameAll>(&[
        r#"{"FIRST-FIELD":1,"SECOND-FIELD":"x","third":2,"FOURTH-FIELD":3}"#,
        r#"{"FIRST-FIELD":1,"third":2,"FOURTH-FIELD":3}"#,
    ]);
    check_rejects::<SplitRenameAll>(&[
        r#"{"firstField":1,"secondField":"x","thirdField":2,"FOURTH":3}"#,
        r#"{"FIRST-FIELD":1,"third":2,"FOURTH":3}"#,
    ]);
    check_accepts::<SerializeOnlyRenameAll>(&[r#"{"first_field":1}"#]);
    check_rejects::<SerializeOnlyRenameAll>(&[r#"{"FIRST_FIELD":1}"#]);
    check_accepts::<DeserializeOnlyRenameAll>(&[r#"{"FirstField":1}"#]);
    check_rejects::<DeserializeOnlyRenameAll>(&[r#"{"first_field":1}"#]);
}

// ---- field names ------------------------------------------------------------------------------

gen_struct! {
    struct FieldNames {
        #[serde(rename = "x-y")]
        dashed: u8,
        #[serde(rename = "quote\"back\\slash\nnew\u{1}line")]
        escaped: u8,
        #[serde(rename = "ünïcødé ✓")]
        unicode: u8,
        #[serde(rename = "")]
        empty: u8,
        #[serde(alias = "alias_one", alias = "AliasTwo", alias = "ünï")]
        aliased: Option<u8>,
        #[serde(rename = "renamed", alias = "old_name")]
        renamed_and_aliased: u8,
        #[serde(rename(serialize = "written", deserialize = "read"), alias = "also_read")]
        split: u8,
    }
}

#[test]
fn rename_and_alias() {
    check::<FieldNames>();
    let base = |k: &str| {
        format!(
            r#"{{"x-y":1,"quote\"back\\slash\nnew\u0001line":2,"ünïcødé ✓":3,"":4,{k},"renamed":6,"read":7}}"#
        )
    };
    let inputs: Vec<String> = [
        r#""aliased":5"#,
        r#""alias_one":5"#,
        r#""AliasTwo":5"#,
        r#""\u00fcn\u00ef":5"#,
        r#""aliasTwo":5"#,
        r#""aliased":5,"alias_one":5"#,
        r#""alias_one":5,"AliasTwo":6"#,
        r#""zz":5"#,
    ]
    .iter()
    .map(|k| base(k))
    .collect();
    let refs: Vec<&str> = inputs.iter().map(String::as_str).collect();
    check_inputs::<FieldNames>(&refs);
    check_accepts::<FieldNames>(&[
        r#"{"x-y":1,"quote\"back\\slash\nnew\u0001line":2,"ünïcødé ✓":3,"":4,"old_name":6,"also_read":7}"#,
        r#"{"x\u002dy":1,"quote\"back\\slash\u000anew\u0001line":2,"\u00fcn\u00efc\u00f8d\u00e9 \u2713":3,"":4,"renamed":6,"read":7}"#,
    ]);
    check_rejects::<FieldNames>(&[
        r#"{"x-y":1,"quote\"back\\slash\nnew\u0001line":2,"ünïcødé ✓":3,"":4,"renamed":6,"written":7}"#,
        r#"{"x-y":1,"quote\"back\\slash\nnew\u0001line":2,"ünïcødé ✓":3,"":4,"renamed":6,"old_name":6,"read":7}"#,
        r#"{"x-y":1,"quote\"back\\slash\nnew\u0001line":2,"ünïcødé ✓":3,"":4,"renamed":6,"read":7,"also_read":7}"#,
    ]);
}

// ---- deny_unknown_fields ------------------------------------------------------------------------

gen_struct! {
    #[serde(deny_unknown_fields, rename = "StrictOne")]
    struct Strict {
        a: u8,
        #[serde(alias = "bee")]
        b: Option<String>,
        #[serde(skip)]
        skipped: u8,
        #[serde(skip_deserializing)]
        not_read: u8,
        #[serde(skip_serializing)]
        not_written: u8,
    }
}

gen_struct! {
    struct Lenient {
        a: u8,
        #[serde(skip)]
        skipped: u8,
    }
}

#[test]
fn deny_unknown_fields() {
    check::<Strict>();
    check::<Lenient>();
    check_accepts::<Strict>(&[
        r#"{"a":1,"not_written":2}"#,
        r#"{"a":1,"bee":"x","not_written":2}"#,
    ]);
    check_rejects::<Strict>(&[
        r#"{"a":1}"#,
        r#"{"a":1,"c":2}"#,
        r#"{"c":2,"a":1}"#,
        r#"{"a":1,"skipped":2}"#,
        r#"{"a":1,"not_read":2}"#,
        r#"{"a":1,"A":2}"#,
        r#"{"a":1,"c":1e400}"#,
    ]);
    check_accepts::<Lenient>(&[
        r#"{"a":1,"c":2}"#,
        r#"{"a":1,"skipped":[{"x":1e400}]}"#,
        r#"{"a":1,"c":"\ud800"}"#,
    ]);
    // keys are checked even when they are unknown
    check_rejects::<Lenient>(&[r#"{"a":1,"\ud800":1}"#]);
    check_rejects::<Lenient>(&[
        r#"{"a":1,"c":[1,]}"#,
        r#"{"a":1,"c":01}"#,
        r#"{"a":1,"c":"\x"}"#,
        r#"{"a":1,"c":tru}"#,
    ]);
}

// ---- defaults -----------------------------------------------------------------------------------

fn forty_two() -> u32 {
    42
}

mod defaults {
    pub fn name() -> String {
        "unnamed".into()
    }
    pub fn list() -> Vec<u8> {
        vec![1, 2, 3]
    }
}

gen_struct! {
    struct FieldDefaults {
        required: u8,
        #[serde(default)]
        plain: u32,
        #[serde(default = "forty_two")]
        by_fn: u32,
        #[serde(default = "defaults::name")]
        by_path: String,
        #[serde(default = "defaults::list")]
        list: Vec<u8>,
        #[serde(default)]
        optional: Option<u8>,
        missing_option: Option<u8>,
    }
}

gen_struct! {
    #[derive(Default)]
    #[serde(default)]
    struct ContainerDefault {
        a: u32,
        b: String,
        #[serde(default = "forty_two")]
        c: u32,
        d: Option<u8>,
    }
}

// Not through `gen_struct!`: serde_derive's code for a container `default = "path"` does not
// compile inside a `macro_rules!` expansion (a hygiene quirk of serde_derive).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(default = "ContainerDefaultPath::make")]
struct ContainerDefaultPath {
    a: u32,
    b: String,
    #[serde(default)]
    c: u32,
}

impl Gen for ContainerDefaultPath {
    fn strategy() -> BoxedStrategy<Self> {
        (u32::strategy(), String::strategy(), u32::strategy())
            .prop_map(|(a, b, c)| ContainerDefaultPath { a, b, c })
            .boxed()
    }
}

impl ContainerDefaultPath {
    fn make() -> Self {
        ContainerDefaultPath {
            a: 7,
            b: "seven".into(),
            c: 77,
        }
    }
}

/// A container `default` that is not the derived one, so the test can tell them apart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(default)]
struct CustomDefault {
    a: u32,
    b: Vec<String>,
}

impl Default for CustomDefault {
    fn default() -> Self {
        CustomDefault {
            a: 5,
            b: vec!["five".into()],
        }
    }
}

impl Gen for CustomDefault {
    fn strategy() -> BoxedStrategy<Self> {
        (u32::strategy(), <Vec<String>>::strategy())
            .prop_map(|(a, b)| CustomDefault { a, b })
            .boxed()
    }
}

gen_tuple_struct! {
    struct TupleDefaults(u8, #[serde(default)] u8, #[serde(default = "forty_two")] u32);
}

#[test]
fn defaults() {
    check::<FieldDefaults>();
    check::<ContainerDefault>();
    check::<ContainerDefaultPath>();
    check::<CustomDefault>();
    check::<TupleDefaults>();
    check_accepts::<FieldDefaults>(&[
        r#"{"required":1}"#,
        r#"{"required":1,"plain":2}"#,
        r#"[1,2,3,"x",[],null,null]"#,
    ]);
    // in the array form a missing `Option` is an error, not `None`
    check_rejects::<FieldDefaults>(&[
        r#"[1]"#,
        r#"[1,2,3,"x",[],null]"#,
        r#"{}"#,
        r#"{"required":1,"plain":null}"#,
        r#"{"required":1,"by_fn":null}"#,
        r#"[]"#,
    ]);
    check_accepts::<ContainerDefault>(&[r#"{}"#, r#"{"b":"x"}"#, "[]", "[1]"]);
    check_accepts::<ContainerDefaultPath>(&[r#"{}"#, r#"{"a":1}"#, "[]", r#"[1,"x"]"#]);
    check_accepts::<CustomDefault>(&[r#"{}"#, r#"{"a":1}"#, "[]", "[1]"]);
    check_rejects::<CustomDefault>(&["null", r#"{"a":null}"#]);
    check_accepts::<TupleDefaults>(&["[1]", "[1,2]", "[1,2,3]"]);
    check_rejects::<TupleDefaults>(&["[]", "[1,2,3,4]"]);
}

// ---- skipping -----------------------------------------------------------------------------------

fn is_zero(v: &u32) -> bool {
    *v == 0
}

gen_struct! {
    struct Skips {
        kept: u8,
        #[serde(skip)]
        skipped: u32,
        #[serde(skip_serializing)]
        read_only: u32,
        #[serde(skip_deserializing)]
        write_only: u32,
        #[serde(skip_deserializing, default = "forty_two")]
        write_only_default: u32,
        #[serde(skip_serializing_if = "Option::is_none")]
        maybe: Option<u8>,
        #[serde(skip_serializing_if = "Vec::is_empty", default)]
        list: Vec<u8>,
        #[serde(skip_serializing_if = "is_zero", default)]
        count: u32,
        #[serde(skip_serializing_if = "String::is_empty", default)]
        last: String,
    }
}

gen_struct! {
    struct AllSkippedButOne {
        #[serde(skip_serializing_if = "Option::is_none")]
        first: Option<u8>,
        #[serde(skip)]
        second: u8,
        #[serde(skip_serializing_if = "Option::is_none")]
        third: Option<u8>,
    }
}

gen_tuple_struct! {
    struct TupleSkips(
        u8,
        #[serde(skip)] u8,
        #[serde(skip_serializing_if = "Option::is_none")] Option<u8>,
        #[serde(skip_deserializing)] u8,
    );
}

#[test]
fn skips() {
    check::<Skips>();
    check::<AllSkippedButOne>();
    check::<TupleSkips>();
    check_accepts::<Skips>(&[
        r#"{"kept":1,"read_only":2}"#,
        r#"{"kept":1,"read_only":2,"skipped":3,"write_only":4}"#,
        r#"[1,2,null]"#,
        r#"[1,2,null,[],0,""]"#,
    ]);
    check_rejects::<Skips>(&[r#"{"kept":1}"#, r#"[1]"#, r#"[1,2,null,[],0,"",0]"#]);
    check_inputs::<TupleSkips>(&["[1]", "[1,2]", "[1,null]", "[1,2,3]", "[]"]);
}

// ---- transparent --------------------------------------------------------------------------------

gen_tuple_struct! {
    #[serde(transparent)]
    struct Meters(f64);
}

gen_struct! {
    #[serde(transparent)]
    struct TransparentNamed {
        inner: Vec<Meters>,
        #[serde(skip)]
        marker: PhantomData<u8>,
    }
}

gen_struct! {
    #[serde(transparent)]
    struct TransparentOption {
        value: Option<String>,
    }
}

gen_tuple_struct! {
    #[serde(transparent)]
    struct TransparentStruct(TransparentNamed);
}

#[test]
fn transparent() {
    check::<Meters>();
    check::<TransparentNamed>();
    check::<TransparentOption>();
    check::<TransparentStruct>();
    check_accepts::<TransparentOption>(&["null", r#""x""#]);
    check_rejects::<TransparentOption>(&[r#"{"value":"x"}"#, r#"["x"]"#]);
    check_accepts::<TransparentNamed>(&["[]", "[1,2.5]"]);
    check_rejects::<TransparentNamed>(&[r#"{"inner":[]}"#, "null"]);
}

// ---- from, try_from, into -----------------------------------------------------------------------

gen_struct! {
    struct Raw {
        value: i64,
        label: String,
    }
}

/// Read through `Raw` (`from`), written through `Raw` (`into`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(from = "Raw", into = "Raw")]
struct Converted {
    doubled: i64,
    label: String,
}

impl From<Raw> for Converted {
    fn from(raw: Raw) -> Self {
        Converted {
            doubled: raw.value.wrapping_mul(2),
            label: raw.label,
        }
    }
}

impl From<Converted> for Raw {
    fn from(c: Converted) -> Self {
        Raw {
            value: c.doubled / 2,
            label: c.label,
        }
    }
}

impl Gen for Converted {
    fn strategy() -> BoxedStrategy<Self> {
        Raw::strategy().prop_map(Converted::from).boxed()
    }
}

/// Read through `i64` with a check (`try_from`), written as itself.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(try_from = "i64")]
struct Even {
    value: i64,
}

impl TryFrom<i64> for Even {
    type Error = String;
    fn try_from(value: i64) -> Result<Self, String> {
        if value % 2 == 0 {
            Ok(Even { value })
        } else {
            Err(format!("{value} is odd"))
        }
    }
}

impl Gen for Even {
    fn strategy() -> BoxedStrategy<Self> {
        i64::strategy().prop_map(|value| Even { value }).boxed()
    }
}

/// Written through `String` only (`into`); read as itself.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(into = "String")]
struct Shout(String);

impl From<Shout> for String {
    fn from(s: Shout) -> String {
        s.0.to_uppercase()
    }
}

impl Gen for Shout {
    fn strategy() -> BoxedStrategy<Self> {
        String::strategy().prop_map(Shout).boxed()
    }
}

gen_struct! {
    struct Conversions {
        converted: Converted,
        even: Option<Even>,
        shout: Vec<Shout>,
    }
}

#[test]
fn from_try_from_into() {
    check::<Converted>();
    check::<Even>();
    check::<Shout>();
    check::<Conversions>();
    check_accepts::<Even>(&["2", "-4", "0"]);
    check_rejects::<Even>(&["3", r#"{"value":2}"#, "2.0", r#""2""#]);
    check_accepts::<Converted>(&[r#"{"value":3,"label":"x"}"#, r#"[3,"x"]"#]);
    check_rejects::<Converted>(&[r#"{"doubled":6,"label":"x"}"#]);
    check_accepts::<Shout>(&[r#""abc""#]);
}

// ---- expecting ----------------------------------------------------------------------------------

gen_struct! {
    #[serde(expecting = "a point with x and y")]
    struct Expecting {
        x: i8,
        y: i8,
    }
}

#[test]
fn expecting() {
    check::<Expecting>();
    check_value(&Expecting { x: 1, y: -1 });
}
