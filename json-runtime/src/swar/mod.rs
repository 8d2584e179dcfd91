//! Finding the next byte of a string that needs attention (`"`, `\` or a control character):
//! 16 bytes at a time with SSE2 on x86_64 (part of its baseline, so no detection is needed),
//! 8 at a time with SWAR elsewhere. Shared by the string writer and reader.
//!
//! The `_ascii` variant also says whether any byte with the high bit set was seen, so the reader
//! validates UTF-8 only for strings that can contain non-ASCII text. Measured on twitter.json:
//! UTF-8 validation of every string was 23% of the read time before this.

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// High bit set in the lowest byte of `w` (little-endian) that is `"`, `\` or below 0x20.
/// Bits above the first hit may be spurious, so callers use only the lowest one.
#[inline(always)]
fn special_mask(w: u64) -> u64 {
    let has_zero = |x: u64| x.wrapping_sub(LO) & !x;
    let quote = has_zero(w ^ (LO * b'"' as u64));
    let backslash = has_zero(w ^ (LO * b'\\' as u64));
    let control = w.wrapping_sub(LO * 0x20) & !w;
    (quote | backslash | control) & HI
}

#[inline(always)]
fn is_special(b: u8) -> bool {
    b == b'"' || b == b'\\' || b < 0x20
}

/// Index of the first special byte in `bytes` at or after `i`, or `bytes.len()`.
#[inline(always)]
pub(crate) fn find_special(bytes: &[u8], i: usize) -> usize {
    find_special_ascii(bytes, i).0
}

/// Like [`find_special`], also returning `true` if a byte >= 0x80 may lie before the result
/// (it may also report bytes just after it: a harmless false positive).
#[inline(always)]
pub(crate) fn find_special_ascii(bytes: &[u8], i: usize) -> (usize, bool) {
    #[cfg(target_arch = "x86_64")]
    {
        let (j, high) = sse2::scan(bytes, i);
        if j < bytes.len() && is_special(bytes[j]) {
            return (j, high);
        }
        find_special_ascii_swar(bytes, j, high)
    }
    #[cfg(not(target_arch = "x86_64"))]
    find_special_ascii_swar(bytes, i, false)
}

/// The portable part of [`find_special_ascii`] (all of it off x86_64, the last partial block
/// on x86_64): 8 bytes at a time, then byte by byte. `high`: a high bit was seen before `i`.
#[inline(always)]
fn find_special_ascii_swar(bytes: &[u8], mut i: usize, high: bool) -> (usize, bool) {
    let mut high = high as u64;
    while i + 8 <= bytes.len() {
        let mut chunk = [0u8; 8];
        chunk.copy_from_slice(&bytes[i..i + 8]);
        let w = u64::from_le_bytes(chunk);
        high |= w & HI;
        let mask = special_mask(w);
        if mask != 0 {
            return (i + (mask.trailing_zeros() / 8) as usize, high != 0);
        }
        i += 8;
    }
    while i < bytes.len() {
        let b = bytes[i];
        if is_special(b) {
            return (i, high != 0);
        }
        high |= (b & 0x80) as u64;
        i += 1;
    }
    (i, high != 0)
}

/// Index of the first non-whitespace byte at or after `i` (or `bytes.len()`).
#[inline]
pub(crate) fn skip_whitespace(bytes: &[u8], i: usize) -> usize {
    #[cfg(target_arch = "x86_64")]
    let i = sse2::skip_whitespace(bytes, i);
    skip_whitespace_scalar(bytes, i)
}

/// The portable part of [`skip_whitespace`]: byte by byte.
#[inline(always)]
fn skip_whitespace_scalar(bytes: &[u8], mut i: usize) -> usize {
    while let Some(&b) = bytes.get(i) {
        if !crate::reader::is_ws(b) {
            break;
        }
        i += 1;
    }
    i
}

/// `a == b` for slices of equal length, without a `memcmp` call for the short keys that
/// generated readers compare (a call per key was 7% of citm_catalog's read time).
#[inline(always)]
pub(crate) fn short_eq(a: &[u8], b: &[u8]) -> bool {
    debug_assert_eq!(a.len(), b.len());
    let n = a.len();
    let load8 = |s: &[u8], at: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&s[at..at + 8]);
        u64::from_le_bytes(w)
    };
    let load4 = |s: &[u8], at: usize| {
        let mut w = [0u8; 4];
        w.copy_from_slice(&s[at..at + 4]);
        u32::from_le_bytes(w)
    };
    match n {
        // Two overlapping loads cover every length from 8 to 16 (and 4 to 8).
        8..=16 => load8(a, 0) == load8(b, 0) && load8(a, n - 8) == load8(b, n - 8),
        4..=7 => load4(a, 0) == load4(b, 0) && load4(a, n - 4) == load4(b, n - 4),
        _ => a == b,
    }
}

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use core::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_max_epu8, _mm_movemask_epi8, _mm_or_si128,
        _mm_set1_epi8,
    };

    /// Skips whole 16-byte blocks of whitespace from `i`; returns the index of the first
    /// non-whitespace byte or the start of the last partial block.
    #[inline]
    pub(super) fn skip_whitespace(bytes: &[u8], mut i: usize) -> usize {
        // SAFETY: SSE2 is part of the x86_64 baseline; each load reads bytes[i..i + 16], which
        // the loop condition keeps inside the slice; unaligned loads are allowed.
        unsafe {
            let space = _mm_set1_epi8(b' ' as i8);
            let newline = _mm_set1_epi8(b'\n' as i8);
            let tab = _mm_set1_epi8(b'\t' as i8);
            let cr = _mm_set1_epi8(b'\r' as i8);
            while i + 16 <= bytes.len() {
                let v = _mm_loadu_si128(bytes.as_ptr().add(i) as *const __m128i);
                let ws = _mm_or_si128(
                    _mm_or_si128(_mm_cmpeq_epi8(v, space), _mm_cmpeq_epi8(v, newline)),
                    _mm_or_si128(_mm_cmpeq_epi8(v, tab), _mm_cmpeq_epi8(v, cr)),
                );
                let not_ws = !_mm_movemask_epi8(ws) & 0xffff;
                if not_ws != 0 {
                    return i + not_ws.trailing_zeros() as usize;
                }
                i += 16;
            }
        }
        i
    }

    /// Scans whole 16-byte blocks from `i`: returns the index of the first special byte, or the
    /// start of the last partial block (for the caller to finish), and whether a high bit was
    /// seen.
    #[inline(always)]
    pub(super) fn scan(bytes: &[u8], mut i: usize) -> (usize, bool) {
        let mut high = 0i32;
        // SAFETY: SSE2 is part of the x86_64 baseline, so these intrinsics are always available.
        // Each load reads 16 bytes starting at `i`, and the loop condition keeps `i + 16 <=
        // bytes.len()`, so every load stays inside the slice (`_mm_loadu_si128` has no
        // alignment requirement).
        unsafe {
            let quote = _mm_set1_epi8(b'"' as i8);
            let backslash = _mm_set1_epi8(b'\\' as i8);
            let max_control = _mm_set1_epi8(0x1f);
            while i + 16 <= bytes.len() {
                let v = _mm_loadu_si128(bytes.as_ptr().add(i) as *const __m128i);
                // unsigned v <= 0x1f  <=>  max(v, 0x1f) == 0x1f
                let control = _mm_cmpeq_epi8(_mm_max_epu8(v, max_control), max_control);
                let special = _mm_or_si128(
                    _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                    control,
                );
                let mask = _mm_movemask_epi8(special);
                let hi = _mm_movemask_epi8(v);
                if mask != 0 {
                    let at = mask.trailing_zeros();
                    // Only the high bits before the special byte belong to the string.
                    high |= hi & ((1i32 << at) - 1);
                    return (i + at as usize, high != 0);
                }
                high |= hi;
                i += 16;
            }
        }
        (i, high != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::{find_special, find_special_ascii, find_special_ascii_swar};
    use super::{skip_whitespace, skip_whitespace_scalar};

    /// The portable scan forced, whatever the target (on x86_64 `find_special_ascii` runs SSE2
    /// over whole 16-byte blocks first; elsewhere it is this).
    fn swar_only(bytes: &[u8], i: usize) -> (usize, bool) {
        find_special_ascii_swar(bytes, i, false)
    }
    type Finder = fn(&[u8], usize) -> (usize, bool);
    const FINDERS: [(&str, Finder); 2] = [("dispatch", find_special_ascii), ("swar", swar_only)];
    type Skipper = fn(&[u8], usize) -> usize;
    const SKIPPERS: [(&str, Skipper); 2] = [
        ("dispatch", skip_whitespace),
        ("scalar", skip_whitespace_scalar),
    ];

    #[test]
    fn finds_first_special_at_every_offset() {
        for (name, find) in FINDERS {
            for len in 0..40 {
                for at in 0..=len {
                    // Under Miri (minutes per finder) two of the four specials suffice: the
                    // lengths and offsets are what exercise the word and block boundaries.
                    let specials: &[u8] = if cfg!(miri) {
                        &[b'\\', 0x1f]
                    } else {
                        &[b'"', b'\\', 0, 0x1f]
                    };
                    for &special in specials {
                        let mut v = vec![b'a'; len];
                        if at < len {
                            v[at] = special;
                        }
                        let expect = if at < len { at } else { len };
                        assert_eq!(find(&v, 0).0, expect, "{name} len {len} at {at}");
                        // 0x7f and bytes >= 0x80 are not special.
                        let mut w = v.clone();
                        for b in w.iter_mut().take(at) {
                            *b = 0x7f;
                        }
                        assert_eq!(find(&w, 0).0, expect, "{name}");
                        // Starting past the beginning.
                        if at > 0 {
                            assert_eq!(find(&v, 1).0, expect, "{name} from 1");
                        }
                    }
                }
            }
        }
        assert_eq!(find_special(b"0123456789abcdef0123\\", 0), 20);
    }

    #[test]
    fn skips_whitespace_runs_of_every_length() {
        for (name, skip) in SKIPPERS {
            for len in 0..40 {
                for tail in [&b"x"[..], b"", b"\x00"] {
                    let mut v: Vec<u8> = (0..len).map(|i| b" \n\t\r"[i % 4]).collect();
                    v.extend_from_slice(tail);
                    assert_eq!(skip(&v, 0), len, "{name} len {len}");
                }
            }
        }
    }

    #[test]
    fn short_eq_matches_slice_eq() {
        let base: Vec<u8> = (0..24u8).collect();
        for n in 0..=20 {
            let a = &base[..n];
            assert!(super::short_eq(a, a));
            for flip in 0..n {
                let mut b = a.to_vec();
                b[flip] ^= 0x20;
                assert!(!super::short_eq(a, &b), "n {n} flip {flip}");
            }
        }
    }

    #[test]
    fn reports_high_bytes_before_the_special_byte() {
        for (name, find) in FINDERS {
            for len in 1..40 {
                for hi_at in 0..len {
                    let mut v = vec![b'a'; len + 1];
                    v[len] = b'"';
                    v[hi_at] = 0xc3;
                    assert_eq!(find(&v, 0), (len, true), "{name} len {len} hi {hi_at}");
                }
                let mut v = vec![b'a'; len + 1];
                v[len] = b'"';
                assert_eq!(find(&v, 0), (len, false), "{name}");
            }
        }
    }
}
