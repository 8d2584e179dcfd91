//! bool, integers, floats, char, unit.
//!
//! The number readers are `#[inline(always)]` down to their one-window scans (see
//! `Reader::read_f64` and `Reader::read_u64_as`), and `bool`'s down to its word compare: a call
//! per number was 5-8% of reading number arrays and number-heavy structs, and only the common
//! case is inlined, the rare cases stay calls. Only where `debug_assertions` are off (release
//! and bench profiles, and the size-optimized firmware image): forced into every field of a
//! debug build, they cost `scripts/compile_cost.py --quick`'s crate 24-30% more CPU time to
//! build. A profile that optimizes with debug assertions on gets `#[inline]`.

use crate::{Format, FromJson, Reader, Result, ToJson, Writer};

impl ToJson for bool {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.bool(*self);
    }
}
impl<'de> FromJson<'de> for bool {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        r.read_bool()
    }
}

macro_rules! unsigned {
    ($($t:ty),*) => {$(
        impl ToJson for $t {
            #[inline]
            fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
                w.u64(*self as u64);
            }
        }
        impl<'de> FromJson<'de> for $t {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn read_json(r: &mut Reader<'de>) -> Result<Self> {
                let start = r.position();
                let v = r.read_u64_as(stringify!($t))?;
                <$t>::try_from(v).map_err(|_| {
                    r.number_mismatch(start, crate::ParsedNumber::U64(v), stringify!($t))
                })
            }
            #[inline]
            fn read_vec(r: &mut Reader<'de>) -> Result<alloc::vec::Vec<Self>> {
                super::read_number_vec(r)
            }
        }
    )*};
}
unsigned!(u8, u16, u32, u64, usize);

macro_rules! signed {
    ($($t:ty),*) => {$(
        impl ToJson for $t {
            #[inline]
            fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
                w.i64(*self as i64);
            }
        }
        impl<'de> FromJson<'de> for $t {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn read_json(r: &mut Reader<'de>) -> Result<Self> {
                let start = r.position();
                let v = r.read_i64_as(stringify!($t))?;
                <$t>::try_from(v).map_err(|_| {
                    r.number_mismatch(start, crate::ParsedNumber::I64(v), stringify!($t))
                })
            }
            #[inline]
            fn read_vec(r: &mut Reader<'de>) -> Result<alloc::vec::Vec<Self>> {
                super::read_number_vec(r)
            }
        }
    )*};
}
signed!(i8, i16, i32, i64, isize);

impl ToJson for u128 {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.u128(*self);
    }
}
impl<'de> FromJson<'de> for u128 {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        r.read_u128()
    }
}
impl ToJson for i128 {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.i128(*self);
    }
}
impl<'de> FromJson<'de> for i128 {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        r.read_i128()
    }
}

impl ToJson for f64 {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.f64(*self);
    }
}
impl<'de> FromJson<'de> for f64 {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        r.read_f64()
    }
    #[inline]
    fn read_field(r: &mut Reader<'de>) -> Result<Self> {
        #[inline(never)]
        fn outlined(r: &mut Reader<'_>) -> Result<f64> {
            f64::read_json(r)
        }
        outlined(r)
    }
    #[inline]
    fn read_vec(r: &mut Reader<'de>) -> Result<alloc::vec::Vec<Self>> {
        super::read_number_vec(r)
    }
}
impl ToJson for f32 {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.f32(*self);
    }
}
impl<'de> FromJson<'de> for f32 {
    /// Rounded once, straight from the text to `f32` (like serde_json with `float_roundtrip`).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        r.read_f32()
    }
    #[inline]
    fn read_field(r: &mut Reader<'de>) -> Result<Self> {
        #[inline(never)]
        fn outlined(r: &mut Reader<'_>) -> Result<f32> {
            f32::read_json(r)
        }
        outlined(r)
    }
    #[inline]
    fn read_vec(r: &mut Reader<'de>) -> Result<alloc::vec::Vec<Self>> {
        super::read_number_vec(r)
    }
}

impl ToJson for char {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.str(self.encode_utf8(&mut [0u8; 4]));
    }
}
impl<'de> FromJson<'de> for char {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let s = r.read_str()?;
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => {
                let msg = format!("invalid value: string {:?}, expected a character", &*s);
                Err(r.error(msg))
            }
        }
    }
}

impl ToJson for () {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.null();
    }
}
impl<'de> FromJson<'de> for () {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        r.read_null_as("unit")
    }
}

macro_rules! nonzero {
    ($($nz:ty => $t:ty),*) => {$(
        impl ToJson for $nz {
            #[inline]
            fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
                self.get().write_json(w);
            }
        }
        impl<'de> FromJson<'de> for $nz {
            fn read_json(r: &mut Reader<'de>) -> Result<Self> {
                let v = <$t>::read_json(r)?;
                <$nz>::new(v).ok_or_else(|| {
                    r.error(concat!("invalid value: integer `0`, expected a nonzero ", stringify!($t)))
                })
            }
        }
    )*};
}
nonzero!(
    core::num::NonZeroU8 => u8, core::num::NonZeroU16 => u16, core::num::NonZeroU32 => u32,
    core::num::NonZeroU64 => u64, core::num::NonZeroU128 => u128, core::num::NonZeroUsize => usize,
    core::num::NonZeroI8 => i8, core::num::NonZeroI16 => i16, core::num::NonZeroI32 => i32,
    core::num::NonZeroI64 => i64, core::num::NonZeroI128 => i128, core::num::NonZeroIsize => isize
);

#[cfg(test)]
mod tests {
    use crate::{FromJson, Reader, Result};
    use alloc::string::{String, ToString};

    /// What a reader gives and where it leaves the cursor, errors as their messages.
    fn outcome<'de, T: core::fmt::Debug>(
        text: &'de str,
        read: fn(&mut Reader<'de>) -> Result<T>,
    ) -> (core::result::Result<String, String>, usize) {
        let mut r = Reader::new(text.as_bytes());
        let got = read(&mut r)
            .map(|v| alloc::format!("{v:?}"))
            .map_err(|e| e.to_string());
        (got, r.position())
    }

    /// A field's out-of-line float reader (`read_field`) reads exactly what the inlined one
    /// (`read_json`) does, through `Option` and `Box` too: values, errors and the cursor.
    #[test]
    fn field_readers_match_value_readers() {
        let inputs = [
            "0",
            "-0",
            "1.5",
            "  2.5e3 ",
            "1e400",
            "-1e-400",
            "3.4028236e38",
            "12345678901234567890",
            "0.1e",
            "01",
            "-",
            "null",
            "\"1\"",
            "true",
            "",
            "1.7976931348623157e308,",
        ];
        for text in inputs {
            assert_eq!(
                outcome(text, f64::read_field),
                outcome(text, f64::read_json),
                "{text:?}"
            );
            assert_eq!(
                outcome(text, f32::read_field),
                outcome(text, f32::read_json),
                "{text:?}"
            );
            type O = Option<f64>;
            assert_eq!(
                outcome(text, O::read_field),
                outcome(text, O::read_json),
                "{text:?}"
            );
            type B = alloc::boxed::Box<f32>;
            assert_eq!(
                outcome(text, B::read_field),
                outcome(text, B::read_json),
                "{text:?}"
            );
        }
    }
}
