//! `Serde<T>` as a map key, in serde_json's key forms: written by serde_json's map-key
//! serializer and read by its map-key deserializer (strings; integers, floats and bools inside
//! quotes; newtypes and unit variants as their inner key).
//!
//! serde_json does not export those two, so each runs on a one-entry object: the key is
//! serialized as `{<key>:null}` into the output and the braces and value are cut off; reading
//! copies the key's text into `{<key>:null}` and takes the first key of that map. Both cost a
//! few bytes of copying per key; keys through serde are a rare need.

// A std-only module (its feature implies `std`).
#[allow(unused_imports)]
use std::prelude::rust_2021::*;

use serde::de::{self, DeserializeOwned, IgnoredAny, MapAccess, Visitor};
use serde::ser::{Serialize, Serializer};

use super::read::translate;
use super::Serde;
use crate::simd::is_ws;
use crate::{Format, FromJsonKey, Reader, Result, ToJsonKey, Writer};

impl<T: Serialize> ToJsonKey for Serde<T> {
    fn write_key<F: Format>(&self, w: &mut Writer<'_, F>) {
        let out = w.out_mut();
        let start = out.len();
        let mut ser = serde_json::Serializer::new(&mut *out);
        if let Err(err) = ser.collect_map(std::iter::once((&self.0, ()))) {
            // Nothing valid was written for the key: drop its bytes, record serde_json's error.
            out.truncate(start);
            w.fail(err);
            return;
        }
        // `{<key>:null}` -> `<key>`
        out.truncate(out.len() - b":null}".len());
        out.remove(start);
        w.check_utf8_since(start);
    }
}

impl<'de, T: DeserializeOwned> FromJsonKey<'de> for Serde<T> {
    fn read_key(r: &mut Reader<'de>) -> Result<Self> {
        r.peek();
        let start = r.position();
        // Checks the key as a JSON string and consumes it and its `:`.
        r.read_key_str()?;
        let input = r.input();
        // Back over any whitespace the reader stepped over after the `:`, then the `:`.
        let mut end = r.position();
        while end > start && is_ws(input[end - 1]) {
            end -= 1;
        }
        end -= 1;
        while end > start && is_ws(input[end - 1]) {
            end -= 1;
        }
        let mut doc = Vec::with_capacity(end - start + 7);
        doc.push(b'{');
        doc.extend_from_slice(&input[start..end]);
        doc.extend_from_slice(b":null}");
        let mut de = serde_json::Deserializer::from_slice(&doc);
        match de::Deserializer::deserialize_map(&mut de, FirstKey(std::marker::PhantomData)) {
            Ok(key) => Ok(Serde(key)),
            Err(err) => {
                // Column 1 of `doc` is the brace before the key.
                let err = translate(r, start, err);
                Err(err.shifted_left(1))
            }
        }
    }
}

struct FirstKey<T>(std::marker::PhantomData<T>);

impl<'de, T: de::Deserialize<'de>> Visitor<'de> for FirstKey<T> {
    type Value = T;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a map key")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<T, A::Error> {
        let key = map
            .next_key()?
            .ok_or_else(|| de::Error::custom("expected a map key"))?;
        map.next_value::<IgnoredAny>()?;
        Ok(key)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use crate::Serde;

    #[test]
    fn keys_as_serde_json_writes_and_reads_them() {
        let map: BTreeMap<Serde<u32>, u8> = [(Serde(7), 1), (Serde(30), 2)].into();
        let plain: BTreeMap<u32, u8> = [(7, 1), (30, 2)].into();
        let json = crate::to_string(&map).unwrap();
        assert_eq!(json, serde_json::to_string(&plain).unwrap());
        assert_eq!(
            crate::to_string_pretty(&map).unwrap(),
            serde_json::to_string_pretty(&plain).unwrap()
        );
        assert_eq!(
            crate::from_str::<BTreeMap<Serde<u32>, u8>>(&json).unwrap(),
            map
        );

        let input = "{\"1\":1,\n \"x\" : 2}";
        let err = crate::from_str::<BTreeMap<Serde<u32>, u8>>(input).unwrap_err();
        let serde_err = serde_json::from_str::<BTreeMap<u32, u8>>(input).unwrap_err();
        assert_eq!(err.to_string(), serde_err.to_string());
    }
}
