//! (b) Reading any input into `serde_json::Value` (json-runtime feature `serde_json`) must not
//! panic, through every reading function. A focused, fast companion of `differential`: the
//! value must also equal serde_json's (or both fail), the skip path (`IgnoredAny`) must accept
//! exactly what serde_json's does, and a value read must write serde_json's bytes and read back.
#![no_main]

use fastjson_fuzz::{differential, ignored_any, no_panic, raw, same_value, show};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    no_panic::<Value>(data);
    no_panic::<json_runtime::IgnoredAny>(data);
    differential::<Value>(data, "Value");
    ignored_any(data);
    raw(data);
    if let Ok(value) = json_runtime::from_slice::<Value>(data) {
        let ours = json_runtime::to_vec(&value).unwrap();
        let theirs = serde_json::to_vec(&value).expect("serde_json::to_vec");
        assert!(
            ours == theirs,
            "ROUNDTRIP Value: to_vec differs from serde_json\n input: {}\n json_runtime: {}\n serde_json: {}",
            show(data),
            show(&ours),
            show(&theirs)
        );
        let back = json_runtime::from_slice::<Value>(&ours).expect("re-read own output");
        assert!(
            back == value && same_value(&back, &value),
            "ROUNDTRIP Value: re-read differs\n input: {}\n written: {}",
            show(data),
            show(&ours)
        );
    }
});
