//! The rows a payload gets: each library's write and read calls, checked once against
//! serde_json's output or value before they are timed (a difference becomes a note under the
//! table). The functions here register rows on a [`PayloadRun`]; `corpora.rs` and `users.rs`
//! choose which rows each payload has.

use std::hint::black_box;

use json_runtime::{FromJson, JsonBuffer, ReadOptions, ToJson};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::report::Direction;
use crate::suite::PayloadRun;
use crate::Config;

/// Inputs copied for simd-json (which parses in place) are made in batches of about this many
/// bytes, outside the clock, so a batch stays in cache as the other parsers' input does.
pub const SIMD_BATCH_BYTES: usize = 256 * 1024;

/// What a payload type needs for the rows every payload has.
pub trait Owned:
    Serialize + DeserializeOwned + ToJson + for<'de> FromJson<'de> + PartialEq
{
}
impl<T: Serialize + DeserializeOwned + ToJson + for<'de> FromJson<'de> + PartialEq> Owned for T {}

/// What a payload type needs for the simd-json-derive rows as well.
pub trait OwnedDerive:
    Owned + simd_json_derive::Serialize + for<'de> simd_json_derive::Deserialize<'de>
{
}
impl<T> OwnedDerive for T where
    T: Owned + simd_json_derive::Serialize + for<'de> simd_json_derive::Deserialize<'de>
{
}

/// Reads `input` with serde_json, panicking with the payload's name if it cannot.
pub fn read<T: DeserializeOwned>(name: &str, input: &[u8]) -> T {
    serde_json::from_slice(input)
        .unwrap_or_else(|e| panic!("{name}: serde_json cannot read it: {e}"))
}

/// How many copies of an input make one batch of about [`SIMD_BATCH_BYTES`].
pub fn batch_for(input: &[u8]) -> usize {
    (SIMD_BATCH_BYTES / input.len().max(1)).max(1)
}

const DIFFERENT_VALUE: &str = "read a different value than serde_json (with default features \
                               serde_json's float reading is not always correctly rounded)";

/// A payload read into the owned type `T`, with the rows every payload has.
pub fn standard<'a, T: Owned>(
    cfg: &Config,
    name: &str,
    input: &'a [u8],
    value: &'a T,
) -> PayloadRun<'a> {
    let out_len = serde_json::to_vec(value).unwrap().len();
    let mut run = PayloadRun::new(cfg, name, input.len(), out_len);
    ser_rows(&mut run, value);
    de_rows::<T>(&mut run, input);
    run
}

/// [`standard`] plus the simd-json-derive rows.
pub fn standard_derive<'a, T: OwnedDerive>(
    cfg: &Config,
    name: &str,
    input: &'a [u8],
    value: &'a T,
) -> PayloadRun<'a> {
    let mut run = standard(cfg, name, input, value);
    derive_ser_row(&mut run, value);
    derive_de_row::<T>(&mut run, input);
    run
}

/// The serialize rows every payload has.
pub fn ser_rows<'a, T: Serialize + ToJson>(run: &mut PayloadRun<'a>, value: &'a T) {
    let expected = serde_json::to_vec(value).unwrap();
    if sonic_rs::to_vec(value).unwrap() != expected {
        run.note(
            Direction::Ser,
            "sonic_rs",
            "output differs from serde_json's",
        );
    }
    if json_runtime::to_vec(value).unwrap() != expected {
        run.note(
            Direction::Ser,
            "fastjson",
            "output differs from serde_json's",
        );
    }

    run.ser
        .add("serde_json", move || serde_json::to_vec(value).unwrap());
    let mut buf = Vec::new();
    run.ser.add("serde_json_reuse", move || {
        buf.clear();
        serde_json::to_writer(&mut buf, value).unwrap();
        buf.len()
    });
    let mut buf = Vec::new();
    run.ser.add("sonic_rs", move || {
        buf.clear();
        sonic_rs::to_writer(&mut buf, value).unwrap();
        buf.len()
    });
    run.ser
        .add("fastjson", move || json_runtime::to_vec(value).unwrap());
    let mut pool = JsonBuffer::new();
    run.ser
        .add("fastjson_pooled", move || pool.write(value).unwrap().len());
}

/// The deserialize rows every payload has, into the owned type `T`.
pub fn de_rows<'a, T: Owned>(run: &mut PayloadRun<'a>, input: &'a [u8]) {
    let expected: T = serde_json::from_slice(input).unwrap();
    match sonic_rs::from_slice::<T>(input) {
        Ok(v) if v == expected => {}
        Ok(_) => run.note(Direction::De, "sonic_rs", DIFFERENT_VALUE),
        Err(e) => run.note(Direction::De, "sonic_rs", format!("error: {e}")),
    }
    match simd_json::serde::from_slice::<T>(&mut input.to_vec()) {
        Ok(v) if v == expected => {}
        Ok(_) => run.note(Direction::De, "simd_json", DIFFERENT_VALUE),
        Err(e) => run.note(Direction::De, "simd_json", format!("error: {e}")),
    }
    match json_runtime::from_slice::<T>(input) {
        Ok(v) if v == expected => {}
        Ok(_) => run.note(Direction::De, "fastjson", DIFFERENT_VALUE),
        Err(e) => run.note(Direction::De, "fastjson", format!("error: {e}")),
    }

    run.de.add("serde_json", move || {
        serde_json::from_slice::<T>(input).unwrap()
    });
    run.de.add("sonic_rs", move || {
        sonic_rs::from_slice::<T>(input).unwrap()
    });
    run.de.add_batched(
        "simd_json",
        batch_for(input),
        move || input.to_vec(),
        |copy: &mut Vec<u8>| simd_json::serde::from_slice::<T>(copy).unwrap(),
    );
    run.de.add("fastjson", move || {
        json_runtime::from_slice::<T>(input).unwrap()
    });
}

/// simd-json-derive's write row: `json_write` into a reused `Vec`.
pub fn derive_ser_row<'a, T>(run: &mut PayloadRun<'a>, value: &'a T)
where
    T: Serialize + simd_json_derive::Serialize,
{
    let expected = serde_json::to_vec(value).unwrap();
    let mut out = Vec::new();
    match value.json_write(&mut out) {
        Ok(()) if out == expected => {}
        Ok(()) => run.note(
            Direction::Ser,
            "simd_json_derive",
            "output differs from serde_json's",
        ),
        Err(e) => run.note(Direction::Ser, "simd_json_derive", format!("error: {e}")),
    }
    let mut buf = Vec::new();
    run.ser.add("simd_json_derive", move || {
        buf.clear();
        value.json_write(&mut buf).unwrap();
        buf.len()
    });
}

/// simd-json-derive's read row: `Deserialize::from_slice` on a fresh copy of the input.
pub fn derive_de_row<'a, T>(run: &mut PayloadRun<'a>, input: &'a [u8])
where
    T: DeserializeOwned + for<'de> simd_json_derive::Deserialize<'de> + PartialEq,
{
    let expected: T = serde_json::from_slice(input).unwrap();
    match <T as simd_json_derive::Deserialize>::from_slice(&mut input.to_vec()) {
        Ok(v) if v == expected => {}
        Ok(_) => run.note(Direction::De, "simd_json_derive", DIFFERENT_VALUE),
        Err(e) => run.note(Direction::De, "simd_json_derive", format!("error: {e}")),
    }
    run.de.add_batched(
        "simd_json_derive",
        batch_for(input),
        move || input.to_vec(),
        |copy: &mut Vec<u8>| <T as simd_json_derive::Deserialize>::from_slice(copy).unwrap(),
    );
}

/// Deserialize rows into a borrowed type (`$ty` with its lifetime elided), named `*_borrowed`.
#[macro_export]
macro_rules! borrowed_de_rows {
    ($run:expr, $input:expr, $ty:ty) => {{
        let input: &[u8] = $input;
        let run = &mut *$run;
        run.de.add("serde_json_borrowed", move || {
            let v: $ty = serde_json::from_slice(input).unwrap();
            std::hint::black_box(v);
        });
        run.de.add("sonic_rs_borrowed", move || {
            let v: $ty = sonic_rs::from_slice(input).unwrap();
            std::hint::black_box(v);
        });
        run.de.add_batched(
            "simd_json_borrowed",
            $crate::rows::batch_for(input),
            move || input.to_vec(),
            |copy: &mut Vec<u8>| {
                let v: $ty = simd_json::serde::from_slice(copy).unwrap();
                std::hint::black_box(v);
            },
        );
        run.de.add("fastjson_borrowed", move || {
            let v: $ty = json_runtime::from_slice(input).unwrap();
            std::hint::black_box(v);
        });
    }};
}

/// simd-json-derive's borrowed read row (`$ty` derives its `Deserialize<'a>`).
#[macro_export]
macro_rules! derive_borrowed_de_row {
    ($run:expr, $input:expr, $ty:ty) => {{
        let input: &[u8] = $input;
        $run.de.add_batched(
            "simd_json_derive_borrowed",
            $crate::rows::batch_for(input),
            move || input.to_vec(),
            |copy: &mut Vec<u8>| {
                let v: $ty = simd_json_derive::Deserialize::from_slice(copy).unwrap();
                std::hint::black_box(v);
            },
        );
    }};
}

/// Extra pretty-printing rows next to the compact ones (seed 001 writes its forecast indented).
pub fn pretty_rows<'a, T: Serialize + ToJson>(run: &mut PayloadRun<'a>, value: &'a T) {
    let expected = serde_json::to_vec_pretty(value).unwrap();
    if json_runtime::to_vec_pretty(value).unwrap() != expected {
        run.note(
            Direction::Ser,
            "fastjson_pretty",
            "output differs from serde_json's",
        );
    }
    run.bytes_override
        .push(("serde_json_pretty", expected.len()));
    run.bytes_override.push(("fastjson_pretty", expected.len()));
    run.bytes_override
        .push(("fastjson_pretty_pooled", expected.len()));
    let mut buf = Vec::new();
    run.ser.add("serde_json_pretty", move || {
        buf.clear();
        serde_json::to_writer_pretty(&mut buf, value).unwrap();
        buf.len()
    });
    run.ser.add("fastjson_pretty", move || {
        json_runtime::to_vec_pretty(value).unwrap()
    });
    let mut pool = JsonBuffer::new();
    run.ser.add("fastjson_pretty_pooled", move || {
        pool.write_pretty(value).unwrap().len()
    });
}

/// A payload read and written pretty-printed (`input` is serde_json's pretty text of `value`):
/// the usual method names, each writing indented output; simd-json-derive has no pretty writer.
pub fn pretty_payload<'a, T: Owned>(
    cfg: &Config,
    name: &str,
    input: &'a [u8],
    value: &'a T,
) -> PayloadRun<'a> {
    let expected = serde_json::to_vec_pretty(value).unwrap();
    let mut run = PayloadRun::new(cfg, name, input.len(), expected.len());
    run.layout = "pretty in and out";
    if sonic_rs::to_vec_pretty(value).unwrap() != expected {
        run.note(
            Direction::Ser,
            "sonic_rs",
            "output differs from serde_json's",
        );
    }
    if json_runtime::to_vec_pretty(value).unwrap() != expected {
        run.note(
            Direction::Ser,
            "fastjson",
            "output differs from serde_json's",
        );
    }
    run.ser.add("serde_json", move || {
        serde_json::to_vec_pretty(value).unwrap()
    });
    let mut buf = Vec::new();
    run.ser.add("serde_json_reuse", move || {
        buf.clear();
        serde_json::to_writer_pretty(&mut buf, value).unwrap();
        buf.len()
    });
    let mut buf = Vec::new();
    run.ser.add("sonic_rs", move || {
        buf.clear();
        sonic_rs::to_writer_pretty(&mut buf, value).unwrap();
        buf.len()
    });
    run.ser.add("fastjson", move || {
        json_runtime::to_vec_pretty(value).unwrap()
    });
    let mut pool = JsonBuffer::new();
    run.ser.add("fastjson_pooled", move || {
        pool.write_pretty(value).unwrap().len()
    });
    de_rows::<T>(&mut run, input);
    run
}

/// Many tiny documents: `rows` written as JSON Lines into one output `Vec` (each library writes
/// a row into its buffer, which is appended with a newline, as a log shipper does) and `input`
/// (JSON Lines) read back one line at a time.
pub fn json_lines<'a, T: OwnedDerive>(
    cfg: &Config,
    name: &str,
    input: &'a [u8],
    rows: &'a [T],
) -> PayloadRun<'a> {
    let mut run = PayloadRun::new(cfg, name, input.len(), input.len());
    run.layout = "JSON Lines, one document per line";
    let lines = || input.split(|&b| b == b'\n').filter(|l| !l.is_empty());
    let fast: Vec<u8> = rows
        .iter()
        .flat_map(|r| json_runtime::to_vec(r).unwrap().into_iter().chain([b'\n']))
        .collect();
    if fast != input {
        run.note(
            Direction::Ser,
            "fastjson",
            "output differs from serde_json's",
        );
    }
    if lines().count() != rows.len() {
        run.note(
            Direction::De,
            "serde_json",
            "line count differs from the row count",
        );
    }

    let mut out = Vec::new();
    run.ser.add("serde_json", move || {
        out.clear();
        for row in rows {
            out.extend_from_slice(&serde_json::to_vec(row).unwrap());
            out.push(b'\n');
        }
        out.len()
    });
    let (mut out, mut buf) = (Vec::new(), Vec::new());
    run.ser.add("serde_json_reuse", move || {
        out.clear();
        for row in rows {
            buf.clear();
            serde_json::to_writer(&mut buf, row).unwrap();
            out.extend_from_slice(&buf);
            out.push(b'\n');
        }
        out.len()
    });
    let (mut out, mut buf) = (Vec::new(), Vec::new());
    run.ser.add("sonic_rs", move || {
        out.clear();
        for row in rows {
            buf.clear();
            sonic_rs::to_writer(&mut buf, row).unwrap();
            out.extend_from_slice(&buf);
            out.push(b'\n');
        }
        out.len()
    });
    let (mut out, mut buf) = (Vec::new(), Vec::new());
    run.ser.add("simd_json_derive", move || {
        out.clear();
        for row in rows {
            buf.clear();
            row.json_write(&mut buf).unwrap();
            out.extend_from_slice(&buf);
            out.push(b'\n');
        }
        out.len()
    });
    let mut out = Vec::new();
    run.ser.add("fastjson", move || {
        out.clear();
        for row in rows {
            out.extend_from_slice(&json_runtime::to_vec(row).unwrap());
            out.push(b'\n');
        }
        out.len()
    });
    let (mut out, mut pool) = (Vec::new(), JsonBuffer::new());
    run.ser.add("fastjson_pooled", move || {
        out.clear();
        for row in rows {
            out.extend_from_slice(pool.write(row).unwrap());
            out.push(b'\n');
        }
        out.len()
    });

    run.de.add("serde_json", move || {
        lines().fold(0usize, |n, l| {
            black_box(serde_json::from_slice::<T>(l).unwrap());
            n + 1
        })
    });
    run.de.add("sonic_rs", move || {
        lines().fold(0usize, |n, l| {
            black_box(sonic_rs::from_slice::<T>(l).unwrap());
            n + 1
        })
    });
    let batch = batch_for(input);
    run.de.add_batched(
        "simd_json",
        batch,
        move || input.to_vec(),
        |copy: &mut Vec<u8>| {
            copy.split_mut(|&b| b == b'\n')
                .filter(|l| !l.is_empty())
                .fold(0usize, |n, l| {
                    black_box(simd_json::serde::from_slice::<T>(l).unwrap());
                    n + 1
                })
        },
    );
    run.de.add_batched(
        "simd_json_derive",
        batch,
        move || input.to_vec(),
        |copy: &mut Vec<u8>| {
            copy.split_mut(|&b| b == b'\n')
                .filter(|l| !l.is_empty())
                .fold(0usize, |n, l| {
                    black_box(<T as simd_json_derive::Deserialize>::from_slice(l).unwrap());
                    n + 1
                })
        },
    );
    run.de.add("fastjson", move || {
        lines().fold(0usize, |n, l| {
            black_box(json_runtime::from_slice::<T>(l).unwrap());
            n + 1
        })
    });
    run
}

/// Seed 000's three ways to hold options, for this runtime's read options: one shared value,
/// a new value with the same settings per call, a new value with varying settings per call.
pub fn options_rows<'a, T: for<'de> FromJson<'de>>(run: &mut PayloadRun<'a>, input: &'a [u8]) {
    let shared = ReadOptions::new().max_depth(64);
    run.de.add("fastjson_options_shared", move || {
        json_runtime::from_slice_with::<T>(input, &shared).unwrap()
    });
    run.de.add("fastjson_options_new_same", move || {
        let options = ReadOptions::new().max_depth(64);
        json_runtime::from_slice_with::<T>(input, &options).unwrap()
    });
    let mut i = 0u32;
    run.de.add("fastjson_options_new_varying", move || {
        i = i.wrapping_add(1);
        let options = ReadOptions::new().max_depth(32 + (black_box(i) & 63));
        json_runtime::from_slice_with::<T>(input, &options).unwrap()
    });
}
