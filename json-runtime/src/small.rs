//! Short byte strings copied without a `memcpy` call, for the writer (numbers, string runs) and
//! the readers (`owned_string`): with a variable length, `extend_from_slice` calls libc's
//! memmove, which was 28% of writing canada.json; two overlapping fixed-size moves do the same work inline.

use alloc::string::String;
use alloc::vec::Vec;

/// `s` as a new `String` of exactly its length, copied inline up to 32 bytes: the readers'
/// `String`s (values and map keys) are mostly that short, and `str::to_owned`'s `memcpy` call
/// was 4-8% of reading string-heavy documents (github_events, gsoc, apache_builds).
#[inline(always)]
pub(crate) fn owned_string(s: &str) -> String {
    let mut bytes = Vec::with_capacity(s.len());
    // SAFETY: `with_capacity(s.len())` leaves `s.len()` spare bytes.
    unsafe { append_unchecked(&mut bytes, s.as_bytes()) };
    // SAFETY: the bytes are a copy of `s`, which is UTF-8.
    unsafe { String::from_utf8_unchecked(bytes) }
}

/// Appends `s` to `out` without a capacity check: inline overlapping moves up to 32 bytes,
/// `memcpy` above (where its call no longer dominates).
///
/// # Safety
/// `out` must have at least `s.len()` bytes of spare capacity.
#[inline(always)]
pub(crate) unsafe fn append_unchecked(out: &mut Vec<u8>, s: &[u8]) {
    debug_assert!(out.capacity() - out.len() >= s.len());
    let len = out.len();
    let n = s.len();
    // SAFETY: the caller guarantees `n` spare bytes after `len`, and every write below stays
    // within `len .. len + n`; every read stays within `s` (the overlapping moves read
    // `s[0..k]` and `s[n-k..n]` with `k <= n`). Unaligned reads and writes are used. The `n`
    // bytes at `len..len + n` are all written before `set_len`.
    unsafe {
        let src = s.as_ptr();
        let dst = out.as_mut_ptr().add(len);
        if n > 32 {
            core::ptr::copy_nonoverlapping(src, dst, n);
        } else if n >= 16 {
            let a = (src as *const [u8; 16]).read_unaligned();
            let b = (src.add(n - 16) as *const [u8; 16]).read_unaligned();
            (dst as *mut [u8; 16]).write_unaligned(a);
            (dst.add(n - 16) as *mut [u8; 16]).write_unaligned(b);
        } else if n >= 8 {
            let a = (src as *const u64).read_unaligned();
            let b = (src.add(n - 8) as *const u64).read_unaligned();
            (dst as *mut u64).write_unaligned(a);
            (dst.add(n - 8) as *mut u64).write_unaligned(b);
        } else if n >= 4 {
            let a = (src as *const u32).read_unaligned();
            let b = (src.add(n - 4) as *const u32).read_unaligned();
            (dst as *mut u32).write_unaligned(a);
            (dst.add(n - 4) as *mut u32).write_unaligned(b);
        } else if n >= 2 {
            let a = (src as *const u16).read_unaligned();
            let b = (src.add(n - 2) as *const u16).read_unaligned();
            (dst as *mut u16).write_unaligned(a);
            (dst.add(n - 2) as *mut u16).write_unaligned(b);
        } else if n == 1 {
            *dst = *src;
        }
        out.set_len(len + n);
    }
}

#[cfg(test)]
mod tests {
    use super::{append_unchecked, owned_string};

    /// `append_unchecked` after prefixes of several lengths, for runs of 0 to 80 bytes (its
    /// inline size classes and `memcpy` above 32) into exactly reserved room.
    #[test]
    fn every_length_appends_exactly() {
        let src: Vec<u8> = (1..=80u8).collect();
        for n in 0..=80 {
            for prefix in [0usize, 1, 7, 31] {
                let mut unchecked = vec![0xAAu8; prefix];
                unchecked.reserve_exact(n);
                // SAFETY: `reserve_exact(n)` left `n` spare bytes.
                unsafe { append_unchecked(&mut unchecked, &src[..n]) };
                assert_eq!(unchecked.len(), prefix + n);
                assert!(unchecked[..prefix].iter().all(|&b| b == 0xAA));
                assert_eq!(&unchecked[prefix..], &src[..n]);
            }
        }
    }

    /// `owned_string` copies strings of every length 0-80 (ASCII and multi-byte) into a
    /// `String` of exactly that length.
    #[test]
    fn owned_strings_are_exact_copies() {
        let text = "abcdé€😀".repeat(8);
        for end in (0..=80).filter(|&i| text.is_char_boundary(i)) {
            let s = &text[..end];
            let owned = owned_string(s);
            assert_eq!(owned, s);
            assert_eq!(owned.capacity(), end);
        }
    }
}
