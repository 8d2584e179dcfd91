//! The scans of a value skip (the fast path of `Reader::skip_value`, reader/skip.rs): the string
//! and whitespace scans of this module's parent, and the end of a number. Each level is a type
//! implementing [`Scans`]; the skip loop is generic over it and compiled once per level, the
//! AVX2 copy inside a `#[target_feature(enable = "avx2")]` function so that the 32-byte steps
//! are inlined into it.
//!
//! A number's end comes from one digit mask of the 32 bytes from its start: the integer digits,
//! and after a `.` the fraction digits, are counted with `trailing_zeros`, so a number costs one
//! load whatever its length (a byte loop took 40% of skipping canada.json's coordinates).
//! Anything else (an exponent, a run reaching the window's end, fewer than 32 bytes left) goes
//! to the byte loop [`number_end_bytes`], which is also the scalar level and the reference.

pub(crate) use super::blocks::Tokens;

/// The scans one level of the skip uses.
///
/// # Safety
/// Each method may only be called if the CPU has the level's features (the x86_64 baseline
/// for [`Sse2`], AVX2 for [`Avx2`]).
pub(crate) trait Scans {
    /// Index of the first `"`, `\` or control byte at or after `i` (or `bytes.len()`).
    ///
    /// # Safety
    /// The CPU has the level's features.
    unsafe fn string_special(bytes: &[u8], i: usize) -> usize;
    /// Index of the first byte at or after `i` that is not JSON whitespace (or `bytes.len()`).
    ///
    /// # Safety
    /// The CPU has the level's features.
    unsafe fn skip_ws(bytes: &[u8], i: usize) -> usize;
    /// The end of the number that starts at `bytes[i]`, if the text there is a JSON number
    /// (`-`? int frac? exp?, no leading zero); `None` if it is not.
    ///
    /// # Safety
    /// The CPU has the level's features.
    unsafe fn number_end(bytes: &[u8], i: usize) -> Option<usize>;
    /// Whether the skip takes runs of number arrays a 64-byte window at a time
    /// ([`Scans::classes`] and [`numbers_valid`]); the scalar level leaves them to the token
    /// loop, which is faster than classifying 64 bytes one at a time.
    const WINDOWS: bool;
    /// The byte classes of the 64 bytes at `at`.
    ///
    /// # Safety
    /// `at + 64 <= bytes.len()`, and the CPU has the level's features.
    unsafe fn classes(bytes: &[u8], at: usize) -> Classes;
    /// Whether the skip walks arrays and objects a 64-byte block at a time
    /// (`reader/skim_walk.rs`, with [`Scans::tokens`]); the scalar level takes them a token at
    /// a time, which is faster than classifying 64 bytes one at a time.
    const WALK: bool;
    /// The token classes of the 64 bytes at `at`.
    ///
    /// # Safety
    /// `at + 64 <= bytes.len()`, and the CPU has the level's features.
    unsafe fn tokens(bytes: &[u8], at: usize) -> Tokens;
}

/// The classes of the bytes of a 64-byte window that a number array is made of: bit `k` of a
/// field is set if byte `k` of the window is in the class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Classes {
    pub digit: u64,
    /// `0` (also a digit).
    pub zero: u64,
    pub dot: u64,
    /// `e` or `E`.
    pub exp: u64,
    pub plus: u64,
    pub minus: u64,
    pub comma: u64,
    /// `[`.
    pub open: u64,
    /// `]`.
    pub close: u64,
}

impl Classes {
    /// Every byte that belongs to one of the classes.
    #[inline(always)]
    pub(crate) fn any(&self) -> u64 {
        self.digit
            | self.dot
            | self.exp
            | self.plus
            | self.minus
            | self.comma
            | self.open
            | self.close
    }

    /// The classes of 32 bytes (bits `0..32`), from `eq(byte)` (the mask of the bytes equal to
    /// `byte`) and `digits` (the mask of the digits).
    #[inline(always)]
    fn of32(eq: impl Fn(u8) -> u32, digits: u32) -> [u32; 9] {
        [
            digits,
            eq(b'0'),
            eq(b'.'),
            eq(b'e') | eq(b'E'),
            eq(b'+'),
            eq(b'-'),
            eq(b','),
            eq(b'['),
            eq(b']'),
        ]
    }

    /// Two halves of 32 bytes, the first in the low bits.
    #[inline(always)]
    fn join(lo: [u32; 9], hi: [u32; 9]) -> Classes {
        let w = |k: usize| lo[k] as u64 | (hi[k] as u64) << 32;
        Classes {
            digit: w(0),
            zero: w(1),
            dot: w(2),
            exp: w(3),
            plus: w(4),
            minus: w(5),
            comma: w(6),
            open: w(7),
            close: w(8),
        }
    }
}

/// [`Scans::classes`] byte by byte (the reference of the tests).
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
pub(crate) fn classes_bytes(bytes: &[u8], at: usize) -> Classes {
    let half = |from: usize| {
        let w = &bytes[from..from + 32];
        let eq = |b: u8| (0..32).fold(0u32, |m, k| m | ((w[k] == b) as u32) << k);
        let digits = (0..32).fold(0u32, |m, k| m | (w[k].is_ascii_digit() as u32) << k);
        Classes::of32(eq, digits)
    };
    Classes::join(half(at), half(at + 32))
}

/// Whether the first `cut` bytes (1 to 64) of a window are well-formed number-array text:
/// numbers (by the JSON grammar), `[`, `]` and `,` in a valid order, given that the byte before
/// the window is `,` or `[` and that the window's byte `cut - 1` is `,` (what follows it is
/// the next window's first value). Brackets are not matched here
/// (the caller counts them). Every check is a few bit operations on the 64-bit masks:
///
/// - after `,` or `[` comes a value (`-`, a digit or `[`; after `[` also `]`); after a number
///   or `]` comes `,` or `]`; `,` follows a value;
/// - `-` starts a number or follows `e`; `+` follows `e`; both are followed by a digit;
///   `.` and `e` follow a digit and are followed by one (`e` also by a sign);
/// - each digit run is an integer part (after a value start or its `-`), a fraction (after
///   `.`) or an exponent (after `e` and its sign); adding the run's first bit to the digit mask
///   carries through the run to the byte after it, which must be `.`, `e`, `,` or `]` after an
///   integer part, `e`, `,` or `]` after a fraction, `,` or `]` after an exponent; every `.` is
///   right after an integer part, every `e` after an integer part or a fraction (one of each
///   per number, in that order); an integer part starting with `0` has no second digit.
#[inline(always)]
pub(crate) fn numbers_valid(c: &Classes, cut: u32) -> bool {
    debug_assert!((1..=64).contains(&cut));
    let region = u64::MAX >> (64 - cut);
    let prev = |m: u64, carry: bool| (m << 1) | carry as u64;
    let next = |m: u64| m >> 1;
    let (d, e, pl, mi, cm, cl) = (c.digit, c.exp, c.plus, c.minus, c.comma, c.close);
    let value_start = prev(cm | c.open, true);
    let minus_start = mi & value_start;
    let mut bad = value_start & !(mi | d | c.open | (cl & prev(c.open, false)));
    bad |= mi & !(value_start | prev(e, false));
    bad |= pl & !prev(e, false);
    bad |= (mi | pl) & !next(d);
    bad |= c.dot & !(prev(d, false) & next(d));
    bad |= e & !(prev(d, false) & next(d | pl | mi));
    let run_start = d & !prev(d, false);
    let int_start = run_start & (value_start | prev(minus_start, false));
    let frac_start = run_start & prev(c.dot, false);
    let exp_start = run_start & prev(e | pl | (mi & !value_start), false);
    let after_int = d.wrapping_add(int_start) & !d;
    let after_frac = d.wrapping_add(frac_start) & !d;
    let after_exp = d.wrapping_add(exp_start) & !d;
    bad |= after_int & !(c.dot | e | cm | cl);
    bad |= after_frac & !(e | cm | cl);
    bad |= after_exp & !(cm | cl);
    bad |= c.dot & !after_int;
    bad |= e & !(after_int | after_frac);
    bad |= int_start & c.zero & next(d);
    bad |= cm & !prev(d | cl, false);
    bad |= cl & !prev(d | cl | c.open, false);
    bad |= cl & !next(cm | cl);
    bad & region == 0
}

/// Scalar and SWAR code only: the path of other targets, and the reference in the tests.
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
pub(crate) struct Scalar;

impl Scans for Scalar {
    #[inline(always)]
    unsafe fn string_special(bytes: &[u8], i: usize) -> usize {
        super::find_special_ascii_swar(bytes, i, false).0
    }
    #[inline(always)]
    unsafe fn skip_ws(bytes: &[u8], i: usize) -> usize {
        super::skip_whitespace_scalar(bytes, i)
    }
    #[inline(always)]
    unsafe fn number_end(bytes: &[u8], i: usize) -> Option<usize> {
        number_end_bytes(bytes, i)
    }
    const WINDOWS: bool = false;
    #[inline(always)]
    unsafe fn classes(bytes: &[u8], at: usize) -> Classes {
        classes_bytes(bytes, at)
    }
    const WALK: bool = false;
    #[inline(always)]
    unsafe fn tokens(bytes: &[u8], at: usize) -> Tokens {
        super::blocks::tokens_bytes(bytes, at)
    }
}

/// SSE2 blocks (the x86_64 baseline).
#[cfg(target_arch = "x86_64")]
pub(crate) struct Sse2;

#[cfg(target_arch = "x86_64")]
impl Scans for Sse2 {
    #[inline(always)]
    unsafe fn string_special(bytes: &[u8], i: usize) -> usize {
        super::find_special_x86::<false, 2>(bytes, i, super::sse2::scan::<false>).0
    }
    #[inline(always)]
    unsafe fn skip_ws(bytes: &[u8], i: usize) -> usize {
        super::skip_whitespace_x86(bytes, i, super::sse2::skip_ws)
    }
    #[inline(always)]
    unsafe fn number_end(bytes: &[u8], i: usize) -> Option<usize> {
        number_end_masked(bytes, i, |b, at| {
            use super::number::sse2::digit_mask16;
            digit_mask16(&b[at..]) | digit_mask16(&b[at + 16..]) << 16
        })
    }
    const WINDOWS: bool = true;
    #[inline(always)]
    unsafe fn classes(bytes: &[u8], at: usize) -> Classes {
        let half = |from: usize| {
            // SAFETY: the caller guarantees `at + 64 <= bytes.len()`, so both 16-byte blocks
            // of each half are inside the slice.
            let (lo, hi) = unsafe {
                (
                    super::sse2::eq_masks(bytes, from),
                    super::sse2::eq_masks(bytes, from + 16),
                )
            };
            let digits = super::number::sse2::digit_mask16(&bytes[from..])
                | super::number::sse2::digit_mask16(&bytes[from + 16..]) << 16;
            Classes::of32(|b| lo(b) | hi(b) << 16, digits)
        };
        Classes::join(half(at), half(at + 32))
    }
    const WALK: bool = true;
    #[inline(always)]
    unsafe fn tokens(bytes: &[u8], at: usize) -> Tokens {
        // SAFETY: the caller guarantees `at + 64 <= bytes.len()`.
        unsafe { super::sse2::tokens(bytes, at) }
    }
}

/// AVX2 blocks after the first SSE2 ones, and 32-byte digit masks.
#[cfg(target_arch = "x86_64")]
pub(crate) struct Avx2;

#[cfg(target_arch = "x86_64")]
impl Scans for Avx2 {
    #[inline(always)]
    unsafe fn string_special(bytes: &[u8], i: usize) -> usize {
        super::find_special_x86::<false, 2>(bytes, i, |b, i, h| {
            // SAFETY: this method's contract: the CPU has AVX2.
            unsafe { super::avx2::scan::<false>(b, i, h) }
        })
        .0
    }
    #[inline(always)]
    unsafe fn skip_ws(bytes: &[u8], i: usize) -> usize {
        super::skip_whitespace_x86(bytes, i, |b, i| {
            // SAFETY: this method's contract: the CPU has AVX2.
            unsafe { super::avx2::skip_ws(b, i) }
        })
    }
    #[inline(always)]
    unsafe fn number_end(bytes: &[u8], i: usize) -> Option<usize> {
        number_end_masked(bytes, i, |b, at| {
            // SAFETY: `number_end_masked` asks for a mask only where `at + 32 <= b.len()`;
            // this method's contract: the CPU has AVX2.
            unsafe { super::avx2::digit_mask32(b, at) }
        })
    }
    const WINDOWS: bool = true;
    #[inline(always)]
    unsafe fn classes(bytes: &[u8], at: usize) -> Classes {
        // SAFETY: the caller guarantees `at + 64 <= bytes.len()` and AVX2.
        unsafe { super::avx2::classes(bytes, at) }
    }
    const WALK: bool = true;
    #[inline(always)]
    unsafe fn tokens(bytes: &[u8], at: usize) -> Tokens {
        // SAFETY: the caller guarantees `at + 64 <= bytes.len()` and AVX2.
        unsafe { super::avx2::tokens(bytes, at) }
    }
}

/// [`Scans::number_end`] from `mask32(bytes, at)`, whose bit `k` says whether `bytes[at + k]`
/// is a digit (called only where `at + 32 <= bytes.len()`): the integer and fraction digits
/// from one mask; the byte loop for the rest (see the module comment).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn number_end_masked(
    bytes: &[u8],
    i: usize,
    mask32: impl Fn(&[u8], usize) -> u32,
) -> Option<usize> {
    if bytes.len() < 32 || i > bytes.len() - 32 {
        return number_end_bytes(bytes, i);
    }
    // As a u64, so that shifts by up to 32 are defined and the complement ends every count
    // at the window's end.
    let digits = mask32(bytes, i) as u64;
    let sign = (bytes[i] == b'-') as usize;
    let int_len = (!(digits >> sign)).trailing_zeros() as usize;
    if int_len == 0 || (int_len > 1 && bytes[i + sign] == b'0') {
        return None;
    }
    let mut end = sign + int_len;
    if end >= 32 {
        return number_end_bytes(bytes, i);
    }
    if bytes[i + end] == b'.' {
        end += 1;
        let frac_len = (!(digits >> end)).trailing_zeros() as usize;
        if end + frac_len >= 32 {
            return number_end_bytes(bytes, i);
        }
        if frac_len == 0 {
            return None;
        }
        end += frac_len;
    }
    if bytes[i + end] | 0x20 == b'e' {
        return exponent_end(bytes, i + end);
    }
    Some(i + end)
}

/// [`Scans::number_end`] byte by byte: the scalar level, the vector levels' fallback, and the
/// reference of the tests.
#[inline]
pub(crate) fn number_end_bytes(bytes: &[u8], i: usize) -> Option<usize> {
    let mut p = i;
    if bytes.get(p) == Some(&b'-') {
        p += 1;
    }
    let start = p;
    let n = digit_run(bytes, &mut p);
    if n == 0 || (n > 1 && bytes[start] == b'0') {
        return None;
    }
    if bytes.get(p) == Some(&b'.') {
        p += 1;
        if digit_run(bytes, &mut p) == 0 {
            return None;
        }
    }
    if bytes.get(p).map(|b| b | 0x20) == Some(b'e') {
        return exponent_end(bytes, p);
    }
    Some(p)
}

/// The end of the exponent whose `e` or `E` is at `bytes[p]`; `None` without a digit.
#[inline]
fn exponent_end(bytes: &[u8], mut p: usize) -> Option<usize> {
    p += 1;
    if matches!(bytes.get(p), Some(b'+' | b'-')) {
        p += 1;
    }
    if digit_run(bytes, &mut p) == 0 {
        return None;
    }
    Some(p)
}

/// Moves `*p` past the digits there; returns how many.
#[inline(always)]
fn digit_run(bytes: &[u8], p: &mut usize) -> usize {
    let start = *p;
    while bytes.get(*p).is_some_and(u8::is_ascii_digit) {
        *p += 1;
    }
    *p - start
}

/// [`Scans::number_end`] on the path `level` (tests). Only call with a level of
/// `Level::runnable`.
#[cfg(test)]
pub(crate) fn number_end_at(level: super::Level, bytes: &[u8], i: usize) -> Option<usize> {
    use super::Level;
    match level {
        // SAFETY: the scalar scans need no CPU feature.
        Level::Scalar => unsafe { Scalar::number_end(bytes, i) },
        // SAFETY: SSE2 is part of the x86_64 baseline.
        #[cfg(target_arch = "x86_64")]
        Level::Sse2 => unsafe { Sse2::number_end(bytes, i) },
        // SAFETY: `Level::runnable` lists `Avx2` only if the CPU has AVX2.
        #[cfg(target_arch = "x86_64")]
        Level::Avx2 => unsafe { Avx2::number_end(bytes, i) },
        #[cfg(not(target_arch = "x86_64"))]
        _ => unreachable!("{level:?} is x86_64 only"),
    }
}

/// [`Scans::classes`] on the path `level` (tests): `None` unless `at + 64 <= bytes.len()`.
/// Only call with a level of `Level::runnable`.
#[cfg(test)]
pub(crate) fn classes_at(level: super::Level, bytes: &[u8], at: usize) -> Option<Classes> {
    use super::Level;
    if bytes.len() < 64 || at > bytes.len() - 64 {
        return None;
    }
    Some(match level {
        Level::Scalar => classes_bytes(bytes, at),
        // SAFETY: `at + 64 <= bytes.len()` (checked above); SSE2 is part of the x86_64 baseline.
        #[cfg(target_arch = "x86_64")]
        Level::Sse2 => unsafe { Sse2::classes(bytes, at) },
        // SAFETY: as above; `Level::runnable` lists `Avx2` only if the CPU has AVX2.
        #[cfg(target_arch = "x86_64")]
        Level::Avx2 => unsafe { Avx2::classes(bytes, at) },
        #[cfg(not(target_arch = "x86_64"))]
        _ => unreachable!("{level:?} is x86_64 only"),
    })
}

/// [`Scans::tokens`] on the path `level` (tests). Only call with a level of `Level::runnable`.
#[cfg(test)]
pub(crate) fn tokens_at(level: super::Level, bytes: &[u8], at: usize) -> Tokens {
    use super::Level;
    assert!(at + 64 <= bytes.len());
    match level {
        // SAFETY: the assert above; the scalar path needs no CPU feature.
        Level::Scalar => unsafe { Scalar::tokens(bytes, at) },
        // SAFETY: the assert above; SSE2 is part of the x86_64 baseline.
        #[cfg(target_arch = "x86_64")]
        Level::Sse2 => unsafe { Sse2::tokens(bytes, at) },
        // SAFETY: the assert above; `Level::runnable` lists `Avx2` only if the CPU has AVX2.
        #[cfg(target_arch = "x86_64")]
        Level::Avx2 => unsafe { Avx2::tokens(bytes, at) },
        #[cfg(not(target_arch = "x86_64"))]
        _ => unreachable!("{level:?} is x86_64 only"),
    }
}

#[cfg(test)]
mod tests {
    use super::number_end_bytes;

    /// The byte loop against serde_json: for every text of up to five bytes from number
    /// characters, it ends a number exactly there iff serde_json reads `[text]` (with
    /// `IgnoredAny`, which checks the grammar only).
    #[test]
    fn number_end_bytes_follows_the_grammar() {
        let alphabet = b"019.-+e";
        let longest = if cfg!(miri) { 3 } else { 5 };
        let mut texts: std::vec::Vec<std::vec::Vec<u8>> = std::vec![std::vec::Vec::new()];
        let mut all = std::vec::Vec::new();
        for _ in 0..longest {
            texts = texts
                .iter()
                .flat_map(|t| {
                    alphabet.iter().map(move |&b| {
                        let mut t = t.clone();
                        t.push(b);
                        t
                    })
                })
                .collect();
            all.extend(texts.iter().cloned());
        }
        for t in all {
            let mut doc = std::vec![b'['];
            doc.extend_from_slice(&t);
            doc.push(b']');
            let serde = serde_json::from_slice::<std::vec::Vec<serde::de::IgnoredAny>>(&doc);
            let ours = number_end_bytes(&doc, 1) == Some(1 + t.len());
            assert_eq!(ours, serde.is_ok_and(|v| v.len() == 1), "{t:?}");
        }
    }
}
