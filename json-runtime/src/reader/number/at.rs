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
