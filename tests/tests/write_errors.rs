//! The fallible write path against serde_json: for the values serde_json refuses to serialize
//! (a `skip_serializing` enum variant, a `SystemTime` before the Unix epoch, a NaN or infinite
//! float map key), `to_vec` and the other entry points return an error with serde_json's
//! message and category, in compact and pretty form, however deeply the value is nested
//! (`Vec`, `Option`, maps, flatten); for all other values they return serde_json's bytes.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use json_runtime::{Category, FastJson, Format, JsonBuffer, ToJson, ToJsonKey, Writer};
use proptest::prelude::*;
use serde::Serialize;

// ---- the types --------------------------------------------------------------------------

/// A float map key, as a newtype (f64 is not `Ord`); serde forwards a newtype key to the float.
#[derive(Serialize, Debug, Clone, Copy)]
struct Key(f64);

/// The same with f32.
#[derive(Serialize, Debug, Clone, Copy)]
struct Key32(f32);

macro_rules! float_key {
    ($k:ident) => {
        impl PartialEq for $k {
            fn eq(&self, other: &Self) -> bool {
                self.cmp(other) == Ordering::Equal
            }
        }
        impl Eq for $k {}
        impl PartialOrd for $k {
            fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
                Some(self.cmp(other))
            }
        }
        impl Ord for $k {
            fn cmp(&self, other: &Self) -> Ordering {
                self.0.total_cmp(&other.0)
            }
        }
        impl ToJsonKey for $k {
            fn write_key<F: Format>(&self, w: &mut Writer<'_, F>) {
                self.0.write_key(w);
            }
        }
        // Maps name their keys in error paths.
        impl std::fmt::Display for $k {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
        // The derive reads too; a float key reads as the float does.
        impl<'de> json_runtime::FromJsonKey<'de> for $k {
            fn read_key(r: &mut json_runtime::Reader<'de>) -> json_runtime::Result<Self> {
                json_runtime::FromJsonKey::read_key(r).map($k)
            }
        }
    };
}
float_key!(Key);
float_key!(Key32);

#[derive(Serialize, FastJson, Debug, Clone)]
enum External {
    Plain(u8),
    #[serde(skip_serializing)]
    Hidden(u8),
    Named {
        x: i8,
    },
    #[serde(skip_serializing)]
    HiddenUnit,
    #[serde(skip_serializing)]
    HiddenNamed {
        y: u8,
    },
}

#[derive(Serialize, FastJson, Debug, Clone)]
#[serde(tag = "type")]
enum Internal {
    A {
        x: u8,
    },
    #[serde(skip_serializing)]
    Hidden {
        y: u8,
    },
    Unit,
    #[serde(skip_serializing)]
    HiddenUnit,
}

#[derive(Serialize, FastJson, Debug, Clone)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    A(u8),
    #[serde(skip_serializing)]
    Hidden(u8),
    Unit,
}

#[derive(Serialize, FastJson, Debug, Clone)]
#[serde(untagged)]
enum Untagged {
    Num(u8),
    #[serde(skip_serializing)]
    Hidden(String),
    Obj {
        v: bool,
    },
}

/// Flattened into [`Doc`]: its own times and keys become the enclosing object's entries.
#[derive(Serialize, FastJson, Debug, Clone)]
struct Flat {
    at: SystemTime,
    inner_keys: BTreeMap<Key, i8>,
}

#[derive(Serialize, FastJson, Debug, Clone)]
struct Doc {
    id: u32,
    external: Vec<External>,
    internal: Option<Internal>,
    adjacent: BTreeMap<String, Adjacent>,
    untagged: Vec<Untagged>,
    times: Vec<Option<SystemTime>>,
    keys: BTreeMap<Key, u8>,
    keys32: Option<BTreeMap<Key32, bool>>,
    nested_keys: Vec<BTreeMap<Key, BTreeMap<Key32, ()>>>,
    #[serde(flatten)]
    flat: Flat,
    #[serde(flatten)]
    flat_enum: Internal,
    #[serde(flatten)]
    flat_map: BTreeMap<Key, u8>,
}

// ---- the comparison ---------------------------------------------------------------------

/// `to_vec`, `to_vec_pretty`, `to_string`, `to_string_pretty`, `to_writer`,
/// `to_writer_pretty` and `JsonBuffer::write(_pretty)` agree with serde_json on Ok/Err, on the
/// bytes when Ok, and on the message and category when Err.
fn agree<T: Serialize + ToJson + std::fmt::Debug + ?Sized>(v: &T) -> Result<(), String> {
    let serde_compact = serde_json::to_vec(v).map_err(|e| e.to_string());
    let serde_pretty = serde_json::to_vec_pretty(v).map_err(|e| e.to_string());
    let mut buf = JsonBuffer::new();
    let compact = [
        ("to_vec", json_runtime::to_vec(v)),
        (
            "to_string",
            json_runtime::to_string(v).map(String::into_bytes),
        ),
        ("JsonBuffer::write", buf.write(v).map(<[u8]>::to_vec)),
        ("to_writer", {
            let mut out = Vec::new();
            json_runtime::to_writer(&mut out, v).map(|()| out)
        }),
    ];
    let pretty = [
        ("to_vec_pretty", json_runtime::to_vec_pretty(v)),
        (
            "to_string_pretty",
            json_runtime::to_string_pretty(v).map(String::into_bytes),
        ),
        (
            "JsonBuffer::write_pretty",
            buf.write_pretty(v).map(<[u8]>::to_vec),
        ),
        ("to_writer_pretty", {
            let mut out = Vec::new();
            json_runtime::to_writer_pretty(&mut out, v).map(|()| out)
        }),
    ];
    for (want, got) in [(&serde_compact, &compact[..]), (&serde_pretty, &pretty[..])] {
        for (name, result) in got {
            match (want, result) {
                (Ok(w), Ok(g)) if w == g => {}
                (Err(w), Err(g)) if *w == g.to_string() => {
                    if g.classify() != Category::Data {
                        return Err(format!("{name}: kind {:?} for {v:?}", g.classify()));
                    }
                }
                (w, g) => {
                    let g = g.as_ref().map(|b| String::from_utf8_lossy(b).into_owned());
                    let w = w.as_ref().map(|b| String::from_utf8_lossy(b).into_owned());
                    return Err(format!("{name}: {g:?}, serde_json: {w:?} for {v:?}"));
                }
            }
        }
    }
    Ok(())
}

fn check<T: Serialize + ToJson + std::fmt::Debug + ?Sized>(v: &T) {
    if let Err(e) = agree(v) {
        panic!("{e}");
    }
}

/// serde_json's error for `v` (the value must be one it refuses).
fn serde_error<T: Serialize + ?Sized>(v: &T) -> String {
    serde_json::to_vec(v).unwrap_err().to_string()
}

fn ok_flat() -> Flat {
    Flat {
        at: UNIX_EPOCH + Duration::new(1, 2),
        inner_keys: BTreeMap::from([(Key(0.5), -1)]),
    }
}

fn ok_doc() -> Doc {
    Doc {
        id: 1,
        external: vec![External::Plain(1), External::Named { x: -2 }],
        internal: Some(Internal::A { x: 3 }),
        adjacent: BTreeMap::from([
            ("a".to_string(), Adjacent::A(4)),
            ("u".into(), Adjacent::Unit),
        ]),
        untagged: vec![Untagged::Num(5), Untagged::Obj { v: true }],
        times: vec![
            Some(UNIX_EPOCH),
            None,
            Some(UNIX_EPOCH + Duration::new(7, 8)),
        ],
        keys: BTreeMap::from([(Key(-1.5), 1), (Key(1e300), 2), (Key(-0.0), 3)]),
        keys32: Some(BTreeMap::from([(Key32(0.1), true)])),
        nested_keys: vec![BTreeMap::from([(
            Key(2.0),
            BTreeMap::from([(Key32(3.5), ())]),
        )])],
        flat: ok_flat(),
        flat_enum: Internal::Unit,
        flat_map: BTreeMap::from([(Key(9.0), 9)]),
    }
}

// ---- the three cases, one by one --------------------------------------------------------

#[test]
fn skip_serializing_variants() {
    let values = [
        External::Hidden(1),
        External::HiddenUnit,
        External::HiddenNamed { y: 2 },
    ];
    for v in &values {
        check(v);
        check(&vec![External::Plain(0), v.clone()]);
        check(&Some(v.clone()));
        check(&BTreeMap::from([("k", v.clone())]));
    }
    assert_eq!(
        json_runtime::to_vec(&External::Hidden(1))
            .unwrap_err()
            .to_string(),
        "the enum variant External::Hidden cannot be serialized"
    );
    check(&Internal::Hidden { y: 1 });
    check(&Internal::HiddenUnit);
    check(&Adjacent::Hidden(1));
    check(&Untagged::Hidden("x".into()));
    check(&vec![Untagged::Num(1), Untagged::Hidden("x".into())]);
    // Flattened: the enum's flat impl refuses the variant too.
    check(&Doc {
        flat_enum: Internal::Hidden { y: 1 },
        ..ok_doc()
    });
    check(&Doc {
        internal: Some(Internal::HiddenUnit),
        ..ok_doc()
    });
}

#[test]
fn system_time_before_the_epoch() {
    let before = UNIX_EPOCH - Duration::from_nanos(1);
    assert_eq!(
        json_runtime::to_vec(&before).unwrap_err().to_string(),
        "SystemTime must be later than UNIX_EPOCH"
    );
    for t in [before, UNIX_EPOCH - Duration::from_secs(86_400 * 365)] {
        check(&t);
        check(&vec![UNIX_EPOCH, t]);
        check(&Some(t));
        check(&BTreeMap::from([("at", t)]));
        check(&Doc {
            times: vec![None, Some(t)],
            ..ok_doc()
        });
        check(&Doc {
            flat: Flat { at: t, ..ok_flat() },
            ..ok_doc()
        });
    }
    check(&UNIX_EPOCH);
    check(&SystemTime::now());
}

#[test]
fn non_finite_float_keys() {
    for k in [f64::NAN, -f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let map = BTreeMap::from([(Key(1.0), 1u8), (Key(k), 2)]);
        assert_eq!(
            json_runtime::to_vec(&map).unwrap_err().to_string(),
            serde_error(&map)
        );
        check(&map);
        check(&vec![map.clone()]);
        check(&Some(map.clone()));
        check(&BTreeMap::from([(Key32(k as f32), "v")]));
        check(&Doc {
            keys: map.clone(),
            ..ok_doc()
        });
        check(&Doc {
            nested_keys: vec![
                BTreeMap::new(),
                BTreeMap::from([(Key(1.0), BTreeMap::from([(Key32(k as f32), ())]))]),
            ],
            ..ok_doc()
        });
        check(&Doc {
            flat: Flat {
                inner_keys: BTreeMap::from([(Key(k), 0)]),
                ..ok_flat()
            },
            ..ok_doc()
        });
        check(&Doc {
            flat_map: map,
            ..ok_doc()
        });
    }
    // Values (not keys) that are NaN are written as null by both.
    check(&vec![f64::NAN, f64::INFINITY]);
}

/// The first refused value decides the message, as in serde_json (which stops there).
#[test]
fn first_error_wins() {
    let doc = Doc {
        external: vec![External::HiddenUnit],
        times: vec![Some(UNIX_EPOCH - Duration::from_secs(1))],
        ..ok_doc()
    };
    check(&doc);
    assert_eq!(
        json_runtime::to_string(&doc).unwrap_err().to_string(),
        "the enum variant External::HiddenUnit cannot be serialized"
    );
}

/// Every entry point reports the same error for the same value, whichever is refused first.
#[test]
fn every_entry_point_reports_the_error() {
    let t = vec![UNIX_EPOCH - Duration::from_secs(1)];
    let want = "SystemTime must be later than UNIX_EPOCH";
    let message = |e: json_runtime::Error| {
        assert!(e.is_data());
        e.to_string()
    };
    assert_eq!(message(json_runtime::to_vec(&t).unwrap_err()), want);
    assert_eq!(message(json_runtime::to_string(&t).unwrap_err()), want);
    assert_eq!(message(json_runtime::to_vec_pretty(&t).unwrap_err()), want);
    assert_eq!(
        message(json_runtime::to_string_pretty(&t).unwrap_err()),
        want
    );
    assert_eq!(
        message(json_runtime::to_writer(Vec::new(), &t).unwrap_err()),
        want
    );
    assert_eq!(
        message(json_runtime::to_writer_pretty(Vec::new(), &t).unwrap_err()),
        want
    );
    assert_eq!(message(JsonBuffer::new().write(&t).unwrap_err()), want);
    assert_eq!(
        message(JsonBuffer::new().write_pretty(&t).unwrap_err()),
        want
    );
    let mut lines = json_runtime::stream::LinesWriter::new(Vec::new());
    assert_eq!(message(lines.write(&t).unwrap_err()), want);
    let key = BTreeMap::from([(Key(f64::NAN), 0)]);
    assert_eq!(
        message(json_runtime::to_vec(&key).unwrap_err()),
        "float key must be finite (got NaN or +/-inf)"
    );
    assert_eq!(
        message(json_runtime::to_vec(&External::Hidden(0)).unwrap_err()),
        "the enum variant External::Hidden cannot be serialized"
    );
}

/// `to_writer` streams: a refused value leaves what came before it written, as
/// serde_json's `to_writer` does, and returns the error; I/O errors are reported as `Io`.
#[test]
fn to_writer_leaves_the_prefix_as_serde_json_does() {
    let value = vec![External::Plain(1), External::HiddenUnit, External::Plain(2)];
    let mut out = Vec::new();
    assert!(json_runtime::to_writer(&mut out, &value).is_err());
    let mut theirs = Vec::new();
    assert!(serde_json::to_writer(&mut theirs, &value).is_err());
    assert_eq!(out, theirs);

    struct Broken;
    impl std::io::Write for Broken {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk full"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let err = json_runtime::to_writer(Broken, &1u8).unwrap_err();
    assert_eq!(err.classify(), Category::Io);
    assert_eq!(err.to_string(), "disk full");
    assert_eq!(err.io_error_kind(), Some(std::io::ErrorKind::Other));
    let source = std::error::Error::source(&err).expect("the io::Error");
    assert_eq!(source.to_string(), "disk full");
    assert_eq!(std::io::Error::from(err).kind(), std::io::ErrorKind::Other);
}

/// A buffer reused after a refused value writes the next value cleanly.
#[test]
fn buffer_is_reusable_after_an_error() {
    let mut buf = JsonBuffer::new();
    assert!(buf.write(&ok_doc()).is_ok());
    assert!(buf.write(&External::Hidden(1)).is_err());
    assert_eq!(buf.write(&External::Plain(1)).unwrap(), br#"{"Plain":1}"#);
    assert!(buf.write_pretty(&vec![External::HiddenUnit]).is_err());
    assert_eq!(
        buf.write(&ok_doc()).unwrap(),
        serde_json::to_vec(&ok_doc()).unwrap()
    );
}

// ---- Ok/Err decisions beyond the three cases --------------------------------------------

#[derive(Serialize, FastJson, Debug, Clone)]
struct Body {
    n: u8,
}

/// An internally tagged newtype variant holding an `Option`: serde refuses it, `Some` or `None`
/// ("cannot serialize tagged newtype variant ... containing an optional").
#[derive(Serialize, FastJson, Debug, Clone)]
#[serde(tag = "kind")]
enum TaggedOption {
    Maybe(Option<Body>),
    Boxed(Box<Option<Body>>),
    Plain(Body),
}

#[test]
fn tagged_newtype_variant_holding_an_option() {
    check(&TaggedOption::Plain(Body { n: 1 }));
    check(&TaggedOption::Maybe(None));
    check(&TaggedOption::Maybe(Some(Body { n: 1 })));
    check(&TaggedOption::Boxed(Box::new(None)));
    check(&vec![
        TaggedOption::Plain(Body { n: 2 }),
        TaggedOption::Maybe(None),
    ]);
}

/// A flattened externally tagged enum: serde writes a unit variant as `"Variant":null`.
#[derive(Serialize, FastJson, Debug, Clone)]
enum Mode {
    Off,
    Level(u8),
    Range { lo: u8, hi: u8 },
}

#[derive(Serialize, FastJson, Debug, Clone)]
struct WithMode {
    id: u8,
    #[serde(flatten)]
    mode: Mode,
}

/// The same enum as the content of an internally tagged newtype variant.
#[derive(Serialize, FastJson, Debug, Clone)]
#[serde(tag = "t")]
enum Holder {
    Mode(Mode),
}

#[test]
fn flattened_unit_variant() {
    for mode in [Mode::Off, Mode::Level(3), Mode::Range { lo: 1, hi: 2 }] {
        check(&WithMode {
            id: 1,
            mode: mode.clone(),
        });
        check(&Holder::Mode(mode));
    }
}

// ---- the property -----------------------------------------------------------------------

/// Times within a few seconds of the epoch, on both sides.
fn time() -> impl Strategy<Value = SystemTime> {
    (-3i64..3, 0u32..1_000_000_000).prop_map(|(secs, nanos)| {
        let offset = Duration::new(secs.unsigned_abs(), nanos);
        if secs < 0 {
            UNIX_EPOCH - offset
        } else {
            UNIX_EPOCH + offset
        }
    })
}

/// Mostly ordinary floats, sometimes NaN or an infinity.
fn float() -> impl Strategy<Value = f64> {
    prop_oneof![
        8 => any::<f64>().prop_filter("finite", |f| f.is_finite()),
        2 => -1e3f64..1e3,
        1 => Just(f64::NAN),
        1 => Just(f64::INFINITY),
        1 => Just(f64::NEG_INFINITY),
    ]
}

fn keys() -> impl Strategy<Value = BTreeMap<Key, u8>> {
    prop::collection::btree_map(float().prop_map(Key), any::<u8>(), 0..3)
}

fn keys32() -> impl Strategy<Value = BTreeMap<Key32, bool>> {
    prop::collection::btree_map(float().prop_map(|f| Key32(f as f32)), any::<bool>(), 0..3)
}

fn external() -> impl Strategy<Value = External> {
    prop_oneof![
        4 => any::<u8>().prop_map(External::Plain),
        4 => any::<i8>().prop_map(|x| External::Named { x }),
        1 => any::<u8>().prop_map(External::Hidden),
        1 => Just(External::HiddenUnit),
        1 => any::<u8>().prop_map(|y| External::HiddenNamed { y }),
    ]
}

fn internal() -> impl Strategy<Value = Internal> {
    prop_oneof![
        4 => any::<u8>().prop_map(|x| Internal::A { x }),
        4 => Just(Internal::Unit),
        1 => any::<u8>().prop_map(|y| Internal::Hidden { y }),
        1 => Just(Internal::HiddenUnit),
    ]
}

fn adjacent() -> impl Strategy<Value = Adjacent> {
    prop_oneof![
        4 => any::<u8>().prop_map(Adjacent::A),
        4 => Just(Adjacent::Unit),
        1 => any::<u8>().prop_map(Adjacent::Hidden),
    ]
}

fn untagged() -> impl Strategy<Value = Untagged> {
    prop_oneof![
        4 => any::<u8>().prop_map(Untagged::Num),
        4 => any::<bool>().prop_map(|v| Untagged::Obj { v }),
        1 => "[a-z\"\\\\é]{0,4}".prop_map(Untagged::Hidden),
    ]
}

fn doc() -> impl Strategy<Value = Doc> {
    let lists = (
        any::<u32>(),
        prop::collection::vec(external(), 0..3),
        prop::option::of(internal()),
        prop::collection::btree_map("[a-c]", adjacent(), 0..3),
        prop::collection::vec(untagged(), 0..3),
        prop::collection::vec(prop::option::of(time()), 0..3),
    );
    let maps = (
        keys(),
        prop::option::of(keys32()),
        prop::collection::vec(
            prop::collection::btree_map(
                float().prop_map(Key),
                prop::collection::btree_map(float().prop_map(|f| Key32(f as f32)), Just(()), 0..2),
                0..2,
            ),
            0..2,
        ),
        time(),
        keys().prop_map(|m| m.into_iter().map(|(k, v)| (k, v as i8)).collect()),
        internal(),
        keys(),
    );
    (lists, maps).prop_map(
        |(
            (id, external, internal, adjacent, untagged, times),
            (keys, keys32, nested_keys, at, inner_keys, flat_enum, flat_map),
        )| Doc {
            id,
            external,
            internal,
            adjacent,
            untagged,
            times,
            keys,
            keys32,
            nested_keys,
            flat: Flat { at, inner_keys },
            flat_enum,
            flat_map,
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Same Ok/Err as serde_json, same bytes when Ok, same message when Err, compact and
    /// pretty, through every entry point.
    #[test]
    fn agrees_with_serde_json(v in doc()) {
            agree(&v).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn agrees_on_lone_values(t in time(), k in keys(), e in external()) {
            agree(&t).map_err(TestCaseError::fail)?;
        agree(&k).map_err(TestCaseError::fail)?;
        agree(&e).map_err(TestCaseError::fail)?;
    }
}
