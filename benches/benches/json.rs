//! `cargo bench -p json-benches`: FastJson against serde_json, sonic-rs and simd-json on the
//! three corpora and the five seed payloads, both directions, time and allocations per call.
//!
//! `BENCH_QUICK=1` for a short run; arguments filter rows by `payload/direction/method`
//! substring (`cargo bench -p json-benches -- twitter/de`). Prints a table per payload and
//! writes `<target>/bench-results/results.csv` and `results.svg`.

use std::hint::black_box;
use std::time::Instant;

use json_benches::report::{self, fill_ratios, Direction, Row};
use json_benches::{chart, paths, Config, CountingAlloc, Sampler};
use json_payloads::payloads::{self, canada, citm, seeds, twitter, Payload};
use json_runtime::{FromJson, JsonBuffer, ReadOptions, ToJson};
use serde::de::DeserializeOwned;
use serde::Serialize;

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

/// Inputs copied for simd-json (which parses in place) are made in batches of about this many
/// bytes, outside the clock, so a batch stays in cache as the other parsers' input does.
const SIMD_BATCH_BYTES: usize = 256 * 1024;

/// Everything measured so far.
struct Suite {
    cfg: Config,
    rows: Vec<Row>,
}

/// One payload's samplers and what its table needs besides the measurements.
struct PayloadRun<'a> {
    payload: Payload,
    input_len: usize,
    output_len: usize,
    ser: Sampler<'a>,
    de: Sampler<'a>,
    /// Rows whose throughput counts other bytes than the direction's default (pretty output).
    bytes_override: Vec<(&'static str, usize)>,
    notes: Vec<(String, String)>,
}

impl<'a> PayloadRun<'a> {
    fn new(cfg: &Config, payload: Payload, input: &[u8], output_len: usize) -> Self {
        PayloadRun {
            payload,
            input_len: input.len(),
            output_len,
            ser: Sampler::new(cfg, &format!("{}/ser", payload.name)),
            de: Sampler::new(cfg, &format!("{}/de", payload.name)),
            bytes_override: Vec::new(),
            notes: Vec::new(),
        }
    }

    fn note(&mut self, direction: Direction, method: &str, text: impl Into<String>) {
        let id = format!("{}/{}/{method}", self.payload.name, direction.as_str());
        self.notes.push((id, text.into()));
    }
}

/// The serialize rows every payload has.
fn ser_rows<'a, T: Serialize + ToJson>(run: &mut PayloadRun<'a>, value: &'a T) {
    let expected = serde_json::to_vec(value).unwrap();
    if sonic_rs::to_vec(value).unwrap() != expected {
        run.note(
            Direction::Ser,
            "sonic_rs",
            "output differs from serde_json's",
        );
    }
    if json_runtime::to_vec(value) != expected {
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
    run.ser.add("fastjson", move || json_runtime::to_vec(value));
    let mut pool = JsonBuffer::new();
    run.ser
        .add("fastjson_pooled", move || pool.write(value).len());
}

/// The deserialize rows every payload has, into the owned type `T`.
fn de_rows<'a, T>(run: &mut PayloadRun<'a>, input: &'a [u8])
where
    T: DeserializeOwned + for<'de> FromJson<'de> + PartialEq,
{
    let expected: T = serde_json::from_slice(input).unwrap();
    match sonic_rs::from_slice::<T>(input) {
        Ok(v) if v == expected => {}
        Ok(_) => run.note(
            Direction::De,
            "sonic_rs",
            "read a different value than serde_json",
        ),
        Err(e) => run.note(Direction::De, "sonic_rs", format!("error: {e}")),
    }
    match simd_json::serde::from_slice::<T>(&mut input.to_vec()) {
        Ok(v) if v == expected => {}
        Ok(_) => run.note(
            Direction::De,
            "simd_json",
            "read a different value than serde_json",
        ),
        Err(e) => run.note(Direction::De, "simd_json", format!("error: {e}")),
    }
    match json_runtime::from_slice::<T>(input) {
        Ok(v) if v == expected => {}
        Ok(_) => run.note(
            Direction::De,
            "fastjson",
            "read a different value than serde_json",
        ),
        Err(e) => run.note(Direction::De, "fastjson", format!("error: {e}")),
    }

    run.de.add("serde_json", move || {
        serde_json::from_slice::<T>(input).unwrap()
    });
    run.de.add("sonic_rs", move || {
        sonic_rs::from_slice::<T>(input).unwrap()
    });
    let batch = (SIMD_BATCH_BYTES / input.len().max(1)).max(1);
    run.de.add_batched(
        "simd_json",
        batch,
        move || input.to_vec(),
        |copy: &mut Vec<u8>| simd_json::serde::from_slice::<T>(copy).unwrap(),
    );
    run.de.add("fastjson", move || {
        json_runtime::from_slice::<T>(input).unwrap()
    });
}

/// Deserialize rows into a borrowed type (`$ty` with its lifetime elided), named `*_borrowed`.
macro_rules! borrowed_de_rows {
    ($run:expr, $input:expr, $ty:ty) => {{
        let input: &[u8] = $input;
        let run = &mut *$run;
        run.de.add("serde_json_borrowed", move || {
            let v: $ty = serde_json::from_slice(input).unwrap();
            black_box(v);
        });
        run.de.add("sonic_rs_borrowed", move || {
            let v: $ty = sonic_rs::from_slice(input).unwrap();
            black_box(v);
        });
        let batch = (SIMD_BATCH_BYTES / input.len().max(1)).max(1);
        run.de.add_batched(
            "simd_json_borrowed",
            batch,
            move || input.to_vec(),
            |copy: &mut Vec<u8>| {
                let v: $ty = simd_json::serde::from_slice(copy).unwrap();
                black_box(v);
            },
        );
        run.de.add("fastjson_borrowed", move || {
            let v: $ty = json_runtime::from_slice(input).unwrap();
            black_box(v);
        });
    }};
}

/// Pretty-printing rows (seed 001 writes its forecast indented).
fn pretty_rows<'a, T: Serialize + ToJson>(run: &mut PayloadRun<'a>, value: &'a T) {
    let expected = serde_json::to_vec_pretty(value).unwrap();
    if json_runtime::to_vec_pretty(value) != expected {
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
        json_runtime::to_vec_pretty(value)
    });
    let mut pool = JsonBuffer::new();
    run.ser.add("fastjson_pretty_pooled", move || {
        pool.write_pretty(value).len()
    });
}

/// Seed 000's three ways to hold options, for this runtime's read options: one shared value,
/// a new value with the same settings per call, a new value with varying settings per call.
fn options_rows<'a, T: for<'de> FromJson<'de>>(run: &mut PayloadRun<'a>, input: &'a [u8]) {
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

impl Suite {
    /// Measures a payload's samplers, prints its table and keeps its rows.
    fn finish(&mut self, run: PayloadRun<'_>) {
        let name = run.payload.name;
        let started = Instant::now();
        let mut rows = Vec::new();
        let mut failures = Vec::new();
        for (direction, sampler) in [(Direction::Ser, run.ser), (Direction::De, run.de)] {
            for (method, result) in sampler.run() {
                let id = format!("{name}/{}/{method}", direction.as_str());
                match result {
                    Ok(m) => {
                        let bytes = run
                            .bytes_override
                            .iter()
                            .find(|(n, _)| *n == method)
                            .map(|(_, b)| *b)
                            .unwrap_or(match direction {
                                Direction::Ser => run.output_len,
                                Direction::De => run.input_len,
                            });
                        let mut row = Row::new(name, direction, &method, &m, bytes);
                        row.note = run
                            .notes
                            .iter()
                            .find(|(n, _)| *n == id)
                            .map(|(_, t)| t.clone());
                        rows.push(row);
                    }
                    Err(msg) => failures.push((id, msg)),
                }
            }
        }
        if rows.is_empty() && failures.is_empty() {
            return;
        }
        fill_ratios(&mut rows);
        let title = format!(
            "== {name}: {} bytes in, {} bytes out (compact); measured in {:.1} s",
            run.input_len,
            run.output_len,
            started.elapsed().as_secs_f64()
        );
        let refs: Vec<&Row> = rows.iter().collect();
        print!("{}", report::table(&title, &refs, &failures));
        self.rows.extend(rows);
    }
}

/// A payload read into the owned type `T`, with the rows every payload has.
fn standard<'a, T>(cfg: &Config, payload: Payload, input: &'a [u8], value: &'a T) -> PayloadRun<'a>
where
    T: Serialize + DeserializeOwned + ToJson + for<'de> FromJson<'de> + PartialEq,
{
    let out_len = serde_json::to_vec(value).unwrap().len();
    let mut run = PayloadRun::new(cfg, payload, input, out_len);
    ser_rows(&mut run, value);
    de_rows::<T>(&mut run, input);
    run
}

fn read<T: DeserializeOwned>(payload: Payload, input: &[u8]) -> T {
    serde_json::from_slice(input)
        .unwrap_or_else(|e| panic!("{}: serde_json cannot read it: {e}", payload.name))
}

fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_owned())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_owned());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!("{cpu}, {cores} cores, {}", std::env::consts::OS)
}

fn main() {
    let cfg = Config::from_env();
    let started = Instant::now();
    let mode = if cfg.quick {
        "quick (BENCH_QUICK=1)"
    } else {
        "full"
    };
    let settings = format!(
        "{mode}: {} samples of ~{} ms per row after {} ms warm-up; median reported",
        cfg.samples,
        cfg.sample_time.as_millis(),
        cfg.warmup.as_millis()
    );
    println!("FastJson benchmarks on {}", machine());
    println!("{settings}");
    println!(
        "time/call: median; MB/s: 10^6 bytes/s of input (de) or output (ser); allocs and bytes per \
         call: counting allocator, separate loop; ratio: time / serde_json's time for the same \
         payload and direction (lower is faster); speedup = 1/ratio; ±: half the interquartile \
         range of the samples"
    );
    let mut suite = Suite {
        cfg,
        rows: Vec::new(),
    };
    let cfg = suite.cfg.clone();

    {
        let p = payloads::TWITTER;
        let input = p.load();
        let value: twitter::Twitter = read(p, &input);
        let mut run = standard(&cfg, p, &input, &value);
        borrowed_de_rows!(&mut run, &input, twitter::borrowed::Twitter);
        suite.finish(run);
    }
    {
        let p = payloads::CITM_CATALOG;
        let input = p.load();
        let value: citm::CitmCatalog = read(p, &input);
        let mut run = standard(&cfg, p, &input, &value);
        borrowed_de_rows!(&mut run, &input, citm::borrowed::CitmCatalog);
        suite.finish(run);
    }
    {
        let p = payloads::CANADA;
        let input = p.load();
        let value: canada::Canada = read(p, &input);
        suite.finish(standard(&cfg, p, &input, &value));
    }
    {
        let p = payloads::ORDER_SMALL;
        let input = p.load();
        let value: seeds::order_small::Order = read(p, &input);
        let mut run = standard(&cfg, p, &input, &value);
        options_rows::<seeds::order_small::Order>(&mut run, &input);
        suite.finish(run);
    }
    {
        let p = payloads::FORECAST;
        let input = p.load();
        let value: seeds::forecast::WeatherForecast = read(p, &input);
        let mut run = standard(&cfg, p, &input, &value);
        pretty_rows(&mut run, &value);
        suite.finish(run);
    }
    {
        let p = payloads::COSMOS_ORDER;
        let input = p.load();
        let value: seeds::cosmos_order::Order = read(p, &input);
        suite.finish(standard(&cfg, p, &input, &value));
    }
    {
        let p = payloads::WEATHER_STATION;
        let input = p.load();
        let value: seeds::weather_station::WeatherStation = read(p, &input);
        suite.finish(standard(&cfg, p, &input, &value));
    }
    {
        let p = payloads::ORDER_1K;
        let input = p.load();
        let value: seeds::order_1k::Order = read(p, &input);
        suite.finish(standard(&cfg, p, &input, &value));
    }
    suite.rows.extend(json_benches::bridge::run(&cfg));

    json_benches::streams::run(&cfg, &mut suite.rows);
    let elapsed = started.elapsed().as_secs_f64();
    let dir = match paths::results_dir() {
        Ok(dir) => dir,
        Err(e) => {
            eprintln!("cannot create the results directory: {e}");
            std::process::exit(1);
        }
    };
    let csv_path = dir.join("results.csv");
    let svg_path = dir.join("results.svg");
    if let Err(e) = report::write_csv(&csv_path, &suite.rows) {
        eprintln!("cannot write {}: {e}", csv_path.display());
        std::process::exit(1);
    }
    let subtitle = format!("{}; {settings}", machine());
    let svg = chart::svg(
        "FastJson vs serde_json, sonic-rs, simd-json: speed relative to serde_json (longer is faster)",
        &subtitle,
        &suite.rows,
    );
    if let Err(e) = std::fs::write(&svg_path, svg) {
        eprintln!("cannot write {}: {e}", svg_path.display());
        std::process::exit(1);
    }
    println!(
        "\n{} rows in {elapsed:.1} s; wrote {} and {}",
        suite.rows.len(),
        csv_path.display(),
        svg_path.display()
    );
}
