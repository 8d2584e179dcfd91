//! Map keys: strings as they are; chars, integers and bools as strings (serde_json's form).

use std::borrow::Cow;

use crate::{Format, FromJsonKey, Reader, Result, Str, ToJsonKey, Writer};

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
impl ToJsonKey for Box<str> {
    #[inline]
    fn write_key<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.str(self);
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
        w.raw(if *self { b"\"true\"" } else { b"\"false\"" });
    }
}

impl<'de> FromJsonKey<'de> for String {
    #[inline]
    fn read_key(r: &mut Reader<'de>) -> Result<Self> {
        Ok(r.read_key()?.to_owned())
    }
}
impl<'de> FromJsonKey<'de> for Box<str> {
    #[inline]
    fn read_key(r: &mut Reader<'de>) -> Result<Self> {
        Ok(r.read_key()?.into())
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
            Str::Copied(s) => Cow::Owned(s.to_owned()),
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
impl<'de> FromJsonKey<'de> for bool {
    fn read_key(r: &mut Reader<'de>) -> Result<Self> {
        match r.read_key()? {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(r.error("expected a boolean key")),
        }
    }
}

macro_rules! int_keys {
    ($($t:ty),*) => {$(
        impl ToJsonKey for $t {
            #[inline]
            fn write_key<F: Format>(&self, w: &mut Writer<'_, F>) {
                let mut b = itoa::Buffer::new();
                let s = b.format(*self);
                let out = w.buffer();
                out.push(b'"');
                out.extend_from_slice(s.as_bytes());
                out.push(b'"');
            }
        }
        /// The key's text must be exactly an integer (no whitespace or sign `+`), like serde_json.
        impl<'de> FromJsonKey<'de> for $t {
            fn read_key(r: &mut Reader<'de>) -> Result<Self> {
                let s = r.read_key()?;
                let ok = !s.is_empty() && !s.starts_with('+');
                match s.parse::<$t>() {
                    Ok(v) if ok => Ok(v),
                    _ => {
                        let msg = format!("invalid type: string {s:?}, expected {}", stringify!($t));
                        Err(r.error(msg))
                    }
                }
            }
        }
    )*};
}
int_keys!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
