//! Shared by the `derive_*` tests: value generators ([`Gen`] and the `gen_struct!` /
//! `gen_tuple_struct!` macros), the differential check against serde_json ([`check`],
//! [`check_inputs`]) and the input mutator that turns one serialized value into many broken
//! or unusual documents.
//!
//! A test type derives `Serialize`, `Deserialize` and `FastJson` with the same attributes; then
//! `check::<T>()` generates values and, for each, asserts that both write the same bytes
//! (compact and pretty) and that both read the same value (or both fail) from the written bytes
//! and from mutations of them: fields removed, duplicated, unknown, renamed in another case,
//! shuffled, given the wrong type or `null`, objects turned into arrays, strings turned into
//! `{"s":null}`, numbers into strings, truncated documents, trailing garbage.
//!
//! With `DERIVE_POSITIONS=1` in the environment, inputs both reject must also fail at the same
//! line and column (an exploration aid: serde_json reports errors inside buffered content -
//! untagged and internally tagged enums, flatten - at the end of the buffered value, and some
//! errors without a position, so this is not asserted by default; `derive_errors.rs` pins the
//! positions case by case).

#![allow(dead_code, unused_macros)]

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::fmt::{Debug, Write as _};

use json_runtime::{FromJson, ToJson};
use proptest::prelude::*;
use proptest::strategy::BoxedStrategy;
use proptest::test_runner::{Config, RngAlgorithm, RngSeed, TestCaseError, TestRunner};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

// ---- value generators ---------------------------------------------------------------------------

/// A hand-written proptest strategy per type, biased towards values that matter for JSON
/// (escapes, extremes, special floats) and with small collections.
pub trait Gen: Sized + Debug + Clone + 'static {
    fn strategy() -> BoxedStrategy<Self>;
}

macro_rules! gen_int {
    ($($t:ty),*) => {$(
        impl Gen for $t {
            fn strategy() -> BoxedStrategy<Self> {
                prop_oneof![
                    4 => any::<$t>(),
                    3 => (0 as $t)..(10 as $t),
                    1 => Just(<$t>::MIN),
                    1 => Just(<$t>::MAX),
                ]
                .boxed()
            }
        }
    )*};
}
gen_int!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);

impl Gen for f64 {
    fn strategy() -> BoxedStrategy<Self> {
        prop_oneof![
            4 => any::<f64>(),
            3 => (-1000i32..1000).prop_map(f64::from),
            2 => (-100_000i32..100_000).prop_map(|i| f64::from(i) / 64.0),
            1 => Just(0.0),
            1 => Just(-0.0),
            1 => Just(f64::NAN),
            1 => Just(f64::INFINITY),
            1 => Just(1e300),
            1 => Just(5e-324),
            1 => Just(f64::MAX),
            1 => Just(0.1),
        ]
        .boxed()
    }
}

impl Gen for f32 {
    fn strategy() -> BoxedStrategy<Self> {
        prop_oneof![
            4 => any::<f32>(),
            3 => (-1000i16..1000).prop_map(f32::from),
            1 => Just(0.0),
            1 => Just(-0.0),
            1 => Just(f32::NAN),
            1 => Just(f32::NEG_INFINITY),
            1 => Just(f32::MAX),
            1 => Just(0.1),
        ]
        .boxed()
    }
}

impl Gen for bool {
    fn strategy() -> BoxedStrategy<Self> {
        any::<bool>().boxed()
    }
}

impl Gen for char {
    fn strategy() -> BoxedStrategy<Self> {
        prop_oneof![3 => any::<char>(), 2 => special_char(), 1 => Just('a')].boxed()
    }
}

impl Gen for () {
    fn strategy() -> BoxedStrategy<Self> {
        Just(()).boxed()
    }
}

fn special_char() -> BoxedStrategy<char> {
    prop_oneof![
        Just('"'),
        Just('\\'),
        Just('\n'),
        Just('\t'),
        Just('\u{0}'),
        Just('\u{1f}'),
        Just('\u{7f}'),
        Just('é'),
        Just('\u{2028}'),
        Just('\u{fffd}'),
        Just('😀'),
        Just('/'),
        Just(' '),
    ]
    .boxed()
}

impl Gen for String {
    fn strategy() -> BoxedStrategy<Self> {
        prop_oneof![
            4 => "[a-zA-Z0-9_]{0,8}",
            2 => prop::collection::vec(prop_oneof![special_char(), any::<char>()], 0..8)
                .prop_map(|v| v.into_iter().collect::<String>()),
            1 => any::<String>(),
        ]
        .boxed()
    }
}

impl Gen for Box<str> {
    fn strategy() -> BoxedStrategy<Self> {
        String::strategy().prop_map(String::into_boxed_str).boxed()
    }
}

/// Leaks the generated text, for types that borrow (`&'a str`, `Cow<'a, str>`).
impl Gen for &'static str {
    fn strategy() -> BoxedStrategy<Self> {
        String::strategy()
            .prop_map(|s| &*Box::leak(s.into_boxed_str()))
            .boxed()
    }
}

impl Gen for Cow<'static, str> {
    fn strategy() -> BoxedStrategy<Self> {
        prop_oneof![
            String::strategy().prop_map(Cow::Owned),
            <&'static str>::strategy().prop_map(Cow::Borrowed),
        ]
        .boxed()
    }
}

impl<T: Gen> Gen for Option<T> {
    fn strategy() -> BoxedStrategy<Self> {
        prop_oneof![1 => Just(None), 3 => T::strategy().prop_map(Some)].boxed()
    }
}

impl<T: Gen> Gen for Box<T> {
    fn strategy() -> BoxedStrategy<Self> {
        T::strategy().prop_map(Box::new).boxed()
    }
}

impl<T: Gen> Gen for Vec<T> {
    fn strategy() -> BoxedStrategy<Self> {
        prop::collection::vec(T::strategy(), 0..4).boxed()
    }
}

impl<T: Gen> Gen for VecDeque<T> {
    fn strategy() -> BoxedStrategy<Self> {
        prop::collection::vec_deque(T::strategy(), 0..4).boxed()
    }
}

impl<T: Gen + Ord> Gen for BTreeSet<T> {
    fn strategy() -> BoxedStrategy<Self> {
        prop::collection::btree_set(T::strategy(), 0..4).boxed()
    }
}

impl<K: Gen + Ord, V: Gen> Gen for BTreeMap<K, V> {
    fn strategy() -> BoxedStrategy<Self> {
        prop::collection::btree_map(K::strategy(), V::strategy(), 0..4).boxed()
    }
}

impl<K: Gen + Eq + std::hash::Hash, V: Gen> Gen for HashMap<K, V> {
    fn strategy() -> BoxedStrategy<Self> {
        prop::collection::hash_map(K::strategy(), V::strategy(), 0..4).boxed()
    }
}

impl<T: Gen, const N: usize> Gen for [T; N] {
    fn strategy() -> BoxedStrategy<Self> {
        prop::collection::vec(T::strategy(), N)
            .prop_map(|v| match v.try_into() {
                Ok(array) => array,
                Err(_) => unreachable!(),
            })
            .boxed()
    }
}

impl<T: 'static> Gen for std::marker::PhantomData<T> {
    fn strategy() -> BoxedStrategy<Self> {
        Just(std::marker::PhantomData).boxed()
    }
}

impl Gen for serde_json::Value {
    fn strategy() -> BoxedStrategy<Self> {
        use serde_json::Value;
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            i64::strategy().prop_map(Value::from),
            u64::strategy().prop_map(Value::from),
            f64::strategy()
                .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
            String::strategy().prop_map(Value::String),
        ];
        leaf.prop_recursive(3, 12, 3, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..3).prop_map(Value::Array),
                prop::collection::vec(("[a-z]{0,3}", inner), 0..3)
                    .prop_map(|v| Value::Object(v.into_iter().collect())),
            ]
        })
        .boxed()
    }
}

macro_rules! gen_tuple {
    ($($n:ident),*) => {
        impl<$($n: Gen),*> Gen for ($($n,)*) {
            fn strategy() -> BoxedStrategy<Self> {
                ($($n::strategy(),)*).boxed()
            }
        }
    };
}
gen_tuple!(A);
gen_tuple!(A, B);
gen_tuple!(A, B, C);
gen_tuple!(A, B, C, D);

/// Defines a struct with named fields deriving `Debug, Clone, PartialEq, Serialize,
/// Deserialize, FastJson` (plus the given attributes) and its [`Gen`] impl (each field from its
/// type's `Gen`). Up to 12 fields.
macro_rules! gen_struct {
    (
        $(#[$m:meta])*
        struct $name:ident { $( $(#[$fm:meta])* $f:ident : $t:ty ),* $(,)? }
    ) => {
        #[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize, json_runtime::FastJson)]
        $(#[$m])*
        struct $name { $( $(#[$fm])* $f: $t ),* }

        impl $crate::derive_common::Gen for $name {
            fn strategy() -> proptest::strategy::BoxedStrategy<Self> {
                use proptest::strategy::Strategy as _;
                ( $( <$t as $crate::derive_common::Gen>::strategy(), )* )
                    .prop_map(|( $($f,)* )| $name { $($f),* })
                    .boxed()
            }
        }
    };
}

/// Like `gen_struct!`, for tuple structs (up to 10 fields).
macro_rules! gen_tuple_struct {
    (
        $(#[$m:meta])*
        struct $name:ident ( $( $(#[$fm:meta])* $t:ty ),* $(,)? );
    ) => {
        #[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize, json_runtime::FastJson)]
        $(#[$m])*
        struct $name ( $( $(#[$fm])* $t ),* );

        impl $crate::derive_common::Gen for $name {
            fn strategy() -> proptest::strategy::BoxedStrategy<Self> {
                use proptest::strategy::Strategy as _;
                gen_tuple_struct!(@build $name [] [a b c d e f g h i j] $($t,)*)
            }
        }
    };
    (@build $name:ident [$($n:ident : $nt:ty,)*] [$next:ident $($pool:ident)*] $t:ty, $($rest:ty,)*) => {
        gen_tuple_struct!(@build $name [$($n : $nt,)* $next : $t,] [$($pool)*] $($rest,)*)
    };
    (@build $name:ident [$($n:ident : $nt:ty,)*] [$($pool:ident)*]) => {
        ( $( <$nt as $crate::derive_common::Gen>::strategy(), )* )
            .prop_map(|( $($n,)* )| $name ( $($n),* ))
            .boxed()
    };
}

// ---- the differential check ---------------------------------------------------------------------

/// How many generated values each `check` tries (`PROPTEST_CASES` overrides).
const CASES: u32 = 256;
/// How many mutated documents are read per generated value.
const MUTATIONS: usize = 20;

fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h
}

/// A runner with a fixed seed per type, so failures reproduce; `PROPTEST_RNG_SEED` and
/// `PROPTEST_CASES` override.
fn runner(name: &str) -> TestRunner {
    let mut config = Config {
        failure_persistence: None,
        max_shrink_iters: 2048,
        // ChaCha is slow in debug builds; these values need no cryptographic quality.
        rng_algorithm: RngAlgorithm::XorShift,
        ..Config::default()
    };
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = CASES;
    }
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = RngSeed::Fixed(fnv(name.as_bytes()));
    }
    TestRunner::new(config)
}

pub fn show(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Reads `input` with both and compares: equal values, or both errors.
pub fn compare_read<'a, T>(input: &'a [u8]) -> Result<(), String>
where
    T: Deserialize<'a> + FromJson<'a> + PartialEq + Debug,
{
    let serde = serde_json::from_slice::<T>(input);
    let fast = json_runtime::from_slice::<T>(input);
    match (&serde, &fast) {
        (Ok(a), Ok(b)) if a == b => Ok(()),
        (Err(s), Err(f))
            if std::env::var_os("DERIVE_POSITIONS").is_some()
                && (s.line(), s.column()) != (f.line(), f.column()) =>
        {
            Err(format!(
                "positions differ reading {}\n  serde_json: {s}\n  fastjson:   {f}",
                show(input)
            ))
        }
        (Err(_), Err(_)) => Ok(()),
        _ => Err(format!(
            "reading {} as {}\n  serde_json: {:?}\n  fastjson:   {:?}",
            show(input),
            std::any::type_name::<T>(),
            serde,
            fast
        )),
    }
}

/// Writes `v` with both (compact and pretty, must be identical), then reads the written bytes
/// and `MUTATIONS` mutations of them with `read` (seeded by `seed`).
pub fn check_one<T: Serialize + ToJson + ?Sized>(
    v: &T,
    seed: u64,
    read: &dyn Fn(&[u8]) -> Result<(), String>,
) -> Result<(), String> {
    let serde = serde_json::to_vec(v).map_err(|e| format!("serde_json cannot write it: {e}"))?;
    let fast = json_runtime::to_vec(v).unwrap();
    if serde != fast {
        return Err(format!(
            "to_vec differs\n  serde_json: {}\n  fastjson:   {}",
            show(&serde),
            show(&fast)
        ));
    }
    let serde_pretty = serde_json::to_string_pretty(v).map_err(|e| e.to_string())?;
    let fast_pretty = json_runtime::to_string_pretty(v).unwrap();
    if serde_pretty != fast_pretty {
        return Err(format!(
            "to_string_pretty differs\n  serde_json:\n{serde_pretty}\n  fastjson:\n{fast_pretty}"
        ));
    }
    read(&serde)?;
    read(serde_pretty.as_bytes())?;
    for doc in mutations(&serde, seed, MUTATIONS) {
        read(&doc)?;
    }
    Ok(())
}

/// The differential check for an owned type: generated values, written and read back by both,
/// plus mutated inputs.
pub fn check<T>()
where
    T: Gen + Serialize + DeserializeOwned + ToJson + for<'de> FromJson<'de> + PartialEq,
{
    check_with(T::strategy(), |bytes| compare_read::<T>(bytes));
}

/// The differential check with a custom strategy and reader (types that borrow from the input
/// read as `T<'_>`: `check_with(T::strategy(), |b| compare_read::<T<'_>>(b))`).
pub fn check_with<T: Serialize + ToJson + Debug>(
    strategy: BoxedStrategy<T>,
    read: impl Fn(&[u8]) -> Result<(), String>,
) {
    let name = std::any::type_name::<T>();
    let mut runner = runner(name);
    let result = runner.run(&(strategy, any::<u64>()), |(v, seed)| {
        check_one(&v, seed, &read).map_err(TestCaseError::fail)
    });
    if let Err(err) = result {
        panic!("{name}: {err}");
    }
}

/// Reads each input with both (and a few mutations of it) and compares.
pub fn check_inputs<T>(inputs: &[&str])
where
    T: DeserializeOwned + for<'de> FromJson<'de> + PartialEq + Debug,
{
    let mut failures = Vec::new();
    for input in inputs {
        let docs = std::iter::once(input.as_bytes().to_vec()).chain(mutations(
            input.as_bytes(),
            fnv(input.as_bytes()),
            16,
        ));
        for doc in docs {
            if let Err(e) = compare_read::<T>(&doc) {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Like `check_inputs`, and each input must read as `Ok` (so the test is not vacuous).
pub fn check_accepts<T>(inputs: &[&str])
where
    T: DeserializeOwned + for<'de> FromJson<'de> + PartialEq + Debug,
{
    for input in inputs {
        if let Err(e) = serde_json::from_str::<T>(input) {
            panic!("serde_json rejects {input}: {e}");
        }
    }
    check_inputs::<T>(inputs);
}

/// Like `check_inputs`, and serde_json must reject each input itself.
pub fn check_rejects<T>(inputs: &[&str])
where
    T: DeserializeOwned + for<'de> FromJson<'de> + PartialEq + Debug,
{
    for input in inputs {
        if let Ok(v) = serde_json::from_str::<T>(input) {
            panic!("serde_json accepts {input}: {v:?}");
        }
        if let Ok(v) = json_runtime::from_str::<T>(input) {
            panic!("fastjson accepts {input}: {v:?}");
        }
    }
    check_inputs::<T>(inputs);
}

/// Both write the same bytes for this value (compact and pretty), and read it back alike.
pub fn check_value<T>(v: &T)
where
    T: Serialize + ToJson + DeserializeOwned + for<'de> FromJson<'de> + PartialEq + Debug,
{
    if let Err(e) = check_one(v, 1, &|b| compare_read::<T>(b)) {
        panic!("{e}");
    }
}

// ---- the mutator --------------------------------------------------------------------------------

/// A JSON document as a tree that keeps key order and duplicates; strings and keys are kept as
/// their raw JSON text (quotes included), numbers as their text.
#[derive(Clone, Debug, PartialEq)]
enum J {
    Null,
    Bool(bool),
    Num(String),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\n' | b'\r' | b'\t') {
            self.i += 1;
        }
    }
    fn string(&mut self) -> Option<String> {
        let start = self.i;
        self.i += 1;
        while *self.s.get(self.i)? != b'"' {
            if self.s[self.i] == b'\\' {
                self.i += 1;
            }
            self.i += 1;
        }
        self.i += 1;
        Some(std::str::from_utf8(&self.s[start..self.i]).ok()?.to_owned())
    }
    fn value(&mut self) -> Option<J> {
        self.ws();
        let b = *self.s.get(self.i)?;
        Some(match b {
            b'n' => {
                self.i += 4;
                J::Null
            }
            b't' => {
                self.i += 4;
                J::Bool(true)
            }
            b'f' => {
                self.i += 5;
                J::Bool(false)
            }
            b'"' => J::Str(self.string()?),
            b'[' => {
                self.i += 1;
                let mut items = Vec::new();
                loop {
                    self.ws();
                    match *self.s.get(self.i)? {
                        b']' => {
                            self.i += 1;
                            break;
                        }
                        b',' => self.i += 1,
                        _ => items.push(self.value()?),
                    }
                }
                J::Arr(items)
            }
            b'{' => {
                self.i += 1;
                let mut entries = Vec::new();
                loop {
                    self.ws();
                    match *self.s.get(self.i)? {
                        b'}' => {
                            self.i += 1;
                            break;
                        }
                        b',' => self.i += 1,
                        b'"' => {
                            let k = self.string()?;
                            self.ws();
                            self.i += 1; // ':'
                            entries.push((k, self.value()?));
                        }
                        _ => return None,
                    }
                }
                J::Obj(entries)
            }
            _ => {
                let start = self.i;
                while self.i < self.s.len()
                    && matches!(
                        self.s[self.i],
                        b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'
                    )
                {
                    self.i += 1;
                }
                if start == self.i {
                    return None;
                }
                J::Num(std::str::from_utf8(&self.s[start..self.i]).ok()?.to_owned())
            }
        })
    }
}

fn parse(bytes: &[u8]) -> Option<J> {
    let mut p = Parser { s: bytes, i: 0 };
    let v = p.value()?;
    p.ws();
    (p.i == bytes.len()).then_some(v)
}

fn write(j: &J, out: &mut String) {
    match j {
        J::Null => out.push_str("null"),
        J::Bool(b) => write!(out, "{b}").unwrap(),
        J::Num(n) | J::Str(n) => out.push_str(n),
        J::Arr(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(item, out);
            }
            out.push(']');
        }
        J::Obj(entries) => {
            out.push('{');
            for (i, (k, v)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(k);
                out.push(':');
                write(v, out);
            }
            out.push('}');
        }
    }
}

fn quote(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

fn unquote(raw: &str) -> String {
    serde_json::from_str(raw).unwrap_or_default()
}

/// The raw string with its first character written as a `\u` escape.
fn escape_first(raw: &str) -> Option<String> {
    let text = unquote(raw);
    let first = text.chars().next()?;
    let mut units = [0u16; 2];
    let mut out = String::from("\"");
    for unit in first.encode_utf16(&mut units) {
        write!(out, "\\u{unit:04x}").unwrap();
    }
    out.push_str(&raw[1 + first.len_utf8().min(raw.len() - 2)..]);
    Some(out)
}

fn flip_first_case(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c.is_ascii_uppercase() => c.to_ascii_lowercase().to_string() + chars.as_str(),
        Some(c) => c.to_ascii_uppercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

/// Keys in other cases than the one written: all upper, all lower, first letter flipped.
fn key_variants(raw: &str) -> Vec<String> {
    let text = unquote(raw);
    let mut out = vec![
        quote(&text.to_ascii_uppercase()),
        quote(&text.to_ascii_lowercase()),
        quote(&flip_first_case(&text)),
        quote(&format!("{text}_")),
    ];
    out.extend(escape_first(raw));
    out.retain(|k| k != raw);
    out
}

type Thunk<'a> = Box<dyn Fn() -> J + 'a>;
type EditEntries = Box<dyn Fn(&mut Vec<(String, J)>)>;
type EditItems = Box<dyn Fn(&mut Vec<J>)>;

/// Replacements of one node by something that matters to a reader, built lazily (only the
/// one picked is built).
fn node_mutations(j: &J) -> Vec<Thunk<'_>> {
    fn wrong() -> [J; 7] {
        [
            J::Null,
            J::Str("\"x\"".into()),
            J::Num("0".into()),
            J::Num("-1".into()),
            J::Bool(true),
            J::Arr(vec![]),
            J::Obj(vec![]),
        ]
    }
    fn unknown() -> [J; 3] {
        [
            J::Num("1".into()),
            J::Obj(vec![(
                "\"a\"".into(),
                J::Arr(vec![J::Null, J::Obj(vec![])]),
            )]),
            J::Str("\"u\"".into()),
        ]
    }
    let mut out: Vec<Thunk<'_>> = Vec::new();
    match j {
        J::Obj(entries) => {
            let n = entries.len();
            let edit = move |f: EditEntries| -> Thunk<'_> {
                Box::new(move || {
                    let mut e = entries.clone();
                    f(&mut e);
                    J::Obj(e)
                })
            };
            for i in 0..n {
                let (k, v) = &entries[i];
                out.push(edit(Box::new(move |e| {
                    e.remove(i);
                })));
                out.push(edit(Box::new(move |e| e.push(e[i].clone()))));
                out.push(edit(Box::new(move |e| {
                    e.insert(i, (e[i].0.clone(), J::Null))
                })));
                for w in 0..wrong().len() {
                    out.push(edit(Box::new(move |e| e[i].1 = wrong()[w].clone())));
                }
                for k2 in key_variants(k) {
                    out.push(edit(Box::new(move |e| e[i].0 = k2.clone())));
                }
                if let J::Str(s) = v {
                    // `"tag":"A"` as `"tag":"a"`
                    let flipped = J::Str(quote(&flip_first_case(&unquote(s))));
                    out.push(edit(Box::new(move |e| e[i].1 = flipped.clone())));
                }
            }
            for (pos, u) in [(0, 0), (n, 1), (n, 2)] {
                out.push(edit(Box::new(move |e| {
                    e.insert(pos, ("\"zz_unknown\"".into(), unknown()[u].clone()))
                })));
            }
            if n > 1 {
                out.push(edit(Box::new(|e| e.reverse())));
                out.push(edit(Box::new(|e| e.rotate_left(1))));
            }
            // serde's array form of a struct: exact, short and long
            let values = move || entries.iter().map(|(_, v)| v.clone()).collect::<Vec<J>>();
            out.push(Box::new(move || J::Arr(values())));
            if n > 0 {
                out.push(Box::new(move || J::Arr(values()[..n - 1].to_vec())));
            }
            out.push(Box::new(move || {
                let mut long = values();
                long.push(J::Null);
                J::Arr(long)
            }));
            // the tag first, then the rest (serde's sequence form of an internally tagged enum)
            if let Some((_, J::Str(_))) = entries.first() {
                out.push(Box::new(move || J::Arr(values())));
            }
            out.push(Box::new(|| J::Obj(vec![])));
            out.push(Box::new(|| J::Null));
        }
        J::Arr(items) => {
            let n = items.len();
            let edit = move |f: EditItems| -> Thunk<'_> {
                Box::new(move || {
                    let mut v = items.clone();
                    f(&mut v);
                    J::Arr(v)
                })
            };
            if n > 0 {
                out.push(edit(Box::new(|v| {
                    v.pop();
                })));
                out.push(edit(Box::new(|v| v.push(v[v.len() - 1].clone()))));
                out.push(edit(Box::new(|v| v.reverse())));
                out.push(Box::new(|| J::Arr(vec![])));
                for i in 0..n {
                    out.push(edit(Box::new(move |v| v[i] = J::Null)));
                }
            }
            out.push(edit(Box::new(|v| v.push(J::Null))));
            out.push(Box::new(|| J::Obj(vec![])));
            out.push(Box::new(|| J::Null));
        }
        J::Str(raw) => {
            let text = unquote(raw);
            let mut replacements = vec![
                J::Obj(vec![(raw.clone(), J::Null)]),
                J::Obj(vec![(raw.clone(), J::Obj(vec![]))]),
                J::Obj(vec![(raw.clone(), J::Arr(vec![]))]),
                J::Str(quote(&text.to_ascii_uppercase())),
                J::Str(quote(&flip_first_case(&text))),
                J::Str("\"zz_unknown\"".into()),
                J::Str(quote(&format!("{text}x"))),
                J::Null,
                J::Num("1".into()),
                J::Arr(vec![J::Str(raw.clone())]),
            ];
            replacements.extend(escape_first(raw).map(J::Str));
            for r in replacements {
                out.push(Box::new(move || r.clone()));
            }
        }
        J::Num(n) => {
            let mut replacements = vec![J::Str(quote(n)), J::Null];
            match n.strip_prefix('-') {
                Some(pos) => replacements.push(J::Num(pos.to_owned())),
                None => replacements.push(J::Num(format!("-{n}"))),
            }
            if !n.contains(['.', 'e', 'E']) {
                replacements.push(J::Num(format!("{n}.0")));
                replacements.push(J::Num(format!("{n}e0")));
            }
            for other in [
                "256",
                "-129",
                "65536",
                "4294967296",
                "18446744073709551616",
                "-0",
                "1e400",
                "0.5",
            ] {
                replacements.push(J::Num(other.into()));
            }
            for r in replacements {
                out.push(Box::new(move || r.clone()));
            }
        }
        J::Bool(b) => {
            for r in [J::Str(format!("\"{b}\"")), J::Num("1".into()), J::Null] {
                out.push(Box::new(move || r.clone()));
            }
        }
        J::Null => {
            for r in [
                J::Num("0".into()),
                J::Str("\"\"".into()),
                J::Obj(vec![]),
                J::Arr(vec![]),
                J::Bool(false),
            ] {
                out.push(Box::new(move || r.clone()));
            }
        }
    }
    out
}

/// Paths (child indices) of every node, the root first.
fn paths(j: &J, prefix: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    out.push(prefix.clone());
    let children: Vec<&J> = match j {
        J::Arr(items) => items.iter().collect(),
        J::Obj(entries) => entries.iter().map(|(_, v)| v).collect(),
        _ => return,
    };
    for (i, c) in children.into_iter().enumerate() {
        prefix.push(i);
        paths(c, prefix, out);
        prefix.pop();
    }
}

fn at_mut<'a>(j: &'a mut J, path: &[usize]) -> &'a mut J {
    match path.split_first() {
        None => j,
        Some((&i, rest)) => match j {
            J::Arr(items) => at_mut(&mut items[i], rest),
            J::Obj(entries) => at_mut(&mut entries[i].1, rest),
            _ => unreachable!(),
        },
    }
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// About `limit` mutated documents: half of them change the root, the rest a random node,
/// plus a few text-level breakages.
pub fn mutations(doc: &[u8], seed: u64, limit: usize) -> Vec<Vec<u8>> {
    let Some(tree) = parse(doc) else {
        return Vec::new();
    };
    let mut rng = Rng(seed | 1);
    let mut all_paths = Vec::new();
    paths(&tree, &mut Vec::new(), &mut all_paths);
    let mut out = Vec::new();
    let root_options = node_mutations(&tree);
    for n in 0..limit {
        let mutated = if n % 2 == 0 || all_paths.len() == 1 {
            if root_options.is_empty() {
                continue;
            }
            root_options[rng.below(root_options.len())]()
        } else {
            let path = &all_paths[1 + rng.below(all_paths.len() - 1)];
            let mut t = tree.clone();
            let node = at_mut(&mut t, path);
            let replacement = {
                let options = node_mutations(node);
                if options.is_empty() {
                    continue;
                }
                options[rng.below(options.len())]()
            };
            *node = replacement;
            t
        };
        if mutated == tree {
            continue;
        }
        let mut s = String::new();
        write(&mutated, &mut s);
        out.push(s.into_bytes());
    }
    if !doc.is_empty() {
        out.push(doc[..rng.below(doc.len())].to_vec());
    }
    let mut trailing = doc.to_vec();
    trailing.extend_from_slice(b" x");
    out.push(trailing);
    let mut spaced = b" \n\t".to_vec();
    spaced.extend_from_slice(doc);
    spaced.extend_from_slice(b"\r\n ");
    out.push(spaced);
    out
}
