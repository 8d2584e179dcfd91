//! A bump allocator over a static array: the simplest `#[global_allocator]` a bare-metal
//! program can have (no free; `examples/firmware.rs` uses it for its one round trip).

use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;
use core::ptr;
use core::sync::atomic::{AtomicUsize, Ordering};

/// Hands out consecutive, aligned pieces of an `N`-byte array; `dealloc` frees nothing, and
/// an allocation that does not fit in what is left returns null (an allocation error).
pub struct Bump<const N: usize> {
    heap: UnsafeCell<[u8; N]>,
    /// Offset of the first free byte.
    next: AtomicUsize,
}

// SAFETY: the array is only reached through pointers to disjoint pieces, each handed out once
// by the compare-exchange in `alloc`.
unsafe impl<const N: usize> Sync for Bump<N> {}

impl<const N: usize> Bump<N> {
    /// An empty heap.
    pub const fn new() -> Self {
        Bump {
            heap: UnsafeCell::new([0; N]),
            next: AtomicUsize::new(0),
        }
    }

    /// Bytes handed out so far (including alignment padding).
    pub fn used(&self) -> usize {
        self.next.load(Ordering::Relaxed)
    }
}

impl<const N: usize> Default for Bump<N> {
    fn default() -> Self {
        Self::new()
    }
}

// SAFETY: `alloc` returns either null or a pointer to `layout.size()` bytes inside the array,
// aligned to `layout.align()`, that no other allocation overlaps (the free offset only grows).
unsafe impl<const N: usize> GlobalAlloc for Bump<N> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let base = self.heap.get().cast::<u8>();
        let mut current = self.next.load(Ordering::Relaxed);
        loop {
            let addr = base as usize + current;
            let start = current + (addr.wrapping_neg() & (layout.align() - 1));
            let end = match start.checked_add(layout.size()) {
                Some(end) if end <= N => end,
                _ => return ptr::null_mut(),
            };
            match self.next.compare_exchange_weak(
                current,
                end,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                // SAFETY: `start <= end <= N`, so the offset stays inside the array.
                Ok(_) => return unsafe { base.add(start) },
                Err(now) => current = now,
            }
        }
    }

    unsafe fn dealloc(&self, _ptr: *mut u8, _layout: Layout) {}
}

#[cfg(test)]
mod tests {
    use super::Bump;
    use core::alloc::{GlobalAlloc, Layout};

    /// Pieces are aligned, inside the array, disjoint and writable; a request beyond what is
    /// left is null and leaves the heap usable.
    #[test]
    fn pieces_are_aligned_disjoint_and_bounded() {
        let heap = Bump::<256>::new();
        let mut pieces = std::vec::Vec::new();
        for (size, align) in [(1, 1), (3, 2), (8, 8), (5, 1), (16, 16), (2, 4)] {
            let layout = Layout::from_size_align(size, align).unwrap();
            // SAFETY: the layouts have non-zero size.
            let p = unsafe { heap.alloc(layout) };
            assert!(!p.is_null());
            assert_eq!(p as usize % align, 0);
            // SAFETY: `p` points to `size` bytes handed out to this test only.
            unsafe { p.write_bytes(size as u8, size) };
            pieces.push((p as usize, size));
        }
        for (i, &(a, n)) in pieces.iter().enumerate() {
            let base = heap.heap.get() as usize;
            assert!(a >= base && a + n <= base + 256);
            for &(b, m) in &pieces[i + 1..] {
                assert!(a + n <= b || b + m <= a, "overlap");
            }
            // SAFETY: each piece still holds the bytes written into it.
            assert!(unsafe { core::slice::from_raw_parts(a as *const u8, n) }
                .iter()
                .all(|&x| x == n as u8));
        }
        let used = heap.used();
        // SAFETY: non-zero size.
        assert!(unsafe { heap.alloc(Layout::from_size_align(256, 1).unwrap()) }.is_null());
        assert_eq!(heap.used(), used);
        // SAFETY: non-zero size; `dealloc` of a piece from this heap does nothing.
        unsafe {
            let p = heap.alloc(Layout::from_size_align(8, 1).unwrap());
            assert!(!p.is_null());
            heap.dealloc(p, Layout::from_size_align(8, 1).unwrap());
        }
    }
}
