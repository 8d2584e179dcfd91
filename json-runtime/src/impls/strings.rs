//! `String`, `&str`, `Box<str>`, `Cow<str>`.

use alloc::borrow::Cow;
use alloc::{boxed::Box, string::String};

use crate::small::owned_string;
use crate::{Format, FromJson, Reader, Result, Str, ToJson, Writer};

impl ToJson for str {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.str(self);
    }
}
impl ToJson for String {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.str(self);
    }
}
impl<'de> FromJson<'de> for String {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        Ok(owned_string(r.read_str()?.as_str()))
    }
}

/// Borrows from the input; a string with escapes cannot be borrowed and is an error, as in serde.
impl<'de: 'a, 'a> FromJson<'de> for &'a str {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        match r.read_str()? {
            Str::Borrowed(s) => Ok(s),
            Str::Copied(s) => {
                let msg = format!("invalid type: string {s:?}, expected a borrowed string");
                Err(r.error(msg))
            }
        }
    }
}

impl<'de> FromJson<'de> for Box<str> {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        Ok(owned_string(r.read_str()?.as_str()).into_boxed_str())
    }
}

impl ToJson for Cow<'_, str> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.str(self);
    }
}
/// Borrows when the string had no escapes, copies otherwise.
impl<'de: 'a, 'a> FromJson<'de> for Cow<'a, str> {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        Ok(match r.read_str()? {
            Str::Borrowed(s) => Cow::Borrowed(s),
            Str::Copied(s) => Cow::Owned(owned_string(s)),
        })
    }
}
