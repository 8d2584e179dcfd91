//! The shortest round-trip form of an `f64`, written straight into the output buffer in
//! serde_json's (zmij's) format. Written for this crate from Raffaello Giulietti's paper "The
//! Schubfach way to render doubles" (2020/2021) and the idea, used by zmij, of producing the
//! shorter candidate and the extra digit from one product; no code is taken from an
//! implementation.
//!
//! # What is printed
//!
//! A finite nonzero double is `v = c * 2^q` (`c < 2^53`). Every real in its rounding interval
//! `R = [c - 1/2, c + 1/2] * 2^q` (an "irregular" double, `c = 2^52` above a binade boundary,
//! has its lower neighbour at half the spacing: `R = [c - 1/4, c + 1/2] * 2^q`) reads back as
//! `v`, the bounds only when `c` is even (ties to even). With `k` such that
//! `10^k <= 2^q < 10^(k+1)` (`k = floor(q log10 2)`; `floor(log10(3/4 2^q))` when irregular),
//! `R` holds at least one multiple of `10^k` and at most one of `10^(k+1)`:
//!
//! 1. if a multiple of `10^(k+1)` lies in `R`, it is the answer: every decimal with fewer
//!    digits is such a multiple too, so nothing in `R` is shorter, and it is the only one;
//! 2. otherwise the answer is the multiple of `10^k` closest to `v` (ties to the even one),
//!    which lies in `R` (it is within `10^k / 2 <= 2^(q-1)` of `v`; for irregular doubles the
//!    one of the two neighbours that is in `R`).
//!
//! That is the shortest decimal in `R` and the closest to `v` among those: what Schubfach,
//! Ryu and zmij print.
//!
//! # The fast path: one product ([`one_product`])
//!
//! For regular normal doubles, `y = v / 10^(k+1)` lies in `[c / 10, c)`: its integer part `L`
//! (15 or 16 digits) is the multiple of `10^(k+1)` below `v` in those units, and case 1 asks
//! whether `frac(y) <= h` (the one below is in `R`; `h = 2^(q-1) / 10^(k+1)`, half the width
//! of `R`, between 1/20 and 1/2) or `frac(y) + h >= 1` (the one above). Case 2's digit is
//! `round(10 frac(y))`. One 128 x 64-bit product gives `w`, within 1 of `2^64 y`, and `g`
//! alone gives `2^64 h` within 1 (see the comments in the code: `g` is the reader's 128-bit
//! power of five plus one, so the product is exact up to less than `2^-67` before the floor).
//! So `frac(y)` and `h` are known within one unit of `2^-64`: the two case-1 decisions are exact
//! unless their margin is under 2 units. The digit is taken from the top 32 bits of `frac(y)`
//! (one 64-bit product), so `10 frac(y)` is known within 11 units of `2^-32`: it is exact unless
//! within that of a halfway point. When a decision is that close (an exact tie or bound, which
//! only happens for short exact values, or an inexact value within about `2^-28.5` of a digit's
//! halfway point), for zero, subnormals and irregular doubles, and whenever the buffer must
//! grow first, the exact path below decides instead. The tests compare the two paths on
//! millions of doubles, and each with zmij (the fast one by writing into a buffer with room).
//!
//! # The exact path: Schubfach ([`to_decimal_exact`])
//!
//! The comparisons are done on `vb = 4 v / 10^k`, `vbl = (4c - 2) 2^q / 10^k` and
//! `vbr = (4c + 2) 2^q / 10^k` (the centre and bounds of `R` in quarter steps), each computed
//! as `floor(g * x / 2^128)` rounded to odd, with `g = floor(10^-k / 2^r) + 1` and
//! `x = 4c << h` (at most 59 bits). Since `g` overestimates by less than one unit, the product
//! exceeds the exact quantity by less than `2^59 / 2^128 = 2^-69`. What the decisions need,
//! checked for every exponent by an exact search over all significands (in exact rational
//! arithmetic, during review; not in this repository): the exact quantity's fraction is never
//! within `2^-60.5` below an integer, so the computed integer part is exact; and where the
//! integer part is even, a nonzero fraction is never below `2^-62.5`, so the sticky bit
//! (set from `2^-64` up) is set. Where the integer part is odd the sticky bit may miss a tiny
//! fraction (it does, for `6.802601037806062e215`), and rounding to odd gives the same value
//! either way. So `vb`, `vbl` and `vbr` are the exact values rounded to odd. Rounding to odd
//! keeps every comparison with an even integer exact, and the decisions compare them with
//! `4 s` or `2 (s + t)` (`s`, `t` integers): the decisions are exact, as in the paper.
//!
//! # The text
//!
//! The decimal `(10 L + d) * 10^k` is brought to 16 digits in `L` (one select: `10 L + d`
//! has 16 or 17 digits), `L` turned into 16 ASCII digits at once (SSE2 on x86-64, SWAR
//! elsewhere) with a count of trailing zeros, and `d` appended. zmij's format for the
//! scientific exponent `e` (of the first digit): `-5 <= e <= 15` in plain notation (`123.45`,
//! `1000.0`, `0.00012`), otherwise `1.2345e+17`, `1e-7`, `1e+16`, `5e-324` (always a sign, no
//! leading zeros in the exponent). Each form is a few fixed-size unaligned stores at their
//! final place, later stores overwriting the spare bytes of earlier ones (the `.` goes in by
//! storing the digits again one byte further on): nothing is moved, no `memmove` is called,
//! and bytes past the text land in spare capacity, outside the length.
//!
//! # `f32`
//!
//! An `f32` has its own shortest decimal (at most 9 digits) in the same text. Regular normal
//! values take the one-product decisions in 64-bit arithmetic ([`one_product_f32`]: 34
//! fraction bits, no fallback, checked on every `f32`), the rest Schubfach on the table's high
//! words ([`to_decimal_f32_exact`]); the 6 to 8 digits of the integral part are converted at
//! once (SWAR) and the extra digit appended.
//!
//! The tests compare with zmij on millions of bit patterns across all exponents, every power of
//! two and ten and their neighbours, subnormals, integers, and decimals of 1 to 17 digits.

use crate::reader::number::float::{POW5_128, POW5_MAX_Q, POW5_MIN_Q};
use crate::simd::digits::{eight_ascii, sixteen_ascii};
use alloc::vec::Vec;

// The table covers 10^-k for every k used: -293 (the fast path's k + 1 for f64::MAX) to 324
// (the exact path's k for the smallest subnormal).
const _: () = assert!(POW5_MIN_Q <= -293 && POW5_MAX_Q >= 324);
// The `f32` paths add one to the table's high word for exponents -32..=45 (`-(k + 1)` in
// `one_product_f32`, `-k` in `to_decimal_f32_exact`): none there is u64::MAX.
const _: () = {
    let mut e = -32;
    while e <= 45 {
        assert!(POW5_128[(e - POW5_MIN_Q) as usize].0 < u64::MAX);
        e += 1;
    }
};

const TEN16: u64 = 10_000_000_000_000_000;
const TEN17: u64 = 10 * TEN16;
/// The bytes written past the output's length at most: a sign, 17 digits and the `.` before a
/// 16-byte store (plain notation with `e = 15`) end at 1 + 1 + 16 + 16 = 34.
const ROOM: usize = 40;

/// `floor(q * log10(2))` for `|q| <= 1100` (checked over that range: `floor_log10_formulas`).
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

/// The shortest decimal in the rounding interval of a regular normal double given by its
/// `bits` (the closest to it if several, ties to even), as `(head, last, k)` for
/// `(10 head + last) * 10^k`, with `10^14 <= head < 10^16` and `last` a digit (trailing zeros
/// included), from one product; `None` for zero, irregular doubles (powers of two),
/// subnormals and the values the product cannot decide, which [`write_exact_f64`] writes.
#[inline(always)]
fn to_decimal(bits: u64) -> Option<(u64, u64, i32)> {
    let fraction = bits & ((1 << 52) - 1);
    let biased = ((bits >> 52) & 0x7FF) as i32;
    if fraction == 0 || biased == 0 {
        return None;
    }
    one_product(fraction | 1 << 52, biased - 1075)
}

/// What the one-product paths scale by, for the spacing `2^q`: `k` with `10^k <= 2^q <
/// 10^(k+1)`, the table's `T = floor(10^-(k+1) / 2^r)` (`2^127 <= T < 2^128`, as its two
/// words) and `h = q + r + 128`, which is -3 to 0.
#[inline(always)]
fn one_product_scale(q: i32) -> (i32, (u64, u64), i32) {
    let k = floor_log10_pow2(q);
    let t = POW5_128[(-(k as i64) - 1 - POW5_MIN_Q) as usize];
    (k, t, q + floor_log2_pow10(-k - 1) + 1)
}

/// The fast path for a regular normal float `c * 2^q` (`c < 2^53`, its significand with the
/// hidden bit): `(head, last, k)` as [`to_decimal`] returns them,
/// with `floor(c / 10) <= head <= c`, or `None` where a decision is too close to call (about 1 in
/// 2^28 values, and exact ties): then the exact path decides.
#[inline(always)]
fn one_product(c: u64, q: i32) -> Option<(u64, u64, i32)> {
    // 10^k <= 2^q < 10^(k+1). y = v / 10^(k+1) = c 2^q 10^-(k+1) lies in [c / 10, c): its
    // integer part is the multiple of 10^(k+1) below v, in 10^(k+1) units (15 or 16 digits).
    // With g = floor(10^-(k+1) / 2^r) + 1 (2^127 <= g < 2^128) and h = q + r + 128 (-3 to
    // 0), g * (c << (h + 8)) / 2^128 is 2^8 y plus less than 2^61 / 2^128, so
    // w = floor(g * x / 2^72) = floor(2^64 y + less than 2^-11) is within 1 of 2^64 y.
    let (k, (t_hi, t_lo), h) = one_product_scale(q);
    let g = ((t_hi as u128) << 64 | t_lo as u128) + 1;
    let (g_hi, g_lo) = ((g >> 64) as u64, g as u64);
    let x = c << (h + 8);
    let w = (g_hi as u128 * x as u128 + ((g_lo as u128 * x as u128) >> 64)) >> 8;
    let integral = (w >> 64) as u64;
    let frac = w as u64;
    // Half the spacing 2^q in 2^-64 units of 10^(k+1): 2^63 2^q 10^-(k+1) = g / 2^(65 - h)
    // (less a hair); floored, within 1 of the exact value. It is at least 2^64 / 20.
    let half = g_hi >> (1 - h);
    // The multiple of 10^(k+1) below v is in R when frac <= half (< for odd c); the one above
    // when frac + half >= 2^64 (> for odd c). Both `frac` and `half` are within 1 of the exact
    // values, so a difference of 2 or more decides (and never on equality, so the parity of c
    // does not matter here).
    let down = frac < half;
    let (up_sum, up) = frac.overflowing_add(half);
    // Otherwise the answer is the closest multiple of 10^k, digit round(10 frac / 2^64) after
    // the integral part (1 to 9: frac > half >= 2^64 / 20 and frac + half < 2^64). From the
    // top 32 bits of `frac` (one 64-bit multiply), 10 frac / 2^32 comes out less than 10 + a
    // hair below the exact value, so a distance of 11 or more from the halfway points (in
    // 2^-32 units) decides; exact ties (to even) and the rest (about 1 in 2^28) are left to
    // the exact path.
    let tenth = (frac >> 32) * 10 + (1 << 31);
    let digit = tenth >> 32;
    let near_half = (tenth as u32).wrapping_add(11) < 22;
    let near_down = frac.wrapping_sub(half).wrapping_add(2) < 4;
    let near_up = up_sum.wrapping_add(2) < 4;
    if near_down | near_up | near_half {
        return None;
    }
    // Without a branch: which case applies depends on the value (whether a long decimal needs
    // its 17th digit), and mispredicted branches cost more than the selects. (Only one of
    // `down` and `up` holds: R is narrower than 10^(k+1).) `head` is below c + 1 <= 2^53.
    let head = integral + up as u64;
    let last = if down | up { 0 } else { digit };
    Some((head, last, k))
}

/// `(d / 10, d % 10, k)`: the exact paths' 17 (`f64`) or 9 (`f32`) digits as the one-product
/// paths return them.
#[inline(always)]
fn split_last((d, k): (u64, i32)) -> (u64, u64, i32) {
    (d / 10, d % 10, k)
}

/// The shortest decimal as `(d, k)` for `d * 10^k`, `d` scaled to exactly 17 digits, for every
/// double: Schubfach as the paper has it (see the module comment). Used for irregular doubles,
/// subnormals, the values the one-product estimate above cannot decide (exact ties and bounds,
/// or too close to one: see [`one_product`]), and every value written while the buffer grows
/// ([`write_exact_f64`]).
#[inline(never)]
fn to_decimal_exact(bits: u64) -> (u64, i32) {
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
    let (mut d, mut k) = pick(vb, vbl, vbr, c & 1, k);
    // To exactly 17 digits: a normal double's `d` has 16 or 17 (below 9.01e16 by the bounds
    // of `y`, so never 18), a subnormal's may have fewer.
    while d < TEN16 {
        d *= 10;
        k -= 1;
    }
    debug_assert!(d < TEN17);
    (d, k)
}

/// Schubfach's choice, from `4 v`, `4` times the rounding interval's bounds (each scaled by
/// `10^-k` and rounded to odd) and the parity of the significand (the bounds are in the
/// interval only for an even one: `+ odd` turns `<=` into `<`): the multiple of `10^(k+1)` in
/// the interval if exactly one is, else the multiple of `10^k` in it or closest to `v` (ties
/// to even), as `(d, k)` for `d * 10^k`.
#[inline(always)]
fn pick(vb: u64, vbl: u64, vbr: u64, odd: u64, k: i32) -> (u64, i32) {
    // 1. The multiples of 10^(k+1) around v.
    let s = vb >> 2;
    let sp10 = s / 10 * 10;
    let tp10 = sp10 + 10;
    let upin = vbl + odd <= sp10 << 2;
    let wpin = (tp10 << 2) + odd <= vbr;
    if upin != wpin {
        return (if upin { sp10 } else { tp10 }, k);
    }
    // 2. The multiples of 10^k around v: the one in R, or the closer one.
    let t = s + 1;
    let uin = vbl + odd <= s << 2;
    let win = (t << 2) + odd <= vbr;
    // vb - 2(s + t) = 4(v - (s + 1/2) 10^k) rounded to odd: its sign is exact.
    let mid = (s + t) << 1;
    let pick_t = if uin != win {
        win
    } else {
        vb > mid || (vb == mid && s & 1 != 0)
    };
    (s + pick_t as u64, k)
}

/// The shortest decimal in the rounding interval of a regular normal `f32` given by its
/// `bits` (the closest to it if several, ties to even), as `(head, last, k)` for
/// `(10 head + last) * 10^k`, with `10^5 < head < 10^8` and `last` a digit (trailing zeros
/// included), from [`one_product_f32`]; `None` for zero, powers of two and subnormals, which
/// [`write_exact_f32`] writes.
#[inline(always)]
fn to_decimal_f32(bits: u32) -> Option<(u64, u64, i32)> {
    let fraction = bits & ((1 << 23) - 1);
    let biased = ((bits >> 23) & 0xFF) as i32;
    if fraction == 0 || biased == 0 {
        return None;
    }
    Some(one_product_f32((fraction | 1 << 23) as u64, biased - 150))
}

/// [`one_product`] for a regular normal `f32` `c * 2^q` (`2^23 <= c < 2^24`) in 64-bit
/// arithmetic, without a fallback: `(head, last, k)` with `floor(c / 10) <= head <= c`. The
/// decisions of `one_product` on `y = v / 10^(k+1)` (below 2^24), held as a fixed-point
/// number with 34 fraction bits instead of 64, from one 64 x 64-bit product with the table's
/// high word. Against the 128 x 64-bit product of the `f64`s with its fallback: 10 fewer
/// instructions per random `f32` (callgrind), and no exact-path calls for the 1% of random
/// `f32`s that its margins send there (values from about 10^4 to 10^9, spacing 2^-10 to 2^6,
/// whose decimals are exact ties or bounds).
#[inline(always)]
fn one_product_f32(c: u64, q: i32) -> (u64, u64, i32) {
    const F: i32 = 34;
    const ONE: u64 = 1 << F;
    // With E = 10^-(k+1) / 2^r as in `one_product` (2^127 <= E < 2^128, h = q + r + 128 in
    // -3..=0), g = floor(E / 2^64) + 1 overestimates E / 2^64 by at most 1 (-(k+1) is in
    // -32..=44 for an `f32`: the high words there are below u64::MAX, asserted at the top),
    // and g * (c << (F + h)) / 2^64 is 2^F y plus at most c 2^(F + h) / 2^64 <
    // 2^(24 + 34 - 64) = 2^-6 (and never less). So `p` is within 1 of 2^F y: the integral
    // part of y and its fraction in 2^-F units.
    let (k, (t_hi, _), h) = one_product_scale(q);
    let g = t_hi + 1;
    let p = ((g as u128 * (c << (F + h)) as u128) >> 64) as u64;
    let integral = p >> F;
    let frac = p & (ONE - 1);
    // Half the spacing 2^q in 2^-F units of 10^(k+1): 2^(F-1) 2^q 10^-(k+1) = g / 2^(65 - F -
    // h), floored: within 1 of the exact value, and at least floor(2^F / 20).
    let half = g >> (65 - F - h);
    // The decisions of `one_product` without its margins: the multiple of 10^(k+1) below v
    // is in R when frac <= half (< for odd c); the one above when frac + half >= 2^F - 1
    // (>= 2^F for odd c: both values are floored, so an exact sum of 2^F, a bound of R that
    // an even c includes, can come out as 2^F - 1); else the digit round(10 frac / 2^F), an
    // exact tie to the even one. Both values are within 1 unit of the exact ones, so only a
    // decision whose margin is under 2 units of 2^-34 could go wrong; that these thresholds
    // decide every `f32` as exact arithmetic does, and that every `f32` reads back as zmij
    // (serde_json) writes it, is checked on all 2^32 bit patterns (`f32_exhaustive`, run by
    // scripts/check_floats.sh).
    let even = (c & 1 == 0) as u64;
    let down = frac < half + even;
    let up = frac + half + even >= ONE;
    let tenth = frac * 10 + (ONE >> 1);
    let digit = tenth >> F;
    let tie = tenth & (ONE - 1) == 0;
    let digit = digit - (tie as u64 & digit & 1);
    // Only one of `down` and `up` holds (R is narrower than 10^(k+1)).
    let head = integral + up as u64;
    let last = if down | up { 0 } else { digit };
    (head, last, k)
}

/// The shortest decimal in the rounding interval of a finite nonzero `f32` given by its
/// `bits` (the closest to it if several, ties to even), as `(d, k)` for `d * 10^k`, `d`
/// scaled to exactly 9 digits. Schubfach as [`to_decimal_exact`] has it,
/// with the top 64 bits of the table's power of ten: `g = T_hi + 1` overestimates
/// `10^-k / 2^(r + 64)` by less than one unit, so with `x = 4c << h < 2^30` the product
/// exceeds the exact quantity by less than `2^30 / 2^64 = 2^-34`. The sticky bit is therefore
/// taken from `2^-34` up (an exact integer stays even). That this decides like exact
/// arithmetic is checked on every `f32` against zmij (`scripts/check_floats.sh`).
#[inline(never)]
fn to_decimal_f32_exact(bits: u32) -> (u64, i32) {
    let fraction = bits & ((1 << 23) - 1);
    let biased = ((bits >> 23) & 0xFF) as i32;
    let (c, q) = if biased != 0 {
        ((fraction | 1 << 23) as u64, biased - 150)
    } else {
        (fraction as u64, -149)
    };
    let cb = c << 2;
    let (cbl, k) = if fraction != 0 || biased <= 1 {
        (cb - 2, floor_log10_pow2(q))
    } else {
        (cb - 1, floor_log10_three_quarters_pow2(q))
    };
    let cbr = cb + 2;
    // -k is in -31..=45 for an f32: the table's high words there are below u64::MAX
    // (asserted at the top).
    let g = POW5_128[(-(k as i64) - POW5_MIN_Q) as usize].0 + 1;
    let h = (q + floor_log2_pow10(-k) + 1) as u32;
    let round_to_odd = |x: u64| {
        let p = g as u128 * (x << h) as u128;
        (p >> 64) as u64 | ((p as u64) >= 1 << 30) as u64
    };
    let vb = round_to_odd(cb);
    let vbl = round_to_odd(cbl);
    let vbr = round_to_odd(cbr);
    let (d, k) = pick(vb, vbl, vbr, c & 1, k);
    nine_digits(d, k)
}

/// `(d, k)` for `d * 10^k` with `d` scaled to exactly 9 digits (`0 < d < 10^9`).
#[inline(always)]
fn nine_digits(mut d: u64, mut k: i32) -> (u64, i32) {
    while d < 100_000_000 {
        d *= 10;
        k -= 1;
    }
    debug_assert!(d < 1_000_000_000);
    (d, k)
}

/// The smallest and largest first-digit exponents written: `5e-324` (the smallest subnormal)
/// and `1.7976931348623157e+308`.
const MIN_EXPONENT: i32 = -324;
const MAX_EXPONENT: i32 = 308;

/// `EXPONENT_TEXT[(e - MIN_EXPONENT) & 1023]`: `e` as zmij writes an exponent (`e+17`, `e-7`,
/// `e-324`: always a sign, no leading zeros), first character in the lowest byte, and its
/// length in the top byte. One load for the text, sign and length: the table of digits by
/// `|e|` it replaces left a sign, a bounds check and three masks and shifts to do, 12 more
/// instructions per number in scientific notation (random `f64`, callgrind). The index is
/// masked, not checked: entries past `MAX_EXPONENT` are never reached and hold zeros.
static EXPONENT_TEXT: [u64; 1024] = {
    let mut t = [0u64; 1024];
    let mut e = MIN_EXPONENT;
    while e <= MAX_EXPONENT {
        let a = e.unsigned_abs() as u64;
        let (digits, count) = if a >= 100 {
            (
                (b'0' as u64 + a / 100)
                    | (b'0' as u64 + a / 10 % 10) << 8
                    | (b'0' as u64 + a % 10) << 16,
                3,
            )
        } else if a >= 10 {
            ((b'0' as u64 + a / 10) | (b'0' as u64 + a % 10) << 8, 2)
        } else {
            (b'0' as u64 + a, 1)
        };
        let sign = if e < 0 { b'-' } else { b'+' } as u64;
        t[(e - MIN_EXPONENT) as usize] = b'e' as u64 | sign << 8 | digits << 16 | (2 + count) << 56;
        e += 1;
    }
    t
};

/// `e` as zmij writes an exponent, in the low bytes of a `u64` (first character lowest; the
/// top byte is not text), and its length. `MIN_EXPONENT <= e <= MAX_EXPONENT`.
#[inline(always)]
fn exponent_text(e: i32) -> (u64, usize) {
    debug_assert!((MIN_EXPONENT..=MAX_EXPONENT).contains(&e));
    let entry = EXPONENT_TEXT[(e - MIN_EXPONENT) as usize & 1023];
    (entry, (entry >> 56) as usize)
}

/// Appends the shortest round-trip form of the finite `v`, byte for byte what
/// `zmij::Buffer::format_finite` (and so serde_json) writes.
///
/// Growing the buffer, zero, powers of two, subnormals and the values one product cannot
/// decide go to [`write_exact_f64`] as the last thing done (a tail call): no value lives
/// across a call on the common path, so nothing is moved aside for one and no register is
/// saved (with the calls in the middle: 10 more instructions per random `f64`, callgrind).
/// Not inlined into `float::write_f64`, whose short decimals then save no registers either
/// (8 fewer instructions per price); `write_shortest_f32` is inlined into `float::write_f32`,
/// which has no short-decimal path (marine_ik's `f32`s: 1.25x zmij inlined, 1.20x not).
#[inline(never)]
pub(crate) fn write_shortest_f64(out: &mut Vec<u8>, v: f64) {
    if out.capacity() - out.len() < ROOM {
        return write_exact_f64(out, v);
    }
    let bits = v.to_bits();
    let Some((head, last, k)) = to_decimal(bits) else {
        return write_exact_f64(out, v);
    };
    // SAFETY: checked above.
    unsafe { write_decimal_f64(out, (bits >> 63) as usize, head, last, k) }
}

/// [`write_shortest_f64`] for every finite `v`, with Schubfach's exact decisions; grows the
/// buffer first if needed.
#[inline(never)]
fn write_exact_f64(out: &mut Vec<u8>, v: f64) {
    out.reserve(ROOM);
    let bits = v.to_bits();
    let negative = (bits >> 63) as usize;
    if bits << 1 == 0 {
        // SAFETY: `reserve(ROOM)` above.
        return unsafe { write_zero(out, negative) };
    }
    let (head, last, k) = split_last(to_decimal_exact(bits));
    // SAFETY: `reserve(ROOM)` above.
    unsafe { write_decimal_f64(out, negative, head, last, k) }
}

/// Writes `(10 head + last) * 10^k` in zmij's format for an `f64`.
///
/// # Safety
/// `out` has at least ROOM bytes of spare capacity, `10^14 <= head < 10^16` (what
/// [`one_product`] and `split_last` of [`to_decimal_exact`] give) and `last` is a digit.
#[inline(always)]
unsafe fn write_decimal_f64(out: &mut Vec<u8>, negative: usize, head: u64, last: u64, k: i32) {
    // To 16 digits in `head` (10 head + last has 16 or 17 digits), then `last` is 0. In mask
    // arithmetic: as selects, LLVM made these branches, which a fifth of canada.json's numbers
    // (15 digits in `head`, at random) mispredicted.
    let short = (head < TEN16 / 10) as u64;
    let mask = short.wrapping_neg();
    let head = head + (mask & (head * 9 + last));
    let last = last & !mask;
    let k = k - short as i32;
    let (ascii, trailing_zeros) = sixteen_ascii(head);
    // The 17 digits: the first, then 15 more of `head` and `last`.
    let first = ascii as u8;
    let tail = ascii >> 8 | ((b'0' + last as u8) as u128) << 120;
    // Significant digits: 17, or those of `head` when `last` is 0 (arithmetic, not a branch:
    // whether a decimal needs its 17th digit depends on the value).
    let n = 17 - (last == 0) as usize * (1 + trailing_zeros as usize);
    // zmij writes plain notation for first-digit exponents -5 to 15.
    debug_assert!((TEN16 / 100..TEN16).contains(&head) && last < 10);
    // SAFETY: the caller's contract; `n` is 17, or 16 less `head`'s trailing zeros (at most
    // 15: `head` now has 16 digits), so 1 to 17.
    unsafe { write_digits::<-5, 15>(out, negative, first, tail, n, k + 16) };
}

/// Appends the shortest round-trip form of the finite `v`, byte for byte what
/// `zmij::Buffer::format_finite` (and so serde_json) writes for an `f32`: its own shortest
/// decimal (at most 9 digits, [`to_decimal_f32`]) in the same text as an `f64`'s, with
/// plain notation for first-digit exponents -6 to 12. The rare cases are a tail call, as in
/// [`write_shortest_f64`].
#[inline(always)]
pub(crate) fn write_shortest_f32(out: &mut Vec<u8>, v: f32) {
    if out.capacity() - out.len() < ROOM {
        return write_exact_f32(out, v);
    }
    let bits = v.to_bits();
    let Some((head, last, k)) = to_decimal_f32(bits) else {
        return write_exact_f32(out, v);
    };
    // SAFETY: checked above.
    unsafe { write_decimal_f32(out, (bits >> 31) as usize, head, last, k) }
}

/// [`write_shortest_f32`] for every finite `v`: zero, and powers of two and subnormals with
/// Schubfach's decisions, the rest as there; grows the buffer first if needed.
#[inline(never)]
fn write_exact_f32(out: &mut Vec<u8>, v: f32) {
    out.reserve(ROOM);
    let bits = v.to_bits();
    let negative = (bits >> 31) as usize;
    if bits << 1 == 0 {
        // SAFETY: `reserve(ROOM)` above.
        return unsafe { write_zero(out, negative) };
    }
    let (head, last, k) =
        to_decimal_f32(bits).unwrap_or_else(|| split_last(to_decimal_f32_exact(bits)));
    // SAFETY: `reserve(ROOM)` above.
    unsafe { write_decimal_f32(out, negative, head, last, k) }
}

/// Writes `(10 head + last) * 10^k` in zmij's format for an `f32`.
///
/// # Safety
/// `out` has at least ROOM bytes of spare capacity, `10^5 <= head < 10^8` (what
/// [`one_product_f32`] and `split_last` of [`to_decimal_f32_exact`] give) and `last` is a
/// digit.
#[inline(always)]
unsafe fn write_decimal_f32(out: &mut Vec<u8>, negative: usize, head: u64, last: u64, k: i32) {
    debug_assert!((100_000..100_000_000).contains(&head) && last < 10);
    // `head` (6 to 8 digits) as 8 ASCII digits, its leading zeros shifted out: the first digit,
    // then the rest, `last`, and '0' padding to the 16 bytes of an `f64`'s tail (the text code
    // never reads past the `n` significant digits but for the zeros of an integer part, which
    // these are). No division: the digits of `10 head + last` are those of `head` and `last`.
    let ascii = eight_ascii(head as u32);
    // The count of leading zeros by two compares, not from the ASCII digits: the text's
    // length, on which the next number's position waits, then waits for the conversion
    // only where `last` is 0 (from the ASCII digits: 20.0 ns per random `f32` and 14.0 ns
    // per marine_ik `f32`; by compares: 17.5 and 13.4 ns).
    let leading = (head < 10_000_000) as u32 + (head < 1_000_000) as u32;
    // Trailing zero digits are the highest bytes.
    let trailing = (ascii ^ ZEROS8).leading_zeros() / 8;
    let shifted = ascii >> (8 * leading);
    let first = shifted as u8;
    // In 64-bit shifts (a variable `u128` shift costs several instructions): `last` and the
    // padding go in the low word from byte `7 - leading`, the high word is all '0'.
    let last_and_zeros = (b'0' + last as u8) as u64 | ZEROS8 << 8;
    let low = shifted >> 8 | last_and_zeros << (8 * (7 - leading));
    let tail = low as u128 | (ZEROS8 as u128) << 64;
    let len = 9 - leading as usize;
    // Significant digits: all of `10 head + last`, or those of `head` when `last` is 0.
    let n = len - (last == 0) as usize * (1 + trailing as usize);
    // SAFETY: the caller's contract. `1 <= n <= 9`: `10^5 <= head < 10^8` (the callers:
    // `one_product_f32` gives at least floor(2^23 / 10) by its error bound, which needs the
    // table words that the const assertion at the top checks; the exact path gives 8 digits),
    // so `leading` is the number of leading zeros of `head` as 8 digits, `len - 1 - trailing`
    // (the digits of `head` from its first nonzero one to its last nonzero one) is at least 1,
    // and `len <= 9`.
    unsafe { write_digits::<-6, 12>(out, negative, first, tail, n, k + len as i32 - 1) };
}

const ZEROS8: u64 = 0x3030_3030_3030_3030;

/// `0.0` or `-0.0`.
///
/// # Safety
/// `out` has at least ROOM bytes of spare capacity.
#[inline(always)]
unsafe fn write_zero(out: &mut Vec<u8>, negative: usize) {
    let text: &[u8; 4] = if negative != 0 { b"-0.0" } else { b"0.0\0" };
    let start = out.len();
    debug_assert!(out.capacity() - start >= ROOM);
    // SAFETY: the caller guarantees ROOM (40) writable bytes after `start`; 4 are written,
    // the first `negative + 3` of them are the text that `set_len` covers.
    unsafe {
        (out.as_mut_ptr().add(start) as *mut [u8; 4]).write_unaligned(*text);
        out.set_len(start + negative + 3);
    }
}

/// Writes a decimal given as its first digit `first` (ASCII), the next 16 digits `tail` (ASCII,
/// the most significant in the lowest byte, zeros past the significant ones), the count `n`
/// of significant digits (1 to 17) and the exponent `e` of the first digit, in zmij's format:
/// plain notation when `PLAIN_MIN <= e <= PLAIN_MAX` (`123.45`, `1000.0`, `0.00012`),
/// otherwise `1.2345e+17`, `1e-7`, `1e+16`, `5e-324` (always a sign, no leading zeros in the
/// exponent). Each form is a few fixed-size unaligned stores at their final place, later
/// stores overwriting the spare bytes of earlier ones.
///
/// # Safety
/// `out` has at least ROOM bytes of spare capacity, and `1 <= n <= 17`.
#[inline(always)]
unsafe fn write_digits<const PLAIN_MIN: i32, const PLAIN_MAX: i32>(
    out: &mut Vec<u8>,
    negative: usize,
    first: u8,
    tail: u128,
    n: usize,
    e: i32,
) {
    // The stores below stay within ROOM for these bounds (see each form), and the split into
    // forms below needs `PLAIN_MIN <= 0 <= PLAIN_MAX`.
    const { assert!(PLAIN_MIN >= -7 && PLAIN_MIN <= 0 && PLAIN_MAX >= 0 && PLAIN_MAX <= 15) };
    let start = out.len();
    debug_assert!(out.capacity() - start >= ROOM);
    // SAFETY: the caller guarantees at least ROOM = 40 writable bytes after `start`, owned by
    // `out`. Every store below is within `start + 34` (see each form, with `n <= 17`), so in
    // bounds, and `*mut [u8; N]` / `*mut u128` stores are `write_unaligned`. Each form first
    // writes every byte of its text (`len` bytes after the sign) before `set_len` covers them;
    // bytes beyond are spare capacity.
    unsafe {
        let base = out.as_mut_ptr().add(start);
        *base = b'-';
        let dst = base.add(negative);
        // Plain or scientific first, by one unsigned compare, and only then the sign of `e`:
        // branching on the sign first (as LLVM compiled the two range tests) mispredicted
        // half of random doubles' exponents (callgrind's simulator: 0.55 mispredicted branches
        // per number, 0.07 after).
        let plain = (e - PLAIN_MIN) as u32 <= (PLAIN_MAX - PLAIN_MIN) as u32;
        let len = if !plain {
            // d[.ddd]e[+-]x: the first digit, '.', 16 digits (ends at 18), the exponent over
            // the '.' (n = 1) or after the n digits (ends at n + 1 + 8 <= 26).
            *dst = first;
            *dst.add(1) = b'.';
            (dst.add(2) as *mut u128).write_unaligned(tail.to_le());
            let at = if n > 1 { n + 1 } else { 1 };
            let (text, text_len) = exponent_text(e);
            (dst.add(at) as *mut u64).write_unaligned(text.to_le());
            at + text_len
        } else if e >= 0 {
            // Plain, `e + 1 = p` integer digits (1 to 16): the 17 digits at 0..17, the '.' at
            // p, then digits p.. again from p + 1 (ends at p + 17 <= 33 after the sign).
            let p = e as usize + 1;
            *dst = first;
            (dst.add(1) as *mut u128).write_unaligned(tail.to_le());
            *dst.add(p) = b'.';
            (dst.add(p + 1) as *mut u128).write_unaligned((tail >> (8 * (p - 1))).to_le());
            // At least one fraction digit (a zero: digit p is '0' when n <= p).
            n.max(p + 1) + 1
        } else {
            // "0." and -e - 1 zeros (z = 1 - e bytes, 2 to 8), then the digits (ends at
            // z + 17 <= 25).
            let z = (1 - e) as usize;
            (dst as *mut [u8; 8]).write_unaligned(*b"0.000000");
            *dst.add(z) = first;
            (dst.add(z + 1) as *mut u128).write_unaligned(tail.to_le());
            z + n
        };
        out.set_len(start + negative + len);
    }
}

#[cfg(test)]
mod tests {
    use super::write_shortest_f64;
    use alloc::string::String;
    use alloc::vec::Vec;

    /// The text of `v`, written into an empty buffer (which must grow: the exact path) and
    /// into one with room (the one-product path where it decides); both must agree.
    fn ours(v: f64) -> String {
        let mut grown = Vec::new();
        write_shortest_f64(&mut grown, v);
        let mut roomy = Vec::with_capacity(64);
        write_shortest_f64(&mut roomy, v);
        assert_eq!(grown, roomy, "{:#x}", v.to_bits());
        String::from_utf8(roomy).unwrap()
    }

    fn zmij(v: f64) -> String {
        zmij::Buffer::new().format_finite(v).into()
    }

    fn check(v: f64) {
        if v.is_finite() {
            assert_eq!(ours(v), zmij(v), "{:#x}", v.to_bits());
        }
    }

    /// The two `floor(log10)` formulas against `f64` arithmetic, which decides every case in
    /// range: the values are irrational (but for q = 0), and none lies within 1e-9 of an
    /// integer, far beyond `f64`'s error here (under 1e-12).
    #[test]
    fn floor_log10_formulas() {
        use std::f64::consts::LOG10_2;
        let exact = |x: f64| {
            let fl = x.floor();
            assert!(x - fl > 1e-9 && fl + 1.0 - x > 1e-9, "{x}");
            fl as i32
        };
        for q in -1100..=1100 {
            if q != 0 {
                assert_eq!(super::floor_log10_pow2(q), exact(q as f64 * LOG10_2), "{q}");
            }
            if q <= 1000 {
                let three_quarters = q as f64 * LOG10_2 + 0.75f64.log10();
                assert_eq!(
                    super::floor_log10_three_quarters_pow2(q),
                    exact(three_quarters),
                    "{q}"
                );
            }
        }
        assert_eq!(super::floor_log10_pow2(0), 0);
    }

    /// Every exponent's text and length, against `format!`.
    #[test]
    fn exponent_texts() {
        for e in super::MIN_EXPONENT..=super::MAX_EXPONENT {
            let (text, len) = super::exponent_text(e);
            let bytes = text.to_le_bytes();
            assert_eq!(&bytes[..len], alloc::format!("e{e:+}").as_bytes(), "{e}");
        }
    }

    #[test]
    fn shortest_random_bits_match_zmij() {
        let mut rng = crate::test_rng(0x0123_4567_89AB_CDEFu64);
        for _ in 0..crate::test_count(4_000_000) {
            check(f64::from_bits(rng()));
        }
    }

    #[test]
    fn shortest_fast_and_exact_paths_agree() {
        // The one-product path against Schubfach on its own, where it decides (both are also
        // compared with zmij through `write_shortest_f64`, see `ours`).
        let mut rng = crate::test_rng(0x0F1E_2D3C_4B5A_6978u64);
        for _ in 0..crate::test_count(2_000_000) {
            let bits = rng() & !(1 << 63);
            if bits >= 0x7FF0_0000_0000_0000 || bits == 0 {
                continue;
            }
            // The same decimal: 10 head + last scaled to 17 digits (where the product decides).
            let Some((head, last, mut k)) = super::to_decimal(bits) else {
                continue;
            };
            let mut d = head * 10 + last;
            if d < super::TEN16 {
                d *= 10;
                k -= 1;
            }
            assert_eq!((d, k), super::to_decimal_exact(bits), "{bits:#x}");
        }
    }

    #[test]
    fn shortest_f32_fast_and_exact_paths_agree() {
        // The one-product path on `f32`s against Schubfach on its own (both are also compared
        // with zmij through `write_shortest_f32`, and on every `f32` by `f32_exhaustive`):
        // random regular normal values, then every exponent with significands near the
        // exact ties (a few bits set).
        let mut values = alloc::vec::Vec::new();
        let mut rng = crate::test_rng(0x3C4B_5A69_7887_9695u64);
        for _ in 0..crate::test_count(2_000_000) {
            values.push((rng() as u32) & !(1 << 31));
        }
        for biased in 1..0xFFu32 {
            for fraction in (1..64).chain((1..64).map(|f| f << 17)) {
                values.push(biased << 23 | fraction);
            }
        }
        for bits in values {
            let (fraction, biased) = (bits & ((1 << 23) - 1), (bits >> 23) as i32);
            if biased == 0 || biased == 0xFF || fraction == 0 {
                continue;
            }
            let (head, last, k) = super::one_product_f32((fraction | 1 << 23) as u64, biased - 150);
            assert!(
                (100_000..100_000_000).contains(&head) && last < 10,
                "{bits:#x}"
            );
            assert_eq!(
                super::nine_digits(10 * head + last, k),
                super::to_decimal_f32_exact(bits),
                "{bits:#x}"
            );
        }
    }

    #[test]
    fn shortest_plain_range_and_edges_match_zmij() {
        // Exponents around the plain-notation range 1e-5..1e16 (biased 1005 to 1077, 2^-18
        // to 2^54), and random multiples of powers of ten near the switch points.
        let mut rng = crate::test_rng(0xDEAD_BEEF_CAFE_F00Du64);
        for _ in 0..crate::test_count(2_000_000) {
            let r = rng();
            let biased = 1000 + (r >> 52) % 80;
            check(f64::from_bits((r & 0x800F_FFFF_FFFF_FFFF) | biased << 52));
        }
        let edges = [1e-6, 1e-5, 1e-4, 0.1, 1.0, 10.0, 1e15, 1e16, 1e17];
        for edge in edges {
            let b = f64::to_bits(edge);
            for delta in 0..crate::test_count(20_000) as u64 {
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
        for i in 0..crate::test_count(200_000) as u64 {
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
        let mut rng = crate::test_rng(0x1357_9BDF_2468_ACE0u64);
        for _ in 0..crate::test_count(150_000) {
            for digits in 1..=17u32 {
                let m = rng() % 10u64.pow(digits);
                let e = (rng() % 640) as i32 - 330;
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
            0.696_468_466_152,
            -0.000_123_456_789_012_345_67,
            0.999_999_999_999_999_9,
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

    /// As `ours`, for an `f32`.
    fn ours32(v: f32) -> String {
        let mut grown = Vec::new();
        super::write_shortest_f32(&mut grown, v);
        let mut roomy = Vec::with_capacity(64);
        super::write_shortest_f32(&mut roomy, v);
        assert_eq!(grown, roomy, "{:#x}", v.to_bits());
        String::from_utf8(roomy).unwrap()
    }

    fn check32(v: f32) {
        if v.is_finite() {
            assert_eq!(
                ours32(v),
                zmij::Buffer::new().format_finite(v),
                "{:#x}",
                v.to_bits()
            );
        }
    }

    #[test]
    fn shortest_f32_edges_and_random_bits_match_zmij() {
        // Every power of two and ten with their neighbours, every subnormal with few bits,
        // both notations' switch points, then random bit patterns. The exhaustive check over
        // all 2^32 patterns is `f32_exhaustive` (ignored: a minute in release).
        let mut values = alloc::vec![0.0f32, -0.0, f32::MAX, f32::MIN_POSITIVE, f32::EPSILON];
        for e in -45..=38 {
            values.push(format!("1e{e}").parse().unwrap());
        }
        let mut p = 1.0f32;
        while p.is_finite() {
            values.push(p);
            p *= 2.0;
        }
        let mut p = 1.0f32;
        while p != 0.0 {
            values.push(p);
            p /= 2.0;
        }
        for i in 0..crate::test_count(100_000) as u32 {
            values.push(f32::from_bits(i));
            values.push(i as f32);
        }
        for v in values {
            for w in [v, -v] {
                let b = w.to_bits();
                check32(w);
                check32(f32::from_bits(b.wrapping_add(1)));
                if b << 1 != 0 {
                    check32(f32::from_bits(b.wrapping_sub(1)));
                }
            }
        }
        let mut rng = crate::test_rng(0x7F4A_7C15_9E37_79B9u64);
        for _ in 0..crate::test_count(2_000_000) {
            check32(f32::from_bits(rng() as u32));
        }
        assert_eq!(ours32(1e-6), "0.000001");
        assert_eq!(ours32(1e-7), "1e-7");
        assert_eq!(ours32(1e12), "1000000000000.0");
        assert_eq!(ours32(1e13), "1e+13");
        assert_eq!(ours32(-0.0), "-0.0");
        assert_eq!(ours32(1e-45), "1e-45");
    }

    #[test]
    fn shortest_f32_appends_after_existing_bytes() {
        // Every form: zero, plain with 1 to 13 integer digits, "0.000001" (the most leading
        // zeros), scientific with one and with nine digits, subnormals; each after 0 to 39
        // bytes with different spare capacities (this test also runs under Miri).
        let values = [
            0.0f32,
            -0.0,
            1e-6,
            -1.234_567_8e-6,
            1e12,
            -9.876_543e12,
            1e13,
            1.0,
            -0.1,
            123.456,
            3.402_823_5e38,
            -1e-45,
            1.175_494_4e-38,
            0.333_333_34,
        ];
        for v in values {
            for prefix in 0..40 {
                for extra in [0usize, 1, 23, 40] {
                    let mut out = Vec::with_capacity(prefix + extra);
                    out.extend((0..prefix).map(|i| b'a' + (i % 26) as u8));
                    let before = out.clone();
                    super::write_shortest_f32(&mut out, v);
                    assert_eq!(out[..prefix], before[..], "{v:?}");
                    let text = core::str::from_utf8(&out[prefix..]).unwrap();
                    assert_eq!(text, zmij::Buffer::new().format_finite(v));
                }
            }
        }
    }

    /// Every `f32` bit pattern against zmij, byte for byte (`scripts/check_floats.sh` runs it).
    #[test]
    #[ignore = "slow: scripts/check_floats.sh"]
    fn f32_exhaustive() {
        let mut out = Vec::with_capacity(64);
        let mut z = zmij::Buffer::new();
        let mut checked = 0u64;
        for bits in 0..=u32::MAX {
            let v = f32::from_bits(bits);
            if v.is_finite() {
                out.clear();
                super::write_shortest_f32(&mut out, v);
                assert_eq!(out, z.format_finite(v).as_bytes(), "{bits:#x}");
                checked += 1;
            }
        }
        assert_eq!(checked, (1u64 << 32) - (1 << 24));
        std::println!("f32: all {checked} finite values match zmij");
    }

    /// `f64` values through the whole writer (`write_f64`: the short-decimal path and this
    /// formatter) against zmij, byte for byte: random bit patterns, and every third value a
    /// short decimal. `FLOAT_CHECK_F64` values (default 10^9) on two threads
    /// (`scripts/check_floats.sh` runs it).
    #[test]
    #[ignore = "slow: scripts/check_floats.sh"]
    fn f64_random_long() {
        let total: u64 = std::env::var("FLOAT_CHECK_F64")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1_000_000_000);
        let half = total / 2;
        let run = |seed: u64, count: u64| {
            let mut rng = crate::test_rng(seed);
            let mut out = Vec::with_capacity(64);
            let mut z = zmij::Buffer::new();
            for i in 0..count {
                let r = rng();
                let v = if i % 3 == 0 {
                    (r % 1_000_000_000_000) as f64 / 10f64.powi((r >> 60) as i32 % 9)
                } else {
                    f64::from_bits(r)
                };
                out.clear();
                crate::writer::float::write_f64(&mut out, v);
                if v.is_finite() {
                    assert_eq!(out, z.format_finite(v).as_bytes(), "{:#x}", v.to_bits());
                } else {
                    assert_eq!(out, b"null");
                }
            }
        };
        std::thread::scope(|scope| {
            scope.spawn(|| run(0x2545_F491_4F6C_DD1D, half));
            run(0x9E37_79B9_7F4A_7C15, total - half);
        });
        std::println!("f64: {total} values match zmij");
    }
}
