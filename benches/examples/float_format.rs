//! Cost per number of the float formatter: FastJson's (`Writer::f64` / `Writer::f32`) against
//! zmij's, serde_json's formatter (`zmij::Buffer::format_finite` copied into the output, as
//! serde_json does), on the floats of canada.json, the `f32` arrays of marine_ik.json, random
//! finite `f64` and `f32` bit patterns, and short decimals (prices). Alternating rounds in one
//! process, median ns per number; the table goes to stdout as CSV.
//!
//! `cargo run --release -p json-benches --example float_format` (`FLOAT_ROUNDS` rounds, 15 by
//! default; `FLOAT_ONLY=word` keeps the rows whose name contains it, e.g. for callgrind with
//! `--toggle-collect='float_format::measure*'`)

use json_payloads::data;
use json_runtime::{Compact, Writer};
use std::hint::black_box;
use std::time::Instant;

/// Every non-integer number of a JSON document, in order.
fn floats_of(doc: &[u8]) -> Vec<f64> {
    fn walk(v: &serde_json::Value, out: &mut Vec<f64>) {
        match v {
            serde_json::Value::Number(n) if !n.is_i64() && !n.is_u64() => {
                out.push(n.as_f64().unwrap())
            }
            serde_json::Value::Array(a) => a.iter().for_each(|v| walk(v, out)),
            serde_json::Value::Object(m) => m.values().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(&serde_json::from_slice(doc).unwrap(), &mut out);
    out
}

/// xorshift: deterministic, no dependency.
fn random_bits(n: usize, seed: u64) -> impl Iterator<Item = u64> {
    let mut s = seed;
    (0..n).map(move |_| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    })
}

trait Float: Copy {
    fn ours(self, w: &mut Writer<'_, Compact>);
    fn zmij(self, b: &mut zmij::Buffer, out: &mut Vec<u8>);
}

impl Float for f64 {
    fn ours(self, w: &mut Writer<'_, Compact>) {
        w.f64(self);
    }
    fn zmij(self, b: &mut zmij::Buffer, out: &mut Vec<u8>) {
        out.extend_from_slice(b.format_finite(self).as_bytes());
    }
}

impl Float for f32 {
    fn ours(self, w: &mut Writer<'_, Compact>) {
        w.f32(self);
    }
    fn zmij(self, b: &mut zmij::Buffer, out: &mut Vec<u8>) {
        out.extend_from_slice(b.format_finite(self).as_bytes());
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Median ns per number of each side, alternating rounds.
fn measure<T: Float>(values: &[T], rounds: usize) -> (f64, f64) {
    let mut out = Vec::with_capacity(values.len() * 32);
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        out.clear();
        let t = Instant::now();
        let mut w = Writer::<Compact>::new(&mut out);
        for &v in values {
            v.ours(&mut w);
        }
        black_box(&out);
        ours.push(t.elapsed().as_nanos() as f64 / values.len() as f64);
        out.clear();
        let t = Instant::now();
        let mut b = zmij::Buffer::new();
        for &v in values {
            v.zmij(&mut b, &mut out);
        }
        black_box(&out);
        theirs.push(t.elapsed().as_nanos() as f64 / values.len() as f64);
    }
    (median(ours), median(theirs))
}

fn main() {
    let rounds = std::env::var("FLOAT_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(15);
    let canada = floats_of(&data::corpus("canada.json"));
    let marine: Vec<f32> = floats_of(&data::extra("marine_ik.json"))
        .iter()
        .map(|&v| v as f32)
        .collect();
    let n = 1_000_000;
    let random64: Vec<f64> = random_bits(n, 0x9E37_79B9_7F4A_7C15)
        .map(f64::from_bits)
        .filter(|v| v.is_finite())
        .collect();
    let random32: Vec<f32> = random_bits(n, 0x51A7_E5EE)
        .map(|b| f32::from_bits(b as u32))
        .filter(|v| v.is_finite())
        .collect();
    let prices: Vec<f64> = random_bits(n, 0x2545_F491_4F6C_DD1D)
        .map(|b| (b % 10_000_000) as f64 / 100.0)
        .collect();
    let only = std::env::var("FLOAT_ONLY").unwrap_or_default();
    let selected = |name: &str| name.contains(only.as_str());
    println!("values,count,fastjson_ns,zmij_ns,zmij_over_fastjson");
    let row = |name: &str, count: usize, (ours, theirs): (f64, f64)| {
        println!("{name},{count},{ours:.2},{theirs:.2},{:.2}", theirs / ours);
    };
    macro_rules! rows {
        ($($name:literal => $values:expr),* $(,)?) => {$(
            if selected($name) {
                row($name, $values.len(), measure(&$values, rounds));
            }
        )*};
    }
    rows! {
        "canada f64" => canada,
        "random f64 bits" => random64,
        "prices f64 (2 decimals)" => prices,
        "marine_ik f32" => marine,
        "random f32 bits" => random32,
    }
}
