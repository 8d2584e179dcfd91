//! The AVX2 paths (x86_64 only): 32-byte blocks for the part of a string scan or whitespace
//! run after its first 16 bytes, and whether the CPU has AVX2. The detection runs once and is
//! cached; with `target-feature=+avx2` (e.g. `target-cpu=native` on an AVX2 machine) there is
//! none, and without the `std` feature (no `is_x86_feature_detected!`) AVX2 is used only if it
//! was enabled at compile time.

use core::arch::x86_64::{
    __m128i, __m256i, _mm256_broadcastsi128_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256,
    _mm256_max_epu8, _mm256_min_epu8, _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8,
    _mm256_shuffle_epi8, _mm256_sub_epi8, _mm_loadu_si128,
};

/// Whether the AVX2 functions of this module (and of `utf8`) may be called.
#[inline(always)]
pub(crate) fn available() -> bool {
    #[cfg(target_feature = "avx2")]
    {
        true
    }
    #[cfg(all(not(target_feature = "avx2"), feature = "std", not(miri)))]
    {
        detected()
    }
    // Miri runs a function with `#[target_feature]` only if the feature was enabled at compile
    // time (RUSTFLAGS), whatever the host CPU has.
    #[cfg(all(not(target_feature = "avx2"), any(not(feature = "std"), miri)))]
    {
        false
    }
}

#[cfg(all(not(target_feature = "avx2"), feature = "std", not(miri)))]
static AVX2: core::sync::atomic::AtomicU8 = core::sync::atomic::AtomicU8::new(UNKNOWN);
#[cfg(all(not(target_feature = "avx2"), feature = "std", not(miri)))]
const UNKNOWN: u8 = 0;
#[cfg(all(not(target_feature = "avx2"), feature = "std", not(miri)))]
const YES: u8 = 1;
#[cfg(all(not(target_feature = "avx2"), feature = "std", not(miri)))]
const NO: u8 = 2;

/// The cached answer of `is_x86_feature_detected!("avx2")`: one relaxed load after the first call.
#[cfg(all(not(target_feature = "avx2"), feature = "std", not(miri)))]
#[inline(always)]
fn detected() -> bool {
    use core::sync::atomic::Ordering::Relaxed;
    match AVX2.load(Relaxed) {
        YES => true,
        NO => false,
        _ => {
            let yes = std::is_x86_feature_detected!("avx2");
            AVX2.store(if yes { YES } else { NO }, Relaxed);
            yes
        }
    }
}

/// Masks of the 32 bytes at `at`, as [`super::sse2::special_block`].
///
/// # Safety
/// `at + 32 <= bytes.len()`, and the CPU has AVX2.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn special_block(bytes: &[u8], at: usize) -> (u32, u32) {
    debug_assert!(at + 32 <= bytes.len());
    // SAFETY: the caller guarantees that bytes[at..at + 32] is inside the slice;
    // `_mm256_loadu_si256` has no alignment requirement.
    let v = unsafe { _mm256_loadu_si256(bytes.as_ptr().add(at) as *const __m256i) };
    let max_control = _mm256_set1_epi8(0x1f);
    // unsigned v <= 0x1f  <=>  max(v, 0x1f) == 0x1f
    let control = _mm256_cmpeq_epi8(_mm256_max_epu8(v, max_control), max_control);
    let special = _mm256_or_si256(
        _mm256_or_si256(
            _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'"' as i8)),
            _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'\\' as i8)),
        ),
        control,
    );
    (
        _mm256_movemask_epi8(special) as u32,
        _mm256_movemask_epi8(v) as u32,
    )
}

/// Mask of the 32 bytes at `at`: bit k is set if byte `at + k` is not JSON whitespace.
///
/// # Safety
/// `at + 32 <= bytes.len()`, and the CPU has AVX2.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn not_ws_block(bytes: &[u8], at: usize) -> u32 {
    debug_assert!(at + 32 <= bytes.len());
    // SAFETY: the caller guarantees that bytes[at..at + 32] is inside the slice;
    // `_mm256_loadu_si256` has no alignment requirement.
    let v = unsafe { _mm256_loadu_si256(bytes.as_ptr().add(at) as *const __m256i) };
    let ws = _mm256_or_si256(
        _mm256_or_si256(
            _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b' ' as i8)),
            _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'\n' as i8)),
        ),
        _mm256_or_si256(
            _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'\t' as i8)),
            _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'\r' as i8)),
        ),
    );
    !(_mm256_movemask_epi8(ws) as u32)
}

/// Mask of the 32 bytes at `at`: bit k is set if byte `at + k` is an ASCII digit (the skip's
/// number scan, simd/skim.rs).
///
/// # Safety
/// `at + 32 <= bytes.len()`, and the CPU has AVX2.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) unsafe fn digit_mask32(bytes: &[u8], at: usize) -> u32 {
    debug_assert!(at + 32 <= bytes.len());
    // SAFETY: the caller guarantees that bytes[at..at + 32] is inside the slice;
    // `_mm256_loadu_si256` has no alignment requirement.
    let v = unsafe { _mm256_loadu_si256(bytes.as_ptr().add(at) as *const __m256i) };
    let d = _mm256_sub_epi8(v, _mm256_set1_epi8(b'0' as i8));
    // A digit is a byte whose value minus '0' is at most 9 (unsigned).
    let is_digit = _mm256_cmpeq_epi8(_mm256_min_epu8(d, _mm256_set1_epi8(9)), d);
    _mm256_movemask_epi8(is_digit) as u32
}

/// The byte classes of the 64 bytes at `at` (the skip's number-array windows, simd/skim.rs).
///
/// # Safety
/// `at + 64 <= bytes.len()`, and the CPU has AVX2.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) unsafe fn classes(bytes: &[u8], at: usize) -> super::skim::Classes {
    debug_assert!(at + 64 <= bytes.len());
    // SAFETY: the caller guarantees that bytes[at..at + 64] is inside the slice;
    // `_mm256_loadu_si256` has no alignment requirement.
    let (lo, hi) = unsafe {
        (
            _mm256_loadu_si256(bytes.as_ptr().add(at) as *const __m256i),
            _mm256_loadu_si256(bytes.as_ptr().add(at + 32) as *const __m256i),
        )
    };
    // Straight-line code (no closures), so that every step is compiled with AVX2.
    macro_rules! eq {
        ($b:expr) => {
            (_mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, _mm256_set1_epi8($b as i8))) as u32 as u64)
                | (_mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, _mm256_set1_epi8($b as i8))) as u32
                    as u64)
                    << 32
        };
    }
    macro_rules! digits {
        ($v:expr) => {{
            let d = _mm256_sub_epi8($v, _mm256_set1_epi8(b'0' as i8));
            _mm256_movemask_epi8(_mm256_cmpeq_epi8(
                _mm256_min_epu8(d, _mm256_set1_epi8(9)),
                d,
            )) as u32 as u64
        }};
    }
    super::skim::Classes {
        digit: digits!(lo) | digits!(hi) << 32,
        zero: eq!(b'0'),
        dot: eq!(b'.'),
        exp: eq!(b'e') | eq!(b'E'),
        plus: eq!(b'+'),
        minus: eq!(b'-'),
        comma: eq!(b','),
        open: eq!(b'['),
        close: eq!(b']'),
    }
}

/// The string scan from `i`, 32 bytes at a time; the last partial block is one load of the
/// slice's last 32 bytes with the bytes before `i` masked off (the SSE2 scan if the slice is
/// shorter than 32). `high`: a byte >= 0x80 was seen before `i` (tracked only if `HIGH`).
///
/// # Safety
/// The CPU has AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn scan<const HIGH: bool>(
    bytes: &[u8],
    mut i: usize,
    high: bool,
) -> (usize, bool) {
    let len = bytes.len();
    let mut high = high;
    while i + 32 <= len {
        // SAFETY: the loop condition; the caller guarantees AVX2.
        let (special, hi) = unsafe { special_block(bytes, i) };
        if special != 0 {
            let at = special.trailing_zeros();
            // Only the high bits before the special byte belong to the string.
            return (i + at as usize, HIGH && (high || hi & ((1 << at) - 1) != 0));
        }
        high |= HIGH && hi != 0;
        i += 32;
    }
    if i >= len {
        return (len, high);
    }
    if len < 32 {
        return super::sse2::scan::<HIGH>(bytes, i, high);
    }
    let at = len - 32;
    // SAFETY: at + 32 == bytes.len(); the caller guarantees AVX2.
    let (special, hi) = unsafe { special_block(bytes, at) };
    // 1 <= i - at <= 31, as at < i < len = at + 32.
    let keep = !0u32 << (i - at);
    let (special, hi) = (special & keep, hi & keep);
    if special != 0 {
        let k = special.trailing_zeros();
        return (at + k as usize, HIGH && (high || hi & ((1 << k) - 1) != 0));
    }
    (len, HIGH && (high || hi != 0))
}

/// The whitespace skip from `i`, 32 bytes at a time, the last partial block as in [`scan`].
///
/// # Safety
/// The CPU has AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn skip_ws(bytes: &[u8], mut i: usize) -> usize {
    let len = bytes.len();
    while i + 32 <= len {
        // SAFETY: the loop condition; the caller guarantees AVX2.
        let not_ws = unsafe { not_ws_block(bytes, i) };
        if not_ws != 0 {
            return i + not_ws.trailing_zeros() as usize;
        }
        i += 32;
    }
    if i >= len {
        return len;
    }
    if len < 32 {
        return super::sse2::skip_ws(bytes, i);
    }
    let at = len - 32;
    // SAFETY: at + 32 == bytes.len(); the caller guarantees AVX2.
    let not_ws = unsafe { not_ws_block(bytes, at) } & (!0u32 << (i - at));
    if not_ws != 0 {
        return at + not_ws.trailing_zeros() as usize;
    }
    len
}

/// The token classes of the 64 bytes at `at` (`blocks::Tokens`), 32 bytes at a time.
///
/// # Safety
/// `at + 64 <= bytes.len()`, and the CPU has AVX2.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) unsafe fn tokens(bytes: &[u8], at: usize) -> super::blocks::Tokens {
    debug_assert!(at + 64 <= bytes.len());
    // SAFETY: the caller guarantees that bytes[at..at + 64] is inside the slice;
    // `_mm256_loadu_si256` has no alignment requirement.
    let (lo, hi) = unsafe {
        (
            _mm256_loadu_si256(bytes.as_ptr().add(at) as *const __m256i),
            _mm256_loadu_si256(bytes.as_ptr().add(at + 32) as *const __m256i),
        )
    };
    // Each mask behind `opaque` (see there).
    macro_rules! eq {
        ($v:expr, $b:expr) => {
            _mm256_cmpeq_epi8($v, _mm256_set1_epi8($b as i8))
        };
    }
    macro_rules! both {
        ($f:ident) => {
            super::opaque(
                (_mm256_movemask_epi8($f(lo)) as u32 as u64)
                    | (_mm256_movemask_epi8($f(hi)) as u32 as u64) << 32,
            )
        };
    }
    let quote = |v| eq!(v, b'"');
    let backslash = |v| eq!(v, b'\\');
    let control = |v| {
        let max = _mm256_set1_epi8(0x1f);
        _mm256_cmpeq_epi8(_mm256_max_epu8(v, max), max)
    };
    // A class whose bytes have distinct low nibbles is one table lookup by the low nibble
    // (`vpshufb`, which gives 0 for bytes from 0x80) and one compare with the byte itself:
    // whitespace in two operations instead of seven, the structural bytes in five instead of
    // eight (`[`, `{` and `]`, `}` share their nibbles: two tables). 7-9% fewer instructions
    // and 1.5-2% less time on the string-heavy skim rows; one AND of two nibble tables for
    // all classes executed fewer instructions still but took 2.5% more time (a longer chain).
    let table = |t: &[u8; 16]| {
        // SAFETY: `t` is 16 bytes, what `_mm_loadu_si128` reads (no alignment requirement).
        _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(t.as_ptr() as *const __m128i) })
    };
    const WS: [u8; 16] = nibble_table(b" \t\n\r");
    const SQUARE: [u8; 16] = nibble_table(b"[],:");
    const CURLY: [u8; 16] = nibble_table(b"{}");
    let (ws_table, square_table, curly_table) = (table(&WS), table(&SQUARE), table(&CURLY));
    let is = |t, v| _mm256_cmpeq_epi8(_mm256_shuffle_epi8(t, v), v);
    let ws = |v| is(ws_table, v);
    let structural = |v| _mm256_or_si256(is(square_table, v), is(curly_table, v));
    super::blocks::Tokens {
        quote: both!(quote),
        backslash: both!(backslash),
        control: both!(control),
        ws: both!(ws),
        structural: both!(structural),
    }
}

/// A 16-byte table for [`tokens`]' lookups: at the low nibble of each byte of `bytes` (distinct
/// nibbles, all bytes below 0x80), the byte; elsewhere 0xff, which no byte below 0x80 equals.
const fn nibble_table(bytes: &[u8]) -> [u8; 16] {
    let mut t = [0xff; 16];
    let mut i = 0;
    while i < bytes.len() {
        let nibble = (bytes[i] & 0x0f) as usize;
        // Evaluated at compile time: a table that breaks the rule does not build.
        assert!(bytes[i] < 0x80 && t[nibble] == 0xff);
        t[nibble] = bytes[i];
        i += 1;
    }
    t
}
