//! (c) For any input, `json_runtime::from_slice` (and `from_str` for UTF-8 input) agrees with
//! `serde_json::from_slice` on Ok/Err and, when both succeed, on the value (compared with
//! `PartialEq` and exactly, floats by their bits), for every type of `for_each_type!`, and
//! `json_runtime::IgnoredAny` accepts what `serde::de::IgnoredAny` accepts.
#![no_main]

use fastjson_fuzz::{differential, for_each_type, ignored_any, raw};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    macro_rules! check {
        ($t:ty, $name:expr) => {
            differential::<$t>(data, $name)
        };
    }
    for_each_type!(check);
    ignored_any(data);
    raw(data);
});
