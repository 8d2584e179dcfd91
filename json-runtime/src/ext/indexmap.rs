//! `indexmap::IndexMap` and `IndexSet` as indexmap's serde impl writes and reads them with
//! serde_json: an object (keys as for `HashMap`) and an array, in insertion order both ways.
//! A duplicate key keeps its first position and takes the later value (`IndexMap::insert`,
//! as serde does); a duplicate set element keeps its first position.
//!
//! ```
//! # #[cfg(feature = "indexmap")] {
//! use indexmap::IndexMap;
//! let m: IndexMap<String, u32> = json_runtime::from_str(r#"{"b":1,"a":2,"b":3}"#).unwrap();
//! assert_eq!(m.iter().collect::<Vec<_>>(), [(&"b".to_string(), &3), (&"a".to_string(), &2)]);
//! assert_eq!(json_runtime::to_string(&m).unwrap(), r#"{"b":3,"a":2}"#);
//! # }
//! ```

// A std-only module (its feature implies `std`).
#[allow(unused_imports)]
use std::prelude::rust_2021::*;
#[allow(unused_imports)]
use std::thread_local;

use std::hash::{BuildHasher, Hash};

use indexmap::{IndexMap, IndexSet};

use crate::impls::collections::{read_map, read_seq, write_map};
use crate::{Format, FromJson, FromJsonKey, Reader, Result, ToJson, ToJsonKey, Writer};

impl<K: ToJsonKey, V: ToJson, S> ToJson for IndexMap<K, V, S> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        write_map(w, self);
    }
}

impl<'de, K, V, S> FromJson<'de> for IndexMap<K, V, S>
where
    K: FromJsonKey<'de> + Eq + Hash + ToString,
    V: FromJson<'de>,
    S: BuildHasher + Default,
{
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut m = IndexMap::with_hasher(S::default());
        read_map(r, |k, v| {
            m.insert(k, v);
        })?;
        Ok(m)
    }
}

impl<T: ToJson, S> ToJson for IndexSet<T, S> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.array(self);
    }
}

impl<'de, T, S> FromJson<'de> for IndexSet<T, S>
where
    T: FromJson<'de> + Eq + Hash,
    S: BuildHasher + Default,
{
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut set = IndexSet::with_hasher(S::default());
        read_seq(r, |x| {
            set.insert(x);
        })?;
        Ok(set)
    }
}
