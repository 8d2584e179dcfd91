//! (a) Reading any input into the payload types (twitter, citm, canada, the seeds), std types and
//! the derived types of `fastjson_fuzz::types` must not panic or trip a sanitizer, through
//! `from_slice`, `from_str` and `from_slice_with` (a small depth limit).
#![no_main]

use fastjson_fuzz::{for_each_type, no_panic};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    macro_rules! check {
        ($t:ty, $name:expr) => {
            no_panic::<$t>(data)
        };
    }
    for_each_type!(check);
});
