//! Reading numbers: JSON's grammar checked strictly, integers kept exact, floats correctly
//! rounded (the same results as serde_json with `float_roundtrip`).

use super::Reader;
use crate::error::Result;
use crate::pow10::POW10_U64;

// The float conversion: reader/number/float.rs.
pub(crate) mod float;
// Numbers read at a position of the input, with no reader (the number arrays' loop).
pub(crate) mod at;

use super::number_scan::{scan, Scanned};

/// A number as parsed, before it is fitted to the target type (serde_json's three cases).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ParsedNumber {
    /// A non-negative integer that fits `u64`.
    U64(u64),
    /// A negative integer that fits `i64`.
    I64(i64),
    /// Anything else: a fraction, an exponent, `-0`, or an integer too large for 64 bits.
    F64(f64),
}

/// Powers of ten exactly representable as f64 (Clinger's fast path).
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// The value of the eight ASCII digits at `input[at..at + 8]`, if they are all digits
/// (SWAR: one load, a digit check and three multiply-shift steps).
#[inline(always)]
fn eight_digits(input: &[u8], at: usize) -> Option<u64> {
    let bytes: [u8; 8] = input.get(at..at + 8)?.try_into().ok()?;
    let chunk = u64::from_le_bytes(bytes);
    let sub = chunk.wrapping_sub(0x3030_3030_3030_3030);
    // Every byte is a digit iff (byte - '0') < 10: no high nibble set after subtracting '0',
    // and adding 6 does not carry into it.
    if (sub | sub.wrapping_add(0x0606_0606_0606_0606)) & 0xF0F0_F0F0_F0F0_F0F0 != 0 {
        return None;
    }
    // Combine pairs, then quads, then the two halves (the first digit is the lowest byte).
    let v = sub.wrapping_mul(10).wrapping_add(sub >> 8);
    let v = ((v & 0x0000_00FF_0000_00FF)
        .wrapping_mul(100 + (1_000_000 << 32))
        .wrapping_add(((v >> 16) & 0x0000_00FF_0000_00FF).wrapping_mul(1 + (10_000 << 32))))
        >> 32;
    Some(v)
}

/// The run of up to eight ASCII digits at `input[at..]` as (value, count), read with one
/// 8-byte load (the bytes after the run are replaced by leading zeros). `None` if fewer than
/// eight bytes remain.
#[inline(always)]
fn digit_prefix(input: &[u8], at: usize) -> Option<(u64, usize)> {
    let bytes: [u8; 8] = input.get(at..at + 8)?.try_into().ok()?;
    let chunk = u64::from_le_bytes(bytes);
    let sub = chunk.wrapping_sub(0x3030_3030_3030_3030);
    // High nibble set in each byte that is not a digit; the lowest such byte is exact (a
    // borrow from it can only disturb the bytes above).
    let non_digit = (sub | sub.wrapping_add(0x0606_0606_0606_0606)) & 0xF0F0_F0F0_F0F0_F0F0;
    let count = (non_digit.trailing_zeros() / 8) as usize;
    if count == 0 {
        return Some((0, 0));
    }
    if count == 8 {
        return eight_digits(input, at).map(|v| (v, 8));
    }
    // Keep the `count` digits, shifted to the top, with '0's below them.
    let shift = 8 * (8 - count) as u32;
    let padded = (chunk << shift) | (0x3030_3030_3030_3030u64 >> (64 - shift));
    let v = eight_digits(&padded.to_le_bytes(), 0)?;
    Some((v, count))
}

/// 10^0 to 10^10, each exact in `f32` (`5^10 < 2^24`).
const POW10_F32: [f32; 11] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10];

/// [`Reader::scan_small_integer`] at `input[at]`, with no whitespace before it: an integer of at
/// most fifteen digits from one 16-byte block on x86_64, `None` for anything else and
/// elsewhere. `SIGNED`: a `-` may start it (the unsigned readers leave that case to the general
/// path, and knowing the first byte is a digit spares them the sign's test: 1% of mesh.json's
/// read).
#[inline(always)]
fn small_integer_at<const SIGNED: bool>(input: &[u8], at: usize) -> Option<Scanned> {
    #[cfg(target_arch = "x86_64")]
    match input.get(at) {
        Some(b'0'..=b'9') => {}
        Some(b'-') if SIGNED => {}
        _ => return None,
    }
    #[cfg(target_arch = "x86_64")]
    return super::number_scan::sse2::scan_int16(input, at);
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (input, at);
        None
    }
}

/// The correctly rounded value of a scanned number where Clinger's exact fast path or
/// Eisel-Lemire settles it and it is finite; `None` for a value out of range or one the slow
/// conversion must round ([`Reader::scanned_to_f64`] then decides).
#[inline(always)]
fn scanned_f64(s: &Scanned) -> Option<f64> {
    let v = if s.mantissa < (1 << 53) && (-22..=22).contains(&s.exp10) {
        // Both operands exact: one correctly rounded operation.
        let m = s.mantissa as f64;
        if s.exp10 < 0 {
            m / POW10[(-s.exp10) as usize]
        } else {
            m * POW10[s.exp10 as usize]
        }
    } else {
        match float::decimal_to_f64(s.mantissa, s.exp10) {
            Some(v) if v.is_finite() => v,
            _ => return None,
        }
    };
    Some(if s.negative { -v } else { v })
}

/// The `f32` a scanned number's text rounds to, where it is settled without the text: Clinger's
/// fast path in single precision, or the `f64` value when rounding it again cannot differ from
/// rounding the text once. `None` otherwise ([`Reader::read_f32`] then decides).
#[inline(always)]
fn scanned_f32(s: &Scanned) -> Option<f32> {
    // Clinger's fast path in single precision: up to 7 digits (`m < 2^24`) and
    // `10^|e| <= 10^10` (`5^10 < 2^24`) are exact `f32`s, so one `f32` operation rounds
    // once (most `f32` text: `0.270354`, `-12.5`, `3`).
    if s.mantissa < (1 << 24) && (-10..=10).contains(&s.exp10) {
        let m = s.mantissa as f32;
        let v = if s.exp10 < 0 {
            m / POW10_F32[(-s.exp10) as usize]
        } else {
            m * POW10_F32[s.exp10 as usize]
        };
        return Some(if s.negative { -v } else { v });
    }
    // Integers too, like `read_f64` (`-0` is -0.0).
    let v = scanned_f64(s)?;
    f64_rounds_to_f32_once(v).then_some(v as f32)
}

impl<'de> Reader<'de> {
    /// Parses the number at the cursor (after whitespace).
    #[inline]
    pub fn read_number(&mut self) -> Result<ParsedNumber> {
        self.read_number_as("a number")
    }

    /// [`Reader::read_number`] for the type named `expected` (`u8`, `i128`, ...), which the
    /// error for a value that is no number names, as serde_json's does.
    #[inline]
    fn read_number_as(&mut self, expected: &str) -> Result<ParsedNumber> {
        match self.peek() {
            Some(b'-' | b'0'..=b'9') => self.parse_number(),
            _ => Err(self.invalid_type(expected)),
        }
    }

    /// The number at the cursor: the one-pass scanner for the common case, else the general one.
    #[inline]
    fn parse_number(&mut self) -> Result<ParsedNumber> {
        let start = self.pos;
        let Some(s) = scan(self.input, start) else {
            return self.parse_number_general();
        };
        self.pos = s.end;
        if !s.is_float {
            if !s.negative {
                return Ok(ParsedNumber::U64(s.mantissa));
            }
            if s.mantissa != 0 && s.mantissa <= 1 << 63 {
                return Ok(ParsedNumber::I64((s.mantissa as i64).wrapping_neg()));
            }
        }
        self.scanned_to_f64(s, start).map(ParsedNumber::F64)
    }

    /// The correctly rounded value of a scanned number: Clinger's exact fast path, else
    /// Eisel-Lemire, else the slow conversion of the text at `start..`.
    #[inline(always)]
    fn scanned_to_f64(&mut self, s: Scanned, start: usize) -> Result<f64> {
        if let Some(v) = scanned_f64(&s) {
            return Ok(v);
        }
        // Out of range (an error), or a value only the slow conversion rounds correctly.
        match self.parse_float_slow(start)? {
            ParsedNumber::F64(v) => Ok(v),
            _ => Err(self.out_of_range(start)),
        }
    }

    /// The number grammar, with the significand accumulated on the way. The cursor is kept in
    /// a local while scanning (writing `self.pos` per digit kept it in memory: measured slower).
    #[inline(never)]
    pub(super) fn parse_number_general(&mut self) -> Result<ParsedNumber> {
        let start = self.pos;
        let input = self.input;
        let mut pos = self.pos;
        let negative = input[pos] == b'-';
        pos += negative as usize;
        let mut mantissa: u64 = 0;
        let mut digits = 0usize; // significant digits that went into `mantissa`
        let mut overflow = false;
        match input.get(pos) {
            Some(b'0') => {
                pos += 1;
                if matches!(input.get(pos), Some(b'0'..=b'9')) {
                    // Positioned at the extra digit, like serde_json.
                    self.pos = pos + 1;
                    return Err(self.syntax("invalid number"));
                }
            }
            Some(b'1'..=b'9') => {
                // Eight digits at a time while they cannot overflow (at most 16 so far).
                while digits <= 8 {
                    let Some(v) = eight_digits(input, pos) else {
                        break;
                    };
                    mantissa = mantissa * 100_000_000 + v;
                    digits += 8;
                    pos += 8;
                }
                if let Some((v, n)) = digit_prefix(input, pos) {
                    if n < 8 && digits + n <= 19 {
                        mantissa = mantissa * POW10_U64[n] + v;
                        digits += n;
                        pos += n;
                    }
                }
                while let Some(&c @ b'0'..=b'9') = input.get(pos) {
                    let d = (c - b'0') as u64;
                    match mantissa.checked_mul(10).and_then(|m| m.checked_add(d)) {
                        Some(m) if !overflow => {
                            mantissa = m;
                            digits += 1;
                        }
                        _ => overflow = true,
                    }
                    pos += 1;
                }
            }
            Some(_) => {
                self.pos = pos + 1;
                return Err(self.syntax("invalid number"));
            }
            None => {
                self.pos = pos;
                return Err(self.eof("a value"));
            }
        }
        let mut is_float = false;
        let mut exp10: i64 = 0;
        if input.get(pos) == Some(&b'.') {
            is_float = true;
            pos += 1;
            let frac_start = pos;
            if mantissa == 0 {
                // Leading zeros of the fraction are not significant.
                while input.get(pos) == Some(&b'0') {
                    pos += 1;
                    exp10 -= 1;
                }
            }
            while !overflow && digits <= 11 {
                let Some(v) = eight_digits(input, pos) else {
                    break;
                };
                mantissa = mantissa * 100_000_000 + v;
                digits += 8;
                exp10 -= 8;
                pos += 8;
            }
            // The rest of the fraction (usually fewer than eight digits) in one step.
            if !overflow {
                if let Some((v, n)) = digit_prefix(input, pos) {
                    if n < 8 && digits + n <= 19 && (mantissa != 0 || v != 0 || n == 0) {
                        mantissa = mantissa * POW10_U64[n] + v;
                        digits += n;
                        exp10 -= n as i64;
                        pos += n;
                    }
                }
            }
            while let Some(&c @ b'0'..=b'9') = input.get(pos) {
                if !overflow && digits < 19 {
                    mantissa = mantissa * 10 + (c - b'0') as u64;
                    digits += (mantissa != 0) as usize;
                    exp10 -= 1;
                } else if c != b'0' {
                    overflow = true;
                }
                pos += 1;
            }
            if pos == frac_start {
                self.pos = pos;
                return Err(self.number_end_error());
            }
        }
        if matches!(input.get(pos), Some(b'e' | b'E')) {
            is_float = true;
            pos += 1;
            let exp_negative = match input.get(pos) {
                Some(b'-') => {
                    pos += 1;
                    true
                }
                Some(b'+') => {
                    pos += 1;
                    false
                }
                _ => false,
            };
            let exp_start = pos;
            let mut e: i64 = 0;
            while let Some(&c @ b'0'..=b'9') = input.get(pos) {
                e = (e * 10 + (c - b'0') as i64).min(1 << 40);
                pos += 1;
            }
            if pos == exp_start {
                self.pos = pos;
                return Err(self.number_end_error());
            }
            exp10 += if exp_negative { -e } else { e };
        }
        self.pos = pos;
        if !is_float && !overflow {
            if !negative {
                return Ok(ParsedNumber::U64(mantissa));
            }
            if mantissa != 0 && mantissa <= 1 << 63 {
                return Ok(ParsedNumber::I64((mantissa as i64).wrapping_neg()));
            }
        }
        if !overflow {
            if mantissa < (1 << 53) && (-22..=22).contains(&exp10) {
                let m = mantissa as f64;
                let v = if exp10 < 0 {
                    m / POW10[(-exp10) as usize]
                } else {
                    m * POW10[exp10 as usize]
                };
                return Ok(ParsedNumber::F64(if negative { -v } else { v }));
            }
            // The exact significand: Eisel-Lemire, unless it cannot decide.
            if let Some(v) = float::decimal_to_f64(mantissa, exp10) {
                if v.is_finite() {
                    return Ok(ParsedNumber::F64(if negative { -v } else { v }));
                }
                return Err(self.out_of_range(start));
            }
        }
        self.parse_float_slow(start)
    }

    /// Skips the number at the cursor, checking only its grammar, like serde_json when it
    /// ignores a value: `1e400` is skipped, not an error.
    pub(crate) fn skip_number(&mut self) -> Result<()> {
        let input = self.input;
        let digits = |pos: &mut usize| {
            let start = *pos;
            while matches!(input.get(*pos), Some(b'0'..=b'9')) {
                *pos += 1;
            }
            *pos - start
        };
        if input.get(self.pos) == Some(&b'-') {
            self.pos += 1;
        }
        match input.get(self.pos) {
            Some(b'0') => {
                self.pos += 1;
                if matches!(input.get(self.pos), Some(b'0'..=b'9')) {
                    // Positioned at the extra digit, like serde_json.
                    self.pos += 1;
                    return Err(self.syntax("invalid number"));
                }
            }
            Some(b'1'..=b'9') => {
                digits(&mut self.pos);
            }
            Some(_) => {
                self.pos += 1;
                return Err(self.syntax("invalid number"));
            }
            None => return Err(self.syntax("invalid number")),
        }
        if input.get(self.pos) == Some(&b'.') {
            self.pos += 1;
            if digits(&mut self.pos) == 0 {
                return Err(self.skipped_number_end_error());
            }
        }
        if matches!(input.get(self.pos), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(input.get(self.pos), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if digits(&mut self.pos) == 0 {
                return Err(self.skipped_number_end_error());
            }
        }
        Ok(())
    }

    /// [`Reader::skip_number`]'s error where a fraction or exponent has no digit: `invalid
    /// number` at the byte, or at the end of the input (serde_json's `ignore_value` reports no
    /// EOF here, unlike its number parser).
    #[cold]
    #[inline(never)]
    fn skipped_number_end_error(&mut self) -> crate::Error {
        if self.pos < self.input.len() {
            self.pos += 1;
        }
        self.syntax("invalid number")
    }

    #[cold]
    #[inline(never)]
    fn number_end_error(&mut self) -> crate::Error {
        if self.pos >= self.input.len() {
            self.eof("a value")
        } else {
            self.pos += 1;
            self.syntax("invalid number")
        }
    }

    /// Correctly rounded conversion of `input[start..pos]` (already checked against the grammar)
    /// when the fast paths could not: more than 19 significant digits, or a value too close to
    /// a halfway point between two floats; a value beyond `f64`'s range is `number out of
    /// range`.
    #[cold]
    #[inline(never)]
    fn parse_float_slow(&mut self, start: usize) -> Result<ParsedNumber> {
        let bytes = &self.input[start..self.pos];
        let v = match float::truncated_to_f64(bytes) {
            Some(v) => v,
            // SAFETY: every caller set `self.pos` to the end of a number that starts at `start`
            // and that `number_scan::scan` or `parse_number_general` matched against the JSON
            // number grammar (byte by byte, or with digit masks that accept only `0`-`9`), so
            // `bytes` are all ASCII (`-`, `+`, `.`, `e`, `E` and digits): valid UTF-8.
            // (An error is impossible for grammar-checked text; NaN reports it as out of range.)
            None => unsafe { core::str::from_utf8_unchecked(bytes) }
                .parse::<f64>()
                .unwrap_or(f64::NAN),
        };
        if v.is_finite() {
            Ok(ParsedNumber::F64(v))
        } else {
            Err(self.out_of_range(start))
        }
    }

    /// `number out of range` for the number at `start..self.pos`, positioned as serde_json
    /// positions it: at the digit where a positive exponent overflows an `i32` (serde_json stops
    /// reading there), else after the number.
    #[cold]
    #[inline(never)]
    fn out_of_range(&mut self, start: usize) -> crate::Error {
        let text = &self.input[start..self.pos];
        if let Some(e) = text.iter().position(|&b| b | 0x20 == b'e') {
            let mut at = e + 1;
            let positive = text.get(at) != Some(&b'-');
            at += matches!(text.get(at), Some(b'+' | b'-')) as usize;
            let mut exp: i32 = 0;
            while let Some(&c @ b'0'..=b'9') = text.get(at) {
                at += 1;
                let digit = (c - b'0') as i32;
                match exp.checked_mul(10).and_then(|x| x.checked_add(digit)) {
                    Some(x) => exp = x,
                    None => {
                        if positive {
                            self.pos = start + at;
                        }
                        break;
                    }
                }
            }
        }
        self.syntax("number out of range")
    }

    /// Reads an integer into `u64`.
    #[inline]
    pub fn read_u64(&mut self) -> Result<u64> {
        self.read_u64_as("u64")
    }

    /// [`Reader::read_u64`] for the type named `expected` (`u8`, `usize`, ...), which a float or
    /// a negative number's error names, as serde_json's does.
    ///
    /// Inlined at each call (an integer field, an element of a tuple or array): the one-block scan is a
    /// few instructions, while the call it replaced saved and restored registers for each
    /// integer. Every other case goes to [`Reader::read_u64_general`].
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn read_u64_as(&mut self, expected: &str) -> Result<u64> {
        if let Some(s) = self.scan_small_integer::<false>() {
            if !s.negative {
                self.pos = s.end;
                return Ok(s.mantissa);
            }
        }
        self.read_u64_general(expected)
    }

    /// [`Reader::read_u64_as`] past its one-block scan: long or malformed numbers, the end of
    /// the input, other targets.
    #[inline(never)]
    fn read_u64_general(&mut self, expected: &str) -> Result<u64> {
        let start = self.pos;
        match self.read_number_as(expected)? {
            ParsedNumber::U64(v) => Ok(v),
            n => Err(self.number_mismatch(start, n, expected)),
        }
    }

    /// Reads an integer into `i64`.
    #[inline]
    pub fn read_i64(&mut self) -> Result<i64> {
        self.read_i64_as("i64")
    }

    /// [`Reader::read_i64`] for the type named `expected` (`i8`, `isize`, ...), as
    /// [`Reader::read_u64_as`]. Inlined at each call, as that is.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn read_i64_as(&mut self, expected: &str) -> Result<i64> {
        if let Some(s) = self.scan_small_integer::<true>() {
            // Fifteen digits at most: in range. `-0` is left to the general path, where it is
            // a float (an error), as in serde_json.
            if !(s.negative && s.mantissa == 0) {
                self.pos = s.end;
                let v = s.mantissa as i64;
                return Ok(if s.negative { -v } else { v });
            }
        }
        self.read_i64_general(expected)
    }

    /// [`Reader::read_i64_as`] past its one-block scan.
    #[inline(never)]
    fn read_i64_general(&mut self, expected: &str) -> Result<i64> {
        let start = self.pos;
        match self.read_number_as(expected)? {
            ParsedNumber::U64(v) if v <= i64::MAX as u64 => Ok(v as i64),
            ParsedNumber::I64(v) => Ok(v),
            n => Err(self.number_mismatch(start, n, expected)),
        }
    }

    /// The integer readers' fast path: [`small_integer_at`] the cursor, after whitespace.
    #[inline(always)]
    fn scan_small_integer<const SIGNED: bool>(&mut self) -> Option<Scanned> {
        // `peek` steps over whitespace; `small_integer_at` checks the first byte.
        self.peek()?;
        small_integer_at::<SIGNED>(self.input, self.pos)
    }

    /// Reads a number into `f64` (integers convert; out-of-range values are errors).
    ///
    /// Inlined at each call, with `f64`'s `read_json`: a number array's loop or a struct's
    /// field reads the number without a call that saved and restored six registers per number
    /// (`#[inline]` left it out of line: canada.json's read took 7% more instructions, mesh.json's
    /// 5%). Eisel-Lemire and the general scanner stay out of line.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn read_f64(&mut self) -> Result<f64> {
        let start = match self.peek() {
            Some(b'-' | b'0'..=b'9') => self.pos,
            _ => return Err(self.invalid_type("f64")),
        };
        if let Some(s) = scan(self.input, start) {
            self.pos = s.end;
            // An integer converts like a float with no fraction: rounded once (`-0` is -0.0).
            return self.scanned_to_f64(s, start);
        }
        Ok(match self.parse_number_general()? {
            ParsedNumber::U64(v) => v as f64,
            ParsedNumber::I64(v) => v as f64,
            ParsedNumber::F64(v) => v,
        })
    }

    /// Reads a number into `f32`, rounded once from its decimal text (like serde_json with
    /// `float_roundtrip`, which parses straight to single precision); a value beyond `f32`'s
    /// range is an error, as it is for `f64`. Inlined at each call, as [`Reader::read_f64`].
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn read_f32(&mut self) -> Result<f32> {
        let start = match self.peek() {
            Some(b'-' | b'0'..=b'9') => self.pos,
            _ => return Err(self.invalid_type("f32")),
        };
        let v = if let Some(s) = scan(self.input, start) {
            self.pos = s.end;
            if let Some(v) = scanned_f32(&s) {
                return Ok(v);
            }
            // Out of range, or a value whose `f64` may round differently: the checks below.
            self.scanned_to_f64(s, start)?
        } else {
            match self.parse_number_general()? {
                ParsedNumber::U64(v) => return Ok(v as f32),
                ParsedNumber::I64(v) => return Ok(v as f32),
                ParsedNumber::F64(v) => v,
            }
        };
        if f64_rounds_to_f32_once(v) {
            Ok(v as f32)
        } else {
            // Rounding to f64 then to f32 can differ from rounding once: re-read the text.
            self.parse_f32_slow(start)
        }
    }

    #[cold]
    #[inline(never)]
    fn parse_f32_slow(&mut self, start: usize) -> Result<f32> {
        let text = core::str::from_utf8(&self.input[start..self.pos]).unwrap_or("x");
        match text.parse::<f32>() {
            Ok(v) if v.is_finite() => Ok(v),
            _ => Err(self.out_of_range(start)),
        }
    }

    /// Reads an integer into `u128` (the full range, like serde_json).
    pub fn read_u128(&mut self) -> Result<u128> {
        if self.peek() == Some(b'-') {
            // Like serde_json: a minus sign is out of range for u128, even in `-0`.
            self.pos += 1;
            return Err(self.syntax("number out of range"));
        }
        let (_, digits) = self.scan_integer128()?;
        let mut v: u128 = 0;
        for &d in digits {
            v = match v
                .checked_mul(10)
                .and_then(|v| v.checked_add((d - b'0') as u128))
            {
                Some(v) => v,
                None => return Err(self.syntax("number out of range")),
            };
        }
        Ok(v)
    }

    /// Reads an integer into `i128` (the full range, like serde_json).
    pub fn read_i128(&mut self) -> Result<i128> {
        let (negative, digits) = self.scan_integer128()?;
        let mut v: i128 = 0;
        for &d in digits {
            let d = (d - b'0') as i128;
            v = match v.checked_mul(10).and_then(|v| {
                if negative {
                    v.checked_sub(d)
                } else {
                    v.checked_add(d)
                }
            }) {
                Some(v) => v,
                None => return Err(self.syntax("number out of range")),
            };
        }
        Ok(v)
    }

    /// An integer's sign and digits for the 128-bit readers, scanned as serde_json scans them:
    /// `-`, then `0` or a nonzero digit and more digits, and nothing else. A fraction or an
    /// exponent is not read: what follows the digits is the caller's (`1.5` at the top level
    /// is `trailing characters`), and anything that starts no integer is `invalid number`.
    fn scan_integer128(&mut self) -> Result<(bool, &'de [u8])> {
        let negative = match self.peek() {
            None => return Err(self.eof("a value")),
            Some(b) => b == b'-',
        };
        self.pos += negative as usize;
        let start = self.pos;
        match self.input.get(start) {
            Some(b'0') => {
                self.pos += 1;
                if let Some(b'0'..=b'9') = self.input.get(self.pos) {
                    self.pos += 1;
                    return Err(self.syntax("invalid number"));
                }
            }
            Some(b'1'..=b'9') => {
                self.pos += 1;
                while let Some(b'0'..=b'9') = self.input.get(self.pos) {
                    self.pos += 1;
                }
            }
            Some(_) => {
                self.pos += 1;
                return Err(self.syntax("invalid number"));
            }
            None => return Err(self.syntax("invalid number")),
        }
        Ok((negative, &self.input[start..self.pos]))
    }

    /// `invalid type: floating point `1.5`, expected u8` and the like, positioned like serde_json.
    #[cold]
    #[inline(never)]
    pub(crate) fn number_mismatch(
        &self,
        _start: usize,
        n: ParsedNumber,
        expected: &str,
    ) -> crate::Error {
        match n {
            ParsedNumber::U64(v) => self.error(format_args!(
                "invalid value: integer `{v}`, expected {expected}"
            )),
            ParsedNumber::I64(v) => self.error(format_args!(
                "invalid value: integer `{v}`, expected {expected}"
            )),
            ParsedNumber::F64(v) => self.error(format_args!(
                "invalid type: floating point `{}`, expected {expected}",
                SerdeFloat(v)
            )),
        }
    }
}

/// A float as serde_json's messages show it (`invalid type: floating point `1e+20``): in its
/// output format, which is the writer's (`1.5`, `-0.0`, `1e-7`, `1e+20`).
pub(crate) struct SerdeFloat(pub f64);

impl core::fmt::Display for SerdeFloat {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut text = alloc::vec::Vec::new();
        crate::writer::float::write_f64(&mut text, self.0);
        f.write_str(core::str::from_utf8(&text).unwrap_or("?"))
    }
}

/// Whether `v`, the correctly rounded `f64` of some decimal text, rounds to the same `f32` as
/// the text itself would. Rounding twice differs from rounding once only when the first rounding
/// lands exactly on a midpoint between two neighbouring `f32` values (rounding is monotonic and
/// every such midpoint is an `f64`): in the normal range, an `f64` whose 29 fraction bits below
/// `f32`'s precision are `1000...0`. Subnormal and out-of-range results are left to the text.
#[inline(always)]
fn f64_rounds_to_f32_once(v: f64) -> bool {
    const MIDPOINT: u64 = 1 << 28;
    let normal = v.abs() >= f32::MIN_POSITIVE as f64 && v.abs() <= f32::MAX as f64;
    (normal && v.to_bits() & (2 * MIDPOINT - 1) != MIDPOINT) || v == 0.0
}

#[cfg(test)]
mod eight_digit_tests {
    use super::eight_digits;

    #[test]
    fn eight_digits_matches_parse() {
        for n in [0u64, 1, 12345678, 99999999, 10000000, 31415926, 90000009] {
            let text = format!("{n:08}");
            assert_eq!(eight_digits(text.as_bytes(), 0), Some(n), "{text}");
        }
        for bad in [
            &b"1234567a"[..],
            b"/2345678",
            b"12345:78",
            b"1234567",
            b"1.345678",
        ] {
            assert_eq!(eight_digits(bad, 0), None, "{:?}", std::str::from_utf8(bad));
        }
    }

    #[test]
    fn digit_prefix_reads_leading_digits() {
        for (text, want) in [
            (&b"1234567,xx"[..], Some((1234567, 7))),
            (b"12345678", Some((12345678, 8))),
            (b"1,345678", Some((1, 1))),
            (b",2345678", Some((0, 0))),
            (b"0000012]", Some((12, 7))),
            (b"9999999e", Some((9999999, 7))),
            (b"1234567", None),
        ] {
            assert_eq!(
                super::digit_prefix(text, 0),
                want,
                "{:?}",
                std::str::from_utf8(text)
            );
        }
    }

    /// `f32` reads agree with the standard library's single rounding of the text, on random
    /// decimals and on the texts where rounding through `f64` goes wrong: exact midpoints
    /// between neighbouring `f32` values, and texts just above them (which round to the
    /// midpoint in `f64`).
    #[test]
    fn f32_reads_round_once() {
        let mut next = crate::test_rng(0x2545_f491_4f6c_dd1du64);
        let mut texts: Vec<String> = vec![
            "3.4028235e38".into(),
            "3.4028236e38".into(),
            "1.1754943e-38".into(),
            "1e-45".into(),
            "7e-46".into(),
            "0.270354".into(),
            "-0.0".into(),
            "-0".into(),
            "16777217".into(),
            "9007199254740993".into(),
            "18446744073709551615".into(),
            "-9223372036854775809".into(),
        ];
        let count = if cfg!(miri) { 20 } else { 20_000 };
        for _ in 0..count {
            let a = f32::from_bits(next() as u32 & 0x7F7F_FFFF);
            let mid = (a as f64 + f32::from_bits(a.to_bits() + 1) as f64) / 2.0;
            let exact = format!("{mid:.200e}");
            let (digits, exp) = exact.split_once('e').unwrap();
            let digits = digits.trim_end_matches('0');
            texts.push(format!("{digits}e{exp}"));
            texts.push(format!("{digits}000001e{exp}"));
            let m = next() % 100_000_000_000;
            let e = (next() % 90) as i64 - 50;
            texts.push(format!("{m}e{e}"));
            texts.push(format!("-0.{:06}", next() % 1_000_000));
            // Around the single-precision fast path's bounds (`m < 2^24`, `|e| <= 10`).
            let m = next() % 20_000_000;
            let e = (next() % 25) as i64 - 12;
            texts.push(format!("{m}e{e}"));
            texts.push(format!("{}.{:03}", m / 1000, m % 1000));
        }
        for text in &texts {
            let want = text.parse::<f32>().ok().filter(|v| v.is_finite());
            let alone = crate::from_str::<f32>(text).ok();
            let padded = format!("[{text}{}]", " ".repeat(40));
            let in_array = crate::from_str::<Vec<f32>>(&padded).ok().map(|v| v[0]);
            assert_eq!(alone.map(f32::to_bits), want.map(f32::to_bits), "{text}");
            assert_eq!(in_array.map(f32::to_bits), want.map(f32::to_bits), "{text}");
        }
    }

    /// Integer reads reject what serde_json rejects, with its wording: `-0` is a float there
    /// (an error for every integer type), a fraction or an exponent makes a float, and `u64`
    /// takes no sign; the edges of both ranges, alone and from the scanner's window.
    #[test]
    fn integer_reads_match_serde_json() {
        // Room on both sides, for the scanner's windows.
        let padded = |t: &str| format!("{}[{t}{}]", " ".repeat(20), " ".repeat(40));
        for text in ["-0", "0.0", "1e2", "-1", "18446744073709551616", "1.5", "-"] {
            assert!(crate::from_str::<u64>(text).is_err(), "{text}");
            assert!(
                crate::from_str::<Vec<u64>>(&padded(text)).is_err(),
                "{text}"
            );
        }
        for text in ["-0", "0.0", "1e2", "9223372036854775808", "1.5"] {
            assert!(crate::from_str::<i64>(text).is_err(), "{text}");
            assert!(
                crate::from_str::<Vec<i64>>(&padded(text)).is_err(),
                "{text}"
            );
        }
        // Floats in messages as serde_json shows them (its output format), and the narrower
        // integer types named in their own errors. FastJson's messages add the path.
        let texts = [
            "1e20",
            "1e-7",
            "1.5",
            "-0.0",
            "1e300",
            "2.5e-300",
            "-12345678901234567890",
        ];
        for text in texts.iter().chain(&["-1", "300", "-129", "70000"]) {
            let padded = format!("[{text}{}]", " ".repeat(40));
            let msg = |e: crate::Error| {
                let e = e.to_string();
                e.split(" (path:").next().unwrap_or_default().to_string()
            };
            let ours = [
                crate::from_str::<u8>(text).err().map(msg),
                crate::from_str::<i8>(text).err().map(msg),
                crate::from_str::<usize>(text).err().map(msg),
                crate::from_str::<i64>(text).err().map(msg),
                crate::from_str::<alloc::string::String>(text)
                    .err()
                    .map(msg),
                crate::from_str::<Vec<bool>>(&padded).err().map(msg),
                crate::from_str::<Vec<u16>>(&padded).err().map(msg),
            ];
            let theirs = [
                serde_json::from_str::<u8>(text).err(),
                serde_json::from_str::<i8>(text).err(),
                serde_json::from_str::<usize>(text).err(),
                serde_json::from_str::<i64>(text).err(),
                serde_json::from_str::<alloc::string::String>(text).err(),
                serde_json::from_str::<Vec<bool>>(&padded).err(),
                serde_json::from_str::<Vec<u16>>(&padded).err(),
            ]
            .map(|e| e.map(|e| e.to_string()));
            assert_eq!(ours, theirs, "{text}");
        }
        let e = crate::from_str::<i64>("-0").unwrap_err().to_string();
        assert!(
            e.starts_with("invalid type: floating point `-0.0`, expected i64"),
            "{e}"
        );
        for (text, want) in [
            ("0", 0i64),
            ("-1", -1),
            ("9223372036854775807", i64::MAX),
            ("-9223372036854775808", i64::MIN),
            ("-9223372036854775807", -i64::MAX),
        ] {
            assert_eq!(crate::from_str::<i64>(text).unwrap(), want);
            assert_eq!(crate::from_str::<Vec<i64>>(&padded(text)).unwrap(), [want]);
        }
        assert_eq!(
            crate::from_str::<u64>("18446744073709551615").unwrap(),
            u64::MAX
        );
        assert_eq!(
            crate::from_str::<Vec<u64>>(&padded("18446744073709551615")).unwrap(),
            [u64::MAX]
        );
    }

    #[test]
    fn numbers_with_long_digit_runs_read_exactly() {
        for text in [
            "123456789012345678",
            "18446744073709551615",
            "-9223372036854775808",
            "0.1234567890123456789",
            "123456789.123456789",
            "3.14159265358979323846264",
            "-65.613616999999977",
            "1234567812345678.5",
        ] {
            let ours: f64 = crate::from_str(text).unwrap();
            assert_eq!(ours, text.parse::<f64>().unwrap(), "{text}");
        }
        assert_eq!(
            crate::from_str::<u64>("18446744073709551615").unwrap(),
            u64::MAX
        );
        assert_eq!(crate::from_str::<u64>("12345678901").unwrap(), 12345678901);
        assert!(crate::from_str::<u64>("18446744073709551616").is_err());
    }
}
