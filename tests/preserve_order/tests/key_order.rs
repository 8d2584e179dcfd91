//! With serde_json's `preserve_order` on (as an application may turn it on), a `Value` or `Map`
//! read by FastJson keeps the document's key order, as serde_json's own reading does: FastJson
//! inserts into serde_json's `Map`, which is then an `IndexMap`.

use serde_json::{Map, Value};

const DOC: &str =
    r#"{"zebra":1,"apple":{"y":[{"q":1,"b":2}],"c":null},"mango":"m","apple2":[],"a":{}}"#;

#[test]
fn value_keeps_key_order() {
    let ours: Value = json_runtime::from_str(DOC).unwrap();
    let theirs: Value = serde_json::from_str(DOC).unwrap();
    let keys: Vec<&str> = ours
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    assert_eq!(keys, ["zebra", "apple", "mango", "apple2", "a"]);
    let inner: Vec<&str> = ours["apple"]["y"][0]
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    assert_eq!(inner, ["q", "b"]);
    assert_eq!(json_runtime::to_string(&ours).unwrap(), DOC);
    assert_eq!(
        json_runtime::to_string(&ours).unwrap(),
        serde_json::to_string(&theirs).unwrap()
    );
    assert_eq!(
        json_runtime::to_string_pretty(&ours).unwrap(),
        serde_json::to_string_pretty(&theirs).unwrap()
    );
}

#[test]
fn map_keeps_key_order_and_duplicates_keep_their_first_place() {
    let doc = r#"{"b":1,"a":2,"b":3}"#;
    let ours: Map<String, Value> = json_runtime::from_str(doc).unwrap();
    let theirs: Map<String, Value> = serde_json::from_str(doc).unwrap();
    assert_eq!(
        json_runtime::to_string(&ours).unwrap(),
        serde_json::to_string(&theirs).unwrap()
    );
    assert_eq!(json_runtime::to_string(&ours).unwrap(), r#"{"b":3,"a":2}"#);
}
