//! Differential tests of the runtime's std impls, with serde_json as the oracle.
//!
//! For every std type the runtime implements: writing is byte-identical to serde_json
//! (compact and pretty), and reading agrees with serde_json (both succeed with equal values,
//! or both fail) on generated values and on a table of malformed or mismatched inputs.
//! No derive here: std types only (plus one hand-written map-entries helper for key types
//! that std maps cannot hold).

// `V128<u8>` below is 129 types deep; an optimized build proves `Unpin` for it through
// `Vec`'s internals (`RawVec`, `PhantomData`), more than 256 levels.
#![recursion_limit = "512"]
// The types under test are the point.
#![allow(clippy::type_complexity)]

use std::any::type_name;
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap, HashMap, HashSet, LinkedList, VecDeque};
use std::fmt::{self, Debug};
use std::marker::PhantomData;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::num::{
    NonZeroI128, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI8, NonZeroIsize, NonZeroU128,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize,
};
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use json_runtime::{Format, FromJson, FromJsonKey, Reader, ToJson, ToJsonKey, Writer};
use proptest::prelude::*;
use serde::de::{DeserializeOwned, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

// ---- the oracle checks ----------------------------------------------------------------------

fn show(bytes: &[u8]) -> String {
    bytes.escape_ascii().to_string()
}

/// Compact and pretty output byte-identical to serde_json's.
fn writes_same<T: ToJson + Serialize + Debug + ?Sized>(v: &T) {
    let ours = json_runtime::to_vec(v).unwrap();
    let theirs = serde_json::to_vec(v).expect("serde_json writes it");
    assert_eq!(show(&ours), show(&theirs), "compact output of {v:?}");
    let ours = json_runtime::to_string_pretty(v).unwrap();
    let theirs = serde_json::to_string_pretty(v).expect("serde_json writes it");
    assert_eq!(ours, theirs, "pretty output of {v:?}");
}

/// Our output for `ours` is byte-identical to serde_json's for `theirs` (for types whose
/// serde impls are out of reach, like `Rc` without serde's `rc` feature, or without `Debug`,
/// like tuples of more than 12).
fn writes_same_as<T: ToJson + ?Sized, U: Serialize + ?Sized>(ours: &T, theirs: &U) {
    let compact = serde_json::to_string(theirs).expect("serde_json writes it");
    assert_eq!(json_runtime::to_string(ours).unwrap(), compact);
    let pretty = serde_json::to_string_pretty(theirs).unwrap();
    assert_eq!(
        json_runtime::to_string_pretty(ours).unwrap(),
        pretty,
        "pretty output of {compact}"
    );
}

/// Round trip for types without `Debug` and `PartialEq` (tuples of more than 12): values are
/// compared through serde_json's output for them.
fn roundtrip_opaque<T>(v: &T)
where
    T: ToJson + Serialize + for<'de> FromJson<'de> + DeserializeOwned,
{
    writes_same_as(v, v);
    let text = |v: &T| serde_json::to_string(v).unwrap();
    for input in [
        serde_json::to_vec(v).unwrap(),
        serde_json::to_vec_pretty(v).unwrap(),
    ] {
        agree(
            &input,
            json_runtime::from_slice::<T>(&input).map(|v| text(&v)),
            serde_json::from_slice::<T>(&input).map(|v| text(&v)),
            |a, b| a == b,
        );
    }
}

/// Both succeed with the same value (by `same`), or both fail.
fn agree<T: Debug, U: Debug>(
    input: &[u8],
    ours: json_runtime::Result<T>,
    theirs: serde_json::Result<U>,
    same: impl Fn(&T, &U) -> bool,
) {
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => assert!(
            same(a, b),
            "{} from `{}`: ours {a:?}, serde_json {b:?}",
            type_name::<T>(),
            show(input)
        ),
        (Err(_), Err(_)) => {}
        _ => panic!(
            "{} from `{}`: ours {ours:?}, serde_json {theirs:?}",
            type_name::<T>(),
            show(input)
        ),
    }
}

/// Equal values; also equal `Debug` text, which tells `-0.0` from `0.0` (skipped for hashed
/// collections, whose `Debug` order depends on the instance).
fn same_value<T: PartialEq + Debug>(a: &T, b: &T) -> bool {
    a == b && (type_name::<T>().contains("Hash") || format!("{a:?}") == format!("{b:?}"))
}

/// `from_slice` agrees with serde_json's, and so does `from_str` where the input is UTF-8.
fn reads_same<'a, T>(input: &'a [u8])
where
    T: FromJson<'a> + Deserialize<'a> + PartialEq + Debug,
{
    agree(
        input,
        json_runtime::from_slice::<T>(input),
        serde_json::from_slice::<T>(input),
        same_value::<T>,
    );
    if let Ok(text) = std::str::from_utf8(input) {
        // serde_json 1.0.154 bug: reading a bool map key from a `&str`, it consumes the key's
        // first byte before parsing the rest as a string, so a key starting with a multi-byte
        // character yields a `&str` that starts mid-character (formatting it then panics).
        // `from_slice` validates UTF-8 there and fails cleanly, as we do.
        if type_name::<T>().contains("<bool, ") && !text.is_ascii() {
            return;
        }
        agree(
            input,
            json_runtime::from_str::<T>(text),
            serde_json::from_str::<T>(text),
            same_value::<T>,
        );
    }
}

/// For `Rc`/`Arc` (serde's impls for them need its `rc` feature): ours as `P<T>`, the oracle
/// as `T`.
fn reads_same_shared<'a, T>(input: &'a [u8])
where
    T: FromJson<'a> + Deserialize<'a> + PartialEq + Debug,
{
    agree(
        input,
        json_runtime::from_slice::<Rc<T>>(input),
        serde_json::from_slice::<T>(input),
        |a, b| same_value(&**a, b),
    );
    agree(
        input,
        json_runtime::from_slice::<Arc<T>>(input),
        serde_json::from_slice::<T>(input),
        |a, b| same_value(&**a, b),
    );
}

/// Writes like serde_json, and reads serde_json's compact and pretty output like it.
fn roundtrip<T>(v: &T)
where
    T: ToJson + Serialize + for<'de> FromJson<'de> + DeserializeOwned + PartialEq + Debug,
{
    writes_same(v);
    reads_same::<T>(&serde_json::to_vec(v).unwrap());
    reads_same::<T>(&serde_json::to_vec_pretty(v).unwrap());
}

// ---- object entries with any key type -------------------------------------------------------

/// An object's entries in order, keys read as `K`. Std maps need `Hash` or `Ord` keys, which
/// floats lack; this hand-written helper reaches every key impl through each library's own map
/// key handling (serde_json's `MapKeySerializer` and `MapKey` deserializer).
#[derive(Debug, PartialEq)]
struct Entries<K, V>(Vec<(K, V)>);

impl<K: Serialize, V: Serialize> Serialize for Entries<K, V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<'de, K: Deserialize<'de>, V: Deserialize<'de>> Deserialize<'de> for Entries<K, V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct EntriesVisitor<K, V>(PhantomData<(K, V)>);
        impl<'de, K: Deserialize<'de>, V: Deserialize<'de>> Visitor<'de> for EntriesVisitor<K, V> {
            type Value = Entries<K, V>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    entries.push(entry);
                }
                Ok(Entries(entries))
            }
        }
        d.deserialize_map(EntriesVisitor(PhantomData))
    }
}

impl<K: ToJsonKey, V: ToJson> ToJson for Entries<K, V> {
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.begin_object();
        let mut first = true;
        for (k, v) in &self.0 {
            w.begin_key(first);
            first = false;
            k.write_key(w);
            w.end_key();
            v.write_json(w);
        }
        w.end_object(!first);
    }
}

impl<'de, K: FromJsonKey<'de>, V: FromJson<'de>> FromJson<'de> for Entries<K, V> {
    fn read_json(r: &mut Reader<'de>) -> json_runtime::Result<Self> {
        r.begin_object()?;
        let mut entries = Vec::new();
        let mut first = true;
        while r.has_next_entry(&mut first)? {
            let k = K::read_key(r)?;
            entries.push((k, V::read_json(r)?));
        }
        Ok(Entries(entries))
    }
}

// ---- every type, for the input tables and the fuzzers ----------------------------------------

/// Nested `Vec`s: `V128<u8>` is 128 arrays deep, one past serde_json's depth limit (127 open
/// arrays and objects).
type V2<T> = Vec<Vec<T>>;
type V8<T> = V2<V2<V2<V2<T>>>>;
type V32<T> = V8<V8<V8<V8<T>>>>;
type V128<T> = V32<V32<V32<V32<T>>>>;

/// Every scalar type: numbers, bool, char, strings, unit.
fn reads_same_scalars(input: &[u8]) {
    reads_same::<bool>(input);
    reads_same::<u8>(input);
    reads_same::<u16>(input);
    reads_same::<u32>(input);
    reads_same::<u64>(input);
    reads_same::<u128>(input);
    reads_same::<usize>(input);
    reads_same::<i8>(input);
    reads_same::<i16>(input);
    reads_same::<i32>(input);
    reads_same::<i64>(input);
    reads_same::<i128>(input);
    reads_same::<isize>(input);
    reads_same::<NonZeroU8>(input);
    reads_same::<NonZeroU16>(input);
    reads_same::<NonZeroU32>(input);
    reads_same::<NonZeroU64>(input);
    reads_same::<NonZeroU128>(input);
    reads_same::<NonZeroUsize>(input);
    reads_same::<NonZeroI8>(input);
    reads_same::<NonZeroI16>(input);
    reads_same::<NonZeroI32>(input);
    reads_same::<NonZeroI64>(input);
    reads_same::<NonZeroI128>(input);
    reads_same::<NonZeroIsize>(input);
    reads_same::<f32>(input);
    reads_same::<f64>(input);
    reads_same::<char>(input);
    reads_same::<String>(input);
    reads_same::<&str>(input);
    reads_same::<Box<str>>(input);
    reads_same::<Cow<str>>(input);
    reads_same::<()>(input);
    reads_same::<PhantomData<u8>>(input);
}

/// Every type, scalars included.
fn reads_same_all(input: &[u8]) {
    reads_same_scalars(input);
    reads_same::<Option<u8>>(input);
    reads_same::<Option<String>>(input);
    reads_same::<Option<Option<bool>>>(input);
    reads_same::<Option<()>>(input);
    reads_same::<Box<i32>>(input);
    reads_same::<Box<Vec<u8>>>(input);
    reads_same_shared::<u16>(input);
    reads_same_shared::<Vec<String>>(input);
    reads_same::<Vec<u8>>(input);
    reads_same::<Vec<i64>>(input);
    reads_same::<Vec<f64>>(input);
    reads_same::<Vec<f32>>(input);
    reads_same::<Vec<String>>(input);
    reads_same::<Vec<&str>>(input);
    reads_same::<Vec<Option<bool>>>(input);
    reads_same::<Vec<Vec<u32>>>(input);
    reads_same::<Vec<()>>(input);
    reads_same::<Box<[u8]>>(input);
    reads_same::<VecDeque<u8>>(input);
    reads_same::<LinkedList<i8>>(input);
    reads_same::<[u8; 0]>(input);
    reads_same::<[u8; 1]>(input);
    reads_same::<[u8; 2]>(input);
    reads_same::<[String; 3]>(input);
    reads_same::<(u8,)>(input);
    reads_same::<(u8, u8)>(input);
    reads_same::<(i32, String, bool)>(input);
    reads_same::<(u8, (u8, u8))>(input);
    reads_same::<HashMap<String, i32>>(input);
    reads_same::<HashMap<&str, Vec<u8>>>(input);
    reads_same::<BTreeMap<String, Option<u8>>>(input);
    reads_same::<BTreeMap<Box<str>, u8>>(input);
    reads_same::<BTreeMap<Cow<str>, u8>>(input);
    reads_same::<BTreeMap<char, u8>>(input);
    reads_same::<BTreeMap<bool, u8>>(input);
    reads_same::<BTreeMap<u8, u8>>(input);
    reads_same::<BTreeMap<u16, u8>>(input);
    reads_same::<BTreeMap<u32, u8>>(input);
    reads_same::<BTreeMap<u64, u8>>(input);
    reads_same::<BTreeMap<u128, u8>>(input);
    reads_same::<BTreeMap<usize, u8>>(input);
    reads_same::<BTreeMap<i8, u8>>(input);
    reads_same::<BTreeMap<i16, u8>>(input);
    reads_same::<BTreeMap<i32, u8>>(input);
    reads_same::<HashMap<i64, u8>>(input);
    reads_same::<BTreeMap<i128, u8>>(input);
    reads_same::<BTreeMap<isize, u8>>(input);
    reads_same::<BTreeMap<IpAddr, u8>>(input);
    reads_same::<BTreeMap<SocketAddr, u8>>(input);
    reads_same::<Entries<f32, u8>>(input);
    reads_same::<Entries<f64, u8>>(input);
    reads_same::<Entries<Ipv4Addr, u8>>(input);
    reads_same::<Entries<Ipv6Addr, u8>>(input);
    reads_same::<Entries<SocketAddrV4, u8>>(input);
    reads_same::<Entries<SocketAddrV6, u8>>(input);
    reads_same::<Entries<Box<u8>, u8>>(input);
    reads_same::<HashSet<String>>(input);
    reads_same::<BTreeSet<u8>>(input);
    reads_same::<Duration>(input);
    reads_same::<SystemTime>(input);
    reads_same::<Option<Duration>>(input);
    reads_same::<Vec<Duration>>(input);
    reads_same::<IpAddr>(input);
    reads_same::<Ipv4Addr>(input);
    reads_same::<Ipv6Addr>(input);
    reads_same::<SocketAddr>(input);
    reads_same::<SocketAddrV4>(input);
    reads_same::<SocketAddrV6>(input);
    reads_same::<Vec<IpAddr>>(input);
}

/// Reads `input` as every type on a thread with room for the deepest types.
fn reads_same_everything(input: &[u8]) {
    reads_same_all(input);
    let input = input.to_vec();
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            reads_same::<V128<u8>>(&input);
            reads_same::<Vec<V128<u8>>>(&input);
        })
        .unwrap()
        .join()
        .unwrap();
}

// ---- writing and reading generated values ---------------------------------------------------

/// Strings heavy in what needs escaping: quotes, backslashes, controls, DEL, non-ASCII.
fn tricky_string() -> impl Strategy<Value = String> {
    let ch = prop_oneof![
        4 => any::<char>(),
        2 => prop::char::range('a', 'z'),
        1 => Just('"'),
        1 => Just('\\'),
        1 => Just('/'),
        1 => (0u8..0x20).prop_map(char::from),
        1 => Just('\u{7f}'),
        1 => Just('\u{2028}'),
        1 => Just('é'),
        1 => Just('😀'),
    ];
    prop::collection::vec(ch, 0..24).prop_map(String::from_iter)
}

/// Small collections (proptest's defaults go to 100 elements, slow for little gain here).
fn small_vec<T: Arbitrary>() -> impl Strategy<Value = Vec<T>> {
    prop::collection::vec(any::<T>(), 0..8)
}
fn small_btree_map<K: Arbitrary + Ord, V: Arbitrary>() -> impl Strategy<Value = BTreeMap<K, V>> {
    prop::collection::btree_map(any::<K>(), any::<V>(), 0..8)
}
fn small_hash_map<K: Arbitrary + Eq + std::hash::Hash, V: Arbitrary>(
) -> impl Strategy<Value = HashMap<K, V>> {
    prop::collection::hash_map(any::<K>(), any::<V>(), 0..8)
}

fn duration() -> impl Strategy<Value = Duration> {
    prop_oneof![
        (any::<u64>(), 0u32..1_000_000_000).prop_map(|(s, n)| Duration::new(s, n)),
        (0u64..10, 0u32..1_000).prop_map(|(s, n)| Duration::new(s, n)),
        Just(Duration::ZERO),
        Just(Duration::MAX),
    ]
}

fn system_time() -> impl Strategy<Value = SystemTime> {
    (0u64..1 << 40, 0u32..1_000_000_000).prop_map(|(s, n)| UNIX_EPOCH + Duration::new(s, n))
}

/// Floats of every class: any bit pattern, plus the edges.
fn f64_any() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<u64>().prop_map(f64::from_bits),
        any::<f64>(),
        (-1e6f64..1e6),
        prop::sample::select(vec![
            0.0,
            -0.0,
            f64::MIN_POSITIVE,
            -f64::MIN_POSITIVE,
            f64::from_bits(1),
            f64::from_bits(0x000f_ffff_ffff_ffff),
            f64::MAX,
            f64::MIN,
            f64::EPSILON,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            1e21,
            1e22,
            1e-7,
            0.1,
            9007199254740993.0,
        ]),
    ]
}

fn f32_any() -> impl Strategy<Value = f32> {
    prop_oneof![
        any::<u32>().prop_map(f32::from_bits),
        any::<f32>(),
        prop::sample::select(vec![
            0.0,
            -0.0,
            f32::MIN_POSITIVE,
            f32::from_bits(1),
            f32::MAX,
            f32::MIN,
            f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            16777217.0,
            0.1,
        ]),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn bool_roundtrip(v: bool) { roundtrip(&v); }
    #[test]
    fn u8_roundtrip(v: u8) { roundtrip(&v); }
    #[test]
    fn u16_roundtrip(v: u16) { roundtrip(&v); }
    #[test]
    fn u32_roundtrip(v: u32) { roundtrip(&v); }
    #[test]
    fn u64_roundtrip(v: u64) { roundtrip(&v); }
    #[test]
    fn u128_roundtrip(v: u128) { roundtrip(&v); }
    #[test]
    fn usize_roundtrip(v: usize) { roundtrip(&v); }
    #[test]
    fn i8_roundtrip(v: i8) { roundtrip(&v); }
    #[test]
    fn i16_roundtrip(v: i16) { roundtrip(&v); }
    #[test]
    fn i32_roundtrip(v: i32) { roundtrip(&v); }
    #[test]
    fn i64_roundtrip(v: i64) { roundtrip(&v); }
    #[test]
    fn i128_roundtrip(v: i128) { roundtrip(&v); }
    #[test]
    fn isize_roundtrip(v: isize) { roundtrip(&v); }

    #[test]
    fn nonzero_roundtrip(
        a: NonZeroU8, b: NonZeroU16, c: NonZeroU32, d: NonZeroU64, e: NonZeroU128,
        f: NonZeroUsize, g: NonZeroI8, h: NonZeroI16, i: NonZeroI32, j: NonZeroI64,
        k: NonZeroI128, l: NonZeroIsize,
    ) {
        roundtrip(&a); roundtrip(&b); roundtrip(&c); roundtrip(&d); roundtrip(&e);
        roundtrip(&f); roundtrip(&g); roundtrip(&h); roundtrip(&i); roundtrip(&j);
        roundtrip(&k); roundtrip(&l);
    }

    /// Integers near the edges of every width, read as every scalar type.
    #[test]
    fn integer_edges_as_every_type(shift in 0u32..128, delta in -2i128..=2, neg: bool) {
        let base = 1u128 << shift;
        let magnitude = base.wrapping_add(delta as u128);
        let text = if neg { format!("-{magnitude}") } else { magnitude.to_string() };
        reads_same_scalars(text.as_bytes());
    }

    #[test]
    fn f64_roundtrip(v in f64_any()) {
        roundtrip(&v);
        if v.is_finite() {
            prop_assert_eq!(json_runtime::from_slice::<f64>(&json_runtime::to_vec(&v).unwrap()).unwrap().to_bits(), v.to_bits());
        }
    }

    #[test]
    fn f32_roundtrip(v in f32_any()) {
        roundtrip(&v);
        if v.is_finite() {
            prop_assert_eq!(json_runtime::from_slice::<f32>(&json_runtime::to_vec(&v).unwrap()).unwrap().to_bits(), v.to_bits());
        }
    }

    /// Decimal texts halfway between two adjacent f32s (or a hair off): rounding through f64
    /// first would round some of them the wrong way.
    #[test]
    fn f32_near_halfway(bits in 0u32..0x7f7f_ffff, nudge in prop::sample::select(vec!["", "0", "00000001", "99999999"])) {
        let lo = f32::from_bits(bits) as f64;
        let hi = f32::from_bits(bits + 1) as f64;
        let mid = (lo + hi) / 2.0;
        // The exact decimal expansion of `mid` (a dyadic rational), then perturbed.
        let exact = format!("{mid:.1100}");
        let exact = exact.trim_end_matches('0');
        let text = format!("{exact}{}{nudge}", if exact.ends_with('.') { "0" } else { "" });
        reads_same::<f32>(text.as_bytes());
        reads_same::<f64>(text.as_bytes());
        let neg = format!("-{text}");
        reads_same::<f32>(neg.as_bytes());
    }

    /// Number-shaped texts, valid and not (leading zeros, `-0`, fractions, huge exponents,
    /// many digits), read as every scalar type.
    #[test]
    fn number_texts_as_every_type(
        text in "-?(0|00|[1-9][0-9]{0,3}|[1-9][0-9]{15,40}|0[0-9]{1,3})(\\.[0-9]{0,30})?([eE][-+]?[0-9]{0,5})?[ ,\\]x]?"
    ) {
        reads_same_scalars(text.as_bytes());
        reads_same::<Vec<f64>>(format!("[{text}]").as_bytes());
        reads_same::<Entries<f32, u8>>(format!("{{\"{text}\":1}}").as_bytes());
        reads_same::<Entries<f64, u8>>(format!("{{\"{text}\":1}}").as_bytes());
        reads_same::<Entries<i64, u8>>(format!("{{\"{text}\":1}}").as_bytes());
        reads_same::<Entries<u128, u8>>(format!("{{\"{text}\":1}}").as_bytes());
        reads_same::<Entries<i128, u8>>(format!("{{\"{text}\":1}}").as_bytes());
    }

    /// Long decimal texts, the slow paths of correctly rounded parsing.
    #[test]
    fn long_decimals(int in "[1-9][0-9]{0,30}", frac in "[0-9]{1,40}", exp in -330i32..310) {
        let text = format!("{int}.{frac}e{exp}");
        reads_same::<f64>(text.as_bytes());
        reads_same::<f32>(text.as_bytes());
    }

    #[test]
    fn char_roundtrip(v: char) { roundtrip(&v); }

    #[test]
    fn strings_roundtrip(s in tricky_string()) {
        roundtrip(&s);
        roundtrip(&Box::<str>::from(s.as_str()));
        writes_same(&Cow::<str>::Owned(s.clone()));
        writes_same(s.as_str());
        writes_same(&Cow::Borrowed(s.as_str()));
        let json = serde_json::to_vec(&s).unwrap();
        reads_same::<&str>(&json);
        reads_same::<Cow<str>>(&json);
        reads_same::<char>(&json);
        reads_same::<IpAddr>(&json);
    }

    /// String bodies of raw bytes: escapes (good and bad), surrogates, controls, invalid UTF-8.
    #[test]
    fn string_bytes(parts in prop::collection::vec(prop::sample::select(vec![
        &b"a"[..], b"\\", b"\"", b"\\\"", b"\\\\", b"\\/", b"\\b", b"\\f", b"\\n", b"\\r", b"\\t",
        b"\\u", b"\\u0041", b"\\u00e9", b"\\uD83D", b"\\uDE00", b"\\ud800", b"\\udfff", b"\\uZZZZ",
        b"\\u12", b"\\x", b"\\'", b"\x00", b"\x1f", b"\x7f", b"\xc3\xa9", b"\xc3", b"\xa9",
        b"\xff", b"\xed\xa0\x80", b"\xf0\x9f\x98\x80", b"\xf0\x9f\x98", b"\xe2\x80\xa8", b" ",
    ]), 0..8)) {
        let body = parts.concat();
        let mut input = b"\"".to_vec();
        input.extend_from_slice(&body);
        input.push(b'"');
        reads_same::<String>(&input);
        reads_same::<&str>(&input);
        reads_same::<Box<str>>(&input);
        reads_same::<Cow<str>>(&input);
        reads_same::<char>(&input);
        reads_same::<Vec<String>>(&[b"[", &input[..], b"]"].concat());
        let object = [b"{", &input[..], b":1}"].concat();
        reads_same::<BTreeMap<String, u8>>(&object);
        reads_same::<BTreeMap<char, u8>>(&object);
        reads_same::<BTreeMap<u8, u8>>(&object);
        reads_same::<BTreeMap<bool, u8>>(&object);
        reads_same::<Entries<f64, u8>>(&object);
    }

    /// Map keys of every key type from key-shaped texts: numbers with signs, spaces, escapes.
    #[test]
    fn key_texts(key in prop::collection::vec(prop::sample::select(vec![
        "0", "1", "9", "00", "-", "+", ".", "5", "e", "E", " ", "\\u0031", "\\n", "true", "false",
        "a", "127", "128", "255", "256", "65536", "4294967296", "18446744073709551616",
        "170141183460469231731687303715884105728", "1e400", "::1", "1.2.3.4", ":80", "[::1]",
    ]), 0..5)) {
        let key = key.concat();
        let input = format!("{{\"{key}\":1}}");
        let input = input.as_bytes();
        reads_same::<BTreeMap<u8, u8>>(input);
        reads_same::<BTreeMap<u16, u8>>(input);
        reads_same::<BTreeMap<u32, u8>>(input);
        reads_same::<BTreeMap<u64, u8>>(input);
        reads_same::<BTreeMap<u128, u8>>(input);
        reads_same::<BTreeMap<i8, u8>>(input);
        reads_same::<BTreeMap<i16, u8>>(input);
        reads_same::<BTreeMap<i32, u8>>(input);
        reads_same::<BTreeMap<i64, u8>>(input);
        reads_same::<BTreeMap<i128, u8>>(input);
        reads_same::<BTreeMap<bool, u8>>(input);
        reads_same::<BTreeMap<char, u8>>(input);
        reads_same::<BTreeMap<String, u8>>(input);
        reads_same::<BTreeMap<IpAddr, u8>>(input);
        reads_same::<BTreeMap<SocketAddr, u8>>(input);
        reads_same::<Entries<u8, u8>>(input);
        reads_same::<Entries<i64, u8>>(input);
        reads_same::<Entries<f32, u8>>(input);
        reads_same::<Entries<f64, u8>>(input);
        reads_same::<Entries<bool, u8>>(input);
        reads_same::<Entries<Ipv4Addr, u8>>(input);
        reads_same::<Entries<SocketAddrV6, u8>>(input);
    }

    #[test]
    fn option_box_roundtrip(a: Option<u8>, b: Option<Option<bool>>, c in prop::option::of(tricky_string()), d: Box<i64>) {
        roundtrip(&a);
        roundtrip(&b);
        roundtrip(&c);
        roundtrip(&d);
        roundtrip(&Box::new(c.clone()));
    }

    #[test]
    fn rc_arc(v: Vec<u16>, s in tricky_string()) {
        writes_same_as(&Rc::new(v.clone()), &v);
        writes_same_as(&Arc::new(v.clone()), &v);
        writes_same_as(&Rc::<str>::from(s.as_str()), &s);
        writes_same_as(&Arc::<str>::from(s.as_str()), &s);
        writes_same_as(&vec![Rc::new(1u8), Rc::new(2)], &[1u8, 2]);
        let json = serde_json::to_vec(&v).unwrap();
        reads_same_shared::<Vec<u16>>(&json);
        let json = serde_json::to_vec(&s).unwrap();
        agree(&json, json_runtime::from_slice::<Rc<str>>(&json), serde_json::from_slice::<String>(&json), |a, b| **a == **b);
        agree(&json, json_runtime::from_slice::<Arc<str>>(&json), serde_json::from_slice::<String>(&json), |a, b| **a == **b);
    }

    #[test]
    fn sequences_roundtrip(
        a: Vec<u8>,
        b in prop::collection::vec(tricky_string(), 0..5),
        c in prop::collection::vec(f64_any(), 0..5),
        d in small_vec::<i32>().prop_map(VecDeque::from),
        e in prop::collection::vec(small_vec::<bool>(), 0..4),
        f in small_vec::<u16>().prop_map(LinkedList::from_iter),
        g in small_vec::<Option<i8>>(),
    ) {
        roundtrip(&a);
        roundtrip(&b);
        roundtrip(&c);
        roundtrip(&d);
        roundtrip(&e);
        roundtrip(&f);
        roundtrip(&g);
        roundtrip(&a.clone().into_boxed_slice());
        // A heap writes in its internal order, whichever library walks it.
        let heap: BinaryHeap<i32> = d.iter().copied().collect();
        writes_same(&heap);
        let json = serde_json::to_vec(&heap).unwrap();
        agree(&json, json_runtime::from_slice::<BinaryHeap<i32>>(&json), serde_json::from_slice::<BinaryHeap<i32>>(&json), |a, b| a.clone().into_sorted_vec() == b.clone().into_sorted_vec());
        writes_same(a.as_slice());
        writes_same(&b[..]);
        let strs: Vec<&str> = b.iter().map(String::as_str).collect();
        writes_same(&strs);
        let json = serde_json::to_vec(&strs).unwrap();
        reads_same::<Vec<&str>>(&json);
        reads_same::<Vec<Cow<str>>>(&json);
        reads_same::<Vec<Box<str>>>(&json);
    }

    #[test]
    fn arrays_roundtrip(a: [u8; 0], b: [i16; 1], c: [u32; 3], d in prop::array::uniform4(tricky_string()), e: [[bool; 2]; 2], f: [u8; 32]) {
        roundtrip(&a);
        roundtrip(&b);
        roundtrip(&c);
        roundtrip(&d);
        roundtrip(&e);
        roundtrip(&f);
        // Lengths that do not fit, both ways.
        let json = serde_json::to_vec(&c).unwrap();
        reads_same::<[u32; 2]>(&json);
        reads_same::<[u32; 4]>(&json);
        reads_same::<(u32, u32)>(&json);
        reads_same::<(u32, u32, u32, u32)>(&json);
    }

    #[test]
    fn small_tuples_roundtrip(
        a: (u8,),
        b: (i32, String),
        c: (bool, char, Option<u8>),
        d: (u8, u16, u32, u64),
        e: (i8, i16, i32, i64, i128),
        f: (u8, (u8, u8), [u8; 2], Vec<u8>, (), String),
        g: (u8, u8, u8, u8, u8, u8, u8),
        h: (u8, u8, u8, u8, u8, u8, u8, u8),
        i: (u8, u8, u8, u8, u8, u8, u8, u8, u8),
        j: (u8, u8, u8, u8, u8, u8, u8, u8, u8, u8),
    ) {
        roundtrip(&a);
        roundtrip(&b);
        roundtrip(&c);
        roundtrip(&d);
        roundtrip(&e);
        roundtrip(&f);
        roundtrip(&g);
        roundtrip(&h);
        roundtrip(&i);
        roundtrip(&j);
        roundtrip(&());
        let json = serde_json::to_vec(&d).unwrap();
        reads_same::<(u8, u16, u32)>(&json);
        reads_same::<(u8, u16, u32, u64, u8)>(&json);
    }

    #[test]
    fn big_tuples_roundtrip(x: [u8; 16], s in tricky_string(), f in f64_any()) {
        let [a, b, c, d, e, g, h, i, j, k, l, m, n, o, p, q] = x;
        roundtrip(&(a, b, c, d, e, g, h, i, j, k, l));
        roundtrip(&(a, b, c, d, e, g, h, i, j, k, l, s.clone()));
        roundtrip_opaque(&(a, b, c, d, e, g, h, i, j, k, l, m, f));
        roundtrip_opaque(&(a, b, c, d, e, g, h, i, j, k, l, m, n, Some(o)));
        roundtrip_opaque(&(a, b, c, d, e, g, h, i, j, k, l, m, n, o, p));
        roundtrip_opaque(&(a, b, c, d, e, g, h, i, j, k, l, m, n, o, p, q));
        roundtrip_opaque(&(s, a, b, c, d, e, g, h, i, j, k, l, m, n, o, (p, q)));
        let json = serde_json::to_vec(&x).unwrap();
        let text = |v: &(u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8)| serde_json::to_string(v).unwrap();
        agree(&json, json_runtime::from_slice(&json).map(|v| text(&v)), serde_json::from_slice(&json).map(|v| text(&v)), |a, b| a == b);
        let short = &json[..json.len() - 3];
        let short = [short, b"]"].concat();
        agree(&short, json_runtime::from_slice(&short).map(|v| text(&v)), serde_json::from_slice(&short).map(|v| text(&v)), |a, b| a == b);
    }

    #[test]
    fn phantom_and_unit(v: u8) {
        roundtrip(&PhantomData::<u8>);
        roundtrip(&PhantomData::<String>);
        roundtrip(&vec![(); v as usize % 4]);
        writes_same(&PhantomData::<str>);
    }

    #[test]
    fn string_keyed_maps_roundtrip(
        a in prop::collection::hash_map(tricky_string(), any::<i32>(), 0..6),
        b in prop::collection::btree_map(tricky_string(), prop::option::of(any::<u8>()), 0..6),
        c in small_btree_map::<char, bool>(),
        d in small_hash_map::<char, Vec<u8>>(),
        e in prop::collection::btree_map(tricky_string(), prop::collection::btree_map(any::<u8>(), f64_any(), 0..3), 0..4),
    ) {
        roundtrip(&a);
        roundtrip(&b);
        roundtrip(&c);
        roundtrip(&d);
        roundtrip(&e);
        let boxed: BTreeMap<Box<str>, i32> = a.iter().map(|(k, v)| (k.as_str().into(), *v)).collect();
        roundtrip(&boxed);
        let borrowed: BTreeMap<&str, i32> = a.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        writes_same(&borrowed);
        let json = serde_json::to_vec(&borrowed).unwrap();
        reads_same::<BTreeMap<&str, i32>>(&json);
        reads_same::<HashMap<Cow<str>, i32>>(&json);
    }

    #[test]
    fn integer_keyed_maps_roundtrip(
        a in small_btree_map::<u8, u8>(), b in small_btree_map::<u16, i8>(),
        c in small_hash_map::<u32, u8>(), d in small_btree_map::<u64, String>(),
        e in small_btree_map::<u128, u8>(), f in small_btree_map::<usize, u8>(),
        g in small_btree_map::<i8, u8>(), h in small_hash_map::<i16, u8>(),
        i in small_btree_map::<i32, bool>(), j in small_btree_map::<i64, u8>(),
        k in small_btree_map::<i128, u8>(), l in small_btree_map::<isize, ()>(),
        m in small_btree_map::<bool, u8>(),
    ) {
        roundtrip(&a); roundtrip(&b); roundtrip(&c); roundtrip(&d); roundtrip(&e); roundtrip(&f);
        roundtrip(&g); roundtrip(&h); roundtrip(&i); roundtrip(&j); roundtrip(&k); roundtrip(&l);
        roundtrip(&m);
        // Keys of one width read as another.
        let json = serde_json::to_vec(&j).unwrap();
        reads_same::<BTreeMap<u8, u8>>(&json);
        reads_same::<BTreeMap<i8, u8>>(&json);
        reads_same::<BTreeMap<u64, u8>>(&json);
        reads_same::<BTreeMap<u128, u8>>(&json);
        reads_same::<BTreeMap<String, u8>>(&json);
    }

    #[test]
    fn float_keys_roundtrip(a in prop::collection::vec((f64_any().prop_filter("finite", |f| f.is_finite()), any::<u8>()), 0..4),
                            b in prop::collection::vec((f32_any().prop_filter("finite", |f| f.is_finite()), any::<u8>()), 0..4)) {
        roundtrip(&Entries(a));
        roundtrip(&Entries(b));
    }

    #[test]
    fn sets_roundtrip(a in prop::collection::hash_set(tricky_string(), 0..6), b in small_vec::<i64>().prop_map(BTreeSet::from_iter), c in small_vec::<char>().prop_map(HashSet::<char>::from_iter), d in small_vec::<(u8, bool)>().prop_map(BTreeSet::from_iter)) {
        roundtrip(&a);
        roundtrip(&b);
        roundtrip(&c);
        roundtrip(&d);
    }

    #[test]
    fn time_roundtrip(d in duration(), t in system_time(), ds in prop::collection::vec(duration(), 0..3)) {
        roundtrip(&d);
        roundtrip(&t);
        roundtrip(&ds);
        roundtrip(&Some(d));
        // Field order, sequence form, and nanos that carry into the seconds.
        let (s, n) = (d.as_secs(), d.subsec_nanos());
        for input in [
            format!("{{\"nanos\":{n},\"secs\":{s}}}"),
            format!("[{s},{n}]"),
            format!("[{s},{n},0]"),
            format!("[{s}]"),
            format!("{{\"secs\":{s},\"nanos\":{}}}", n as u64 + 1_000_000_000),
            format!("{{\"secs\":{s},\"nanos\":{}}}", u32::MAX),
            format!("{{\"secs\":{s}}}"),
            format!("{{\"secs\":{s},\"nanos\":{n},\"secs\":{s}}}"),
            format!("{{ \"secs\" : {s} , \"nanos\" : {n} , \"extra\" : 1 }}"),
        ] {
            reads_same::<Duration>(input.as_bytes());
            let input = input.replace("secs", "secs_since_epoch").replace("nanos", "nanos_since_epoch");
            reads_same::<SystemTime>(input.as_bytes());
        }
    }

    #[test]
    fn net_roundtrip(a: IpAddr, b: Ipv4Addr, c: Ipv6Addr, d: SocketAddr, e: SocketAddrV4, f: SocketAddrV6) {
        roundtrip(&a);
        roundtrip(&b);
        roundtrip(&c);
        roundtrip(&d);
        roundtrip(&e);
        roundtrip(&f);
        // Each form read as every other address type.
        for json in [
            serde_json::to_vec(&a).unwrap(),
            serde_json::to_vec(&c).unwrap(),
            serde_json::to_vec(&d).unwrap(),
            serde_json::to_vec(&f).unwrap(),
        ] {
            reads_same::<IpAddr>(&json);
            reads_same::<Ipv4Addr>(&json);
            reads_same::<Ipv6Addr>(&json);
            reads_same::<SocketAddr>(&json);
            reads_same::<SocketAddrV4>(&json);
            reads_same::<SocketAddrV6>(&json);
        }
        let map: BTreeMap<IpAddr, SocketAddr> = [(a, d)].into_iter().collect();
        roundtrip(&map);
        let map: HashMap<SocketAddrV6, Ipv4Addr> = [(f, b)].into_iter().collect();
        roundtrip(&map);
        roundtrip(&Entries(vec![(b, 1u8)]));
        roundtrip(&Entries(vec![(c, e)]));
        roundtrip(&Entries(vec![(e, ())]));
    }

    /// Random token soups: structure errors of every kind, read as every type.
    #[test]
    fn token_soup(tokens in prop::collection::vec(prop::sample::select(vec![
        "[", "]", "{", "}", ",", ":", " ", "\n", "null", "true", "false", "nul", "0", "1", "-1", "-0",
        "1.5", "256", "1e400", "\"\"", "\"a\"", "\"ab\"", "\"1\"", "\"true\"", "\"secs\"", "\"nanos\"",
        "\"secs_since_epoch\"", "\"nanos_since_epoch\"", "\"::1\"", "\"1.2.3.4:5\"", "\"\\n\"",
    ]), 0..10)) {
        reads_same_all(tokens.concat().as_bytes());
    }
}

// ---- tables of malformed and mismatched inputs ----------------------------------------------

/// Inputs read as every type: each must be accepted by both or rejected by both.
const INPUTS: &[&[u8]] = &[
    // Nothing, whitespace, literals.
    b"",
    b" ",
    b" \t\r\n",
    b"\x0c1",
    b"\xef\xbb\xbf1",
    b"null",
    b" null ",
    b"nul",
    b"nulll",
    b"NULL",
    b"true",
    b"false",
    b"tru",
    b"True",
    b"truefalse",
    // Integers: edges of every width, signs, leading zeros, fractions, exponents.
    b"0",
    b"-0",
    b"+0",
    b"+1",
    b"00",
    b"01",
    b"-01",
    b"1",
    b"-1",
    b"127",
    b"128",
    b"-128",
    b"-129",
    b"255",
    b"256",
    b"32767",
    b"32768",
    b"-32768",
    b"-32769",
    b"65535",
    b"65536",
    b"2147483647",
    b"2147483648",
    b"-2147483648",
    b"-2147483649",
    b"4294967295",
    b"4294967296",
    b"9223372036854775807",
    b"9223372036854775808",
    b"-9223372036854775808",
    b"-9223372036854775809",
    b"18446744073709551615",
    b"18446744073709551616",
    b"-18446744073709551616",
    b"170141183460469231731687303715884105727",
    b"170141183460469231731687303715884105728",
    b"-170141183460469231731687303715884105728",
    b"-170141183460469231731687303715884105729",
    b"340282366920938463463374607431768211455",
    b"340282366920938463463374607431768211456",
    b"-340282366920938463463374607431768211456",
    b"1.0",
    b"-1.0",
    b"1.5",
    b"1e2",
    b"1E2",
    b"1e+2",
    b"1e-2",
    b"100e-2",
    b"0.0",
    b"-0.0",
    b"0e0",
    b"-0e0",
    // Floats: malformed, out of range, underflow, subnormal, many digits.
    b"1.",
    b".5",
    b"-.5",
    b"1.e5",
    b"1e",
    b"1e+",
    b"1e-",
    b"-",
    b"--1",
    b"- 1",
    b"1 2",
    b"0x10",
    b"1_000",
    b"NaN",
    b"Infinity",
    b"-Infinity",
    b"1e308",
    b"1.7976931348623157e308",
    b"1.7976931348623158e308",
    b"1.7976931348623159e308",
    b"1e309",
    b"1e400",
    b"-1e400",
    b"1e-400",
    b"-1e-400",
    b"0e400",
    b"0e99999999999999999999",
    b"1e99999999999999999999",
    b"1e-99999999999999999999",
    b"-0e-99999999999999999999",
    b"4.9406564584124654e-324",
    b"2.4703282292062327e-324",
    b"2.4703282292062328e-324",
    b"2.2250738585072011e-308",
    b"2.2250738585072014e-308",
    b"3.4028234663852886e38",
    b"3.4028235677973366e38",
    b"3.4028236e38",
    b"3.5e38",
    b"1e39",
    b"-1e39",
    b"1e-46",
    b"7e-46",
    b"1.401298464324817e-45",
    b"1.1754943508222875e-38",
    b"16777217",
    b"16777217.000000001",
    b"9007199254740993",
    b"9007199254740993.0000000001",
    b"0.1000000000000000055511151231257827021181583404541015625",
    b"123456789012345678901234567890",
    b"123456789012345678901234567890.123456789012345678901234567890e-10",
    b"0.000000000000000000000000000000000000000000000000000000000000000000001",
    b"1.00000000000000011102230246251565404236316680908203125",
    b"1.00000000000000011102230246251565404236316680908203124",
    b"1.00000006e0",
    b"1.000000059604644775390625",
    b"1.000000059604644775390624",
    b"1.000000059604644775390626",
    // Strings: escapes, surrogates, controls, invalid UTF-8, unterminated.
    b"\"\"",
    b"\"a\"",
    b"\"ab\"",
    b"\"\xc3\xa9\"",
    b"\"\\u00e9\"",
    b"\"\\u00E9\"",
    b"\"\\uD83D\\uDE00\"",
    b"\"\\ud83d\\ude00x\"",
    b"\"\\uD83D\"",
    b"\"\\uDE00\"",
    b"\"\\uD83Dx\"",
    b"\"\\uD83D\\n\"",
    b"\"\\uD83D\\u0041\"",
    b"\"\\uD83D\\uD83D\"",
    b"\"\\u0000\"",
    b"\"\\u12\"",
    b"\"\\u12G4\"",
    b"\"\\x41\"",
    b"\"\\'\"",
    b"\"\\/\"",
    b"\"\\\"\"",
    b"\"\\\\\"",
    b"\"\\b\\f\\n\\r\\t\"",
    b"\"\x00\"",
    b"\"\x1f\"",
    b"\"\t\"",
    b"\"\n\"",
    b"\"\x7f\"",
    b"\"\xff\"",
    b"\"\xc3\"",
    b"\"\xc3(\"",
    b"\"\xed\xa0\x80\"",
    b"\"\xf0\x9f\x98\x80\"",
    b"\"\xf4\x90\x80\x80\"",
    b"\"\xc0\xaf\"",
    b"\"abc",
    b"\"\\",
    b"\"\\u",
    b"\"\\uD83D\\u",
    b"'a'",
    b"\"1\"",
    b"\"-1\"",
    b"\"1.5\"",
    b"\"true\"",
    b"\"null\"",
    // Addresses.
    b"\"127.0.0.1\"",
    b"\"1.2.3\"",
    b"\"256.0.0.1\"",
    b"\"01.2.3.4\"",
    b"\"::1\"",
    b"\"::ffff:1.2.3.4\"",
    b"\"fe80::1%2\"",
    b"\"1.2.3.4:80\"",
    b"\"1.2.3.4:65536\"",
    b"\"[::1]:80\"",
    b"\"[::1%3]:80\"",
    b"\"[::1]\"",
    b"\" 1.2.3.4\"",
    b"\"\\u0031.2.3.4\"",
    // Arrays: lengths, trailing commas, missing commas, unterminated, nesting.
    b"[]",
    b"[ ]",
    b"[0]",
    b"[1]",
    b"[1,2]",
    b"[1,2,3]",
    b"[1,2,3,4]",
    b"[1,]",
    b"[1, ]",
    b"[1,  ]",
    b"[1, 2]",
    b"[1,  2]",
    b"[1 ,2]",
    b"[ 1]",
    b"[1, ,2]",
    b"[1,\n2]",
    b"[, 1]",
    b"[1, 2 ]",
    b"[[1], [2]]",
    b"[1, 2",
    b"[1, ",
    b"[,1]",
    b"[1,,2]",
    b"[1 2]",
    b"[1;2]",
    b"[1",
    b"[1,",
    b"[",
    b"]",
    b"[]]",
    b"[[]]",
    b"[[1,2],[3]]",
    b"[null]",
    b"[null,true]",
    b"[true,false,null]",
    b"[\"a\"]",
    b"[\"a\",\"b\",\"c\"]",
    b"[\"a\",\"b\",\"c\",\"d\"]",
    b"[1,\"a\",true]",
    b"[-1,\"a\",true]",
    b"[1,[2,3]]",
    b"[1,[2,3,4]]",
    b"[1.5]",
    b"[1e400]",
    b"[-0]",
    b"[1] ",
    b"[1] x",
    b"[1],",
    b"[1][2]",
    // Objects: keys of every shape, duplicates, trailing commas, missing colons.
    b"{}",
    b"{ }",
    b"{\"a\":1}",
    b"{\"a\":1,\"b\":2}",
    b"{\"a\":1,\"a\":2}",
    b"{\"a\":1,}",
    b"{,\"a\":1}",
    b"{\"a\" 1}",
    b"{\"a\":}",
    b"{\"a\"}",
    b"{\"a\":1",
    b"{\"a\":1 \"b\":2}",
    b"{1:1}",
    b"{a:1}",
    b"{'a':1}",
    b"{null:1}",
    b"{\"\":1}",
    b"{\"\\u0061\":1}",
    b"{\"a\\n\":1}",
    b"{\"\xff\":1}",
    b"{\"\\uDE00\":1}",
    b"{\"a\":[1,2]}",
    b"{\"a\":null}",
    b"{\"a\":\"b\"}",
    b"{\"0\":1}",
    b"{\"1\":1}",
    b"{\"1\":1,\"1\":2}",
    b"{\"01\":1}",
    b"{\"-0\":1}",
    b"{\"-1\":1}",
    b"{\"+1\":1}",
    b"{\" 1\":1}",
    b"{\"1 \":1}",
    b"{\"1.0\":1}",
    b"{\"1e2\":1}",
    b"{\"1e400\":1}",
    b"{\"-\":1}",
    b"{\"\\u0031\":1}",
    b"{\"1\\u0030\":1}",
    b"{\"255\":1}",
    b"{\"256\":1}",
    b"{\"-128\":1}",
    b"{\"-129\":1}",
    b"{\"18446744073709551616\":1}",
    b"{\"-9223372036854775809\":1}",
    b"{\"340282366920938463463374607431768211455\":1}",
    b"{\"340282366920938463463374607431768211456\":1}",
    b"{\"-170141183460469231731687303715884105729\":1}",
    b"{\"NaN\":1}",
    b"{\"3.4028236e38\":1}",
    b"{\"true\":1}",
    b"{\"false\":1}",
    b"{\"True\":1}",
    b"{\"\\u0074rue\":1}",
    b"{\"true \":1}",
    b"{\"tru\":1}",
    b"{\"x\":1}",
    b"{\"xy\":1}",
    b"{\"\\u00e9\":1}",
    b"{\"127.0.0.1\":1}",
    b"{\"::1\":1}",
    b"{\"1.2.3.4:80\":1}",
    b"{\"[::1]:80\":1}",
    b"{\"\\u0031.2.3.4:80\":1}",
    b"{\"a\":1}x",
    b"{\"a\":1}}",
    b"{\"a\":{\"b\":{}}}",
    // Duration and SystemTime: field order, missing, duplicate, unknown, overflow, seq form.
    b"{\"secs\":1,\"nanos\":2}",
    b"{\"nanos\":2,\"secs\":1}",
    b"{ \"secs\" : 1 , \"nanos\" : 2 }",
    b"{\"secs\":1}",
    b"{\"nanos\":2}",
    b"{\"secs\":1,\"nanos\":2,\"secs\":3}",
    b"{\"secs\":1,\"nanos\":2,\"nanos\":3}",
    b"{\"secs\":1,\"nanos\":2,\"x\":3}",
    b"{\"x\":3,\"secs\":1,\"nanos\":2}",
    b"{\"secs\":1,\"nanos\":2,}",
    b"{\"se\\u0063s\":1,\"nanos\":2}",
    b"{\"secs\":-1,\"nanos\":2}",
    b"{\"secs\":1.0,\"nanos\":2}",
    b"{\"secs\":\"1\",\"nanos\":2}",
    b"{\"secs\":null,\"nanos\":2}",
    b"{\"secs\":1,\"nanos\":4294967296}",
    b"{\"secs\":1,\"nanos\":1000000000}",
    b"{\"secs\":1,\"nanos\":4294967295}",
    b"{\"secs\":18446744073709551615,\"nanos\":999999999}",
    b"{\"secs\":18446744073709551615,\"nanos\":1000000000}",
    b"{\"secs\":18446744073709551611,\"nanos\":4294967295}",
    b"{\"secs\":18446744073709551612,\"nanos\":4294967295}",
    b"{\"secs\":18446744073709551616,\"nanos\":0}",
    b"{\"secs_since_epoch\":1,\"nanos_since_epoch\":2}",
    b"{\"nanos_since_epoch\":2,\"secs_since_epoch\":1}",
    b"{\"secs_since_epoch\":1}",
    b"{\"secs_since_epoch\":1,\"nanos_since_epoch\":2,\"secs\":1}",
    b"{\"secs_since_epoch\":1,\"nanos_since_epoch\":2,\"nanos_since_epoch\":2}",
    b"{\"secs_since_epoch\":1,\"nanos_since_epoch\":1000000000}",
    b"{\"secs_since_epoch\":9223372036854775807,\"nanos_since_epoch\":999999999}",
    b"{\"secs_since_epoch\":9223372036854775808,\"nanos_since_epoch\":0}",
    b"{\"secs_since_epoch\":18446744073709551615,\"nanos_since_epoch\":0}",
    b"{\"secs_since_epoch\":18446744073709551615,\"nanos_since_epoch\":1000000000}",
    b"[1,2,3]",
    b"[18446744073709551615,1000000000]",
    b"[1,-2]",
    b"[1,4294967296]",
    b"[\"1\",2]",
    // Nesting near the depth limit is in `depth_limit`.
    b"[[[[[[[[[[1]]]]]]]]]]",
    b"{\"a\":{\"a\":{\"a\":{\"a\":1}}}}",
];

#[test]
fn table_as_every_type() {
    for input in INPUTS {
        reads_same_everything(input);
        // Between 40 spaces: the number scanner's windows need 16-32 bytes of input after a
        // number and 16 before its last digit, and the 32-byte string blocks need room after
        // a string, so without padding these short inputs only reach the general paths.
        let mut padded = vec![b' '; 40];
        padded.extend_from_slice(input);
        padded.extend_from_slice(&[b' '; 40]);
        reads_same_everything(&padded);
        // Inside an array, an option, and as an object value.
        let mut wrapped = b"[".to_vec();
        wrapped.extend_from_slice(input);
        wrapped.push(b']');
        reads_same::<Vec<u8>>(&wrapped);
        reads_same::<Vec<i128>>(&wrapped);
        reads_same::<Vec<u128>>(&wrapped);
        reads_same::<Vec<f32>>(&wrapped);
        reads_same::<Vec<Option<String>>>(&wrapped);
        reads_same::<Vec<Duration>>(&wrapped);
        reads_same::<(Option<u8>,)>(&wrapped);
        let mut object = b"{\"k\":".to_vec();
        object.extend_from_slice(input);
        object.push(b'}');
        reads_same::<BTreeMap<String, u8>>(&object);
        reads_same::<HashMap<&str, Option<i64>>>(&object);
        reads_same::<BTreeMap<String, Vec<u8>>>(&object);
        reads_same::<BTreeMap<String, f64>>(&object);
    }
}

#[test]
fn depth_limit() {
    let nest = |depth: usize, inner: &str| {
        format!("{}{inner}{}", "[".repeat(depth), "]".repeat(depth)).into_bytes()
    };
    for depth in [1, 2, 126, 127, 128, 129, 200] {
        for inner in ["", "1", "[]", "\"x\"", "1,", "null"] {
            reads_same_everything(&nest(depth, inner));
        }
    }
    // Deep inside containers the types do not reach (rejected, not overflowing the stack).
    let deep_objects = format!("{}1{}", "{\"a\":".repeat(200), "}".repeat(200));
    reads_same_everything(deep_objects.as_bytes());
    reads_same_everything(&nest(100_000, ""));
}

#[test]
fn serialize_edge_values() {
    writes_same(&f64::NAN);
    writes_same(&-f64::NAN);
    writes_same(&f32::INFINITY);
    writes_same(&vec![
        f64::NEG_INFINITY,
        -0.0,
        0.0,
        5e-324,
        1e21,
        1e-7,
        123456789.0,
    ]);
    writes_same(&Option::<f64>::None);
    writes_same(&(u128::MAX, i128::MIN, u64::MAX, i64::MIN));
    writes_same(&Duration::MAX);
    writes_same(&UNIX_EPOCH);
    writes_same(&"\u{0}\u{1f}\u{7f}\u{80}\u{2028}\u{2029}\u{fffd}\u{10ffff}");
    let empty_map: BTreeMap<String, u8> = BTreeMap::new();
    writes_same(&empty_map);
    writes_same(&Vec::<u8>::new());
    writes_same(&vec![Vec::<u8>::new(), vec![1]]);
    writes_same(&vec![empty_map.clone(), empty_map]);
    let nested: BTreeMap<&str, BTreeMap<u8, Vec<Option<(bool, char)>>>> = [
        (
            "a",
            [(1, vec![None, Some((true, 'x'))]), (2, vec![])]
                .into_iter()
                .collect(),
        ),
        ("b", BTreeMap::new()),
    ]
    .into_iter()
    .collect();
    writes_same(&nested);
    writes_same(&Entries(vec![
        (1.5f64, 1u8),
        (-0.0, 2),
        (1e300, 3),
        (f64::MIN_POSITIVE, 4),
    ]));
    writes_same(&Entries(vec![(true, 1u8), (false, 2)]));
    writes_same(&Entries(vec![(Box::new(7u8), 'x')]));
}

/// Where serde_json refuses to write, writing cannot fail here: it panics instead.
#[test]
fn unwritable_values_panic() {
    let before_epoch = UNIX_EPOCH - Duration::from_secs(1);
    assert!(serde_json::to_vec(&before_epoch).is_err());
    assert!(std::panic::catch_unwind(|| json_runtime::to_vec(&before_epoch).unwrap()).is_err());
    for key in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let entries = Entries(vec![(key, 1u8)]);
        assert!(serde_json::to_vec(&entries).is_err());
        assert!(std::panic::catch_unwind(|| json_runtime::to_vec(&entries).unwrap()).is_err());
    }
}

/// Messages for the cases where the runtime words its errors like serde (and serde_json).
#[test]
fn error_messages_like_serde() {
    fn message<'a, T: FromJson<'a> + Deserialize<'a> + Debug>(input: &'a str) {
        let ours = json_runtime::from_str::<T>(input).unwrap_err();
        let theirs = json_tests::serde_message(&serde_json::from_str::<T>(input).unwrap_err());
        assert_eq!(ours.message(), theirs, "{} from {input}", type_name::<T>());
    }
    message::<IpAddr>("\"1.2.3\"");
    message::<Ipv4Addr>("\"::1\"");
    message::<Ipv6Addr>("\"1.2.3.4\"");
    message::<SocketAddr>("\"1.2.3.4\"");
    message::<SocketAddrV4>("\"[::1]:1\"");
    message::<SocketAddrV6>("\"1.2.3.4:1\"");
    message::<BTreeMap<IpAddr, u8>>("{\"x\":1}");
    message::<Duration>("{\"secs\":1}");
    message::<Duration>("{\"nanos\":1}");
    message::<Duration>("{\"secs\":1,\"secs\":1}");
    message::<Duration>("{\"secs\":1,\"nanos\":1,\"x\":1}");
    message::<Duration>("[1]");
    message::<Duration>("[]");
    message::<Duration>("{\"secs\":18446744073709551615,\"nanos\":1000000000}");
    message::<SystemTime>("{\"secs_since_epoch\":1}");
    message::<SystemTime>("{\"secs_since_epoch\":1,\"y\":1}");
    message::<SystemTime>("[18446744073709551615,1000000000]");
    message::<SystemTime>("[18446744073709551615,0]");
    message::<u8>("256");
    message::<char>("\"ab\"");
    message::<f32>("1e39");
    message::<f64>("1e400");
    message::<u128>("-1");
    message::<u128>("-0");
    message::<BTreeMap<u8, u8>>("{\"a\":1}");
    message::<BTreeMap<u8, u8>>("{\"1 \":1}");
    message::<Entries<f64, u8>>("{\"1e400\":1}");
    message::<(u8, u8)>("[1]");
    message::<(u8, u8)>("[1,2,3]");
    message::<[u8; 2]>("[1]");
    message::<[u8; 2]>("{}");
    message::<[u8; 2]>("\"ab\"");
    message::<[u8; 0]>("{}");
    message::<[u8; 0]>("[1]");
    message::<(u8, u8)>("{}");
    message::<(u8,)>("7");
    message::<Vec<u8>>("{}");
    message::<Vec<u8>>("[1,]");
    message::<u8>("1 x");
}
