//! The number scanner's vector steps: digit and `.` masks of 16- and 32-byte windows, and the
//! value of a digit run of up to sixteen bytes converted in one register. The number grammar
//! (signs, leading zeros, fractions, exponents, when to give up) stays in the reader
//! (reader/number_scan.rs), which calls these.
//!
//! On x86_64 the steps are SSE2 ([`sse2`], part of the baseline: no detection). Each has its
//! scalar twin here, byte by byte, with the same answers (`None` in the same cases); the reader
//! does not call the twins (off x86_64 it takes its eight-byte SWAR steps instead), the tests
//! check the two against each other.

/// The SSE2 steps (part of the x86_64 baseline). A second load of the sixteen bytes that end
/// with a run puts its digits right-aligned, so three multiply-add steps (pairs, quads, eights)
/// convert it whatever its length.
#[cfg(target_arch = "x86_64")]
pub(crate) mod sse2 {
    use core::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_cvtsi128_si64, _mm_loadu_si128, _mm_madd_epi16,
        _mm_min_epu8, _mm_movemask_epi8, _mm_packs_epi32, _mm_set1_epi32, _mm_set1_epi8,
        _mm_setzero_si128, _mm_sub_epi8, _mm_unpackhi_epi8, _mm_unpacklo_epi8,
    };

    /// `KEEP_LAST[n..n + 16]` has 0xFF in its last `n` bytes and zeros before them.
    static KEEP_LAST: [u8; 32] = {
        let mut t = [0u8; 32];
        let mut i = 16;
        while i < 32 {
            t[i] = 0xFF;
            i += 1;
        }
        t
    };

    /// The sixteen bytes of `block` in a register.
    #[inline(always)]
    fn load16(block: &[u8]) -> __m128i {
        assert!(block.len() >= 16);
        // SAFETY: SSE2 is part of the x86_64 baseline; the load reads `block[..16]`, which the
        // assertion (removed by the compiler where the callers' slicing proves it) keeps in
        // bounds; unaligned loads are allowed.
        unsafe { _mm_loadu_si128(block.as_ptr() as *const __m128i) }
    }

    /// Bit `i` is set if byte `i` of `v` is a digit.
    #[inline(always)]
    fn digit_mask(v: __m128i) -> u32 {
        // SAFETY: SSE2 is part of the x86_64 baseline; these only compute on registers.
        unsafe {
            let d = _mm_sub_epi8(v, _mm_set1_epi8(b'0' as i8));
            // A digit is a byte whose value minus '0' is at most 9 (unsigned).
            let is_digit = _mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(9)), d);
            _mm_movemask_epi8(is_digit) as u32
        }
    }

    /// Bit `i` is set if `block[i]` is a digit (`i < 16`; `block` has at least 16 bytes).
    #[inline(always)]
    pub(crate) fn digit_mask16(block: &[u8]) -> u32 {
        digit_mask(load16(block))
    }

    /// The masks of the 32-byte window `block` (at least 32 bytes): bit `i` of the first is set
    /// if `block[i]` is a digit, of the second if it is `.`.
    #[inline(always)]
    pub(crate) fn window32(block: &[u8]) -> (u32, u32) {
        let (lo, hi) = (load16(&block[..16]), load16(&block[16..]));
        let digit = digit_mask(lo) | digit_mask(hi) << 16;
        // SAFETY: SSE2 as above; these only compute on registers.
        let dot = unsafe {
            let dots = _mm_set1_epi8(b'.' as i8);
            _mm_movemask_epi8(_mm_cmpeq_epi8(lo, dots)) as u32
                | (_mm_movemask_epi8(_mm_cmpeq_epi8(hi, dots)) as u32) << 16
        };
        (digit, dot)
    }

    /// The value of the `len <= 16` digits that end at `input[end]` (exclusive); `None` if
    /// `end < 16` (the load reads the sixteen bytes before `end`, masking off those before the
    /// digits).
    #[inline(always)]
    pub(crate) fn value_ending_at(input: &[u8], end: usize, len: usize) -> Option<u64> {
        let window = input.get(end.checked_sub(16)?..end)?;
        let (w, keep) = (load16(window), load16(&KEEP_LAST[len..len + 16]));
        // SAFETY: SSE2 as above; these only compute on registers.
        let halves = unsafe {
            // Digit values, most significant first, with zeros before the run.
            let d = _mm_and_si128(_mm_sub_epi8(w, _mm_set1_epi8(b'0' as i8)), keep);
            let zero = _mm_setzero_si128();
            // Weights per 16-bit lane pair (first lane is the more significant).
            let tens = _mm_set1_epi32(10 | (1 << 16));
            let pairs = _mm_packs_epi32(
                _mm_madd_epi16(_mm_unpacklo_epi8(d, zero), tens),
                _mm_madd_epi16(_mm_unpackhi_epi8(d, zero), tens),
            );
            let quads = _mm_madd_epi16(pairs, _mm_set1_epi32(100 | (1 << 16)));
            let quads = _mm_packs_epi32(quads, quads);
            let eights = _mm_madd_epi16(quads, _mm_set1_epi32(10_000 | (1 << 16)));
            _mm_cvtsi128_si64(eights) as u64
        };
        Some((halves & 0xFFFF_FFFF) * 100_000_000 + (halves >> 32))
    }

    /// The digit run that starts at `input[at]`, as (its value, its length) for a length of up
    /// to sixteen (a run of sixteen may go on). `None` unless the sixteen bytes from `at` are in
    /// the input and the run ends sixteen or more bytes into it (the second load reads the
    /// sixteen bytes before the run's end): the caller takes the eight-byte steps then.
    #[inline(always)]
    pub(crate) fn digit_run16(input: &[u8], at: usize) -> Option<(u64, usize)> {
        let block = input.get(at..at.checked_add(16)?)?;
        let mask = digit_mask16(block);
        // Bits 16..32 of the complement are set: the count is at most 16.
        let len = (!mask).trailing_zeros() as usize;
        Some((value_ending_at(input, at + len, len)?, len))
    }
}

/// The scalar twins of [`sse2`]'s steps, byte by byte (the same answers, `None` in the same
/// cases; tests only).
#[cfg(test)]
pub(crate) mod scalar {
    /// Bit `i` is set if `block[i]` is a digit (`i < 16`).
    pub(crate) fn digit_mask16(block: &[u8]) -> u32 {
        assert!(block.len() >= 16);
        (0..16).fold(0, |m, i| m | (block[i].is_ascii_digit() as u32) << i)
    }

    /// As `sse2::window32`.
    pub(crate) fn window32(block: &[u8]) -> (u32, u32) {
        assert!(block.len() >= 32);
        (0..32).fold((0, 0), |(d, p), i| {
            (
                d | (block[i].is_ascii_digit() as u32) << i,
                p | ((block[i] == b'.') as u32) << i,
            )
        })
    }

    /// As `sse2::value_ending_at` (for `len` digits that are all digits).
    pub(crate) fn value_ending_at(input: &[u8], end: usize, len: usize) -> Option<u64> {
        input.get(end.checked_sub(16)?..end)?;
        Some(
            input[end - len..end]
                .iter()
                .fold(0u64, |v, &b| v * 10 + (b - b'0') as u64),
        )
    }

    /// As `sse2::digit_run16`.
    pub(crate) fn digit_run16(input: &[u8], at: usize) -> Option<(u64, usize)> {
        let block = input.get(at..at.checked_add(16)?)?;
        let len = (!digit_mask16(block)).trailing_zeros() as usize;
        Some((value_ending_at(input, at + len, len)?, len))
    }
}

#[cfg(test)]
mod tests {
    /// The sixteen-byte step against the text's own value, for every run length, at offsets
    /// where the second load is possible and where it is not, with every byte value ending it.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn digit_run16_reads_each_length() {
        use super::sse2::digit_run16;
        let stops: Vec<u8> = if cfg!(miri) {
            vec![b'.', b'/', b':', 0xB0]
        } else {
            (0..=255u8).filter(|b| !b.is_ascii_digit()).collect()
        };
        for lead in [0usize, 3, 15, 16, 17, 24] {
            for len in 0..=16usize {
                for &stop in &stops {
                    // `lead` bytes of digits before the run: they must not leak into its value.
                    let mut text = vec![b'7'; lead];
                    let run: Vec<u8> = (0..len).map(|i| b"9081726354"[i % 10]).collect();
                    text.push(b'-');
                    let at = text.len();
                    text.extend_from_slice(&run);
                    text.push(stop);
                    text.extend_from_slice(b"5555555555555555");
                    let got = digit_run16(&text, at);
                    let want = len;
                    let value = std::str::from_utf8(&run)
                        .unwrap()
                        .parse::<u64>()
                        .unwrap_or(0);
                    if at + want >= 16 {
                        assert_eq!(
                            got,
                            Some((value, want)),
                            "lead {lead} len {len} stop {stop}"
                        );
                    } else {
                        assert_eq!(got, None, "lead {lead} len {len}");
                    }
                    // Fewer than sixteen bytes from `at`.
                    assert_eq!(digit_run16(&text[..at + 15], at), None);
                }
            }
        }
    }
}
