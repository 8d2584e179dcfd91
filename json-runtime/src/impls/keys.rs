//! Map keys, in serde_json's forms: strings as they are; chars, integers, floats and bools as
//! strings holding their JSON text.
//!
//! Reading follows serde_json's `MapKey` deserializer: string and char keys are unescaped like
//! any string, but integer, float and bool keys are read from the key's raw bytes, so they must
//! be exactly a JSON number (no whitespace, `+`, leading zeros or escapes; `-0` is a float) or
//! exactly `true`/`false`.

use alloc::borrow::Cow;
use alloc::{boxed::Box, string::String};

use crate::error::Category;
use crate::small::owned_string;
use crate::{Error, Format, FromJson, FromJsonKey, Reader, Result, Str, ToJsonKey, Writer};

impl ToJsonKey for String {
    #[inline]
    fn write_key<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.str(self);
    }
}
impl ToJsonKey for str {
    #[inline]
    fn write_key<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.str(self);
    }
}
impl<T: ToJsonKey + ?Sized> ToJsonKey for &T {
    #[inline]
    fn write_key<F: Format>(&self, w: &mut Writer<'_, F>) {
        (**self).write_key(w);
    }
}
/// `Box<str>`, and any boxed key (serde forwards `Box<T>` to `T`).
impl<T: ToJsonKey + ?Sized> ToJsonKey for Box<T> {
    #[inline]
    fn write_key<F: Format>(&self, w: &mut Writer<'_, F>) {
        (**self).write_key(w);
    }
}
impl ToJsonKey for Cow<'_, str> {
    #[inline]
    fn write_key<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.str(self);
    }
}
impl ToJsonKey for char {
    #[inline]
    fn write_key<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.str(self.encode_utf8(&mut [0u8; 4]));
    }
}
impl ToJsonKey for bool {
    #[inline]
    fn write_key<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.bytes(if *self { b"\"true\"" } else { b"\"false\"" });
    }
}

impl<'de> FromJsonKey<'de> for String {
    #[inline]
    fn read_key(r: &mut Reader<'de>) -> Result<Self> {
        Ok(owned_string(r.read_key()?))
    }
}
impl<'de> FromJsonKey<'de> for Box<str> {
    #[inline]
    fn read_key(r: &mut Reader<'de>) -> Result<Self> {
        Ok(owned_string(r.read_key()?).into_boxed_str())
    }
}
impl<'de, T: FromJsonKey<'de>> FromJsonKey<'de> for Box<T> {
    #[inline]
    fn read_key(r: &mut Reader<'de>) -> Result<Self> {
        T::read_key(r).map(Box::new)
    }
}
impl<'de: 'a, 'a> FromJsonKey<'de> for &'a str {
    fn read_key(r: &mut Reader<'de>) -> Result<Self> {
        match r.read_key_str()? {
            Str::Borrowed(s) => Ok(s),
            Str::Copied(s) => {
                let msg = format!("invalid type: string {s:?}, expected a borrowed string");
                Err(r.error(msg))
            }
        }
    }
}
impl<'de: 'a, 'a> FromJsonKey<'de> for Cow<'a, str> {
    fn read_key(r: &mut Reader<'de>) -> Result<Self> {
        Ok(match r.read_key_str()? {
            Str::Borrowed(s) => Cow::Borrowed(s),
            Str::Copied(s) => Cow::Owned(owned_string(s)),
        })
    }
}
impl<'de> FromJsonKey<'de> for char {
    fn read_key(r: &mut Reader<'de>) -> Result<Self> {
        let s = r.read_key()?;
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => {
                let msg = format!("invalid value: string {s:?}, expected a character");
                Err(r.error(msg))
            }
        }
    }
}
/// Exactly `"true"` or `"false"`, unescaped, like serde_json.
impl<'de> FromJsonKey<'de> for bool {
    fn read_key(r: &mut Reader<'de>) -> Result<Self> {
        match r.read_key_str()? {
            Str::Borrowed("true") => Ok(true),
            Str::Borrowed("false") => Ok(false),
            s => {
                let msg = format!("invalid type: string {:?}, expected a boolean", &*s);
                Err(r.error(msg))
            }
        }
    }
}

/// Reads a key that serde_json parses straight from the input as a JSON number: the key's raw
/// text must be exactly one number, which is then read like a value of type `T`.
fn read_numeric_key<'de, T: FromJson<'de>>(r: &mut Reader<'de>) -> Result<T> {
    let text = match r.read_key_str()? {
        Str::Borrowed(s) => s.as_bytes(),
        // An escape is neither a number's first byte nor the quote that must follow it.
        Str::Copied(_) => &[],
    };
    if !matches!(text.first(), Some(b'-' | b'0'..=b'9')) {
        return Err(r.syntax("invalid value: expected key to be a number in quotes"));
    }
    let mut sub = Reader::new(text);
    match T::read_json(&mut sub) {
        Ok(v) if sub.position() == text.len() => Ok(v),
        Ok(_) => Err(r.syntax("expected `\"`")),
        Err(e) => Err(relocate(r, e)),
    }
}

/// An error from reading a key's text, re-reported at the reader's position.
#[cold]
#[inline(never)]
fn relocate(r: &Reader<'_>, e: Error) -> Error {
    match e.classify() {
        Category::Data => r.error(e.message()),
        // The number ended at the closing quote.
        Category::Eof => r.syntax("invalid number"),
        _ => r.syntax(e.message()),
    }
}

/// Integer keys: the number between quotes, written by the writer's own integer method
/// (`$write`, taking `$wide`, the type it widens to).
macro_rules! int_keys {
    ($($write:ident($wide:ty): $($t:ty),*;)*) => {$($(
        impl ToJsonKey for $t {
            #[inline]
            fn write_key<F: Format>(&self, w: &mut Writer<'_, F>) {
                w.out_mut().push(b'"');
                w.$write(*self as $wide);
                w.out_mut().push(b'"');
            }
        }
        /// The key's raw text must be exactly a JSON integer in range (no whitespace, `+`,
        /// escapes or leading zeros; `-0` and `1.0` are floats), like serde_json.
        impl<'de> FromJsonKey<'de> for $t {
            fn read_key(r: &mut Reader<'de>) -> Result<Self> {
                read_numeric_key(r)
            }
        }
    )*)*};
}
int_keys! {
    u64(u64): u8, u16, u32, u64, usize;
    i64(i64): i8, i16, i32, i64, isize;
    u128(u128): u128;
    i128(i128): i128;
}

macro_rules! float_keys {
    ($($t:ty => $write:path),*) => {$(
        /// The number's JSON text in quotes, like serde_json.
        ///
        ///
        /// A NaN or infinite key has no JSON form: serde_json refuses it with the error "float
        /// key must be finite (got NaN or +/-inf)", which [`crate::to_vec`] returns too
        /// (recorded with [`Writer::fail`]).
        impl ToJsonKey for $t {
            #[inline]
            fn write_key<F: Format>(&self, w: &mut Writer<'_, F>) {
                if !self.is_finite() {
                    return w.fail("float key must be finite (got NaN or +/-inf)");
                }
                let out = w.out_mut();
                out.push(b'"');
                $write(out, *self);
                out.push(b'"');
            }
        }
        /// The key's raw text must be exactly a JSON number, like serde_json.
        impl<'de> FromJsonKey<'de> for $t {
            fn read_key(r: &mut Reader<'de>) -> Result<Self> {
                read_numeric_key(r)
            }
        }
    )*};
}
float_keys!(f32 => crate::writer::float::write_f32, f64 => crate::writer::float::write_f64);
