//! Differential tests: generic types (inferred bounds, `bound` on the container, a field and a
//! variant, `PhantomData`), lifetimes and borrowed fields (`&str`, `Cow<str>`, `borrow`),
//! against serde_json.

#[macro_use]
mod derive_common;

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Debug;
use std::marker::PhantomData;

use derive_common::{check, check_inputs, check_with, compare_read, Gen};
use json_runtime::{FastJson, FromJson, ToJson};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
struct Wrapper<T> {
    value: T,
    list: Vec<T>,
    maybe: Option<Box<T>>,
}

impl<T: Gen> Gen for Wrapper<T> {
    fn strategy() -> BoxedStrategy<Self> {
        (
            T::strategy(),
            <Vec<T>>::strategy(),
            <Option<Box<T>>>::strategy(),
        )
            .prop_map(|(value, list, maybe)| Wrapper { value, list, maybe })
            .boxed()
    }
}

/// Two parameters, one only in `PhantomData` (no bound inferred for it), one skipped.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
struct Pair<A, B, C> {
    a: A,
    #[serde(skip)]
    b: Option<B>,
    marker: PhantomData<C>,
}

/// Not serializable in any way: only usable where no bound is inferred for it.
#[derive(Debug, Clone, PartialEq, Default)]
struct Opaque;

impl<A: Gen, C: 'static + Debug + Clone> Gen for Pair<A, Opaque, C> {
    fn strategy() -> BoxedStrategy<Self> {
        A::strategy()
            .prop_map(|a| Pair {
                a,
                b: None,
                marker: PhantomData,
            })
            .boxed()
    }
}

/// Generic enum in every representation.
macro_rules! generic_enum {
    ($(#[$m:meta])* enum $name:ident) => {
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
        $(#[$m])*
        enum $name<T, U> {
            Unit,
            One(Wrapper<T>),
            Struct { t: T, u: Vec<U> },
        }

        impl<T: Gen, U: Gen> Gen for $name<T, U> {
            fn strategy() -> BoxedStrategy<Self> {
                prop_oneof![
                    Just($name::Unit),
                    <Wrapper<T>>::strategy().prop_map($name::One),
                    (T::strategy(), <Vec<U>>::strategy()).prop_map(|(t, u)| $name::Struct { t, u }),
                ]
                .boxed()
            }
        }
    };
}

generic_enum!(enum GenericExternal);
generic_enum!(#[serde(tag = "type")] enum GenericInternal);
generic_enum!(#[serde(tag = "t", content = "c")] enum GenericAdjacent);
generic_enum!(#[serde(untagged)] enum GenericUntagged);

/// A trait the bounds below name.
trait Describe {
    type Repr: Debug + Clone + PartialEq;
}

impl Describe for u8 {
    type Repr = String;
}

/// The container `bound` replaces every inferred bound; a field's type uses an associated type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(bound(
    serialize = "T: Describe, T::Repr: Serialize + json_runtime::ToJson",
    deserialize = "T: Describe, T::Repr: Deserialize<'de> + json_runtime::FromJson<'de>"
))]
struct Described<T: Describe> {
    repr: T::Repr,
    marker: PhantomData<T>,
}

impl Gen for Described<u8> {
    fn strategy() -> BoxedStrategy<Self> {
        String::strategy()
            .prop_map(|repr| Described {
                repr,
                marker: PhantomData,
            })
            .boxed()
    }
}

/// `bound` on a field, and `bound = ""` (no bound at all, for both directions).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
struct FieldBounds<T: Describe, U> {
    #[serde(bound(
        serialize = "T::Repr: Serialize + json_runtime::ToJson",
        deserialize = "T::Repr: Deserialize<'de> + json_runtime::FromJson<'de>"
    ))]
    repr: Option<T::Repr>,
    #[serde(bound = "")]
    marker: PhantomData<U>,
    count: u8,
}

impl Gen for FieldBounds<u8, Opaque> {
    fn strategy() -> BoxedStrategy<Self> {
        (<Option<String>>::strategy(), u8::strategy())
            .prop_map(|(repr, count)| FieldBounds {
                repr,
                marker: PhantomData,
                count,
            })
            .boxed()
    }
}

/// `bound` on a variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
enum VariantBounds<T: Describe> {
    #[serde(bound(
        serialize = "T::Repr: Serialize + json_runtime::ToJson",
        deserialize = "T::Repr: Deserialize<'de> + json_runtime::FromJson<'de>"
    ))]
    Repr(T::Repr),
    Nothing(PhantomData<T>),
}

impl Gen for VariantBounds<u8> {
    fn strategy() -> BoxedStrategy<Self> {
        prop_oneof![
            String::strategy().prop_map(VariantBounds::Repr),
            Just(VariantBounds::Nothing(PhantomData)),
        ]
        .boxed()
    }
}

/// A parameter used as a map key gets the key traits inferred; a where clause on the type.
/// (`Display` only because the runtime's map reader names the key in error paths.)
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
struct WithWhere<K, V>
where
    K: Ord + std::fmt::Display,
{
    map: BTreeMap<K, V>,
    #[serde(default)]
    fallback: Option<V>,
}

impl<K: Gen + Ord + std::fmt::Display, V: Gen> Gen for WithWhere<K, V> {
    fn strategy() -> BoxedStrategy<Self> {
        (<BTreeMap<K, V>>::strategy(), <Option<V>>::strategy())
            .prop_map(|(map, fallback)| WithWhere { map, fallback })
            .boxed()
    }
}

/// A const generic parameter and a tuple struct.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
struct Grid<T, const N: usize>(Vec<[T; 2]>, PhantomData<[u8; N]>);

impl<T: Gen, const N: usize> Gen for Grid<T, N> {
    fn strategy() -> BoxedStrategy<Self> {
        <Vec<[T; 2]>>::strategy()
            .prop_map(|v| Grid(v, PhantomData))
            .boxed()
    }
}

/// A flattened parameter needs the flat traits; a parameter in a flattened map's values the
/// plain ones.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
struct Page<T, V> {
    total: u32,
    #[serde(flatten)]
    item: T,
    #[serde(flatten)]
    extra: BTreeMap<String, V>,
}

impl<T: Gen, V: Gen> Gen for Page<T, V> {
    fn strategy() -> BoxedStrategy<Self> {
        (
            u32::strategy(),
            T::strategy(),
            <BTreeMap<String, V>>::strategy(),
        )
            .prop_map(|(total, item, extra)| Page { total, item, extra })
            .boxed()
    }
}

#[test]
fn generic_flatten() {
    check::<Page<Wrapper<u8>, u8>>();
    check::<Page<Box<Wrapper<String>>, String>>();
    check::<Page<BTreeMap<String, u16>, u16>>();
    // (Not `Page<Option<Wrapper<_>>, _>`: when the `Option`'s struct fails half way, serde has
    // taken the entries up to the failure from later flattened fields and no others, which
    // FastJson does not track; it hides all the struct's keys from them.)
}

#[test]
fn generic_structs() {
    check::<Wrapper<u8>>();
    check::<Wrapper<String>>();
    check::<Wrapper<Wrapper<Option<i64>>>>();
    check::<Pair<u16, Opaque, Opaque>>();
    check::<WithWhere<String, u8>>();
    check::<WithWhere<i32, Vec<bool>>>();
    check::<Grid<u8, 3>>();
}

#[test]
fn generic_enums() {
    check::<GenericExternal<u8, String>>();
    check::<GenericInternal<u8, String>>();
    check::<GenericAdjacent<u8, String>>();
    check::<GenericUntagged<u8, String>>();
}

#[test]
fn explicit_bounds() {
    check::<Described<u8>>();
    check::<FieldBounds<u8, Opaque>>();
    check::<VariantBounds<u8>>();
}

// ---- lifetimes and borrowing --------------------------------------------------------------------

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
struct Borrowed<'a> {
    text: &'a str,
    #[serde(borrow)]
    cow: Cow<'a, str>,
    #[serde(borrow)]
    maybe: Option<Cow<'a, str>>,
    #[serde(borrow)]
    list: Vec<&'a str>,
    owned: String,
}

impl Gen for Borrowed<'static> {
    fn strategy() -> BoxedStrategy<Self> {
        (
            <&'static str>::strategy(),
            <Cow<'static, str>>::strategy(),
            <Option<Cow<'static, str>>>::strategy(),
            <Vec<&'static str>>::strategy(),
            String::strategy(),
        )
            .prop_map(|(text, cow, maybe, list, owned)| Borrowed {
                text,
                cow,
                maybe,
                list,
                owned,
            })
            .boxed()
    }
}

/// Two lifetimes, one bounded by the other; a borrowed field in an enum variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
struct TwoLifetimes<'a, 'b: 'a> {
    #[serde(borrow)]
    first: Cow<'a, str>,
    second: &'b str,
}

impl Gen for TwoLifetimes<'static, 'static> {
    fn strategy() -> BoxedStrategy<Self> {
        (<Cow<'static, str>>::strategy(), <&'static str>::strategy())
            .prop_map(|(first, second)| TwoLifetimes { first, second })
            .boxed()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
enum BorrowedEnum<'a> {
    Text(&'a str),
    Pair {
        #[serde(borrow)]
        key: Cow<'a, str>,
        value: u8,
    },
    Nested(#[serde(borrow)] Borrowed<'a>),
}

impl Gen for BorrowedEnum<'static> {
    fn strategy() -> BoxedStrategy<Self> {
        prop_oneof![
            <&'static str>::strategy().prop_map(BorrowedEnum::Text),
            (<Cow<'static, str>>::strategy(), u8::strategy())
                .prop_map(|(key, value)| BorrowedEnum::Pair { key, value }),
            Borrowed::strategy().prop_map(BorrowedEnum::Nested),
        ]
        .boxed()
    }
}

/// Generic and borrowing at once.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
struct Tagged<'a, T> {
    tag: &'a str,
    value: T,
}

impl<T: Gen> Gen for Tagged<'static, T> {
    fn strategy() -> BoxedStrategy<Self> {
        (<&'static str>::strategy(), T::strategy())
            .prop_map(|(tag, value)| Tagged { tag, value })
            .boxed()
    }
}

#[test]
fn borrowed_fields() {
    check_with(Borrowed::strategy(), |b| compare_read::<Borrowed<'_>>(b));
    check_with(TwoLifetimes::strategy(), |b| {
        compare_read::<TwoLifetimes<'_, '_>>(b)
    });
    check_with(BorrowedEnum::strategy(), |b| {
        compare_read::<BorrowedEnum<'_>>(b)
    });
    check_with(<Tagged<u32>>::strategy(), |b| {
        compare_read::<Tagged<'_, u32>>(b)
    });
    // escapes cannot be borrowed by `&str`; `Cow` copies them
    for input in [
        r#"{"text":"a","cow":"b","maybe":null,"list":[],"owned":""}"#,
        r#"{"text":"a\n","cow":"b","maybe":null,"list":[],"owned":""}"#,
        r#"{"text":"a","cow":"b\n","maybe":"\u00e9","list":[],"owned":"\t"}"#,
        r#"{"text":"a","cow":"b","maybe":null,"list":["x","\"y"],"owned":""}"#,
    ] {
        compare_read::<Borrowed<'_>>(input.as_bytes()).unwrap();
    }
}

#[test]
fn cow_borrows_when_it_can() {
    let input = r#"{"text":"a","cow":"plain","maybe":"esc\n","list":[],"owned":""}"#;
    let v: Borrowed<'_> = json_runtime::from_str(input).unwrap();
    assert!(matches!(v.cow, Cow::Borrowed("plain")));
    assert!(matches!(v.maybe, Some(Cow::Owned(ref s)) if s == "esc\n"));
    // serde does the same for `#[serde(borrow)]` fields
    let s: Borrowed<'_> = serde_json::from_str(input).unwrap();
    assert!(matches!(s.cow, Cow::Borrowed("plain")));
}

/// Generic code written against the runtime's traits works with derived types.
fn round_trip<T>(v: &T) -> T
where
    T: ToJson + for<'de> FromJson<'de>,
{
    json_runtime::from_slice(&json_runtime::to_vec(v).unwrap()).unwrap()
}

#[test]
fn usable_through_the_traits() {
    let w = Wrapper {
        value: 1u8,
        list: vec![2],
        maybe: None,
    };
    assert_eq!(round_trip(&w), w);
    check_inputs::<Wrapper<u8>>(&[r#"{"value":1,"list":[]}"#, r#"{"value":1}"#]);
}
