//! The shortest round-trip form of an `f64`, written straight into the output buffer in
//! serde_json's (zmij's) format. Written for this crate from Raffaello Giulietti's paper "The
//! Schubfach way to render doubles" (2020/2021); no code is taken from an implementation.
//!
//! # The decimal
//!
//! A finite nonzero double is `v = c * 2^q` (`c < 2^53`). Every real in its rounding interval
//! `R = [c - 1/2, c + 1/2] * 2^q` (an "irregular" double, `c = 2^52` with a smaller neighbour
//! below at half the spacing, has `R = [c - 1/4, c + 1/2] * 2^q`) reads back as `v`, the
//! bounds only when `c` is even (ties to even). Schubfach picks `k` with `10^k <= 2^q` (the
//! width of `R`) `< 10^(k+1)`: `k = floor(q log10 2)`, or `floor(log10(3/4 * 2^q))` when
//! irregular. Then `R` holds at least one multiple of `10^k` and at most one of `10^(k+1)`:
//!
//! 1. if a multiple of `10^(k+1)` lies in `R`, it is the answer: every decimal with fewer
//!    digits is such a multiple too, so nothing in `R` is shorter, and it is the only one;
//! 2. otherwise the answer is the multiple of `10^k` closest to `v` (ties to the even one); it
//!    lies in `R` (half a step `10^k / 2` is at most half the width of `R`; for irregular
//!    doubles the paper's case analysis picks the one of the two neighbours that is in `R`).
//!
//! That is the shortest decimal in `R`, the closest to `v` among those, which is also what
//! zmij, Ryu and Grisu-exact print, so the digits agree with serde_json's.
//!
//! The comparisons are done on `vb = 4 v / 10^k`, `vbl = (4c - 2) 2^q / 10^k` and
//! `vbr = (4c + 2) 2^q / 10^k` (the centre and bounds of `R` in quarter steps), each computed
//! as `floor(g * x / 2^128)` rounded to odd, with `g = floor(10^-k / 2^r) + 1` (128 bits: the
//! reader's table of powers of five `T(-k)`, plus one) and `x = 4c << h` (at most 59 bits).
//! Since `g` overestimates by less than one unit, the product overestimates the exact quantity
//! by less than `2^59 / 2^128 = 2^-69`. The paper proves (section 9, with the continued
//! fraction bounds of its appendix) that for every double the exact quantities are integers or
//! have a fractional part in `[2^-63, 1 - 2^-66]`, which is the margin its 126-bit `g` needs;
//! our 128-bit `g` errs by less. So the integer part is exact, and the "sticky" bit (the 64
//! bits below it are not all zero) is set exactly when the exact quantity is not an integer:
//! `vb`, `vbl` and `vbr` are the exact values rounded to odd. Rounding to odd keeps every
//! comparison with an even integer exact, and the decisions compare them with `4 s` (`s` an
//! integer) or `2 (s + t)`, all even: the decisions are exact (paper, section 9).
//!
//! # The text
//!
//! The decimal `d * 10^k` is scaled to exactly 17 digits (`10^16 <= d < 10^17`; one multiply
//! or divide by ten, a short loop for subnormals), the first digit taken apart and the other
//! 16 turned into ASCII by SWAR (two `eight_ascii`), one `u128` whose trailing `'0'` bytes give
//! the digit count. zmij's format for the scientific exponent `e` (of the first digit):
//! `-5 <= e <= 15` in plain notation (`123.45`, `1000.0`, `0.00012`), otherwise `1.2345e17`,
//! `1e-7`, `1e+16`, `5e-324` (a sign always, no leading zeros in the exponent). Each form is a few fixed-size
//! unaligned stores at their final place, later stores overwriting the spare bytes of earlier
//! ones (the `.` goes in by storing the digits again one byte further on): nothing is moved,
//! and bytes past the text land in spare capacity, outside the length.
//!
//! The tests compare with zmij on millions of bit patterns across all exponents, every power of
//! two and ten and their neighbours, subnormals, and decimals of 1 to 17 digits.

use super::float::eight_ascii;
use crate::reader::number::float::{POW5_128, POW5_MIN_Q};
use alloc::vec::Vec;

const TEN16: u64 = 10_000_000_000_000_000;
const TEN17: u64 = 10 * TEN16;
/// Sixteen ASCII zeros.
const ZEROS: u128 = 0x3030_3030_3030_3030_3030_3030_3030_3030;
/// The bytes written past the output's length at most: a sign, 17 digits and the `.` before a
/// 16-byte store (plain notation with `e = 15`) end at 1 + 1 + 16 + 16 = 34.
const ROOM: usize = 40;

/// `floor(q * log10(2))` for `|q| <= 1100` (checked exhaustively with exact rationals).
#[inline(always)]
fn floor_log10_pow2(q: i32) -> i32 {
    (q * 315_653) >> 20
}

/// `floor(log10(3/4 * 2^q))` for `-1100 <= q <= 1000` (checked like the above).
#[inline(always)]
fn floor_log10_three_quarters_pow2(q: i32) -> i32 {
    (q * 315_653 - 131_008) >> 20
}

/// `floor(k * log2(10))`: the reader's formula, checked over the table by its tests.
#[inline(always)]
fn floor_log2_pow10(k: i32) -> i32 {
    (k * 217_706) >> 16
}

/// `floor(g * x / 2^128)` rounded to odd (its lowest bit set when the 64 bits below it are not
/// all zero), for `g = g_hi * 2^64 + g_lo`.
#[inline(always)]
fn round_to_odd(g_hi: u64, g_lo: u64, x: u64) -> u64 {
    let low = ((g_lo as u128 * x as u128) >> 64) as u64;
    // g_hi * x < 2^123: adding `low < 2^64` cannot overflow.
    let p = g_hi as u128 * x as u128 + low as u128;
    (p >> 64) as u64 | (p as u64 != 0) as u64
}

/// The shortest decimal in the rounding interval of a finite nonzero double given by its
/// `bits` (the closest to it if several, ties to even), as `(d, k)` for `d * 10^k`.
#[inline(always)]
fn to_decimal(bits: u64) -> (u64, i32) {
    let fraction = bits & ((1 << 52) - 1);
    let biased = ((bits >> 52) & 0x7FF) as i32;
    let (c, q) = if biased != 0 {
        (fraction | 1 << 52, biased - 1075)
    } else {
        (fraction, -1074)
    };
    let cb = c << 2;
    // Irregular (c = 2^52 above a binade boundary): the neighbour below is nearer. The smallest
    // normal (biased exponent 1) is regular, its neighbour below (the largest subnormal) a full
    // step away. (zmij counts it irregular; both give `2.2250738585072014e-308`, tested.)
    let (cbl, k) = if fraction != 0 || biased <= 1 {
        (cb - 2, floor_log10_pow2(q))
    } else {
        (cb - 1, floor_log10_three_quarters_pow2(q))
    };
    let cbr = cb + 2;
    // g = floor(10^-k / 2^r) + 1 with 2^127 <= g < 2^128 (the table holds T(-k) =
    // floor(5^-k / 2^s) = floor(10^-k / 2^(s - k))), so v * 10^-k = c * 2^q * g * 2^r
    // (nearly) and h = q + r + 128 = q + floor(-k * log2(10)) + 1, which is 1 to 4: `4c << h`
    // stays below 2^59.
    let (t_hi, t_lo) = POW5_128[(-(k as i64) - POW5_MIN_Q) as usize];
    let g = ((t_hi as u128) << 64 | t_lo as u128) + 1;
    let (g_hi, g_lo) = ((g >> 64) as u64, g as u64);
    let h = (q + floor_log2_pow10(-k) + 1) as u32;
    let vb = round_to_odd(g_hi, g_lo, cb << h);
    let vbl = round_to_odd(g_hi, g_lo, cbl << h);
    let vbr = round_to_odd(g_hi, g_lo, cbr << h);
    // The bounds are in R only for even c: `+ odd` turns `<=` into `<` for odd c.
    let odd = c & 1;

    // 1. The multiples of 10^(k+1) around v.
    let s = vb >> 2;
    let sp10 = s / 10 * 10;
    let tp10 = sp10 + 10;
    let upin = vbl + odd <= sp10 << 2;
    let wpin = (tp10 << 2) + odd <= vbr;
    // 2. The multiples of 10^k around v: the one in R, or the closer one.
    let t = s + 1;
    let uin = vbl + odd <= s << 2;
    let win = (t << 2) + odd <= vbr;
    // vb - 2(s + t) = 4(v - (s + 1/2) 10^k) rounded to odd: its sign is exact.
    let mid = (s + t) << 1;
    let closer_t = (vb > mid) | ((vb == mid) & (s & 1 != 0));
    let pick_t = if uin != win { win } else { closer_t };
    // Chosen without a branch: whether a long decimal needs its last digit, or which of its
    // two neighbours is closer, depends on the value, and a mispredicted branch here cost more
    // (measured on canada.json) than computing both cases.
    let fine = s + pick_t as u64;
    let coarse = if upin { sp10 } else { tp10 };
    (if upin != wpin { coarse } else { fine }, k)
}

/// `e` as zmij writes an exponent (`e+17`, `e-7`, `e-324`: always a sign, no leading zeros),
/// in the low bytes of a `u64` (first character lowest), and its length.
#[inline(always)]
fn exponent_text(e: i32) -> (u64, usize) {
    let a = e.unsigned_abs() as u64;
    let (digits, len) = if a >= 100 {
        (a / 100 | (a / 10 % 10) << 8 | (a % 10) << 16, 3)
    } else if a >= 10 {
        (a / 10 | (a % 10) << 8, 2)
    } else {
        (a, 1)
    };
    let ascii = digits | (0x30_3030 & ((1 << (8 * len)) - 1));
    let sign = if e < 0 { b'-' } else { b'+' } as u64;
    (b'e' as u64 | sign << 8 | ascii << 16, 2 + len)
}

/// `d * 10^k` with `d` scaled up to 17 digits (subnormals only: out of line).
#[cold]
#[inline(never)]
fn subnormal_to_17_digits(mut d: u64, mut k: i32) -> (u64, i32) {
    while d < TEN16 {
        d *= 10;
        k -= 1;
    }
    (d, k)
}

/// Appends the shortest round-trip form of the finite `v`, byte for byte what
/// `zmij::Buffer::format_finite` (and so serde_json) writes.
#[inline(always)]
pub(crate) fn write_shortest_f64(out: &mut Vec<u8>, v: f64) {
    let bits = v.to_bits();
    let negative = (bits >> 63) as usize;
    out.reserve(ROOM);
    let start = out.len();
    if bits << 1 == 0 {
        let text: &[u8; 4] = if negative != 0 { b"-0.0" } else { b"0.0\0" };
        // SAFETY: `reserve(ROOM)` left at least 40 writable bytes after `start`; 4 are
        // written, the first `negative + 3` of them are the text that `set_len` covers.
        unsafe {
            (out.as_mut_ptr().add(start) as *mut [u8; 4]).write_unaligned(*text);
            out.set_len(start + negative + 3);
        }
        return;
    }
    let (mut d, mut k) = to_decimal(bits);
    // To exactly 17 digits: a normal double's `d` has 16 or 17 (10^17 when rounding up
    // 99999999999999999), a subnormal's may have fewer.
    let short = d < TEN16;
    d = if short { d * 10 } else { d };
    k -= short as i32;
    if d < TEN16 {
        (d, k) = subnormal_to_17_digits(d, k);
    }
    if d >= TEN17 {
        d /= 10;
        k += 1;
    }
    let first = b'0' + (d / TEN16) as u8;
    let rest = d % TEN16;
    let high = eight_ascii((rest / 100_000_000) as u32);
    let low = eight_ascii((rest % 100_000_000) as u32);
    // Digits 2 to 17, the second lowest (little-endian order in memory).
    let tail = high as u128 | (low as u128) << 64;
    // Significant digits: trailing '0' bytes are the highest.
    let nonzero = tail ^ ZEROS;
    let n = if nonzero == 0 {
        1
    } else {
        17 - (nonzero.leading_zeros() / 8) as usize
    };
    // The exponent of the first digit.
    let e = k + 16;
    // SAFETY: `reserve(ROOM)` left at least ROOM = 40 writable bytes after `start`, owned by
    // `out`. Every store below is within `start + 34` (see each form), so in bounds, and
    // `*mut [u8; N]` / `*mut u128` stores are `write_unaligned`. Each form first writes every
    // byte of its text (`len` bytes after the sign) before `set_len` covers them; bytes beyond
    // are spare capacity.
    unsafe {
        let base = out.as_mut_ptr().add(start);
        *base = b'-';
        let dst = base.add(negative);
        let len = if (0..=15).contains(&e) {
            // Plain, `e + 1 = p` integer digits (1 to 16): the 17 digits at 0..17, the '.' at
            // p, then digits p.. again from p + 1 (ends at p + 17 <= 33 after the sign).
            let p = e as usize + 1;
            *dst = first;
            (dst.add(1) as *mut u128).write_unaligned(tail.to_le());
            *dst.add(p) = b'.';
            (dst.add(p + 1) as *mut u128).write_unaligned((tail >> (8 * (p - 1))).to_le());
            // At least one fraction digit (a zero: digit p is '0' when n <= p).
            n.max(p + 1) + 1
        } else if (-5..0).contains(&e) {
            // "0." and -e - 1 zeros (z = 1 - e bytes, 2 to 6), then the digits (ends at
            // z + 17 <= 23).
            let z = (1 - e) as usize;
            (dst as *mut [u8; 8]).write_unaligned(*b"0.000000");
            *dst.add(z) = first;
            (dst.add(z + 1) as *mut u128).write_unaligned(tail.to_le());
            z + n
        } else {
            // d[.ddd]e[-]x: the first digit, '.', 16 digits (ends at 18), the exponent over
            // the '.' (n = 1) or after the n digits (ends at n + 1 + 8 <= 26).
            *dst = first;
            *dst.add(1) = b'.';
            (dst.add(2) as *mut u128).write_unaligned(tail.to_le());
            let at = if n > 1 { n + 1 } else { 1 };
            let (text, text_len) = exponent_text(e);
            (dst.add(at) as *mut u64).write_unaligned(text.to_le());
            at + text_len
        };
        out.set_len(start + negative + len);
    }
}

#[cfg(test)]
mod tests {
    use super::write_shortest_f64;
    use alloc::string::String;
    use alloc::vec::Vec;

    fn ours(v: f64) -> String {
        let mut out = Vec::new();
        write_shortest_f64(&mut out, v);
        String::from_utf8(out).unwrap()
    }

    fn zmij(v: f64) -> String {
        zmij::Buffer::new().format_finite(v).into()
    }

    fn check(v: f64) {
        if v.is_finite() {
            assert_eq!(ours(v), zmij(v), "{:#x}", v.to_bits());
        }
    }

    /// xorshift: deterministic, no dependency.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    fn count(native: usize) -> usize {
        if cfg!(miri) {
            native / 10_000 + 20
        } else {
            native
        }
    }

    #[test]
    fn shortest_random_bits_match_zmij() {
        let mut state = 0x0123_4567_89AB_CDEFu64;
        for _ in 0..count(4_000_000) {
            check(f64::from_bits(next(&mut state)));
        }
    }

    #[test]
    fn shortest_plain_range_and_edges_match_zmij() {
        // Exponents around the plain-notation range 1e-5..1e16 (biased 1005 to 1077, 2^-18
        // to 2^54), and random multiples of powers of ten near the switch points.
        let mut state = 0xDEAD_BEEF_CAFE_F00Du64;
        for _ in 0..count(2_000_000) {
            let r = next(&mut state);
            let biased = 1000 + (r >> 52) % 80;
            check(f64::from_bits(
                (r & 0x800F_FFFF_FFFF_FFFF) | biased << 52,
            ));
        }
        let edges = [1e-6, 1e-5, 1e-4, 0.1, 1.0, 10.0, 1e15, 1e16, 1e17];
        for edge in edges {
            let b = f64::to_bits(edge);
            for delta in 0..count(20_000) as u64 {
                check(f64::from_bits(b + delta));
                check(f64::from_bits(b - delta));
                check(-f64::from_bits(b - delta));
            }
        }
    }

    #[test]
    fn shortest_edge_cases_match_zmij() {
        let mut values = alloc::vec![
            0.0,
            -0.0,
            5e-324,
            1e-323,
            f64::from_bits(0x000F_FFFF_FFFF_FFFF),
            f64::MIN_POSITIVE,
            f64::MAX,
            f64::EPSILON,
            9007199254740992.0,
            9007199254740993.0,
            1e15,
            1e16,
            1.5e-5,
            1e-5,
            1e-7,
            123456789012345680.0,
            0.3,
            2.0 / 3.0,
        ];
        // Every power of two (regular and irregular: all exponents) and of ten, each with
        // its neighbours.
        let mut p = 1.0f64;
        for _ in 0..1100 {
            values.push(p);
            p /= 2.0;
        }
        let mut p = 1.0f64;
        while p.is_finite() {
            values.push(p);
            p *= 2.0;
        }
        for e in -330..=310 {
            values.push(format!("1e{e}").parse().unwrap());
        }
        // Integers up to 2^53 and beyond, and subnormals with few bits.
        for i in 0..count(200_000) as u64 {
            values.push(i as f64);
            values.push(((1u64 << 53) - i) as f64);
            values.push(((1u64 << 53) + 2 * i) as f64);
            values.push(f64::from_bits(i));
        }
        for v in values {
            for w in [v, -v] {
                let b = w.to_bits();
                check(w);
                check(f64::from_bits(b.wrapping_add(1)));
                if b << 1 != 0 {
                    check(f64::from_bits(b.wrapping_sub(1)));
                }
            }
        }
        assert_eq!(ours(1e16), "1e+16");
        assert_eq!(ours(1e15), "1000000000000000.0");
        assert_eq!(ours(-0.0), "-0.0");
        assert_eq!(ours(5e-324), "5e-324");
    }

    #[test]
    fn shortest_decimals_of_every_length_match_zmij() {
        // Decimals with 1 to 17 significant digits at every decimal exponent: parsed, they
        // are doubles whose shortest form usually has that many digits.
        let mut state = 0x1357_9BDF_2468_ACE0u64;
        for _ in 0..count(150_000) {
            for digits in 1..=17u32 {
                let m = next(&mut state) % 10u64.pow(digits);
                let e = (next(&mut state) % 640) as i32 - 330;
                let v: f64 = format!("{m}e{e}").parse().unwrap();
                check(v);
                check(-v);
            }
        }
    }

    #[test]
    fn shortest_appends_after_existing_bytes() {
        let values = [
            -2.2250738585072014e-308,
            -1.7976931348623157e308,
            5e-324,
            -5e-324,
            1.2345678901234567e-100,
            -65.613_616_999_999_98,
            -1234567890123456.7,
            -0.000_012_345_678_901_234_567,
            123456789012345680.0,
            1e15,
            -0.0,
            0.1,
        ];
        for v in values {
            for prefix in 0..40 {
                for extra in [0usize, 1, 23, 24, 40, 64] {
                    let mut out = Vec::with_capacity(prefix + extra);
                    out.extend((0..prefix).map(|i| b'a' + (i % 26) as u8));
                    let before = out.clone();
                    write_shortest_f64(&mut out, v);
                    assert_eq!(out[..prefix], before[..], "{v:?}");
                    assert_eq!(core::str::from_utf8(&out[prefix..]).unwrap(), zmij(v));
                }
            }
        }
    }

    #[test]
    #[ignore = "slow: cargo test --release -p json-runtime shortest_long -- --ignored"]
    fn shortest_long_random_bits_match_zmij() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut out = Vec::with_capacity(64);
        let mut z = zmij::Buffer::new();
        for _ in 0..400_000_000u64 {
            let v = f64::from_bits(next(&mut state));
            if v.is_finite() {
                out.clear();
                write_shortest_f64(&mut out, v);
                assert_eq!(out, z.format_finite(v).as_bytes(), "{:#x}", v.to_bits());
            }
        }
    }
}
