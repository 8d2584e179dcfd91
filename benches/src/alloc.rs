//! A global allocator that counts allocations and requested bytes, for "allocations per call".
//!
//! Install it in the benchmark binary:
//! ```text
//! #[global_allocator]
//! static ALLOC: json_benches::CountingAlloc = json_benches::CountingAlloc;
//! ```
//! The counters are plain loads and stores of relaxed atomics, not read-modify-write
//! instructions: the benchmark is single-threaded, and a `lock xadd` per allocation would tax
//! the allocation-heavy rows during timing.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

static ALLOCS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);
/// Bytes allocated and not yet freed, and their high-water mark since [`reset_peak`].
static LIVE: AtomicU64 = AtomicU64::new(0);
static PEAK: AtomicU64 = AtomicU64::new(0);

#[inline(always)]
fn live_add(size: usize) {
    let now = LIVE.load(Relaxed) + size as u64;
    LIVE.store(now, Relaxed);
    if now > PEAK.load(Relaxed) {
        PEAK.store(now, Relaxed);
    }
}

#[inline(always)]
fn live_sub(size: usize) {
    LIVE.store(LIVE.load(Relaxed).saturating_sub(size as u64), Relaxed);
}

/// Starts a new high-water mark at the bytes live now.
pub fn reset_peak() {
    PEAK.store(LIVE.load(Relaxed), Relaxed);
}

/// The most bytes live at once since [`reset_peak`], minus the bytes live at the reset:
/// what the code run in between needed at its peak.
pub fn peak_since(live_at_reset: u64) -> u64 {
    PEAK.load(Relaxed).saturating_sub(live_at_reset)
}

/// Bytes allocated and not freed (0 unless `CountingAlloc` is the global allocator).
pub fn live_bytes() -> u64 {
    LIVE.load(Relaxed)
}

/// The system allocator, counting every `alloc`, `alloc_zeroed` and `realloc` (as one
/// allocation of its new size). Frees are not counted.
pub struct CountingAlloc;

#[inline(always)]
fn count(size: usize) {
    ALLOCS.store(ALLOCS.load(Relaxed) + 1, Relaxed);
    BYTES.store(BYTES.load(Relaxed) + size as u64, Relaxed);
}

// SAFETY: every method forwards to `System` with the same arguments; counting has no effect on
// the memory handed out.
unsafe impl GlobalAlloc for CountingAlloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        live_add(layout.size());
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract, which we pass on.
        unsafe { System.alloc(layout) }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        live_add(layout.size());
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        live_sub(layout.size());
        // SAFETY: `ptr` was allocated by `System` (through us) with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        live_sub(layout.size());
        live_add(new_size);
        // SAFETY: as for `dealloc`; the caller upholds `realloc`'s contract.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Allocation counters at one moment; subtract two to get what happened in between.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AllocSnapshot {
    pub allocs: u64,
    pub bytes: u64,
}

impl AllocSnapshot {
    /// The counters now (all zero unless `CountingAlloc` is the global allocator).
    #[inline]
    pub fn now() -> Self {
        AllocSnapshot {
            allocs: ALLOCS.load(Relaxed),
            bytes: BYTES.load(Relaxed),
        }
    }

    /// What was counted since `earlier`.
    #[inline]
    pub fn since(self, earlier: AllocSnapshot) -> AllocSnapshot {
        AllocSnapshot {
            allocs: self.allocs - earlier.allocs,
            bytes: self.bytes - earlier.bytes,
        }
    }
}
