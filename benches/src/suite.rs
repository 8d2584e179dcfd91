//! The run as a whole: the settings, every measured row so far, the cells a peer leaves empty
//! (and why), and one payload's run (its samplers, byte counts and notes) until it is measured.

use std::time::Instant;

use crate::report::{self, fill_ratios, Direction, Row};
use crate::{Config, Sampler};

/// Everything measured so far.
pub struct Suite {
    pub cfg: Config,
    pub rows: Vec<Row>,
    /// `(payload, method, reason)`: a peer that cannot express a payload's types, so its cells
    /// stay empty; printed under the summary.
    pub unsupported: Vec<(String, String, String)>,
}

impl Suite {
    pub fn new(cfg: Config) -> Self {
        Suite {
            cfg,
            rows: Vec::new(),
            unsupported: Vec::new(),
        }
    }

    /// Records that `method` has no rows for `payload`, and why.
    pub fn unsupported(&mut self, payload: &str, method: &str, reason: &str) {
        self.unsupported
            .push((payload.to_owned(), method.to_owned(), reason.to_owned()));
    }

    /// Measures a payload's samplers, prints its table and keeps its rows.
    pub fn finish(&mut self, run: PayloadRun<'_>) {
        let name = run.name.clone();
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
                        let mut row = Row::new(&name, direction, &method, &m, bytes);
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
            "== {name}: {} bytes in, {} bytes out ({}); measured in {:.1} s",
            run.input_len,
            run.output_len,
            run.layout,
            started.elapsed().as_secs_f64()
        );
        let refs: Vec<&Row> = rows.iter().collect();
        print!("{}", report::table(&title, &refs, &failures));
        self.rows.extend(rows);
    }
}

/// One payload's samplers and what its table needs besides the measurements.
pub struct PayloadRun<'a> {
    pub name: String,
    pub input_len: usize,
    pub output_len: usize,
    /// `compact`, or `pretty` when the payload is read and written indented.
    pub layout: &'static str,
    pub ser: Sampler<'a>,
    pub de: Sampler<'a>,
    /// Rows whose throughput counts other bytes than the direction's default (pretty output).
    pub bytes_override: Vec<(&'static str, usize)>,
    pub notes: Vec<(String, String)>,
}

impl<'a> PayloadRun<'a> {
    /// A run for `name`, reading `input_len` bytes and writing `output_len`; the sample length
    /// is scaled to the larger of the two.
    pub fn new(cfg: &Config, name: &str, input_len: usize, output_len: usize) -> Self {
        let cfg = cfg.for_payload(input_len.max(output_len));
        PayloadRun {
            name: name.to_owned(),
            input_len,
            output_len,
            layout: "compact",
            ser: Sampler::new(&cfg, &format!("{name}/ser")),
            de: Sampler::new(&cfg, &format!("{name}/de")),
            bytes_override: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// A note shown under the table for one row.
    pub fn note(&mut self, direction: Direction, method: &str, text: impl Into<String>) {
        let id = format!("{}/{}/{method}", self.name, direction.as_str());
        self.notes.push((id, text.into()));
    }
}

/// `<cpu model>, <n> cores, <os>`.
pub fn machine() -> String {
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

/// How this binary was built: the RUSTFLAGS cargo passed (recorded by build.rs).
pub fn build_config() -> String {
    let flags = env!("BENCH_RUSTFLAGS");
    if flags.is_empty() {
        "default build (no RUSTFLAGS)".to_owned()
    } else {
        format!("RUSTFLAGS=\"{flags}\"")
    }
}

/// The peers' versions and configurations, one line each (versions from Cargo.lock).
pub fn peers() -> Vec<String> {
    vec![
        format!(
            "serde_json {}: default features (no float_roundtrip: its float reading is not always \
             correctly rounded); serde_json_reuse writes into a reused Vec",
            env!("BENCH_SERDE_JSON_VERSION")
        ),
        format!(
            "sonic-rs {}: default features, through serde; built with the flags above (its README \
             recommends -C target-cpu=native)",
            env!("BENCH_SONIC_RS_VERSION")
        ),
        format!(
            "simd-json {}: default features, through serde (simd_json::serde::from_slice on a \
             fresh copy of the input), CPU detected at run time",
            env!("BENCH_SIMD_JSON_VERSION")
        ),
        format!(
            "simd-json-derive {}: its own derive (not serde); de: Deserialize::from_slice on a \
             fresh copy of the input, ser: json_write into a reused Vec",
            env!("BENCH_SIMD_JSON_DERIVE_VERSION")
        ),
        format!(
            "FastJson: fastjson = to_vec / from_slice, fastjson_pooled = JsonBuffer::write; \
             f64 and f32 written by its own shortest formatter (equal to the output of zmij {})",
            env!("BENCH_ZMIJ_VERSION")
        ),
    ]
}
