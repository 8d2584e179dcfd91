//! The generated code names everything by absolute path: it compiles in a module that shadows
//! the prelude's types, traits, functions and macros (and `std`/`core` for relative paths),
//! as serde's `test_gen.rs` checks for serde_derive.

#[allow(
    dead_code,
    non_camel_case_types,
    unused_macros,
    unused_imports,
    clippy::all
)]
mod shadowed {
    // Types and values of the prelude.
    pub struct Result;
    pub struct Option;
    pub struct Some;
    pub struct None;
    pub struct Ok;
    pub struct Err;
    pub struct Box;
    pub struct String;
    pub struct Vec;
    pub struct PhantomData;
    pub struct Cow;

    // Traits of the prelude (and a few the runtime has names for).
    pub trait Default {}
    pub trait Clone {}
    pub trait Copy {}
    pub trait From {}
    pub trait Into {}
    pub trait TryFrom {}
    pub trait TryInto {}
    pub trait ToString {}
    pub trait ToOwned {}
    pub trait AsRef {}
    pub trait Iterator {}
    pub trait IntoIterator {}
    pub trait Extend {}
    pub trait Fn {}
    pub trait FnMut {}
    pub trait FnOnce {}
    pub trait PartialEq {}
    pub trait Eq {}
    pub trait PartialOrd {}
    pub trait Ord {}
    pub trait Drop {}
    pub trait Send {}
    pub trait Sync {}
    pub trait Unpin {}
    pub trait ToJson {}
    pub trait FromJson {}
    pub trait Format {}
    pub struct Writer;
    pub struct Reader;
    pub struct Error;

    // Functions of the prelude.
    pub fn drop() {}

    // Macros.
    macro_rules! matches {
        ($($t:tt)*) => {
            compile_error!("the derive used `matches!` unqualified")
        };
    }
    macro_rules! format {
        ($($t:tt)*) => {
            compile_error!("the derive used `format!` unqualified")
        };
    }
    macro_rules! panic {
        ($($t:tt)*) => {
            compile_error!("the derive used `panic!` unqualified")
        };
    }
    macro_rules! unreachable {
        ($($t:tt)*) => {
            compile_error!("the derive used `unreachable!` unqualified")
        };
    }
    macro_rules! unimplemented {
        ($($t:tt)*) => {
            compile_error!("the derive used `unimplemented!` unqualified")
        };
    }
    macro_rules! assert {
        ($($t:tt)*) => {
            compile_error!("the derive used `assert!` unqualified")
        };
    }
    macro_rules! vec {
        ($($t:tt)*) => {
            compile_error!("the derive used `vec!` unqualified")
        };
    }
    macro_rules! write {
        ($($t:tt)*) => {
            compile_error!("the derive used `write!` unqualified")
        };
    }

    // Primitive types: the derive must name them as `::core::primitive::*`.
    use ::core::primitive as P;
    pub struct u8;
    pub struct u16;
    pub struct u32;
    pub struct u64;
    pub struct u128;
    pub struct usize;
    pub struct i8;
    pub struct i16;
    pub struct i32;
    pub struct i64;
    pub struct i128;
    pub struct isize;
    pub struct f32;
    pub struct f64;
    pub struct bool;
    pub struct char;
    pub struct str;

    // Crate names, for paths without a leading `::`.
    mod std {}
    mod core {}
    mod alloc {}
    mod json_runtime {}
    mod serde {}

    type Text = ::std::string::String;
    type Maybe<T> = ::core::option::Option<T>;
    type List<T> = ::std::vec::Vec<T>;
    type Map<V> = ::std::collections::BTreeMap<Text, V>;

    fn default_count() -> P::u32 {
        7
    }

    fn is_zero(v: &P::u32) -> P::bool {
        *v == 0
    }

    pub mod hex {
        pub fn write_json<F: ::json_runtime::Format>(
            v: &u32,
            w: &mut ::json_runtime::Writer<'_, F>,
        ) {
            w.str(&::std::format!("{v:x}"));
        }
        pub fn read_json(r: &mut ::json_runtime::Reader<'_>) -> ::json_runtime::Result<u32> {
            let s = r.read_str()?;
            u32::from_str_radix(&s, 16).map_err(|_| r.error("bad hex"))
        }
    }

    #[derive(
        ::json_runtime::FastJson,
        ::core::fmt::Debug,
        ::core::cmp::PartialEq,
        ::core::default::Default,
    )]
    #[serde(rename_all = "camelCase", default)]
    pub struct Everything {
        pub plain_field: P::u32,
        #[serde(rename = "r", alias = "renamed_alias")]
        pub renamed: Maybe<Text>,
        #[serde(default = "default_count", skip_serializing_if = "is_zero")]
        pub count: P::u32,
        #[serde(skip)]
        pub skipped: List<P::u8>,
        #[fastjson(with = "hex")]
        pub hex: P::u32,
        #[fastjson(number_from_string)]
        pub number: P::i64,
        #[fastjson(number_as_string)]
        pub as_string: Maybe<P::u16>,
        #[serde(flatten)]
        pub rest: Map<P::u8>,
    }

    #[derive(::json_runtime::FastJson, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[serde(deny_unknown_fields)]
    #[fastjson(case_insensitive)]
    pub struct Strict {
        pub id: P::u32,
        pub inner: Inner,
    }

    #[derive(::json_runtime::FastJson, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    pub struct Flattens {
        pub id: P::u32,
        #[serde(flatten)]
        pub inner: Inner,
        #[serde(flatten)]
        pub maybe: Maybe<Strict>,
    }

    #[derive(::json_runtime::FastJson, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[fastjson(case_insensitive)]
    pub struct Inner {
        pub x: Maybe<P::i8>,
    }

    #[derive(::json_runtime::FastJson, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    pub struct Tuple(
        pub P::u8,
        #[serde(default)] pub Text,
        #[serde(skip_serializing_if = "is_zero", default)] pub P::u32,
    );

    #[derive(::json_runtime::FastJson, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    pub struct Newtype(pub List<Maybe<P::bool>>);

    #[derive(::json_runtime::FastJson, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    pub struct Unit;

    #[derive(::json_runtime::FastJson, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[serde(transparent)]
    pub struct Transparent {
        pub value: Text,
    }

    #[derive(
        ::json_runtime::FastJson, ::core::fmt::Debug, ::core::cmp::PartialEq, ::core::clone::Clone,
    )]
    #[serde(from = "::core::primitive::u32", into = "::core::primitive::u32")]
    pub struct Converted(pub P::u32);

    impl ::core::convert::From<P::u32> for Converted {
        fn from(v: P::u32) -> Self {
            Converted(v)
        }
    }

    impl ::core::convert::From<Converted> for P::u32 {
        fn from(v: Converted) -> P::u32 {
            v.0
        }
    }

    #[derive(::json_runtime::FastJson, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[serde(try_from = "::core::primitive::i32")]
    pub struct Positive(pub P::i32);

    impl ::core::convert::TryFrom<P::i32> for Positive {
        type Error = Text;
        fn try_from(v: P::i32) -> ::core::result::Result<Self, Text> {
            if v > 0 {
                ::core::result::Result::Ok(Positive(v))
            } else {
                ::core::result::Result::Err(Text::from("not positive"))
            }
        }
    }

    macro_rules! enums {
        ($($(#[$m:meta])* $name:ident;)*) => {$(
            #[derive(::json_runtime::FastJson, ::core::fmt::Debug, ::core::cmp::PartialEq)]
            $(#[$m])*
            pub enum $name {
                Unit,
                Newtype(Inner),
                Struct {
                    #[serde(default)]
                    a: P::u8,
                    b: Maybe<Text>,
                },
                #[serde(skip_serializing)]
                Hidden,
                #[serde(other)]
                Other,
            }
        )*};
    }

    enums! {
        External;
        #[serde(tag = "type")] Internal;
        #[serde(tag = "t", content = "c", deny_unknown_fields)] Adjacent;
    }

    #[derive(::json_runtime::FastJson, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[serde(untagged)]
    pub enum Untagged {
        Number(P::i64),
        Pair(P::u8, Text),
        Struct { x: P::u8 },
        Nothing,
    }

    #[derive(::json_runtime::FastJson, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    pub enum Variants {
        Tuple(P::u8, #[serde(default)] P::u8),
        Struct { x: P::u8 },
    }

    #[derive(::json_runtime::FastJson, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    pub struct Generic<'a, T, K: ::core::cmp::Ord + ::core::fmt::Display> {
        pub value: T,
        pub borrowed: &'a P::str,
        pub keys: ::std::collections::BTreeMap<K, T>,
        pub marker: ::core::marker::PhantomData<K>,
    }

    #[derive(::json_runtime::FastJson, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    pub enum Empty {}
}

use shadowed::{
    Adjacent, Converted, Empty, Everything, External, Flattens, Generic, Inner, Internal, Newtype,
    Positive, Strict, Transparent, Tuple, Unit, Untagged, Variants,
};

fn round_trip<T>(v: &T, json: &str)
where
    T: json_runtime::ToJson + for<'de> json_runtime::FromJson<'de> + PartialEq + std::fmt::Debug,
{
    assert_eq!(json_runtime::to_string(v).unwrap(), json);
    assert_eq!(&json_runtime::from_str::<T>(json).unwrap(), v);
}

#[test]
fn generated_code_is_hygienic() {
    let everything = Everything {
        plain_field: 1,
        renamed: Some("x".into()),
        count: 0,
        skipped: vec![],
        hex: 255,
        number: -2,
        as_string: Some(3),
        rest: [("extra".to_string(), 4)].into_iter().collect(),
    };
    assert_eq!(
        json_runtime::to_string(&everything).unwrap(),
        r#"{"plainField":1,"r":"x","hex":"ff","number":-2,"asString":"3","extra":4}"#
    );
    let back: Everything = json_runtime::from_str(
        r#"{"plainField":1,"renamed_alias":"x","hex":"ff","number":"-2","asString":"3","extra":4}"#,
    )
    .unwrap();
    assert_eq!(
        back,
        Everything {
            count: 7,
            ..everything
        }
    );
    // the field's default wins over the container's
    assert_eq!(
        json_runtime::from_str::<Everything>("{}").unwrap(),
        Everything {
            count: 7,
            ..Everything::default()
        }
    );

    round_trip(
        &Strict {
            id: 1,
            inner: Inner { x: Some(2) },
        },
        r#"{"id":1,"inner":{"x":2}}"#,
    );
    assert!(json_runtime::from_str::<Strict>(r#"{"ID":1,"Inner":{"X":2}}"#).is_ok());
    round_trip(
        &Flattens {
            id: 1,
            inner: Inner { x: Some(2) },
            maybe: None,
        },
        r#"{"id":1,"x":2}"#,
    );
    round_trip(&Tuple(1, "a".into(), 0), r#"[1,"a"]"#);
    round_trip(&Newtype(vec![Some(true), None]), "[true,null]");
    round_trip(&Unit, "null");
    round_trip(&Transparent { value: "t".into() }, r#""t""#);
    round_trip(&Converted(5), "5");
    assert_eq!(
        json_runtime::from_str::<Positive>("3").unwrap(),
        Positive(3)
    );
    assert!(json_runtime::from_str::<Positive>("-3").is_err());

    round_trip(&External::Unit, r#""Unit""#);
    round_trip(
        &External::Newtype(Inner { x: None }),
        r#"{"Newtype":{"x":null}}"#,
    );
    round_trip(
        &External::Struct { a: 1, b: None },
        r#"{"Struct":{"a":1,"b":null}}"#,
    );
    assert_eq!(
        json_runtime::from_str::<External>(r#""Nope""#).unwrap(),
        External::Other
    );
    round_trip(&Internal::Unit, r#"{"type":"Unit"}"#);
    round_trip(
        &Internal::Newtype(Inner { x: Some(1) }),
        r#"{"type":"Newtype","x":1}"#,
    );
    round_trip(
        &Internal::Struct { a: 1, b: None },
        r#"{"type":"Struct","a":1,"b":null}"#,
    );
    round_trip(&Adjacent::Unit, r#"{"t":"Unit"}"#);
    round_trip(
        &Adjacent::Newtype(Inner { x: None }),
        r#"{"t":"Newtype","c":{"x":null}}"#,
    );
    round_trip(&Untagged::Number(1), "1");
    round_trip(&Untagged::Pair(1, "p".into()), r#"[1,"p"]"#);
    round_trip(&Untagged::Struct { x: 1 }, r#"{"x":1}"#);
    round_trip(&Untagged::Nothing, "null");
    round_trip(&Variants::Tuple(1, 2), r#"{"Tuple":[1,2]}"#);
    round_trip(&Variants::Struct { x: 1 }, r#"{"Struct":{"x":1}}"#);

    let json = r#"{"value":1,"borrowed":"b","keys":{"1":2},"marker":null}"#;
    let g: Generic<'_, u8, u8> = json_runtime::from_str(json).unwrap();
    assert_eq!(g.borrowed, "b");
    assert_eq!(json_runtime::to_string(&g).unwrap(), json);
    assert!(json_runtime::from_str::<Empty>(r#""A""#).is_err());
}

/// A derived reader is a method of one of the runtime's unit types, picked by a hash of the
/// type's name (so that the readers of a module are compiled in parallel): types of the same
/// name in two modules, types in a function body, a raw identifier, and enough types to fill
/// every unit each read their own shape.
mod same_name {
    pub mod a {
        #[derive(json_runtime::FastJson, Debug, PartialEq)]
        pub struct Same {
            pub x: u32,
        }
    }
    pub mod b {
        #[derive(json_runtime::FastJson, Debug, PartialEq)]
        pub enum Same {
            X(u32),
            Y { s: String },
        }
    }
}

#[test]
fn readers_in_units() {
    use same_name::{a, b};

    #[derive(json_runtime::FastJson, Debug, PartialEq)]
    struct Local {
        r#type: u8,
        a: a::Same,
        b: Vec<b::Same>,
    }
    #[allow(non_camel_case_types)]
    #[derive(json_runtime::FastJson, Debug, PartialEq)]
    struct r#match {
        m: Option<Box<r#match>>,
    }
    round_trip(
        &Local {
            r#type: 1,
            a: a::Same { x: 2 },
            b: vec![b::Same::X(3), b::Same::Y { s: "s".into() }],
        },
        r#"{"type":1,"a":{"x":2},"b":[{"X":3},{"Y":{"s":"s"}}]}"#,
    );
    round_trip(
        &r#match {
            m: Some(Box::new(r#match { m: None })),
        },
        r#"{"m":{"m":null}}"#,
    );

    macro_rules! many {
        ($($t:ident)*) => {$(
            #[derive(json_runtime::FastJson, Debug, PartialEq)]
            struct $t {
                name: String,
                next: Option<Local>,
            }
            round_trip(
                &$t { name: stringify!($t).into(), next: None },
                &format!(r#"{{"name":"{}","next":null}}"#, stringify!($t)),
            );
            assert!(json_runtime::from_str::<$t>(r#"{"name":1}"#).is_err());
        )*};
    }
    many!(T0 T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19);
}
