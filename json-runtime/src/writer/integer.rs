//! Writing `u64` and `i64` in decimal straight into the output's spare capacity: eight digits
//! at a time with [`eight_ascii`] (SWAR, no digit-pair table, no loop), the leading zeros dropped by a
//! shift computed from the length, which is found from the bit length apart from the digits
//! ([`decimal_len`]). itoa (two digits per step from a table, into its
//! own buffer, then copied out) was a quarter of writing citm_catalog.json, whose ids have nine
//! digits. The text is itoa's (and so serde_json's): no sign for non-negative values, no
//! leading zeros, `0` for zero; the tests compare the two.

use crate::pow10::POW10_U64;
use crate::simd::digits::eight_ascii;
use alloc::vec::Vec;

/// Appends `v`.
#[inline]
pub(crate) fn write_u64(out: &mut Vec<u8>, v: u64) {
    write_decimal(out, false, v);
}

/// Appends `v` (`-` and its magnitude when negative).
#[inline]
pub(crate) fn write_i64(out: &mut Vec<u8>, v: i64) {
    write_decimal(out, v < 0, v.unsigned_abs());
}

/// The number of decimal digits of `v` (1 for 0), from its bit length: `floor(log10(2^b))`
/// digits plus one, plus one more if `v` reaches the next power of ten. This takes a few
/// cycles, while the digits take a chain of multiplies: computing the length apart keeps the
/// output's new length (on which every later store's address depends) off that chain.
#[inline(always)]
fn decimal_len(v: u64) -> usize {
    let log2 = 63 - (v | 1).leading_zeros();
    // floor(log2 * log10(2)) for log2 <= 63 (1233 / 4096 just below log10(2); the tests check
    // every power of ten and its neighbours).
    let guess = ((log2 * 1233) >> 12) as usize;
    guess + 1 + (v >= POW10_U64[guess + 1]) as usize
}

/// Appends `-` if `negative`, then `v` without leading zeros.
#[inline(always)]
fn write_decimal(out: &mut Vec<u8>, negative: bool, v: u64) {
    const E8: u64 = 100_000_000;
    const E16: u64 = E8 * E8;
    // A sign and up to 20 digits, written with 8-byte stores that may run up to 7 bytes past the
    // digits; the last store ends at most 21 bytes after `start` (see below), 24 are reserved.
    out.reserve(24);
    let start = out.len();
    // SAFETY: `reserve(24)` leaves at least 24 writable bytes after `start`, owned by `out`.
    // The sign byte is at `start`; the digit stores begin at `dst = start + negative` (at most
    // `start + 1`) and, per branch, end at most 8, 16 (8 - skip + 8 with skip >= 0) or 20 (the
    // top part has 1 to 4 digits, so 8 - skip <= 4, then two 8-byte stores) bytes after `dst`,
    // so every store ends within `start + 21 <= start + 24`.
    // All stores are `write_unaligned`. `set_len` covers the sign (if any) and the digits,
    // all written; bytes past them are spare capacity.
    unsafe {
        let base = out.as_mut_ptr().add(start);
        *base = b'-';
        let dst = base.add(negative as usize);
        let len = decimal_len(v);
        if v < E8 {
            let skip = 8 - len;
            let a = eight_ascii(v as u32);
            (dst as *mut u64).write_unaligned((a >> (8 * skip)).to_le());
        } else if v < E16 {
            let skip = 16 - len;
            let a = eight_ascii((v / E8) as u32);
            (dst as *mut u64).write_unaligned((a >> (8 * skip)).to_le());
            let dst = dst.add(8 - skip);
            (dst as *mut u64).write_unaligned(eight_ascii((v % E8) as u32).to_le());
        } else {
            // v < 2^64 < 1.9e19: the top part has one to four digits (skip >= 4).
            let skip = 24 - len;
            let rest = v % E16;
            let a = eight_ascii((v / E16) as u32);
            (dst as *mut u64).write_unaligned((a >> (8 * skip)).to_le());
            let dst = dst.add(8 - skip);
            (dst as *mut u64).write_unaligned(eight_ascii((rest / E8) as u32).to_le());
            (dst.add(8) as *mut u64).write_unaligned(eight_ascii((rest % E8) as u32).to_le());
        }
        debug_assert!(negative as usize + len <= out.capacity() - start);
        out.set_len(start + negative as usize + len);
    }
}

#[cfg(test)]
mod tests {
    use super::{write_i64, write_u64};
    use alloc::vec::Vec;

    fn check_u64(v: u64) {
        for prefix in [0usize, 1, 7] {
            let mut out = vec![b'x'; prefix];
            write_u64(&mut out, v);
            assert_eq!(&out[..prefix], &vec![b'x'; prefix][..]);
            assert_eq!(
                &out[prefix..],
                itoa::Buffer::new().format(v).as_bytes(),
                "{v}"
            );
        }
    }

    fn check_i64(v: i64) {
        let mut out = Vec::new();
        write_i64(&mut out, v);
        assert_eq!(&out[..], itoa::Buffer::new().format(v).as_bytes(), "{v}");
    }

    #[test]
    fn decimal_len_is_the_digit_count() {
        let mut p = 1u64;
        for digits in 1..=20 {
            assert_eq!(super::decimal_len(p), digits, "{p}");
            assert_eq!(super::decimal_len(p - 1), (digits - 1).max(1), "{}", p - 1);
            p = p.saturating_mul(10);
        }
        assert_eq!(super::decimal_len(u64::MAX), 20);
        for shift in 0..64 {
            let v = 1u64 << shift;
            assert_eq!(super::decimal_len(v), v.to_string().len());
            assert_eq!(super::decimal_len(v - 1), (v - 1).to_string().len());
        }
    }

    /// Every power of ten and its neighbours (each digit count's edges), both signs, and the
    /// extremes.
    #[test]
    fn digit_count_edges_match_itoa() {
        let mut p = 1u64;
        loop {
            for v in [p - 1, p, p + 1, p.wrapping_mul(2) - 1, p.wrapping_mul(5)] {
                check_u64(v);
                if let Ok(i) = i64::try_from(v) {
                    check_i64(i);
                    check_i64(-i);
                }
            }
            match p.checked_mul(10) {
                Some(q) => p = q,
                None => break,
            }
        }
        for v in [0, u64::MAX, u64::MAX - 1, i64::MAX as u64, 1 << 63] {
            check_u64(v);
        }
        for v in [0, i64::MIN, i64::MIN + 1, i64::MAX, -1] {
            check_i64(v);
        }
    }

    /// Pseudo-random values at every bit length, and every value below 100,000.
    #[test]
    fn random_values_match_itoa() {
        // Fewer under Miri (interpreted), which checks the stores rather than the digits.
        let (randoms, below) = if cfg!(miri) {
            (2_000, 1_000)
        } else {
            (400_000, 100_000)
        };
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for i in 0..randoms {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let v = x >> (i % 64);
            check_u64(v);
            check_i64(v as i64);
        }
        for v in 0..below {
            check_u64(v);
            check_i64(-(v as i64));
        }
    }

    /// Appending to a full buffer of every capacity from 0 to 39 (so across the 24-byte
    /// reservation's boundary).
    #[test]
    fn appends_at_every_capacity() {
        for cap in 0..40 {
            for v in [0u64, 9, 12345678, 123456789, 1 << 63, u64::MAX] {
                let mut out = Vec::with_capacity(cap);
                out.resize(cap, b'y');
                write_u64(&mut out, v);
                assert_eq!(&out[cap..], itoa::Buffer::new().format(v).as_bytes());
                assert!(out[..cap].iter().all(|&b| b == b'y'));
            }
        }
    }
}
