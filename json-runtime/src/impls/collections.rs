//! Sequences, sets and maps.

use alloc::collections::{BTreeMap, BTreeSet, BinaryHeap, LinkedList, VecDeque};
use alloc::{boxed::Box, string::ToString, vec::Vec};
#[cfg(feature = "std")]
use std::collections::{HashMap, HashSet};
#[cfg(feature = "std")]
use std::hash::{BuildHasher, Hash};

use super::partial_array::PartialArray;
use crate::{Format, FromJson, FromJsonKey, Reader, Result, ToJson, ToJsonKey, Writer};

/// Reads array elements one by one, handing each to `push`; errors carry the index in their path.
#[inline]
pub(crate) fn read_seq<'de, T: FromJson<'de>>(
    r: &mut Reader<'de>,
    mut push: impl FnMut(T),
) -> Result<()> {
    r.begin_array()?;
    let mut first = true;
    let mut index = 0usize;
    while r.next_element(&mut first)? {
        match T::read_json(r) {
            Ok(v) => push(v),
            Err(e) => return Err(e.in_index(index)),
        }
        index += 1;
    }
    Ok(())
}

impl<T: ToJson> ToJson for [T] {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.array(self);
    }
}
impl<T: ToJson, const N: usize> ToJson for [T; N] {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.array(self);
    }
}

macro_rules! seq_to_json {
    ($($ty:ident<T $(: $bound:ident $(+ $more:ident)*)? $(, $s:ident)?>),*) => {$(
        impl<T: ToJson $(, $s)?> ToJson for $ty<T $(, $s)?> {
            #[inline]
            fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
                w.array(self);
            }
        }
    )*};
}
seq_to_json!(
    Vec<T>,
    VecDeque<T>,
    LinkedList<T>,
    BTreeSet<T>,
    BinaryHeap<T>
);
#[cfg(feature = "std")]
seq_to_json!(HashSet<T, S>);

// `FromJson for Vec<T>` is in vec_read.rs, beside the staged reading it calls.
impl<'de, T: FromJson<'de>> FromJson<'de> for Box<[T]> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        Vec::read_json(r).map(Vec::into_boxed_slice)
    }
}
impl<'de, T: FromJson<'de>> FromJson<'de> for VecDeque<T> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut v = VecDeque::new();
        read_seq(r, |x| v.push_back(x))?;
        Ok(v)
    }
}
impl<'de, T: FromJson<'de>> FromJson<'de> for LinkedList<T> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut v = LinkedList::new();
        read_seq(r, |x| v.push_back(x))?;
        Ok(v)
    }
}
impl<'de, T: FromJson<'de> + Ord> FromJson<'de> for BTreeSet<T> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut v = BTreeSet::new();
        read_seq(r, |x| {
            v.insert(x);
        })?;
        Ok(v)
    }
}
impl<'de, T: FromJson<'de> + Ord> FromJson<'de> for BinaryHeap<T> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut v = BinaryHeap::new();
        read_seq(r, |x| v.push(x))?;
        Ok(v)
    }
}
#[cfg(feature = "std")]
impl<'de, T: FromJson<'de> + Eq + Hash, S: BuildHasher + Default> FromJson<'de> for HashSet<T, S> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut v = HashSet::with_hasher(S::default());
        read_seq(r, |x| {
            v.insert(x);
        })?;
        Ok(v)
    }
}

/// Exactly N elements, like serde: fewer is an `invalid length` error, more is serde_json's
/// `trailing characters`.
impl<'de, T: FromJson<'de>, const N: usize> FromJson<'de> for [T; N] {
    /// Read in place (no `Vec` in between: that allocation was most of reading `[f64; 2]`).
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let at = r.pos;
        if let Err(e) = r.begin_array() {
            return Err(not_an_array(r, at, e, N));
        }
        let mut first = true;
        let mut items = PartialArray::<T, N>::new();
        while items.len < N {
            if !r.next_element(&mut first)? {
                return Err(r.error(format_args!(
                    "invalid length {}, expected an array of length {N}",
                    items.len
                )));
            }
            let item = T::read_json(r).map_err(|e| e.in_index(items.len))?;
            items.push(item);
        }
        r.end_fixed_seq()?;
        match items.try_finish() {
            Some(array) => Ok(array),
            None => Err(r.error("invalid length")),
        }
    }
}

/// `[T; n]`'s error for `e`, an error of `begin_array` at `at`: for a value that is no array, the
/// `invalid type` error in serde's words (`begin_array` says "a sequence"). Decided here, off
/// the path of arrays: choosing the words before `begin_array` cost 1.7% more instructions on
/// reading 50,000 `[f64; 2]`.
#[cold]
#[inline(never)]
fn not_an_array(r: &mut Reader<'_>, at: usize, e: crate::Error, n: usize) -> crate::Error {
    // The error read past the value it names (`string "ab"`): name it again from its start.
    r.pos = at;
    if r.peek() == Some(b'[') {
        e
    } else if n == 0 {
        r.invalid_type("an empty array")
    } else {
        r.invalid_type(&alloc::format!("an array of length {n}"))
    }
}

pub(crate) fn write_map<'a, K, V, F, I>(w: &mut Writer<'_, F>, entries: I)
where
    K: ToJsonKey + 'a,
    V: ToJson + 'a,
    F: Format,
    I: IntoIterator<Item = (&'a K, &'a V)>,
{
    w.begin_object();
    let mut first = true;
    for (k, v) in entries {
        w.begin_key(first);
        first = false;
        k.write_key(w);
        w.end_key();
        v.write_json(w);
    }
    w.end_object(!first);
}

/// Reads object entries, handing each to `insert`; errors carry the key in their path.
/// Later duplicates overwrite earlier ones, as in serde_json.
pub(crate) fn read_map<'de, K: FromJsonKey<'de> + ToString, V: FromJson<'de>>(
    r: &mut Reader<'de>,
    mut insert: impl FnMut(K, V),
) -> Result<()> {
    r.begin_object()?;
    let mut first = true;
    while r.has_next_entry(&mut first)? {
        let k = K::read_key(r)?;
        match V::read_json(r) {
            Ok(v) => insert(k, v),
            Err(e) => return Err(e.in_field(&k.to_string())),
        }
    }
    Ok(())
}

#[cfg(feature = "std")]
impl<K: ToJsonKey, V: ToJson, S> ToJson for HashMap<K, V, S> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        write_map(w, self);
    }
}
impl<K: ToJsonKey, V: ToJson> ToJson for BTreeMap<K, V> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        write_map(w, self);
    }
}
#[cfg(feature = "std")]
impl<'de, K, V, S> FromJson<'de> for HashMap<K, V, S>
where
    K: FromJsonKey<'de> + Eq + Hash + ToString,
    V: FromJson<'de>,
    S: BuildHasher + Default,
{
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut m = HashMap::with_hasher(S::default());
        read_map(r, |k, v| {
            m.insert(k, v);
        })?;
        Ok(m)
    }
}
impl<'de, K, V> FromJson<'de> for BTreeMap<K, V>
where
    K: FromJsonKey<'de> + Ord + ToString,
    V: FromJson<'de>,
{
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut m = BTreeMap::new();
        read_map(r, |k, v| {
            m.insert(k, v);
        })?;
        Ok(m)
    }
}
