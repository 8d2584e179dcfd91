//! Every vectorised (SIMD or SWAR) scan of the crate, and the run-time CPU feature detection
//! they share:
//!
//! - this file: the string scans (the next `"`, `\`, or control byte of a string, with or
//!   without noting bytes >= 0x80) and the whitespace skip; SSE2 blocks in [`sse2`], AVX2
//!   blocks in [`avx2`] (which also holds the AVX2 detection), SWAR and byte loops here;
//! - [`utf8`]: UTF-8 validation of strings (AVX2, else `core::str::from_utf8`);
//! - [`number`]: the number scanner's digit masks and run conversions (SSE2);
//! - [`digits`]: integers to ASCII digits for the float writer (SSE2 and SWAR);
//! - [`skim`]: the scans of a value skip, one type per level (a number's end from a 32-byte
//!   digit mask);
//! - [`blocks`]: 64-byte masks of quotes, backslashes and brackets, and which bytes lie inside
//!   strings (the stream readers' search for the end of a value, and the skip's block walk).
//!
//! Each vector path has its scalar twin beside it, the path on other targets (`cfg(target_arch)`)
//! and the reference in the tests: [`Level`] names the paths, and the `agree` tests run every
//! scan at every level this CPU has on the same inputs and compare.
//!
//! The rule: the reader and writer call `simd`; `simd` calls neither. It uses only `core`,
//! `alloc`, the inline copy of `crate::small` and itself (no `crate::reader`, no
//! `crate::writer`), so that the scans can be read, tested and replaced on their own.
//!
//! The string scans: on x86_64 the first 16 bytes (32 for the plain scan, the writer's
//! copying scan and the whitespace skip) are SSE2 blocks, inline in the caller (most strings
//! are keys and short values that end there); the rest is out of line: 32-byte AVX2 blocks if
//! the CPU has it (detected once at run time and cached, or known at compile time), else
//! 16-byte SSE2 blocks. The last partial block
//! is one load of the slice's last 16 or 32 bytes, with the bytes already scanned masked off.
//! Elsewhere: 8 bytes at a time with SWAR, then byte by byte.
//!
//! The `_ascii` variant also says whether any byte with the high bit set was seen, so the reader
//! validates UTF-8 only for strings that can contain non-ASCII text. Measured on twitter.json:
//! UTF-8 validation of every string was 23% of the read time before this.

use crate::small::append_unchecked;
use alloc::vec::Vec;

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) use avx2::available as avx2_available;
#[cfg(target_arch = "x86_64")]
mod sse2;

pub(crate) mod blocks;
pub(crate) mod digits;
pub(crate) mod newline;
pub(crate) mod number;
pub(crate) mod skim;
pub(crate) mod utf8;

#[cfg(test)]
mod agree;

/// A code path of the scans, for the tests to force one: the portable scalar/SWAR path, or a
/// vector path of x86_64. The crate's own calls pick theirs by target and detection; the
/// tests call each scan's `*_at(level, ...)` form (`cfg(test)`) for every level of
/// [`Level::runnable`].
#[cfg(test)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) enum Level {
    /// Scalar or SWAR code only: what other targets run.
    Scalar,
    /// SSE2 blocks (x86_64's baseline).
    Sse2,
    /// AVX2 blocks where the scan has them (SSE2 where it has not).
    Avx2,
}

#[cfg(test)]
impl Level {
    /// The levels that can run here: `Scalar`; on x86_64 `Sse2`, and `Avx2` if the CPU has
    /// it (`is_x86_feature_detected!`, or enabled at compile time under Miri). A skipped AVX2
    /// level is reported on stderr.
    pub(crate) fn runnable() -> std::vec::Vec<Level> {
        #[allow(unused_mut)]
        let mut v = std::vec![Level::Scalar];
        #[cfg(target_arch = "x86_64")]
        {
            v.push(Level::Sse2);
            if avx2::available() || (!cfg!(miri) && std::is_x86_feature_detected!("avx2")) {
                v.push(Level::Avx2);
            } else {
                std::eprintln!("simd: AVX2 paths skipped (not available here)");
            }
        }
        v
    }
}

/// `x`, hidden from the optimizer: without it, LLVM turned the ORs and shifts of the token
/// masks of a 64-byte block (reader/skim_walk.rs) into operations on vectors of one-bit lanes
/// and lowered those a bit at a time (270 instructions per block instead of about 60).
/// Under Miri, which cannot run `asm!`, the identity.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[allow(unused_mut)]
fn opaque(mut x: u64) -> u64 {
    #[cfg(not(miri))]
    // SAFETY: the template is a comment: no instructions; it only names the register that holds
    // `x`, which it leaves as it is, and reads or writes no memory.
    unsafe {
        core::arch::asm!("/* {0} */", inout(reg) x, options(pure, nomem, nostack, preserves_flags))
    };
    x
}

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
    #[cfg(target_arch = "x86_64")]
    {
        find_special_x86::<false, 2>(bytes, i, find_rest::<false>).0
    }
    #[cfg(not(target_arch = "x86_64"))]
    find_special_ascii_swar(bytes, i, false).0
}

/// How many 16-byte blocks [`append_to_special`] stores as it scans them, before it leaves
/// the rest of a long run to the out-of-line scan and one copy. Two (runs up to 32 bytes: keys,
/// ids, URLs) took 0.3-3.8% off the write instructions of 13 of 14 string-bearing payloads
/// (gsoc +0.4%, long strings); four added 1.5-4% to gsoc, timeline, random and non_ascii, whose
/// long runs then take more 16-byte steps before the 32-byte AVX2 scan.
#[cfg(target_arch = "x86_64")]
const COPY_BLOCKS: usize = 2;

/// Appends `bytes[start..i]` to `out` and returns `i`: the first special byte at or after
/// `start` (as [`find_special`]) or `bytes.len()`: the writer's string scan. On x86_64 each of
/// the first two whole 16-byte blocks (`COPY_BLOCKS`) is stored to `out` as it is scanned
/// (its bytes from the special one on land in spare capacity, outside the length), so a run
/// needs no second pass to copy it; fewer than 16 bytes left are found with one load of the
/// slice's last 16 and copied, and the rest of a run longer than the two blocks is found by
/// the out-of-line scan, then copied. Elsewhere: [`find_special`], then one copy.
///
/// # Safety
/// `out` has at least `bytes.len() - start` bytes of spare capacity, and `start <= bytes.len()`.
#[inline(always)]
pub(crate) unsafe fn append_to_special(out: &mut Vec<u8>, bytes: &[u8], start: usize) -> usize {
    debug_assert!(start <= bytes.len() && out.capacity() - out.len() >= bytes.len() - start);
    #[cfg(target_arch = "x86_64")]
    {
        let mut i = start;
        // Invariant: `out` has at least `bytes.len() - i` spare bytes (the caller's, for
        // `i = start`; each block stored below uses as many as it moves `i` on).
        for _ in 0..COPY_BLOCKS {
            // The short tail is finished here rather than by `break` to the same two lines
            // after the loop: with the `break`, LLVM laid the function out differently and
            // the writes of gsoc and twitter ran 2.4% and 1.5% more instructions.
            if i + 16 > bytes.len() {
                let end = sse2::special_tail::<false>(bytes, i, false).0;
                // SAFETY: `bytes.len() - i >= end - i` spare bytes (the invariant).
                unsafe { append_unchecked(out, &bytes[i..end]) };
                return end;
            }
            // SAFETY: `i + 16 <= bytes.len()`; `dst` is the first spare byte and at least
            // `bytes.len() - i >= 16` follow it (the invariant).
            let special = unsafe {
                let dst = out.as_mut_ptr().add(out.len());
                sse2::copy_special_block(bytes, i, dst)
            };
            if special != 0 {
                let k = special.trailing_zeros() as usize;
                // SAFETY: the `k < 16` bytes after the length were just written with
                // `bytes[i..i + k]`.
                unsafe { out.set_len(out.len() + k) };
                return i + k;
            }
            // SAFETY: the 16 bytes after the length were just written with `bytes[i..i + 16]`.
            unsafe { out.set_len(out.len() + 16) };
            i += 16;
        }
        let end = if i + 16 > bytes.len() {
            sse2::special_tail::<false>(bytes, i, false).0
        } else {
            find_rest::<false>(bytes, i, false).0
        };
        // SAFETY: `bytes.len() - i >= end - i` spare bytes (the invariant).
        unsafe { append_unchecked(out, &bytes[i..end]) };
        end
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let end = find_special(bytes, start);
        // SAFETY: `bytes.len() - start >= end - start` spare bytes (the caller's guarantee).
        unsafe { append_unchecked(out, &bytes[start..end]) };
        end
    }
}

/// Like [`find_special`], also returning `true` if a byte >= 0x80 lies before the result.
#[inline(always)]
pub(crate) fn find_special_ascii(bytes: &[u8], i: usize) -> (usize, bool) {
    #[cfg(target_arch = "x86_64")]
    {
        find_special_x86::<true, 1>(bytes, i, find_rest::<true>)
    }
    #[cfg(not(target_arch = "x86_64"))]
    find_special_ascii_swar(bytes, i, false)
}

/// The x86_64 scan: the first `INLINE_BLOCKS` 16-byte blocks with SSE2, inline (most strings
/// are keys and short values that end there), the rest by `rest` (out of line); if fewer than
/// 16 bytes are left, one load of the slice's last 16. `HIGH`: track bytes >= 0x80.
///
/// The reader's scan (`HIGH`) is inlined into every generated read function: one inline block
/// there (two were 1-2% slower to read twitter.json, though fewer instructions);
/// [`find_special`] takes two (measured when it was also the writer's scan: log_events'
/// escaped messages, 7% fewer instructions than one).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn find_special_x86<const HIGH: bool, const INLINE_BLOCKS: usize>(
    bytes: &[u8],
    i: usize,
    rest: impl FnOnce(&[u8], usize, bool) -> (usize, bool),
) -> (usize, bool) {
    let mut i = i;
    let mut high = false;
    for _ in 0..INLINE_BLOCKS {
        if i + 16 > bytes.len() {
            return sse2::special_tail::<HIGH>(bytes, i, high);
        }
        // SAFETY: i + 16 <= bytes.len().
        let (special, hi) = unsafe { sse2::special_block(bytes, i) };
        if special != 0 {
            let at = special.trailing_zeros();
            return (i + at as usize, HIGH && (high || hi & ((1 << at) - 1) != 0));
        }
        high |= HIGH && hi != 0;
        i += 16;
    }
    rest(bytes, i, high)
}

/// The scan after the first 16 bytes: AVX2 if the CPU has it, else SSE2.
#[cfg(target_arch = "x86_64")]
#[inline(never)]
fn find_rest<const HIGH: bool>(bytes: &[u8], i: usize, high: bool) -> (usize, bool) {
    if avx2::available() {
        // SAFETY: `available` says the CPU has AVX2.
        unsafe { avx2::scan::<HIGH>(bytes, i, high) }
    } else {
        sse2::scan::<HIGH>(bytes, i, high)
    }
}

/// The portable part of [`find_special_ascii`] (all of it off x86_64; on x86_64 only slices
/// shorter than 16 bytes): 8 bytes at a time, then byte by byte. `high`: a high bit was seen
/// before `i`.
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

/// Whether `b` is JSON whitespace (space, line feed, tab, carriage return).
#[inline(always)]
pub(crate) fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\t' | b'\r')
}

/// Index of the first non-whitespace byte at or after `i` (or `bytes.len()`).
#[inline]
pub(crate) fn skip_whitespace(bytes: &[u8], i: usize) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        skip_whitespace_x86(bytes, i, skip_rest)
    }
    #[cfg(not(target_arch = "x86_64"))]
    skip_whitespace_scalar(bytes, i)
}

/// The x86_64 skip, split as [`find_special_x86`]: two 16-byte SSE2 blocks inline (with one,
/// citm_catalog's indentation runs paid the out-of-line call: 6% more read instructions), the
/// rest by `rest`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn skip_whitespace_x86(bytes: &[u8], i: usize, rest: impl FnOnce(&[u8], usize) -> usize) -> usize {
    let mut i = i;
    for _ in 0..2 {
        if i + 16 > bytes.len() {
            return sse2::ws_tail(bytes, i);
        }
        // SAFETY: i + 16 <= bytes.len().
        let not_ws = unsafe { sse2::not_ws_block(bytes, i) };
        if not_ws != 0 {
            return i + not_ws.trailing_zeros() as usize;
        }
        i += 16;
    }
    rest(bytes, i)
}

/// The whitespace skip after the first 16 bytes: AVX2 if the CPU has it, else SSE2.
#[cfg(target_arch = "x86_64")]
#[inline(never)]
fn skip_rest(bytes: &[u8], i: usize) -> usize {
    if avx2::available() {
        // SAFETY: `available` says the CPU has AVX2.
        unsafe { avx2::skip_ws(bytes, i) }
    } else {
        sse2::skip_ws(bytes, i)
    }
}

/// The portable part of [`skip_whitespace`] (on x86_64 only slices shorter than 16 bytes):
/// byte by byte.
#[inline(always)]
fn skip_whitespace_scalar(bytes: &[u8], mut i: usize) -> usize {
    while let Some(&b) = bytes.get(i) {
        if !is_ws(b) {
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

/// [`find_special_ascii`] (`HIGH`) or [`find_special`] (not `HIGH`) on the path `level`, with
/// the same inline blocks. Only call with a level of [`Level::runnable`].
#[cfg(test)]
pub(crate) fn find_special_at<const HIGH: bool>(
    level: Level,
    bytes: &[u8],
    i: usize,
) -> (usize, bool) {
    // Without `HIGH` the second value means nothing (`find_special` drops it).
    let (at, high) = match level {
        Level::Scalar => find_special_ascii_swar(bytes, i, false),
        #[cfg(target_arch = "x86_64")]
        Level::Sse2 if HIGH => find_special_x86::<true, 1>(bytes, i, sse2::scan::<true>),
        #[cfg(target_arch = "x86_64")]
        Level::Sse2 => find_special_x86::<false, 2>(bytes, i, sse2::scan::<false>),
        #[cfg(target_arch = "x86_64")]
        Level::Avx2 if HIGH => find_special_x86::<true, 1>(bytes, i, |b, i, h| {
            // SAFETY: `Level::runnable` lists `Avx2` only if the CPU has AVX2.
            unsafe { avx2::scan::<true>(b, i, h) }
        }),
        #[cfg(target_arch = "x86_64")]
        Level::Avx2 => find_special_x86::<false, 2>(bytes, i, |b, i, h| {
            // SAFETY: `Level::runnable` lists `Avx2` only if the CPU has AVX2.
            unsafe { avx2::scan::<false>(b, i, h) }
        }),
        #[cfg(not(target_arch = "x86_64"))]
        _ => unreachable!("{level:?} is x86_64 only"),
    };
    (at, HIGH && high)
}

/// [`skip_whitespace`] on the path `level`. Only call with a level of [`Level::runnable`].
#[cfg(test)]
pub(crate) fn skip_whitespace_at(level: Level, bytes: &[u8], i: usize) -> usize {
    match level {
        Level::Scalar => skip_whitespace_scalar(bytes, i),
        #[cfg(target_arch = "x86_64")]
        Level::Sse2 => skip_whitespace_x86(bytes, i, sse2::skip_ws),
        #[cfg(target_arch = "x86_64")]
        Level::Avx2 => skip_whitespace_x86(bytes, i, |b, i| {
            // SAFETY: `Level::runnable` lists `Avx2` only if the CPU has AVX2.
            unsafe { avx2::skip_ws(b, i) }
        }),
        #[cfg(not(target_arch = "x86_64"))]
        _ => unreachable!("{level:?} is x86_64 only"),
    }
}

#[cfg(test)]
mod tests {
    use super::{find_special, find_special_ascii, find_special_ascii_swar};
    use super::{skip_whitespace, skip_whitespace_scalar};

    type Finder = fn(&[u8], usize) -> (usize, bool);
    type Skipper = fn(&[u8], usize) -> usize;

    /// Whether the AVX2 path can run here (skipped with a message if not).
    #[cfg(target_arch = "x86_64")]
    fn avx2_runs(test: &str) -> bool {
        let yes =
            super::avx2::available() || (!cfg!(miri) && std::is_x86_feature_detected!("avx2"));
        if !yes {
            std::eprintln!("{test}: AVX2 path skipped (not available here)");
        }
        yes
    }

    /// The AVX2 path forced. Only called after [`avx2_runs`].
    #[cfg(target_arch = "x86_64")]
    fn avx2_find(bytes: &[u8], i: usize) -> (usize, bool) {
        super::find_special_x86::<true, 1>(bytes, i, |b, i, h| {
            // SAFETY: `avx2_runs` said the CPU has AVX2.
            unsafe { super::avx2::scan::<true>(b, i, h) }
        })
    }

    /// The AVX2 whitespace skip forced. Only called after [`avx2_runs`].
    #[cfg(target_arch = "x86_64")]
    fn avx2_skip(bytes: &[u8], i: usize) -> usize {
        super::skip_whitespace_x86(bytes, i, |b, i| {
            // SAFETY: `avx2_runs` said the CPU has AVX2.
            unsafe { super::avx2::skip_ws(b, i) }
        })
    }

    /// Every path, each forced: (name, string scan, whitespace skip).
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut, unused_variables))]
    fn paths(test: &str) -> std::vec::Vec<(&'static str, Finder, Skipper)> {
        let mut v: std::vec::Vec<(&'static str, Finder, Skipper)> = vec![
            ("dispatch", find_special_ascii, skip_whitespace),
            (
                "swar",
                |b, i| find_special_ascii_swar(b, i, false),
                skip_whitespace_scalar,
            ),
        ];
        #[cfg(target_arch = "x86_64")]
        {
            use super::{find_special_x86, skip_whitespace_x86, sse2};
            v.push((
                "sse2",
                |b, i| find_special_x86::<true, 1>(b, i, sse2::scan::<true>),
                |b, i| skip_whitespace_x86(b, i, sse2::skip_ws),
            ));
            if avx2_runs(test) {
                v.push(("avx2", avx2_find, avx2_skip));
            }
        }
        v
    }

    /// Lengths that cross the 8-, 16-, 32- and 64-byte boundaries (fewer under Miri, where
    /// each scan is slow).
    fn lengths() -> impl Iterator<Item = usize> {
        (0..100).filter(|&n| !cfg!(miri) || n < 40 || (62..=67).contains(&n) || n >= 96)
    }

    #[test]
    fn finds_first_special_at_every_offset() {
        for (name, find, _) in paths("finds_first_special_at_every_offset") {
            for len in lengths() {
                for at in 0..=len {
                    // Under Miri two of the four specials suffice: the lengths and offsets are
                    // what exercise the word and block boundaries.
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
                        if name == "dispatch" {
                            // The plain scan (no high-bit tracking, two inline blocks).
                            assert_eq!(find_special(&v, 0), expect, "len {len} at {at}");
                        }
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
        assert_eq!(find_special(b"0123456789abcdef0123", 0), 20);
    }

    #[test]
    fn ignores_bytes_before_the_start() {
        // Specials and high bytes before `start` (which the last-block loads read again) are
        // not reported.
        for (name, find, skip) in paths("ignores_bytes_before_the_start") {
            for len in lengths() {
                let step = if cfg!(miri) { 7 } else { 1 };
                for start in (0..=len).step_by(step) {
                    let mut v = vec![b'"'; start];
                    v[..start / 2].fill(0xc3);
                    v.resize(len, b'a');
                    assert_eq!(
                        find(&v, start),
                        (len, false),
                        "{name} len {len} from {start}"
                    );
                    let mut w = vec![b'x'; start];
                    w.resize(len, b' ');
                    assert_eq!(skip(&w, start), len, "{name} len {len} from {start}");
                }
            }
        }
    }

    #[test]
    fn skips_whitespace_runs_of_every_length() {
        for (name, _, skip) in paths("skips_whitespace_runs_of_every_length") {
            for len in lengths() {
                for tail in [&b"x"[..], b"", b"\x00"] {
                    let mut v: std::vec::Vec<u8> = (0..len).map(|i| b" \n\t\r"[i % 4]).collect();
                    v.extend_from_slice(tail);
                    assert_eq!(skip(&v, 0), len, "{name} len {len}");
                    if len > 0 {
                        assert_eq!(skip(&v, 1), len, "{name} len {len} from 1");
                    }
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
        for (name, find, _) in paths("reports_high_bytes_before_the_special_byte") {
            for len in lengths().skip(1) {
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
