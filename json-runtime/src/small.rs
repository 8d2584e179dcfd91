//! Copying short byte strings without a `memcpy` call: with a variable length,
//! `extend_from_slice` and `to_owned` call libc's memmove, whose entry and size dispatch cost
//! more than the copy itself for the short strings JSON is made of (it was 28% of writing
//! canada.json). Two overlapping fixed-size moves do the same work inline. Used to append
//! numbers and short runs to the output ([`push_small`]) and to turn a string read from the
//! input into a `String` ([`owned_string`]).

use alloc::string::String;
use alloc::vec::Vec;

/// The longest copy [`copy_small`] makes with fixed-size moves.
const SMALL: usize = 64;

/// Copies `n <= SMALL` bytes from `src` to `dst`: two overlapping moves of the largest of 32,
/// 16, 8 or 4 bytes that fits in `n`, or single bytes below 4.
///
/// # Safety
/// `src` must be valid for reading `n` bytes and `dst` for writing `n` bytes, the two ranges
/// must not overlap, and `n <= SMALL`.
#[inline(always)]
unsafe fn copy_small(src: *const u8, dst: *mut u8, n: usize) {
    debug_assert!(n <= SMALL);
    // Two moves of `k <= n` bytes: the first `k` and the last `k`.
    macro_rules! two {
        ($t:ty, $k:expr) => {{
            // SAFETY: reads `src[0..k]` and `src[n-k..n]`, writes `dst[0..k]` and
            // `dst[n-k..n]` (`k <= n`), inside the ranges the caller vouches for; unaligned.
            unsafe {
                let a = (src as *const $t).read_unaligned();
                let b = (src.add(n - $k) as *const $t).read_unaligned();
                (dst as *mut $t).write_unaligned(a);
                (dst.add(n - $k) as *mut $t).write_unaligned(b);
            }
        }};
    }
    if n >= 32 {
        two!([u8; 32], 32)
    } else if n >= 16 {
        two!([u8; 16], 16)
    } else if n >= 8 {
        two!(u64, 8)
    } else if n >= 4 {
        two!(u32, 4)
    } else if n > 0 {
        // 1, 2 or 3 bytes: the first, the middle and the last (some the same byte).
        // SAFETY: offsets 0, n / 2 and n - 1 are below `n`.
        unsafe {
            *dst = *src;
            *dst.add(n / 2) = *src.add(n / 2);
            *dst.add(n - 1) = *src.add(n - 1);
        }
    }
}

/// Appends `s` (at most 32 bytes) to `out`.
#[inline(always)]
pub(crate) fn push_small(out: &mut Vec<u8>, s: &[u8]) {
    debug_assert!(s.len() <= 32);
    if s.len() > 32 {
        out.extend_from_slice(s);
        return;
    }
    out.reserve(32);
    let len = out.len();
    // SAFETY: `reserve(32)` leaves at least 32 writable bytes after `len`, so `n <= 32` bytes
    // fit at `len`; `s` is readable for `n` bytes and does not overlap the spare capacity
    // (which `out` owns exclusively). The `n` bytes at `len..len + n` are all written before
    // `set_len`.
    unsafe {
        copy_small(s.as_ptr(), out.as_mut_ptr().add(len), s.len());
        out.set_len(len + s.len());
    }
}

/// `s.to_owned()`, with the capacity it gives (exactly `s.len()`), copying strings of up to
/// 64 bytes inline.
#[inline(always)]
pub(crate) fn owned_string(s: &str) -> String {
    let n = s.len();
    if n > SMALL {
        return s.into();
    }
    let mut v: Vec<u8> = Vec::with_capacity(n);
    // SAFETY: `with_capacity(n)` gives `n` writable bytes, in a new allocation that cannot
    // overlap `s`; `n <= SMALL`. All `n` bytes are written before `set_len(n)`, and they are a
    // copy of `s`, so valid UTF-8.
    unsafe {
        copy_small(s.as_ptr(), v.as_mut_ptr(), n);
        v.set_len(n);
        String::from_utf8_unchecked(v)
    }
}

#[cfg(test)]
mod tests {
    use super::{owned_string, push_small, SMALL};
    use alloc::vec::Vec;

    #[test]
    fn every_length_appends_exactly() {
        let src: Vec<u8> = (1..=32u8).collect();
        for n in 0..=32 {
            for prefix in [0usize, 1, 7, 31] {
                let mut out = vec![0xAAu8; prefix];
                push_small(&mut out, &src[..n]);
                assert_eq!(out.len(), prefix + n);
                assert!(out[..prefix].iter().all(|&b| b == 0xAA));
                assert_eq!(&out[prefix..], &src[..n]);
            }
        }
    }

    /// Every length through the inline sizes and past them, at several offsets into the
    /// source, with multi-byte characters: the copy equals the text, with exact capacity.
    #[test]
    fn owned_string_copies_every_length() {
        let text: String = "aé€😀bcdefghij0123456789".repeat(8);
        let bytes = text.as_bytes();
        for start in [0usize, 1, 3, 7] {
            for n in 0..=SMALL + 9 {
                let Some(s) = text.get(start..start + n) else {
                    continue; // not on a character boundary
                };
                let owned = owned_string(s);
                assert_eq!(owned, s, "start {start}, length {n}");
                assert_eq!(owned.capacity(), n);
                assert_eq!(owned.as_bytes(), &bytes[start..start + n]);
            }
        }
    }
}
