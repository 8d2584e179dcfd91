//! `SerdeField<T>`: what `#[fastjson(serde)]` fields expand to. Reached by generated code
//! through `__private`; not a public API.

use super::{read, read_json, write_json};
use crate::{Format, Reader, Result, Writer};
use core::marker::PhantomData;
use serde::{Deserialize, Serialize};

/// What `#[fastjson(serde)]` expands to: the derive treats the field as if it had
/// `#[fastjson(with = "<this type>")]`, and calls `missing_field` for an absent field.
pub struct SerdeField<T: ?Sized>(PhantomData<T>);

impl<T: ?Sized> SerdeField<T> {
    /// Writes the field's value through serde.
    #[inline]
    pub fn write_json<F: Format>(value: &T, w: &mut Writer<'_, F>)
    where
        T: Serialize,
    {
        write_json(value, w);
    }

    /// Reads the field's value through serde.
    #[inline]
    pub fn read_json<'de>(r: &mut Reader<'de>) -> Result<T>
    where
        T: Deserialize<'de> + Sized,
    {
        read_json(r)
    }

    /// What serde does for the absent field.
    pub fn missing_field<'de>(r: &Reader<'de>, name: &'static str) -> Result<T>
    where
        T: Deserialize<'de> + Sized,
    {
        read::missing_field(r, name)
    }
}
