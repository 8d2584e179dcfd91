//! FastJson's own attributes, which serde has no counterpart for, tested with explicit expected
//! values: `#[fastjson(with = "module")]`, `#[fastjson(number_from_string)]`,
//! `#[fastjson(number_as_string)]` and `#[fastjson(case_insensitive)]`.
//!
//! Decisions pinned here:
//! - `number_as_string` writes numbers as strings and reads both forms, so its output reads
//!   back; `number_from_string` reads both forms and writes numbers.
//! - A number in a string must be exactly a JSON number for the field's type once unescaped: no
//!   whitespace, `+`, leading zeros, `NaN`, or a fraction for an integer.
//! - `case_insensitive` applies to field keys (with their aliases), not to variant names or the
//!   tag/content keys of tagged enums. An exact match wins over a case-insensitive one; a key
//!   that matches several fields case-insensitively goes to the first declared. Two keys
//!   naming one field (`"id"` and `"ID"`) are a duplicate field. With `deny_unknown_fields`
//!   only keys matching no field in any case are unknown.

use std::collections::BTreeMap;

use json_runtime::{FastJson, Format, Reader, Result, Writer};

fn write<T: json_runtime::ToJson>(v: &T) -> String {
    json_runtime::to_string(v).unwrap()
}

fn read<T: for<'de> json_runtime::FromJson<'de>>(s: &str) -> Result<T> {
    json_runtime::from_str(s)
}

// ---- with ---------------------------------------------------------------------------------------

/// A `u32` as a hex string.
mod hex {
    use super::*;

    pub fn write_json<F: Format>(v: &u32, w: &mut Writer<'_, F>) {
        w.str(&format!("{v:x}"));
    }

    pub fn read_json(r: &mut Reader<'_>) -> Result<u32> {
        let s = r.read_str()?;
        match u32::from_str_radix(&s, 16) {
            Ok(v) => Ok(v),
            Err(e) => {
                let msg = format!("invalid hex {:?}: {e}", &*s);
                Err(r.error(msg))
            }
        }
    }
}

/// Any `Option<T: Display + FromStr>` as a string or null.
mod opt_display {
    use super::*;
    use std::fmt::Display;
    use std::str::FromStr;

    pub fn write_json<T: Display, F: Format>(v: &Option<T>, w: &mut Writer<'_, F>) {
        match v {
            Some(v) => w.str(&v.to_string()),
            None => w.null(),
        }
    }

    pub fn read_json<'de, T: FromStr>(r: &mut Reader<'de>) -> Result<Option<T>> {
        if r.try_null()? {
            return Ok(None);
        }
        let s = r.read_str()?.as_str().to_owned();
        s.parse()
            .map(Some)
            .map_err(|_| r.error(format!("cannot parse {s:?}")))
    }
}

/// A `String` reversed (the writer takes `&str`: the field's `&String` coerces to it; the reader
/// names the `'de` lifetime).
mod reversed {
    use super::*;

    pub fn write_json<F: Format>(v: &str, w: &mut Writer<'_, F>) {
        w.str(&v.chars().rev().collect::<String>());
    }

    pub fn read_json<'de>(r: &mut Reader<'de>) -> Result<String> {
        Ok(r.read_str()?.chars().rev().collect())
    }
}

#[derive(FastJson, Debug, PartialEq)]
struct WithModules {
    #[fastjson(with = "hex")]
    color: u32,
    #[fastjson(with = "opt_display")]
    ratio: Option<f32>,
    #[fastjson(with = "self::reversed")]
    #[serde(rename = "name")]
    reversed_name: String,
    #[fastjson(with = "hex")]
    #[serde(default)]
    defaulted: u32,
    #[fastjson(with = "hex")]
    #[serde(skip_serializing_if = "is_zero", default)]
    maybe: u32,
}

fn is_zero(v: &u32) -> bool {
    *v == 0
}

#[derive(FastJson, Debug, PartialEq)]
struct HexNewtype(#[fastjson(with = "hex")] u32);

#[derive(FastJson, Debug, PartialEq)]
struct HexTuple(u8, #[fastjson(with = "hex")] u32);

#[derive(FastJson, Debug, PartialEq)]
#[serde(tag = "type")]
enum WithInVariants {
    Color {
        #[fastjson(with = "hex")]
        rgb: u32,
    },
}

#[derive(FastJson, Debug, PartialEq)]
enum WithInTupleVariant {
    Pair(#[fastjson(with = "hex")] u32, #[fastjson(with = "hex")] u32),
    One(#[fastjson(with = "hex")] u32),
}

#[derive(FastJson, Debug, PartialEq)]
struct GenericWith<T: std::fmt::Display + std::str::FromStr> {
    #[fastjson(with = "opt_display")]
    value: Option<T>,
}

#[test]
fn with_module() {
    let v = WithModules {
        color: 0xff8800,
        ratio: Some(0.5),
        reversed_name: "abc".into(),
        defaulted: 10,
        maybe: 0,
    };
    let json = write(&v);
    assert_eq!(
        json,
        r#"{"color":"ff8800","ratio":"0.5","name":"cba","defaulted":"a"}"#
    );
    assert_eq!(read::<WithModules>(&json).unwrap(), v);
    assert_eq!(
        json_runtime::to_string_pretty(&v).unwrap(),
        "{\n  \"color\": \"ff8800\",\n  \"ratio\": \"0.5\",\n  \"name\": \"cba\",\n  \"defaulted\": \"a\"\n}"
    );
    let v = read::<WithModules>(r#"{"color":"1","ratio":null,"name":"","maybe":"f"}"#).unwrap();
    assert_eq!(
        v,
        WithModules {
            color: 1,
            ratio: None,
            reversed_name: String::new(),
            defaulted: 0,
            maybe: 15,
        }
    );
    // a `with` field that is absent is an error unless it has a default (as serde's
    // deserialize_with), even for an Option
    let err = read::<WithModules>(r#"{"color":"1","name":""}"#).unwrap_err();
    assert_eq!(err.message(), "missing field `ratio`");
    // the module's errors carry the path
    let err = read::<WithModules>(r#"{"color":"xyz","ratio":null,"name":""}"#).unwrap_err();
    assert_eq!(err.path(), "color");
    assert!(err.message().starts_with("invalid hex \"xyz\""), "{err}");
    let err = read::<WithModules>(r#"{"color":"1","ratio":"x","name":""}"#).unwrap_err();
    assert_eq!(err.path(), "ratio");
    let err =
        read::<WithModules>(r#"{"color":"1","color":"2","ratio":null,"name":""}"#).unwrap_err();
    assert_eq!(err.message(), "duplicate field `color`");

    assert_eq!(write(&HexNewtype(255)), r#""ff""#);
    assert_eq!(read::<HexNewtype>(r#""ff""#).unwrap(), HexNewtype(255));
    assert_eq!(write(&HexTuple(1, 16)), r#"[1,"10"]"#);
    assert_eq!(read::<HexTuple>(r#"[1,"10"]"#).unwrap(), HexTuple(1, 16));
    assert_eq!(read::<HexTuple>(r#"[1,"zz"]"#).unwrap_err().path(), "[1]");

    let e = WithInVariants::Color { rgb: 0xabc };
    assert_eq!(write(&e), r#"{"type":"Color","rgb":"abc"}"#);
    assert_eq!(
        read::<WithInVariants>(r#"{"rgb":"abc","type":"Color"}"#).unwrap(),
        e
    );
    let e = WithInTupleVariant::Pair(1, 255);
    assert_eq!(write(&e), r#"{"Pair":["1","ff"]}"#);
    assert_eq!(
        read::<WithInTupleVariant>(r#"{"Pair":["1","ff"]}"#).unwrap(),
        e
    );
    assert_eq!(write(&WithInTupleVariant::One(10)), r#"{"One":"a"}"#);
    assert_eq!(
        read::<WithInTupleVariant>(r#"{"One":"a"}"#).unwrap(),
        WithInTupleVariant::One(10)
    );
    let g = GenericWith { value: Some(7u64) };
    assert_eq!(write(&g), r#"{"value":"7"}"#);
    assert_eq!(read::<GenericWith<u64>>(r#"{"value":"7"}"#).unwrap(), g);
}

// ---- number_from_string / number_as_string ------------------------------------------------------

#[derive(FastJson, Debug, PartialEq)]
struct FromString {
    #[fastjson(number_from_string)]
    id: u64,
    #[fastjson(number_from_string)]
    price: f64,
    #[fastjson(number_from_string)]
    small: i8,
    #[fastjson(number_from_string)]
    maybe: Option<u32>,
    #[fastjson(number_from_string)]
    list: Vec<i64>,
    #[fastjson(number_from_string)]
    big: u128,
    plain: u32,
}

#[derive(FastJson, Debug, PartialEq)]
#[fastjson(number_from_string)]
struct FromStringContainer {
    id: u64,
    ratio: f32,
    maybe: Option<i16>,
    list: Vec<u8>,
    boxed: Box<u32>,
    name: String,
    flag: bool,
}

#[derive(FastJson, Debug, PartialEq)]
struct AsString {
    #[fastjson(number_as_string)]
    id: u64,
    #[fastjson(number_as_string)]
    price: f64,
    #[fastjson(number_as_string)]
    maybe: Option<i32>,
    #[fastjson(number_as_string)]
    list: Vec<i64>,
    plain: u32,
}

#[derive(FastJson, Debug, PartialEq)]
#[fastjson(number_as_string)]
struct AsStringContainer {
    id: u64,
    nested: Vec<Option<u8>>,
    name: String,
}

#[derive(FastJson, Debug, PartialEq)]
#[serde(tag = "kind")]
#[fastjson(number_from_string)]
enum NumberEnum {
    Point { x: i32, y: i32 },
}

#[test]
fn number_from_string() {
    let expected = FromString {
        id: 12,
        price: 1.5,
        small: -3,
        maybe: Some(7),
        list: vec![1, -2],
        big: u128::MAX,
        plain: 9,
    };
    for input in [
        r#"{"id":12,"price":1.5,"small":-3,"maybe":7,"list":[1,-2],"big":340282366920938463463374607431768211455,"plain":9}"#,
        r#"{"id":"12","price":"1.5","small":"-3","maybe":"7","list":["1","-2"],"big":"340282366920938463463374607431768211455","plain":9}"#,
        r#"{"id":"12","price":"15e-1","small":-3,"maybe":"7","list":[1,"-2"],"big":"340282366920938463463374607431768211455","plain":9}"#,
        r#"{"id":"\u0031\u0032","price":1.5,"small":"-3","maybe":7,"list":["1",-2],"big":340282366920938463463374607431768211455,"plain":9}"#,
    ] {
        assert_eq!(read::<FromString>(input).unwrap(), expected, "{input}");
    }
    // written as numbers
    assert_eq!(
        write(&expected),
        r#"{"id":12,"price":1.5,"small":-3,"maybe":7,"list":[1,-2],"big":340282366920938463463374607431768211455,"plain":9}"#
    );
    let base = |field: &str| {
        format!(
            r#"{{"id":1,"price":1,"small":1,"maybe":null,"list":[],"big":1,"plain":1,{field}}}"#
        )
        .replace(r#""id":1,"#, "")
    };
    // null and absence still mean None for the Option
    let v = read::<FromString>(&base(r#""id":"1""#)).unwrap();
    assert_eq!(v.maybe, None);
    // strings that are not exactly a JSON number of the field's type
    for bad in [
        r#""id":" 12""#,
        r#""id":"12 ""#,
        r#""id":"+12""#,
        r#""id":"012""#,
        r#""id":"1.0""#,
        r#""id":"1e2""#,
        r#""id":"-1""#,
        r#""id":"""#,
        r#""id":"0x10""#,
        r#""id":"18446744073709551616""#,
        r#""id":"NaN""#,
        r#""id":"12abc""#,
        r#""id":true"#,
        r#""id":null"#,
        r#""id":["12"]"#,
    ] {
        let err = read::<FromString>(&base(bad)).unwrap_err();
        assert_eq!(err.path(), "id", "{bad}: {err}");
    }
    for bad in [
        r#""price":"NaN""#,
        r#""price":"Infinity""#,
        r#""price":"1e400""#,
        r#""price":".5""#,
    ] {
        let input = base(r#""id":1"#).replace(r#""price":1"#, bad);
        let err = read::<FromString>(&input).unwrap_err();
        assert_eq!(err.path(), "price", "{bad}: {err}");
    }
    let input = base(r#""id":1"#).replace(r#""small":1"#, r#""small":"128""#);
    assert_eq!(read::<FromString>(&input).unwrap_err().path(), "small");
    // a bad element of a list says which
    let input = base(r#""id":1"#).replace(r#""list":[]"#, r#""list":[1,"x"]"#);
    assert_eq!(read::<FromString>(&input).unwrap_err().path(), "list[1]");
    // fields without the attribute read numbers only
    let input = base(r#""id":1"#).replace(r#""plain":1"#, r#""plain":"1""#);
    assert_eq!(read::<FromString>(&input).unwrap_err().path(), "plain");

    // container level: numeric fields (also inside Option, Vec and Box) only
    let v = read::<FromStringContainer>(
        r#"{"id":"1","ratio":"0.25","maybe":"-2","list":["1",2],"boxed":"3","name":"4","flag":true}"#,
    )
    .unwrap();
    assert_eq!(
        v,
        FromStringContainer {
            id: 1,
            ratio: 0.25,
            maybe: Some(-2),
            list: vec![1, 2],
            boxed: Box::new(3),
            name: "4".into(),
            flag: true,
        }
    );
    assert_eq!(
        write(&v),
        r#"{"id":1,"ratio":0.25,"maybe":-2,"list":[1,2],"boxed":3,"name":"4","flag":true}"#
    );
    assert!(read::<FromStringContainer>(
        r#"{"id":"1","ratio":"0.25","maybe":null,"list":[],"boxed":"3","name":4,"flag":true}"#
    )
    .is_err());
    assert!(read::<FromStringContainer>(
        r#"{"id":"1","ratio":"0.25","maybe":null,"list":[],"boxed":"3","name":"4","flag":"true"}"#
    )
    .is_err());
    // in enum variants too
    assert_eq!(
        read::<NumberEnum>(r#"{"kind":"Point","x":"1","y":-2}"#).unwrap(),
        NumberEnum::Point { x: 1, y: -2 }
    );
}

#[test]
fn number_as_string() {
    let v = AsString {
        id: u64::MAX,
        price: -0.5,
        maybe: Some(-3),
        list: vec![1, i64::MIN],
        plain: 4,
    };
    let json = write(&v);
    assert_eq!(
        json,
        r#"{"id":"18446744073709551615","price":"-0.5","maybe":"-3","list":["1","-9223372036854775808"],"plain":4}"#
    );
    assert_eq!(
        json_runtime::to_string_pretty(&v).unwrap(),
        "{\n  \"id\": \"18446744073709551615\",\n  \"price\": \"-0.5\",\n  \"maybe\": \"-3\",\n  \"list\": [\n    \"1\",\n    \"-9223372036854775808\"\n  ],\n  \"plain\": 4\n}"
    );
    // what it writes reads back, and plain numbers read too
    assert_eq!(read::<AsString>(&json).unwrap(), v);
    assert_eq!(
        read::<AsString>(r#"{"id":18446744073709551615,"price":-0.5,"maybe":-3,"list":[1,-9223372036854775808],"plain":4}"#)
            .unwrap(),
        v
    );
    // None is null, an empty list is [], a non-finite float is null (as a number would be)
    let v = AsString {
        id: 0,
        price: f64::NAN,
        maybe: None,
        list: vec![],
        plain: 0,
    };
    assert_eq!(
        write(&v),
        r#"{"id":"0","price":null,"maybe":null,"list":[],"plain":0}"#
    );
    let v = AsStringContainer {
        id: 5,
        nested: vec![Some(1), None],
        name: "n".into(),
    };
    assert_eq!(write(&v), r#"{"id":"5","nested":["1",null],"name":"n"}"#);
    assert_eq!(read::<AsStringContainer>(&write(&v)).unwrap(), v);
}

// ---- case_insensitive ---------------------------------------------------------------------------

#[derive(FastJson, Debug, PartialEq)]
#[fastjson(case_insensitive)]
struct Loose {
    user_id: u32,
    #[serde(alias = "mail")]
    email: Option<String>,
    #[serde(rename = "Name")]
    name: Option<String>,
    #[serde(rename = "NAME")]
    shout: Option<String>,
}

#[derive(FastJson, Debug, PartialEq)]
#[fastjson(case_insensitive)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct LooseStrict {
    user_id: u32,
    #[serde(alias = "uid")]
    other_id: Option<u32>,
}

#[derive(FastJson, Debug, PartialEq)]
#[fastjson(case_insensitive)]
#[serde(tag = "type")]
enum LooseEnum {
    Login { user_id: u32 },
}

#[derive(FastJson, Debug, PartialEq)]
#[fastjson(case_insensitive)]
enum LooseExternal {
    Login { user_id: u32 },
}

#[derive(FastJson, Debug, PartialEq)]
struct Strict {
    user_id: u32,
}

#[test]
fn case_insensitive() {
    let expected = |email: Option<&str>| Loose {
        user_id: 1,
        email: email.map(String::from),
        name: None,
        shout: None,
    };
    for input in [
        r#"{"user_id":1}"#,
        r#"{"USER_ID":1}"#,
        r#"{"User_Id":1}"#,
        r#"{"\u0055SER_id":1}"#,
    ] {
        assert_eq!(read::<Loose>(input).unwrap(), expected(None), "{input}");
    }
    // aliases match in any case too
    assert_eq!(
        read::<Loose>(r#"{"user_id":1,"MAIL":"m"}"#).unwrap(),
        expected(Some("m"))
    );
    assert_eq!(
        read::<Loose>(r#"{"user_id":1,"eMail":"m"}"#).unwrap(),
        expected(Some("m"))
    );
    // ASCII only: `ß` is not `SS`, `ı` is not `I`
    assert_eq!(
        read::<Loose>(r#"{"user_id":1,"emaıl":"m"}"#).unwrap(),
        expected(None)
    );
    // an exact match wins; otherwise the first field declared
    let v = read::<Loose>(r#"{"user_id":1,"Name":"a","NAME":"b"}"#).unwrap();
    assert_eq!(
        (v.name.as_deref(), v.shout.as_deref()),
        (Some("a"), Some("b"))
    );
    let v = read::<Loose>(r#"{"user_id":1,"name":"a"}"#).unwrap();
    assert_eq!((v.name.as_deref(), v.shout.as_deref()), (Some("a"), None));
    // two spellings of one field are a duplicate
    let err = read::<Loose>(r#"{"user_id":1,"USER_ID":2}"#).unwrap_err();
    assert_eq!(err.message(), "duplicate field `user_id`");
    let err = read::<Loose>(r#"{"user_id":1,"email":"a","Mail":"b"}"#).unwrap_err();
    assert_eq!(err.message(), "duplicate field `email`");
    // writing is unaffected
    assert_eq!(
        write(&expected(None)),
        r#"{"user_id":1,"email":null,"Name":null,"NAME":null}"#
    );

    // with deny_unknown_fields only keys that match no field in any case are unknown
    assert_eq!(
        read::<LooseStrict>(r#"{"USERID":1,"UID":2}"#).unwrap(),
        LooseStrict {
            user_id: 1,
            other_id: Some(2)
        }
    );
    let err = read::<LooseStrict>(r#"{"userId":1,"user_id":2}"#).unwrap_err();
    assert_eq!(
        err.message(),
        "unknown field `user_id`, expected `userId` or `otherId`"
    );

    // field keys of struct variants match in any case; variant names and the tag key do not
    assert_eq!(
        read::<LooseEnum>(r#"{"type":"Login","USER_ID":1}"#).unwrap(),
        LooseEnum::Login { user_id: 1 }
    );
    assert!(read::<LooseEnum>(r#"{"type":"login","user_id":1}"#).is_err());
    assert!(read::<LooseEnum>(r#"{"TYPE":"Login","user_id":1}"#).is_err());
    assert_eq!(
        read::<LooseExternal>(r#"{"Login":{"User_ID":1}}"#).unwrap(),
        LooseExternal::Login { user_id: 1 }
    );
    assert!(read::<LooseExternal>(r#"{"login":{"user_id":1}}"#).is_err());

    // without the attribute, keys match exactly
    assert!(read::<Strict>(r#"{"USER_ID":1}"#).is_err());
}

#[derive(FastJson, Debug, PartialEq)]
#[fastjson(case_insensitive)]
struct LooseWithMap {
    id: u32,
    #[serde(flatten)]
    rest: BTreeMap<String, u32>,
}

#[test]
fn case_insensitive_with_flatten() {
    // a key the struct takes in any case is not left for the flattened map
    let v = read::<LooseWithMap>(r#"{"ID":1,"x":2}"#).unwrap();
    assert_eq!(v.id, 1);
    assert_eq!(v.rest, [("x".to_string(), 2)].into_iter().collect());
}
