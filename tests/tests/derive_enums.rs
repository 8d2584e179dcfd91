//! Differential tests: enums with unit, newtype, tuple and struct variants in all four
//! representations (external, internal `tag`, adjacent `tag` + `content`, `untagged`), and the
//! variant attributes (`rename`, `alias`, `rename_all`, `skip`, `skip_serializing`,
//! `skip_deserializing`, `other`), against serde_json.

#[macro_use]
mod derive_common;

use std::collections::BTreeMap;

use derive_common::{check, check_accepts, check_inputs, check_rejects, Gen};
use json_runtime::FastJson;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

gen_struct! {
    struct Inner {
        x: i32,
        name: Option<String>,
    }
}

gen_tuple_struct! {
    struct Wrapper(u8);
}

macro_rules! all_kinds {
    ($(#[$m:meta])* enum $name:ident) => {
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
        $(#[$m])*
        enum $name {
            Unit,
            Newtype(u32),
            NewtypeStruct(Inner),
            NewtypeOption(Option<String>),
            NewtypeWrapper(Wrapper),
            Tuple(u8, String),
            Struct { a: u8, b: Option<String>, inner: Inner },
            EmptyStruct {},
        }

        impl Gen for $name {
            fn strategy() -> BoxedStrategy<Self> {
                prop_oneof![
                    Just($name::Unit),
                    u32::strategy().prop_map($name::Newtype),
                    Inner::strategy().prop_map($name::NewtypeStruct),
                    <Option<String>>::strategy().prop_map($name::NewtypeOption),
                    Wrapper::strategy().prop_map($name::NewtypeWrapper),
                    (u8::strategy(), String::strategy()).prop_map(|(a, b)| $name::Tuple(a, b)),
                    (u8::strategy(), <Option<String>>::strategy(), Inner::strategy())
                        .prop_map(|(a, b, inner)| $name::Struct { a, b, inner }),
                    Just($name::EmptyStruct {}),
                ]
                .boxed()
            }
        }
    };
}

all_kinds!(enum External);
all_kinds!(#[serde(tag = "t", content = "c")] enum Adjacent);
all_kinds!(#[serde(untagged)] enum Untagged);

/// Internally tagged: no tuple variants; newtype variants hold structs or maps.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type")]
enum Internal {
    Unit,
    NewtypeStruct(Inner),
    NewtypeMap(BTreeMap<String, u8>),
    Struct {
        a: u8,
        b: Option<String>,
        inner: Inner,
    },
    EmptyStruct {},
}

impl Gen for Internal {
    fn strategy() -> BoxedStrategy<Self> {
        prop_oneof![
            Just(Internal::Unit),
            Inner::strategy().prop_map(Internal::NewtypeStruct),
            <BTreeMap<String, u8>>::strategy().prop_map(Internal::NewtypeMap),
            (
                u8::strategy(),
                <Option<String>>::strategy(),
                Inner::strategy()
            )
                .prop_map(|(a, b, inner)| Internal::Struct { a, b, inner }),
            Just(Internal::EmptyStruct {}),
        ]
        .boxed()
    }
}

gen_struct! {
    struct Holder {
        external: External,
        internal: Internal,
        adjacent: Adjacent,
        untagged: Untagged,
        list: Vec<External>,
    }
}

#[test]
fn externally_tagged() {
    check::<External>();
    check_accepts::<External>(&[
        r#""Unit""#,
        r#"{"Unit":null}"#,
        r#"{"Newtype":1}"#,
        r#"{"NewtypeOption":null}"#,
        r#"{"Tuple":[1,"x"]}"#,
        r#"{"Struct":{"a":1,"inner":{"x":1}}}"#,
        r#"{"Struct":[1,null,[1,null]]}"#,
        r#"{"EmptyStruct":{}}"#,
        r#"{"EmptyStruct":[]}"#,
        r#"{"NewtypeWrapper":7}"#,
        r#"{"\u0055nit":null}"#,
    ]);
    check_rejects::<External>(&[
        r#""Newtype""#,
        r#""Struct""#,
        r#""EmptyStruct""#,
        r#"{"Unit":{}}"#,
        r#"{"Unit":[]}"#,
        r#"{"Unit":null,"Unit":null}"#,
        r#"{"Newtype":1,"Unit":null}"#,
        r#"{}"#,
        r#"{"Other":1}"#,
        r#""unit""#,
        r#"["Unit"]"#,
        r#"{"Tuple":[1]}"#,
        r#"{"Tuple":[1,"x",2]}"#,
        r#"{"Tuple":{"0":1,"1":"x"}}"#,
        r#"null"#,
        r#"0"#,
    ]);
}

#[test]
fn internally_tagged() {
    check::<Internal>();
    check_accepts::<Internal>(&[
        r#"{"type":"Unit"}"#,
        r#"{"type":"Unit","extra":[1,{"a":null}]}"#,
        r#"{"extra":1,"type":"Unit"}"#,
        r#"{"x":1,"type":"NewtypeStruct"}"#,
        r#"{"type":"NewtypeMap","a":1,"b":2}"#,
        r#"{"type":"NewtypeMap"}"#,
        r#"{"a":1,"inner":{"x":1},"type":"Struct"}"#,
        r#"{"type":"EmptyStruct","zz":1}"#,
    ]);
    check_rejects::<Internal>(&[
        r#"{"type":"Unit","type":"Unit"}"#,
        r#"{"Unit":null}"#,
        r#""Unit""#,
        r#"{}"#,
        r#"{"type":"Nope"}"#,
        r#"{"type":null}"#,
        r#"{"type":1}"#,
        r#"{"type":"NewtypeStruct"}"#,
        r#"{"type":"Struct","a":1,"a":1,"inner":{"x":1}}"#,
        r#"{"type":"NewtypeMap","a":"x"}"#,
    ]);
}

/// The tag as the first key: struct variants are then read in the same pass as the tag (no
/// second read of the object), which must decide and report exactly as the general path.
#[test]
fn internally_tagged_tag_first() {
    check_accepts::<Internal>(&[
        r#"{"type":"Struct","a":1,"inner":{"x":1}}"#,
        r#"{"type":"Struct","inner":{"x":1},"b":"s","a":1}"#,
        r#"{"type":"Struct","a":1,"b":null,"inner":{"x":1},"extra":[1,{"q":"\u00e9"}]}"#,
        r#"{ "type" : "Struct" , "a" : 1 ,
            "inner" : { "x" : 1 } }"#,
        r#"{"type":"EmptyStruct"}"#,
        r#"{"type":"EmptyStruct","a":1}"#,
        r#"{"type":"Unit","a":1}"#,
        r#"{"type":"NewtypeStruct","x":1}"#,
    ]);
    check_rejects::<Internal>(&[
        r#"{"type":"Struct","a":1,"inner":{"x":1},"type":"Struct"}"#,
        r#"{"type":"Struct","a":1,"inner":{"x":1},"type":"Unit"}"#,
        r#"{"type":"EmptyStruct","type":"EmptyStruct"}"#,
        r#"{"type":"Struct","a":300,"inner":{"x":1}}"#,
        r#"{"type":"Struct","a":1}"#,
        r#"{"type":"Struct","a":1,"inner":{"x":1}"#,
        r#"{"type":"Struct","a":1,"inner":{"x":1},}"#,
        r#"{"type":"Struct","a":1,"inner":{"x":1},"z":[1,}"#,
        r#"{"type":"Struct","a":1,"a":2,"inner":{"x":1}}"#,
    ]);
    check_rejects::<DenyInternal>(&[
        r#"{"t":"Struct","a":1,"b":2}"#,
        r#"{"t":"Struct","a":1,"t":"Struct"}"#,
    ]);
    check_accepts::<DenyInternal>(&[r#"{"t":"Struct","a":1}"#]);
}

/// The tag as the first key of a newtype variant holding a derived struct: the struct reads the
/// rest of the object in the same pass (`READ_AFTER_TAG`), checking the entries it does not
/// know as strictly as serde's buffering does, and the tag seen again is a duplicate.
#[test]
fn internally_tagged_newtype_tag_first() {
    check_accepts::<Internal>(&[
        r#"{"type":"NewtypeStruct","x":1}"#,
        r#"{"type":"NewtypeStruct","name":"n","x":-3}"#,
        r#"{"type":"NewtypeStruct","x":1,"name":null,"extra":[1,{"q":"\u00e9"}],"e":1e300}"#,
        r#"{ "type" : "NewtypeStruct" ,
            "x" : 1 }"#,
        r#"{"type":"NewtypeMap","a":1}"#,
    ]);
    check_rejects::<Internal>(&[
        r#"{"type":"NewtypeStruct","x":1,"type":"NewtypeStruct"}"#,
        r#"{"type":"NewtypeStruct","type":"Unit","x":1}"#,
        r#"{"type":"NewtypeStruct"}"#,
        r#"{"type":"NewtypeStruct","x":1,"x":2}"#,
        r#"{"type":"NewtypeStruct","x":"1"}"#,
        r#"{"type":"NewtypeStruct","x":1,"big":1e400}"#,
        r#"{"type":"NewtypeStruct","x":1,"s":"\ud800"}"#,
        r#"{"type":"NewtypeStruct","x":1,"z":[1,}"#,
        r#"{"type":"NewtypeStruct","x":1"#,
        r#"{"type":"NewtypeStruct","x":1,}"#,
    ]);
    check_accepts::<InternalStrictContent>(&[
        r#"{"type":"Strict","a":1}"#,
        r#"{"type":"Boxed","a":1}"#,
    ]);
    check_rejects::<InternalStrictContent>(&[
        r#"{"type":"Strict","a":1,"type":"Strict"}"#,
        r#"{"type":"Boxed","a":1,"b":2}"#,
        r#"{"type":"Boxed","a":1,"type":"Boxed"}"#,
    ]);
    // Invalid UTF-8 in an entry the content does not know: serde buffers it as a string.
    for doc in [
        &b"{\"type\":\"NewtypeStruct\",\"x\":1,\"s\":\"\xff\"}"[..],
        &b"{\"type\":\"NewtypeStruct\",\"\xc3\":1,\"x\":1}"[..],
    ] {
        assert!(serde_json::from_slice::<Internal>(doc).is_err());
        assert!(json_runtime::from_slice::<Internal>(doc).is_err());
    }
}

#[test]
fn internally_tagged_sequence_form() {
    // serde reads an internally tagged enum from a sequence too: the tag, then the content.
    check_inputs::<Internal>(&[
        r#"["Unit"]"#,
        r#"["Unit",1,2]"#,
        r#"["Struct",1,null,{"x":1}]"#,
        r#"["Struct",1]"#,
        r#"["NewtypeStruct",1,null]"#,
        r#"["EmptyStruct"]"#,
        r#"[]"#,
        r#"["Nope"]"#,
    ]);
}

#[test]
fn adjacently_tagged() {
    check::<Adjacent>();
    check_accepts::<Adjacent>(&[
        r#"{"t":"Unit"}"#,
        r#"{"t":"Unit","c":null}"#,
        r#"{"c":null,"t":"Unit"}"#,
        r#"{"t":"Newtype","c":1}"#,
        r#"{"c":1,"t":"Newtype"}"#,
        r#"{"c":[1,"x"],"t":"Tuple"}"#,
        r#"{"t":"Struct","c":{"a":1,"inner":{"x":1}}}"#,
        r#"{"t":"NewtypeOption"}"#,
        r#"{"t":"Unit","zz":1}"#,
        r#"["Newtype",1]"#,
        r#"["Unit",null]"#,
    ]);
    check_rejects::<Adjacent>(&[
        r#"{"t":"Newtype"}"#,
        r#"{"t":"Newtype","c":1,"c":1}"#,
        r#"{"t":"Newtype","t":"Newtype","c":1}"#,
        r#"{"c":1}"#,
        r#"{"t":"Nope","c":1}"#,
        r#"{"t":"Unit","c":1}"#,
        r#"["Newtype"]"#,
        r#"["Newtype",1,2]"#,
        r#"{}"#,
        r#""Unit""#,
    ]);
}

#[test]
fn untagged() {
    check::<Untagged>();
    check_inputs::<Untagged>(&[
        "null",
        "1",
        "-1",
        "4294967296",
        r#"{"x":1}"#,
        r#"{"x":1,"name":null}"#,
        r#""s""#,
        r#"[1,"x"]"#,
        r#"[1]"#,
        r#"{"a":1,"inner":{"x":1}}"#,
        r#"{}"#,
        r#"[]"#,
        "true",
        "1.5",
        r#"{"x":"wrong"}"#,
    ]);
}

#[test]
fn enums_inside_structs() {
    check::<Holder>();
}

/// Variant attributes, in each tagged representation.
macro_rules! variant_attrs {
    ($(#[$m:meta])* enum $name:ident) => {
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
        #[serde(rename_all = "snake_case")]
        #[allow(dead_code)]
        $(#[$m])*
        enum $name {
            PlainUnit,
            #[serde(rename = "renamed-unit")]
            RenamedUnit,
            #[serde(rename(serialize = "ser_name", deserialize = "de_name"))]
            SplitName,
            #[serde(alias = "first_alias", alias = "SecondAlias")]
            Aliased { value: u8 },
            #[serde(rename_all = "SCREAMING-KEBAB-CASE")]
            CasedFields { field_one: u8, field_two: Option<String> },
            #[serde(skip)]
            Skipped,
            #[serde(skip_serializing)]
            ReadOnly { id: u8 },
            #[serde(skip_deserializing)]
            WriteOnly { id: u8 },
            #[serde(rename = "we\"ird\\\n\u{1f}é")]
            Weird,
            #[serde(other)]
            Unknown,
        }

        impl Gen for $name {
            fn strategy() -> BoxedStrategy<Self> {
                prop_oneof![
                    Just($name::PlainUnit),
                    Just($name::RenamedUnit),
                    Just($name::SplitName),
                    u8::strategy().prop_map(|value| $name::Aliased { value }),
                    (u8::strategy(), <Option<String>>::strategy())
                        .prop_map(|(field_one, field_two)| $name::CasedFields { field_one, field_two }),
                    u8::strategy().prop_map(|id| $name::WriteOnly { id }),
                    Just($name::Weird),
                    Just($name::Unknown),
                ]
                .boxed()
            }
        }
    };
}

variant_attrs!(enum ExternalAttrs);
variant_attrs!(#[serde(tag = "kind")] enum InternalAttrs);
variant_attrs!(#[serde(tag = "kind", content = "data")] enum AdjacentAttrs);

#[test]
fn variant_attributes() {
    check::<ExternalAttrs>();
    check::<InternalAttrs>();
    check::<AdjacentAttrs>();
    check_inputs::<ExternalAttrs>(&[
        r#""plain_unit""#,
        r#""PlainUnit""#,
        r#""renamed-unit""#,
        r#""renamed_unit""#,
        r#""de_name""#,
        r#""ser_name""#,
        r#"{"first_alias":{"value":1}}"#,
        r#"{"SecondAlias":{"value":1}}"#,
        r#"{"aliased":{"value":1}}"#,
        r#"{"cased_fields":{"FIELD-ONE":1}}"#,
        r#"{"cased_fields":{"field_one":1}}"#,
        r#""skipped""#,
        r#""Skipped""#,
        r#"{"read_only":{"id":1}}"#,
        r#"{"write_only":{"id":1}}"#,
        r#""unknown""#,
        r#""anything else""#,
        r#"{"anything else":null}"#,
        r#"{"anything else":1}"#,
        r#"{"anything else":{}}"#,
    ]);
    check_inputs::<InternalAttrs>(&[
        r#"{"kind":"de_name"}"#,
        r#"{"kind":"SecondAlias","value":2}"#,
        r#"{"kind":"read_only","id":1}"#,
        r#"{"kind":"write_only","id":1}"#,
        r#"{"kind":"skipped"}"#,
        r#"{"kind":"whatever","x":1}"#,
        r#"{"kind":"cased_fields","FIELD-ONE":1,"FIELD-TWO":"x"}"#,
    ]);
    check_inputs::<AdjacentAttrs>(&[
        r#"{"kind":"de_name"}"#,
        r#"{"kind":"first_alias","data":{"value":2}}"#,
        r#"{"kind":"read_only","data":{"id":1}}"#,
        r#"{"kind":"write_only","data":{"id":1}}"#,
        r#"{"kind":"whatever"}"#,
        r#"{"kind":"whatever","data":null}"#,
        r#"{"kind":"whatever","data":{"x":1}}"#,
        r#"{"data":5,"kind":"whatever"}"#,
    ]);
}

#[test]
fn skipped_variants_cannot_be_written() {
    fn both_refuse<T: Serialize + json_runtime::ToJson>(v: &T) {
        assert!(serde_json::to_vec(v).is_err());
        let fast = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            json_runtime::to_vec(v).unwrap()
        }));
        assert!(fast.is_err(), "FastJson wrote a skip_serializing variant");
    }
    both_refuse(&ExternalAttrs::Skipped);
    both_refuse(&ExternalAttrs::ReadOnly { id: 1 });
    both_refuse(&InternalAttrs::ReadOnly { id: 1 });
    both_refuse(&AdjacentAttrs::Skipped);
}

/// `rename_all_fields` on the enum, overridden per variant by `rename_all`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all_fields = "camelCase", rename_all = "kebab-case")]
#[allow(clippy::enum_variant_names)]
enum RenameAllFields {
    FirstVariant {
        field_name: u8,
        other_field: bool,
    },
    #[serde(rename_all = "PascalCase")]
    SecondVariant {
        field_name: u8,
    },
    TupleVariant(u8, u8),
    #[serde(rename = "Explicit")]
    ThirdVariant {
        #[serde(rename = "kept_as_is")]
        field_name: u8,
    },
}

impl Gen for RenameAllFields {
    fn strategy() -> BoxedStrategy<Self> {
        prop_oneof![
            (u8::strategy(), bool::strategy()).prop_map(|(field_name, other_field)| {
                RenameAllFields::FirstVariant {
                    field_name,
                    other_field,
                }
            }),
            u8::strategy().prop_map(|field_name| RenameAllFields::SecondVariant { field_name }),
            (u8::strategy(), u8::strategy()).prop_map(|(a, b)| RenameAllFields::TupleVariant(a, b)),
            u8::strategy().prop_map(|field_name| RenameAllFields::ThirdVariant { field_name }),
        ]
        .boxed()
    }
}

/// `rename_all_fields` with different cases for writing and reading.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(
    tag = "type",
    rename_all_fields(serialize = "SCREAMING_SNAKE_CASE", deserialize = "camelCase")
)]
enum RenameAllFieldsSplit {
    Only {
        field_name: u8,
        second_field: String,
    },
}

impl Gen for RenameAllFieldsSplit {
    fn strategy() -> BoxedStrategy<Self> {
        (u8::strategy(), String::strategy())
            .prop_map(|(field_name, second_field)| RenameAllFieldsSplit::Only {
                field_name,
                second_field,
            })
            .boxed()
    }
}

#[test]
fn rename_all_fields() {
    check::<RenameAllFields>();
    check::<RenameAllFieldsSplit>();
    check_accepts::<RenameAllFieldsSplit>(&[r#"{"type":"Only","fieldName":1,"secondField":"x"}"#]);
    check_rejects::<RenameAllFieldsSplit>(&[
        r#"{"type":"Only","FIELD_NAME":1,"SECOND_FIELD":"x"}"#,
    ]);
}

/// deny_unknown_fields on an enum: struct variants, the adjacent tag object, the internal
/// tag's object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(deny_unknown_fields)]
enum DenyExternal {
    Unit,
    Struct { a: u8 },
    Newtype(Inner),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(deny_unknown_fields, tag = "t")]
enum DenyInternal {
    Unit,
    Struct { a: u8 },
    Newtype(Inner),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(deny_unknown_fields, tag = "t", content = "c")]
enum DenyAdjacent {
    Unit,
    Struct { a: u8 },
    Newtype(Inner),
}

/// Variant attributes in an untagged enum: a variant that is not read is not tried.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(untagged)]
#[allow(dead_code)]
enum UntaggedAttrs {
    #[serde(skip_deserializing)]
    First(u8),
    Second(u8),
    #[serde(skip_serializing)]
    Third(String),
    #[serde(skip)]
    Fourth(bool),
    Fifth {
        #[serde(rename = "v", alias = "value")]
        value: bool,
    },
}

impl Gen for UntaggedAttrs {
    fn strategy() -> BoxedStrategy<Self> {
        prop_oneof![
            u8::strategy().prop_map(UntaggedAttrs::First),
            u8::strategy().prop_map(UntaggedAttrs::Second),
            bool::strategy().prop_map(|value| UntaggedAttrs::Fifth { value }),
        ]
        .boxed()
    }
}

#[test]
fn untagged_variant_attributes() {
    check::<UntaggedAttrs>();
    check_inputs::<UntaggedAttrs>(&["1", r#""s""#, "true", r#"{"v":true}"#, r#"{"value":true}"#]);
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(deny_unknown_fields, untagged)]
enum DenyUntagged {
    Struct { a: u8 },
    Other { b: u8 },
}

macro_rules! deny_gen {
    ($($name:ident),*) => {$(
        impl Gen for $name {
            fn strategy() -> BoxedStrategy<Self> {
                prop_oneof![
                    Just($name::Unit),
                    u8::strategy().prop_map(|a| $name::Struct { a }),
                    Inner::strategy().prop_map($name::Newtype),
                ]
                .boxed()
            }
        }
    )*};
}
deny_gen!(DenyExternal, DenyInternal, DenyAdjacent);

impl Gen for DenyUntagged {
    fn strategy() -> BoxedStrategy<Self> {
        prop_oneof![
            u8::strategy().prop_map(|a| DenyUntagged::Struct { a }),
            u8::strategy().prop_map(|b| DenyUntagged::Other { b }),
        ]
        .boxed()
    }
}

gen_struct! {
    #[serde(deny_unknown_fields)]
    struct StrictInner {
        a: u8,
    }
}

/// An internally tagged newtype variant's content is a whole value to serde: its own
/// `deny_unknown_fields` applies (unlike when it is flattened).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type")]
enum InternalStrictContent {
    Strict(StrictInner),
    Boxed(Box<StrictInner>),
}

impl Gen for InternalStrictContent {
    fn strategy() -> BoxedStrategy<Self> {
        prop_oneof![
            StrictInner::strategy().prop_map(InternalStrictContent::Strict),
            StrictInner::strategy().prop_map(|s| InternalStrictContent::Boxed(Box::new(s))),
        ]
        .boxed()
    }
}

#[test]
fn internally_tagged_newtype_content() {
    check::<InternalStrictContent>();
    check_accepts::<InternalStrictContent>(&[
        r#"{"type":"Strict","a":1}"#,
        r#"{"a":1,"type":"Strict"}"#,
        r#"["Strict",1]"#,
    ]);
    check_rejects::<InternalStrictContent>(&[
        r#"{"type":"Strict","a":1,"b":2}"#,
        r#"{"type":"Boxed","b":2,"a":1}"#,
        r#"["Strict",1,2]"#,
    ]);
}

/// A newtype variant holding `Option` of a derived struct reads its content like the struct
/// (serde: `Some`), with the tag first in the same pass; serde's writer refuses it, so only
/// reading is compared.
#[derive(Debug, PartialEq, Deserialize, FastJson)]
#[serde(tag = "type")]
enum InternalOptionContent {
    Maybe(Option<Inner>),
    Strict(Option<Box<StrictInner>>),
}

#[test]
fn internally_tagged_optional_newtype_content() {
    check_accepts::<InternalOptionContent>(&[
        r#"{"type":"Maybe","x":1}"#,
        r#"{"x":1,"type":"Maybe"}"#,
        r#"{"type":"Maybe","x":1,"other":[true]}"#,
        r#"{"type":"Strict","a":1}"#,
    ]);
    check_rejects::<InternalOptionContent>(&[
        r#"{"type":"Maybe"}"#,
        r#"{"type":"Maybe","x":1,"type":"Maybe"}"#,
        r#"{"type":"Maybe","x":1,"n":1e400}"#,
        r#"{"type":"Strict","a":1,"b":2}"#,
    ]);
}

#[test]
fn deny_unknown_fields_on_enums() {
    check::<DenyExternal>();
    check::<DenyInternal>();
    check::<DenyAdjacent>();
    check::<DenyUntagged>();
    check_inputs::<DenyExternal>(&[
        r#"{"Struct":{"a":1,"b":2}}"#,
        r#"{"Newtype":{"x":1,"y":2}}"#,
    ]);
    check_inputs::<DenyInternal>(&[
        r#"{"t":"Struct","a":1,"b":2}"#,
        r#"{"t":"Unit","b":2}"#,
        r#"{"t":"Newtype","x":1,"b":2}"#,
    ]);
    check_inputs::<DenyAdjacent>(&[
        r#"{"t":"Struct","c":{"a":1},"x":1}"#,
        r#"{"t":"Unit","x":1}"#,
        r#"{"t":"Struct","c":{"a":1,"x":1}}"#,
    ]);
    check_inputs::<DenyUntagged>(&[r#"{"a":1,"b":2}"#, r#"{"b":2,"c":3}"#, r#"{"b":2}"#]);
}

/// An enum renamed as a whole (only messages change) with all eight `rename_all` cases on
/// variants.
macro_rules! rename_all_variants {
    ($($name:ident = $case:literal),* $(,)?) => {$(
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
        #[serde(rename = "Renamed", rename_all = $case)]
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        enum $name {
            VeryTasty,
            A,
            Z42,
            HTTPServer,
            Mixed_Case(u8),
            Struct { field_name: u8 },
        }

        impl Gen for $name {
            fn strategy() -> BoxedStrategy<Self> {
                prop_oneof![
                    Just($name::VeryTasty),
                    Just($name::A),
                    Just($name::Z42),
                    Just($name::HTTPServer),
                    u8::strategy().prop_map($name::Mixed_Case),
                    u8::strategy().prop_map(|field_name| $name::Struct { field_name }),
                ]
                .boxed()
            }
        }
    )*};
}

rename_all_variants! {
    VLower = "lowercase",
    VUpper = "UPPERCASE",
    VPascal = "PascalCase",
    VCamel = "camelCase",
    VSnake = "snake_case",
    VScreamingSnake = "SCREAMING_SNAKE_CASE",
    VKebab = "kebab-case",
    VScreamingKebab = "SCREAMING-KEBAB-CASE",
}

#[test]
fn rename_all_on_variants() {
    check::<VLower>();
    check::<VUpper>();
    check::<VPascal>();
    check::<VCamel>();
    check::<VSnake>();
    check::<VScreamingSnake>();
    check::<VKebab>();
    check::<VScreamingKebab>();
}

/// Variants written one way and read another (`rename_all(serialize, deserialize)`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all(serialize = "kebab-case", deserialize = "SCREAMING_SNAKE_CASE"))]
enum SplitCase {
    FirstOne,
    SecondOne(u8),
}

impl Gen for SplitCase {
    fn strategy() -> BoxedStrategy<Self> {
        prop_oneof![
            Just(SplitCase::FirstOne),
            u8::strategy().prop_map(SplitCase::SecondOne)
        ]
        .boxed()
    }
}

#[test]
fn rename_all_split_on_variants() {
    check::<SplitCase>();
    check_accepts::<SplitCase>(&[r#""FIRST_ONE""#, r#"{"SECOND_ONE":1}"#]);
    check_rejects::<SplitCase>(&[r#""first-one""#, r#"{"second-one":1}"#]);
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
enum Empty {}

#[test]
fn empty_enum() {
    check_inputs::<Empty>(&[r#""A""#, "{}", "null", r#"{"A":null}"#]);
}
