//! (d') The writer alone: values built from raw input bytes (every f64 and f32 bit pattern, incl.
//! NaN, infinities and subnormals; integers of every width; strings of any characters, as map
//! keys too) are written by `json_runtime::to_vec` / `to_vec_pretty` exactly as serde_json writes
//! them, and what json_runtime writes for finite values reads back to the same bits.
#![no_main]

use fastjson_fuzz::show;
use libfuzzer_sys::fuzz_target;
use std::collections::BTreeMap;

fn same<T: json_runtime::ToJson + serde::Serialize + std::fmt::Debug>(v: &T) {
    let ours = json_runtime::to_vec(v);
    let theirs = serde_json::to_vec(v).expect("serde_json::to_vec");
    assert!(
        ours == theirs,
        "WRITE {v:?}\n json_runtime: {}\n serde_json: {}",
        show(&ours),
        show(&theirs)
    );
    let ours = json_runtime::to_vec_pretty(v);
    let theirs = serde_json::to_vec_pretty(v).expect("serde_json::to_vec_pretty");
    assert!(
        ours == theirs,
        "WRITE pretty {v:?}\n json_runtime: {}\n serde_json: {}",
        show(&ours),
        show(&theirs)
    );
}

fuzz_target!(|data: &[u8]| {
    let f64s: Vec<f64> = data
        .chunks_exact(8)
        .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let f32s: Vec<f32> = data
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    for &x in &f64s {
        same(&x);
        if x.is_finite() {
            let text = json_runtime::to_vec(&x);
            let back: f64 = json_runtime::from_slice(&text).expect("own f64 reads back");
            assert_eq!(back.to_bits(), x.to_bits(), "f64 {x:?} wrote {}", show(&text));
        }
    }
    for &x in &f32s {
        same(&x);
        if x.is_finite() {
            let text = json_runtime::to_vec(&x);
            let back: f32 = json_runtime::from_slice(&text).expect("own f32 reads back");
            assert_eq!(back.to_bits(), x.to_bits(), "f32 {x:?} wrote {}", show(&text));
        }
    }
    same(&f64s);
    same(&f32s);
    for c in data.chunks_exact(16) {
        let b: [u8; 16] = c.try_into().unwrap();
        same(&u128::from_le_bytes(b));
        same(&i128::from_le_bytes(b));
        let b8: [u8; 8] = c[..8].try_into().unwrap();
        same(&u64::from_le_bytes(b8));
        same(&i64::from_le_bytes(b8));
        same(&i32::from_le_bytes(c[..4].try_into().unwrap()));
        same(&(c[0] as i8));
        same(&u16::from_le_bytes(c[..2].try_into().unwrap()));
    }
    let text = String::from_utf8_lossy(data);
    same(&text);
    let chars: Vec<char> = text.chars().collect();
    same(&chars);
    let mut map = BTreeMap::new();
    for (i, part) in text.split(|c: char| c == ',' || c == '\0').enumerate() {
        map.insert(part.to_string(), i as u32);
    }
    same(&map);
    let nested: BTreeMap<String, Vec<Option<f64>>> = map
        .keys()
        .zip(f64s.chunks(3))
        .map(|(k, xs)| (k.clone(), xs.iter().map(|&x| x.is_finite().then_some(x)).collect()))
        .collect();
    same(&nested);
    // A Value holding the same things (serde_json's Number cannot hold NaN or infinity).
    let value = serde_json::json!({
        "text": text,
        "floats": f64s.iter().filter(|x| x.is_finite()).collect::<Vec<_>>(),
        "map": map,
    });
    same(&value);
});
