//! A quick end-to-end check of the derive against the runtime (the full differential suite is
//! in the json-tests crate).

use json_runtime::FastJson;
use std::collections::BTreeMap;

#[derive(FastJson, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Order {
    order_id: u64,
    customer_name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    lines: Vec<Line>,
    #[serde(default)]
    tags: Vec<String>,
}

#[derive(FastJson, Debug, PartialEq)]
struct Line {
    sku: String,
    qty: u32,
    price: f64,
}

#[derive(FastJson, Debug, PartialEq)]
enum Ext {
    A,
    B(u8),
    C(u8, String),
    D { x: i32 },
}

#[derive(FastJson, Debug, PartialEq)]
#[serde(tag = "type")]
enum Internal {
    A,
    B(Line),
    D { x: i32 },
}

#[derive(FastJson, Debug, PartialEq)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    A,
    B(u8),
    D { x: i32 },
}

#[derive(FastJson, Debug, PartialEq)]
#[serde(untagged)]
enum Untagged {
    Num(u64),
    Text(String),
    Obj { x: i32 },
}

#[derive(FastJson, Debug, PartialEq)]
struct WithFlatten {
    id: u32,
    #[serde(flatten)]
    line: Line,
    #[serde(flatten)]
    rest: BTreeMap<String, u32>,
}

#[derive(FastJson, Debug, PartialEq)]
struct Borrowed<'a> {
    name: &'a str,
}

#[derive(FastJson, Debug, PartialEq)]
struct Generic<T> {
    value: T,
}

#[test]
fn struct_round_trip() {
    let order = Order {
        order_id: 7,
        customer_name: "Acme \"R\"".into(),
        note: None,
        lines: vec![Line {
            sku: "a".into(),
            qty: 2,
            price: 1.5,
        }],
        tags: vec![],
    };
    let json = json_runtime::to_string(&order).unwrap();
    assert_eq!(
        json,
        r#"{"orderId":7,"customerName":"Acme \"R\"","lines":[{"sku":"a","qty":2,"price":1.5}],"tags":[]}"#
    );
    assert_eq!(json_runtime::from_str::<Order>(&json).unwrap(), order);
    let pretty = json_runtime::to_string_pretty(&order).unwrap();
    assert!(pretty.starts_with("{\n  \"orderId\": 7,\n"), "{pretty}");
}

#[test]
fn enums() {
    for (v, j) in [
        (Ext::A, r#""A""#),
        (Ext::B(1), r#"{"B":1}"#),
        (Ext::C(1, "x".into()), r#"{"C":[1,"x"]}"#),
        (Ext::D { x: -1 }, r#"{"D":{"x":-1}}"#),
    ] {
        assert_eq!(json_runtime::to_string(&v).unwrap(), j);
        assert_eq!(json_runtime::from_str::<Ext>(j).unwrap(), v);
    }
    for (v, j) in [
        (Internal::A, r#"{"type":"A"}"#),
        (
            Internal::B(Line {
                sku: "s".into(),
                qty: 1,
                price: 2.0,
            }),
            r#"{"type":"B","sku":"s","qty":1,"price":2.0}"#,
        ),
        (Internal::D { x: 3 }, r#"{"type":"D","x":3}"#),
    ] {
        assert_eq!(json_runtime::to_string(&v).unwrap(), j);
        assert_eq!(json_runtime::from_str::<Internal>(j).unwrap(), v);
    }
    assert_eq!(
        json_runtime::from_str::<Internal>(r#"{"x":3,"type":"D"}"#).unwrap(),
        Internal::D { x: 3 }
    );
    for (v, j) in [
        (Adjacent::A, r#"{"t":"A"}"#),
        (Adjacent::B(4), r#"{"t":"B","c":4}"#),
        (Adjacent::D { x: 3 }, r#"{"t":"D","c":{"x":3}}"#),
    ] {
        assert_eq!(json_runtime::to_string(&v).unwrap(), j);
        assert_eq!(json_runtime::from_str::<Adjacent>(j).unwrap(), v);
    }
    assert_eq!(
        json_runtime::from_str::<Adjacent>(r#"{"c":4,"t":"B"}"#).unwrap(),
        Adjacent::B(4)
    );
    for (v, j) in [
        (Untagged::Num(4), r#"4"#),
        (Untagged::Text("x".into()), r#""x""#),
        (Untagged::Obj { x: 3 }, r#"{"x":3}"#),
    ] {
        assert_eq!(json_runtime::to_string(&v).unwrap(), j);
        assert_eq!(json_runtime::from_str::<Untagged>(j).unwrap(), v);
    }
}

#[test]
fn flatten_borrow_generic() {
    let v = WithFlatten {
        id: 1,
        line: Line {
            sku: "s".into(),
            qty: 1,
            price: 2.5,
        },
        rest: [("extra".to_string(), 9)].into_iter().collect(),
    };
    let j = json_runtime::to_string(&v).unwrap();
    assert_eq!(j, r#"{"id":1,"sku":"s","qty":1,"price":2.5,"extra":9}"#);
    assert_eq!(json_runtime::from_str::<WithFlatten>(&j).unwrap(), v);

    let input = r#"{"name":"plain"}"#;
    assert_eq!(
        json_runtime::from_str::<Borrowed>(input).unwrap().name,
        "plain"
    );
    assert!(json_runtime::from_str::<Borrowed>(r#"{"name":"esc\n"}"#).is_err());

    let g = Generic {
        value: vec![1u8, 2],
    };
    assert_eq!(json_runtime::to_string(&g).unwrap(), r#"{"value":[1,2]}"#);
    assert_eq!(
        json_runtime::from_str::<Generic<Vec<u8>>>(r#"{"value":[1,2]}"#).unwrap(),
        g
    );
}

#[test]
fn errors_have_path_line_column() {
    let err = json_runtime::from_str::<Order>(
        "{\"orderId\":1,\"customerName\":\"x\",\n\"lines\":[{\"sku\":\"a\",\"qty\":-1,\"price\":1}]}",
    )
    .unwrap_err();
    assert_eq!(err.path(), "lines[0].qty");
    assert_eq!(err.line(), 2);
    let err = json_runtime::from_str::<Order>(r#"{"orderId":1}"#).unwrap_err();
    assert!(
        err.to_string().contains("missing field `customerName`"),
        "{err}"
    );
}
