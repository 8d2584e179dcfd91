//! Writing `f64` exactly as serde_json does (zmij's shortest round-trip form: our own
//! formatter in shortest.rs, written into the output in place), with a fast path
//! for the short decimals API payloads are full of (prices, percentages, readings): a value
//! that is exactly the nearest double to a decimal with at most eight fraction digits, with
//! magnitude in [1e-4, 1e7), is printed from that decimal directly.
//!
//! Why the fast path gives zmij's digits: in that range a double's rounding interval is
//! narrower than 1e-8 / 4, so at most one multiple of 1e-8 lies in it. If `m / 1e8` (computed
//! exactly: `m < 2^53`, and IEEE division is correctly rounded) equals the value, that decimal
//! round-trips and is the only round-tripping decimal with at most eight fraction digits, so
//! with trailing zeros removed it is the shortest one, which is what zmij prints. In this
//! range zmij uses plain notation (`0.0001`, `1234567.5`, `26.0`); the tests compare both
//! on millions of values. Measured: zmij was 53% of writing order_1k.json.
//!
//! `f32` values take the same formatter (`write_f32`), with an `f32`'s own shortest digits.

use crate::simd::digits::eight_ascii;
use alloc::vec::Vec;

/// Writes `v` (`null` if it is NaN or infinite, as serde_json does). One out-of-line entry for
/// every case: callers pass the value in a register and save nothing; the short-decimal test
/// is here, and each case ends in a jump to its writer (short decimal, shortest formatter,
/// `null`), so that this function saves no register either (measured on canada.json: a
/// wrapper around zmij called from an inlined prefilter cost ~25 more instructions per
/// number).
#[inline(never)]
pub(crate) fn write_f64(out: &mut Vec<u8>, v: f64) {
    // `1e-4 <= |v| < 1e7` as one integer comparison on the bits of `|v|`: the bits of
    // non-negative doubles are ordered like their values, and NaN and the infinities lie
    // above 1e7.
    let bits = v.to_bits() & !(1 << 63);
    const LO: u64 = 0x3F1A_36E2_EB1C_432D; // 1e-4
    const HI: u64 = 0x4163_12D0_0000_0000; // 1e7
    if bits.wrapping_sub(LO) < HI - LO {
        let a = f64::from_bits(bits);
        let p = a * 1e8;
        // `p` rounded to an integer without leaving the float unit: below 2^52, adding 2^52
        // rounds away the fraction exactly (the subtraction is exact too).
        const SHIFT: f64 = (1u64 << 52) as f64;
        let m = (p + SHIFT) - SHIFT;
        // A short decimal `a = fl(m / 1e8)` has `|p - m| <= 2^-51 p` (two roundings of
        // relative size 2^-53), and this test is exact (`m - p` by Sterbenz's lemma, the
        // product by a power of two), so it only turns away values that are not short, with
        // no conversion to an integer; most values that pass are short. (LLVM computes the
        // division of the second test alongside the first; moving it behind a call to keep it
        // off the path of values that are not short cost more instructions than it saved.)
        if (m - p).abs() <= p * (1.0 / (1u64 << 51) as f64) && m / 1e8 == a {
            // m < 1e15 < 2^50: exact.
            write_short_decimal(out, v < 0.0, m as i64 as u64);
            return;
        }
    } else if bits >= 0x7FF0_0000_0000_0000 {
        return write_null(out);
    }
    super::shortest::write_shortest_f64(out, v);
}

/// `null` for NaN and the infinities, out of line and last, so that [`write_f64`] and
/// [`write_f32`] keep nothing aside for a call (see `shortest::write_shortest_f64`).
#[cold]
#[inline(never)]
fn write_null(out: &mut Vec<u8>) {
    out.extend_from_slice(b"null");
}

/// Writes `v` (`null` if it is NaN or infinite, as serde_json does) in zmij's shortest form
/// for an `f32`, with the same formatter as `f64` (shortest.rs), in place.
#[inline(never)]
pub(crate) fn write_f32(out: &mut Vec<u8>, v: f32) {
    if v.is_finite() {
        super::shortest::write_shortest_f32(out, v);
    } else {
        write_null(out);
    }
}

/// Writes `scaled / 1e8` (`scaled < 10^15`) with trailing fraction zeros removed (`26.0` keeps
/// one), straight into the buffer's spare room.
#[inline(never)]
fn write_short_decimal(out: &mut Vec<u8>, negative: bool, scaled: u64) {
    const ZEROS: u64 = 0x3030_3030_3030_3030;
    let int = eight_ascii((scaled / 100_000_000) as u32);
    // Leading zero digits of the integer part are its lowest bytes; keep at least one digit.
    let int_skip = (((int ^ ZEROS).trailing_zeros() / 8) as usize).min(7);
    let int_len = 8 - int_skip;
    let frac = (scaled % 100_000_000) as u32;
    let (frac, frac_len) = if frac == 0 {
        (ZEROS, 1)
    } else {
        let ascii = eight_ascii(frac);
        // Trailing zero digits are its highest bytes.
        (ascii, 8 - ((ascii ^ ZEROS).leading_zeros() / 8) as usize)
    };
    out.reserve(32);
    let len = out.len();
    // SAFETY: `reserve(32)` leaves at least 32 writable bytes after `len`. The writes below
    // are one byte at `len`, then 8-byte unaligned stores at offsets at most 1, 1 + 8 and
    // 1 + 8 + 1 from `len`, so they end by `len + 18`. Of these, the bytes up to
    // `len + sign + int_len + 1 + frac_len` (at most 18) are the number, written before
    // `set_len`; the stores past that only touch spare capacity, which `set_len` leaves out.
    unsafe {
        let mut dst = out.as_mut_ptr().add(len);
        if negative {
            *dst = b'-';
            dst = dst.add(1);
        }
        (dst as *mut u64).write_unaligned((int >> (int_skip * 8)).to_le());
        dst = dst.add(int_len);
        *dst = b'.';
        dst = dst.add(1);
        (dst as *mut u64).write_unaligned(frac.to_le());
        out.set_len(len + negative as usize + int_len + 1 + frac_len);
    }
}

#[cfg(test)]
mod tests {
    use super::write_f64;

    /// The text of `v`, written into an empty buffer (which must grow first) and into one with
    /// room; both must agree.
    fn ours(v: f64) -> String {
        let mut grown = Vec::new();
        write_f64(&mut grown, v);
        let mut roomy = Vec::with_capacity(64);
        write_f64(&mut roomy, v);
        assert_eq!(grown, roomy, "{v:?}");
        String::from_utf8(roomy).unwrap()
    }

    fn zmij(v: f64) -> String {
        zmij::Buffer::new().format_finite(v).to_string()
    }

    /// xorshift: deterministic, no dependency.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn short_decimals_match_zmij() {
        let fixed = [
            0.0001,
            0.00011,
            0.001,
            0.05,
            0.1,
            0.2,
            0.3,
            1.0,
            9.99,
            22.49,
            26.0,
            29.25,
            189.0,
            23.5,
            7.25,
            53.5438,
            9.9664,
            71.3,
            -0.01,
            1234567.5,
            9999999.99999999,
            0.00009999,
            1e7,
            9999999.0,
            1e-4,
            0.12345678,
            0.123456789,
            100.0,
            0.30000000000000004,
        ];
        for v in fixed {
            assert_eq!(ours(v), zmij(v), "{v:?}");
            assert_eq!(ours(-v), zmij(-v), "{:?}", -v);
        }
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let count = if cfg!(miri) { 200 } else { 300_000 };
        for _ in 0..count {
            // Decimals with up to 8 fraction digits across the fast path's range and beyond.
            let digits = next(&mut state) % 1_000_000_000_000_000;
            let scale = 10f64.powi((next(&mut state) % 12) as i32);
            let v = digits as f64 / scale / 1e4;
            assert_eq!(ours(v), zmij(v), "{v:?}");
            // Arbitrary doubles near the range (almost all take the shortest formatter).
            let bits = next(&mut state);
            let w =
                f64::from_bits((bits & 0x800F_FFFF_FFFF_FFFF) | (((bits >> 52) % 40 + 1000) << 52));
            if w.is_finite() {
                assert_eq!(ours(w), zmij(w), "{w:?}");
            }
        }
    }

    #[test]
    fn non_finite_is_null_and_range_edges_match_zmij() {
        for v in [f64::NAN, -f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            assert_eq!(ours(v), "null");
        }
        let below = |v: f64| f64::from_bits(v.to_bits() - 1);
        let above = |v: f64| f64::from_bits(v.to_bits() + 1);
        for v in [1e-4, 1e7, f64::MAX, f64::MIN_POSITIVE, 0.0] {
            for w in [v, below(v.max(f64::MIN_POSITIVE)), above(v)] {
                if w.is_finite() {
                    assert_eq!(ours(w), zmij(w), "{w:?}");
                    assert_eq!(ours(-w), zmij(-w), "{:?}", -w);
                }
            }
        }
    }

    #[test]
    fn f32_matches_zmij() {
        let mut state = 0x51A7_E5EEu64;
        let count = if cfg!(miri) { 100 } else { 200_000 };
        for i in 0..count {
            let v = f32::from_bits(next(&mut state) as u32);
            if !v.is_finite() {
                continue;
            }
            let mut out = vec![b'x'; i % 5];
            super::write_f32(&mut out, v);
            assert_eq!(&out[..i % 5], &b"xxxxx"[..i % 5]);
            let text = std::str::from_utf8(&out[i % 5..]).unwrap();
            assert_eq!(text, zmij::Buffer::new().format_finite(v), "{v:?}");
        }
    }

    #[test]
    #[ignore = "slow: cargo test --release -p json-runtime float_fast_path_exhaustive -- --ignored"]
    fn float_fast_path_exhaustive() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..50_000_000u64 {
            let scaled = next(&mut state) % 1_000_000_000_000_000;
            let v = scaled as f64 / 1e8;
            assert_eq!(ours(v), zmij(v), "{v:?}");
            let w = f64::from_bits(next(&mut state));
            if w.is_finite() {
                assert_eq!(ours(w), zmij(w), "{w:?}");
            }
        }
    }
}
