//! Errors from derived readers: `line()`, `column()` and `path()` on broken inputs. Where
//! serde_json fails too, line and column must be the ones it reports.
//!
//! Paths name the fields and indices that lead to the failure, outermost first
//! (`statuses[3].user.id`; `""` at the root). The content of an externally or adjacently
//! tagged enum variant adds the variant's name as a segment (`Login.user.id`); the fields of
//! internally tagged and untagged variants sit in the enum's own object and add none.

use std::collections::BTreeMap;

use json_runtime::FastJson;
use serde::{Deserialize, Serialize};

#[derive(Debug, PartialEq, Serialize, Deserialize, FastJson)]
struct User {
    id: u64,
    name: String,
    #[serde(default)]
    tags: Vec<String>,
}

#[derive(Debug, PartialEq, Serialize, Deserialize, FastJson)]
struct Status {
    id: u64,
    text: String,
    user: User,
    retweeted: Option<Box<Status>>,
}

#[derive(Debug, PartialEq, Serialize, Deserialize, FastJson)]
struct Feed {
    statuses: Vec<Status>,
    #[serde(default)]
    meta: BTreeMap<String, u32>,
}

#[derive(Debug, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(deny_unknown_fields)]
struct Strict {
    a: u8,
    #[serde(rename = "B")]
    b: Option<(u8, bool)>,
}

#[derive(Debug, PartialEq, Serialize, Deserialize, FastJson)]
enum Event {
    Login { user: User },
    Message(Status),
    Pair(u8, User),
    Ping,
}

#[derive(Debug, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type")]
enum Internal {
    Login { user: User },
    Message(User),
    Ping,
}

#[derive(Debug, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Login { user: User },
    Pair(u8, User),
    Ping,
}

#[derive(Debug, PartialEq, Serialize, Deserialize, FastJson)]
struct Events {
    events: Vec<Event>,
    internal: Option<Internal>,
    adjacent: Option<Adjacent>,
}

#[derive(Debug, PartialEq, Serialize, Deserialize, FastJson)]
struct Flat {
    id: u8,
    #[serde(flatten)]
    user: User,
}

#[derive(Debug, PartialEq, Serialize, Deserialize, FastJson)]
struct Pair(u8, String);

/// A broken input for `T`: the path FastJson must report, and whether line and column must
/// equal serde_json's (`false` where they are known to differ, with the reason).
struct Case {
    input: &'static str,
    path: &'static str,
    same_position: bool,
}

const fn case(input: &'static str, path: &'static str) -> Case {
    Case {
        input,
        path,
        same_position: true,
    }
}

/// A case where line and column are known to differ from serde_json's (the reason is given
/// at the call).
const fn known(input: &'static str, path: &'static str) -> Case {
    Case {
        input,
        path,
        same_position: false,
    }
}

fn check_errors<T>(cases: &[Case])
where
    T: for<'de> Deserialize<'de> + for<'de> json_runtime::FromJson<'de> + std::fmt::Debug,
{
    let mut failures = Vec::new();
    for c in cases {
        let fast = match json_runtime::from_str::<T>(c.input) {
            Ok(v) => {
                failures.push(format!("{}: fastjson accepts it: {v:?}", c.input));
                continue;
            }
            Err(e) => e,
        };
        let serde = match serde_json::from_str::<T>(c.input) {
            Ok(v) => {
                failures.push(format!("{}: serde_json accepts it: {v:?}", c.input));
                continue;
            }
            Err(e) => e,
        };
        if fast.path() != c.path {
            failures.push(format!(
                "{}: path {:?}, expected {:?} ({fast})",
                c.input,
                fast.path(),
                c.path
            ));
        }
        let positions = ((fast.line(), fast.column()), (serde.line(), serde.column()));
        if c.same_position && positions.0 != positions.1 {
            failures.push(format!(
                "{}: fastjson at {:?} ({}), serde_json at {:?} ({serde})",
                c.input,
                positions.0,
                fast.message(),
                positions.1
            ));
        }
        if fast.line() == 0 {
            failures.push(format!("{}: fastjson gives no position ({fast})", c.input));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn nested_struct_errors() {
    check_errors::<Feed>(&[
        case(
            r#"{"statuses":[{"id":1,"text":"a","user":{"id":"x","name":""},"retweeted":null}]}"#,
            "statuses[0].user.id",
        ),
        case(
            "{\"statuses\":[\n{\"id\":1,\"text\":\"a\",\"user\":{\"id\":1,\"name\":\"\"},\"retweeted\":null},\n{\"id\":1,\"text\":\"a\",\"user\":{\"id\":1,\"name\":\"\"},\"retweeted\":null},\n{\"id\":1,\"text\":\"a\",\"user\":{\"id\":1,\"name\":\"\"},\"retweeted\":null},\n{\"id\":2,\"text\":\"b\",\"user\":{\"id\":-7,\"name\":\"\"},\"retweeted\":null}\n]}",
            "statuses[3].user.id",
        ),
        case(
            r#"{"statuses":[{"id":1,"text":"a","user":{"id":1,"name":""},"retweeted":{"id":1,"text":7}}]}"#,
            "statuses[0].retweeted.text",
        ),
        case(
            r#"{"statuses":[{"id":1,"text":"a","user":{"id":1,"name":"","tags":["x",3]},"retweeted":null}]}"#,
            "statuses[0].user.tags[1]",
        ),
        case(
            r#"{"statuses":[],"meta":{"a":1,"b":-1}}"#,
            "meta.b",
        ),
        case(
            r#"{"statuses":[],"meta":{"a":1,"b":4294967296}}"#,
            "meta.b",
        ),
        case(r#"{"statuses":{}}"#, "statuses"),
        case(r#"{"statuses":[1]}"#, "statuses[0]"),
        case(r#"[]"#, ""),
        case(r#"null"#, ""),
        case(r#"{"meta":{}}"#, ""),
        case(
            r#"{"statuses":[{"id":1,"text":"a","user":{"id":1},"retweeted":null}]}"#,
            "statuses[0].user",
        ),
        case(
            r#"{"statuses":[{"id":1,"text":"a","user":{"id":1,"name":"","id":2},"retweeted":null}]}"#,
            "statuses[0].user",
        ),
        case(
            "{\n  \"statuses\": [\n    {\"id\": 1, \"text\": \"a\\x\"}\n  ]\n}",
            "statuses[0].text",
        ),
        case(
            "{\n  \"statuses\": [\n    {\"id\": 1 \"text\": \"a\"}\n  ]\n}",
            "statuses[0]",
        ),
        case("{\"statuses\":[]", ""),
        case("{\"statuses\":[]} x", ""),
        case("{\"statuses\":[]}}", ""),
        case("{\"statuses\":[],}", ""),
        case("{\"statuses\":[1,]}", "statuses[0]"),
        case("", ""),
        case("   \n  ", ""),
        case("{\"statuses\":[{\"id\":01}]}", "statuses[0].id"),
        case("{\"statuses\":[{\"id\":1.5}]}", "statuses[0].id"),
        case("{\"statuses\":[{\"id\":18446744073709551616}]}", "statuses[0].id"),
        case("{\"statuses\":[{\"id\":1,\"text\":\"\\ud800\"}]}", "statuses[0].text"),
        case("{\"statuses\":[{\"id\":1,\"text\":\"a\nb\"}]}", "statuses[0].text"),
        case("{\"statuses\":[{\"id\":tru}]}", "statuses[0].id"),
        // serde's array form of a struct: element indices in the path, lengths checked
        case(r#"{"statuses":[[1,"t",[2,3]]]}"#, "statuses[0][2][1]"),
        case(r#"{"statuses":[[1,"t",{"id":2,"name":7}]]}"#, "statuses[0][2].name"),
        case(r#"{"statuses":[[1,"t",[2,"u"]]]}"#, "statuses[0]"),
        case(r#"{"statuses":[[1,"t",[2,"u"],null,5]]}"#, "statuses[0]"),
        case(r#"{"statuses":[[1,"t",[2,"u",[],4]]]}"#, "statuses[0][2]"),
        case(r#"{"statuses":[[1,"t",[2,"u"],[2]]]}"#, "statuses[0][3]"),
    ]);
}

#[test]
fn struct_level_errors() {
    check_errors::<Strict>(&[
        case(r#"{"a":1,"c":2}"#, ""),
        case(r#"{"a":1,"B":[1,"x"]}"#, "B[1]"),
        case(r#"{"a":1,"B":[1]}"#, "B"),
        case(r#"{"a":1,"B":[1,true,3]}"#, "B"),
        case(r#"{"a":1,"a":2}"#, ""),
        case(r#"{"a":256}"#, "a"),
        case(r#"{"B":null}"#, ""),
        case(r#"[1,null,2]"#, ""),
        case(r#"[1,[2]]"#, "[1]"),
        case(r#"{"a":1,"b":null}"#, ""),
        case("{\n\"a\" : 1 ,\n \"zz\" : 2}", ""),
        case("{\n\"a\" : 1 ,\n \"a\" \n : 2}", ""),
    ]);
    check_errors::<Pair>(&[
        case(r#"[1]"#, ""),
        case(r#"[1,"a",2]"#, ""),
        case(r#"[1,2]"#, "[1]"),
        case(r#"{"0":1}"#, ""),
    ]);
    check_errors::<Flat>(&[
        case(r#"{"id":1,"name":"x"}"#, ""),
        case(r#"{"id":1,"id":2,"name":"x"}"#, ""),
    ]);
}

#[test]
fn enum_errors() {
    check_errors::<Event>(&[
        case(
            r#"{"Login":{"user":{"id":"x","name":""}}}"#,
            "Login.user.id",
        ),
        case(r#"{"Login":{"user":{"id":1}}}"#, "Login.user"),
        case(r#"{"Login":{}}"#, "Login"),
        case(
            r#"{"Message":{"id":1,"text":"","user":{"id":1,"name":5},"retweeted":null}}"#,
            "Message.user.name",
        ),
        case(r#"{"Pair":[1,{"id":1,"name":[]}]}"#, "Pair[1].name"),
        case(r#"{"Pair":[1]}"#, "Pair"),
        case(r#"{"Ping":1}"#, "Ping"),
        // serde_json gives no position at all for this one
        known(r#""Login""#, ""),
        case(r#""Nope""#, ""),
        case(r#"{"Nope":null}"#, ""),
        case("{ \"Nope\" \n :null}", ""),
        case("{\"Ping\":null \n ,\"Ping\":null}", ""),
        case(r#"{"Ping":null,"Ping":null}"#, ""),
        case(r#"{}"#, ""),
        case(r#"[]"#, ""),
    ]);
    check_errors::<Events>(&[
        case(
            r#"{"events":["Ping",{"Login":{"user":{"id":1,"name":"","tags":[null]}}}],"internal":null,"adjacent":null}"#,
            "events[1].Login.user.tags[0]",
        ),
        // serde_json reads an internally tagged enum's fields from a buffer and reports errors
        // in them at the end of the enum's object; FastJson reports where the error is
        known(
            r#"{"events":[],"internal":{"type":"Login","user":{"id":"1","name":""}},"adjacent":null}"#,
            "internal.user.id",
        ),
        known(
            r#"{"events":[],"internal":{"type":"Message","id":1,"name":true},"adjacent":null}"#,
            "internal.name",
        ),
        case(
            r#"{"events":[],"internal":{"type":"Nope"},"adjacent":null}"#,
            "internal",
        ),
        case(
            r#"{"events":[],"internal":{"user":{}},"adjacent":null}"#,
            "internal",
        ),
        case(
            r#"{"events":[],"internal":{"type":"Ping","type":"Ping"},"adjacent":null}"#,
            "internal",
        ),
        case(
            r#"{"events":[],"internal":null,"adjacent":{"t":"Login","c":{"user":{"id":1,"name":1}}}}"#,
            "adjacent.Login.user.name",
        ),
        case(
            r#"{"events":[],"internal":null,"adjacent":{"t":"Pair","c":[1,{"id":null,"name":""}]}}"#,
            "adjacent.Pair[1].id",
        ),
        case(
            r#"{"events":[],"internal":null,"adjacent":{"t":"Pair"}}"#,
            "adjacent",
        ),
        case(
            r#"{"events":[],"internal":null,"adjacent":{"t":"Ping","t":"Ping"}}"#,
            "adjacent",
        ),
    ]);
}

#[derive(Debug, PartialEq, Serialize, Deserialize, FastJson)]
struct Gap {
    a: u8,
    #[serde(default)]
    b: u8,
    c: Option<u8>,
    #[serde(default)]
    d: u8,
}

/// The array form ending early fails at the first missing field without a default (defaults
/// in between are taken), a value's error names its field or element, a duplicate names its
/// key: message, path and position as serde_json's.
#[test]
fn array_form_lengths_and_member_errors() {
    let cases = [
        case("[]", ""),
        case("[1]", ""),
        case("[1,2]", ""),
        case("[1,2,null,4,5]", ""),
        case(r#"[1,2,"x"]"#, "[2]"),
        case(r#"[1,"x"]"#, "[1]"),
        case(r#"{"a":1,"c":"x"}"#, "c"),
        case(r#"{"d":1,"a":1,"d":2}"#, ""),
        case(r#"{"a":1,"c":null,"b":300}"#, "b"),
        case(r#"{"b":1}"#, ""),
    ];
    check_errors::<Gap>(&cases);
    // the messages of the missing and duplicate fields too
    for input in ["[]", "[1]", "[1,2]", r#"{"d":1,"a":1,"d":2}"#, r#"{"b":1}"#] {
        let fast = json_runtime::from_str::<Gap>(input).unwrap_err();
        let serde = json_tests::serde_message(&serde_json::from_str::<Gap>(input).unwrap_err());
        assert_eq!(fast.message(), serde, "{input}");
    }
    // what the array form may leave out
    assert_eq!(
        json_runtime::from_str::<Gap>("[1,2,null]").unwrap(),
        Gap {
            a: 1,
            b: 2,
            c: None,
            d: 0
        }
    );
}

/// The value, or the error's message, category, line and column, of `T` read from each input,
/// serde_json's and FastJson's (whose `Display` adds the path, so the message is compared
/// without it).
fn same_errors<T>(inputs: &[&str])
where
    T: for<'de> Deserialize<'de> + for<'de> json_runtime::FromJson<'de> + std::fmt::Debug,
{
    let mut failures = Vec::new();
    for input in inputs {
        let serde = serde_json::from_str::<T>(input)
            .map(|v| format!("{v:?}"))
            .map_err(|e| {
                (
                    json_tests::serde_message(&e),
                    format!("{:?}", e.classify()),
                    e.line(),
                    e.column(),
                )
            });
        let fast = json_runtime::from_str::<T>(input)
            .map(|v| format!("{v:?}"))
            .map_err(|e| {
                (
                    e.message().to_string(),
                    format!("{:?}", e.classify()),
                    e.line(),
                    e.column(),
                )
            });
        match (serde, fast) {
            (s, f) if s == f => {}
            (s, f) => failures.push(format!(
                "{} {input:?}: serde_json {s:?}, fastjson {f:?}",
                std::any::type_name::<T>()
            )),
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[derive(Debug, PartialEq, Deserialize, FastJson)]
struct Two {
    a: u8,
    b: u8,
}

#[derive(Debug, PartialEq, Deserialize, FastJson)]
struct None0 {}

#[derive(Debug, PartialEq, Deserialize, FastJson)]
#[serde(tag = "t", content = "c")]
enum AdjacentPair {
    X(u8),
    Y,
}

/// An array read as a fixed number of elements (a struct's array form, `[T; N]`, a tuple, a
/// `Duration`, an adjacently tagged enum's `[tag, content]`) ends as serde_json ends it once
/// its visitor is done: `]`, else `trailing comma`, `trailing characters` at the next byte, or
/// EOF; fewer elements are `invalid length`.
#[test]
fn fixed_length_arrays_end_like_serde_json() {
    let inputs = [
        "[1,2,3]",
        "[1,2 ,3]",
        "[1,2, 3]",
        "[1,2,]",
        "[1,2 3]",
        "[1,2",
        "[1,2,",
        "[1,2 x",
        "[1,2,\n 3]",
        "[1]",
        "[1,2,  ",
        "[1,2  ",
        "[1,2,[]]",
    ];
    same_errors::<Two>(&inputs);
    same_errors::<Pair>(&["[1,\"a\",2]", "[1,\"a\" 2]", "[1,\"a\","]);
    same_errors::<[u8; 2]>(&inputs);
    same_errors::<(u8, u8)>(&inputs);
    same_errors::<std::time::Duration>(&inputs);
    same_errors::<None0>(&["[1]", "[,]", "[ 1 ]", "["]);
    same_errors::<[u8; 0]>(&["[1]", "[,]", "[ 1 ]", "["]);
    same_errors::<AdjacentPair>(&[
        r#"["X",1,2]"#,
        r#"["X",1 2]"#,
        r#"["X",1,]"#,
        r#"["Y",null,3]"#,
        r#"["X"]"#,
        r#"[]"#,
    ]);
}

/// A key that is a duplicate, or unknown to a `deny_unknown_fields` struct, is an error as soon
/// as it is read, before its `:` (serde's derive checks it when the key arrives): with the `:`
/// missing or the input ending there, serde_json's error is the duplicate or unknown field.
/// Not in an internally tagged variant, which serde reads from the object it buffered whole:
/// there the syntax error comes first (but for the tag's key: `repeated_tag_keys_...`).
#[test]
fn key_errors_come_before_the_colon() {
    let inputs = [
        r#"{"a":1,"a" 2}"#,
        r#"{"a":1,"a""#,
        r#"{"a":1,"a" "#,
        r#"{"a":1,"a"
 2}"#,
        r#"{"a":1,"a" :2}"#,
        r#"{"a":1,"a":2}"#,
        r#"{"a":1,"b" 2}"#,
        r#"{"a":1,"x" 2}"#,
        r#"{"a":1,"x""#,
        r#"{"b":1,"a":1,"b" 2}"#,
        r#"{"a":1,"a"}"#,
        r#"{"a":1,"a" }"#,
        r#"{"a":1,"a" } "#,
        r#"{"a":1,"x"}"#,
    ];
    same_errors::<Two>(&inputs);
    same_errors::<Gap>(&inputs);
    same_errors::<Strict>(&[
        r#"{"x" 2}"#,
        r#"{"x""#,
        r#"{"a":1,"x" 1}"#,
        r#"{"a":1,"a" 1}"#,
        r#"{"a" 1}"#,
        r#"{"x"}"#,
        r#"{"a":1,"x" }"#,
        r#"{"x":1}"#,
    ]);
    same_errors::<InternalNamed>(&[
        r#"{"t":"X","a":1,"a" 2}"#,
        r#"{"t":"X","a":1,"a""#,
        r#"{"a":1,"t":"X","a" 2}"#,
    ]);
}

/// A tagged enum's tag (or an adjacently tagged enum's content) key seen again is serde's
/// `duplicate field` as soon as the key is read, before its `:`, wherever the tag was read:
/// first (a struct variant or a newtype of a derived struct, read in the same pass), after
/// other entries, or for a unit variant. Flattened, it is the error at the enclosing object's
/// end, after the syntax of the whole object.
#[test]
fn repeated_tag_keys_come_before_the_colon() {
    same_errors::<InternalNamed>(&[
        r#"{"t":"X","t" "Y"}"#,
        r#"{"t":"X","a":1,"t" 2}"#,
        r#"{"t":"X","t""#,
        r#"{"t":"X","t"}"#,
        r#"{"t":"X","t" }"#,
        r#"{"t":"X","t":"Y"}"#,
        r#"{"t":"Y","t" "X"}"#,
        r#"{"a":1,"t":"X","t" "Y"}"#,
        r#"{"a":1,"t":"X","a" 2}"#,
        r#"{"t":"X","b" 2}"#,
    ]);
    same_errors::<Internal>(&[
        r#"{"type":"Message","type" 1}"#,
        r#"{"type":"Message","id":1,"type" 1}"#,
        r#"{"type":"Message","id":1,"type""#,
        r#"{"type":"Message","id":1,"type"}"#,
        r#"{"type":"Message","id":1,"x" 1}"#,
        r#"{"type":"Login","type" 1}"#,
        r#"{"type":"Login","user":{"id":1,"name":"a"},"type" 1}"#,
        r#"{"type":"Ping","type" 1}"#,
        r#"{"id":1,"type":"Message","type" 1}"#,
        r#"{"type":"Login","\u0074ype" 1}"#,
    ]);
    same_errors::<InternalNamed>(&[r#"{"t":"X","\u0074" 1}"#, r#"{"a":1,"t":"X","\u0074" 1}"#]);
    same_errors::<Adjacent>(&[
        r#"{"t":"Ping","t" "Ping"}"#,
        r#"{"t":"Ping","t""#,
        r#"{"t":"Ping","t"}"#,
        r#"{"c":1,"c" 2}"#,
        r#"{"c":null,"t":"Ping","t" 1}"#,
        r#"{"t":"Pair","c":[1,{"id":1,"name":"a"}],"c" 1}"#,
        r#"{"t":"Pair","c":[1,{"id":1,"name":"a"}],"t" 1}"#,
        r#"{"t":"Ping","x" 1}"#,
        r#"{"t":"Ping","t":"Ping"}"#,
        r#"{"t":"Ping","\u0074" 1}"#,
        r#"{"c":null,"\u0063" 1}"#,
    ]);
    // With `deny_unknown_fields`, an unknown key is refused as it arrives too.
    same_errors::<AdjacentStrict>(&[
        r#"{"t":"Ping","x" 1}"#,
        r#"{"x" 1}"#,
        r#"{"t":"Ping","x"}"#,
        r#"{"t":"Ping","x""#,
        r#"{"t":"Ping","t" 1}"#,
    ]);
    // Flattened, serde reads what the enclosing object buffered: the syntax error first, and a
    // repeated key's error at the object's end.
    same_errors::<WithFlatTag>(&[
        r#"{"t":"X","t" "Y"}"#,
        r#"{"t":"X","a":1,"t"}"#,
        r#"{"n":1,"t":"X","t" 1}"#,
        // With the syntax right, the repeated key is the error there too.
        r#"{"t":"X","t":"Y"}"#,
        r#"{"n":1,"t":"X","a":1,"t":"X"}"#,
        r#"{"t":"X","t":"Y","a" 1}"#,
        r#"{"t":"X","t":5,"a":1}"#,
    ]);
    same_errors::<WithFlatAdjacent>(&[
        r#"{"t":"Ping","t":"Ping"}"#,
        r#"{"n":1,"t":"Ping","c":null,"t":"Ping"}"#,
        r#"{"c":null,"c":null,"t":"Ping"}"#,
        r#"{"t":"Ping","c":null,"c":null}"#,
        r#"{"t":"Ping","c":null}"#,
        r#"{"c":null,"t":"Ping","c":null,"t":"Ping"}"#,
        r#"{"t":"Ping","t":"Ping","x"}"#,
        r#"{"t":"Ping","t":1,"c":[]}"#,
    ]);
    // The struct's own missing field comes before any error of the flattened enum.
    same_errors::<FlatTagAfterOwn>(&[
        r#"{}"#,
        r#"{"t":"X","t":"Y"}"#,
        r#"{"t":"X","a":1}"#,
        r#"{"t":"Z","a":1}"#,
        r#"{"n":1,"t":"X","t":"Y"}"#,
        r#"{"n":1,"t":"X","a":1}"#,
    ]);
}

/// An internally tagged enum in its array form reads the first element as the variant's
/// identifier, as serde does (straight from the input, not from a buffer).
#[test]
fn internally_tagged_array_form_names_the_variant_identifier() {
    same_errors::<Internal>(&[
        "[1]",
        "[1,2]",
        "[-1.5]",
        "[null]",
        "[true,1]",
        "[[1]]",
        "[{}]",
        "[{\"a\":1}]",
        "[]",
        "[1",
        "[\"Nope\"]",
        "[\"Ping\"]",
        // No variant index here: serde reads the identifier from the input, as a string.
        "[0]",
        "[",
        "[ ",
        "[-1]",
        "[false]",
        "[x]",
        "[,1]",
        "[-]",
        "[nul]",
        "[\n [1]]",
    ]);
}

#[derive(Debug, PartialEq, Deserialize, FastJson)]
struct FlatTagAfterOwn {
    n: u8,
    #[serde(flatten)]
    e: InternalNamed,
}

#[derive(Debug, PartialEq, Deserialize, FastJson)]
struct WithFlatAdjacent {
    #[serde(default)]
    n: u8,
    #[serde(flatten)]
    e: Adjacent,
}

#[derive(Debug, PartialEq, Deserialize, FastJson)]
#[serde(tag = "t", content = "c", deny_unknown_fields)]
enum AdjacentStrict {
    Ping,
    One(u8),
}

#[derive(Debug, PartialEq, Deserialize, FastJson)]
struct WithFlatTag {
    #[serde(default)]
    n: u8,
    #[serde(flatten)]
    e: InternalNamed,
}

/// A value of the wrong type for a number names the number's type, as serde_json's visitors do;
/// the 128-bit integers are scanned as serde_json scans them (no fraction or exponent read).
#[test]
fn number_type_errors_name_the_type() {
    let wrong = ["\"x\"", "true", "null", "[]", "{}", "1.5", "-1", "1e3"];
    same_errors::<u8>(&wrong);
    same_errors::<i32>(&wrong);
    same_errors::<u64>(&wrong);
    same_errors::<i64>(&wrong);
    same_errors::<f64>(&["\"x\"", "true", "[]", "{}"]);
    same_errors::<f32>(&["\"x\"", "true", "[]", "{}"]);
    same_errors::<Option<u16>>(&["\"x\"", "true", "[]", "1.5"]);
    same_errors::<Option<f64>>(&["\"x\"", "true"]);
    same_errors::<Vec<u8>>(&["[1,2", "[\"x\"]", "[1,true]"]);
    let wide = [
        "x",
        "[]",
        "-",
        "-x",
        "-0",
        "00",
        "01",
        "1.5",
        "1e3",
        "-1.5",
        "",
        "  ",
        "-01",
        "1x",
        "true",
        "\"1\"",
        "340282366920938463463374607431768211456",
        "-170141183460469231731687303715884105729",
    ];
    same_errors::<u128>(&wide);
    same_errors::<i128>(&wide);
    same_errors::<u128>(&["-1"]);
}

#[derive(Debug, PartialEq, Deserialize, FastJson)]
#[serde(rename = "Renamed")]
struct NamedStruct {
    a: u8,
}

#[derive(Debug, PartialEq, Deserialize, FastJson)]
#[serde(rename = "RenamedTuple")]
struct NamedTuple(u8, u8);

#[derive(Debug, PartialEq, Deserialize, FastJson)]
struct Marker;

#[derive(Debug, PartialEq, Deserialize, FastJson)]
#[serde(expecting = "a thing of ours")]
struct Expecting {
    a: u8,
    b: u8,
}

#[derive(Debug, PartialEq, Deserialize, FastJson)]
#[serde(rename = "Renamed")]
enum External {
    #[serde(rename = "t")]
    Tuple(u8, u8),
    Struct {
        x: u8,
    },
    Unit,
}

#[derive(Debug, PartialEq, Deserialize, FastJson)]
#[serde(tag = "t")]
enum InternalNamed {
    X { a: u8 },
    Y,
}

/// `invalid type` and `invalid length` name what serde's visitors name: the Rust name of the
/// type and variant (not a `rename`), `1 element` in the singular, the container's `expecting`;
/// an externally tagged enum that is neither a string nor an object is serde_json's syntax
/// error `expected value`.
#[test]
fn type_errors_name_what_serde_names() {
    let values = [
        "1",
        "\"x\"",
        "[]",
        "{}",
        "[1]",
        "null",
        "true",
        "[1,2]",
        "{\"a\":1}",
    ];
    same_errors::<NamedStruct>(&values);
    same_errors::<NamedTuple>(&values);
    same_errors::<Marker>(&values);
    same_errors::<Expecting>(&values);
    same_errors::<()>(&values);
    same_errors::<std::marker::PhantomData<u8>>(&values);
    same_errors::<InternalNamed>(&["1", "\"x\"", "null", "true"]);
    same_errors::<AdjacentPair>(&["1", "\"x\"", "null", "[1]", "[[1],1]", "[null]"]);
    same_errors::<External>(&values);
    same_errors::<External>(&[
        r#"{"t":[1]}"#,
        r#"{"t":1}"#,
        r#"{"t":{}}"#,
        r#"{"Struct":[]}"#,
        r#"{"Struct":1}"#,
        r#"{"Unit":1}"#,
        r#"{"Unit":null "x"}"#,
        r#"{"Unit":null,"t":[1,2]}"#,
        r#"{"Unit":null"#,
        " ",
    ]);
}

#[derive(Debug, PartialEq, Deserialize, FastJson)]
#[serde(tag = "t")]
enum InternalSeq {
    One { x: u8 },
    Two { x: u8, y: u8 },
    Unit,
}

/// An internally tagged enum in its array form (`["Two", 1, 2]`) is read from serde's buffer,
/// which words an element too many as `invalid length N, expected K elements in sequence` (a
/// data error, without a position: only the message and category are compared).
#[test]
fn internally_tagged_array_form_lengths() {
    for input in [
        r#"["One",1,2,3]"#,
        r#"["One",1,2]"#,
        r#"["One"]"#,
        r#"["Two",1,2,3]"#,
        r#"["Two",1]"#,
        r#"["Unit",1]"#,
        r#"["Unit",1,2]"#,
    ] {
        let fast = json_runtime::from_str::<InternalSeq>(input).unwrap_err();
        let serde = serde_json::from_str::<InternalSeq>(input).unwrap_err();
        assert_eq!(
            (fast.message(), format!("{:?}", fast.classify())),
            (
                serde.to_string().as_str(),
                format!("{:?}", serde.classify())
            ),
            "{input}"
        );
    }
    same_errors::<InternalSeq>(&[r#"["One",1,]"#, r#"["One",1,2 3]"#]);
}

#[derive(Debug, PartialEq, Deserialize, FastJson)]
#[serde(tag = "t", content = "c")]
enum AdjacentKinds {
    U,
    N(u8),
    T(u8, u8),
    S { a: u8 },
}

/// The content of an adjacently tagged enum's unit and struct variants, which serde reads with
/// `deserialize_any`: another value's type is named with the variant (`unit variant
/// AdjacentKinds::U`) and positioned where serde_json's `deserialize_any` leaves it (after a
/// `[` or `{` and the closing bracket or `,` its end consumes); content before the tag is read
/// from serde's buffer and positioned after the object's `}`.
#[test]
fn adjacently_tagged_content_errors() {
    same_errors::<AdjacentKinds>(&[
        r#"{"t":"U","c":[1]}"#,
        r#"{"t":"U","c":[]}"#,
        r#"{"t":"U","c":[ ] }"#,
        r#"{"t":"U","c":[1,2]}"#,
        r#"{"t":"U","c":{}}"#,
        r#"{"t":"U","c":{ } }"#,
        r#"{"t":"U","c":{"a":1}}"#,
        r#"{"t":"U","c":1}"#,
        r#"{"t":"U","c":"x"}"#,
        r#"{"t":"U","c":null}"#,
        r#"{"t":"N","c":[1]}"#,
        r#"{"t":"T","c":[1]}"#,
        r#"{"t":"T","c":{}}"#,
        r#"{"t":"S","c":[1]}"#,
        r#"{"t":"S","c":[ ]}"#,
        r#"{"t":"S","c":[1,]}"#,
        r#"{"t":"S","c":1}"#,
        r#"{"c":[1],"t":"U"}"#,
        r#"{"c":[1],"t":"U" }"#,
        r#"{"c":[1],"t":"U","x":1}"#,
        r#"{"c":[1],"t":"S"}"#,
        r#"{"c":"x","t":"N"}"#,
        "{\"c\":1,\n\"t\":\"U\"\n}",
        r#"{"c":null,"t":"U"}"#,
        r#"{"c":{"a":1},"t":"S"}"#,
        // Cut off: after the tag (no `}`), inside the content.
        r#"{"c":[1],"t":"U""#,
        r#"{"c":[1],"t":"U" "#,
        r#"{"t":"U","c":["#,
        r#"{"t":"U","c":[1"#,
        r#"{"t":"S","c":[ "#,
    ]);
    same_errors::<AdjacentExpecting>(&[
        r#"{"t":"S","c":[1]}"#,
        r#"{"t":"S","c":1}"#,
        r#"{"t":"U","c":[1]}"#,
        r#"{"c":[1],"t":"S"}"#,
        r#"[1]"#,
    ]);
}

/// With the enum's `expecting`, which serde uses for a struct variant's content too (not for a
/// unit variant's).
#[derive(Debug, PartialEq, Deserialize, FastJson)]
#[serde(tag = "t", content = "c", expecting = "an event")]
enum AdjacentExpecting {
    U,
    S { a: u8 },
}

/// `[T; N]` nested past the depth limit: serde_json's `recursion limit exceeded` at the `[`
/// that opens one level too many, not the "no array" wording.
#[derive(Debug, PartialEq, Deserialize, FastJson)]
struct DeepArrays(Option<Box<[DeepArrays; 1]>>);

#[test]
fn fixed_length_arrays_past_the_depth_limit() {
    let deep = format!("{}null{}", "[".repeat(200), "]".repeat(200));
    let shallow = format!("{}null{}", "[".repeat(100), "]".repeat(100));
    same_errors::<DeepArrays>(&[&deep, &shallow, "{}", "[{}]"]);
}
