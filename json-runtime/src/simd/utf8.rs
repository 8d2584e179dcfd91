//! UTF-8 validation of the strings the reader returns (only those in which the string scan saw
//! a byte >= 0x80; text read from a `&str` is not validated again).
//!
//! On x86_64 CPUs with AVX2 (detected at run time like the string scan's, see `simd::avx2`), 32
//! bytes per step by the lookup method of Keiser and Lemire ("Validating UTF-8 in less than
//! one instruction per byte", 2021): three 16-entry table lookups, on the high and low nibble
//! of the byte before each byte and on the high nibble of the byte itself, classify every
//! two-byte pattern into error bits, and two saturating subtractions say where the third or
//! fourth byte of a sequence must be. The blocks are loaded from the input in place (the bytes
//! after the string masked to zeros, which also makes a sequence cut off by the string's end an
//! error), so a string needs the 32-byte blocks it touches to lie in the input; otherwise, and
//! on other targets, `core::str::from_utf8`. Measured on non-ASCII records (Cyrillic, Greek,
//! CJK): `from_utf8` was 23% of the read time.
//!
//! On failure the standard library is asked where the error is, for the message.

/// Checks that `input[start..end]` is UTF-8; `Err(valid_up_to)` gives the length of its valid
/// prefix (as `core::str::Utf8Error::valid_up_to`).
#[inline]
pub(crate) fn validate(input: &[u8], start: usize, end: usize) -> Result<(), usize> {
    #[cfg(target_arch = "x86_64")]
    if super::avx2_available() {
        // SAFETY: `avx2_available` says the CPU has AVX2.
        if unsafe { avx2::valid(input, start, end) } == Some(true) {
            return Ok(());
        }
    }
    match core::str::from_utf8(&input[start..end]) {
        Ok(_) => Ok(()),
        Err(e) => Err(e.valid_up_to()),
    }
}

/// [`validate`] on the path `level`: the standard library's for `Scalar` and `Sse2` (there is
/// no SSE2 validator), the AVX2 one where it applies for `Avx2`. Only call with a level of
/// [`super::Level::runnable`].
#[cfg(test)]
pub(crate) fn validate_at(
    level: super::Level,
    input: &[u8],
    start: usize,
    end: usize,
) -> Result<(), usize> {
    #[cfg(target_arch = "x86_64")]
    if level == super::Level::Avx2 {
        // SAFETY: `Level::runnable` lists `Avx2` only if the CPU has AVX2.
        if unsafe { avx2::valid(input, start, end) } == Some(true) {
            return Ok(());
        }
    }
    let _ = level;
    match core::str::from_utf8(&input[start..end]) {
        Ok(_) => Ok(()),
        Err(e) => Err(e.valid_up_to()),
    }
}

// Why the crate keeps its own validator rather than depending on `simdutf8` (the same
// published algorithm): measured on the reader's workload, our `validate` is faster. A scratch
// program (outside the repository) timed one pass over every string of a file, median of 301
// rounds, AVX2 machine, simdutf8 0.1.5, microseconds (ours / `simdutf8::basic::from_utf8` /
// `simdutf8::compat::from_utf8` / `core::str::from_utf8`):
//   twitter.json, its 755 strings with bytes >= 0x80 (110 KB) ..... 9.7 / 13.9 / 13.8 / 79.0
//   random.json, its 4000 strings with bytes >= 0x80 (107 KB) .... 20.9 / 124 / 127 / 131
//   twitter.json, all 18099 strings (369 KB) ..................... 96.5 / 192 / 198 / 280
//   update-center.json, all 27229 strings (441 KB) .............. 138 / 329 / 325 / 333
// (simdutf8's setup and short-input handling dominate on strings of tens of bytes; ours loads
// the blocks in place, with no copy of the tail). simdutf8 wins on a whole document in one call
// (twitter.json's 632 KB: 15.9 against our 38.6, its ASCII fast path), which the reader never
// asks for: it validates only the strings in which the scan saw a byte >= 0x80. Error
// positions come from `core::str::from_utf8` either way.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use core::arch::x86_64::{
        __m256i, _mm256_alignr_epi8, _mm256_and_si256, _mm256_loadu_si256, _mm256_or_si256,
        _mm256_permute2x128_si256, _mm256_set1_epi8, _mm256_setr_epi8, _mm256_setzero_si256,
        _mm256_shuffle_epi8, _mm256_srli_epi16, _mm256_subs_epu8, _mm256_testz_si256,
        _mm256_xor_si256,
    };

    // Error bits of a byte pair (the byte before, then the byte).
    /// A lead byte followed by a byte that is not a continuation.
    const TOO_SHORT: i8 = 1 << 0;
    /// An ASCII byte followed by a continuation.
    const TOO_LONG: i8 = 1 << 1;
    /// `E0` followed by `80..9F` (a three-byte form of a two-byte character).
    const OVERLONG_3: i8 = 1 << 2;
    /// `F4` followed by `90..BF`, or `F5..FF` followed by `90..BF` (above U+10FFFF).
    const TOO_LARGE: i8 = 1 << 3;
    /// `ED` followed by `A0..BF` (a surrogate).
    const SURROGATE: i8 = 1 << 4;
    /// `C0` or `C1` followed by a continuation (a two-byte form of an ASCII character).
    const OVERLONG_2: i8 = 1 << 5;
    /// `F5..FF` followed by `80..8F`; shares its bit with `OVERLONG_4` (`F0` then `80..8F`).
    const TOO_LARGE_1000: i8 = 1 << 6;
    const OVERLONG_4: i8 = 1 << 6;
    /// Two continuations: an error unless the second is the third or fourth byte of a sequence.
    const TWO_CONTS: i8 = 1 << 7;
    /// The bits that depend on the first byte's high nibble only.
    const CARRY: i8 = TOO_SHORT | TOO_LONG | TWO_CONTS;

    /// The pair's error bits allowed by the high nibble of the first byte.
    const FIRST_HIGH: [i8; 16] = {
        let mut t = [TOO_LONG; 16];
        t[8] = TWO_CONTS;
        t[9] = TWO_CONTS;
        t[10] = TWO_CONTS;
        t[11] = TWO_CONTS;
        t[12] = TOO_SHORT | OVERLONG_2;
        t[13] = TOO_SHORT;
        t[14] = TOO_SHORT | OVERLONG_3 | SURROGATE;
        t[15] = TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4;
        t
    };
    /// ... by the low nibble of the first byte.
    const FIRST_LOW: [i8; 16] = {
        let mut t = [CARRY | TOO_LARGE | TOO_LARGE_1000; 16];
        t[0] = CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4;
        t[1] = CARRY | OVERLONG_2;
        t[2] = CARRY;
        t[3] = CARRY;
        t[4] = CARRY | TOO_LARGE;
        t[13] = CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE;
        t
    };
    /// ... by the high nibble of the second byte.
    const SECOND_HIGH: [i8; 16] = {
        let mut t = [TOO_SHORT; 16];
        t[8] = TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4;
        t[9] = TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE;
        t[10] = TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE;
        t[11] = TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE;
        t
    };

    /// `KEEP_FIRST[32 - n..64 - n]`: 0xFF in its first `n` bytes, zeros after them.
    static KEEP_FIRST: [u8; 64] = {
        let mut t = [0u8; 64];
        let mut i = 0;
        while i < 32 {
            t[i] = 0xFF;
            i += 1;
        }
        t
    };

    /// A 16-entry table in both 128-bit lanes (`vpshufb` looks up within each lane).
    #[target_feature(enable = "avx2")]
    fn table(t: [i8; 16]) -> __m256i {
        _mm256_setr_epi8(
            t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8], t[9], t[10], t[11], t[12], t[13],
            t[14], t[15], t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8], t[9], t[10], t[11],
            t[12], t[13], t[14], t[15],
        )
    }

    /// The error bits of the 32 bytes of `cur`, `prev` being the 32 bytes before them.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn block_errors(prev: __m256i, cur: __m256i, tables: &[__m256i; 3]) -> __m256i {
        // The bytes 1, 2 and 3 places before each byte of `cur`: `across` is the high half of
        // `prev` and the low half of `cur`, so the per-lane shifts reach across the middle.
        let across = _mm256_permute2x128_si256::<0x21>(prev, cur);
        let prev1 = _mm256_alignr_epi8::<15>(cur, across);
        let prev2 = _mm256_alignr_epi8::<14>(cur, across);
        let prev3 = _mm256_alignr_epi8::<13>(cur, across);
        let nibbles = _mm256_set1_epi8(0x0F);
        let high = |v| _mm256_and_si256(_mm256_srli_epi16::<4>(v), nibbles);
        let pair = _mm256_and_si256(
            _mm256_and_si256(
                _mm256_shuffle_epi8(tables[0], high(prev1)),
                _mm256_shuffle_epi8(tables[1], _mm256_and_si256(prev1, nibbles)),
            ),
            _mm256_shuffle_epi8(tables[2], high(cur)),
        );
        // 0x80 where the byte must be a third (after E0..FF) or fourth (after F0..FF) byte.
        let third = _mm256_subs_epu8(prev2, _mm256_set1_epi8((0xE0u8 - 0x80) as i8));
        let fourth = _mm256_subs_epu8(prev3, _mm256_set1_epi8((0xF0u8 - 0x80) as i8));
        let must = _mm256_and_si256(_mm256_or_si256(third, fourth), _mm256_set1_epi8(-128));
        // Two continuations are right exactly where a third or fourth byte must be.
        _mm256_xor_si256(pair, must)
    }

    /// Whether `input[start..end]` is UTF-8, reading the 32-byte blocks from `start` that cover
    /// it; `None` if they do not all lie in `input`.
    ///
    /// # Safety
    /// The CPU has AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn valid(input: &[u8], start: usize, end: usize) -> Option<bool> {
        let len = end.checked_sub(start)?;
        let blocks = len.div_ceil(32).max(1);
        let region = input.get(start..start.checked_add(blocks * 32)?)?;
        let tables = [table(FIRST_HIGH), table(FIRST_LOW), table(SECOND_HIGH)];
        let load = |k: usize| {
            let block = &region[32 * k..32 * k + 32];
            // SAFETY: `block` is 32 readable bytes; unaligned loads are allowed.
            unsafe { _mm256_loadu_si256(block.as_ptr() as *const __m256i) }
        };
        // The byte before the string is `"`: ASCII, as zeros are.
        let mut prev = _mm256_setzero_si256();
        let mut errors = _mm256_setzero_si256();
        for k in 0..blocks - 1 {
            let cur = load(k);
            errors = _mm256_or_si256(errors, block_errors(prev, cur, &tables));
            prev = cur;
        }
        // The last block: its bytes past `end` become zeros.
        let rest = len - 32 * (blocks - 1);
        let keep = &KEEP_FIRST[32 - rest..64 - rest];
        // SAFETY: `keep` is 32 readable bytes.
        let keep = unsafe { _mm256_loadu_si256(keep.as_ptr() as *const __m256i) };
        let last = _mm256_and_si256(load(blocks - 1), keep);
        errors = _mm256_or_si256(errors, block_errors(prev, last, &tables));
        if rest == 32 {
            // No zero follows inside the block: a sequence must not start in its last three
            // bytes unless it fits (a lead byte last, E0.. second to last, F0.. third to last).
            let mut limits = [-1i8; 32];
            limits[29] = (0xF0u8 - 1) as i8;
            limits[30] = (0xE0u8 - 1) as i8;
            limits[31] = (0xC0u8 - 1) as i8;
            // SAFETY: `limits` is 32 readable bytes.
            let limits = unsafe { _mm256_loadu_si256(limits.as_ptr() as *const __m256i) };
            errors = _mm256_or_si256(errors, _mm256_subs_epu8(last, limits));
        }
        Some(_mm256_testz_si256(errors, errors) == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::validate;

    /// The validator that runs (AVX2 when the CPU has it and the string's blocks lie in the
    /// input, else the standard library) against `core::str::from_utf8`, and the AVX2 path
    /// alone where it applies.
    fn check(input: &[u8], start: usize, end: usize) {
        let want = core::str::from_utf8(&input[start..end]).map_err(|e| e.valid_up_to());
        assert_eq!(
            validate(input, start, end),
            want.map(drop),
            "{:02x?}",
            &input[start..end]
        );
        #[cfg(target_arch = "x86_64")]
        if crate::simd::avx2_available() {
            // SAFETY: the CPU has AVX2.
            if let Some(ok) = unsafe { super::avx2::valid(input, start, end) } {
                assert_eq!(ok, want.is_ok(), "{:02x?}", &input[start..end]);
            }
        }
    }

    /// Places `text` at each offset around the 32-byte block boundaries, followed by bytes that
    /// must not count (a lead byte, a continuation) and enough room for the blocks.
    fn check_everywhere(text: &[u8], offsets: &[usize]) {
        for &at in offsets {
            for after in [0x22u8, 0xC3, 0x80, 0xF0] {
                let mut input = vec![b'a'; at];
                input.extend_from_slice(text);
                input.extend(core::iter::repeat_n(after, 70));
                check(&input, at, at + text.len());
                // Without room after it: the standard library's path.
                check(&input[..at + text.len()], at, at + text.len());
            }
        }
    }

    const INTERESTING: [u8; 19] = [
        0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED,
        0xEF, 0xF0, 0xF4, 0xF5,
    ];

    #[test]
    fn every_short_sequence() {
        let offsets: &[usize] = if cfg!(miri) {
            &[0, 30]
        } else {
            &[0, 15, 30, 31]
        };
        // Every pair of bytes, and pairs after a multi-byte character.
        let step = if cfg!(miri) { 51 } else { 1 };
        for hi in (0..=255u8).step_by(step) {
            for lo in (0..=255u8).step_by(step) {
                check_everywhere(&[hi, lo], &offsets[..1]);
                check_everywhere(&[0xD0, 0xBF, hi, lo], offsets);
            }
        }
        // Three and four bytes from the interesting values, after every lead byte.
        let (leads, values): (Vec<u8>, &[u8]) = if cfg!(miri) {
            (
                vec![0xE0, 0xED, 0xF0, 0xF4],
                &[0x41, 0x80, 0x9F, 0xA0, 0xBF, 0xC2],
            )
        } else {
            ((0xC0..=0xFF).collect(), &INTERESTING)
        };
        for &a in &leads {
            for &b in values {
                for &c in values {
                    check_everywhere(&[a, b, c], &offsets[offsets.len() - 1..]);
                    if a >= 0xF0 && !cfg!(miri) {
                        for d in INTERESTING {
                            check_everywhere(&[a, b, c, d], &offsets[..1]);
                        }
                    }
                }
            }
        }
    }

    /// Random text of 1- to 4-byte characters, whole and with one byte changed, of every length
    /// up to 200 (several blocks, ends at every position in a block).
    #[test]
    fn random_text_and_corruptions() {
        let mut next = crate::test_rng(0x853c_49e6_748f_ea9bu64);
        let chars = [
            'a',
            'я',
            'Ω',
            '東',
            '한',
            '😀',
            '\u{10FFFF}',
            '\u{FFFF}',
            '\u{80}',
        ];
        let rounds = if cfg!(miri) { 10 } else { 3000 };
        for _ in 0..rounds {
            let n = (next() % 80) as usize;
            let text: String = (0..n).map(|_| chars[(next() % 9) as usize]).collect();
            let mut bytes = text.into_bytes();
            check_everywhere(&bytes, &[(next() % 40) as usize]);
            if !bytes.is_empty() {
                let i = (next() as usize) % bytes.len();
                bytes[i] = INTERESTING[(next() % 19) as usize];
                check_everywhere(&bytes, &[(next() % 40) as usize]);
                // Cut short (a sequence may be split).
                let cut = (next() as usize) % bytes.len();
                check_everywhere(&bytes[..cut], &[(next() % 40) as usize]);
            }
        }
    }
}
