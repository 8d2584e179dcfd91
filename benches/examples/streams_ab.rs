//! A/B harness for the buffered stream readers against the slice readers on the same bytes, per
//! record shape (`json_payloads::generated::records`: short, log, long, escaped): JSON Lines by
//! `lines_from_slice`, by `lines_from_reader` over an in-memory `&[u8]`, and by serde_json's
//! `from_slice` line by line; the same records as one array by `from_slice::<Vec<T>>` and by
//! `array_from_reader` over a `&[u8]`; the lines as whitespace-separated values by
//! `values_from_slice` and by `values_from_reader` over a `&[u8]`. Alternating rounds in one
//! process, medians, and each reader's ratio to its slice reader.
//!
//! `AB_FILTER=word` selects shapes, `AB_BYTES` sets the size of each input (4 MB by default),
//! `AB_ROUNDS` the round count, `AB_ONLY=name` runs only the readers whose name contains it.
//!
//! `cargo run --release -p json-benches --example streams_ab`
//!
//! Instruction counts per record (callgrind, inclusive, one round):
//! `AB_ROUNDS=1 AB_BYTES=1000000 valgrind --tool=callgrind --callgrind-out-file=cg.out
//! target/release/examples/streams_ab` then
//! `callgrind_annotate --inclusive=yes cg.out | grep streams_ab::` (the harness prints the
//! record counts to divide by).

use json_payloads::generated::records::{self, Shape};
use json_runtime::{stream, FromJson};
use serde::de::DeserializeOwned;
use std::hint::black_box;
use std::time::Instant;

/// Takes every item of a stream reader (each must be `Ok`) and counts them. Inlined into each
/// reader's function below, whose symbol the callgrind scripts look for.
#[inline(always)]
fn count<V>(items: impl Iterator<Item = json_runtime::Result<V>>) -> usize {
    items.fold(0, |n, r| {
        black_box(r.unwrap());
        n + 1
    })
}

#[inline(never)]
fn lines_slice<T: for<'de> FromJson<'de>>(input: &[u8]) -> usize {
    count(stream::lines_from_slice::<T>(input))
}

#[inline(never)]
fn lines_reader<T: for<'de> FromJson<'de>>(input: &[u8]) -> usize {
    count(stream::lines_from_reader::<T, _>(input))
}

#[inline(never)]
fn serde_lines<T: DeserializeOwned>(input: &[u8]) -> usize {
    input
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .fold(0, |n, l| {
            black_box(serde_json::from_slice::<T>(l).unwrap());
            n + 1
        })
}

#[inline(never)]
fn array_slice<T: for<'de> FromJson<'de>>(input: &[u8]) -> usize {
    black_box(json_runtime::from_slice::<Vec<T>>(input).unwrap()).len()
}

#[inline(never)]
fn array_reader<T: for<'de> FromJson<'de>>(input: &[u8]) -> usize {
    count(stream::array_from_reader::<T, _>(input))
}

#[inline(never)]
fn values_slice<T: for<'de> FromJson<'de>>(input: &[u8]) -> usize {
    count(stream::values_from_slice::<T>(input))
}

#[inline(never)]
fn values_reader<T: for<'de> FromJson<'de>>(input: &[u8]) -> usize {
    count(stream::values_from_reader::<T, _>(input))
}

/// glibc's malloc merges the small blocks freed so far (by the previous case, or by generating
/// the input) on the next request of 1 KiB or more: the stream readers' first buffer would pay
/// for the frees of whatever ran before them (463 instructions per log record in callgrind).
/// One such request before each case puts every case on the same footing.
fn settle_heap() {
    drop(black_box(Vec::<u8>::with_capacity(64 << 10)));
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

struct Cfg {
    filter: Option<String>,
    only: Option<String>,
    rounds: usize,
    bytes: usize,
}

fn run<T: for<'de> FromJson<'de> + DeserializeOwned>(cfg: &Cfg, shape: Shape) {
    if cfg
        .filter
        .as_deref()
        .is_some_and(|f| !shape.name().contains(f))
    {
        return;
    }
    let (lines, array) = records::lines_and_array(shape, cfg.bytes);
    type Case<'a> = (&'static str, fn(&[u8]) -> usize, &'a [u8]);
    let cases: [Case; 7] = [
        ("lines_slice", lines_slice::<T>, &lines),
        ("lines_reader", lines_reader::<T>, &lines),
        ("serde_lines", serde_lines::<T>, &lines),
        ("array_slice", array_slice::<T>, &array),
        ("array_reader", array_reader::<T>, &array),
        // The lines are whitespace-separated values too.
        ("values_slice", values_slice::<T>, &lines),
        ("values_reader", values_reader::<T>, &lines),
    ];
    let cases: Vec<Case> = cases
        .into_iter()
        .filter(|(name, ..)| cfg.only.as_deref().is_none_or(|o| name.contains(o)))
        .collect();
    let mut times = vec![Vec::new(); cases.len()];
    let mut count = 0;
    for _ in 0..cfg.rounds {
        for (i, (_, f, input)) in cases.iter().enumerate() {
            settle_heap();
            let t = Instant::now();
            count = f(input);
            times[i].push(t.elapsed().as_secs_f64() * 1e3);
        }
    }
    let ms: Vec<f64> = times.iter_mut().map(|t| median(t)).collect();
    let find = |name: &str| cases.iter().position(|c| c.0 == name).map(|i| ms[i]);
    print!(
        "{:<8} {count:>7} records {:>9} B:",
        shape.name(),
        lines.len()
    );
    for (i, (name, ..)) in cases.iter().enumerate() {
        print!("  {name} {:.2} ms", ms[i]);
    }
    if let (Some(s), Some(r)) = (find("lines_slice"), find("lines_reader")) {
        print!("  lines reader/slice {:.3}", r / s);
    }
    if let (Some(s), Some(r)) = (find("array_slice"), find("array_reader")) {
        print!("  array reader/slice {:.3}", r / s);
    }
    if let (Some(s), Some(r)) = (find("values_slice"), find("values_reader")) {
        print!("  values reader/slice {:.3}", r / s);
    }
    println!();
}

fn main() {
    let env = |k: &str| std::env::var(k).ok();
    let cfg = Cfg {
        filter: env("AB_FILTER"),
        only: env("AB_ONLY"),
        rounds: env("AB_ROUNDS").and_then(|s| s.parse().ok()).unwrap_or(15),
        bytes: env("AB_BYTES")
            .and_then(|s| s.parse().ok())
            .unwrap_or(4_000_000),
    };
    run::<records::Ping>(&cfg, Shape::Short);
    run::<records::LogRecord>(&cfg, Shape::Log);
    run::<records::Batch>(&cfg, Shape::Long);
    run::<records::Note>(&cfg, Shape::Escaped);
}
