//! (c') The differential check on valid documents written in unusual but legal ways: an input
//! that serde_json reads as a `Value` is re-encoded three times (escapes in strings and keys,
//! other number spellings, whitespace; then with a few replaced values and dropped or
//! duplicated keys), and every type of `for_each_type!` must read each text as serde_json does.
#![no_main]

use fastjson_fuzz::reencode::{encode, Rng, Style};
use fastjson_fuzz::{differential, for_each_type, ignored_any, raw, same_value, show};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let Ok(value) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    let mut rng = Rng::from_input(data);
    for round in 0..3 {
        let style = match round {
            0 => Style { escape: 10, space: 10, number: 50, mutate: 0 },
            1 => Style { escape: 2, space: 2, number: 20, mutate: 15 },
            _ => Style {
                escape: rng.below(40) as u64,
                space: rng.below(20) as u64,
                number: rng.below(100) as u64,
                mutate: rng.below(60) as u64,
            },
        };
        let text = encode(&value, style, &mut rng);
        if style.mutate == 0 {
            // The encoder's own check: the text is the same value.
            let back: Value = serde_json::from_slice(&text).expect("re-encoded text is JSON");
            assert!(same_value(&back, &value), "encoder changed the value: {}", show(&text));
        }
        let text = &text[..];
        macro_rules! check {
            ($t:ty, $name:expr) => {
                differential::<$t>(text, $name)
            };
        }
        for_each_type!(check);
        ignored_any(text);
        raw(text);
    }
});
