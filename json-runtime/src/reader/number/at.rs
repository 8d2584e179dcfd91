//! Numbers read at a position of the input with no [`Reader`](crate::Reader): the loop that
//! reads an array of numbers into a `Vec` (impls/vec_read.rs) keeps its cursor in a register,
//! where the reader's cursor, a field that any call in the loop may change, was loaded and
//! stored again for every element.
//!
//! Each answers exactly what the type's `read_json` answers when it takes its inlined fast
//! path (the same scans and conversions, shared with it in reader/number/mod.rs), and `None`
//! for everything else: whitespace, other values, malformed or rare numbers, values out of the
//! type's range. The loop then reads that element through the reader, which decides.

use super::{scan, scanned_f32, scanned_f64, small_integer_at};

/// A number type whose common values are read from `input[at..]` alone.
pub(crate) trait NumberAt: Sized {
    /// The number that starts at `input[at]` (no whitespace before it) and the offset just
    /// after it, or `None` (see the module comment).
    fn at(input: &[u8], at: usize) -> Option<(Self, usize)>;
}

impl NumberAt for f64 {
    #[inline(always)]
    fn at(input: &[u8], at: usize) -> Option<(Self, usize)> {
        let s = scan(input, at)?;
        Some((scanned_f64(&s)?, s.end))
    }
}

impl NumberAt for f32 {
    #[inline(always)]
    fn at(input: &[u8], at: usize) -> Option<(Self, usize)> {
        let s = scan(input, at)?;
        Some((scanned_f32(&s)?, s.end))
    }
}

macro_rules! unsigned_at {
    ($($t:ty),*) => {$(
        impl NumberAt for $t {
            #[inline(always)]
            fn at(input: &[u8], at: usize) -> Option<(Self, usize)> {
                let s = small_integer_at::<false>(input, at)?;
                if s.negative {
                    return None;
                }
                Some((<$t>::try_from(s.mantissa).ok()?, s.end))
            }
        }
    )*};
}
unsigned_at!(u8, u16, u32, u64, usize);

macro_rules! signed_at {
    ($($t:ty),*) => {$(
        impl NumberAt for $t {
            #[inline(always)]
            fn at(input: &[u8], at: usize) -> Option<(Self, usize)> {
                let s = small_integer_at::<true>(input, at)?;
                // Fifteen digits at most: in `i64`'s range. `-0` is a float in serde_json (an
                // error for an integer): the reader decides.
                if s.negative && s.mantissa == 0 {
                    return None;
                }
                let v = s.mantissa as i64;
                Some((<$t>::try_from(if s.negative { -v } else { v }).ok()?, s.end))
            }
        }
    )*};
}
signed_at!(i8, i16, i32, i64, isize);

#[cfg(test)]
mod tests {
    use super::NumberAt;

    /// The common forms are read here, not left to the reader (the loop would still be right,
    /// only slower): the end offset and value of each, with room for the 32-byte window after
    /// it and the sixteen bytes before its end that the vector conversion loads.
    #[test]
    fn common_numbers_are_read_at_their_start() {
        let pad = " ".repeat(40);
        let at = |text: &str| alloc::format!("{}{text}{pad}", &pad[..16]);
        for (text, value, end) in [
            ("12.5,", 12.5f64, 4),
            ("-0.0636837780476, ", -0.0636837780476, 16),
            ("7]", 7.0, 1),
            ("1e5,", 1e5, 3),
            ("-0]", -0.0, 2),
        ] {
            let got = f64::at(at(text).as_bytes(), 16);
            assert_eq!(
                got.map(|(v, e)| (v.to_bits(), e)),
                Some((value.to_bits(), end + 16))
            );
            let got = f32::at(at(text).as_bytes(), 16);
            let want = (value as f32).to_bits();
            assert_eq!(
                got.map(|(v, e)| (v.to_bits(), e)),
                Some((want, end + 16)),
                "{text}"
            );
        }
        // Whitespace, other values and malformed numbers are the reader's.
        for text in [" 1", "\"1\"", "01", "1.", "-", "+1", "1e"] {
            assert_eq!(f64::at(at(text).as_bytes(), 16), None, "{text}");
        }
        #[cfg(target_arch = "x86_64")]
        {
            assert_eq!(u32::at(at("4096,").as_bytes(), 16), Some((4096, 20)));
            assert_eq!(i64::at(at("-12]").as_bytes(), 16), Some((-12, 19)));
            assert_eq!(u8::at(at("255,").as_bytes(), 16), Some((255, 19)));
            // Out of the type's range, `-0` as an integer, a sign for an unsigned type: the
            // reader's errors.
            assert_eq!(u8::at(at("256,").as_bytes(), 16), None);
            assert_eq!(i8::at(at("-0,").as_bytes(), 16), None);
            assert_eq!(u32::at(at("-1,").as_bytes(), 16), None);
            assert_eq!(u64::at(at("1.5,").as_bytes(), 16), None);
        }
    }
}
