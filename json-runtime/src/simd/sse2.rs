//! The SSE2 paths (x86_64 only; SSE2 is part of its baseline, so no detection is needed):
//! 16-byte blocks for the string scan and the whitespace skip, the first block that every
//! scan starts with (inlined into the callers), and the last partial block of a slice finished
//! with one load of its last 16 bytes.

use core::arch::x86_64::{
    __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_max_epu8, _mm_movemask_epi8, _mm_or_si128,
    _mm_set1_epi8, _mm_storeu_si128,
};

/// Masks of the 16 bytes at `at`: bit k of the first is set if byte `at + k` is `"`, `\` or
/// below 0x20, bit k of the second if it is >= 0x80.
///
/// # Safety
/// `at + 16 <= bytes.len()`.
#[inline(always)]
pub(super) unsafe fn special_block(bytes: &[u8], at: usize) -> (u32, u32) {
    debug_assert!(at + 16 <= bytes.len());
    // SAFETY: SSE2 is part of the x86_64 baseline, so these intrinsics are always available;
    // the caller guarantees that bytes[at..at + 16] is inside the slice, and
    // `_mm_loadu_si128` has no alignment requirement.
    unsafe {
        let v = _mm_loadu_si128(bytes.as_ptr().add(at) as *const __m128i);
        (special_mask(v), _mm_movemask_epi8(v) as u32)
    }
}

/// Bit k set if byte k of `v` is `"`, `\` or below 0x20.
#[inline(always)]
fn special_mask(v: __m128i) -> u32 {
    // SAFETY: SSE2 is part of the x86_64 baseline; these intrinsics only compute on registers.
    unsafe {
        let max_control = _mm_set1_epi8(0x1f);
        // unsigned v <= 0x1f  <=>  max(v, 0x1f) == 0x1f
        let control = _mm_cmpeq_epi8(_mm_max_epu8(v, max_control), max_control);
        let special = _mm_or_si128(
            _mm_or_si128(
                _mm_cmpeq_epi8(v, _mm_set1_epi8(b'"' as i8)),
                _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\\' as i8)),
            ),
            control,
        );
        _mm_movemask_epi8(special) as u32
    }
}

/// Stores the 16 bytes at `at` to `dst` and returns their special mask (the first mask of
/// [`special_block`]): the writer's copy while it scans.
///
/// # Safety
/// `at + 16 <= bytes.len()`, and `dst` is valid for writes of 16 bytes.
#[inline(always)]
pub(super) unsafe fn copy_special_block(bytes: &[u8], at: usize, dst: *mut u8) -> u32 {
    debug_assert!(at + 16 <= bytes.len());
    // SAFETY: SSE2 is part of the x86_64 baseline; the load reads bytes[at..at + 16], inside
    // the slice (the caller's guarantee), the store writes the 16 bytes the caller says `dst`
    // is valid for; both are unaligned operations.
    unsafe {
        let v = _mm_loadu_si128(bytes.as_ptr().add(at) as *const __m128i);
        _mm_storeu_si128(dst as *mut __m128i, v);
        special_mask(v)
    }
}

/// The equality masks of the 16 bytes at `at` (the skip's number-array windows,
/// simd/skim.rs): bit k of `f(b)` is set if byte `at + k` is `b`.
///
/// # Safety
/// `at + 16 <= bytes.len()`.
#[inline(always)]
pub(super) unsafe fn eq_masks(bytes: &[u8], at: usize) -> impl Fn(u8) -> u32 {
    debug_assert!(at + 16 <= bytes.len());
    // SAFETY: the caller guarantees that bytes[at..at + 16] is inside the slice;
    // `_mm_loadu_si128` has no alignment requirement.
    let v = unsafe { _mm_loadu_si128(bytes.as_ptr().add(at) as *const __m128i) };
    // SAFETY: SSE2 is part of the x86_64 baseline; this only computes on registers.
    move |b| unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(b as i8))) as u32 }
}

/// Index of the first `byte` at or after `i`: two 16-byte blocks per step, then one, then one
/// load of the slice's last 16 bytes with the bytes before `i` masked off (byte by byte if the
/// slice is shorter). The JSON Lines readers' newline search (simd/newline.rs).
#[cfg(feature = "std")]
#[inline]
pub(super) fn find_byte(bytes: &[u8], mut i: usize, byte: u8) -> Option<usize> {
    let len = bytes.len();
    if i >= len {
        return None;
    }
    // From here on `i < len`, so `len - i` cannot overflow (as `i + 32` could).
    while len - i >= 32 {
        // SAFETY: i + 32 <= bytes.len(), so both blocks are inside the slice.
        let (a, b) = unsafe { (eq_masks(bytes, i)(byte), eq_masks(bytes, i + 16)(byte)) };
        let found = a | b << 16;
        if found != 0 {
            return Some(i + found.trailing_zeros() as usize);
        }
        i += 32;
    }
    if len - i >= 16 {
        // SAFETY: i + 16 <= bytes.len().
        let found = unsafe { eq_masks(bytes, i)(byte) };
        if found != 0 {
            return Some(i + found.trailing_zeros() as usize);
        }
        i += 16;
    }
    if i == len {
        return None;
    }
    if len < 16 {
        return bytes[i..].iter().position(|&b| b == byte).map(|k| i + k);
    }
    let at = len - 16;
    // 1 <= i - at <= 15, as at < i < len = at + 16. SAFETY: at + 16 == bytes.len().
    let found = unsafe { eq_masks(bytes, at)(byte) } & (!0u32 << (i - at));
    (found != 0).then(|| at + found.trailing_zeros() as usize)
}

/// Mask of the 16 bytes at `at`: bit k is set if byte `at + k` is not JSON whitespace.
///
/// # Safety
/// `at + 16 <= bytes.len()`.
#[inline(always)]
pub(super) unsafe fn not_ws_block(bytes: &[u8], at: usize) -> u32 {
    debug_assert!(at + 16 <= bytes.len());
    // SAFETY: as in `special_block`.
    unsafe {
        let v = _mm_loadu_si128(bytes.as_ptr().add(at) as *const __m128i);
        let ws = _mm_or_si128(
            _mm_or_si128(
                _mm_cmpeq_epi8(v, _mm_set1_epi8(b' ' as i8)),
                _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\n' as i8)),
            ),
            _mm_or_si128(
                _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\t' as i8)),
                _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\r' as i8)),
            ),
        );
        !(_mm_movemask_epi8(ws) as u32) & 0xffff
    }
}

/// The string scan from `i`, 16 bytes at a time, then [`special_tail`]. `high`: a byte >= 0x80
/// was seen before `i` (tracked only if `HIGH`).
#[inline(always)]
pub(super) fn scan<const HIGH: bool>(bytes: &[u8], mut i: usize, high: bool) -> (usize, bool) {
    let mut high = high;
    while i + 16 <= bytes.len() {
        // SAFETY: the loop condition.
        let (special, hi) = unsafe { special_block(bytes, i) };
        if special != 0 {
            let at = special.trailing_zeros();
            // Only the high bits before the special byte belong to the string.
            return (i + at as usize, HIGH && (high || hi & ((1 << at) - 1) != 0));
        }
        high |= HIGH && hi != 0;
        i += 16;
    }
    special_tail::<HIGH>(bytes, i, high)
}

/// The end of a string scan where fewer than 16 bytes are left after `i`: one load of the
/// slice's last 16 bytes, the bytes before `i` masked off (SWAR if the slice is shorter).
#[inline(always)]
pub(super) fn special_tail<const HIGH: bool>(bytes: &[u8], i: usize, high: bool) -> (usize, bool) {
    let len = bytes.len();
    debug_assert!(i + 16 > len);
    if i >= len {
        return (len, high);
    }
    if len < 16 {
        return super::find_special_ascii_swar(bytes, i, high);
    }
    let at = len - 16;
    // SAFETY: at + 16 == bytes.len().
    let (special, hi) = unsafe { special_block(bytes, at) };
    // 1 <= i - at <= 15, as at < i < len = at + 16.
    let keep = !0u32 << (i - at);
    let (special, hi) = (special & keep, hi & keep);
    if special != 0 {
        let k = special.trailing_zeros();
        return (at + k as usize, HIGH && (high || hi & ((1 << k) - 1) != 0));
    }
    (len, HIGH && (high || hi != 0))
}

/// The whitespace skip from `i`, 16 bytes at a time, then [`ws_tail`].
#[inline(always)]
pub(super) fn skip_ws(bytes: &[u8], mut i: usize) -> usize {
    while i + 16 <= bytes.len() {
        // SAFETY: the loop condition.
        let not_ws = unsafe { not_ws_block(bytes, i) };
        if not_ws != 0 {
            return i + not_ws.trailing_zeros() as usize;
        }
        i += 16;
    }
    ws_tail(bytes, i)
}

/// The end of a whitespace skip where fewer than 16 bytes are left after `i`: one load of the
/// slice's last 16 bytes, the bytes before `i` masked off (byte by byte if the slice is shorter).
#[inline(always)]
pub(super) fn ws_tail(bytes: &[u8], i: usize) -> usize {
    let len = bytes.len();
    debug_assert!(i + 16 > len);
    if i >= len {
        return len;
    }
    if len < 16 {
        return super::skip_whitespace_scalar(bytes, i);
    }
    let at = len - 16;
    // SAFETY: at + 16 == bytes.len().
    let not_ws = unsafe { not_ws_block(bytes, at) } & (!0u32 << (i - at));
    if not_ws != 0 {
        return at + not_ws.trailing_zeros() as usize;
    }
    len
}

/// `blocks::masks` with four 16-byte SSE2 loads. `[` and `{` differ only in bit 0x20 (as `]` and
/// `}` do), so one OR with 0x20 and one compare finds both.
///
/// # Safety
/// `at + 64 <= bytes.len()`.
#[inline(always)]
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub(super) unsafe fn masks(bytes: &[u8], at: usize) -> super::blocks::Masks {
    let mut m = super::blocks::Masks::default();
    for part in 0..4 {
        // SAFETY: SSE2 is part of the x86_64 baseline; `at + 16 * part + 16 <= bytes.len()` by
        // this function's contract, and `_mm_loadu_si128` has no alignment requirement.
        let [quote, backslash, open, close] = unsafe {
            let v = _mm_loadu_si128(bytes.as_ptr().add(at + 16 * part) as *const __m128i);
            let folded = _mm_or_si128(v, _mm_set1_epi8(0x20));
            let mask = |x| _mm_movemask_epi8(x) as u16 as u64;
            [
                mask(_mm_cmpeq_epi8(v, _mm_set1_epi8(b'"' as i8))),
                mask(_mm_cmpeq_epi8(v, _mm_set1_epi8(b'\\' as i8))),
                mask(_mm_cmpeq_epi8(folded, _mm_set1_epi8(b'{' as i8))),
                mask(_mm_cmpeq_epi8(folded, _mm_set1_epi8(b'}' as i8))),
            ]
        };
        let shift = 16 * part;
        m.quote |= quote << shift;
        m.backslash |= backslash << shift;
        m.open |= open << shift;
        m.close |= close << shift;
    }
    m
}

/// The token classes of the 64 bytes at `at` (`blocks::Tokens`), 16 bytes at a time.
///
/// # Safety
/// `at + 64 <= bytes.len()`.
#[inline(always)]
pub(super) unsafe fn tokens(bytes: &[u8], at: usize) -> super::blocks::Tokens {
    debug_assert!(at + 64 <= bytes.len());
    let mut t = super::blocks::Tokens::default();
    for part in 0..4 {
        // SAFETY: SSE2 is part of the x86_64 baseline; `at + 16 * part + 16 <= bytes.len()` by
        // this function's contract, and `_mm_loadu_si128` has no alignment requirement.
        let [quote, backslash, control, ws, structural] = unsafe {
            let v = _mm_loadu_si128(bytes.as_ptr().add(at + 16 * part) as *const __m128i);
            let eq = |b: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(b as i8));
            // `[`, `{` and `]`, `}` differ only in bit 0x20.
            let folded = _mm_or_si128(v, _mm_set1_epi8(0x20));
            let max_control = _mm_set1_epi8(0x1f);
            let mask = |x| _mm_movemask_epi8(x) as u16 as u64;
            [
                mask(eq(b'"')),
                mask(eq(b'\\')),
                mask(_mm_cmpeq_epi8(_mm_max_epu8(v, max_control), max_control)),
                mask(_mm_or_si128(
                    _mm_or_si128(eq(b' '), eq(b'\n')),
                    _mm_or_si128(eq(b'\t'), eq(b'\r')),
                )),
                mask(_mm_or_si128(
                    _mm_or_si128(
                        _mm_cmpeq_epi8(folded, _mm_set1_epi8(b'{' as i8)),
                        _mm_cmpeq_epi8(folded, _mm_set1_epi8(b'}' as i8)),
                    ),
                    _mm_or_si128(eq(b':'), eq(b',')),
                )),
            ]
        };
        let shift = 16 * part;
        t.quote |= quote << shift;
        t.backslash |= backslash << shift;
        t.control |= control << shift;
        t.ws |= ws << shift;
        t.structural |= structural << shift;
    }
    // As in `avx2::tokens`.
    super::blocks::Tokens {
        quote: super::opaque(t.quote),
        backslash: super::opaque(t.backslash),
        control: super::opaque(t.control),
        ws: super::opaque(t.ws),
        structural: super::opaque(t.structural),
    }
}
