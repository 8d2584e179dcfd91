//! The common-case number scanner: JSON number text with at most 19 digits in all, read eight
//! bytes at a time into a decimal significand and exponent in one pass, checking the grammar on
//! the way. Anything else (more digits, fewer than eight bytes left in the input, a malformed
//! number) is left to the general scanner in reader/number.rs, which starts over.
//!
//! Each eight-byte load both finds the length of the digit run it starts (the lowest byte that
//! is not a digit) and converts that run, so a run of `n <= 8` digits costs one load, one
//! mask and three multiplications, whatever `n` is.

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

/// 10^n for n in 0..=8.
const POW10_U64: [u64; 9] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
];

/// The digit run that starts at `input[at]`, as (its value, its length) for a length of up to
/// eight (a run of eight may go on). `None` if fewer than eight bytes remain.
#[inline(always)]
pub(super) fn digit_run(input: &[u8], at: usize) -> Option<(u64, usize)> {
    let bytes: [u8; 8] = input.get(at..at.checked_add(8)?)?.try_into().ok()?;
    let chunk = u64::from_le_bytes(bytes);
    let sub = chunk.wrapping_sub(0x3030_3030_3030_3030);
    // High nibble set in each byte that is not a digit ((byte - '0') >= 10). The lowest such
    // byte is found exactly: the digits below it neither borrow nor carry; what happens above
    // it is discarded.
    let non_digit = (sub | sub.wrapping_add(0x0606_0606_0606_0606)) & 0xF0F0_F0F0_F0F0_F0F0;
    let count = non_digit.trailing_zeros() / 8;
    if count == 0 {
        return Some((0, 0));
    }
    // The run's digit values moved to the top bytes; the zero bytes below them are leading
    // zeros (the first digit is the lowest byte).
    let v = sub << (64 - 8 * count);
    // Combine pairs, then quads, then the two halves.
    let v = v.wrapping_mul(10).wrapping_add(v >> 8);
    let v = ((v & 0x0000_00FF_0000_00FF)
        .wrapping_mul(100 + (1_000_000 << 32))
        .wrapping_add(((v >> 16) & 0x0000_00FF_0000_00FF).wrapping_mul(1 + (10_000 << 32))))
        >> 32;
    Some((v, count as usize))
}

/// Adds the digit run at `*pos` to `(mantissa, digits)` and returns its length; `None` if the
/// input ends within eight bytes. Past 19 digits the mantissa wraps: [`scan`] checks the count
/// once at the end instead of once per run.
#[inline(always)]
fn run(input: &[u8], pos: &mut usize, mantissa: &mut u64, digits: &mut usize) -> Option<usize> {
    let start = *pos;
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
    let mut pos = start;
    let negative = *input.get(pos)? == b'-';
    pos += negative as usize;
    let mut mantissa = 0u64;
    let mut digits = 0usize;
    let int_digits = run(input, &mut pos, &mut mantissa, &mut digits)?;
    // No digit, or a leading zero followed by a digit: an error the general scanner reports.
    if int_digits == 0 || (int_digits > 1 && input[pos - int_digits] == b'0') {
        return None;
    }
    let mut exp10 = 0i64;
    let mut is_float = false;
    let mut next = *input.get(pos)?;
    if next == b'.' {
        pos += 1;
        let frac = run(input, &mut pos, &mut mantissa, &mut digits)?;
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
        pos += 1;
        let sign = *input.get(pos)?;
        let exp_negative = sign == b'-';
        pos += (exp_negative || sign == b'+') as usize;
        let exp_start = pos;
        let mut e = 0i64;
        while let Some(&c @ b'0'..=b'9') = input.get(pos) {
            e = (e * 10 + (c - b'0') as i64).min(1 << 40);
            pos += 1;
        }
        if pos == exp_start {
            return None;
        }
        exp10 += if exp_negative { -e } else { e };
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

#[cfg(test)]
mod tests {
    use super::{digit_run, scan, Scanned};

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
    use crate::reader::{Number, Reader};

    /// The number `text` read by the one-pass scanner (padded, so that it has its eight bytes)
    /// and by the general scanner (the text alone, the way the end of an input is read).
    /// With the offset each stopped at.
    #[allow(clippy::type_complexity)]
    fn both(text: &str) -> (Result<(Number, usize), ()>, Result<(Number, usize), ()>) {
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
        let mut state = 0x1234_5678_9abc_def1u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..if cfg!(miri) { 50 } else { 100_000 } {
            let digits = (next() % 22 + 1) as usize;
            let mut s = String::new();
            if next() % 2 == 0 {
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
            if next() % 3 == 0 {
                s += &format!("e{}", (next() % 700) as i64 - 350);
            }
            texts.push(s);
            texts.push(f64::from_bits(next()).to_string());
        }
        for text in &texts {
            let (fast, general) = both(text);
            let same = match (&fast, &general) {
                (Ok((Number::F64(a), i)), Ok((Number::F64(b), j))) => {
                    a.to_bits() == b.to_bits() && i == j
                }
                (Ok(a), Ok(b)) => a == b,
                (Err(_), Err(_)) => true,
                _ => false,
            };
            assert!(same, "{text}: scanner {fast:?}, general {general:?}");
            if let Ok((Number::F64(v), end)) = fast {
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
