//! The serde bridge (json-runtime feature `serde`): `#[fastjson(serde)]` fields and
//! `Serde<T>` values, differential against serde_json on the same types: the same bytes
//! (compact and pretty, at any depth), the same values and Ok/Err decisions, errors positioned
//! in the whole document with the bridged field's path, borrowed strings, and generated values.
//!
//! The serde-only types here have hand-written serde impls (a string form, a number form, a
//! nested map, an enum) or come from another crate (`url::Url`).

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use json_runtime::{FastJson, Serde};
use proptest::prelude::*;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use url::Url;

// ---- serde-only types ------------------------------------------------------------------------

/// Written as the string `"#<name>"`; reading checks the `#`.
#[derive(Clone, Debug, PartialEq)]
struct Tag(String);

impl Serialize for Tag {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("#{}", self.0))
    }
}

impl<'de> Deserialize<'de> for Tag {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        match s.strip_prefix('#') {
            Some(name) => Ok(Tag(name.to_string())),
            None => Err(de::Error::custom(format!(
                "tag {s:?} does not start with #"
            ))),
        }
    }
}

/// A temperature written as a number of tenths of a degree (`215` for 21.5).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Tenths(i32);

impl Serialize for Tenths {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i32(self.0)
    }
}

impl<'de> Deserialize<'de> for Tenths {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        i32::deserialize(d).map(Tenths)
    }
}

/// A sparse grid written as nested maps `{"row": {"col": value}}` by a hand-written map
/// serializer and read by a hand-written visitor.
#[derive(Clone, Debug, PartialEq, Default)]
struct Grid(Vec<(String, Vec<(String, f64)>)>);

impl Serialize for Grid {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct Row<'a>(&'a [(String, f64)]);
        impl Serialize for Row<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(Some(self.0.len()))?;
                for (k, v) in self.0 {
                    m.serialize_entry(k, v)?;
                }
                m.end()
            }
        }
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, row) in &self.0 {
            m.serialize_entry(k, &Row(row))?;
        }
        m.end()
    }
}

impl<'de> Deserialize<'de> for Grid {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct RowVisitor;
        impl<'de> Visitor<'de> for RowVisitor {
            type Value = Vec<(String, f64)>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a grid row")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Self::Value, A::Error> {
                let mut row = Vec::new();
                while let Some(entry) = a.next_entry()? {
                    row.push(entry);
                }
                Ok(row)
            }
        }
        struct Row(Vec<(String, f64)>);
        impl<'de> Deserialize<'de> for Row {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                d.deserialize_map(RowVisitor).map(Row)
            }
        }
        struct GridVisitor;
        impl<'de> Visitor<'de> for GridVisitor {
            type Value = Grid;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a grid")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Grid, A::Error> {
                let mut rows = Vec::new();
                while let Some((k, Row(row))) = a.next_entry()? {
                    rows.push((k, row));
                }
                Ok(Grid(rows))
            }
        }
        d.deserialize_map(GridVisitor)
    }
}

/// An enum with serde's derive (externally tagged: unit, newtype, tuple and struct variants).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum Shape {
    Empty,
    Circle(f64),
    Segment(i64, i64),
    Rect {
        w: u32,
        h: u32,
        label: Option<String>,
    },
}

/// Borrows from the input through serde.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Name<'a> {
    first: &'a str,
}

// ---- the FastJson types holding them ---------------------------------------------------------

#[derive(Debug, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "camelCase")]
struct Record {
    id: u32,
    #[fastjson(serde)]
    tag: Tag,
    #[fastjson(serde)]
    home_page: Url,
    #[fastjson(serde)]
    mirror: Option<Url>,
    #[fastjson(serde)]
    readings: Vec<Tenths>,
    #[fastjson(serde)]
    grid: Grid,
    #[fastjson(serde)]
    shapes: BTreeMap<String, Shape>,
    #[fastjson(serde)]
    boxed: Box<Shape>,
    links: Vec<Serde<Url>>,
    by_tag: BTreeMap<String, Serde<Tag>>,
    maybe: Option<Serde<Shape>>,
    note: String,
}

fn record() -> Record {
    Record {
        id: 7,
        tag: Tag("rust".into()),
        home_page: Url::parse("https://example.com/a b?q=1#x").unwrap(),
        mirror: None,
        readings: vec![Tenths(215), Tenths(-40)],
        grid: Grid(vec![
            ("r1".into(), vec![("c1".into(), 1.5), ("c2".into(), -0.25)]),
            ("r2".into(), vec![]),
        ]),
        shapes: [
            ("a".to_string(), Shape::Empty),
            ("b".to_string(), Shape::Circle(2.5)),
            ("c".to_string(), Shape::Segment(-1, 3)),
            (
                "d".to_string(),
                Shape::Rect {
                    w: 2,
                    h: 3,
                    label: Some("é\n\"".into()),
                },
            ),
        ]
        .into(),
        boxed: Box::new(Shape::Rect {
            w: 0,
            h: 1,
            label: None,
        }),
        links: vec![
            Serde(Url::parse("http://a.example/").unwrap()),
            Serde(Url::parse("mailto:x@y.z").unwrap()),
        ],
        by_tag: [("t".to_string(), Serde(Tag("x".into())))].into(),
        maybe: Some(Serde(Shape::Circle(0.1))),
        note: "end".into(),
    }
}

/// Same bytes as serde_json, compact and pretty, and both read back to the same value.
#[test]
fn record_writes_and_reads_like_serde_json() {
    let r = record();
    let ours = json_runtime::to_string(&r).unwrap();
    assert_eq!(ours, serde_json::to_string(&r).unwrap());
    let pretty = json_runtime::to_string_pretty(&r).unwrap();
    assert_eq!(pretty, serde_json::to_string_pretty(&r).unwrap());
    assert_eq!(json_runtime::from_str::<Record>(&ours).unwrap(), r);
    assert_eq!(json_runtime::from_str::<Record>(&pretty).unwrap(), r);
    assert_eq!(
        json_runtime::from_slice::<Record>(pretty.as_bytes()).unwrap(),
        r
    );
    // Into a reused buffer, nested deeper than the root.
    let mut buf = json_runtime::JsonBuffer::with_capacity(16);
    let list = vec![vec![r]];
    assert_eq!(
        buf.write(&list).unwrap(),
        serde_json::to_vec(&list).unwrap()
    );
    assert_eq!(
        buf.write_pretty(&list).unwrap(),
        serde_json::to_vec_pretty(&list).unwrap()
    );
}

/// An absent `#[fastjson(serde)] Option` field is `None`, as serde gives; an absent required
/// one is a missing-field error, as serde's.
#[test]
fn absent_fields_as_serde() {
    let mut v: serde_json::Value = serde_json::to_value(record()).unwrap();
    v.as_object_mut().unwrap().remove("mirror");
    v.as_object_mut().unwrap().remove("maybe");
    let text = v.to_string();
    let ours = json_runtime::from_str::<Record>(&text).unwrap();
    assert_eq!(ours, serde_json::from_str::<Record>(&text).unwrap());
    assert_eq!((ours.mirror, ours.maybe), (None, None));
    v.as_object_mut().unwrap().remove("grid");
    let text = v.to_string();
    let ours = json_runtime::from_str::<Record>(&text).unwrap_err();
    let theirs = serde_json::from_str::<Record>(&text).unwrap_err();
    assert_eq!(ours.to_string(), theirs.to_string());
}

/// Errors inside a bridged value: serde_json's message, positioned in the whole document
/// (also on later lines of a pretty document), with the path of the bridged field.
#[test]
fn errors_are_positioned_in_the_document() {
    let pretty = json_runtime::to_string_pretty(&record()).unwrap();
    let cases: Vec<(String, &str)> = vec![
        (pretty.replace("\"#rust\"", "\"rust\""), "tag"),
        (pretty.replace("https://example.com", "no url"), "homePage"),
        (pretty.replace("-40", "-4.5"), "readings"),
        (pretty.replace("-0.25", "\"x\""), "grid"),
        (pretty.replace("\"Circle\": 2.5", "\"Oval\": 2.5"), "shapes"),
        (pretty.replace("\"h\": 1", "\"h\": -1"), "boxed"),
        (pretty.replace("mailto:x@y.z", "::"), "links[1]"),
        (pretty.replace("\"#x\"", "7"), "byTag.t"),
        (pretty.replace("\"Circle\": 0.1", "\"Circle\": []"), "maybe"),
        (
            pretty.replace("\"Segment\": [\n", "\"Segment\": [1,\n"),
            "shapes",
        ),
        (pretty.replace("\"r2\": {}", "\"r2\": {]"), "grid"),
    ];
    for (input, path) in cases {
        assert_ne!(input, pretty, "the case for {path} changes nothing");
        let ours = json_runtime::from_str::<Record>(&input).unwrap_err();
        let theirs = serde_json::from_str::<Record>(&input).unwrap_err();
        assert_eq!(
            ours.to_string().split(" (path").next().unwrap(),
            theirs.to_string(),
            "{path}"
        );
        assert_eq!(ours.path(), path, "{}", theirs);
    }
}

/// A number or literal followed by garbage inside a container: the byte after the value is
/// reported as the whole-document reading reports it (not as serde_json's stream would).
#[test]
fn delimiters_after_a_bridged_value() {
    #[derive(Debug, PartialEq, Serialize, Deserialize, FastJson)]
    struct P {
        #[fastjson(serde)]
        t: Tenths,
        #[fastjson(serde)]
        s: Option<Shape>,
    }
    for input in [
        r#"{"t":1x,"s":null}"#,
        r#"{"t":1 x}"#,
        r#"{"t":1,"s":nullx}"#,
        r#"{"t":1,"s":"Empty"x}"#,
        r#"{"t":1,"s":"Empty""#,
        r#"{"t":1,"s":"Emp"#,
        r#"{"t":1"#,
        r#"{"t":1}"#,
        r#"{"t":1,"s":"Empty"}"#,
        r#"{"t":1,"s":{"Rect":{"w":1,"h":2}}}"#,
        r#"{"t":1,"s":{"Rect":{"w":1,"h":2}} } x"#,
        r#"{"t":-,"s":null}"#,
        r#"{"t":"#,
        r#"{"t":  "#,
    ] {
        let ours = json_runtime::from_str::<P>(input);
        let theirs = serde_json::from_str::<P>(input);
        match (ours, theirs) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "{input}"),
            (Err(a), Err(b)) => assert_eq!(
                a.to_string().split(" (path").next().unwrap(),
                b.to_string(),
                "{input}"
            ),
            (a, b) => panic!("{input}: {a:?} vs {b:?}"),
        }
    }
}

/// Every truncation of a document with bridged values fails as serde_json's does, at the same
/// place.
#[test]
fn every_prefix_fails_like_serde_json() {
    let text = json_runtime::to_string_pretty(&record()).unwrap();
    for end in 0..text.len() {
        let Some(prefix) = text.get(..end) else {
            continue;
        };
        let ours = json_runtime::from_str::<Record>(prefix).unwrap_err();
        let theirs = serde_json::from_str::<Record>(prefix).unwrap_err();
        // Outside bridged values FastJson's words may differ (docs/errors.md).
        assert_eq!(
            (ours.is_eof(), ours.line(), ours.column()),
            (theirs.is_eof(), theirs.line(), theirs.column()),
            "{prefix}"
        );
    }
}

/// `&str` borrowed from the input through serde's impls; an escaped string cannot be
/// borrowed, the same error as serde_json's.
#[test]
fn borrowed_strings_through_serde() {
    #[derive(Debug, PartialEq, Serialize, Deserialize, FastJson)]
    struct Doc<'a> {
        #[fastjson(serde)]
        #[serde(borrow)]
        name: Name<'a>,
        #[fastjson(serde)]
        alias: &'a str,
        #[serde(borrow)]
        more: Vec<Serde<&'a str>>,
    }
    let input = r#"{"name":{"first":"Ada"},"alias":"al","more":["x","y"]}"#;
    let doc: Doc = json_runtime::from_str(input).unwrap();
    assert_eq!(doc, serde_json::from_str::<Doc>(input).unwrap());
    let base = input.as_ptr() as usize;
    assert!((doc.name.first.as_ptr() as usize) - base < input.len());
    assert!((doc.alias.as_ptr() as usize) - base < input.len());
    assert_eq!(json_runtime::to_string(&doc).unwrap(), input);
    let escaped = r#"{"name":{"first":"A\nda"},"alias":"al","more":[]}"#;
    let ours = json_runtime::from_str::<Doc>(escaped).unwrap_err();
    let theirs = serde_json::from_str::<Doc>(escaped).unwrap_err();
    assert_eq!(ours.to_string(), format!("{theirs} (path: name)"));
}

/// `Serde<T>` as a generic parameter, a map value and a map key.
#[test]
fn serde_wrapper_in_generic_positions() {
    #[derive(Debug, PartialEq, Serialize, Deserialize, FastJson)]
    struct Page<T> {
        items: Vec<T>,
        total: u32,
    }
    let page = Page {
        items: vec![Serde(Shape::Empty), Serde(Shape::Segment(1, 2))],
        total: 2,
    };
    let json = json_runtime::to_string(&page).unwrap();
    assert_eq!(json, serde_json::to_string(&page).unwrap());
    assert_eq!(
        json_runtime::from_str::<Page<Serde<Shape>>>(&json).unwrap(),
        page
    );

    let by_url: HashMap<String, Serde<Url>> = [(
        "home".to_string(),
        Serde(Url::parse("https://x.example/").unwrap()),
    )]
    .into();
    let json = json_runtime::to_string(&by_url).unwrap();
    assert_eq!(json, serde_json::to_string(&by_url).unwrap());
    assert_eq!(
        json_runtime::from_str::<HashMap<String, Serde<Url>>>(&json).unwrap(),
        by_url
    );

    // Keys: serde_json's map-key forms (integers and bools in quotes, strings as they are).
    let keyed: BTreeMap<Serde<i64>, Serde<bool>> = [(Serde(-3), Serde(true))].into();
    let json = json_runtime::to_string(&keyed).unwrap();
    assert_eq!(json, serde_json::to_string(&keyed).unwrap());
    assert_eq!(json, r#"{"-3":true}"#);
    assert_eq!(
        json_runtime::from_str::<BTreeMap<Serde<i64>, Serde<bool>>>(&json).unwrap(),
        keyed
    );
    let urls: BTreeMap<Serde<Url>, u8> =
        [(Serde(Url::parse("http://k.example/").unwrap()), 1)].into();
    let json = json_runtime::to_string_pretty(&urls).unwrap();
    assert_eq!(json, serde_json::to_string_pretty(&urls).unwrap());
    assert_eq!(
        json_runtime::from_str::<BTreeMap<Serde<Url>, u8>>(&json).unwrap(),
        urls
    );
    for bad in [r#"{"x":1}"#, r#"{"1.5":1}"#, r#"{ "http:/" : 1}"#] {
        let ours = json_runtime::from_str::<BTreeMap<Serde<i64>, u8>>(bad).unwrap_err();
        let theirs = serde_json::from_str::<BTreeMap<i64, u8>>(bad).unwrap_err();
        assert_eq!(ours.to_string(), theirs.to_string(), "{bad}");
    }
}

/// The depth limit counts the bridged value's nesting from the document's root, as serde_json
/// reading the whole document does.
#[test]
fn depth_limit_spans_the_bridge() {
    #[derive(Debug, FastJson, Deserialize)]
    struct Deep {
        #[fastjson(serde)]
        v: serde_json::Value,
    }
    for depth in [125, 126, 127, 200] {
        let input = format!(r#"{{"v":{}{}}}"#, "[".repeat(depth), "]".repeat(depth));
        let ours = json_runtime::from_str::<Deep>(&input);
        let theirs = serde_json::from_str::<Deep>(&input);
        assert_eq!(ours.is_ok(), theirs.is_ok(), "{depth}");
        if let (Err(a), Err(b)) = (ours, theirs) {
            assert_eq!(a.to_string(), format!("{b} (path: v)"));
        }
    }
}

/// A `#[fastjson(serde)]` field in enum variants (external, internal, adjacent and untagged
/// representations), read and written like serde.
#[test]
fn serde_fields_in_enums() {
    #[derive(Debug, PartialEq, Serialize, Deserialize, FastJson)]
    enum External {
        A(#[fastjson(serde)] Url),
        B {
            #[fastjson(serde)]
            t: Tag,
        },
    }
    #[derive(Debug, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(tag = "k")]
    enum Internal {
        B {
            #[fastjson(serde)]
            t: Tag,
        },
    }
    #[derive(Debug, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(tag = "k", content = "c")]
    enum Adjacent {
        A(#[fastjson(serde)] Option<Tag>),
        B(#[fastjson(serde)] Tag),
    }
    #[derive(Debug, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(untagged)]
    enum Untagged {
        A(#[fastjson(serde)] Tenths),
        B(#[fastjson(serde)] Tag),
    }
    fn same<T>(value: T)
    where
        T: Serialize + for<'de> Deserialize<'de> + json_runtime::ToJson + PartialEq + fmt::Debug,
        T: for<'de> json_runtime::FromJson<'de>,
    {
        let json = json_runtime::to_string(&value).unwrap();
        assert_eq!(json, serde_json::to_string(&value).unwrap());
        assert_eq!(json_runtime::from_str::<T>(&json).unwrap(), value);
    }
    same(External::A(Url::parse("http://e.example/").unwrap()));
    same(External::B { t: Tag("q".into()) });
    same(Internal::B { t: Tag("q".into()) });
    same(Adjacent::A(Some(Tag("q".into()))));
    same(Adjacent::B(Tag("q".into())));
    same(Untagged::A(Tenths(3)));
    same(Untagged::B(Tag("z".into())));
    // Adjacently tagged, content absent: the `Option` is `None` as serde reads it.
    for input in [r#"{"k":"A"}"#, r#"{"k":"B"}"#] {
        let ours = json_runtime::from_str::<Adjacent>(input);
        let theirs = serde_json::from_str::<Adjacent>(input);
        assert_eq!(ours.is_ok(), theirs.is_ok(), "{input}");
        if let (Ok(a), Ok(b)) = (ours, theirs) {
            assert_eq!(a, b);
        }
    }
}

// ---- generated values ------------------------------------------------------------------------

fn tag() -> impl Strategy<Value = Tag> {
    "[a-z\\\\\"é😀 ]{0,8}".prop_map(Tag)
}

fn shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        Just(Shape::Empty),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Shape::Circle),
        (any::<i64>(), any::<i64>()).prop_map(|(a, b)| Shape::Segment(a, b)),
        (
            any::<u32>(),
            any::<u32>(),
            proptest::option::of("[ -~]{0,6}")
        )
            .prop_map(|(w, h, label)| Shape::Rect { w, h, label }),
    ]
}

fn grid() -> impl Strategy<Value = Grid> {
    proptest::collection::vec(
        (
            "[a-z]{0,3}",
            proptest::collection::vec(("[a-z\\n]{0,3}", -1e9f64..1e9), 0..3),
        ),
        0..3,
    )
    .prop_map(Grid)
}

#[derive(Debug, PartialEq, Serialize, Deserialize, FastJson)]
struct Generated {
    #[fastjson(serde)]
    tags: Vec<Tag>,
    #[fastjson(serde)]
    grid: Grid,
    shapes: Vec<Serde<Shape>>,
    #[fastjson(serde)]
    by_name: BTreeMap<String, Option<Shape>>,
    #[fastjson(serde)]
    t: Option<Tenths>,
}

fn generated() -> impl Strategy<Value = Generated> {
    (
        proptest::collection::vec(tag(), 0..3),
        grid(),
        proptest::collection::vec(shape().prop_map(Serde), 0..3),
        proptest::collection::btree_map("[a-z]{0,3}", proptest::option::of(shape()), 0..3),
        proptest::option::of(any::<i32>().prop_map(Tenths)),
    )
        .prop_map(|(tags, grid, shapes, by_name, t)| Generated {
            tags,
            grid,
            shapes,
            by_name,
            t,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Same bytes as serde_json (compact and pretty), read back to the same value.
    #[test]
    fn generated_values_like_serde_json(value in generated()) {
        let compact = json_runtime::to_string(&value).unwrap();
        prop_assert_eq!(&compact, &serde_json::to_string(&value).unwrap());
        let pretty = json_runtime::to_string_pretty(&value).unwrap();
        prop_assert_eq!(&pretty, &serde_json::to_string_pretty(&value).unwrap());
        prop_assert_eq!(&json_runtime::from_str::<Generated>(&compact).unwrap(), &value);
        prop_assert_eq!(&json_runtime::from_str::<Generated>(&pretty).unwrap(), &value);
    }

    /// One byte of a written document replaced: the same Ok/Err, value or message and position.
    #[test]
    fn mutated_documents_like_serde_json(
        value in generated(),
        at in any::<prop::sample::Index>(),
        byte in prop::sample::select(&b"[]{},:\"\\ 0-1.eEtnx#"[..]),
    ) {
        let mut bytes = json_runtime::to_vec_pretty(&value).unwrap();
        let i = at.index(bytes.len());
        bytes[i] = byte;
        let ours = json_runtime::from_slice::<Generated>(&bytes);
        let theirs = serde_json::from_slice::<Generated>(&bytes);
        match (ours, theirs) {
            (Ok(a), Ok(b)) => prop_assert_eq!(a, b),
            (Err(a), Err(b)) => {
                // Where FastJson's own readers report the error, messages may differ in words
                // (docs/errors.md); inside a bridged value they are serde_json's.
                prop_assert_eq!((a.line(), a.column()), (b.line(), b.column()), "{} vs {}", a, b);
            }
            (a, b) => prop_assert!(false, "{:?} vs {:?} for {}", a, b, String::from_utf8_lossy(&bytes)),
        }
    }
}
