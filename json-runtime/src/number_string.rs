//! `#[fastjson(number_from_string)]` and `#[fastjson(number_as_string)]`: numbers that may be
//! written as JSON strings (`"12"`), as many APIs do. Only fields that ask for it use this code.

use crate::{Format, FromJson, Reader, Result, ToJson, Writer};
use alloc::{borrow::ToOwned, boxed::Box, vec::Vec};

/// Reads a number written either as a JSON number or as a string holding one (`12` or `"12"`).
/// The string's content must be exactly a JSON number: no whitespace, no `+`, no `NaN`.
pub trait NumberFromString<'de>: Sized {
    /// Reads the value at the cursor.
    fn read_number_or_string(r: &mut Reader<'de>) -> Result<Self>;
}

/// Writes numbers as JSON strings (`"12"`).
pub trait NumberAsString {
    /// Writes the value.
    fn write_number_as_string<F: Format>(&self, w: &mut Writer<'_, F>);
}

macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl<'de> NumberFromString<'de> for $t {
            #[inline]
            fn read_number_or_string(r: &mut Reader<'de>) -> Result<Self> {
                if r.peek() != Some(b'"') {
                    return <$t>::read_json(r);
                }
                let text = r.read_str()?.as_str().to_owned();
                // Exactly a number: it starts with `-` or a digit and ends with a digit, so no
                // whitespace around it (which the reader below would skip).
                let bytes = text.as_bytes();
                let starts = matches!(bytes.first(), Some(b'-' | b'0'..=b'9'));
                let ends = matches!(bytes.last(), Some(b'0'..=b'9'));
                if !(starts && ends) {
                    return Err(r.error(format_args!(
                        "invalid number in string {text:?}: expected exactly a JSON number"
                    )));
                }
                let mut inner = Reader::new(bytes);
                match <$t>::read_json(&mut inner).and_then(|v| inner.end().map(|_| v)) {
                    Ok(v) => Ok(v),
                    Err(e) => Err(r.error(format_args!(
                        "invalid number in string {text:?}: {}", e.message()
                    ))),
                }
            }
        }
        impl NumberAsString for $t {
            #[inline]
            fn write_number_as_string<F: Format>(&self, w: &mut Writer<'_, F>) {
                let start = w.out_mut().len();
                self.write_json(w);
                // Non-finite floats are written as `null`, which stays as it is.
                if w.out_mut()[start] != b'n' {
                    w.out_mut().insert(start, b'"');
                    w.out_mut().push(b'"');
                }
            }
        }
    )*};
}
numbers!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, f32, f64);

impl<'de, T: NumberFromString<'de>> NumberFromString<'de> for Option<T> {
    #[inline]
    fn read_number_or_string(r: &mut Reader<'de>) -> Result<Self> {
        if r.try_null()? {
            Ok(None)
        } else {
            T::read_number_or_string(r).map(Some)
        }
    }
}
impl<T: NumberAsString> NumberAsString for Option<T> {
    #[inline]
    fn write_number_as_string<F: Format>(&self, w: &mut Writer<'_, F>) {
        match self {
            Some(v) => v.write_number_as_string(w),
            None => w.null(),
        }
    }
}
impl<'de, T: NumberFromString<'de>> NumberFromString<'de> for Box<T> {
    fn read_number_or_string(r: &mut Reader<'de>) -> Result<Self> {
        T::read_number_or_string(r).map(Box::new)
    }
}
impl<T: NumberAsString> NumberAsString for Box<T> {
    fn write_number_as_string<F: Format>(&self, w: &mut Writer<'_, F>) {
        (**self).write_number_as_string(w);
    }
}
impl<'de, T: NumberFromString<'de>> NumberFromString<'de> for Vec<T> {
    fn read_number_or_string(r: &mut Reader<'de>) -> Result<Self> {
        let mut out = Vec::new();
        r.begin_array()?;
        let mut first = true;
        while r.next_element(&mut first)? {
            match T::read_number_or_string(r) {
                Ok(v) => out.push(v),
                Err(e) => return Err(e.in_index(out.len())),
            }
        }
        Ok(out)
    }
}
impl<T: NumberAsString> NumberAsString for Vec<T> {
    fn write_number_as_string<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.begin_array();
        for (i, v) in self.iter().enumerate() {
            w.elem(i == 0);
            v.write_number_as_string(w);
        }
        w.end_array(!self.is_empty());
    }
}

/// The entry points generated code calls.
#[doc(hidden)]
pub mod with {
    use super::*;
    #[inline]
    pub fn write_json<T: NumberAsString + ?Sized, F: Format>(v: &T, w: &mut Writer<'_, F>) {
        v.write_number_as_string(w);
    }
    #[inline]
    pub fn read_json<'de, T: NumberFromString<'de>>(r: &mut Reader<'de>) -> Result<T> {
        T::read_number_or_string(r)
    }
}
