//! Decimal to binary64 conversion: the Eisel-Lemire algorithm (Lemire, "Number Parsing at a
//! Gigabyte per Second", 2021), written for this crate from the paper's description.
//!
//! The value `x = w * 10^q` is `w * 5^q * 2^q`. With `w` shifted left so that its top bit is
//! set (`w'`), and `5^q` approximated by the 128-bit `T(q)` of [`POW5_128`] (`5^q = R * 2^s`,
//! `T = floor(R)`), the 192-bit product `A = w' * T` is a little below the exact `P = w' * R`
//! (`x` scaled by a power of two): `A <= P < A + w' < A + 2^64`, with `A == P` exactly when
//! `T` is exact (`0 <= q <= 55`) and `A < P` otherwise.
//!
//! The rounding is read from `A`: its top bits (53, fewer for a subnormal), the next bit (the
//! round bit) and whether anything below it is nonzero ("sticky", always true when `A < P`).
//! `P` rounds the same way unless the error can carry into the round bit, that is, unless
//! `A` is just below a multiple of the round bit's weight (all bits from 64 up to the round bit
//! ones, and `a0 + w'` overflowing). Even then, if that multiple is a representable value (the
//! round bit of `A` is 1), `A` rounds up to it and `P`, at or a hair above it, rounds down to
//! it: the same result. Only when it is a halfway point (round bit 0) is the result undecided;
//! then the caller converts exactly. Inexact inputs land there with probability about 2^-73;
//! exact ties `w * 10^q` (possible for `-4 <= q <= 23`) land there when `q < 0`.

include!("pow5_table.rs");

/// The largest decimal exponent converted through the table (which goes on to 10^324 for the
/// writer's shortest formatter): beyond it every nonzero value is infinite.
const MAX_Q: i64 = 308;

/// The correctly rounded (nearest, ties to even) `f64` closest to `w * 10^q`, `0.0` when it
/// rounds to zero and `f64::INFINITY` when it is beyond `f64::MAX`; `None` when the 128-bit
/// approximation cannot decide (the caller must then convert exactly): only when `w * 10^q`
/// is a halfway point between two floats or within about 2^-64 (relative) above one.
///
/// `w` must be the exact significand (not truncated).
#[inline]
pub(super) fn decimal_to_f64(w: u64, q: i64) -> Option<f64> {
    if w == 0 || q < POW5_MIN_Q {
        // w < 2^64 < 1.9e19, so w * 10^q < 1.9e-324 < 2^-1075 (half the smallest subnormal).
        return Some(0.0);
    }
    if q > MAX_Q {
        // w >= 1, so w * 10^q >= 1e309 > f64::MAX.
        return Some(f64::INFINITY);
    }
    let w0 = w;
    let lz = w.leading_zeros();
    let w = w << lz;
    let (t_hi, t_lo) = POW5_128[(q - POW5_MIN_Q) as usize];
    // A = w * (t_hi * 2^64 + t_lo) = (a2, a1, a0) in 64-bit words; A < 2^192, so `mid`
    // cannot overflow.
    let high = w as u128 * t_hi as u128;
    // One product usually decides. The full A adds `w * t_lo / 2^64 < 2^64` to `high`: at
    // most a carry of one into its top word `h2`. For a normal result, if the bits of `h2`
    // below the round bit are neither all zeros nor all ones, that carry cannot reach the round
    // bit (nor bit 63, which fixes `upper`), and those bits stay nonzero, so the sticky bit is
    // set whether or not `T` is exact: the kept bits, the round bit and the sticky bit, hence
    // the result, are those of the full computation below. This skips the second product and
    // the carry analysis for all but about 2 in 2^9 inputs.
    let h2 = (high >> 64) as u64;
    let upper = (h2 >> 63) as i32;
    let biased = ((q * 217706) >> 16) as i32 + 63 + upper - lz as i32 + 1023;
    if biased >= 1 {
        let shift = (9 + upper) as u32; // 62 + upper - 53 kept bits
        let below = (1u64 << shift) - 1;
        let rest = h2 & below;
        if rest != 0 && rest != below {
            let m = h2 >> shift; // the 53 kept bits, then the round bit
            let m = (m >> 1) + (m & 1); // sticky is set: round up exactly when the round bit is
            let bits = (((biased - 1) as u64) << 52) + m;
            return Some(if bits >= f64::INFINITY.to_bits() {
                f64::INFINITY
            } else {
                f64::from_bits(bits)
            });
        }
    }
    let low = w as u128 * t_lo as u128;
    let mid = high + (low >> 64);
    let (a2, a1, a0) = ((mid >> 64) as u64, mid as u64, low as u64);
    let exact = (0..=55).contains(&q);
    // Whether P - A (< w) can carry out of a0.
    let may_carry = !exact && a1 == u64::MAX && a0.overflowing_add(w).1;
    // w >= 2^63 and T >= 2^127, so A >= 2^190: its top bit is bit 62 or 63 of a2.
    let upper = (a2 >> 63) as i32;
    // x = (A / 2^(190 + upper)) * 2^e with the first factor in [1, 2): e = floor(log2(x))
    // (as 5^q = T * 2^s with s = floor(q * log2(10)) - q - 127, see scripts/gen_pow5.py).
    let e = ((q * 217706) >> 16) as i32 + 63 + upper - lz as i32;
    let biased = e + 1023;
    // The significant bits the result keeps: 53, fewer for a subnormal (x < 2^-1022), whose
    // last bit is worth 2^-1074.
    let kept = if biased >= 1 { 53 } else { biased + 52 };
    if kept < 0 {
        // x < 2^-1075 (half the smallest subnormal): zero, unless P might reach 2^-1075,
        // which needs A's bits from 64 up to its top bit all ones.
        if kept == -1 && may_carry && a2 == u64::MAX >> (1 - upper) {
            return None; // (q < -300 here: no exact ties)
        }
        return Some(0.0);
    }
    // The round bit's index in a2: from 9 + upper (normal) up to 62 + upper (kept == 0).
    let shift = (62 + upper - kept) as u32;
    let below = (1u64 << shift) - 1;
    let m = a2 >> shift; // the kept bits, then the round bit
    if may_carry && m & 1 == 0 && a2 & below == below {
        // P may be at or just above the halfway point above A.
        return exact_tie(w0, q);
    }
    // Anything nonzero below the round bit? When T is inexact, P > A and P does not reach the
    // next multiple of the round bit's weight (or does, harmlessly: see the module comment).
    let sticky = !exact || a2 & below != 0 || a1 != 0 || a0 != 0;
    let round_up = m & 1 == 1 && (sticky || m & 2 != 0);
    // At most 2^53 (normal) or 2^52 (subnormal), after a carry.
    let m = (m >> 1) + round_up as u64;
    // Normal: the exponent field is biased - 1, plus one from m's leading bit, plus one more
    // if rounding carried to 2^53, which is then the right renormalized result. Subnormal: the
    // field is 0, or 1 if rounding carried to 2^52, the smallest normal.
    let bits = if biased >= 1 {
        (((biased - 1) as u64) << 52) + m
    } else {
        m
    };
    Some(if bits >= f64::INFINITY.to_bits() {
        f64::INFINITY
    } else {
        f64::from_bits(bits)
    })
}

/// `w * 10^q` when it is a dyadic rational `k / 2^n` (`q = -n` with `5^n` dividing `w`), so
/// that the conversion is exact: how the exact ties that `decimal_to_f64` cannot decide (those
/// with `-4 <= q <= -1`) are decided. `None` otherwise.
#[cold]
#[inline(never)]
fn exact_tie(w: u64, q: i64) -> Option<f64> {
    // 5^27 < 2^64 <= 5^28: for larger n, 5^n cannot divide a nonzero w.
    if !(-27..0).contains(&q) {
        return None;
    }
    let n = -q as u32;
    let p = 5u64.pow(n);
    if w / p * p != w {
        return None;
    }
    // `as` rounds to nearest, ties to even; dividing by 2^n <= 2^27 is exact as the result is
    // at least 2^-27, far from the subnormals.
    Some((w / p) as f64 / (1u64 << n) as f64)
}

/// The value of JSON number text with more than 19 significant digits, from the first 19 (`w`)
/// alone when that decides it: the exact value lies in `[w * 10^q, (w + 1) * 10^q)`, and
/// rounding is monotonic, so if both ends round to the same `f64`, so does the value. `None`
/// when they differ (or either is undecided). `text` must match the JSON number grammar.
pub(super) fn truncated_to_f64(text: &[u8]) -> Option<f64> {
    let negative = text.first() == Some(&b'-');
    let mut i = negative as usize;
    let mut w: u64 = 0;
    let mut digits = 0; // significant digits in w
    let mut q: i64 = 0;
    let mut fraction = false;
    while let Some(&c) = text.get(i) {
        match c {
            b'0'..=b'9' => {
                if digits < 19 {
                    w = w * 10 + (c - b'0') as u64;
                    digits += (w != 0) as usize; // leading zeros are not significant
                    q -= fraction as i64;
                } else {
                    q += !fraction as i64; // a dropped integer digit
                }
            }
            b'.' => fraction = true,
            _ => break,
        }
        i += 1;
    }
    if matches!(text.get(i), Some(b'e' | b'E')) {
        i += 1;
        let exp_negative = text.get(i) == Some(&b'-');
        i += matches!(text.get(i), Some(b'+' | b'-')) as usize;
        let mut e: i64 = 0;
        for &c in &text[i..] {
            e = (e * 10 + (c - b'0') as i64).min(1 << 40);
        }
        q += if exp_negative { -e } else { e };
    }
    let low = decimal_to_f64(w, q)?;
    // w + 1 <= 10^19 < 2^64.
    let high = decimal_to_f64(w + 1, q)?;
    if low != high {
        return None;
    }
    Some(if negative { -low } else { low })
}

#[cfg(test)]
mod tests {
    use super::{decimal_to_f64, truncated_to_f64, POW5_128, POW5_MAX_Q, POW5_MIN_Q};
    use crate::reader::Reader;

    // ---- helpers ----

    /// splitmix64: a small deterministic generator (no dependency needed).
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }

        /// Uniform in `lo..=hi`.
        fn range(&mut self, lo: i64, hi: i64) -> i64 {
            lo + (self.next() % (hi - lo + 1) as u64) as i64
        }
    }

    /// Unsigned big integers, little-endian 32-bit limbs: just enough to check the table and to
    /// write exact halfway points in decimal.
    #[derive(Clone, PartialEq, Eq, Debug)]
    struct Big(Vec<u32>);

    impl Big {
        fn from_u128(mut v: u128) -> Big {
            let mut limbs = Vec::new();
            while v != 0 {
                limbs.push(v as u32);
                v >>= 32;
            }
            Big(limbs)
        }

        fn pow(base: u32, exp: u32) -> Big {
            let mut b = Big::from_u128(1);
            for _ in 0..exp {
                b.mul_small(base);
            }
            b
        }

        fn mul_small(&mut self, m: u32) {
            let mut carry = 0u64;
            for limb in &mut self.0 {
                let v = *limb as u64 * m as u64 + carry;
                *limb = v as u32;
                carry = v >> 32;
            }
            if carry != 0 {
                self.0.push(carry as u32);
            }
        }

        fn add(&self, other: &Big) -> Big {
            let mut out = Vec::new();
            let mut carry = 0u64;
            for i in 0..self.0.len().max(other.0.len()) {
                let v = *self.0.get(i).unwrap_or(&0) as u64
                    + *other.0.get(i).unwrap_or(&0) as u64
                    + carry;
                out.push(v as u32);
                carry = v >> 32;
            }
            if carry != 0 {
                out.push(carry as u32);
            }
            Big(out).trimmed()
        }

        /// `self - other`, which must not be negative.
        fn sub(&self, other: &Big) -> Big {
            let mut out = Vec::new();
            let mut borrow = 0i64;
            for i in 0..self.0.len() {
                let v = self.0[i] as i64 - *other.0.get(i).unwrap_or(&0) as i64 - borrow;
                out.push(v.rem_euclid(1 << 32) as u32);
                borrow = (v < 0) as i64;
            }
            assert_eq!(borrow, 0);
            Big(out).trimmed()
        }

        fn shl(&self, bits: u32) -> Big {
            let mut out = vec![0u32; (bits / 32) as usize];
            let s = bits % 32;
            let mut carry = 0u32;
            for &limb in &self.0 {
                out.push(if s == 0 { limb } else { (limb << s) | carry });
                carry = if s == 0 { 0 } else { limb >> (32 - s) };
            }
            out.push(carry);
            Big(out).trimmed()
        }

        fn trimmed(mut self) -> Big {
            while self.0.last() == Some(&0) {
                self.0.pop();
            }
            self
        }

        fn cmp(&self, other: &Big) -> std::cmp::Ordering {
            let (a, b) = (self.clone().trimmed(), other.clone().trimmed());
            a.0.len()
                .cmp(&b.0.len())
                .then_with(|| a.0.iter().rev().cmp(b.0.iter().rev()))
        }

        fn to_decimal(&self) -> String {
            // Nine digits per pass: divide by 10^9.
            let mut limbs = self.clone().trimmed().0;
            let mut chunks = Vec::new();
            while !limbs.is_empty() {
                let mut rem = 0u64;
                for limb in limbs.iter_mut().rev() {
                    let v = (rem << 32) | *limb as u64;
                    *limb = (v / 1_000_000_000) as u32;
                    rem = v % 1_000_000_000;
                }
                chunks.push(rem);
                while limbs.last() == Some(&0) {
                    limbs.pop();
                }
            }
            let mut out = format!("{}", chunks.pop().unwrap_or(0));
            for chunk in chunks.iter().rev() {
                out += &format!("{chunk:09}");
            }
            out
        }
    }

    /// The reader's `f64` for `text`, which must be consumed entirely.
    fn read(text: &str) -> Result<f64, String> {
        let mut r = Reader::new(text.as_bytes());
        let v = r.read_f64().map_err(|e| e.message().to_string())?;
        assert_eq!(r.pos, text.len(), "{text}: not consumed");
        Ok(v)
    }

    /// The reader agrees with `str::parse::<f64>` on `text`, bit for bit (an infinite result is
    /// the error "number out of range").
    #[track_caller]
    fn check(text: &str) {
        let expected: f64 = text.parse().unwrap();
        match read(text) {
            Ok(v) => assert!(
                expected.is_finite() && v.to_bits() == expected.to_bits(),
                "{text}: read {v:e}, expected {expected:e}"
            ),
            Err(e) => assert!(
                expected.is_infinite() && e == "number out of range",
                "{text}: error {e:?}, expected {expected:e}"
            ),
        }
        if let Some(v) = truncated_to_f64(text.as_bytes()) {
            assert_eq!(v.to_bits(), expected.to_bits(), "{text}: truncated_to_f64");
        }
    }

    /// `decimal_to_f64(w, q)` agrees with `str::parse` whenever it decides; returns whether it
    /// did.
    #[track_caller]
    fn check_direct(w: u64, q: i64) -> bool {
        let expected: f64 = format!("{w}e{q}").parse().unwrap();
        match decimal_to_f64(w, q) {
            Some(v) => {
                assert_eq!(v.to_bits(), expected.to_bits(), "{w}e{q}: got {v:e}");
                true
            }
            None => false,
        }
    }

    /// A random JSON number: 1-25 digits, a decimal point anywhere (or none), an exponent in
    /// [-400, 400] in one of JSON's spellings (or none), and a random sign.
    fn random_number(rng: &mut Rng) -> String {
        let n = rng.range(1, 25) as usize;
        let mut digits: Vec<u8> = (0..n).map(|_| b'0' + rng.range(0, 9) as u8).collect();
        // Runs of zeros and nines make the near-halfway and carry cases more frequent.
        if rng.next() & 3 == 0 {
            let fill = if rng.next() & 1 == 0 { b'0' } else { b'9' };
            let from = rng.range(1, n as i64) as usize;
            digits[from..].iter_mut().for_each(|d| *d = fill);
        }
        if digits[0] == b'0' && n > 1 {
            digits[0] = b'1' + rng.range(0, 8) as u8;
        }
        let mut s = String::new();
        if rng.next() & 1 == 0 {
            s.push('-');
        }
        let point = rng.range(0, n as i64) as usize;
        let digits = std::str::from_utf8(&digits).unwrap();
        if point == 0 {
            s += "0.";
            s += digits;
        } else if point == n || digits.starts_with('0') {
            s += digits;
        } else {
            s += &digits[..point];
            s.push('.');
            s += &digits[point..];
        }
        match rng.next() % 8 {
            0 => {}
            k => {
                let e = rng.range(-400, 400);
                let mark = ["e", "E", "e+", "E+"][(k % 4) as usize];
                if e < 0 {
                    s += &format!("{}-{}", &mark[..1], -e);
                } else {
                    s += &format!("{mark}{e}");
                }
            }
        }
        s
    }

    /// Random finite doubles printed the ways Rust prints them.
    fn random_double_texts(rng: &mut Rng) -> [String; 4] {
        let v = loop {
            let v = f64::from_bits(rng.next());
            if v.is_finite() {
                break v;
            }
        };
        [
            format!("{v:e}"),
            format!("{v}"),
            format!("{v:.17e}"),
            format!("{v:.15e}"),
        ]
    }

    /// A random significand and exponent for `decimal_to_f64`: mostly 15-20 digits.
    fn random_decimal(rng: &mut Rng) -> (u64, i64) {
        let w = match rng.next() % 4 {
            0 => rng.next(),
            1 => rng.next() >> rng.range(0, 63),
            _ => rng.range(100_000_000_000_000, 9_999_999_999_999_999_999u64 as i64 / 2) as u64,
        };
        (w, rng.range(-400, 400))
    }

    fn run_random(count: usize, seed: u64) {
        let mut rng = Rng(seed);
        for _ in 0..count {
            check(&random_number(&mut rng));
        }
        for _ in 0..count / 4 {
            for text in random_double_texts(&mut rng) {
                check(&text);
            }
        }
        let mut undecided = 0;
        for _ in 0..count {
            let (w, q) = random_decimal(&mut rng);
            undecided += !check_direct(w, q) as usize;
        }
        println!(
            "{count} random numbers, {} doubles in 4 formats, {count} (w, q) pairs: {undecided} \
             undecided",
            count / 4
        );
        // Random inputs essentially never come within 2^-64 of a halfway point.
        assert!(undecided <= count / 1_000_000, "{undecided} undecided");
    }

    // ---- the table and the exponent formula ----

    /// Every entry is floor(5^q / 2^s) with s from the formula `decimal_to_f64` uses, checked
    /// with exact big integers (independently of the Python generator).
    #[test]
    fn float_pow5_table_is_truncated_pow5() {
        assert_eq!(POW5_128.len() as i64, POW5_MAX_Q - POW5_MIN_Q + 1);
        for q in POW5_MIN_Q..=POW5_MAX_Q {
            let (hi, lo) = POW5_128[(q - POW5_MIN_Q) as usize];
            let t = (hi as u128) << 64 | lo as u128;
            assert!(hi >> 63 == 1, "5^{q}: not normalized");
            let s = ((q * 217706) >> 16) - q - 127;
            let t0 = Big::from_u128(t);
            let t1 = Big::from_u128(t).add(&Big::from_u128(1));
            let lt = std::cmp::Ordering::Less;
            if q >= 0 {
                // T * 2^s <= 5^q < (T + 1) * 2^s
                let p = Big::pow(5, q as u32);
                if s <= 0 {
                    assert_eq!(p.shl((-s) as u32), t0, "5^{q}");
                } else {
                    assert_ne!(p.cmp(&t0.shl(s as u32)), lt, "5^{q}");
                    assert_eq!(p.cmp(&t1.shl(s as u32)), lt, "5^{q}");
                }
            } else {
                // T <= 2^-s / 5^-q < T + 1, i.e. T * 5^-q <= 2^-s < (T + 1) * 5^-q
                let two = Big::from_u128(1).shl((-s) as u32);
                let (mut a, mut b) = (t0, t1);
                for _ in 0..-q {
                    a.mul_small(5);
                    b.mul_small(5);
                }
                assert_ne!(two.cmp(&a), lt, "5^{q}");
                assert_eq!(two.cmp(&b), lt, "5^{q}");
            }
        }
    }

    /// `(q * 217706) >> 16` is floor(q * log2(10)) over the table's range: compared with the
    /// floating-point product, which is never close enough to an integer to floor wrongly.
    #[test]
    fn float_log2_10_formula() {
        for q in POW5_MIN_Q..=POW5_MAX_Q {
            let x = q as f64 * std::f64::consts::LOG2_10;
            assert!(q == 0 || (x - x.round()).abs() > 1e-9);
            assert_eq!((q * 217706) >> 16, x.floor() as i64, "q = {q}");
        }
    }

    // ---- boundary cases ----

    #[test]
    fn float_boundary_cases() {
        let cases = [
            // Zero and signs.
            "0",
            "-0",
            "0.0",
            "-0.0",
            "0e0",
            "-0e-0",
            "0e400",
            "-0e400",
            "0.000e-400",
            "-0.000000000000000000000000000000",
            "1e-400",
            "-1e-400",
            "1e-343",
            "-1e-342",
            // Short and familiar.
            "0.1",
            "-0.2",
            "0.3",
            "1.5",
            "3.141592653589793",
            "2.718281828459045",
            "1e22",
            "1e23",
            "-1e23",
            "8.98846567431158e307",
            "1.2345678901234567e-5",
            "123456.789e3",
            "9.5e-5",
            "1e308",
            "1e-307",
            "7.2057594037927933e16",
            // 2^53 +- 1 and the ties around it (written as floats, so they reach this code).
            "9007199254740991.0",
            "9007199254740992.0",
            "9007199254740993.0",
            "9007199254740994.0",
            "9007199254740995.0",
            "9007199254740993e0",
            "90071992547409930e-1",
            "900719925474099300e-2",
            "9007199254740993000e-3",
            "9007199254740993.00000000000000000001",
            "9007199254740992.99999999999999999999",
            "9007199254740993",
            "-9007199254740993.0",
            "18014398509481985.0",
            "18014398509481987e0",
            "18446744073709551615.0",
            "18446744073709551616.0",
            "18446744073709551615e1",
            "12345678901234567890e0",
            "12345678901234567890e-10",
            // Largest double, the halfway point to 2^1024 and beyond.
            "1.7976931348623157e308",
            "-1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "1.797693134862315708e308",
            "1.797693134862315807e308",
            "1.797693134862315808e308",
            "1.8e308",
            "-1.8e308",
            "1e309",
            "1e400",
            "17976931348623157e292",
            "179769313486231580793728971405303415e273",
            // Smallest normal and the largest subnormals.
            "2.2250738585072014e-308",
            "2.2250738585072011e-308",
            "2.2250738585072012e-308",
            "2.2250738585072013e-308",
            "2.225073858507201e-308",
            "2.2250738585072009e-308",
            "4.4501477170144023e-308",
            // Smallest subnormal and half of it (2^-1075 = 2.4703282292062327208...e-324).
            "4.9e-324",
            "5e-324",
            "-5e-324",
            "4.9406564584124654e-324",
            "1e-323",
            "2.4703282292062328e-324",
            "2.4703282292062327e-324",
            "2.4703282292062327209e-324",
            "2.4703282292062327208e-324",
            "7.4109846876186982e-324",
            "2.5e-324",
            "2.4e-324",
            "3e-324",
            "-2.4703282292062328e-324",
        ];
        for text in cases {
            check(text);
        }
        // Long inputs.
        let zeros = |n| "0".repeat(n);
        for text in [
            format!("0.{}1", zeros(400)),
            format!("-0.{}1", zeros(400)),
            format!("0.{}1e400", zeros(400)),
            format!("0.{}123456789012345678901234567890e300", zeros(300)),
            format!("1{}", zeros(30)),
            format!("-1{}", zeros(30)),
            format!("1{}.0", zeros(30)),
            format!("1{}e-30", zeros(30)),
            format!("1{}e-400", zeros(400)),
            format!("1{}1e-400", zeros(400)),
            format!("1{}", zeros(308)),
            format!("1{}", zeros(309)),
            format!("{}e-400", "9".repeat(400)),
            format!("0.{}", "9".repeat(400)),
            format!("1.{}1", zeros(50)),
            format!("1e{}1", zeros(20)),
            format!("1e-{}1", zeros(20)),
            format!("1e{}", "9".repeat(30)),
            format!("1e-{}", "9".repeat(30)),
            format!("0e{}", "9".repeat(30)),
        ] {
            check(&text);
        }
    }

    /// The decimal digits and exponent of `m * 2^k`: exact, however long.
    fn dyadic_decimal(m: u64, k: i32) -> (Big, i32) {
        if k >= 0 {
            (Big::from_u128(m as u128).shl(k as u32), 0)
        } else {
            let mut b = Big::from_u128(m as u128);
            for _ in 0..-k {
                b.mul_small(5);
            }
            (b, k)
        }
    }

    /// `digits * 10^e`, and the numbers one unit of an extra digit above and below it.
    fn with_neighbours(digits: &Big, e: i32) -> [String; 3] {
        let mut ten = digits.clone();
        ten.mul_small(10);
        let one = Big::from_u128(1);
        [
            format!("{}e{e}", digits.to_decimal()),
            format!("{}e{}", ten.add(&one).to_decimal(), e - 1),
            format!("{}e{}", ten.sub(&one).to_decimal(), e - 1),
        ]
    }

    /// Exact halfway points between adjacent doubles, with their neighbours: `per` random ones
    /// for every `stride`-th binary exponent (normal and subnormal), then exact ties short
    /// enough for a 64-bit significand (`w * 10^q`, `-4 <= q <= 23`, the only exponents where
    /// they exist), subnormal ties and the halfway point above `f64::MAX`. Returns the count.
    fn run_halfway(rng: &mut Rng, stride: usize, per: usize) -> usize {
        let mut count = 0;
        let mut check_all = |texts: [String; 3]| {
            for text in texts {
                check(&text);
                count += 1;
            }
        };
        // m * 2^(k - 53) with m odd and 54 bits is halfway between two doubles of exponent k.
        for k in (-1022..=1023).step_by(stride).chain([-1022, -1021, 1023]) {
            for _ in 0..per {
                let m = (1u64 << 53) | rng.next() >> 11 | 1;
                let (d, e) = dyadic_decimal(m, k - 53);
                check_all(with_neighbours(&d, e));
            }
        }
        // Subnormal ties: j * 2^-1075 for odd j < 2^53, e.g. half the smallest subnormal.
        let mut subnormal = vec![1u64, 3, 5, (1 << 52) - 1, (1 << 52) + 1, (1 << 53) - 1];
        subnormal.extend((0..per * 4).map(|_| (rng.next() >> (11 + rng.range(0, 52))) | 1));
        for j in subnormal {
            let (d, e) = dyadic_decimal(j, -1075);
            check_all(with_neighbours(&d, e));
        }
        // Short exact ties: w * 10^q = o * 2^a with o odd and 54 bits.
        for q in -4i64..=23 {
            for _ in 0..per * 10 {
                let w = if q >= 0 {
                    // w = o * 2^a, o * 5^q odd and 54 bits.
                    let p = 5u64.pow(q as u32);
                    let (lo, hi) = ((1u64 << 53).div_ceil(p), ((1u64 << 54) - 1) / p);
                    let mut o = lo + rng.next() % (hi - lo + 1);
                    if o & 1 == 0 {
                        o = if o < hi { o + 1 } else { o - 1 };
                    }
                    if o < lo || o & 1 == 0 {
                        continue;
                    }
                    o << rng.range(0, o.leading_zeros() as i64)
                } else {
                    // w = o * 5^-q, so w * 10^q = o * 2^q.
                    let o = (1u64 << 53) | rng.next() >> 11 | 1;
                    o * 5u64.pow(-q as u32)
                };
                let expected: f64 = format!("{w}e{q}").parse().unwrap();
                assert_eq!(decimal_to_f64(w, q), Some(expected), "{w}e{q}");
                check_all(with_neighbours(&Big::from_u128(w as u128), q as i32));
            }
        }
        // The halfway point between f64::MAX and 2^1024, which rounds up (to infinity).
        let top = Big::from_u128(1).shl(1024).sub(&Big::from_u128(1).shl(970));
        check_all(with_neighbours(&top, 0));
        count
    }

    #[test]
    fn float_halfway_cases() {
        assert!(run_halfway(&mut Rng(7), 7, 3) > 2000);
    }

    // ---- random inputs ----

    /// A quick random comparison with `str::parse` (runs in debug too).
    #[test]
    fn float_random_quick() {
        run_random(
            if cfg!(debug_assertions) {
                40_000
            } else {
                400_000
            },
            1,
        );
    }

    /// Millions of random inputs. Run with
    /// `cargo test --release -p json-runtime float_random_millions -- --ignored`
    /// (`FLOAT_TEST_COUNT` sets the count per kind of input, `FLOAT_TEST_SEED` the seed).
    #[test]
    #[ignore]
    fn float_random_millions() {
        let env = |name, default| {
            std::env::var(name)
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(default)
        };
        let count = env("FLOAT_TEST_COUNT", 4_000_000);
        let seed = env("FLOAT_TEST_SEED", 2) as u64;
        run_random(count, seed);
        let halfway = run_halfway(&mut Rng(seed), 1, (count / 400_000).max(1));
        println!("{halfway} halfway points and neighbours");
    }

    // ---- the slow paths ----

    /// Exact ties with a negative exponent, which the approximation cannot decide, are decided
    /// exactly; ties with q >= 0 are decided by the approximation itself (exact there).
    #[test]
    fn float_exact_ties() {
        let two53 = 9007199254740992.0;
        assert_eq!(decimal_to_f64(90071992547409930, -1), Some(two53));
        assert_eq!(decimal_to_f64(90071992547409950, -1), Some(two53 + 4.0));
        assert_eq!(decimal_to_f64(9007199254740993, 0), Some(two53));
        assert_eq!(decimal_to_f64(5629499534213120625, -4), Some(two53 / 16.0));
        assert_eq!(decimal_to_f64(9007199254740993000, -3), Some(two53));
        assert_eq!(super::exact_tie(9007199254740993000, -3), Some(two53));
        assert_eq!(super::exact_tie(9007199254740993001, -3), None);
        assert_eq!(super::exact_tie(5, -28), None);
        assert_eq!(super::exact_tie(5, 1), None);
        for (w, q) in [(18014398509481986, 0), (36028797018963972, -1), (5, -1)] {
            assert!(check_direct(w, q), "{w}e{q}");
        }
    }

    /// More than 19 digits: decided from the first 19 when both bounds agree, otherwise by the
    /// exact `str::parse` (through `from_utf8_unchecked`).
    #[test]
    fn float_truncated_inputs() {
        // Both bounds agree.
        let text = "3.14159265358979323846264338327950288";
        assert_eq!(
            truncated_to_f64(text.as_bytes()),
            Some(std::f64::consts::PI)
        );
        check(text);
        assert_eq!(
            truncated_to_f64(b"-123456789012345678901234567890e-5"),
            Some(-1234567890123456789012345.6789)
        );
        // Just below the tie 2^53 + 1, whose upper bound is the tie (decided to even).
        assert_eq!(
            truncated_to_f64(b"9007199254740992.9999999999999999999999"),
            Some(9007199254740992.0)
        );
        // The bounds straddle a tie, so the exact parse decides.
        for text in [
            "9007199254740993.0000000000000000000001",
            "-9007199254740993.0000000000000000000001",
            "9007199254740994.99999999999999999999",
        ] {
            assert_eq!(truncated_to_f64(text.as_bytes()), None, "{text}");
            check(text);
        }
        assert_eq!(
            read("9007199254740993.0000000000000000000001"),
            Ok(9007199254740994.0)
        );
        assert_eq!(
            read("1.8e308111111111111111111"),
            Err("number out of range".into())
        );
    }

    /// Reads every number of `canada.json` (111k coordinates of 15-17 significant digits) and
    /// prints the best of 20 passes. Run with
    /// `cargo test --release -p json-runtime float_bench_canada -- --ignored --nocapture`
    /// (`CANADA_JSON` overrides the path).
    #[test]
    #[ignore]
    fn float_bench_canada() {
        let path = std::env::var("CANADA_JSON").unwrap_or_else(|_| {
            concat!(env!("CARGO_MANIFEST_DIR"), "/../data/corpus/canada.json").to_string()
        });
        let bytes = std::fs::read(&path).expect("canada.json");
        let read_all = |out: &mut Vec<f64>| {
            out.clear();
            let mut r = Reader::new(&bytes);
            while let Some(i) = bytes[r.pos..]
                .iter()
                .position(|b| matches!(b, b'-' | b'0'..=b'9'))
            {
                r.pos += i;
                out.push(r.read_f64().unwrap());
            }
        };
        let mut out = Vec::new();
        let mut best = std::time::Duration::MAX;
        for _ in 0..20 {
            let t = std::time::Instant::now();
            read_all(&mut out);
            best = best.min(t.elapsed());
        }
        let sum: f64 = out.iter().sum();
        println!(
            "canada.json: {} numbers, best {:.3} ms ({:.1} ns/number), checksum {sum}",
            out.len(),
            best.as_secs_f64() * 1e3,
            best.as_secs_f64() * 1e9 / out.len() as f64
        );
    }
}
