//! The seed round trip as a bare-metal program. On a target without an operating system
//! (`.ci/nostd.sh` builds it for `thumbv7em-none-eabihf`) it is a `#![no_main]` image with a
//! bump allocator and a panic handler: its `.text` size is docs/platforms.md's code-size figure. On
//! the host it is an ordinary program running the same check.

#![cfg_attr(target_os = "none", no_std, no_main)]

#[cfg(target_os = "none")]
mod bare {
    use core::sync::atomic::{AtomicU32, Ordering};

    use nostd_check::bump::Bump;

    #[global_allocator]
    static HEAP: Bump<{ 64 * 1024 }> = Bump::new();

    /// 1 when both seeds came back byte for byte, 2 when not (for a debugger to read).
    #[no_mangle]
    static ROUND_TRIP_RESULT: AtomicU32 = AtomicU32::new(0);

    /// The entry point the linker starts the image at.
    #[no_mangle]
    pub extern "C" fn _start() -> ! {
        let ok = nostd_check::seeds_round_trip();
        ROUND_TRIP_RESULT.store(if ok { 1 } else { 2 }, Ordering::SeqCst);
        loop {
            core::hint::spin_loop();
        }
    }

    #[panic_handler]
    fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
        loop {
            core::hint::spin_loop();
        }
    }
}

#[cfg(not(target_os = "none"))]
fn main() {
    assert!(nostd_check::seeds_round_trip(), "a seed did not round-trip");
    println!("both seeds round-trip byte for byte");
}
