//! Differential tests: struct shapes (named, tuple, newtype, unit, empty), std field types and
//! recursive types, against serde_json.

#[macro_use]
mod derive_common;

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::marker::PhantomData;

use derive_common::{check, check_accepts, check_inputs, check_rejects, check_value, Gen};
use json_runtime::FastJson;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

gen_struct! {
    struct Named {
        a: u32,
        b: String,
        c: Option<i64>,
        d: Vec<bool>,
        e: f64,
        r#type: char,
    }
}

gen_tuple_struct! {
    struct Tuple(u8, String, Option<bool>);
}

gen_tuple_struct! {
    struct Newtype(String);
}

gen_tuple_struct! {
    struct NewtypeOfStruct(Named);
}

gen_tuple_struct! {
    struct NewtypeOfOption(Option<u16>);
}

gen_tuple_struct! {
    struct TupleOfOne((u8,));
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
struct Unit;

impl Gen for Unit {
    fn strategy() -> BoxedStrategy<Self> {
        Just(Unit).boxed()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
struct EmptyNamed {}

impl Gen for EmptyNamed {
    fn strategy() -> BoxedStrategy<Self> {
        Just(EmptyNamed {}).boxed()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
struct EmptyTuple();

impl Gen for EmptyTuple {
    fn strategy() -> BoxedStrategy<Self> {
        Just(EmptyTuple()).boxed()
    }
}

gen_struct! {
    struct Shapes {
        unit: Unit,
        empty: EmptyNamed,
        empty_tuple: EmptyTuple,
        tuple: Tuple,
        newtype: Newtype,
        nested: NewtypeOfStruct,
        opt: NewtypeOfOption,
        one: TupleOfOne,
    }
}

gen_struct! {
    struct Numbers {
        i8: i8,
        i16: i16,
        i32: i32,
        i64: i64,
        i128: i128,
        isize: isize,
        u8: u8,
        u16: u16,
        u32: u32,
        u64: u64,
        u128: u128,
        usize: usize,
    }
}

gen_struct! {
    struct Floats {
        f32: f32,
        f64: f64,
        opt: Option<f64>,
        list: Vec<f32>,
    }
}

gen_struct! {
    struct Texts {
        s: String,
        c: char,
        b: Box<str>,
        unit: (),
        flag: bool,
        phantom: PhantomData<u8>,
    }
}

gen_struct! {
    struct Containers {
        vec: Vec<u8>,
        deque: VecDeque<i16>,
        array: [u8; 3],
        empty_array: [u8; 0],
        tuple: (u8, String, bool),
        nested: Vec<Vec<Option<u8>>>,
        boxed: Box<i32>,
        set: BTreeSet<String>,
    }
}

gen_struct! {
    struct Maps {
        by_string: BTreeMap<String, u8>,
        by_int: BTreeMap<i32, String>,
        by_u64: BTreeMap<u64, bool>,
        by_char: BTreeMap<char, u8>,
        hashed: HashMap<String, Vec<u8>>,
        nested: BTreeMap<String, BTreeMap<String, Option<u8>>>,
    }
}

/// A recursive struct through `Vec<Self>` and `Option<Box<Self>>`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
struct Tree {
    label: String,
    children: Vec<Tree>,
    next: Option<Box<Tree>>,
}

impl Gen for Tree {
    fn strategy() -> BoxedStrategy<Self> {
        let leaf = "[a-z]{0,3}".prop_map(|label| Tree {
            label,
            children: vec![],
            next: None,
        });
        leaf.prop_recursive(4, 24, 3, |inner| {
            (
                "[a-z]{0,3}",
                prop::collection::vec(inner.clone(), 0..3),
                prop::option::of(inner.prop_map(Box::new)),
            )
                .prop_map(|(label, children, next)| Tree {
                    label,
                    children,
                    next,
                })
        })
        .boxed()
    }
}

/// A recursive enum: newtype, tuple and struct variants holding `Box<Self>` and `Vec<Self>`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
enum Expr {
    Num(i64),
    Neg(Box<Expr>),
    Add(Box<Expr>, Box<Expr>),
    Call { name: String, args: Vec<Expr> },
    Nil,
}

impl Gen for Expr {
    fn strategy() -> BoxedStrategy<Self> {
        let leaf = prop_oneof![any::<i64>().prop_map(Expr::Num), Just(Expr::Nil)];
        leaf.prop_recursive(4, 24, 3, |inner| {
            prop_oneof![
                inner.clone().prop_map(|e| Expr::Neg(Box::new(e))),
                (inner.clone(), inner.clone())
                    .prop_map(|(a, b)| Expr::Add(Box::new(a), Box::new(b))),
                ("[a-z]{1,3}", prop::collection::vec(inner, 0..3))
                    .prop_map(|(name, args)| Expr::Call { name, args }),
            ]
        })
        .boxed()
    }
}

#[test]
fn named_struct() {
    check::<Named>();
}

#[test]
fn tuple_newtype_unit_and_empty_structs() {
    check::<Tuple>();
    check::<Newtype>();
    check::<NewtypeOfStruct>();
    check::<NewtypeOfOption>();
    check::<TupleOfOne>();
    check::<Unit>();
    check::<EmptyNamed>();
    check::<EmptyTuple>();
    check::<Shapes>();
}

#[test]
fn shapes_read_like_serde() {
    // serde's array form of a struct, its lengths, and things that are not a struct
    check_accepts::<Named>(&[
        r#"[1,"x",null,[],1.5,"c"]"#,
        r#"[1,"x",2,[true],0,"\u0041"]"#,
        r#"{"type":"t","e":1,"d":[],"c":null,"b":"","a":0}"#,
        r#"{"a":1,"b":"x","d":[],"e":1,"type":"c"}"#,
        r#"{"\u0061":1,"b":"x","d":[],"e":1,"type":"c"}"#,
    ]);
    check_rejects::<Named>(&[
        r#"[1,"x",null,[],1.5]"#,
        r#"[1,"x",null,[],1.5,"c",7]"#,
        r#"[]"#,
        r#"{"a":1,"a":2,"b":"x","c":null,"d":[],"e":1,"type":"c"}"#,
        r#"{"a":1,"b":"x","d":[],"e":1}"#,
        r#"{"A":1,"b":"x","d":[],"e":1,"type":"c"}"#,
        r#"{"a":1,"b":"x","d":[],"e":1,"type":"cc"}"#,
        r#"{"a":1,"b":"x","d":[],"e":null,"type":"c"}"#,
        r#"{"a":1,"b":"x","d":[],"e":1,"type":"c",}"#,
        r#"{"a":1,"b":"x","d":[],"e":1,"type":"c"} x"#,
        r#""Named""#,
        r#"null"#,
        r#"1"#,
    ]);
    check_accepts::<Unit>(&["null", " null "]);
    check_rejects::<Unit>(&["{}", "[]", "\"Unit\"", "0", "nul"]);
    check_accepts::<EmptyNamed>(&["{}", "[]", r#"{"x":1}"#]);
    check_rejects::<EmptyNamed>(&["[1]", "null", r#"{"x":1,}"#]);
    check_accepts::<EmptyTuple>(&["[]"]);
    check_rejects::<EmptyTuple>(&["{}", "null", "[null]"]);
    check_accepts::<Tuple>(&[r#"[1,"x",null]"#, r#"[255,"",true]"#]);
    check_rejects::<Tuple>(&[
        r#"[1,"x"]"#,
        r#"[1,"x",null,null]"#,
        r#"{"0":1,"1":"x","2":null}"#,
        r#"[256,"x",null]"#,
    ]);
    check_accepts::<Newtype>(&[r#""x""#]);
    check_rejects::<Newtype>(&[r#"["x"]"#, r#"{"0":"x"}"#, "null"]);
    check_accepts::<NewtypeOfOption>(&["null", "1"]);
    check_accepts::<TupleOfOne>(&["[1]"]);
    check_rejects::<TupleOfOne>(&["1", "[[1]]", "[1,2]"]);
}

#[test]
fn std_field_types() {
    check::<Numbers>();
    check::<Floats>();
    check::<Texts>();
    check::<Containers>();
    check::<Maps>();
}

#[test]
fn std_field_types_read_like_serde() {
    check_inputs::<Floats>(&[
        r#"{"f32":1e39,"f64":1e400,"opt":null,"list":[]}"#,
        r#"{"f32":3.4028235e38,"f64":-0,"opt":1,"list":[1,2.5,-0.0]}"#,
        r#"{"f32":0.1,"f64":2.2250738585072014e-308,"opt":null,"list":[1e-50]}"#,
    ]);
    check_inputs::<Texts>(&[
        r#"{"s":"\ud800","c":"a","b":"","unit":null,"flag":true,"phantom":null}"#,
        r#"{"s":"\ud83d\ude00","c":"\ud83d\ude00","b":"\n","unit":null,"flag":false,"phantom":null}"#,
        r#"{"s":"","c":"ab","b":"","unit":null,"flag":false,"phantom":null}"#,
        r#"{"s":"","c":"","b":"","unit":null,"flag":false,"phantom":null}"#,
        r#"{"s":"","c":"a","b":"","unit":[],"flag":false,"phantom":null}"#,
        r#"{"s":"","c":"a","b":"","unit":null,"flag":false,"phantom":5}"#,
        r#"{"s":"","c":"a","b":"","unit":null,"flag":false}"#,
    ]);
    check_inputs::<Maps>(&[
        r#"{"by_string":{},"by_int":{"-1":"x","01":"y"},"by_u64":{},"by_char":{},"hashed":{},"nested":{}}"#,
        r#"{"by_string":{},"by_int":{" 1":"x"},"by_u64":{},"by_char":{"ab":1},"hashed":{},"nested":{}}"#,
        r#"{"by_string":{"a":1,"a":2},"by_int":{},"by_u64":{"18446744073709551615":true},"by_char":{},"hashed":{},"nested":{}}"#,
        r#"{"by_string":{},"by_int":{},"by_u64":{"-0":true},"by_char":{},"hashed":{},"nested":{}}"#,
    ]);
    check_inputs::<Containers>(&[
        r#"{"vec":[],"deque":[],"array":[1,2],"empty_array":[],"tuple":[1,"",true],"nested":[],"boxed":1,"set":[]}"#,
        r#"{"vec":[],"deque":[],"array":[1,2,3,4],"empty_array":[],"tuple":[1,"",true],"nested":[],"boxed":1,"set":[]}"#,
        r#"{"vec":[],"deque":[],"array":[1,2,3],"empty_array":[1],"tuple":[1,"",true],"nested":[],"boxed":1,"set":["a","a"]}"#,
    ]);
}

#[test]
fn recursive_types() {
    check::<Tree>();
    check::<Expr>();
    check_value(&Tree {
        label: "root".into(),
        children: vec![Tree {
            label: "child".into(),
            children: vec![],
            next: None,
        }],
        next: Some(Box::new(Tree {
            label: "next".into(),
            children: vec![],
            next: None,
        })),
    });
    // serde_json's recursion limit (128) holds for derived recursive types too
    let deep = format!("{}1{}", r#"{"Neg":"#.repeat(200), "}".repeat(200));
    check_inputs::<Expr>(&[&deep]);
    assert!(json_runtime::from_str::<Expr>(&deep).is_err());
}

/// `"key" : value` (Jackson's default pretty printer, Java and .NET writers) and other spacing
/// around a key's colon, through each way a key is read: the expected next key, a key out of
/// order, an unknown key skipped, and a map's keys.
#[test]
fn space_before_colon_reads_like_serde() {
    let named = |sep: &str| {
        format!(
            r#"{{"a"{sep}1,"b"{sep}"x","c"{sep}null,"d"{sep}[true],"e"{sep}2.5,"type"{sep}"t"}}"#
        )
    };
    let shuffled = |sep: &str| {
        format!(
            r#"{{"e"{sep}2.5,"zz"{sep}{{"q"{sep}[1]}},"b"{sep}"x","a"{sep}1,"type"{sep}"t","d"{sep}[],"c"{sep}3}}"#
        )
    };
    let maps = |sep: &str| {
        format!(
            r#"{{"by_string"{sep}{{"k"{sep}1,"l" {sep} 2}},"by_int"{sep}{{"-1"{sep}"x"}},"by_u64"{sep}{{}},"by_char"{sep}{{"c"{sep}7}},"hashed"{sep}{{}},"nested"{sep}{{}}}}"#
        )
    };
    let good = [":", " :", " : ", ": ", "  :", "\t:", "\n: ", " \r\n :  "];
    let mut accepted = Vec::new();
    for sep in good {
        accepted.extend([named(sep), shuffled(sep), maps(sep)]);
    }
    let (structs, map_docs): (Vec<_>, Vec<_>) = accepted
        .iter()
        .map(String::as_str)
        .partition(|d| !d.starts_with(r#"{"by_string""#));
    check_accepts::<Named>(&structs);
    check_accepts::<Maps>(&map_docs);
    // A space then something other than a colon, or the end of the input, after a key.
    let bad = [" ,", " 1", " ", " ;", "  "];
    let mut rejected = Vec::new();
    for sep in bad {
        rejected.extend([named(sep), shuffled(sep)]);
    }
    rejected.extend([
        r#"{"a" "#.to_string(),
        r#"{"a" :"#.to_string(),
        r#"{"zz" "#.to_string(),
    ]);
    check_rejects::<Named>(&rejected.iter().map(String::as_str).collect::<Vec<_>>());
}

/// Required and optional fields, for [`every_key_order_reads_like_serde`]; the field that is
/// never read makes the later fields' positions in the key order differ from their indices.
#[derive(Debug, PartialEq, Serialize, Deserialize, FastJson)]
struct Orders {
    a: u8,
    b: Option<u8>,
    #[serde(skip_deserializing)]
    never_read: u8,
    c: String,
    d: Option<bool>,
}

/// Struct readers first try the key that usually comes next (the one after the last field
/// read, in declaration order) and match in general otherwise. Every sequence of up to five
/// keys from the fields' and an unknown one (in order, out of order, left out, repeated,
/// interleaved with the unknown key), alone and twice inside an array, must read like
/// serde_json (value or error), so that a wrong prediction or hand-over shows.
#[test]
fn every_key_order_reads_like_serde() {
    let entries = [
        (r#""a""#, "7"),
        (r#""b""#, "2"),
        (r#""c""#, r#""s""#),
        (r#""d""#, "true"),
        (r#""x""#, "[1,{}]"),
    ];
    let mut docs = Vec::new();
    let mut seq: Vec<usize> = Vec::new();
    // Counting through every sequence of length 0..=5 over the five entries.
    loop {
        let body: Vec<String> = seq
            .iter()
            .map(|&i| format!("{}:{}", entries[i].0, entries[i].1))
            .collect();
        docs.push(format!("{{{}}}", body.join(",")));
        docs.push(format!("{{ {} }}", body.join(" , ")));
        // Carry into the next sequence; stop after the last one of length 5.
        let mut k = 0;
        loop {
            if k == seq.len() {
                if seq.len() == 5 {
                    break;
                }
                seq.push(0);
                break;
            }
            seq[k] += 1;
            if seq[k] < entries.len() {
                break;
            }
            seq[k] = 0;
            k += 1;
        }
        if k == 5 {
            break;
        }
    }
    let mut failures = Vec::new();
    let mut accepted = 0;
    for doc in &docs {
        if let Err(e) = derive_common::compare_read::<Orders>(doc.as_bytes()) {
            failures.push(e);
        }
        accepted += serde_json::from_str::<Orders>(doc).is_ok() as usize;
        let nested = format!(r#"[{doc},{doc}]"#);
        if let Err(e) = derive_common::compare_read::<Vec<Orders>>(nested.as_bytes()) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Not vacuous: orders with every required field, and the rest rejected.
    assert!(
        docs.len() > 7_000 && accepted > 300,
        "{} {accepted}",
        docs.len()
    );
}
