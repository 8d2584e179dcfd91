//! (d') The writer alone: values built from raw input bytes (every f64 and f32 bit pattern, incl.
//! NaN, infinities and subnormals; integers of every width; strings of any characters, as map
//! keys too) are written by `json_runtime::to_vec` / `to_vec_pretty` exactly as serde_json writes
//! them, and what json_runtime writes for finite values reads back to the same bits.
//!
//! The fallible path: values that may hold what serde_json refuses to write (a
//! `skip_serializing` variant, a `SystemTime` before the epoch, a NaN or infinite float map key;
//! in `Vec`, `Option`, maps, flattened structs and tagged enums) give the same Ok/Err from
//! `to_vec` / `to_vec_pretty` as from serde_json, the same bytes when Ok and the same
//! message when Err.
#![no_main]

use fastjson_fuzz::show;
use libfuzzer_sys::fuzz_target;
use std::collections::BTreeMap;

mod refused {
    //! Types whose values serde_json may refuse to write, built from the fuzz input.
    use std::cmp::Ordering;
    use std::collections::BTreeMap;
    use std::time::{Duration, SystemTime, UNIX_EPOCH};

    use json_runtime::{Format, ToJsonKey, Writer};
    use serde::Serialize;

    /// A float map key (serde forwards a newtype key to the float), ordered by bits.
    #[derive(Serialize, Debug, Clone, Copy)]
    pub struct Key(pub f64);
    #[derive(Serialize, Debug, Clone, Copy)]
    pub struct Key32(pub f32);

    macro_rules! float_key {
        ($k:ident) => {
            impl PartialEq for $k {
                fn eq(&self, other: &Self) -> bool {
                    self.cmp(other) == Ordering::Equal
                }
            }
            impl Eq for $k {}
            impl PartialOrd for $k {
                fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
                    Some(self.cmp(other))
                }
            }
            impl Ord for $k {
                fn cmp(&self, other: &Self) -> Ordering {
                    self.0.total_cmp(&other.0)
                }
            }
            impl ToJsonKey for $k {
                fn write_key<F: Format>(&self, w: &mut Writer<'_, F>) {
                    self.0.write_key(w);
                }
            }
            // Maps name their keys in error paths.
            impl std::fmt::Display for $k {
                fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    self.0.fmt(f)
                }
            }
            // The derive reads too; a float key reads as the float does.
            impl<'de> json_runtime::FromJsonKey<'de> for $k {
                fn read_key(r: &mut json_runtime::Reader<'de>) -> json_runtime::Result<Self> {
                    json_runtime::FromJsonKey::read_key(r).map($k)
                }
            }
        };
    }
    float_key!(Key);
    float_key!(Key32);

    #[derive(Serialize, json_runtime::FastJson, Debug)]
    pub enum Shape {
        Plain(u8),
        #[serde(skip_serializing)]
        Hidden(u8),
        #[serde(skip_serializing)]
        HiddenUnit,
        Named {
            at: SystemTime,
        },
    }

    #[derive(Serialize, json_runtime::FastJson, Debug)]
    #[serde(tag = "t")]
    pub enum Tagged {
        A {
            x: u8,
        },
        #[serde(skip_serializing)]
        B,
        C {
            keys: BTreeMap<Key, u8>,
        },
    }

    #[derive(Serialize, json_runtime::FastJson, Debug)]
    #[serde(untagged)]
    pub enum Loose {
        Num(i16),
        #[serde(skip_serializing)]
        Hidden(String),
        At(Option<SystemTime>),
    }

    #[derive(Serialize, json_runtime::FastJson, Debug)]
    pub struct Doc {
        pub shapes: Vec<Shape>,
        pub at: Option<SystemTime>,
        pub keys: BTreeMap<Key, Vec<Option<f64>>>,
        pub keys32: BTreeMap<Key32, bool>,
        pub loose: Vec<Loose>,
        #[serde(flatten)]
        pub tagged: Tagged,
        #[serde(flatten)]
        pub extra: BTreeMap<Key, u8>,
    }

    /// Reads values from the input bytes (zeros once they run out).
    pub struct Bytes<'a>(pub &'a [u8]);

    impl Bytes<'_> {
        fn take<const N: usize>(&mut self) -> [u8; N] {
            let mut out = [0; N];
            let n = N.min(self.0.len());
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            out
        }
        fn byte(&mut self) -> u8 {
            self.take::<1>()[0]
        }
        fn f64(&mut self) -> f64 {
            f64::from_le_bytes(self.take())
        }
        /// Within a few seconds of the epoch, on either side, or anywhere in i32 seconds.
        pub fn time(&mut self) -> SystemTime {
            let secs = i32::from_le_bytes(self.take());
            let secs = if self.byte() & 1 == 0 { secs % 4 } else { secs };
            let nanos = u32::from_le_bytes(self.take()) % 1_000_000_000;
            let offset = Duration::new(secs.unsigned_abs() as u64, nanos);
            if secs < 0 {
                UNIX_EPOCH - offset
            } else {
                UNIX_EPOCH + offset
            }
        }
        fn shape(&mut self) -> Shape {
            match self.byte() % 6 {
                0 => Shape::Hidden(self.byte()),
                1 => Shape::HiddenUnit,
                2 | 3 => Shape::Named { at: self.time() },
                _ => Shape::Plain(self.byte()),
            }
        }
        fn keys(&mut self) -> BTreeMap<Key, u8> {
            (0..self.byte() % 4)
                .map(|_| (Key(self.f64()), self.byte()))
                .collect()
        }
        pub fn doc(&mut self) -> Doc {
            let shapes = (0..self.byte() % 4).map(|_| self.shape()).collect();
            let at = (self.byte() & 1 == 1).then(|| self.time());
            let keys = (0..self.byte() % 3)
                .map(|_| {
                    let values = (0..self.byte() % 3).map(|_| Some(self.f64())).collect();
                    (Key(self.f64()), values)
                })
                .collect();
            let keys32 = (0..self.byte() % 3)
                .map(|_| (Key32(f32::from_le_bytes(self.take())), self.byte() & 1 == 1))
                .collect();
            let loose = (0..self.byte() % 3)
                .map(|_| match self.byte() % 5 {
                    0 => Loose::Hidden(String::from_utf8_lossy(&self.take::<3>()).into_owned()),
                    1 | 2 => Loose::At((self.byte() & 1 == 1).then(|| self.time())),
                    _ => Loose::Num(i16::from_le_bytes(self.take())),
                })
                .collect();
            let tagged = match self.byte() % 4 {
                0 => Tagged::B,
                1 => Tagged::C { keys: self.keys() },
                _ => Tagged::A { x: self.byte() },
            };
            Doc {
                shapes,
                at,
                keys,
                keys32,
                loose,
                tagged,
                extra: self.keys(),
            }
        }
    }
}

/// `to_vec` and `to_vec_pretty` agree with serde_json on Ok/Err, bytes and message.
fn try_same<T: json_runtime::ToJson + serde::Serialize + std::fmt::Debug>(v: &T) {
    let pairs = [
        (json_runtime::to_vec(v), serde_json::to_vec(v)),
        (
            json_runtime::to_vec_pretty(v),
            serde_json::to_vec_pretty(v),
        ),
    ];
    for (ours, theirs) in pairs {
        match (&ours, &theirs) {
            (Ok(a), Ok(b)) if a == b => {}
            (Err(a), Err(b)) if a.to_string() == b.to_string() => {}
            _ => panic!(
                "TRY_WRITE {v:?}\n json_runtime: {:?}\n serde_json: {:?}",
                ours.as_deref().map(show).map_err(|e| e.to_string()),
                theirs.as_deref().map(show).map_err(|e| e.to_string())
            ),
        }
    }
}

fn same<T: json_runtime::ToJson + serde::Serialize + std::fmt::Debug>(v: &T) {
    let ours = json_runtime::to_vec(v).unwrap();
    let theirs = serde_json::to_vec(v).expect("serde_json::to_vec");
    assert!(
        ours == theirs,
        "WRITE {v:?}\n json_runtime: {}\n serde_json: {}",
        show(&ours),
        show(&theirs)
    );
    let ours = json_runtime::to_vec_pretty(v).unwrap();
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
            let text = json_runtime::to_vec(&x).unwrap();
            let back: f64 = json_runtime::from_slice(&text).expect("own f64 reads back");
            assert_eq!(
                back.to_bits(),
                x.to_bits(),
                "f64 {x:?} wrote {}",
                show(&text)
            );
        }
    }
    for &x in &f32s {
        same(&x);
        if x.is_finite() {
            let text = json_runtime::to_vec(&x).unwrap();
            let back: f32 = json_runtime::from_slice(&text).expect("own f32 reads back");
            assert_eq!(
                back.to_bits(),
                x.to_bits(),
                "f32 {x:?} wrote {}",
                show(&text)
            );
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
        .map(|(k, xs)| {
            (
                k.clone(),
                xs.iter().map(|&x| x.is_finite().then_some(x)).collect(),
            )
        })
        .collect();
    same(&nested);
    // A Value holding the same things (serde_json's Number cannot hold NaN or infinity).
    let value = serde_json::json!({
        "text": text,
        "floats": f64s.iter().filter(|x| x.is_finite()).collect::<Vec<_>>(),
        "map": map,
    });
    same(&value);

    // The fallible path.
    let mut bytes = refused::Bytes(data);
    try_same(&bytes.time());
    try_same(
        &f64s
            .iter()
            .map(|&x| (refused::Key(x), 0u8))
            .collect::<BTreeMap<_, _>>(),
    );
    while !bytes.0.is_empty() {
        try_same(&bytes.doc());
    }
});
