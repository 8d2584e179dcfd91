//! (d) A value read successfully re-serializes (compact and pretty) to exactly the bytes
//! serde_json writes for it, and those bytes read back (by json_runtime and by serde_json) to
//! the same value.
#![no_main]

use fastjson_fuzz::{for_each_type, same_value, show};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    macro_rules! check {
        ($t:ty, $name:expr) => {
            if let Ok(value) = json_runtime::from_slice::<$t>(data) {
                let name: &str = $name;
                let ours = json_runtime::to_vec(&value).unwrap();
                let theirs = serde_json::to_vec(&value).expect("serde_json::to_vec");
                assert!(
                    ours == theirs,
                    "ROUNDTRIP {name}: to_vec differs from serde_json\n input: {}\n json_runtime: {}\n serde_json: {}",
                    show(data),
                    show(&ours),
                    show(&theirs)
                );
                let ours_pretty = json_runtime::to_vec_pretty(&value).unwrap();
                let theirs_pretty = serde_json::to_vec_pretty(&value).expect("serde_json::to_vec_pretty");
                assert!(
                    ours_pretty == theirs_pretty,
                    "ROUNDTRIP {name}: to_vec_pretty differs from serde_json\n input: {}\n json_runtime: {}\n serde_json: {}",
                    show(data),
                    show(&ours_pretty),
                    show(&theirs_pretty)
                );
                match json_runtime::from_slice::<$t>(&ours) {
                    Ok(back) => assert!(
                        back == value && same_value(&back, &value),
                        "ROUNDTRIP {name}: re-read value differs\n input: {}\n written: {}\n first: {:?}\n back: {:?}",
                        show(data),
                        show(&ours),
                        value,
                        back
                    ),
                    Err(e) => panic!(
                        "ROUNDTRIP {name}: json_runtime cannot read its own output\n input: {}\n written: {}\n error: {e}",
                        show(data),
                        show(&ours)
                    ),
                }
                match serde_json::from_slice::<$t>(&ours) {
                    Ok(back) => assert!(
                        back == value && same_value(&back, &value),
                        "ROUNDTRIP {name}: serde_json reads the output as a different value\n input: {}\n written: {}",
                        show(data),
                        show(&ours)
                    ),
                    Err(e) => panic!(
                        "ROUNDTRIP {name}: serde_json cannot read json_runtime's output\n input: {}\n written: {}\n error: {e}",
                        show(data),
                        show(&ours)
                    ),
                }
            }
        };
    }
    for_each_type!(check);
});
