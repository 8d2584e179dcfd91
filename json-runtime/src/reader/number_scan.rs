//! The common-case number scanner: JSON number text with at most 19 digits in all, read eight
//! bytes at a time into a decimal significand and exponent in one pass, checking the grammar on
//! the way. Anything else (more digits, fewer than eight bytes left in the input, a malformed
//! number) is left to the general scanner in reader/number/mod.rs, which starts over.
//!
//! Each eight-byte load both finds the length of the digit run it starts (the lowest byte that
//! is not a digit) and converts that run, so a run of `n <= 8` digits costs one load, one
//! mask and three multiplications, whatever `n` is.
//!
//! On x86_64 (module [`sse2`], through the vector steps of `crate::simd::number`) the whole
//! number is first tried from one 32-byte window: two byte masks give the integer digits, the `.` and the fraction digits, so the number's end is
//! known one load and a few bit operations after its start. Reading an array of numbers is
//! bound by that chain (each number starts where the last one ended), not by the digit
//! conversion, which runs beside it: canada.json read 13% faster with the same instruction
//! count. Digit runs that window cannot take (near either end of the input, more than sixteen
//! digits) go sixteen bytes per step, then eight.

use crate::pow10::POW10_U64;

/// A number as scanned: `(-1)^negative * mantissa * 10^exp10`, exact.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Scanned {
    pub mantissa: u64,
    pub exp10: i64,
    pub negative: bool,
    /// It had a fraction or an exponent.
    pub is_float: bool,
    /// The offset just after the number.
    pub end: usize,
}

/// The digit run that starts at `input[at]`, as (its value, its length) for a length of up to
/// eight (a run of eight may go on). `None` if fewer than eight bytes remain.
#[inline(always)]
pub(super) fn digit_run(input: &[u8], at: usize) -> Option<(u64, usize)> {
    let bytes: [u8; 8] = input.get(at..at.checked_add(8)?)?.try_into().ok()?;
    let sub = digit_values(bytes);
    // High nibble set in each byte that is not a digit ((byte - '0') >= 10). The lowest such
    // byte is found exactly: the digits below it neither borrow nor carry; what happens above
    // it is discarded.
    let non_digit = (sub | sub.wrapping_add(0x0606_0606_0606_0606)) & 0xF0F0_F0F0_F0F0_F0F0;
    let count = non_digit.trailing_zeros() / 8;
    if count == 0 {
        return Some((0, 0));
    }
    Some((first_digits(sub, count), count as usize))
}

/// Eight bytes as a little-endian `u64` (the first byte lowest) with `'0'` subtracted from each
/// byte: digits become their values, the bytes after a run are left to be masked or shifted out.
#[inline(always)]
fn digit_values(bytes: [u8; 8]) -> u64 {
    u64::from_le_bytes(bytes).wrapping_sub(0x3030_3030_3030_3030)
}

/// The value of the first `count` (1..=8) digits of `sub` (from [`digit_values`]); the bytes
/// after them are ignored.
#[inline(always)]
fn first_digits(sub: u64, count: u32) -> u64 {
    // The run's digit values moved to the top bytes; the zero bytes below them are leading
    // zeros (the first digit is the lowest byte).
    let v = sub << (64 - 8 * count);
    // Combine pairs, then quads, then the two halves.
    let v = v.wrapping_mul(10).wrapping_add(v >> 8);
    ((v & 0x0000_00FF_0000_00FF)
        .wrapping_mul(100 + (1_000_000 << 32))
        .wrapping_add(((v >> 16) & 0x0000_00FF_0000_00FF).wrapping_mul(1 + (10_000 << 32))))
        >> 32
}

/// Adds the digit run at `*pos` to `(mantissa, digits)` and returns its length; `None` if the
/// input ends within eight bytes. Past 19 digits the mantissa wraps: [`scan`] checks the count
/// once at the end instead of once per run. `WIDE`: take the first sixteen bytes in one step
/// where the target can ([`sse2`]); `false` forces the eight-byte steps (tests).
#[inline(always)]
fn run<const WIDE: bool>(
    input: &[u8],
    pos: &mut usize,
    mantissa: &mut u64,
    digits: &mut usize,
) -> Option<usize> {
    let start = *pos;
    #[cfg(target_arch = "x86_64")]
    if WIDE {
        if let Some((v, n)) = crate::simd::number::sse2::digit_run16(input, start) {
            *mantissa = mantissa.wrapping_mul(POW10_U64[n]).wrapping_add(v);
            *digits += n;
            *pos += n;
            if n < 16 {
                return Some(n);
            }
        }
    }
    loop {
        let (v, n) = digit_run(input, *pos)?;
        *mantissa = mantissa.wrapping_mul(POW10_U64[n]).wrapping_add(v);
        *digits += n;
        *pos += n;
        if n < 8 {
            return Some(*pos - start);
        }
    }
}

/// Scans the number that starts at `input[start]` (a `-` or a digit); `None` when the general
/// scanner must decide (see the module comment).
#[inline(always)]
pub(super) fn scan(input: &[u8], start: usize) -> Option<Scanned> {
    scan_with::<true>(input, start)
}

/// [`scan`], with the sixteen-byte steps where the target has them (`WIDE`), or with eight-byte
/// runs only.
#[inline(always)]
fn scan_with<const WIDE: bool>(input: &[u8], start: usize) -> Option<Scanned> {
    #[cfg(target_arch = "x86_64")]
    if WIDE {
        if let Some(s) = sse2::scan32(input, start) {
            return Some(s);
        }
    }
    let mut pos = start;
    let negative = *input.get(pos)? == b'-';
    pos += negative as usize;
    let mut mantissa = 0u64;
    let mut digits = 0usize;
    let int_digits = run::<WIDE>(input, &mut pos, &mut mantissa, &mut digits)?;
    // No digit, or a leading zero followed by a digit: an error the general scanner reports.
    if int_digits == 0 || (int_digits > 1 && input[pos - int_digits] == b'0') {
        return None;
    }
    let mut exp10 = 0i64;
    let mut is_float = false;
    let mut next = *input.get(pos)?;
    if next == b'.' {
        pos += 1;
        let frac = run::<WIDE>(input, &mut pos, &mut mantissa, &mut digits)?;
        if frac == 0 {
            return None;
        }
        exp10 = -(frac as i64);
        is_float = true;
        next = *input.get(pos)?;
    }
    if digits > 19 {
        // The mantissa may have wrapped.
        return None;
    }
    if next | 0x20 == b'e' {
        exp10 += exponent(input, &mut pos)?;
        is_float = true;
    }
    Some(Scanned {
        mantissa,
        exp10,
        negative,
        is_float,
        end: pos,
    })
}

/// The exponent after the `e` or `E` at `*pos`, its sign applied; moves `*pos` past it. `None`
/// if no digit follows (an error the general scanner reports). Clamped far beyond any exponent
/// that matters, so that it cannot overflow.
#[inline(always)]
fn exponent(input: &[u8], pos: &mut usize) -> Option<i64> {
    *pos += 1;
    let sign = *input.get(*pos)?;
    let negative = sign == b'-';
    *pos += (negative || sign == b'+') as usize;
    let start = *pos;
    let mut e = 0i64;
    while let Some(&c @ b'0'..=b'9') = input.get(*pos) {
        e = (e * 10 + (c - b'0') as i64).min(1 << 40);
        *pos += 1;
    }
    if *pos == start {
        return None;
    }
    Some(if negative { -e } else { e })
}

/// The SSE2 steps (part of the x86_64 baseline): a whole number from one 32-byte window
/// ([`sse2::scan32`]), an integer from one 16-byte block ([`sse2::scan_int16`], for the integer
/// readers), and digit runs sixteen bytes at a time (`crate::simd::number::sse2::digit_run16`,
/// the window's fallback). Each finds lengths from byte masks and converts runs with the
/// vector steps of `crate::simd::number::sse2`; the grammar is checked here.
#[cfg(target_arch = "x86_64")]
pub(super) mod sse2 {
    use super::{Scanned, POW10_U64};
    use crate::simd::number::sse2::{digit_mask16, value_ending_at, window32};

    /// An integer at `input[start]` (a `-` or a digit) whose digits end within the sixteen
    /// bytes after its sign and are not followed by `.`, `e` or `E`, from one digit mask: the
    /// integer readers' path (an integer costs less here than in [`scan32`], which also looks
    /// for a fraction). `None` for anything else, which [`super::scan`] then reads.
    #[inline(always)]
    pub(in crate::reader) fn scan_int16(input: &[u8], start: usize) -> Option<Scanned> {
        let negative = *input.get(start)? == b'-';
        let at = start + negative as usize;
        let block = input.get(at..at.checked_add(16)?)?;
        let mask = digit_mask16(block);
        let len = (!mask).trailing_zeros() as usize;
        // No digit or a leading zero (errors the general scanner reports), or a run that may
        // go on past the block.
        if len == 0 || len == 16 || (len > 1 && block[0] == b'0') {
            return None;
        }
        if block[len] == b'.' || block[len] | 0x20 == b'e' {
            return None;
        }
        Some(Scanned {
            mantissa: value_ending_at(input, at + len, len)?,
            exp10: 0,
            negative,
            is_float: false,
            end: at + len,
        })
    }

    /// The whole number at `input[start]` from one 32-byte window: its integer digits, `.` and
    /// fraction digits are found from two masks of the window, so the number's end is known
    /// after one load and a few bit operations (the next number's scan waits only for that);
    /// the digits are converted off that path. `None` when the window is not in the input, a
    /// part is longer than sixteen digits, there are more than 19 digits, or the grammar is not
    /// the common one: the caller's general steps decide.
    #[inline(always)]
    pub(super) fn scan32(input: &[u8], start: usize) -> Option<Scanned> {
        let block = input.get(start..start.checked_add(32)?)?;
        let (digit, dot) = window32(block);
        let negative = block[0] == b'-';
        let int_start = negative as usize;
        // Bits shifted in from the top are zeros, so their complement ends every count.
        let int_len = (!(digit >> int_start)).trailing_zeros() as usize;
        // No digit or a leading zero (the general scanner reports both), or too long.
        if int_len == 0 || int_len > 16 || (int_len > 1 && block[int_start] == b'0') {
            return None;
        }
        let int_end = int_start + int_len;
        let (frac_len, end) = if (dot >> int_end) & 1 != 0 {
            let frac_start = int_end + 1;
            let frac_len = (!(digit >> frac_start)).trailing_zeros() as usize;
            // `1.` is an error; a run reaching the window's end may go on.
            if frac_len == 0 || frac_len > 16 || frac_start + frac_len == 32 {
                return None;
            }
            (frac_len, frac_start + frac_len)
        } else {
            (0, int_end)
        };
        if int_len + frac_len > 19 {
            return None;
        }
        // An integer part of up to eight digits (nearly all) from the window's first bytes by
        // SWAR, with no second load: 5-6 instructions fewer than the vector conversion (float
        // payloads' read instructions -0.6% to -1.7%; time equal within this VM's noise).
        let int_value = if int_len <= 8 {
            let head: [u8; 8] = block[int_start..int_start + 8].try_into().ok()?;
            super::first_digits(super::digit_values(head), int_len as u32)
        } else {
            value_ending_at(input, start + int_end, int_len)?
        };
        let frac_value = match frac_len {
            0 => 0,
            _ => value_ending_at(input, start + end, frac_len)?,
        };
        let mut s = Scanned {
            mantissa: int_value * POW10_U64[frac_len] + frac_value,
            exp10: -(frac_len as i64),
            negative,
            is_float: frac_len != 0,
            end: start + end,
        };
        if block[end] | 0x20 == b'e' {
            s.exp10 += super::exponent(input, &mut s.end)?;
            s.is_float = true;
        }
        Some(s)
    }
}

#[cfg(test)]
mod tests {
    use super::{digit_run, scan, scan_with, Scanned};

    #[test]
    fn digit_run_reads_each_length() {
        for (text, want) in [
            (&b"1234567,xx"[..], Some((1234567, 7))),
            (b"12345678", Some((12345678, 8))),
            (b"1,345678", Some((1, 1))),
            (b",2345678", Some((0, 0))),
            (b"0000012]", Some((12, 7))),
            (b"9999999e", Some((9999999, 7))),
            (b"99999999", Some((99999999, 8))),
            (b"0/:00000", Some((0, 1))),
            (b"1234567", None),
        ] {
            assert_eq!(digit_run(text, 0), want, "{:?}", std::str::from_utf8(text));
        }
        // Every byte value at every position of a run of digits.
        for n in 0..8 {
            for b in 0..=255u8 {
                let mut text = *b"98765432";
                text[n] = b;
                let len = if b.is_ascii_digit() { 8 } else { n };
                let value = std::str::from_utf8(&text[..len]).unwrap().parse::<u64>();
                assert_eq!(
                    digit_run(&text, 0),
                    Some((value.unwrap_or(0), len)),
                    "{text:?}"
                );
            }
        }
    }

    /// The integer readers' scan agrees with the general one wherever it answers, and answers
    /// for the integers it is meant for.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn int16_agrees_with_scan() {
        use super::sse2::scan_int16;
        let mut texts: Vec<String> = [
            "0",
            "-0",
            "7",
            "-7",
            "00",
            "01",
            "-",
            "1.5",
            "1e5",
            "1E5",
            "12345678901234567",
            "1234567890123456",
            "123456789012345",
            "-123456789012345",
            "4294967295",
            "18446744",
        ]
        .iter()
        .map(|t| t.to_string())
        .collect();
        let mut next = crate::test_rng(0x2545_f491_4f6c_dd1d);
        for _ in 0..if cfg!(miri) { 30 } else { 20_000 } {
            let state = next();
            let digits = (state % 18) as usize + 1;
            let v = state >> 20;
            let mut t = format!("{v}");
            t.truncate(digits);
            if state & (1 << 40) != 0 {
                t.insert(0, '-');
            }
            texts.push(t);
        }
        for (k, text) in texts.iter().enumerate() {
            let lead = " ".repeat(k % 20);
            for tail in [",", "]", ".5,", "e3]", "                  ,"] {
                let input = format!("{lead}{text}{tail}                ");
                let want = scan_with::<false>(input.as_bytes(), lead.len());
                match scan_int16(input.as_bytes(), lead.len()) {
                    Some(got) => assert_eq!(Some(got), want, "{input:?}"),
                    None => {
                        let plain = text.trim_start_matches('-');
                        let must = !plain.is_empty()
                            && plain.len() < 16
                            && (plain == "0" || !plain.starts_with('0'))
                            && !tail.starts_with(['.', 'e'])
                            && k % 20 + text.len() >= 16;
                        assert!(!must, "{input:?}");
                    }
                }
            }
        }
    }

    /// The scanner with sixteen-byte runs and with eight-byte runs only, on the same numbers at
    /// offsets on both sides of sixteen and near the end of the input.
    #[test]
    fn wide_and_narrow_runs_agree() {
        let mut next = crate::test_rng(0x9e37_79b9_7f4a_7c15u64);
        let count = if cfg!(miri) { 40 } else { 20_000 };
        for k in 0..count {
            let int_len = (next() % 20) as usize + 1;
            let frac_len = (next() % 20) as usize;
            let mut text = String::new();
            if next().is_multiple_of(2) {
                text.push('-');
            }
            for i in 0..int_len {
                text.push(
                    (b'0' + (next() % 10) as u8 + (i == 0 && !next().is_multiple_of(4)) as u8)
                        .min(b'9') as char,
                );
            }
            if frac_len > 0 || next().is_multiple_of(8) {
                text.push('.');
            }
            for _ in 0..frac_len {
                text.push((b'0' + (next() % 10) as u8) as char);
            }
            if next().is_multiple_of(4) {
                text += &format!("e{}", next() % 40);
            }
            let lead = " ".repeat(k % 24);
            let tail = [
                ",",
                "]",
                ", 1",
                "        ",
                "}                ",
                "e-7,                                ",
                "                                        ",
            ][k % 7];
            let input = format!("{lead}{text}{tail}");
            let wide = scan_with::<true>(input.as_bytes(), lead.len());
            let narrow = scan_with::<false>(input.as_bytes(), lead.len());
            assert_eq!(wide, narrow, "{input:?}");
        }
    }

    fn scanned(text: &str) -> Option<Scanned> {
        // Padding so that the scanner has its eight bytes.
        let padded = format!("{text},        ");
        scan(padded.as_bytes(), 0)
    }

    #[test]
    fn scan_splits_significand_and_exponent() {
        let s = scanned("-65.613616999999977").unwrap();
        assert_eq!(
            (s.mantissa, s.exp10, s.negative, s.is_float, s.end),
            (65613616999999977, -15, true, true, 19)
        );
        let s = scanned("1234567890123456789").unwrap();
        assert_eq!(
            (s.mantissa, s.exp10, s.is_float),
            (1234567890123456789, 0, false)
        );
        let s = scanned("0.000123e-5").unwrap();
        assert_eq!((s.mantissa, s.exp10, s.is_float), (123, -11, true));
        let s = scanned("7E+2").unwrap();
        assert_eq!((s.mantissa, s.exp10, s.is_float, s.end), (7, 2, true, 4));
        let s = scanned("0").unwrap();
        assert_eq!((s.mantissa, s.is_float, s.end), (0, false, 1));
        let s = scanned("12345678.87654321").unwrap();
        assert_eq!((s.mantissa, s.exp10), (1234567887654321, -8));
        // Left to the general scanner.
        for text in [
            "12345678901234567890",
            "0.12345678901234567890",
            "-",
            "01",
            "1.",
            "1.e5",
            "1e",
            "1e+",
            "-x",
        ] {
            assert_eq!(scanned(text), None, "{text}");
        }
        // Fewer than eight bytes left.
        assert_eq!(scan(b"1.5", 0), None);
    }
}

#[cfg(test)]
mod differential {
    use crate::reader::{ParsedNumber, Reader};

    /// The number `text` read by the one-pass scanner (padded, so that it has its eight bytes)
    /// and by the general scanner (the text alone, the way the end of an input is read).
    /// With the offset each stopped at.
    #[allow(clippy::type_complexity)]
    fn both(
        text: &str,
    ) -> (
        Result<(ParsedNumber, usize), ()>,
        Result<(ParsedNumber, usize), ()>,
    ) {
        let padded = format!("{text}         ");
        let mut fast = Reader::new(padded.as_bytes());
        let fast = fast.read_number().map(|n| (n, fast.pos)).map_err(drop);
        let mut general = Reader::new(text.as_bytes());
        let general = general
            .parse_number_general()
            .map(|n| (n, general.pos))
            .map_err(drop);
        (fast, general)
    }

    #[test]
    fn scanner_agrees_with_general_scanner() {
        let mut texts: Vec<String> = [
            "0",
            "-0",
            "7",
            "-7",
            "0.5",
            "-0.0",
            "1e5",
            "1E-5",
            "1e+5",
            "12345678",
            "123456789",
            "9999999999999999999",
            "18446744073709551615",
            "18446744073709551616",
            "-9223372036854775808",
            "-9223372036854775809",
            "-65.613616999999977",
            "0.000000000000000001",
            "1234567890.123456789",
            "4.9e-324",
            "1.7976931348623157e308",
            "1e309",
            "-1e-400",
            "2.2250738585072011e-308",
            "9007199254740993",
            "123.456e-789",
            "00",
            "01.5",
            "1.",
            "-",
            "1e",
            "1e+",
            ".5",
            "1.5.2",
            "--1",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let mut next = crate::test_rng(0x1234_5678_9abc_def1u64);
        for _ in 0..if cfg!(miri) { 50 } else { 100_000 } {
            let digits = (next() % 22 + 1) as usize;
            let mut s = String::new();
            if next().is_multiple_of(2) {
                s.push('-');
            }
            let int_len = (next() % digits as u64) as usize + 1;
            for i in 0..digits {
                if i == int_len {
                    s.push('.');
                }
                let d = if i == 0 && int_len > 1 {
                    next() % 9 + 1
                } else {
                    next() % 10
                };
                s.push((b'0' + d as u8) as char);
            }
            if next().is_multiple_of(3) {
                s += &format!("e{}", (next() % 700) as i64 - 350);
            }
            texts.push(s);
            texts.push(f64::from_bits(next()).to_string());
        }
        for text in &texts {
            let (fast, general) = both(text);
            let same = match (&fast, &general) {
                (Ok((ParsedNumber::F64(a), i)), Ok((ParsedNumber::F64(b), j))) => {
                    a.to_bits() == b.to_bits() && i == j
                }
                (Ok(a), Ok(b)) => a == b,
                (Err(_), Err(_)) => true,
                _ => false,
            };
            assert!(same, "{text}: scanner {fast:?}, general {general:?}");
            if let Ok((ParsedNumber::F64(v), end)) = fast {
                if end == text.len() {
                    assert_eq!(
                        v.to_bits(),
                        text.parse::<f64>().unwrap().to_bits(),
                        "{text}"
                    );
                }
            }
        }
    }
}
